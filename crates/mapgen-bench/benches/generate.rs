//! Generation speed: `cargo bench -p mapgen-bench --bench generate`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use mapgen::generators::grid::{DoorWeights, GridSettings};
use mapgen::generators::isaac::IsaacSettings;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::generators::{Generate, Generator};
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
    // Issue 18: an isaac floor, tiles included, at most 3x the grid row above.
    c.bench_function(
        "isaac/stage 1 of 15x9",
        generating(Generator::Isaac(IsaacSettings::default())),
    );
    c.bench_function(
        "isaac/stage 1 XL of 15x9",
        generating(Generator::Isaac(IsaacSettings {
            xl: true,
            ..IsaacSettings::default()
        })),
    );
}

/// The slow cases of issue 12, bounded now: a nearly full grid that cannot grow gives up
/// within its growth budget (12.8 s before), and many treasure rooms among many dead ends.
fn bounded(c: &mut Criterion) {
    let mut group = c.benchmark_group("bounded");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    let full = GridSettings {
        cols: 300,
        rows: 300,
        room_width: 3,
        room_height: 3,
        room_count: 90_000,
        door_weights: DoorWeights {
            dead_end: 0,
            ..DoorWeights::default()
        },
        ..GridSettings::default()
    };
    group.bench_function("grid/300x300 of 3x3, 90000 rooms, gives up", |b| {
        b.iter(|| black_box(full.generate(black_box(1))));
    });
    let treasure = GridSettings {
        cols: 1000,
        rows: 1000,
        room_width: 3,
        room_height: 3,
        room_count: 500_000,
        treasure_rooms: 1_000_000,
        door_weights: DoorWeights {
            dead_end: 3,
            straight: 2,
            turn: 2,
            tee: 4,
            cross: 4,
        },
    };
    // Seed 1 grows on its first attempt, with 122,200 treasure rooms.
    group.bench_function(
        "grid/1000x1000, 500000 rooms, every dead end a treasure",
        |b| b.iter(|| black_box(treasure.generate(black_box(1)))),
    );
    group.finish();
}

criterion_group!(benches, generate, bounded);
criterion_main!(benches);
