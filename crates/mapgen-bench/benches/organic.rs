//! The organic generators against their peers:
//! `cargo bench -p mapgen-bench --bench organic`.
//!
//! Each group is one family at one map size: ours with default settings, ours with the
//! settings closest to the peers' (where they differ), klangner's `mapgen` 0.6 and
//! `here_be_dragons` 0.4 with their own. Seeds cycle over 0..1024 for every row. Ours
//! alone also runs at 2000 x 2000, to show the cost per tile stays flat.
//!
//! Peer pipelines (their builder, their filters):
//! - caves: `NoiseGenerator::uniform()` + `CellularAutomata::new()` (15 rounds) +
//!   `AreaStartingPosition(CENTER, CENTER)` + `CullUnreachable`;
//! - drunkard: `DrunkardsWalk::open_halls()` (their `open_area` does not finish on large
//!   maps; see `examples/peer_open_area.rs`);
//! - voronoi: `VoronoiHive::new()` (64 seeds).

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use mapgen::generators::caves::CaveRegions;
use mapgen::generators::drunkard::DrunkardMode;
use mapgen::{CavesSettings, DlaSettings, DrunkardSettings, Generator, VoronoiSettings};

const SIZES: [(usize, usize); 3] = [(80, 45), (200, 200), (1000, 1000)];

fn group<'a>(
    c: &'a mut Criterion,
    name: String,
    w: usize,
    h: usize,
) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
    if w * h >= 1_000_000 {
        g.sample_size(10);
    }
    g
}

/// Times our generator over a cycle of seeds.
fn ours(g: &mut BenchmarkGroup<'_, WallTime>, name: &str, settings: Generator) {
    let mut seed = 0u64;
    g.bench_function(name, |b| {
        b.iter(|| {
            seed = (seed + 1) % 1024;
            black_box(settings.generate(black_box(seed)).unwrap())
        })
    });
}

fn klangner(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    w: usize,
    h: usize,
    build: fn(&mut klangner_mapgen::MapBuilder),
) {
    use rand08::SeedableRng;
    let mut seed = 0u64;
    g.bench_function(name, |b| {
        b.iter(|| {
            seed = (seed + 1) % 1024;
            let mut rng = rand08::rngs::StdRng::seed_from_u64(seed);
            let mut builder = klangner_mapgen::MapBuilder::new(w, h);
            build(&mut builder);
            black_box(builder.build_with_rng(&mut rng))
        })
    });
}

type Dragons = here_be_dragons::MapBuilder<here_be_dragons::NoData>;

fn dragons(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    w: usize,
    h: usize,
    build: fn(&mut Dragons),
) {
    use rand09::SeedableRng;
    let mut seed = 0u64;
    g.bench_function(name, |b| {
        b.iter(|| {
            seed = (seed + 1) % 1024;
            let mut rng = rand09::rngs::StdRng::seed_from_u64(seed);
            let mut builder = Dragons::new(w, h);
            build(&mut builder);
            black_box(builder.build_with_rng(&mut rng))
        })
    });
}

fn caves(c: &mut Criterion) {
    for (w, h) in SIZES {
        let mut g = group(c, format!("caves/{w}x{h}"), w, h);
        let size = CavesSettings {
            width: w as i32,
            height: h as i32,
            ..CavesSettings::DEFAULT
        };
        ours(&mut g, "mapgen (4 rounds, join)", size.into());
        // The peers' rule as near as ours can say it: 49 % floor, 15 rounds of wall at 5
        // wall neighbours, unreachable caves filled.
        let peer_like = CavesSettings {
            floor_chance: 49,
            iterations: 15,
            birth_limit: 5,
            survival_limit: 5,
            regions: CaveRegions::KeepStart,
            ..size
        };
        ours(&mut g, "mapgen (15 rounds, keep-start)", peer_like.into());
        klangner(&mut g, "klangner mapgen 0.6", w, h, |b| {
            use klangner_mapgen::filter::starting_point::{AreaStartingPosition, XStart, YStart};
            use klangner_mapgen::filter::{CellularAutomata, CullUnreachable, NoiseGenerator};
            b.with(NoiseGenerator::uniform())
                .with(CellularAutomata::new())
                .with(AreaStartingPosition::new(XStart::CENTER, YStart::CENTER))
                .with(CullUnreachable::new());
        });
        dragons(&mut g, "here_be_dragons 0.4", w, h, |b| {
            use here_be_dragons::filter::starting_point::{AreaStartingPosition, XStart, YStart};
            use here_be_dragons::filter::{CellularAutomata, CullUnreachable, NoiseGenerator};
            b.with(NoiseGenerator::uniform())
                .with(CellularAutomata::new())
                .with(AreaStartingPosition::new(XStart::CENTER, YStart::CENTER))
                .with(CullUnreachable::new());
        });
        g.finish();
    }
}

