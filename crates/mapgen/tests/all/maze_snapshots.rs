//! Golden dungeons of the `maze` generator: a seed must keep naming the same dungeon
//! across releases.

use crate::common;

use common::render_with_rooms;
use mapgen::generators::maze::MazeSettings;

#[test]
fn default_settings_seeds() {
    common::assert_default_snapshots::<MazeSettings>("maze-79x45", render_with_rooms);
}

#[test]
fn small_map() {
    let settings = MazeSettings {
        width: 20,
        height: 12,
        branching: 100,
    };
    common::assert_snapshots(
        "maze-20x12-branching-100",
        &settings,
        &[7],
        render_with_rooms,
    );
}
