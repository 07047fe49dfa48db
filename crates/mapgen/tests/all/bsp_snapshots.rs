//! Golden dungeons of the `bsp` generator: a seed must keep naming the same dungeon
//! across releases.

use crate::common;

use common::render_with_rooms;
use mapgen::generators::bsp::BspSettings;

#[test]
fn default_settings_seeds() {
    common::assert_default_snapshots::<BspSettings>("bsp-80x45", render_with_rooms);
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
    common::assert_snapshots(
        "bsp-30x20-depth-3-min-6",
        &settings,
        &[7],
        render_with_rooms,
    );
}
