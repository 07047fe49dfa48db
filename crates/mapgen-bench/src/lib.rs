//! Generation and path benchmarks for `mapgen`: `cargo bench -p mapgen-bench --bench NAME`.
//!
//! The benchmarks live in `benches/`; this library holds what they share, and
//! [`baseline`], the tutorial's map written the plain way, which the benchmarks time
//! beside the library's generator. They sit in this crate so that `mapgen`'s own tests do
//! not build criterion.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{Bencher, BenchmarkGroup};
use mapgen::generators::Generator;

pub mod baseline;

/// Every row cycles its seed over `0..SEEDS`, so no single lucky seed sets the figure.
pub const SEEDS: u64 = 1024;

/// A routine for criterion's `bench_function`: `run` on the next seed of the cycle
/// (1, 2, ..., 1023, 0, 1, ...), the seed and the result passed through `black_box`.
pub fn over_seeds<R>(mut run: impl FnMut(u64) -> R) -> impl FnMut(&mut Bencher<'_>) {
    let mut seed = 0u64;
    move |b: &mut Bencher<'_>| {
        b.iter(|| {
            seed = (seed + 1) % SEEDS;
            black_box(run(black_box(seed)))
        });
    }
}

/// [`over_seeds`] for one of our generators: a whole dungeon per iteration.
///
/// # Panics
/// When the generator fails: a benchmark of an error measures nothing.
pub fn generating(generator: Generator) -> impl FnMut(&mut Bencher<'_>) {
    over_seeds(move |seed| generator.generate(seed).unwrap())
}

/// Modest run times, so that a full `cargo bench` stays reasonable: one second of
/// warm-up, three of measurement, and ten samples (criterion's fewest) where `big`.
pub fn configure(group: &mut BenchmarkGroup<'_, WallTime>, big: bool) {
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    if big {
        group.sample_size(10);
    }
}

/// The settings of the path benchmark's `mapgen-exact` rows, our fastest exact search:
/// `PathFinder` with the most landmarks, [`Landmarks::MAX_COUNT`](mapgen::path::Landmarks::MAX_COUNT).
pub fn exact_settings() -> mapgen::path::PathSettings {
    mapgen::path::PathSettings {
        landmarks: mapgen::path::Landmarks::MAX_COUNT,
        ..mapgen::path::PathSettings::default()
    }
}
