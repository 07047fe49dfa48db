//! Golden dungeons of the `bsp` generator: a seed must keep naming the same dungeon
//! across releases.

mod common;

use mapgen::{BspSettings, Generate};

/// The map, the start and the room outlines, as the snapshot files hold them.
fn render(settings: &BspSettings, seed: u64) -> String {
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
            &format!("bsp-80x45-seed-{seed}.txt"),
            &render(&BspSettings::default(), seed),
        );
    }
}

#[test]
fn small_map() {
    let settings = BspSettings {
        width: 30,
        height: 20,
        depth: 3,
        min_leaf_size: 6,
        ..BspSettings::default()
    };
    common::assert_snapshot("bsp-30x20-depth-3-min-6-seed-7.txt", &render(&settings, 7));
}
