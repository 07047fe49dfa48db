//! Floors of The Binding of Isaac: Rebirth, by the game's own rules: a 13 x 13 grid of
//! cells, a room quota that grows with the stage, breadth-first growth from the start that
//! makes a tree of rooms (large rooms among them), a minimum number of dead ends, special
//! rooms on the dead ends farthest first, a secret room wedged between rooms (the only
//! loop) and a super secret room behind a secret door.
//!
//! The floor plan is made on cells only (module `floor_plan`); the tiles are drawn from it
//! afterwards (module `tiles`) as the `grid` generator draws its rooms, so the game plays an
//! Isaac floor as it plays a grid dungeon.
//!
//! Based on: the Rebirth wiki's "Level Generation" page and its talk page
//! (<https://bindingofisaacrebirth.fandom.com/wiki/Level_Generation>), Boris the Brave,
//! "Dungeon Generation in Binding of Isaac" (2020), with the answers of Florian Himsl and
//! Simon Parzer (<https://www.boristhebrave.com/2020/09/12/dungeon-generation-in-binding-of-isaac/>),
//! and the modding API's room shapes and types (<https://wofsauge.github.io/IsaacDocs/>).
//! `tests/all/isaac_properties.rs` quotes each rule beside the test that keeps it.

mod floor_plan;
mod room_grid;
mod seeds;
mod tiles;

use crate::generators::grid::{GridSettings, map_side};
use crate::generators::{Generate, GeneratorKind};
use crate::record::Recorder;
use crate::{Dungeon, DungeonRng, GenerateError};
use floor_plan::{FloorPlan, Shortfall};

/// Settings of the `isaac` generator. `Default` gives a first floor (Basement 1), not XL,
/// in rooms of 15 x 9 tiles (Isaac's 13 x 7 floor within its walls).
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::grid::RoomKind;
/// use mapgen::generators::isaac::IsaacSettings;
/// let dungeon = IsaacSettings::default().generate(3)?;
/// let grid = dungeon.room_grid().unwrap();
/// let kinds: Vec<RoomKind> = grid.rooms().iter().map(|r| r.kind).collect();
/// assert_eq!(kinds[0], RoomKind::Start);
/// for kind in [RoomKind::Boss, RoomKind::Shop, RoomKind::Treasure, RoomKind::Secret, RoomKind::SuperSecret] {
///     assert_eq!(kinds.iter().filter(|&&k| k == kind).count(), 1, "{kind}");
/// }
/// assert_eq!((dungeon.map.width(), dungeon.map.height()), (183, 105));
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct IsaacSettings {
    /// Isaac's stage (floor) number, 1..=12 (Basement 1 is 1, The Void 12); default 1.
    /// Later stages have more rooms; stages 1..=6 have a shop and a treasure room, stages
    /// 1..=10 the rooms that appear by chance.
    pub stage: u32,
    /// An XL floor (the Curse of the Labyrinth): 1.8 times the rooms, one more dead end,
    /// two boss rooms back to back and two treasure rooms; default false.
    pub xl: bool,
    /// A room's width in tiles, walls included, 3..=[`GridSettings::MAX_ROOM_SIDE`];
    /// default 15. Neighbours share a wall, so the map is `13 * (room_width - 1) + 1` wide.
    pub room_width: i32,
    /// A room's height in tiles, walls included, 3..=[`GridSettings::MAX_ROOM_SIDE`];
    /// default 9.
    pub room_height: i32,
}

impl Default for IsaacSettings {
    fn default() -> Self {
        IsaacSettings::DEFAULT
    }
}

impl IsaacSettings {
    /// Basement 1, not XL, rooms of 15 x 9 tiles.
    pub const DEFAULT: IsaacSettings = IsaacSettings {
        stage: 1,
        xl: false,
        room_width: 15,
        room_height: 9,
    };
    /// The last stage, The Void.
    pub const MAX_STAGE: u32 = 12;
    /// Columns and rows of cells: Isaac's level grid is 13 x 13.
    pub const GRID_SIDE: i32 = 13;
    /// How many whole floors the generator grows before giving up. The hardest settings
    /// need 124 at worst over 10,000 seeds each (stage 1: 9 on average; the ignored test
    /// `attempts_per_floor` measures it). At about a microsecond an attempt, giving up
    /// costs at most ~10 ms.
    pub const MAX_ATTEMPTS: u32 = 10_000;

