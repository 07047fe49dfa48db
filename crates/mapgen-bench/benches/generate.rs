//! Generation speed: `cargo bench -p mapgen-bench --bench generate`.

use criterion::{Criterion, criterion_group, criterion_main};
use mapgen::{Generator, GridSettings, RoomsSettings};
use mapgen_bench::generating;

fn generate(c: &mut Criterion) {
    c.bench_function(
        "rooms/tutorial 80x45 30/6/10",
        generating(Generator::Rooms(RoomsSettings::default())),
    );
    let big = RoomsSettings {
        width: 1000,
        height: 1000,
        max_rooms: 5000,
        ..RoomsSettings::default()
    };
    c.bench_function(
        "rooms/1000x1000 5000/6/10",
        generating(Generator::Rooms(big)),
    );
    c.bench_function(
        "grid/9x7 of 13x9, 15 rooms",
        generating(Generator::Grid(GridSettings::default())),
    );
}

criterion_group!(benches, generate);
criterion_main!(benches);
