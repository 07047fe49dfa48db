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

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use mapgen::generators::Generator;
use mapgen::generators::caves::CaveRegions;
use mapgen::generators::caves::CavesSettings;
use mapgen::generators::dla::DlaSettings;
use mapgen::generators::drunkard::DrunkardMode;
use mapgen::generators::drunkard::DrunkardSettings;
use mapgen::generators::voronoi::VoronoiSettings;
use mapgen_bench::{configure, generating, over_seeds};

const SIZES: [(usize, usize); 3] = [(80, 45), (200, 200), (1000, 1000)];

type Group<'a> = BenchmarkGroup<'a, WallTime>;

fn group<'a>(c: &'a mut Criterion, name: String, w: usize, h: usize) -> Group<'a> {
    let mut g = c.benchmark_group(name);
    configure(&mut g, w * h >= 1_000_000);
    g
}

/// One of our generators at a map size.
type Sized = fn(i32, i32) -> Generator;

fn caves(width: i32, height: i32) -> Generator {
    CavesSettings {
        width,
        height,
        ..CavesSettings::DEFAULT
    }
    .into()
}

/// The peers' rule as near as ours can say it: 49 % floor, 15 rounds of wall at 5 wall
/// neighbours, unreachable caves filled.
fn caves_peer_like(width: i32, height: i32) -> Generator {
    CavesSettings {
        width,
        height,
        floor_chance: 49,
        iterations: 15,
        birth_limit: 5,
        survival_limit: 5,
        regions: CaveRegions::KeepStart,
    }
    .into()
}

fn drunkard_open_halls(width: i32, height: i32) -> Generator {
    DrunkardSettings {
        width,
        height,
        mode: DrunkardMode::OpenHalls,
        ..DrunkardSettings::DEFAULT
    }
    .into()
}

fn voronoi(width: i32, height: i32) -> Generator {
    VoronoiSettings {
        width,
        height,
        ..VoronoiSettings::DEFAULT
    }
    .into()
}

fn dla(width: i32, height: i32) -> Generator {
    DlaSettings {
        width,
        height,
        ..DlaSettings::DEFAULT
    }
    .into()
}

/// klangner's pipeline `build` run on a fresh builder, from the seed's `StdRng`.
fn klangner(
    w: usize,
    h: usize,
    build: fn(&mut klangner_mapgen::MapBuilder),
    seed: u64,
) -> klangner_mapgen::MapBuffer {
    use rand08::SeedableRng;
    let mut rng = rand08::rngs::StdRng::seed_from_u64(seed);
    let mut builder = klangner_mapgen::MapBuilder::new(w, h);
    build(&mut builder);
    builder.build_with_rng(&mut rng)
}

type Dragons = here_be_dragons::MapBuilder<here_be_dragons::NoData>;

/// `here_be_dragons`' pipeline `build` run on a fresh builder, from the seed's `StdRng`.
fn dragons(
    w: usize,
    h: usize,
    build: fn(&mut Dragons),
    seed: u64,
) -> here_be_dragons::Map<here_be_dragons::NoData> {
    use rand09::SeedableRng;
    let mut rng = rand09::rngs::StdRng::seed_from_u64(seed);
    let mut builder = Dragons::new(w, h);
    build(&mut builder);
    builder.build_with_rng(&mut rng)
}

/// A family against its peers: at every size, our rows, then klangner's and
/// `here_be_dragons`' pipelines, each row named as given.
struct Family {
    name: &'static str,
    ours: &'static [(&'static str, Sized)],
    klangner: (&'static str, fn(&mut klangner_mapgen::MapBuilder)),
    dragons: (&'static str, fn(&mut Dragons)),
}

fn against_peers(c: &mut Criterion, family: &Family) {
    for (w, h) in SIZES {
        let mut g = group(c, format!("{}/{w}x{h}", family.name), w, h);
        for &(id, sized) in family.ours {
            g.bench_function(id, generating(sized(w as i32, h as i32)));
        }
        let (id, build) = family.klangner;
        g.bench_function(id, over_seeds(|seed| klangner(w, h, build, seed)));
        let (id, build) = family.dragons;
        g.bench_function(id, over_seeds(|seed| dragons(w, h, build, seed)));
        g.finish();
    }
}

fn families(c: &mut Criterion) {
    against_peers(
        c,
        &Family {
            name: "caves",
            ours: &[
                ("mapgen (4 rounds, join)", caves),
                ("mapgen (15 rounds, keep-start)", caves_peer_like),
            ],
            klangner: ("klangner mapgen 0.6", |b| {
                use klangner_mapgen::filter::starting_point::{
                    AreaStartingPosition, XStart, YStart,
                };
                use klangner_mapgen::filter::{CellularAutomata, CullUnreachable, NoiseGenerator};
                b.with(NoiseGenerator::uniform())
                    .with(CellularAutomata::new())
                    .with(AreaStartingPosition::new(XStart::CENTER, YStart::CENTER))
                    .with(CullUnreachable::new());
            }),
            dragons: ("here_be_dragons 0.4", |b| {
                use here_be_dragons::filter::starting_point::{
                    AreaStartingPosition, XStart, YStart,
                };
                use here_be_dragons::filter::{CellularAutomata, CullUnreachable, NoiseGenerator};
                b.with(NoiseGenerator::uniform())
                    .with(CellularAutomata::new())
                    .with(AreaStartingPosition::new(XStart::CENTER, YStart::CENTER))
                    .with(CullUnreachable::new());
            }),
        },
    );
    against_peers(
        c,
        &Family {
            name: "drunkard",
            ours: &[("mapgen open-halls 50%", drunkard_open_halls)],
            klangner: ("klangner mapgen 0.6 open_halls", |b| {
                b.with(klangner_mapgen::filter::DrunkardsWalk::open_halls());
            }),
            dragons: ("here_be_dragons 0.4 open_halls", |b| {
                b.with(here_be_dragons::filter::DrunkardsWalk::open_halls());
            }),
        },
    );
    against_peers(
        c,
        &Family {
            name: "voronoi",
            ours: &[("mapgen 64 seeds", voronoi)],
            klangner: ("klangner mapgen 0.6", |b| {
                b.with(klangner_mapgen::filter::VoronoiHive::new());
            }),
            dragons: ("here_be_dragons 0.4", |b| {
                b.with(here_be_dragons::filter::VoronoiHive::new());
            }),
        },
    );
}

/// Ours alone: DLA (no peer has it) at every size, and every family at 2000 x 2000.
fn ours_alone(c: &mut Criterion) {
    for (w, h) in SIZES {
        let mut g = group(c, format!("dla/{w}x{h}"), w, h);
        g.bench_function(
            "mapgen walk-inwards 25%",
            generating(dla(w as i32, h as i32)),
        );
        g.finish();
    }
    let (w, h) = (2000, 2000);
    let mut g = group(c, format!("ours/{w}x{h}"), w, h);
    let rows: [(&str, Sized); 4] = [
        ("caves", caves),
        ("drunkard open-halls", drunkard_open_halls),
        ("voronoi", voronoi),
        ("dla walk-inwards", dla),
    ];
    for (id, sized) in rows {
        g.bench_function(id, generating(sized(w as i32, h as i32)));
    }
    g.finish();
}

criterion_group!(benches, families, ours_alone);
criterion_main!(benches);
