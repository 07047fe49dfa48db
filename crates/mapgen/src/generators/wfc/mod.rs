//! Wave function collapse, overlapping model: dungeons learned from a small sample map.
//! Every 3x3 (or 2x2) window of the map's interior occurs in the sample, up to the chosen
//! rotations and reflections; every walkable tile is reachable from the start.
//!
//! How it works:
//!
//! 1. `patterns`: the sample's windows and their images under the symmetry are the
//!    patterns, weighted by how often they occur; two patterns may be neighbours when they
//!    agree where they overlap.
//! 2. `solver`: the interior less its last `n - 1` rows and columns is a grid of cells,
//!    each holding the patterns it may still take. The undecided cell of lowest Shannon
//!    entropy (integer fixed point; ties by noise from the seed) is observed (one pattern
//!    drawn by weight) and the consequences propagated with AC-4 support counts. A cell
//!    left without patterns is a contradiction: the attempt restarts from a seed derived
//!    from the first, at most `attempts` times in all.
//! 3. `connect` and `run`: a solved map whose floor is in pieces is repaired inside the
//!    solver, by Merrell's "modifying in blocks": the gaps between neighbouring pieces are
//!    found by one search from all of them, and, shortest first, the block of cells around
//!    a gap between two pieces not yet joined is un-collapsed (with an L-shaped path across
//!    the gap kept walkable) and solved again against the decided cells around it. The new
//!    block is kept only if it cut nothing off and left fewer pieces, judged from the
//!    block and the ring of tiles around it; the gaps are planned again while blocks join
//!    pieces. When the gaps or the repair work (sixteen times the map's area) run out,
//!    the attempt restarts. Nothing is carved or filled
//!    afterwards, so the window property holds.
//!
//! Based on: <https://github.com/mxgmn/WaveFunctionCollapse> (Maxim Gumin, 2016), and
//! model synthesis by Paul Merrell (<https://paulmerrell.org/model-synthesis/>,
//! <https://github.com/merrell42/model-synthesis>, "Modifying in Blocks").

mod connect;
mod entropy;
mod patterns;
mod run;
mod sample;
mod solver;
mod symmetry;

use std::borrow::Cow;

pub use run::{RestartCause, WfcRun, WfcStats, WfcStep};
pub use sample::{BuiltinSample, SampleError, SampleMap, WfcSample};
pub use symmetry::PatternSymmetry;

use patterns::Patterns;
use solver::Solver;

use crate::generators::Generate;
use crate::record::Recorder;
use crate::{Combine, Dungeon, DungeonRng, GenerateError, Map};

/// Settings of the wave function collapse generator. `Default` gives 80 x 45 from the
/// built-in rooms sample, 3 x 3 patterns in all eight orientations, 20 attempts.
///
/// ```
/// use mapgen::generators::wfc::{BuiltinSample, WfcSample, WfcSettings};
/// use mapgen::generators::Generate;
/// use mapgen::Regions;
///
/// let settings = WfcSettings { sample: WfcSample::Builtin(BuiltinSample::Caves), ..WfcSettings::default() };
/// let dungeon = settings.generate(7)?;
/// assert!(dungeon.map.is_walkable(dungeon.start));
/// assert_eq!(Regions::of(&dungeon.map).count(), 1, "one connected piece of floor");
/// assert_eq!(dungeon, settings.generate(7)?, "a seed names a dungeon");
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct WfcSettings {
    /// Map width in tiles, `pattern_size + 2..=`[`Map::MAX_SIDE`] (and `width * height`
    /// within the solver's memory budget, see [`WfcSettings::MAX_SOLVER_BYTES`]); default 80.
    pub width: i32,
    /// Map height in tiles, as `width`; default 45.
    pub height: i32,
    /// The sample the patterns are learned from; default [`BuiltinSample::Rooms`].
    pub sample: WfcSample,
    /// Side of the patterns, 2..=3 and at most the sample's shorter side; default 3.
    pub pattern_size: u32,
    /// Which rotations and reflections of the sample's windows are patterns too; default
    /// [`PatternSymmetry::Eight`] (all).
    pub pattern_symmetry: PatternSymmetry,
    /// Attempts before giving up, 1..=[`WfcSettings::MAX_ATTEMPTS`]; default 20. An attempt
    /// ends in a contradiction, or in floor that its block repairs could not join.
    pub attempts: u32,
}

impl Default for WfcSettings {
    fn default() -> Self {
        WfcSettings::DEFAULT
    }
}