    /// The tile map's width and height: `(13 * (room_width - 1) + 1, 13 * (room_height - 1) + 1)`,
    /// in `i64` and clamped to `i32` for settings not validated.
    ///
    /// ```
    /// use mapgen::generators::isaac::IsaacSettings;
    /// assert_eq!(IsaacSettings::default().map_size(), (183, 105));
    /// ```
    pub const fn map_size(&self) -> (i32, i32) {
        (
            map_side(Self::GRID_SIDE, self.room_width),
            map_side(Self::GRID_SIDE, self.room_height),
        )
    }

    /// The least number of dead ends a floor must have: 5, one more from stage 2 on and one
    /// more on XL floors.
    ///
    /// ```
    /// use mapgen::generators::isaac::IsaacSettings;
    /// assert_eq!(IsaacSettings::default().min_dead_ends(), 5);
    /// assert_eq!(IsaacSettings { stage: 2, xl: true, ..IsaacSettings::default() }.min_dead_ends(), 7);
    /// ```
    pub const fn min_dead_ends(&self) -> u32 {
        5 + (self.stage != 1) as u32 + self.xl as u32
    }

    /// The room quota for a draw `extra` of 0 or 1: `min(20, extra + 5 + stage * 10 / 3)`,
    /// and on XL floors `min(45, quota * 18 / 10)`.
    ///
    /// ```
    /// use mapgen::generators::isaac::IsaacSettings;
    /// let basement = IsaacSettings::default();
    /// assert_eq!((basement.quota(0), basement.quota(1)), (8, 9));
    /// let xl = IsaacSettings { xl: true, ..basement };
    /// assert_eq!((xl.quota(0), xl.quota(1)), (14, 16));
    /// assert_eq!(IsaacSettings { stage: 12, xl: true, ..basement }.quota(1), 36);
    /// ```
    pub fn quota(&self, extra: u32) -> u32 {
        // Saturating: settings not validated yet may hold any stage.
        let grown = extra.saturating_add(5).saturating_add(self.stage.saturating_mul(10) / 3);
        let base = grown.min(20);
        if self.xl { (base * 18 / 10).min(45) } else { base }
    }
}

impl Generate for IsaacSettings {
    const NAME: &'static str = "isaac";
    const ABOUT: &'static str = "The Binding of Isaac: Rebirth's floors: room quota, dead ends, large rooms, shop, treasure, secret and super secret rooms";

