//! The monsters: each kind's name, look and numbers ([`MonsterKind::stats`]), and the
//! [`Body`] a monster stands in on the map. How a monster decides what to do is
//! [`mind`](crate::mind); how blows land is [`combat`](crate::combat).
//!
//! The kinds are the spawn table's names (`crates/game-core/src/spawns.txt`), one
//! behaviour each as the issue asks: a rat wanders until it sees the `@`; a goblin and
//! an orc chase along a Dijkstra map, out of sight too; a kobold flees along a safety
//! map when hurt; an archer keeps its distance and shoots; a troll is slow and mends;
//! an ogre guards the boss room of a grid of rooms.

use mapgen::Point;

/// Hit points: how many are left, and the most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hp {
    /// Left now; 0 or less is dead.
    pub now: i32,
    /// The most.
    pub max: i32,
}

impl Hp {
    /// Full hit points of `max`.
    pub const fn full(max: i32) -> Hp {
        Hp { now: max, max }
    }

    /// True while some are left.
    pub const fn is_alive(self) -> bool {
        self.now > 0
    }

    /// Takes `damage` off (never below 0).
    pub fn lose(&mut self, damage: i32) {
        self.now = (self.now - damage.max(0)).max(0);
    }

    /// Gives back up to `amount` (never above the most); how many were given.
    pub fn heal(&mut self, amount: i32) -> i32 {
        let before = self.now;
        self.now = (self.now + amount.max(0)).min(self.max);
        self.now - before
    }

    /// True at or below `percent` of the most.
    pub const fn at_most_percent(self, percent: i32) -> bool {
        self.now * 100 <= self.max * percent
    }
}

/// How a kind of monster decides what to do (see [`mind`](crate::mind)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Behaviour {
    /// Wanders the level until it sees the `@`, then comes at it while it sees it; out
    /// of sight it soon goes back to wandering.
    Wanders,
    /// Stays where it is until it sees the `@`, then follows the Dijkstra map toward it,
    /// out of sight too, for [`Stats::tracks`] turns after it last saw it.
    Chases,
    /// Chases; when hurt to [`Stats::flees_at`] percent it runs down the safety map
    /// (Brogue's), and comes back once it has mended.
    FleesWhenHurt,
    /// Shoots every other turn while it sees the `@` within [`Stats::range`], holding
    /// its ground; closes in along the Dijkstra map when the `@` is out of sight or range.
    Shoots,
}

/// What a kind of monster is like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Hit points at depth 1 (bosses grow with depth, [`MonsterKind::max_hp`]).
    pub hp: i32,
    /// Damage of a blow that lands, from the first to the second inclusive.
    pub damage: (i32, i32),
    /// Chance in 100 that a blow lands (before the target's armour).
    pub accuracy: i32,
    /// Taken off every blow it receives (a blow that lands does at least 1).
    pub armour: i32,
    /// How it decides.
    pub behaviour: Behaviour,
    /// Acts every other turn.
    pub slow: bool,
    /// Mends a hit point every this many turns (0: never).
    pub mends_every: u32,
    /// [`Behaviour::Chases`]: turns it follows the `@` after last seeing it.
    pub tracks: u32,
    /// [`Behaviour::FleesWhenHurt`]: flees at or below this percent of its hit points.
    pub flees_at: i32,
    /// [`Behaviour::Shoots`]: how far it shoots, in tiles (Chebyshev).
    pub range: i32,
    /// What killing it teaches the `@` ([`Hero`](crate::hero::Hero)'s experience).
    pub xp: u32,
}

