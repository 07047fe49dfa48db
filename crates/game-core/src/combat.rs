//! Blows: whether one lands and what it does, the `@` bumping into a monster, and a
//! monster killed.
//!
//! As the tutorial's fighters: a blow lands with its striker's accuracy, does a roll of
//! its damage less the target's armour, and at least 1 when it lands. Every roll comes
//! from the game's own stream (`Game::rng`), so a replay fights the same fights.

use mapgen::{DungeonRng, Point};

use crate::event::Event;
use crate::game::Game;
use crate::hero::ACCURACY;
use crate::monster::{Body, MonsterKind};
use crate::turn::Outcome;

/// Who strikes or is struck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fighter {
    /// The `@`.
    Hero,
    /// A monster of this kind.
    Monster(MonsterKind),
}

/// One blow: who struck whom, and the damage done (`None`: it missed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Blow {
    /// The striker.
    pub by: Fighter,
    /// The one struck at.
    pub target: Fighter,
    /// Hit points taken off; `None` for a miss.
    pub damage: Option<i32>,
    /// Shot from afar rather than struck.
    pub ranged: bool,
}

/// Rolls a blow of `accuracy` (chance in 100) and `damage` against `armour`: the damage
/// done, at least 1, or `None` for a miss.
///
/// ```
/// use game_core::combat::roll;
/// use mapgen::DungeonRng;
/// let mut rng = DungeonRng::new(1);
/// assert_eq!(roll(&mut rng, 0, (5, 5), 0), None, "never lands");
/// assert_eq!(roll(&mut rng, 100, (5, 5), 2), Some(3));
/// assert_eq!(roll(&mut rng, 100, (1, 1), 9), Some(1), "a blow that lands does 1");
/// ```
pub fn roll(rng: &mut DungeonRng, accuracy: i32, damage: (i32, i32), armour: i32) -> Option<i32> {
    if rng.below(100) as i32 >= accuracy {
        return None;
    }
    let (lo, hi) = (damage.0.min(damage.1), damage.0.max(damage.1));
    Some((rng.range_inclusive(lo, hi) - armour).max(1))
}

impl Game {
    /// The `@` strikes the monster at `at` (it walked into it): a turn, whatever the
    /// blow does. A monster killed leaves the level; the `@` learns from it.
    pub(crate) fn strike(&mut self, at: Point) -> Outcome {
        let (accuracy, damage) = (ACCURACY, self.hero.damage());
        let Some(body) = self.level().body_at(at).copied() else {
            return Outcome::Refused;
        };
        let armour = body.kind.stats().armour;
        let done = roll(&mut self.rng, accuracy, damage, armour);
        self.events.push(Event::Blow(Blow {
            by: Fighter::Hero,
            target: Fighter::Monster(body.kind),
            damage: done,
            ranged: false,
        }));
        if let Some(damage) = done
            && let Some(hit) = self.level_mut().body_at_mut(at)
        {
            hit.hp.lose(damage);
            if !hit.hp.is_alive() {
                let dead = *hit;
                self.kill(dead);
            }
        }
        Outcome::Taken
    }

    /// `body` is dead: it leaves the level, the `@` counts it and learns from it, and a
    /// grid room it kept shut may open.
    fn kill(&mut self, body: Body) {
        if self.level_mut().remove_monster(body.id) {
            // The door it died in shuts: what the @ sees may change.
            self.fov_dirty = true;
        }
        self.hero.kills += 1;
        self.events.push(Event::Killed { kind: body.kind });
        if let Some(level) = self.hero.gain_xp(body.kind.stats().xp) {
            self.events.push(Event::LevelUp { level });
        }
        self.open_cleared_room();
    }
}
