//! The `wfc` crate (0.10) on one of our built-in samples, as the wfc benchmark and the
//! `wfc_cpu_time` example run it, and which samples a run takes (`WFC_SAMPLES`).

use std::num::NonZeroU32;

use mapgen::Map;
use mapgen::generators::wfc::BuiltinSample;
use rand08::SeedableRng;

/// The samples named by `WFC_SAMPLES` (comma separated), or every built-in sample.
///
/// # Panics
/// On a name that is not a built-in sample's.
pub fn samples_from_env() -> Vec<BuiltinSample> {
    match std::env::var("WFC_SAMPLES") {
        Ok(names) => names.split(',').map(|n| n.parse().unwrap()).collect(),
        Err(_) => BuiltinSample::ALL.to_vec(),
    }
}

/// The peer's run of one sample and map size.
pub struct Peer {
    sample: Map,
    output: wfc::Size,
}

impl Peer {
    /// The peer on `sample` for a map of `width` x `height`: an output of as many cells
    /// as our pattern grid for 3 x 3 patterns (the map less two rows and columns).
    pub fn new(sample: BuiltinSample, width: i32, height: i32) -> Peer {
        Peer {
            sample: sample.sample().map().clone(),
            output: wfc::Size::new(width as u32 - 2, height as u32 - 2),
        }
    }

    /// Whether the peer's run from `seed` ended without a contradiction: its patterns
    /// (3 x 3, all eight orientations) and weights, then up to 20 attempts.
    pub fn collapse(&self, seed: u64) -> bool {
        let sample = &self.sample;
        let size = grid_2d::Size::new(sample.width() as u32, sample.height() as u32);
        let grid = grid_2d::Grid::new_fn(size, |c| sample.tile((c.x, c.y)).glyph());
        let n = NonZeroU32::new(3).unwrap_or(NonZeroU32::MIN);
        let patterns = wfc::overlapping::OverlappingPatterns::new(grid, n, &wfc::orientation::ALL);
        let stats = patterns.global_stats();
        let mut rng = rand08::rngs::StdRng::seed_from_u64(seed);
        let run = wfc::RunOwn::new_wrap(self.output, &stats, wfc::wrap::WrapNone, &mut rng);
        run.collapse_retrying(wfc::retry::NumTimes(19), &mut rng)
            .is_ok()
    }
}