    /// Checks every field, naming the first one that is out of range.
    ///
    /// ```
    /// use mapgen::generators::Generate;
    /// use mapgen::generators::isaac::IsaacSettings;
    /// let err = IsaacSettings { stage: 13, ..IsaacSettings::default() }.validate().unwrap_err();
    /// assert_eq!(err.to_string(), "stage is 13; allowed 1..=12");
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`] naming `stage`, `room_width` or `room_height`.
    fn validate(&self) -> Result<(), GenerateError> {
        let side = i64::from(GridSettings::MAX_ROOM_SIDE);
        GenerateError::check_range("stage", self.stage.into(), 1, Self::MAX_STAGE.into())?;
        GenerateError::check_range("room_width", self.room_width.into(), 3, side)?;
        GenerateError::check_range("room_height", self.room_height.into(), 3, side)
    }

    /// Generates a floor from `rng`'s stream: the floor plan on cells, then its tiles.
    ///
    /// # Errors
    /// The first invalid setting; [`GenerateError::GaveUp`] when
    /// [`IsaacSettings::MAX_ATTEMPTS`] floors all fall short (not seen in millions of
    /// seeds); [`GenerateError::Map`] when the map's memory cannot be had.
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        // Drawn first, so that the rooms' seeds do not depend on how many floors were
        // grown before one kept the promises.
        let floor_seed = seeds::floor_seed(rng);
        let plan = self.floor_plan(rng)?;
        let grid = room_grid::room_grid(self, &plan, floor_seed)?;
        tiles::carve(self, grid, recorder)
    }
}

impl IsaacSettings {
    /// Grows floor plans from `rng`'s stream until one keeps every promise.
    fn floor_plan(&self, rng: &mut DungeonRng) -> Result<FloorPlan, GenerateError> {
        // Isaac draws the quota once a floor; the attempts share it.
        let quota = self.quota(rng.below(2));
        let mut plan = FloorPlan::new();
        let mut last = Shortfall::TooFewRooms;
        for _ in 0..Self::MAX_ATTEMPTS {
            match plan.attempt(rng, self, quota) {
                Ok(()) => return Ok(plan),
                Err(shortfall) => last = shortfall,
            }
        }
        Err(GenerateError::GaveUp {
            generator: GeneratorKind::Isaac,
            attempts: Self::MAX_ATTEMPTS,
            reason: last.reason(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wiki's pseudo-code, `NumberOfRooms = Min(20, Rand(0, 1) + 5 + Floor(StageId *
    /// 10 / 3))` and `Min(45, Floor(NumberOfRooms * 1.8))`, for every stage, in floating
    /// point here (the library uses integers): the two agree.
    #[test]
    fn quota_is_the_wikis_formula() {
        for stage in 1..=IsaacSettings::MAX_STAGE {
            for xl in [false, true] {
                for extra in 0..=1 {
                    let s = IsaacSettings {
                        stage,
                        xl,
                        ..IsaacSettings::default()
                    };
                    let mut expected = 20f64.min(f64::from(extra) + 5.0 + (f64::from(stage) * 10.0 / 3.0).floor());
                    if xl {
                        expected = 45f64.min((expected * 1.8).floor());
                    }
                    assert_eq!(f64::from(s.quota(extra)), expected, "{s:?} {extra}");
                }
            }
        }
    }

    /// How many floors each stage grows before one keeps every promise, and why the others
    /// fell short: `cargo test --release --lib attempts_per_floor -- --ignored --nocapture`.
    /// The figures (docs/grid-of-rooms.md) justify [`IsaacSettings::MAX_ATTEMPTS`].
    #[test]
    #[ignore = "a measurement, not a check"]
    fn attempts_per_floor() {
        const SEEDS: u64 = 10_000;
        println!("stage xl  mean   max  p99 | too-few-rooms start dead-ends 2nd-boss secret");
        for xl in [false, true] {
            for stage in 1..=IsaacSettings::MAX_STAGE {
                let s = IsaacSettings { stage, xl, ..IsaacSettings::default() };
                let mut counts = Vec::new();
                let mut why = [0u64; 5];
                for seed in 0..SEEDS {
                    let mut rng = DungeonRng::new(seed);
                    let _ = seeds::floor_seed(&mut rng);
                    let quota = s.quota(rng.below(2));
                    let mut plan = FloorPlan::new();
                    let mut n = 1u32;
                    while let Err(short) = plan.attempt(&mut rng, &s, quota) {
                        why[short as usize] += 1;
                        n += 1;
                    }
                    counts.push(n);
                }
                counts.sort_unstable();
                let mean = counts.iter().map(|&n| u64::from(n)).sum::<u64>() as f64 / SEEDS as f64;
                let p99 = counts[(SEEDS as usize * 99) / 100];
                println!(
                    "{stage:>5} {:>2} {mean:>5.1} {:>5} {p99:>4} | {:?}",
                    if xl { "xl" } else { "" },
                    counts.last().unwrap(),
                    why.map(|w| w as f64 / SEEDS as f64)
                );
            }
        }
    }

    #[test]
    fn bad_settings_are_refused_by_name_and_never_overflow() {
        for (field, s) in [
            ("stage", IsaacSettings { stage: 0, ..IsaacSettings::default() }),
            ("stage", IsaacSettings { stage: u32::MAX, ..IsaacSettings::default() }),
            ("room_width", IsaacSettings { room_width: 2, ..IsaacSettings::default() }),
            ("room_width", IsaacSettings { room_width: i32::MIN, ..IsaacSettings::default() }),
            ("room_height", IsaacSettings { room_height: 256, ..IsaacSettings::default() }),
            ("room_height", IsaacSettings { room_height: i32::MAX, ..IsaacSettings::default() }),
        ] {
            let err = s.validate().unwrap_err();
            assert!(err.to_string().starts_with(field), "{err}");
            assert_eq!(s.generate(1).unwrap_err(), err);
            let _ = s.map_size();
        }
        let huge = IsaacSettings { room_width: i32::MAX, room_height: i32::MIN, ..IsaacSettings::default() };
        assert_eq!(huge.map_size(), (i32::MAX, i32::MIN));
    }
}
