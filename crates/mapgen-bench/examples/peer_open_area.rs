//! Runs a peer's `DrunkardsWalk::open_area` once at one map size and prints how long it
//! took. Their walkers all start at the centre and the run only ends when half the map is
//! floor, so on large maps it may never end: run this under a timeout, in its own process,
//! never inside the benchmark.
//!
//! ```sh
//! cargo build --release -p mapgen-bench --example peer_open_area
//! timeout 60 target/release/examples/peer_open_area klangner 200 200 1
//! timeout 60 target/release/examples/peer_open_area dragons 1000 1000 1
//! ```

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg =
        |i: usize, default: usize| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    let peer = args.get(1).map_or("klangner", String::as_str);
    let (w, h, seed) = (arg(2, 80), arg(3, 45), arg(4, 1) as u64);
    let started = Instant::now();
    let floor = match peer {
        "dragons" => {
            use rand09::SeedableRng;
            let mut rng = rand09::rngs::StdRng::seed_from_u64(seed);
            let map = here_be_dragons::MapBuilder::<here_be_dragons::NoData>::new(w, h)
                .with(here_be_dragons::filter::DrunkardsWalk::open_area())
                .build_with_rng(&mut rng);
            map.tiles.iter().filter(|t| t.is_walkable()).count()
        }
        _ => {
            use rand08::SeedableRng;
            let mut rng = rand08::rngs::StdRng::seed_from_u64(seed);
            let map = klangner_mapgen::MapBuilder::new(w, h)
                .with(klangner_mapgen::filter::DrunkardsWalk::open_area())
                .build_with_rng(&mut rng);
            map.walkables.iter().filter(|&&w| w).count()
        }
    };
    println!(
        "{peer} open_area {w}x{h} seed {seed}: {floor} floor tiles in {:.3} s",
        started.elapsed().as_secs_f64()
    );
}
