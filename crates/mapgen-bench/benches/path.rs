//! Paths and Dijkstra maps against bracket-pathfinding 0.8.7 and the `pathfinding` crate:
//! `cargo bench -p mapgen-bench --bench path`.
//!
//! The A* rows time `AStar` and `PathFinder` (exact without landmarks, exact with 8
//! landmarks computed before timing, weighted at w = 1.2 and 1.5) beside the peers; the
//! tutorial's random-pairs rows cycle through 64 joined pairs, one search per iteration.
//! The `pairs/` groups search 64 fixed random pairs of joined tiles of each 1000x1000 map
//! per iteration: `mapgen-exact` is our fastest exact search (`PathFinder` with
//! `mapgen_bench::exact_settings`, its landmarks computed before timing; the
//! `mapgen-exact, precomputation` row times that alone). The `landmarks/` row times the
//! tutorial's precomputation.
//!
//! Every peer walks the same map with the same moves: 8 directions, cardinal steps 2,
//! diagonal steps 3, corners may be cut, the octile estimate `2 * max + min` for A*.
//! `pathfinding`'s Dijkstra takes one start, so the 64-goal rows give it a virtual start
//! with a free step to each goal. bracket-pathfinding's A* stops after 65,536 expansions
//! and its Dijkstra map is a first-in first-out scan that redoes a cell each time its
//! value drops; the setup prints what each peer answered, so the rows compare like with
//! like.

#[path = "path/peers.rs"]
mod peers;
#[path = "path/scenes.rs"]
#[allow(dead_code)]
mod scenes;

use std::hint::black_box;

use criterion::{Bencher, Criterion, criterion_group, criterion_main};
use mapgen::path::{AStar, DijkstraMap, Landmarks, Moves, PathFinder, PathSettings, Weight};
use mapgen::{Map, Point};
use mapgen_bench::{configure, exact_settings};
use scenes::{PAIRS, PAIRS_SEED, Scene, random_pairs, walled_in};

/// The landmark count of the landmark rows.
const LANDMARKS: u32 = 8;

/// The `PathFinder` rows: name and settings.
fn finders() -> Vec<(&'static str, PathSettings)> {
    let exact = PathSettings::default();
    let weighted = |w: &str| PathSettings {
        weight: w.parse::<Weight>().expect("a weight"),
        ..exact
    };
    vec![
        ("finder exact", exact),
        (
            "finder exact, 8 landmarks",
            PathSettings {
                landmarks: LANDMARKS,
                ..exact
            },
        ),
        ("finder w=1.2", weighted("1.2")),
        ("finder w=1.5", weighted("1.5")),
    ]
}

/// A finder for `settings` with its landmarks of `map` computed, so that a row times the
/// searches alone (the `landmarks/` rows time the precomputation).
fn prepared(settings: PathSettings, map: &Map) -> PathFinder {
    let mut finder = PathFinder::new(settings).expect("valid settings");
    finder.prepare(map).expect("a valid map");
    finder
}

/// The A* row of `scene`: start to goal, `AStar`, each `PathFinder` and each peer.
fn astar_row(c: &mut Criterion, scene: &Scene, big: bool) {
    let moves = Moves::default();
    let mut astar = AStar::default();
    let ours = astar
        .search(&scene.map, moves, scene.from, scene.to)
        .expect("a valid map");
    let bracket_map = peers::BracketMap::new(&scene.map);
    let bracket = peers::bracket_astar(&bracket_map, scene.from, scene.to);
    let theirs = peers::pathfinding_astar(&scene.map, scene.from, scene.to);
    println!(
        "astar {}: mapgen {ours:?}, pathfinding {theirs:?}, bracket-pathfinding {}",
        scene.name,
        match bracket {
            Some(cost) => format!("a path of cost {cost}"),
            None => "no path".to_string(),
        }
    );
    assert_eq!(
        ours,
        theirs.map(u64::from),
        "mapgen and pathfinding disagree"
    );

    let mut group = c.benchmark_group(format!("astar/{}", scene.name));
    configure(&mut group, big);
    for (name, settings) in finders() {
        let mut finder = prepared(settings, &scene.map);
        let cost = finder
            .search(&scene.map, scene.from, scene.to)
            .expect("a valid map");
        println!(
            "astar {}: {name}: cost {cost:?}, {} expansions",
            scene.name,
            finder.expansions()
        );
        if settings.weight.is_exact() {
            assert_eq!(cost, ours, "exact searches disagree");
        }
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(
                    finder
                        .search(&scene.map, black_box(scene.from), scene.to)
                        .ok(),
                )
            });
        });
    }
    group.bench_function("mapgen", |b| {
        b.iter(|| {
            black_box(
                astar
                    .search(&scene.map, moves, black_box(scene.from), scene.to)
                    .ok(),
            )
        });
    });
    group.bench_function("bracket-pathfinding", |b| {
        b.iter(|| {
            black_box(peers::bracket_astar(
                &bracket_map,
                black_box(scene.from),
                scene.to,
            ))
        });
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            black_box(peers::pathfinding_astar(
                &scene.map,
                black_box(scene.from),
                scene.to,
            ))
        });
    });
    group.finish();
}

