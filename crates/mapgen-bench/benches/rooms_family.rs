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

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use mapgen::{
    BspInteriorSettings, BspSettings, DeadEnds, Generator, MazeSettings, RoomsAndMazesSettings,
};

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

type Group<'a> = BenchmarkGroup<'a, WallTime>;

/// One of our generators at a map size.
type MakeGenerator = fn((i32, i32)) -> Generator;

/// Times one of ours over a cycle of seeds.
fn ours(group: &mut Group, id: &str, generator: Generator) {
    let mut seed = 0u64;
    group.bench_function(id, |b| {
        b.iter(|| {
            seed = (seed + 1) % 1024;
            black_box(generator.generate(black_box(seed)).unwrap())
        })
    });
}

/// Times a peer's run over a cycle of seeds.
fn peer(group: &mut Group, id: &str, mut run: impl FnMut(u64) -> usize) {
    let mut seed = 0u64;
    group.bench_function(id, |b| {
        b.iter(|| {
            seed = (seed + 1) % 1024;
            black_box(run(black_box(seed)))
        })
    });
}

fn slow_peers() -> bool {
    std::env::var_os("ROOMS_FAMILY_SLOW_PEERS").is_some()
}

/// Our settings of each generator at a size. The comparison rows use settings as close
/// to the peers' fixed ones as ours allow (see the README).
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

fn against_peers(c: &mut Criterion) {
    use here_be_dragons::{NoData, filter as hbd};
    use klangner_mapgen::filter as kl;

    for (w, h) in [(80usize, 45usize), (1000, 1000)] {
        let size = format!("{w}x{h}");
        let side = (w as i32, h as i32);
        let big = w > 100;

        let mut group = c.benchmark_group(format!("bsp/{size}"));
        if big {
            group.sample_size(10);
        }
        ours(&mut group, "mapgen", bsp(side));
        let kl_bsp = kl::BspRooms::new();
        peer(&mut group, "klangner-mapgen", |s| {
            peers::klangner(&*kl_bsp, w, h, s)
        });
        let hbd_bsp = hbd::BspRooms::<NoData>::new();
        peer(&mut group, "here_be_dragons", |s| {
            peers::dragons(&*hbd_bsp, w, h, s)
        });
        group.finish();

        let mut group = c.benchmark_group(format!("bsp-interior/{size}"));
        if big {
            group.sample_size(10);
        }
        ours(&mut group, "mapgen", bsp_interior(side));
        let kl_int = kl::BspInterior::new();
        peer(&mut group, "klangner-mapgen", |s| {
            peers::klangner(&*kl_int, w, h, s)
        });
        let hbd_int = hbd::BspInterior::<NoData>::new();
        peer(&mut group, "here_be_dragons", |s| {
            peers::dragons(&*hbd_int, w, h, s)
        });
        group.finish();

        let mut group = c.benchmark_group(format!("maze/{size}"));
        if big {
            group.sample_size(10);
        }
        ours(&mut group, "mapgen", maze(side));
        if !big || slow_peers() {
            let kl_maze = kl::MazeBuilder::new();
            peer(&mut group, "klangner-mapgen", |s| {
                peers::klangner(&*kl_maze, w, h, s)
            });
            let hbd_maze = hbd::MazeBuilder::<NoData>::new();
            peer(&mut group, "here_be_dragons", |s| {
                peers::dragons(&*hbd_maze, w, h, s)
            });
        }
        group.finish();

        let mut group = c.benchmark_group(format!("rooms-and-mazes/{size}"));
        if big {
            group.sample_size(10);
        }
        ours(&mut group, "mapgen", rooms_and_mazes(side));
        group.finish();
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
            ours(&mut group, &format!("{side}x{side}"), make((side, side)));
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
