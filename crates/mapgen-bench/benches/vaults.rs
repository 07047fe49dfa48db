//! Vault placement speed: `cargo bench -p mapgen-bench --bench vaults`.
//!
//! Issue 21's targets: 5 built-in vaults placed on the 80x45 tutorial map within 1 ms,
//! on a 1000x1000 map within 50 ms. Timed beside them, in the same run: the generator
//! that made the map, and the map's `Dungeon::exit` (one breadth-first search of it,
//! which placement must make too, for the rules on the start and the exit). No peer crate
//! places vaults with rules to compare against. The dungeon is cloned outside the timing.

use std::hint::black_box;

use criterion::{BatchSize, Bencher, Criterion, criterion_group, criterion_main};
use mapgen::prelude::*;
use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
use mapgen_bench::configure;

/// The dungeon `generator` makes from `seed`, and the stream after it, which the vaults
/// draw from.
fn made(generator: &Generator, seed: u64) -> (Dungeon, DungeonRng) {
    let mut rng = DungeonRng::new(seed);
    let dungeon = generator.generate_with(&mut rng).unwrap();
    (dungeon, rng)
}

/// Places 5 built-in vaults on a copy of `dungeon` per iteration; all 5 must fit.
fn placing_five(dungeon: Dungeon, rng: DungeonRng) -> impl FnMut(&mut Bencher<'_>) {
    let settings = VaultSettings {
        count: 5,
        ..VaultSettings::default()
    };
    let plan = VaultPlan::new(VaultLibrary::builtin().clone(), settings).unwrap();
    move |b| {
        b.iter_batched(
            || (dungeon.clone(), rng.clone()),
            |(mut dungeon, mut rng)| {
                assert_eq!(plan.place(&mut dungeon, &mut rng), 5);
                black_box(dungeon)
            },
            BatchSize::LargeInput,
        );
    }
}

fn tutorial(c: &mut Criterion) {
    let generator = Generator::Rooms(RoomsSettings::default());
    let (dungeon, rng) = made(&generator, 42);
    let mut group = c.benchmark_group("vaults 80x45");
    group.bench_function(
        "place 5/rooms tutorial seed 42",
        placing_five(dungeon.clone(), rng),
    );
    group.bench_function("exit()/rooms tutorial seed 42", |b| {
        b.iter(|| black_box(dungeon.exit()));
    });
    group.bench_function("generate/rooms tutorial seed 42", |b| {
        b.iter(|| black_box(generator.generate(black_box(42)).unwrap()));
    });
    group.finish();
}

fn large(c: &mut Criterion) {
    let mut group = c.benchmark_group("vaults 1000x1000");
    configure(&mut group, true);
    let rooms = Generator::Rooms(RoomsSettings {
        width: 1000,
        height: 1000,
        max_rooms: 5000,
        ..RoomsSettings::default()
    });
    let (dungeon, rng) = made(&rooms, 1);
    group.bench_function(
        "place 5/rooms 5000/6/10 seed 1",
        placing_five(dungeon.clone(), rng),
    );
    group.bench_function("exit()/rooms 5000/6/10 seed 1", |b| {
        b.iter(|| black_box(dungeon.exit()));
    });
    let caves = Generator::Caves(CavesSettings {
        width: 1000,
        height: 1000,
        ..CavesSettings::default()
    });
    let (dungeon, rng) = made(&caves, 1);
    group.bench_function("place 5/caves seed 1", placing_five(dungeon, rng));
    group.finish();
}

criterion_group!(benches, tutorial, large);
criterion_main!(benches);
