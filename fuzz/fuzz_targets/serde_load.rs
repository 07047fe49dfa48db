//! Serde loading of every public type of `mapgen` that loads, from any text: an error or a
//! value, never a panic or an allocation past the input's size (run with
//! `-malloc_limit_mb`). A loaded value keeps its type's promises and saves to text that
//! loads back to a value saving to the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mapgen::generators::grid::{Doors, GridRoom, RoomCell, RoomGrid};
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::path::{AStar, DijkstraMap, Goal, Moves};
use mapgen::spawns::Spawn;
use mapgen::{Dungeon, Layout, Map, Point, Rect, Tile};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Loads `text` as a `T`; a loaded value saves and loads back to the same saved text.
fn load<T: Serialize + DeserializeOwned>(text: &str) -> Option<T> {
    let value: T = serde_json::from_str(text).ok()?;
    let saved = serde_json::to_string(&value).expect("a loaded value saves");
    let again: T = serde_json::from_str(&saved).expect("a saved value loads");
    let resaved = serde_json::to_string(&again).expect("a loaded value saves");
    assert_eq!(saved, resaved);
    Some(value)
}

/// What `Dungeon` documents: the start walkable, room floors walkable and never shared.
fn check_dungeon(d: &Dungeon) {
    assert!(d.map.is_walkable(d.start), "start {} on a wall", d.start);
    assert!(d.map.is_walkable(d.exit()));
    let mut owner = vec![false; d.map.tiles().len()];
    for room in &d.rooms {
        for p in room.inner_cells() {
            assert!(d.map.is_walkable(p), "room floor {p} not walkable");
            let i = d.map.index(p).expect("a room floor inside the map");
            assert!(!std::mem::replace(&mut owner[i], true), "two rooms share {p}");
        }
    }
    if let Some(grid) = d.room_grid() {
        check_grid(grid);
    }
    for spawn in &d.spawns {
        assert!(d.map.in_bounds(spawn.at), "spawn {} outside the map", spawn.at);
    }
}

/// What `RoomGrid` documents: each room found in its cell, every door leading to a room
/// with the matching door.
fn check_grid(grid: &RoomGrid) {
    for (i, room) in grid.rooms().iter().enumerate() {
        assert_eq!(grid.room_index(room.cell), Some(i));
        for side in room.doors.sides() {
            let behind = grid.room_at(room.cell.neighbour(side)).expect("a room behind a door");
            assert!(behind.doors.has(side.opposite()));
        }
    }
}

fuzz_target!(|text: &str| {
    if let Some(d) = load::<Dungeon>(text) {
        check_dungeon(&d);
    }
    if let Some(grid) = load::<RoomGrid>(text) {
        check_grid(&grid);
    }
    if let Some(Layout::Grid(grid)) = load::<Layout>(text) {
        check_grid(&grid);
    }
    if let Some(generator) = load::<Generator>(text) {
        assert!(generator.validate().is_ok());
    }
    load::<Map>(text);
    load::<Tile>(text);
    load::<Doors>(text);
    load::<GridRoom>(text);
    load::<RoomCell>(text);
    load::<GeneratorKind>(text);
    load::<DijkstraMap>(text);
    load::<AStar>(text);
    load::<Moves>(text);
    load::<Goal>(text);
    load::<Point>(text);
    load::<Rect>(text);
    load::<Spawn>(text);
});
