//! Golden grid dungeons: a seed must keep naming the same dungeon across releases.

mod common;

use mapgen::{Generate, GridSettings};

fn render(settings: &GridSettings, seed: u64) -> String {
    let d = settings.generate(seed).unwrap();
    let grid = d.grid().unwrap();
    let rooms: Vec<String> = grid
        .rooms()
        .iter()
        .map(|r| format!("{},{} {} {} {}", r.col, r.row, r.doors, r.kind, r.depth))
        .collect();
    format!("{}start {}\n{}\n", d.map, d.start, rooms.join("\n"))
}

#[test]
fn default_settings_seeds() {
    for seed in [0, 1, 42] {
        common::assert_snapshot(
            &format!("grid-9x7-seed-{seed}.txt"),
            &render(&GridSettings::default(), seed),
        );
    }
}

#[test]
fn small_rooms() {
    let settings = GridSettings {
        cols: 5,
        rows: 5,
        room_width: 5,
        room_height: 4,
        room_count: 10,
        ..GridSettings::default()
    };
    common::assert_snapshot("grid-5x5-5x4-seed-3.txt", &render(&settings, 3));
}
