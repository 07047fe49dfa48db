//! Generation speed: `cargo bench -p mapgen --bench generate`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mapgen::RoomsSettings;

/// Times `settings` over a cycle of seeds, so no single lucky seed sets the figure.
fn bench_rooms(c: &mut Criterion, name: &str, settings: RoomsSettings) {
    let mut seed = 0u64;
    c.bench_function(name, |b| {
        b.iter(|| {
            seed = (seed + 1) % 1024;
            black_box(settings.generate(black_box(seed)).unwrap())
        })
    });
}

fn generate(c: &mut Criterion) {
    bench_rooms(c, "rooms/tutorial 80x45 30/6/10", RoomsSettings::default());
    let big = RoomsSettings {
        width: 1000,
        height: 1000,
        max_rooms: 5000,
        ..RoomsSettings::default()
    };
    bench_rooms(c, "rooms/1000x1000 5000/6/10", big);
}

criterion_group!(benches, generate);
criterion_main!(benches);
