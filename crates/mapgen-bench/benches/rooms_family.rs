//! The room-based generators (bsp, bsp-interior, maze, rooms-and-mazes): speed at the
//! tutorial's size and at 1000 x 1000, side by side with klangner's `mapgen` 0.6 and
//! `here_be_dragons` 0.4 where they have the same algorithm, and our cost per tile from
//! 250 x 250 to 2000 x 2000.
//!
//! ```sh
//! cargo bench -p mapgen-bench --bench rooms_family
//! ROOMS_FAMILY_SLOW_PEERS=1 cargo bench -p mapgen-bench --bench rooms_family   # + peers' 1000x1000 mazes
//! ```
//!
//! Every row makes a whole dungeon from nothing (the peers' empty input map included),
//! cycling the seed over 0..1024. The peers' mazes copy the whole map every 50 steps and
//! shift their whole backtrack list on every dead end, so one 1000 x 1000 maze takes them
//! seconds; those two rows run only with `ROOMS_FAMILY_SLOW_PEERS` set.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use here_be_dragons::NoData;
use mapgen::generators::Generator;
use mapgen::generators::bsp::BspSettings;
use mapgen::generators::bsp_interior::BspInteriorSettings;
use mapgen::generators::maze::MazeSettings;
use mapgen::generators::rooms_and_mazes::{DeadEnds, RoomsAndMazesSettings};
use mapgen_bench::{generating, over_seeds};

/// The peers draw from `rand`'s `StdRng` of their own `rand` release.
mod peers {
    use rand08::SeedableRng as _;
    use rand09::SeedableRng as _;

    /// A klangner `mapgen` 0.6 filter run on an empty map, as its docs show.
    pub fn klangner(
        filter: &dyn klangner_mapgen::MapFilter,
        w: usize,
        h: usize,
        seed: u64,
    ) -> usize {
        let mut rng = rand08::rngs::StdRng::seed_from_u64(seed);
        let map = filter.modify_map(&mut rng, &klangner_mapgen::MapBuffer::new(w, h));
        map.walkables.len()
    }

    /// A `here_be_dragons` 0.4 filter run on an empty map, as its docs show.
    pub fn dragons(
        filter: &dyn here_be_dragons::MapFilter<here_be_dragons::NoData>,
        w: usize,
        h: usize,
        seed: u64,
    ) -> usize {
        let mut rng = rand09::rngs::StdRng::seed_from_u64(seed);
        let map = filter.modify_map(&mut rng, &here_be_dragons::Map::new(w, h));
        map.width * map.height
    }
}

/// One of our generators at a map size.
type MakeGenerator = fn((i32, i32)) -> Generator;

/// The peers' filters for the same algorithm as ours.
struct Peers {
    klangner: Box<dyn klangner_mapgen::MapFilter>,
    dragons: Box<dyn here_be_dragons::MapFilter<NoData>>,
}

/// The 1000 x 1000 rows: ten samples (criterion's fewest), and the slow peers' mazes only
/// on request.
fn is_big(w: usize) -> bool {
    w > 100
}

fn slow_peers() -> bool {
    std::env::var_os("ROOMS_FAMILY_SLOW_PEERS").is_some()
}

/// Our settings of each generator at a size. The comparison rows use settings as close
/// to the peers' fixed ones as ours allow (see docs/performance.md).
///
/// The peers' BSP rooms make about 90 rooms on any map (240 tries); at 1000 x 1000 ours
/// are cut to depth 7 (at most 128 rooms) to compare like with like.
fn bsp(side: (i32, i32)) -> Generator {
    let depth = if side.0 > 100 { 7 } else { 8 };
    Generator::Bsp(BspSettings {
        width: side.0,
        height: side.1,
        depth,
        ..BspSettings::default()
    })
}

/// A BSP dungeon cut all the way down to `min_leaf_size`, for the cost per tile.
fn bsp_filled(side: (i32, i32)) -> Generator {
    Generator::Bsp(BspSettings {
        width: side.0,
        height: side.1,
        depth: BspSettings::MAX_DEPTH,
        ..BspSettings::default()
    })
}

fn bsp_interior(side: (i32, i32)) -> Generator {
    Generator::BspInterior(BspInteriorSettings {
        width: side.0,
        height: side.1,
        min_room_size: 9,
    })
}

fn maze(side: (i32, i32)) -> Generator {
    Generator::Maze(MazeSettings {
        width: side.0,
        height: side.1,
        branching: 0,
    })
}

fn rooms_and_mazes(side: (i32, i32)) -> Generator {
    // The default density: 100 tries per 79 x 45 map.
    let area = i64::from(side.0) * i64::from(side.1);
    Generator::RoomsAndMazes(RoomsAndMazesSettings {
        width: side.0,
        height: side.1,
        room_tries: (area * 100 / (79 * 45)) as u32,
        dead_ends: DeadEnds::Remove,
        ..RoomsAndMazesSettings::default()
    })
}

/// One family at one map size: ours, then the peers where they are given.
fn compare(
    c: &mut Criterion,
    family: &str,
    (w, h): (usize, usize),
    ours: Generator,
    peers: Option<Peers>,
) {
    let mut group = c.benchmark_group(format!("{family}/{w}x{h}"));
    if is_big(w) {
        group.sample_size(10);
    }
    group.bench_function("mapgen", generating(ours));
    if let Some(Peers { klangner, dragons }) = peers {
        group.bench_function(
            "klangner-mapgen",
            over_seeds(|s| peers::klangner(&*klangner, w, h, s)),
        );
        group.bench_function(
            "here_be_dragons",
            over_seeds(|s| peers::dragons(&*dragons, w, h, s)),
        );
    }
    group.finish();
}

fn against_peers(c: &mut Criterion) {
    use here_be_dragons::filter as hbd;
    use klangner_mapgen::filter as kl;

    for (w, h) in [(80usize, 45usize), (1000, 1000)] {
        let side = (w as i32, h as i32);
        let bsp_peers = Peers {
            klangner: kl::BspRooms::new(),
            dragons: hbd::BspRooms::<NoData>::new(),
        };
        compare(c, "bsp", (w, h), bsp(side), Some(bsp_peers));
        let interior_peers = Peers {
            klangner: kl::BspInterior::new(),
            dragons: hbd::BspInterior::<NoData>::new(),
        };
        compare(
            c,
            "bsp-interior",
            (w, h),
            bsp_interior(side),
            Some(interior_peers),
        );
        let maze_peers = (!is_big(w) || slow_peers()).then(|| Peers {
            klangner: kl::MazeBuilder::new(),
            dragons: hbd::MazeBuilder::<NoData>::new(),
        });
        compare(c, "maze", (w, h), maze(side), maze_peers);
        compare(c, "rooms-and-mazes", (w, h), rooms_and_mazes(side), None);
    }
}

/// Our cost per tile as the map grows: each row's time over its area should stay flat.
fn scaling(c: &mut Criterion) {
    let kinds: [(&str, MakeGenerator); 4] = [
        ("bsp", bsp_filled),
        ("bsp-interior", bsp_interior),
        ("maze", maze),
        ("rooms-and-mazes", rooms_and_mazes),
    ];
    for (name, make) in kinds {
        let mut group = c.benchmark_group(format!("{name}/scaling"));
        group.sample_size(10);
        for side in [250, 500, 1000, 2000] {
            group.bench_function(format!("{side}x{side}"), generating(make((side, side))));
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = against_peers, scaling
}
criterion_main!(benches);
