//! The golden dungeons that more than one test file pins: the snapshots of `rooms` and
//! `grid` and the exits of the same dungeons.

use mapgen::generators::grid::GridSettings;
use mapgen::generators::rooms::RoomsSettings;

/// The seeds of the tutorial's rooms at the default settings.
pub const ROOMS_SEEDS: [u64; 5] = [0, 1, 42, 12345, u64::MAX];

/// Small rooms on a small map, pinned at [`SMALL_ROOMS_SEED`].
pub const SMALL_ROOMS: RoomsSettings = RoomsSettings {
    width: 40,
    height: 20,
    max_rooms: 50,
    room_min_size: 3,
    room_max_size: 6,
};
/// The seed of [`SMALL_ROOMS`].
pub const SMALL_ROOMS_SEED: u64 = 7;

/// A small grid of small rooms, pinned at [`SMALL_GRID_SEED`].
pub const SMALL_GRID: GridSettings = GridSettings {
    cols: 5,
    rows: 5,
    room_width: 5,
    room_height: 4,
    room_count: 10,
    ..GridSettings::DEFAULT
};
/// The seed of [`SMALL_GRID`].
pub const SMALL_GRID_SEED: u64 = 3;
