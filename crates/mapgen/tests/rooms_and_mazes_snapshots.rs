//! Golden dungeons of the `rooms-and-mazes` generator: a seed must keep naming the same dungeon
//! across releases.

mod common;

use mapgen::{Generate, RoomsAndMazesSettings};

/// The map, the start and the room outlines, as the snapshot files hold them.
fn render(settings: &RoomsAndMazesSettings, seed: u64) -> String {
    let d = settings.generate(seed).unwrap();
    let rooms: Vec<String> = d
        .rooms
        .iter()
        .map(|r| format!("{},{},{},{}", r.x1, r.y1, r.x2, r.y2))
        .collect();
    format!("{}start {}\nrooms {}\n", d.map, d.start, rooms.join(" "))
}

#[test]
fn default_settings_seeds() {
    for seed in [0, 1, 42] {
        common::assert_snapshot(
            &format!("rooms-and-mazes-79x45-seed-{seed}.txt"),
            &render(&RoomsAndMazesSettings::default(), seed),
        );
    }
}

#[test]
fn small_map() {
    let settings = RoomsAndMazesSettings {
        width: 31,
        height: 21,
        dead_ends: mapgen::DeadEnds::Keep,
        ..RoomsAndMazesSettings::default()
    };
    common::assert_snapshot(
        "rooms-and-mazes-31x21-keep-seed-7.txt",
        &render(&settings, 7),
    );
}
