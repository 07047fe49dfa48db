//! Golden exits: the exit of each pinned seed's dungeon (the dungeons themselves are
//! pinned by the other snapshot files). One line per dungeon: generator, settings, seed,
//! start and exit.

use crate::common;

use mapgen::generators::Generator;
use mapgen::generators::grid::GridSettings;
use mapgen::generators::rooms::RoomsSettings;

/// The pinned dungeons of `rooms_snapshots.rs` and `grid_snapshots.rs`, described.
fn pinned() -> Vec<(&'static str, Generator, u64)> {
    let mut out = Vec::new();
    for seed in common::ROOMS_SEEDS {
        out.push(("80x45 30/6/10", RoomsSettings::default().into(), seed));
    }
    out.push((
        "40x20 50/3/6",
        common::SMALL_ROOMS.into(),
        common::SMALL_ROOMS_SEED,
    ));
    for seed in common::DEFAULT_SEEDS {
        out.push((
            "9x7 of 13x9, 15 rooms",
            GridSettings::default().into(),
            seed,
        ));
    }
    out.push((
        "5x5 of 5x4, 10 rooms",
        common::SMALL_GRID.into(),
        common::SMALL_GRID_SEED,
    ));
    out
}

#[test]
fn exits_of_the_pinned_seeds() {
    let mut text = String::from("# generator, settings, seed: start -> exit\n");
    for (settings, generator, seed) in pinned() {
        let d = generator.generate(seed).unwrap();
        common::check_dungeon(&d).unwrap();
        let line = format!(
            "{} {settings} seed {seed}: start {} -> exit {}\n",
            generator.name(),
            d.start,
            d.exit()
        );
        text.push_str(&line);
    }
    common::assert_snapshot("exits.txt", &text);
}
