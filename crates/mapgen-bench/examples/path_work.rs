//! One path workload of the path benchmark, for counting its instructions with callgrind
//! (repeatable on a loaded machine, where wall times are not) or timing it in CPU time:
//!
//! ```sh
//! cargo build --release -p mapgen-bench --example path_work
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='path_work::work*' \
//!     target/release/examples/path_work WORKLOAD
//! target/release/examples/path_work WORKLOAD cpu   # CPU time of the work, this thread
//! ```
//!
//! `WORKLOAD` is `tutorial-astar` (2,000 start-to-exit searches on the tutorial map),
//! `random-astar`, `rooms-astar` (the 64 pairs of each 1000x1000 map, `AStar`),
//! `random-exact`, `rooms-exact` (the same pairs, the bench's `mapgen-exact`: `PathFinder`
//! with its landmarks prepared beforehand), `tutorial-exact`, and `random-bracket`,
//! `rooms-bracket` (the same pairs, bracket-pathfinding's A*, for CPU times side by side).

#[path = "../benches/path/peers.rs"]
#[allow(dead_code)]
mod peers;
#[path = "../benches/path/scenes.rs"]
#[allow(dead_code)]
mod scenes;

use std::hint::black_box;
use std::time::Duration;

use mapgen::Point;
use mapgen::path::{AStar, Moves, PathFinder};
use mapgen_bench::exact_settings;

/// This thread's CPU time so far (Linux), or zero where the system does not say.
fn cpu_time() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

/// The measured part: `search` over every pair, `rounds` times; the summed costs.
#[inline(never)]
fn work(
    pairs: &[(Point, Point)],
    rounds: usize,
    mut search: impl FnMut(Point, Point) -> Option<u64>,
) -> u64 {
    let mut total = 0;
    for _ in 0..rounds {
        for &(from, to) in pairs {
            total += black_box(search(black_box(from), to)).unwrap_or(0);
        }
    }
    total
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let workload = args.get(1).map_or("tutorial-astar", String::as_str);
    let cpu = args.get(2).is_some_and(|a| a == "cpu");
    let (scene, kind) = workload.split_once('-').unwrap_or((workload, "astar"));
    let scene = match scene {
        "random" => scenes::big(),
        "rooms" => scenes::rooms(),
        _ => scenes::tutorial(),
    };
    let (pairs, rounds) = if scene.name.starts_with("tutorial") {
        (vec![(scene.from, scene.to)], 2000)
    } else {
        (
            scenes::random_pairs(&scene.map, scenes::PAIRS, scenes::PAIRS_SEED),
            1,
        )
    };
    let rounds = if cpu { rounds * 5 } else { rounds };
    let map = &scene.map;
    let mut settings = exact_settings();
    if let Some(count) = std::env::var("LANDMARKS").ok().and_then(|c| c.parse().ok()) {
        settings.landmarks = count; // for trying counts out
    }
    let mut finder = PathFinder::new(settings).expect("valid settings");
    if kind == "exact" {
        let before = cpu_time();
        finder.prepare(map).expect("a valid map");
        let mut expansions = 0u64;
        for &(from, to) in &pairs {
            finder.search(map, from, to).expect("a valid map");
            expansions += u64::from(finder.expansions());
        }
        eprintln!(
            "{} landmarks prepared in {:?} CPU; {} expansions a search",
            settings.landmarks,
            cpu_time() - before,
            expansions / pairs.len() as u64
        );
    }
    let mut astar = AStar::default();
    let start = cpu_time();
    let total = match kind {
        "exact" => work(&pairs, rounds, |from, to| {
            finder.search(map, from, to).expect("a valid map")
        }),
        "bracket" => {
            let bracket = peers::BracketMap::new(map);
            work(&pairs, rounds, |from, to| {
                peers::bracket_astar(&bracket, from, to).map(u64::from)
            })
        }
        _ => work(&pairs, rounds, |from, to| {
            astar
                .search(map, Moves::default(), from, to)
                .expect("a valid map")
        }),
    };
    let spent = cpu_time() - start;
    println!("{workload}: total cost {total}");
    if cpu {
        let per = spent / (rounds * pairs.len()) as u32;
        println!("{:?} CPU per search ({:?} in all)", per, spent);
    }
}
