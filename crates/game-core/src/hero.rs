//! The `@` as a fighter: hit points, experience levels, what it found (a better weapon,
//! armour) and what it carries (healing potions, gold, the amulet), and its kills.
//!
//! The numbers follow the tutorial's later parts (a fighter with hit points, power and
//! defence; experience that raises them) with DCSS's slow mending, so that waiting
//! heals and a careful player can always recover between fights.

use crate::monster::Hp;

/// Hit points at the start.
pub const START_HP: i32 = 30;
/// The damage of the `@`'s blow at level 1, before what it found.
pub const START_DAMAGE: (i32, i32) = (2, 6);
/// Chance in 100 that the `@`'s blow lands.
pub const ACCURACY: i32 = 80;
/// The `@` mends a hit point every this many turns.
pub const MEND_EVERY: u64 = 9;
/// Hit points a level gives.
pub const HP_PER_LEVEL: i32 = 5;
/// Hit points a healing potion gives back.
pub const POTION_HEALS: i32 = 25;
/// Damage a better weapon adds.
pub const WEAPON_BONUS: i32 = 2;
/// Armour a suit of armour adds.
pub const ARMOUR_BONUS: i32 = 1;

/// The experience needed for `level` (2 and up): 20, 80, 180, 320, ... (twenty times a
/// square), so that levels come more slowly the deeper the `@` goes.
///
/// ```
/// use game_core::hero::xp_for_level;
/// assert_eq!([xp_for_level(2), xp_for_level(3), xp_for_level(4)], [20, 80, 180]);
/// ```
pub const fn xp_for_level(level: u32) -> u32 {
    let n = level.saturating_sub(1);
    20 * n * n
}

/// The `@` as a fighter, and what it carries besides keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hero {
    /// Hit points.
    pub hp: Hp,
    /// Experience level, from 1.
    pub level: u32,
    /// Experience so far.
    pub xp: u32,
    /// Damage added by the weapons found.
    pub weapon: i32,
    /// Armour worn: taken off every blow received (one that lands does at least 1).
    pub armour: i32,
    /// Healing potions carried.
    pub potions: u32,
    /// Gold carried.
    pub gold: u32,
    /// Carries the amulet.
    pub amulet: bool,
    /// Monsters killed.
    pub kills: u32,
}

impl Default for Hero {
    fn default() -> Hero {
        Hero::new()
    }
}

impl Hero {
    /// A new `@`: full hit points, level 1, nothing carried.
    pub fn new() -> Hero {
        Hero {
            hp: Hp::full(START_HP),
            level: 1,
            xp: 0,
            weapon: 0,
            armour: 0,
            potions: 0,
            gold: 0,
            amulet: false,
            kills: 0,
        }
    }

    /// The damage of a blow that lands: the start's, one more a level, and the weapons'.
    pub fn damage(&self) -> (i32, i32) {
        let bonus = self.level as i32 - 1 + self.weapon;
        (START_DAMAGE.0 + bonus, START_DAMAGE.1 + bonus)
    }

    /// Learns `xp` more; the new level when that raises it (hit points rise with it, and
    /// the ones gained come at once).
    ///
    /// ```
    /// use game_core::hero::{Hero, HP_PER_LEVEL, START_HP};
    /// let mut hero = Hero::new();
    /// assert_eq!(hero.gain_xp(19), None);
    /// assert_eq!(hero.gain_xp(1), Some(2));
    /// assert_eq!(hero.hp.max, START_HP + HP_PER_LEVEL);
    /// ```
    pub fn gain_xp(&mut self, xp: u32) -> Option<u32> {
        self.xp = self.xp.saturating_add(xp);
        let before = self.level;
        while self.xp >= xp_for_level(self.level + 1) {
            self.level += 1;
            self.hp.max += HP_PER_LEVEL;
            self.hp.heal(HP_PER_LEVEL);
        }
        (self.level > before).then_some(self.level)
    }

    /// Mends a hit point on every [`MEND_EVERY`]th turn.
    pub fn mend(&mut self, turn: u64) {
        if turn.is_multiple_of(MEND_EVERY) {
            self.hp.heal(1);
        }
    }
}
