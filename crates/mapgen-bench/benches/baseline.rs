//! The tutorial's map: `mapgen`'s rooms generator against the plain implementation in
//! `mapgen_bench::baseline` (a `Vec<bool>`, the pairwise intersection test, one cell per
//! store), on the same seeds in the same run. Both make the same map (a test checks it).
//!
//! `cargo bench -p mapgen-bench --bench baseline`

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mapgen::DungeonRng;
use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;
use mapgen_bench::baseline;

fn tutorial(c: &mut Criterion) {
    let cases = [
        ("80x45 30/6/10", RoomsSettings::default()),
        (
            "1000x1000 5000/6/10",
            RoomsSettings {
                width: 1000,
                height: 1000,
                max_rooms: 5000,
                ..RoomsSettings::default()
            },
        ),
    ];
    for (name, s) in cases {
        let mut group = c.benchmark_group(format!("tutorial {name}"));
        group
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3));
        // Seeds cycle over 0..1024 in both, so no single lucky seed sets a figure.
        let mut seed = 0u64;
        group.bench_function(BenchmarkId::from_parameter("mapgen"), |b| {
            b.iter(|| {
                seed = (seed + 1) % 1024;
                black_box(s.generate(black_box(seed)).unwrap())
            });
        });
        let mut seed = 0u64;
        group.bench_function(BenchmarkId::from_parameter("baseline"), |b| {
            b.iter(|| {
                seed = (seed + 1) % 1024;
                let mut rng = DungeonRng::new(black_box(seed));
                black_box(baseline::make_map(
                    s.width,
                    s.height,
                    s.max_rooms,
                    s.room_min_size,
                    s.room_max_size,
                    &mut rng,
                ))
            });
        });
        group.finish();
    }
}

criterion_group!(benches, tutorial);
criterion_main!(benches);
