//! Spawn placement speed: `cargo bench -p mapgen-bench --bench spawns`.
//!
//! The built-in table placed at depth 5 on a copy of a dungeon per iteration, timed beside
//! what placing must do anyway in the same run: the map's `Dungeon::exit` (one
//! breadth-first search, for the rule on the exit) and the generator that made the map.
//! No peer crate places things by table with rules to compare against. The dungeon is
//! cloned outside the timing.

use std::hint::black_box;

use criterion::{BatchSize, Bencher, Criterion, criterion_group, criterion_main};
use mapgen::prelude::*;
use mapgen::spawns::SpawnTable;
use mapgen_bench::configure;

/// The dungeon `generator` makes from `seed`, and the stream after it.
fn made(generator: &Generator, seed: u64) -> (Dungeon, DungeonRng) {
    let mut rng = DungeonRng::new(seed);
    let dungeon = generator.generate_with(&mut rng).unwrap();
    (dungeon, rng)
}

/// Places the built-in table at depth 5 on a copy of `dungeon` per iteration.
fn placing(dungeon: Dungeon, rng: DungeonRng) -> impl FnMut(&mut Bencher<'_>) {
    move |b| {
        b.iter_batched(
            || (dungeon.clone(), rng.clone()),
            |(mut dungeon, mut rng)| {
                let placed = SpawnTable::builtin().place(&mut dungeon, 5, &mut rng);
                assert!(placed.unwrap() > 0);
                black_box(dungeon)
            },
            BatchSize::LargeInput,
        );
    }
}

/// The three rows of one dungeon: placing, its exit, and generating it.
fn rows(c: &mut Criterion, group: &str, big: bool, generators: &[(&str, Generator)]) {
    let mut group = c.benchmark_group(group);
    configure(&mut group, big);
    for (name, generator) in generators {
        let (dungeon, rng) = made(generator, 1);
        group.bench_function(
            format!("place builtin depth 5/{name}"),
            placing(dungeon.clone(), rng),
        );
        group.bench_function(format!("exit()/{name}"), |b| {
            b.iter(|| black_box(dungeon.exit()));
        });
        group.bench_function(format!("generate/{name}"), |b| {
            b.iter(|| black_box(generator.generate(black_box(1)).unwrap()));
        });
    }
    group.finish();
}

fn small(c: &mut Criterion) {
    let generators = [
        ("rooms seed 1", Generator::Rooms(RoomsSettings::default())),
        ("caves seed 1", Generator::Caves(CavesSettings::default())),
    ];
    rows(c, "spawns 80x45", false, &generators);
}

fn large(c: &mut Criterion) {
    let generators = [
        (
            "rooms 5000/6/10 seed 1",
            Generator::Rooms(RoomsSettings {
                width: 1000,
                height: 1000,
                max_rooms: 5000,
                ..RoomsSettings::default()
            }),
        ),
        (
            "caves seed 1",
            Generator::Caves(CavesSettings {
                width: 1000,
                height: 1000,
                ..CavesSettings::default()
            }),
        ),
    ];
    rows(c, "spawns 1000x1000", true, &generators);
}

criterion_group!(benches, small, large);
criterion_main!(benches);
