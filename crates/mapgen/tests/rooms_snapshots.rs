//! Golden dungeons: a seed must keep naming the same dungeon across releases.

mod common;

use mapgen::{Generate, RoomsSettings};

fn render(settings: &RoomsSettings, seed: u64) -> String {
    let d = settings.generate(seed).unwrap();
    let rooms: Vec<String> = d
        .rooms
        .iter()
        .map(|r| format!("{},{},{},{}", r.x1, r.y1, r.x2, r.y2))
        .collect();
    format!("{}start {}\nrooms {}\n", d.map, d.start, rooms.join(" "))
}

#[test]
fn tutorial_settings_seeds() {
    for seed in [0, 1, 42, 12345, u64::MAX] {
        common::assert_snapshot(
            &format!("rooms-80x45-seed-{seed}.txt"),
            &render(&RoomsSettings::default(), seed),
        );
    }
}

#[test]
fn small_map_small_rooms() {
    let settings = RoomsSettings {
        width: 40,
        height: 20,
        max_rooms: 50,
        room_min_size: 3,
        room_max_size: 6,
    };
    common::assert_snapshot("rooms-40x20-3-6-seed-7.txt", &render(&settings, 7));
}
