//! Paths and Dijkstra maps against bracket-pathfinding 0.8.7 and the `pathfinding` crate:
//! `cargo bench -p mapgen-bench --bench path`.
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

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fov_compare::SplitMix64;
use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::path::{AStar, DijkstraMap, Moves};
use mapgen::{Map, Point, Tile};
use mapgen_bench::configure;

/// The tutorial dungeon's seed (the field-of-view benchmark's too).
const TUTORIAL_SEED: u64 = 42;
/// The seed of the random 1000x1000 map.
const BIG_SEED: u64 = 0x9A7B;
const BIG_SIDE: i32 = 1000;

/// A map with the points each row asks about.
struct Scene {
    name: &'static str,
    map: Map,
    from: Point,
    to: Point,
    goals: Vec<Point>,
}

/// The tutorial's dungeon: start to exit, and 64 goals on its floor.
fn tutorial() -> Scene {
    let dungeon = RoomsSettings::default()
        .generate(TUTORIAL_SEED)
        .expect("the default settings are valid");
    let goals = floor_sample(&dungeon.map, 64, 1);
    Scene {
        name: "tutorial 80x45",
        from: dungeon.start,
        to: dungeon.exit(),
        map: dungeon.map,
        goals,
    }
}

/// 1000x1000, each cell a wall with probability 3/10 (`SplitMix64` draws in row order,
/// `draw % 10 < 3`), the corners floor; the first seed from `BIG_SEED` on whose corners
/// are joined. A* goes from the top-left corner to the bottom-right one.
fn big() -> Scene {
    let mut seed = BIG_SEED;
    loop {
        let mut rng = SplitMix64(seed);
        let mut map = Map::new(BIG_SIDE, BIG_SIDE).expect("a valid size");
        for y in 0..BIG_SIDE {
            for x in 0..BIG_SIDE {
                let wall = rng.next_u64() % 10 < 3;
                map.set((x, y), if wall { Tile::WALL } else { Tile::FLOOR });
            }
        }
        let (from, to) = (Point::new(0, 0), Point::new(BIG_SIDE - 1, BIG_SIDE - 1));
        map.set(from, Tile::FLOOR);
        map.set(to, Tile::FLOOR);
        let mut dm = DijkstraMap::default();
        dm.compute(&map, Moves::default(), [to])
            .expect("a valid map");
        if dm.get(from).is_some() {
            let goals = floor_sample(&map, 64, seed);
            return Scene {
                name: "random 1000x1000",
                map,
                from,
                to,
                goals,
            };
        }
        seed += 1;
    }
}

/// `count` distinct walkable cells drawn with `SplitMix64` from `seed`.
fn floor_sample(map: &Map, count: usize, seed: u64) -> Vec<Point> {
    let floor: Vec<Point> = map
        .iter()
        .filter(|(_, t)| t.walkable)
        .map(|(p, _)| p)
        .collect();
    let mut rng = SplitMix64(seed);
    let mut picked = Vec::new();
    while picked.len() < count.min(floor.len()) {
        let p = floor[(rng.next_u64() % floor.len() as u64) as usize];
        if !picked.contains(&p) {
            picked.push(p);
        }
    }
    picked
}

/// The big map with its goal corner walled in.
fn walled_in(scene: &Scene) -> Scene {
    let mut map = scene.map.clone();
    for p in scene.to.neighbours8() {
        map.set(p, Tile::WALL);
    }
    Scene {
        name: "random 1000x1000, goal walled in",
        map,
        from: scene.from,
        to: scene.to,
        goals: Vec::new(),
    }
}

/// The A* row of `scene`: start to goal, each peer.
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
    let tutorial = tutorial();
    astar_row(c, &tutorial, false);
    let big = big();
    astar_row(c, &big, true);
    astar_row(c, &walled_in(&big), true);
    dijkstra_rows(c, &tutorial, false);
    dijkstra_rows(c, &big, true);
}

criterion_group!(benches, paths);
criterion_main!(benches);
