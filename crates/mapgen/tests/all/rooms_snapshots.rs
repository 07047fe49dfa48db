//! Golden dungeons: a seed must keep naming the same dungeon across releases.

use crate::common;

use common::render_with_rooms;
use mapgen::generators::rooms::RoomsSettings;

#[test]
fn tutorial_settings_seeds() {
    common::assert_snapshots(
        "rooms-80x45",
        &RoomsSettings::default(),
        &common::ROOMS_SEEDS,
        render_with_rooms,
    );
}

#[test]
fn small_map_small_rooms() {
    common::assert_snapshots(
        "rooms-40x20-3-6",
        &common::SMALL_ROOMS,
        &[common::SMALL_ROOMS_SEED],
        render_with_rooms,
    );
}
