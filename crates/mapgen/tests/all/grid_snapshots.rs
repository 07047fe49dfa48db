//! Golden grid dungeons: a seed must keep naming the same dungeon across releases.

use crate::common;

use mapgen::Dungeon;
use mapgen::generators::grid::GridSettings;

/// The map, the start and the room graph: a line `col,row doors kind depth` a room.
fn render_with_room_graph(d: &Dungeon) -> String {
    let grid = d.room_grid().unwrap();
    let rooms: Vec<String> = grid
        .rooms()
        .iter()
        .map(|r| {
            format!(
                "{},{} {} {} {}",
                r.cell.col, r.cell.row, r.doors, r.kind, r.doors_from_start
            )
        })
        .collect();
    format!("{}{}\n", common::render_map_and_start(d), rooms.join("\n"))
}

#[test]
fn default_settings_seeds() {
    common::assert_default_snapshots::<GridSettings>("grid-9x7", render_with_room_graph);
}

#[test]
fn small_rooms() {
    common::assert_snapshots(
        "grid-5x5-5x4",
        &common::SMALL_GRID,
        &[common::SMALL_GRID_SEED],
        render_with_room_graph,
    );
}
