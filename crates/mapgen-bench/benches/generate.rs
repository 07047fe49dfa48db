//! Generation speed: `cargo bench -p mapgen-bench --bench generate`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mapgen::{Generator, GridSettings, RoomsSettings};

/// Times `settings` over a cycle of seeds, so no single lucky seed sets the figure.
fn bench_generator(c: &mut Criterion, name: &str, settings: Generator) {
    let mut seed = 0u64;
    c.bench_function(name, |b| {
        b.iter(|| {
            seed = (seed + 1) % 1024;
            black_box(settings.generate(black_box(seed)).unwrap())
        })
    });
}

fn generate(c: &mut Criterion) {
    bench_generator(
        c,
        "rooms/tutorial 80x45 30/6/10",
        Generator::Rooms(RoomsSettings::default()),
    );
    let big = RoomsSettings {
        width: 1000,
        height: 1000,
        max_rooms: 5000,
        ..RoomsSettings::default()
    };
    bench_generator(c, "rooms/1000x1000 5000/6/10", Generator::Rooms(big));
    bench_generator(
        c,
        "grid/9x7 of 13x9, 15 rooms",
        Generator::Grid(GridSettings::default()),
    );
}

criterion_group!(benches, generate);
criterion_main!(benches);
