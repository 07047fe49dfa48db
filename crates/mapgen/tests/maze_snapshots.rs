//! Golden dungeons of the `maze` generator: a seed must keep naming the same dungeon
//! across releases.

mod common;

use mapgen::{Generate, MazeSettings};

/// The map, the start and the room outlines, as the snapshot files hold them.
fn render(settings: &MazeSettings, seed: u64) -> String {
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
            &format!("maze-79x45-seed-{seed}.txt"),
            &render(&MazeSettings::default(), seed),
        );
    }
}

#[test]
fn small_map() {
    let settings = MazeSettings {
        width: 20,
        height: 12,
        branching: 100,
    };
    common::assert_snapshot("maze-20x12-branching-100-seed-7.txt", &render(&settings, 7));
}
