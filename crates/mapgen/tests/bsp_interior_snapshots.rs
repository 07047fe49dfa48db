//! Golden dungeons of the `bsp-interior` generator: a seed must keep naming the same dungeon
//! across releases.

mod common;

use mapgen::{BspInteriorSettings, Generate};

/// The map, the start and the room outlines, as the snapshot files hold them.
fn render(settings: &BspInteriorSettings, seed: u64) -> String {
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
            &format!("bsp-interior-80x45-seed-{seed}.txt"),
            &render(&BspInteriorSettings::default(), seed),
        );
    }
}

#[test]
fn small_map() {
    let settings = BspInteriorSettings {
        width: 33,
        height: 17,
        min_room_size: 4,
    };
    common::assert_snapshot("bsp-interior-33x17-min-4-seed-7.txt", &render(&settings, 7));
}
