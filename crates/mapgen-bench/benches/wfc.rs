//! Wave function collapse: ours against the `wfc` crate (0.10) in the same run, on the
//! same built-in sample, size and pattern size (3), all eight orientations:
//! `cargo bench -p mapgen-bench --bench wfc` (`WFC_SAMPLES=rooms,lakes` for some samples).
//!
//! Ours is `WfcSettings::generate(seed)`: the patterns, every attempt, the block repairs
//! that join the floor, the start and the map. The peer's is `OverlappingPatterns::new` +
//! `global_stats` + `RunOwn::collapse_retrying(NumTimes(19))` (20 attempts, as ours) on an
//! output of as many cells as our pattern grid, without edge wrapping; it does nothing
//! about connectivity, and reads its sample as periodic. Seeds cycle over 0..1024 for
//! every row (`mapgen_bench::over_seeds`).

use criterion::{Criterion, criterion_group, criterion_main};
use mapgen::generators::wfc::{WfcSample, WfcSettings};
use mapgen_bench::{configure, generating, over_seeds};

#[path = "wfc/peer.rs"]
mod wfc_peer;

const SIZES: [(i32, i32); 2] = [(48, 48), (80, 45)];

fn bench(c: &mut Criterion) {
    for sample in wfc_peer::samples_from_env() {
        for (width, height) in SIZES {
            let mut group = c.benchmark_group(format!("wfc/{sample}/{width}x{height}"));
            configure(&mut group, false);
            let settings = WfcSettings {
                width,
                height,
                sample: WfcSample::Builtin(sample),
                ..WfcSettings::default()
            };
            group.bench_function("mapgen", generating(settings.into()));
            let peer = wfc_peer::Peer::new(sample, width, height);
            group.bench_function("wfc-0.10", over_seeds(|seed| peer.collapse(seed)));
            group.finish();
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