fn drunkard(c: &mut Criterion) {
    for (w, h) in SIZES {
        let mut g = group(c, format!("drunkard/{w}x{h}"), w, h);
        let settings = DrunkardSettings {
            width: w as i32,
            height: h as i32,
            mode: DrunkardMode::OpenHalls,
            ..DrunkardSettings::DEFAULT
        };
        ours(&mut g, "mapgen open-halls 50%", settings.into());
        klangner(&mut g, "klangner mapgen 0.6 open_halls", w, h, |b| {
            b.with(klangner_mapgen::filter::DrunkardsWalk::open_halls());
        });
        dragons(&mut g, "here_be_dragons 0.4 open_halls", w, h, |b| {
            b.with(here_be_dragons::filter::DrunkardsWalk::open_halls());
        });
        g.finish();
    }
}

fn voronoi(c: &mut Criterion) {
    for (w, h) in SIZES {
        let mut g = group(c, format!("voronoi/{w}x{h}"), w, h);
        let settings = VoronoiSettings {
            width: w as i32,
            height: h as i32,
            ..VoronoiSettings::DEFAULT
        };
        ours(&mut g, "mapgen 64 seeds", settings.into());
        klangner(&mut g, "klangner mapgen 0.6", w, h, |b| {
            b.with(klangner_mapgen::filter::VoronoiHive::new());
        });
        dragons(&mut g, "here_be_dragons 0.4", w, h, |b| {
            b.with(here_be_dragons::filter::VoronoiHive::new());
        });
        g.finish();
    }
}

/// Ours alone: DLA (no peer has it) at every size, and every family at 2000 x 2000.
fn ours_alone(c: &mut Criterion) {
    for (w, h) in SIZES {
        let mut g = group(c, format!("dla/{w}x{h}"), w, h);
        let settings = DlaSettings {
            width: w as i32,
            height: h as i32,
            ..DlaSettings::DEFAULT
        };
        ours(&mut g, "mapgen walk-inwards 25%", settings.into());
        g.finish();
    }
    let (w, h) = (2000, 2000);
    let mut g = group(c, format!("ours/{w}x{h}"), w, h);
    let side = (w as i32, h as i32);
    let caves = CavesSettings {
        width: side.0,
        height: side.1,
        ..CavesSettings::DEFAULT
    };
    ours(&mut g, "caves", caves.into());
    let drunkard = DrunkardSettings {
        width: side.0,
        height: side.1,
        ..DrunkardSettings::DEFAULT
    };
    ours(&mut g, "drunkard open-halls", drunkard.into());
    let voronoi = VoronoiSettings {
        width: side.0,
        height: side.1,
        ..VoronoiSettings::DEFAULT
    };
    ours(&mut g, "voronoi", voronoi.into());
    let dla = DlaSettings {
        width: side.0,
        height: side.1,
        ..DlaSettings::DEFAULT
    };
    ours(&mut g, "dla walk-inwards", dla.into());
    g.finish();
}

criterion_group!(benches, caves, drunkard, voronoi, ours_alone);
criterion_main!(benches);
