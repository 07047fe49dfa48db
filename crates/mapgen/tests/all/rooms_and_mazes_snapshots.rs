//! Golden dungeons of the `rooms-and-mazes` generator: a seed must keep naming the same dungeon
//! across releases.

use crate::common;

use common::render_with_rooms;
use mapgen::generators::rooms_and_mazes::RoomsAndMazesSettings;

#[test]
fn default_settings_seeds() {
    common::assert_default_snapshots::<RoomsAndMazesSettings>(
        "rooms-and-mazes-79x45",
        render_with_rooms,
    );
}

#[test]
fn small_map() {
    let settings = RoomsAndMazesSettings {
        width: 31,
        height: 21,
        dead_ends: mapgen::generators::rooms_and_mazes::DeadEnds::Keep,
        ..RoomsAndMazesSettings::default()
    };
    common::assert_snapshots(
        "rooms-and-mazes-31x21-keep",
        &settings,
        &[7],
        render_with_rooms,
    );
}
