//! The region graph beside the generation it describes:
//! `cargo bench -p mapgen-bench --bench graph`.
//!
//! For each generator and size, three rows: `generate` makes the dungeon of the next seed
//! (seeds cycled over 0..1024), `graph` computes [`RegionGraph::of`] for dungeons made
//! beforehand from the first seeds of the same cycle, and `exit` computes
//! [`Dungeon::exit`] for the same dungeons: one breadth-first search of the map, the
//! least any work that looks at every walkable tile's neighbours costs. The issue's
//! bound: the graph costs at most twice the generation.

use criterion::{Criterion, criterion_group, criterion_main};
use mapgen::Dungeon;
use mapgen::generators::Generator;
use mapgen::generators::caves::CavesSettings;
use mapgen::generators::maze::MazeSettings;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::graph::RegionGraph;
use mapgen_bench::{configure, generating};

/// The generators and sizes timed: the tutorial's rooms (the densest 1000 x 1000 map of
/// the generation benchmark), caves at their defaults, and a maze without branching (as
/// `rooms_family` times it).
fn cases() -> Vec<(String, Generator)> {
    let rooms = |width, height, max_rooms| {
        Generator::from(RoomsSettings {
            width,
            height,
            max_rooms,
            ..RoomsSettings::default()
        })
    };
    let caves = |width, height| {
        Generator::from(CavesSettings {
            width,
            height,
            ..CavesSettings::default()
        })
    };
    let maze = |width, height| {
        Generator::from(MazeSettings {
            width,
            height,
            branching: 0,
        })
    };
    vec![
        ("rooms/80x45".into(), rooms(80, 45, 30)),
        ("rooms/1000x1000 5000/6/10".into(), rooms(1000, 1000, 5000)),
        ("caves/80x45".into(), caves(80, 45)),
        ("caves/1000x1000".into(), caves(1000, 1000)),
        ("maze/79x45".into(), maze(79, 45)),
        ("maze/999x999".into(), maze(999, 999)),
    ]
}

fn graph(c: &mut Criterion) {
    let only = std::env::var("GRAPH_BENCH").ok();
    for (name, generator) in cases() {
        if only.as_deref().is_some_and(|o| !name.starts_with(o)) {
            continue;
        }
        let big = name.contains("1000") || name.contains("999");
        let mut group = c.benchmark_group(name);
        configure(&mut group, big);
        // Dungeons of the first seeds of the cycle (fewer of the big ones: 4 MB each).
        let seeds = if big { 8 } else { 64 };
        let dungeons: Vec<Dungeon> = (1..=seeds)
            .map(|s| generator.generate(s).unwrap())
            .collect();
        group.bench_function("generate", generating(generator.clone()));
        let mut next = 0;
        group.bench_function("graph", |b| {
            b.iter(|| {
                next = (next + 1) % dungeons.len();
                RegionGraph::of(std::hint::black_box(&dungeons[next]))
            });
        });
        group.bench_function("exit", |b| {
            b.iter(|| {
                next = (next + 1) % dungeons.len();
                std::hint::black_box(&dungeons[next]).exit()
            });
        });
        group.finish();
    }
}

criterion_group!(benches, graph);
criterion_main!(benches);
