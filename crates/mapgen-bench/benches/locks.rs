//! Placing locks beside the region graph it reads: `cargo bench -p mapgen-bench --bench
//! locks`.
//!
//! For each generator and size, on dungeons made beforehand from the first seeds: `graph`
//! is [`RegionGraph::of`]; `exit` is [`Dungeon::exit`] (a breadth-first search of the
//! map, which placing no longer makes: for scale); `place 3` is [`place_locks`] for 3
//! locks on a graph made beforehand; `graph + place 3` is both; `place 3 walling loops`
//! is [`place_locks_walling_loops`] on a copy of the dungeon (the copy included), on a
//! graph made beforehand: what `mapgen generate --locks 3` and the game do after the
//! graph; `graph + seeded 3` is [`place_seeded_locks`] on a copy, graph and all, as
//! they call it: the bound (at most 100 µs on an 80 x 45 dungeon). `generate`
//! makes the dungeon of the next seed, for scale. No other Rust dungeon crate places
//! locks and keys, so there is no peer row.

use criterion::{Criterion, criterion_group, criterion_main};
use mapgen::generators::Generator;
use mapgen::generators::caves::CavesSettings;
use mapgen::generators::grid::GridSettings;
use mapgen::generators::maze::MazeSettings;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::graph::RegionGraph;
use mapgen::locks::{place_locks, place_locks_walling_loops, place_seeded_locks};
use mapgen::{Dungeon, DungeonRng};
use mapgen_bench::{configure, generating};

/// The generators and sizes timed: 80 x 45 maps of rooms, a grid of rooms, caves and a
/// maze at their defaults, and the largest rooms and maze maps of the graph benchmark
/// (whose graphs have about a hundred times the nodes), to show placing linear in them.
fn cases() -> Vec<(String, Generator)> {
    let rooms = |width, height, max_rooms| {
        Generator::from(RoomsSettings {
            width,
            height,
            max_rooms,
            ..RoomsSettings::default()
        })
    };
    let maze = |width, height| {
        Generator::from(MazeSettings {
            width,
            height,
            ..MazeSettings::default()
        })
    };
    vec![
        ("rooms/80x45".into(), rooms(80, 45, 30)),
        ("grid/default".into(), GridSettings::default().into()),
        ("caves/80x45".into(), CavesSettings::default().into()),
        ("maze/79x45".into(), maze(79, 45)),
        ("rooms/1000x1000 5000/6/10".into(), rooms(1000, 1000, 5000)),
        ("maze/999x999".into(), maze(999, 999)),
    ]
}

fn locks(c: &mut Criterion) {
    for (name, generator) in cases() {
        let big = name.contains("1000") || name.contains("999");
        let mut group = c.benchmark_group(format!("locks/{name}"));
        configure(&mut group, big);
        let seeds = if big { 4 } else { 64 };
        let dungeons: Vec<Dungeon> = (1..=seeds)
            .map(|s| generator.generate(s).unwrap())
            .collect();
        let graphs: Vec<RegionGraph> = dungeons.iter().map(RegionGraph::of).collect();
        let mut next = 0;
        let mut turn = || {
            next = (next + 1) % dungeons.len();
            next
        };
        if !big {
            group.bench_function("generate", generating(generator.clone()));
            group.bench_function("graph", |b| {
                b.iter(|| RegionGraph::of(std::hint::black_box(&dungeons[turn()])));
            });
            group.bench_function("graph + place 3", |b| {
                b.iter(|| {
                    let i = turn();
                    let dungeon = std::hint::black_box(&dungeons[i]);
                    let graph = RegionGraph::of(dungeon);
                    place_locks(dungeon, &graph, 3, &mut DungeonRng::new(i as u64)).unwrap()
                });
            });
        }
        group.bench_function("exit", |b| {
            b.iter(|| std::hint::black_box(&dungeons[turn()]).exit());
        });
        group.bench_function("place 3", |b| {
            b.iter(|| {
                let i = turn();
                let (dungeon, graph) = std::hint::black_box((&dungeons[i], &graphs[i]));
                place_locks(dungeon, graph, 3, &mut DungeonRng::new(i as u64)).unwrap()
            });
        });
        if !big {
            group.bench_function("graph + seeded 3", |b| {
                b.iter(|| {
                    let i = turn();
                    let mut dungeon = std::hint::black_box(&dungeons[i]).clone();
                    place_seeded_locks(&mut dungeon, i as u64, 3).unwrap()
                });
            });
            group.bench_function("place 3 walling loops", |b| {
                b.iter(|| {
                    let i = turn();
                    let (dungeon, graph) = std::hint::black_box((&dungeons[i], &graphs[i]));
                    let mut walled = dungeon.clone();
                    place_locks_walling_loops(&mut walled, graph, 3, &mut DungeonRng::new(i as u64))
                        .unwrap()
                });
            });
        }
        group.finish();
    }
}

criterion_group!(benches, locks);
criterion_main!(benches);
