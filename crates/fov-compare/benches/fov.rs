//! Field of view: mapgen against the other Rust FOV crates, on the same maps in the same
//! run. `cargo bench -p fov-compare --bench fov`
//!
//! Rows: radius 8 and unlimited (radius 0) from the start room of the 80x45 tutorial
//! dungeon, from the centre of a 1000x1000 map with 10% random pillars, and from the centre
//! of an open 1000x1000 map (see `fov_compare`). Every implementation lights walls.
//! `scripts/bench_libtcod.py` times libtcod on the tutorial and pillar maps.

mod rivals;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};

fn fov(c: &mut Criterion) {
    for scene in fov_compare::scenes() {
        for radius in [8u32, 0] {
            let label = if radius == 0 {
                "unlimited".to_string()
            } else {
                format!("radius {radius}")
            };
            let mut group = c.benchmark_group(format!("{} {label}", scene.name));
            // Some crates take a second a call on the open map without a radius.
            let slow = scene.name.starts_with("open") && radius == 0;
            group
                .sample_size(if slow { 10 } else { 30 })
                .warm_up_time(Duration::from_millis(500))
                .measurement_time(Duration::from_secs(2))
                // Some rows take milliseconds per call: flat sampling keeps them bounded.
                .sampling_mode(SamplingMode::Flat);
            for mut imp in rivals::all(&scene) {
                group.bench_function(BenchmarkId::from_parameter(imp.name()), |b| {
                    b.iter(|| imp.run(black_box(radius)));
                });
            }
            group.finish();
        }
    }
}

criterion_group!(benches, fov);
criterion_main!(benches);
