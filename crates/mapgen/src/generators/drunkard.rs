//! The drunkard's walk: walkers stagger about, carving floor, until a target share of the
//! map is floor.
//!
//! Based on: <https://bfnightly.bracketproductions.com/chapter_28.html> (the Rust
//! roguelike tutorial's drunkard's walk and its modes) and
//! <https://www.roguebasin.com/index.php/Random_Walk_Cave_Generation>.
//!
//! Unlike the tutorial, walkers only start on floor that is already carved (so the
//! result is connected without culling), the floor count is kept as tiles are carved
//! (never re-counted), and a step budget ends every run.

use crate::generators::named_enum::named_enum;
use crate::generators::walkers::{Budget, Canvas, Steps, Symmetry, target_tiles};
use crate::generators::Generate;
use crate::record::Recorder;
use crate::{Dungeon, DungeonRng, GenerateError, Point};

named_enum! {
    /// The tutorial's walker modes.
    pub enum DrunkardMode ("drunkard mode") {
        /// Every walker starts at the centre and walks 400 steps: one open cave.
        OpenArea = "open-area",
        /// Every walker starts on a random floor tile and walks 400 steps: wide halls.
        OpenHalls = "open-halls",
        /// Random floor tile, 100 steps: thin winding passages.
        WindingPassages = "winding-passages",
        /// Random floor tile, 100 steps, a 2 x 2 brush: wider passages.
        FatPassages = "fat-passages",
        /// Random floor tile, 100 steps, every step mirrored as `mirror` says.
        Symmetric = "symmetric",
    }
}

impl DrunkardMode {
    /// Steps each walker takes.
    pub const fn lifetime(self) -> u32 {
        match self {
            DrunkardMode::OpenArea | DrunkardMode::OpenHalls => 400,
            _ => 100,
        }
    }

    /// The side of the square brush.
    pub const fn brush(self) -> i32 {
        match self {
            DrunkardMode::FatPassages => 2,
            _ => 1,
        }
    }
}

/// Settings of the drunkard's-walk generator. `Default` gives open halls on half of the
/// map.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::drunkard::DrunkardSettings;
/// let dungeon = DrunkardSettings::default().generate(7)?;
/// let floor = dungeon.map.tiles().iter().filter(|t| t.walkable).count();
/// assert!(floor >= 78 * 43 / 2, "half the tiles inside the border");
/// assert_eq!(dungeon.start, mapgen::Point::new(40, 22), "the centre");
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct DrunkardSettings {
    /// Map width in tiles, 3..=[`Map::MAX_SIDE`](crate::Map::MAX_SIDE); default 80.
    pub width: i32,
    /// Map height in tiles, 3..=[`Map::MAX_SIDE`](crate::Map::MAX_SIDE); default 45.
    pub height: i32,
    /// Where walkers start, how far they walk and with what brush; default
    /// [`DrunkardMode::OpenHalls`].
    pub mode: DrunkardMode,
    /// Walkers carve until this share of the tiles inside the border, in percent, is
    /// floor, 0..=100; default 50. The floor ends at least at the target (rounded up, and
    /// at least one tile) and less than one brush stroke above it.
    pub floor_percent: u32,
    /// The mirror images of [`DrunkardMode::Symmetric`] (other modes ignore it); default
    /// [`Symmetry::Both`].
    pub mirror: Symmetry,
}

impl Default for DrunkardSettings {
    fn default() -> Self {
        DrunkardSettings::DEFAULT
    }
}

impl DrunkardSettings {
    /// 80 x 45, open halls, half the map floor.
    pub const DEFAULT: DrunkardSettings = DrunkardSettings {
        width: 80,
        height: 45,
        mode: DrunkardMode::OpenHalls,
        floor_percent: 50,
        mirror: Symmetry::Both,
    };
    /// Walker steps allowed per tile inside the border: the step budget, at most
    /// [`DrunkardSettings::MAX_STEPS`].
    pub const STEPS_PER_TILE: u64 = 200;
    /// The most steps a run takes, whatever the map (8·10⁹, about 14 s of work on a
    /// 2-core machine): the budget per tile caps at this from 6300 x 6300 tiles on.
    pub const MAX_STEPS: u64 = crate::generators::walkers::MAX_STEPS;