/// Declares [`MonsterKind`] and its table from one list, so that a kind is named once.
macro_rules! monster_kinds {
    ($($(#[$doc:meta])* $kind:ident = $name:literal, $glyph:literal, $stats:expr;)*) => {
        /// A kind of monster. Not `#[non_exhaustive]`: every match on it is the rules'
        /// own, and a new kind should make the compiler list them.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum MonsterKind {
            $($(#[$doc])* $kind,)*
        }

        impl MonsterKind {
            /// Every kind, weakest first.
            pub const ALL: &[MonsterKind] = &[$(MonsterKind::$kind),*];

            /// The name, as the spawn table and the log write it.
            pub const fn name(self) -> &'static str {
                match self {
                    $(MonsterKind::$kind => $name,)*
                }
            }

            /// The glyph it is drawn as.
            pub const fn glyph(self) -> char {
                match self {
                    $(MonsterKind::$kind => $glyph,)*
                }
            }

            /// What it is like.
            pub const fn stats(self) -> Stats {
                match self {
                    $(MonsterKind::$kind => $stats,)*
                }
            }
        }
    };
}

const fn stats(hp: i32, damage: (i32, i32), accuracy: i32, behaviour: Behaviour) -> Stats {
    Stats {
        hp,
        damage,
        accuracy,
        armour: 0,
        behaviour,
        slow: false,
        mends_every: 0,
        tracks: 20,
        flees_at: 0,
        range: 0,
        xp: 1,
    }
}

monster_kinds! {
    /// Wanders until it sees the `@`.
    Rat = "rat", 'r', Stats { xp: 1, tracks: 2, ..stats(4, (1, 3), 60, Behaviour::Wanders) };
    /// Flees when hurt, mends, and comes back (`K`: a key is `k`).
    Kobold = "kobold", 'K', Stats {
        xp: 2, flees_at: 50, mends_every: 3, ..stats(7, (1, 4), 65, Behaviour::FleesWhenHurt)
    };
    /// Chases along the Dijkstra map.
    Goblin = "goblin", 'g', Stats { xp: 3, ..stats(10, (2, 5), 70, Behaviour::Chases) };
    /// Shoots from afar.
    Archer = "archer", 'a', Stats { xp: 4, range: 6, ..stats(7, (1, 4), 65, Behaviour::Shoots) };
    /// Chases and hits hard.
    Orc = "orc", 'o', Stats { xp: 6, armour: 1, ..stats(16, (3, 7), 70, Behaviour::Chases) };
    /// Slow, strong, and mends.
    Troll = "troll", 'T', Stats {
        xp: 12, armour: 2, slow: true, mends_every: 4, tracks: 40,
        ..stats(30, (4, 9), 75, Behaviour::Chases)
    };
    /// The boss of a grid of rooms' boss room, stronger with depth.
    Ogre = "ogre", 'O', Stats { xp: 15, armour: 1, ..stats(14, (3, 6), 75, Behaviour::Chases) };
}

impl MonsterKind {
    /// The kind the spawn table names `name`.
    ///
    /// ```
    /// use game_core::monster::MonsterKind;
    /// assert_eq!(MonsterKind::named("goblin"), Some(MonsterKind::Goblin));
    /// assert_eq!(MonsterKind::named("dragon"), None);
    /// ```
    pub fn named(name: &str) -> Option<MonsterKind> {
        MonsterKind::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// Its hit points at `depth`: a fifth more for every level below the first (a
    /// boss, four more besides), so that the same kind is tougher deeper down.
    pub const fn max_hp(self, depth: u32) -> i32 {
        let base = self.stats().hp;
        let below = depth.saturating_sub(1) as i32;
        let boss = match self {
            MonsterKind::Ogre => 4 * below,
            _ => 0,
        };
        base + base * below / 5 + boss
    }

    /// The damage of its blow at `depth`: a third more at the least and two thirds more
    /// at the most for every level below the first.
    pub const fn damage(self, depth: u32) -> (i32, i32) {
        let (lo, hi) = self.stats().damage;
        let below = depth.saturating_sub(1) as i32;
        (lo + below / 3, hi + below * 2 / 3)
    }

    /// "a goblin", "an orc".
    pub fn a(self) -> String {
        let name = self.name();
        let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {name}")
    }
}

/// What of a monster stands on the map: who, what kind, where, and its hit points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Body {
    /// Unique on its level, in the order the monsters were placed.
    pub id: u32,
    /// What it is.
    pub kind: MonsterKind,
    /// Its tile.
    pub at: Point,
    /// Its hit points.
    pub hp: Hp,
    /// The depth it was made for: how hard it hits ([`MonsterKind::damage`]).
    pub depth: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_glyphs_are_unique_and_named_reads_them_back() {
        let mut glyphs: Vec<char> = MonsterKind::ALL.iter().map(|k| k.glyph()).collect();
        glyphs.sort_unstable();
        glyphs.dedup();
        assert_eq!(glyphs.len(), MonsterKind::ALL.len());
        assert!(!glyphs.contains(&'k'), "k is a key");
        for &kind in MonsterKind::ALL {
            assert_eq!(MonsterKind::named(kind.name()), Some(kind));
            let s = kind.stats();
            assert!(
                s.hp > 0 && s.damage.0 >= 1 && s.damage.0 <= s.damage.1,
                "{kind:?}"
            );
        }
        assert_eq!(MonsterKind::Orc.a(), "an orc");
        let ogre = MonsterKind::Ogre.max_hp(1);
        assert_eq!(MonsterKind::Ogre.max_hp(3), ogre + ogre * 2 / 5 + 8);
        assert_eq!(
            MonsterKind::Goblin.max_hp(6),
            2 * MonsterKind::Goblin.max_hp(1)
        );
    }

    #[test]
    fn hit_points_stay_between_zero_and_the_most() {
        let mut hp = Hp::full(10);
        hp.lose(4);
        assert_eq!(hp.now, 6);
        assert!(hp.at_most_percent(60) && !hp.at_most_percent(59));
        assert_eq!(hp.heal(10), 4);
        hp.lose(99);
        assert_eq!((hp.now, hp.is_alive()), (0, false));
    }
}