impl WfcSettings {
    /// 80 x 45 from the rooms sample, 3 x 3 patterns, all eight orientations, 20 attempts.
    pub const DEFAULT: WfcSettings = WfcSettings {
        width: 80,
        height: 45,
        sample: WfcSample::Builtin(BuiltinSample::Rooms),
        pattern_size: 3,
        pattern_symmetry: PatternSymmetry::Eight,
        attempts: 20,
    };
    /// The most attempts.
    pub const MAX_ATTEMPTS: u32 = 1000;
    /// The most memory the solver's state may take, in bytes: `width * height` is refused
    /// beyond this divided by the sample's bytes per cell.
    pub const MAX_SOLVER_BYTES: usize = 256 << 20;

    /// The patterns of valid settings, with every setting checked.
    fn checked_patterns(&self) -> Result<Patterns, GenerateError> {
        let sample = self.sample.map();
        let shorter = sample.width().min(sample.height());
        GenerateError::check_range("pattern_size", self.pattern_size.into(), 2, i64::from(shorter.min(3)))?;
        let n = self.pattern_size as i32;
        let side = i64::from(Map::MAX_SIDE);
        GenerateError::check_range("width", self.width.into(), i64::from(n + 2), side)?;
        GenerateError::check_range("height", self.height.into(), i64::from(n + 2), side)?;
        GenerateError::check_range("attempts", self.attempts.into(), 1, Self::MAX_ATTEMPTS.into())?;
        let patterns = Patterns::new(&sample, self.pattern_size as usize, self.pattern_symmetry);
        let max_cells = Self::MAX_SOLVER_BYTES / Solver::bytes_per_cell(&patterns);
        let cells = i64::from(self.width) * i64::from(self.height);
        if cells > max_cells as i64 {
            return Err(GenerateError::Combination {
                fields: vec![Cow::Borrowed("width"), Cow::Borrowed("height")],
                combine: Combine::Product,
                value: cells,
                min: i64::from((n + 2) * (n + 2)),
                max: max_cells as i64,
            });
        }
        Ok(patterns)
    }

    /// Bytes of solver state per cell for these settings' sample, pattern size and
    /// symmetry (the wave and support counts twice, the entropy sums, noise and flags).
    ///
    /// ```
    /// let bytes = mapgen::generators::wfc::WfcSettings::default().solver_bytes_per_cell()?;
    /// assert!(bytes < 1024);
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    ///
    /// # Errors
    /// As [`WfcSettings::validate`](Generate::validate).
    pub fn solver_bytes_per_cell(&self) -> Result<usize, GenerateError> {
        Ok(Solver::bytes_per_cell(&self.checked_patterns()?))
    }

    /// How many distinct patterns the sample has at this pattern size and symmetry.
    ///
    /// # Errors
    /// As [`WfcSettings::validate`](Generate::validate).
    pub fn pattern_count(&self) -> Result<usize, GenerateError> {
        Ok(self.checked_patterns()?.count())
    }
}

impl Generate for WfcSettings {
    const NAME: &'static str = "wfc";
    const ABOUT: &'static str = "wave function collapse: maps learned from a sample";

    /// Checks every field, naming the first that is out of range.
    ///
    /// ```
    /// use mapgen::generators::wfc::WfcSettings;
    /// use mapgen::generators::Generate;
    /// let bad = WfcSettings { pattern_size: 4, ..WfcSettings::default() };
    /// assert_eq!(bad.validate().unwrap_err().to_string(), "pattern_size is 4; allowed 2..=3");
    /// let huge = WfcSettings { width: 10_000, height: 10_000, ..WfcSettings::default() };
    /// assert!(huge.validate().unwrap_err().to_string().starts_with("width * height is 100000000; allowed 25..="));
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`] (pattern size, width, height, attempts) and
    /// [`GenerateError::Combination`] (`width * height` beyond the memory budget).
    fn validate(&self) -> Result<(), GenerateError> {
        self.checked_patterns().map(|_| ())
    }

    /// Runs a [`WfcRun`] to the end.
    ///
    /// # Errors
    /// As [`WfcRun::new`] and [`WfcRun::step`]: invalid settings, or
    /// [`GenerateError::GaveUp`] naming the attempts.
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        let mut run = WfcRun::new(self, rng)?;
        loop {
            let caption = match run.step()? {
                WfcStep::Finished => break,
                WfcStep::Observed { .. } => "cell observed",
                WfcStep::Restarted { .. } => "attempt restarted",
                WfcStep::BlockReset { .. } => "block reset",
                WfcStep::BlockDone { .. } => "block solved",
            };
            recorder.step_with(caption, || run.decided_map());
        }
        let dungeon = run.finish()?;
        recorder.stage("finished", &dungeon.map);
        Ok(dungeon)
    }
}