    fn symmetry(&self) -> Symmetry {
        match self.mode {
            DrunkardMode::Symmetric => self.mirror,
            _ => Symmetry::None,
        }
    }
}

impl Generate for DrunkardSettings {
    const NAME: &'static str = "drunkard";
    const ABOUT: &'static str = "drunkard's walk: random walkers carve caves and passages";

    /// Checks every field, naming the first one that is out of range.
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`].
    fn validate(&self) -> Result<(), GenerateError> {
        GenerateError::check_map_size(self.width, self.height)?;
        GenerateError::check_range("floor_percent", self.floor_percent.into(), 0, 100)
    }

    /// Generates a dungeon from `rng`'s stream.
    ///
    /// The centre tile `(width / 2, height / 2)` is painted first and is the start. Then,
    /// until the floor reaches the target, a walker starts (at the centre in
    /// [`DrunkardMode::OpenArea`], otherwise on a floor tile drawn uniformly from all
    /// floor tiles) and takes up to its mode's lifetime of steps, each a random
    /// orthogonal step (sixteen per 32-bit draw; a step that would cross the border is
    /// spent standing still) followed by painting the brush there. No rooms.
    ///
    /// # Errors
    /// The first invalid setting; [`GenerateError::BudgetExhausted`] when the walkers
    /// take [`DrunkardSettings::STEPS_PER_TILE`] steps per tile inside the border, or
    /// [`DrunkardSettings::MAX_STEPS`] in all, without reaching the target (open areas on
    /// large maps at high targets: a walker from the centre rarely reaches the edge of a
    /// large cave).
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        let mut canvas = Canvas::new(self.width, self.height, self.mode.brush(), self.symmetry());
        let start = Point::new(self.width / 2, self.height / 2);
        canvas.paint(start);
        let target = target_tiles(self.floor_percent, canvas.interior());
        let mut budget = Budget::new(Self::STEPS_PER_TILE, canvas.interior());
        let mut steps = Steps::new();
        while canvas.floor_count() < target && budget.used < budget.limit {
            let at = match self.mode {
                DrunkardMode::OpenArea => start,
                _ => canvas.random_edge_floor(rng).unwrap_or(start),
            };
            canvas.stagger(at, self.mode.lifetime(), target, &mut budget, &mut steps, rng);
            recorder.step_with("walker", || canvas.to_map());
        }
        if canvas.floor_count() < target {
            return Err(GenerateError::BudgetExhausted {
                generator: super::GeneratorKind::Drunkard,
                field: "floor_percent".into(),
                value: self.floor_percent.into(),
                target,
                reached: canvas.floor_count(),
                budget: budget.limit,
            });
        }
        Ok(Dungeon::new(canvas.into_map(), start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smallest_map_is_its_centre() {
        for floor_percent in [0, 50, 100] {
            let s = DrunkardSettings {
                width: 3,
                height: 3,
                floor_percent,
                ..DrunkardSettings::default()
            };
            let d = s.generate(0).unwrap();
            assert_eq!(d.map.to_string(), "###\n#.#\n###\n");
        }
    }

    #[test]
    fn open_area_on_a_large_map_runs_out_of_budget() {
        let s = DrunkardSettings {
            width: 400,
            height: 400,
            mode: DrunkardMode::OpenArea,
            floor_percent: 90,
            ..DrunkardSettings::default()
        };
        let err = s.generate(1).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("drunkard generator: floor_percent (90) asks for 142564 floor tiles; "),
            "{err}"
        );
    }
}
