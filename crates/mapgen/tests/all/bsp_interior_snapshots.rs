//! Golden dungeons of the `bsp-interior` generator: a seed must keep naming the same dungeon
//! across releases.

use crate::common;

use common::render_with_rooms;
use mapgen::generators::bsp_interior::BspInteriorSettings;

#[test]
fn default_settings_seeds() {
    common::assert_default_snapshots::<BspInteriorSettings>(
        "bsp-interior-80x45",
        render_with_rooms,
    );
}

#[test]
fn small_map() {
    let settings = BspInteriorSettings {
        width: 33,
        height: 17,
        min_room_size: 4,
    };
    common::assert_snapshots(
        "bsp-interior-33x17-min-4",
        &settings,
        &[7],
        render_with_rooms,
    );
}