/// Random pairs of `scene`'s largest region, one pair per iteration in turn: how the
/// searches do where the ends are not at landmarks.
fn random_pairs_row(c: &mut Criterion, scene: &Scene, big: bool) {
    let moves = Moves::default();
    let pairs = random_pairs(&scene.map, PAIRS, PAIRS_SEED);
    let mut astar = AStar::default();
    let cheapest: Vec<Option<u64>> = pairs
        .iter()
        .map(|&(from, to)| {
            astar
                .search(&scene.map, moves, from, to)
                .expect("a valid map")
        })
        .collect();
    let total = |costs: &[Option<u64>]| costs.iter().map(|c| c.unwrap_or(0)).sum::<u64>();
    let bracket_map = peers::BracketMap::new(&scene.map);
    let bracket: Vec<Option<u64>> = pairs
        .iter()
        .map(|&(from, to)| peers::bracket_astar(&bracket_map, from, to).map(u64::from))
        .collect();
    println!(
        "pairs {}: cheapest total {}, bracket-pathfinding total {} ({} gave up)",
        scene.name,
        total(&cheapest),
        total(&bracket),
        bracket.iter().filter(|c| c.is_none()).count()
    );
    let mut group = c.benchmark_group(format!("astar/{}, {PAIRS} random pairs", scene.name));
    configure(&mut group, big);
    for (name, settings) in finders().into_iter().skip(1) {
        let mut finder = prepared(settings, &scene.map);
        let (mut costs, mut expansions) = (Vec::new(), 0u64);
        for &(from, to) in &pairs {
            costs.push(finder.search(&scene.map, from, to).expect("a valid map"));
            expansions += u64::from(finder.expansions());
        }
        let worst = costs
            .iter()
            .zip(&cheapest)
            .map(|(c, b)| c.unwrap_or(0) as f64 / b.unwrap_or(1).max(1) as f64)
            .fold(1.0, f64::max);
        println!(
            "pairs {}: {name}: total {}, worst ratio {worst:.3}, {} expansions a search",
            scene.name,
            total(&costs),
            expansions / PAIRS as u64
        );
        group.bench_function(
            name,
            over_pairs(&pairs, |from, to| {
                finder.search(&scene.map, from, to).ok().flatten()
            }),
        );
    }
    group.bench_function(
        "mapgen",
        over_pairs(&pairs, |from, to| {
            astar.search(&scene.map, moves, from, to).ok().flatten()
        }),
    );
    group.bench_function(
        "bracket-pathfinding",
        over_pairs(&pairs, |from, to| {
            peers::bracket_astar(&bracket_map, from, to)
        }),
    );
    group.bench_function(
        "pathfinding",
        over_pairs(&pairs, |from, to| {
            peers::pathfinding_astar(&scene.map, from, to)
        }),
    );
    group.finish();
}

/// A routine for criterion's `bench_function`: `search` on the next of `pairs` each
/// iteration, in turn, the ends and the result passed through `black_box`.
fn over_pairs<'a, R>(
    pairs: &'a [(Point, Point)],
    mut search: impl FnMut(Point, Point) -> R + 'a,
) -> impl FnMut(&mut Bencher<'_>) + 'a {
    let mut next = 0;
    move |b: &mut Bencher<'_>| {
        b.iter(|| {
            next = (next + 1) % pairs.len();
            let (from, to) = pairs[next];
            black_box(search(black_box(from), to))
        });
    }
}

/// The `pairs/` group of a 1000x1000 map: 64 fixed random pairs of joined tiles per
/// iteration, our fastest exact search against the peers, and our precomputation alone.
fn pairs_group(c: &mut Criterion, scene: &Scene) {
    let pairs = random_pairs(&scene.map, PAIRS, PAIRS_SEED);
    let map = &scene.map;
    let mut exact = PathFinder::new(exact_settings()).expect("valid settings");
    exact.prepare(map).expect("a valid map");
    let sum = |costs: &mut dyn Iterator<Item = Option<u64>>| -> u64 {
        costs.map(|c| c.expect("joined pairs")).sum()
    };
    let ours = sum(&mut pairs
        .iter()
        .map(|&(from, to)| exact.search(map, from, to).expect("a valid map")));
    let theirs = sum(&mut pairs
        .iter()
        .map(|&(from, to)| peers::pathfinding_astar(map, from, to).map(u64::from)));
    let bracket_map = peers::BracketMap::new(map);
    let bracket: Vec<Option<u32>> = pairs
        .iter()
        .map(|&(from, to)| peers::bracket_astar(&bracket_map, from, to))
        .collect();
    let bracket_total: u64 = bracket.iter().flatten().map(|&c| u64::from(c)).sum();
    println!(
        "pairs {}: mapgen cost {ours}, pathfinding cost {theirs}",
        scene.name
    );
    println!(
        "pairs {}: bracket-pathfinding cost {bracket_total} ({} gave up), {:.1} % above the cheapest",
        scene.name,
        bracket.iter().filter(|c| c.is_none()).count(),
        (bracket_total as f64 / ours as f64 - 1.0) * 100.0
    );
    assert_eq!(ours, theirs, "mapgen and pathfinding disagree");

    let mut group = c.benchmark_group(format!("pairs/{}", scene.name));
    configure(&mut group, true);
    group.bench_function("mapgen-exact", |b| {
        b.iter(|| {
            for &(from, to) in &pairs {
                black_box(exact.search(map, black_box(from), to).ok());
            }
        });
    });
    group.bench_function("bracket-pathfinding", |b| {
        b.iter(|| {
            for &(from, to) in &pairs {
                black_box(peers::bracket_astar(&bracket_map, black_box(from), to));
            }
        });
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            for &(from, to) in &pairs {
                black_box(peers::pathfinding_astar(map, black_box(from), to));
            }
        });
    });
    group.bench_function("mapgen-exact, precomputation", |b| {
        b.iter(|| {
            let mut fresh = PathFinder::new(exact_settings()).expect("valid settings");
            black_box(fresh.prepare(black_box(map)).ok());
        });
    });
    group.finish();
}

/// The precomputation of `scene`: 8 landmarks and the region labels.
fn landmarks_row(c: &mut Criterion, scene: &Scene, big: bool) {
    let mut group = c.benchmark_group(format!("landmarks/{}", scene.name));
    configure(&mut group, big);
    let landmarks = Landmarks::build(&scene.map, Moves::default(), LANDMARKS).expect("a valid map");
    println!("landmarks {}: {:?}", scene.name, landmarks.points());
    group.bench_function("8 landmarks", |b| {
        b.iter(|| {
            black_box(Landmarks::build(black_box(&scene.map), Moves::default(), LANDMARKS).ok())
        });
    });
    group.finish();
}

/// The Dijkstra rows of `scene`: from one goal (the A* row's start) and from 64.
fn dijkstra_rows(c: &mut Criterion, scene: &Scene, big: bool) {
    let moves = Moves::default();
    let bracket_map = peers::BracketMap::new(&scene.map);
    for (label, goals) in [
        ("1 goal", vec![scene.from]),
        ("64 goals", scene.goals.clone()),
    ] {
        let mut dm = DijkstraMap::default();
        dm.compute(&scene.map, moves, goals.iter().copied())
            .expect("a valid map");
        let reached = dm.iter().filter(|(_, v)| v.is_some()).count();
        let theirs = peers::pathfinding_dijkstra(&scene.map, &goals);
        let bracket = peers::bracket_dijkstra(&bracket_map, &scene.map, &goals);
        let agree = |values: &[Option<u32>]| {
            dm.iter().all(|(p, v)| {
                let i = scene.map.index(p).expect("a cell of the map");
                v == values[i].map(i64::from)
            })
        };
        println!(
            "dijkstra {} {label}: {reached} cells reached; pathfinding agrees: {}, bracket-pathfinding agrees: {}",
            scene.name,
            agree(&theirs),
            agree(&bracket),
        );
        assert!(agree(&theirs), "mapgen and pathfinding disagree");

        let mut group = c.benchmark_group(format!("dijkstra/{} {label}", scene.name));
        configure(&mut group, big);
        group.bench_function("mapgen", |b| {
            b.iter(|| {
                dm.compute(&scene.map, moves, black_box(&goals).iter().copied())
                    .ok();
                black_box(dm.get(scene.to))
            });
        });
        group.bench_function("bracket-pathfinding", |b| {
            b.iter(|| black_box(peers::bracket_dijkstra_map(&bracket_map, black_box(&goals))));
        });
        group.bench_function("pathfinding", |b| {
            b.iter(|| {
                black_box(peers::pathfinding_dijkstra_all(
                    &scene.map,
                    black_box(&goals),
                ))
            });
        });
        group.finish();
    }
}

fn paths(c: &mut Criterion) {
    let tutorial = scenes::tutorial();
    astar_row(c, &tutorial, false);
    random_pairs_row(c, &tutorial, false);
    let big = scenes::big();
    astar_row(c, &big, true);
    astar_row(c, &walled_in(&big), true);
    pairs_group(c, &big);
    pairs_group(c, &scenes::rooms());
    landmarks_row(c, &tutorial, false);
    dijkstra_rows(c, &tutorial, false);
    dijkstra_rows(c, &big, true);
}

criterion_group!(benches, paths);
criterion_main!(benches);
