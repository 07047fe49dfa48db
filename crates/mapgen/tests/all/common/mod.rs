//! Helpers shared by the integration tests.
// Each test file is its own crate and uses a part of these.
#![allow(dead_code, unused_imports)]

pub mod cells;
mod painted;
mod pinned;
mod properties;
mod snapshot;
pub mod vaults;
mod windows;

use std::collections::VecDeque;

use mapgen::{Map, Point};

pub use painted::PaintedFloor;
pub use pinned::{ROOMS_SEEDS, SMALL_GRID, SMALL_GRID_SEED, SMALL_ROOMS, SMALL_ROOMS_SEED};
pub use properties::{
    assert_floor_share, assert_generated, assert_refused, check_generated, dungeon_or_named_error,
    floor_count, generate_checked, generated_with_vaults, map_sizes, nearest_walkable_to_centre,
    same_dungeon_again, same_seed_same_dungeon, same_seed_same_result, sized_generator,
};
pub use snapshot::{
    DEFAULT_SEEDS, assert_default_snapshots, assert_snapshot, assert_snapshots,
    render_map_and_start, render_with_exit, render_with_rooms,
};
pub use windows::{interior_windows_in_sample, sample_windows};

/// Every walkable cell 4-connected to `start` (which must be walkable), as a mask.
pub fn reachable_from(map: &Map, start: Point) -> Vec<bool> {
    let mut seen = vec![false; map.tiles().len()];
    let mut queue = VecDeque::from([start]);
    if let Some(i) = map.index(start) {
        seen[i] = map.is_walkable(start);
    }
    while let Some(p) = queue.pop_front() {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (x, y) = (p.x + dx, p.y + dy);
            if let Some(i) = map.index((x, y))
                && !seen[i]
                && map.is_walkable((x, y))
            {
                seen[i] = true;
                queue.push_back(Point::new(x, y));
            }
        }
    }
    seen
}

/// The walkable cells that `start` cannot reach.
pub fn unreachable_walkable(map: &Map, start: Point) -> Vec<Point> {
    let seen = reachable_from(map, start);
    map.iter()
        .filter(|&(p, t)| t.walkable && !seen[map.index(p).unwrap()])
        .map(|(p, _)| p)
        .collect()
}

/// The promises every generator keeps, checked on one dungeon; `Err` names the first
/// broken one. Property tests of each generator call this on thousands of dungeons.
///
/// * the border of the map is wall (nothing walkable on row 0, the last row, column 0 or
///   the last column);
/// * `start` is walkable, and every walkable tile is 4-connected to it;
/// * `exit()` is walkable and at the greatest walking distance from `start` (checked with
///   a breadth-first walk written here, not the library's), or, in a grid of rooms
///   (`grid`, `isaac`), reached from `start` and in the middle of the boss room;
/// * every room's floor (`Rect::inner`) lies inside the map and is all walkable, and no
///   two rooms' floors share a tile.
pub fn check_dungeon(d: &mapgen::Dungeon) -> Result<(), String> {
    let map = &d.map;
    let (w, h) = (map.width(), map.height());
    for (p, tile) in map.iter() {
        let border = p.x == 0 || p.y == 0 || p.x == w - 1 || p.y == h - 1;
        if border && tile.walkable {
            return Err(format!("border tile {p} is walkable"));
        }
    }
    if !map.is_walkable(d.start) {
        return Err(format!("start {} is not walkable", d.start));
    }
    if let Some(p) = unreachable_walkable(map, d.start).first() {
        return Err(format!(
            "walkable {p} cannot be reached from start {}",
            d.start
        ));
    }
    let distances = bfs_distances(map, d.start);
    let farthest = distances.iter().flatten().copied().max().unwrap_or(0);
    let exit = d.exit();
    // A grid of rooms (grid, isaac) ends in the middle of its boss room, wherever the
    // farthest tile is.
    let boss_middle = d
        .room_grid()
        .and_then(|g| g.boss().map(|b| g.outline(b.cell).center()));
    match (map.index(exit).and_then(|i| distances[i]), boss_middle) {
        (Some(_), Some(middle)) if exit == middle => {}
        (Some(dist), None) if dist == farthest => {}
        (other, _) => {
            return Err(format!(
                "exit {exit} is at distance {other:?}, the farthest tile at {farthest}"
            ));
        }
    }
    let mut floor_owner = vec![None; map.tiles().len()];
    for (i, room) in d.rooms.iter().enumerate() {
        for p in room.inner_cells() {
            let Some(at) = map.index(p) else {
                return Err(format!("room {i} {room:?} has floor {p} outside the map"));
            };
            if !map.is_walkable(p) {
                return Err(format!("room {i} {room:?} has an uncarved floor tile {p}"));
            }
            if let Some(j) = floor_owner[at].replace(i) {
                return Err(format!("rooms {j} and {i} share the floor tile {p}"));
            }
        }
    }
    Ok(())
}

/// Steps from `start` to each tile (row-major), 4-connected over walkable tiles.
pub fn bfs_distances(map: &Map, start: Point) -> Vec<Option<u32>> {
    let mut dist = vec![None; map.tiles().len()];
    let Some(i) = map.index(start).filter(|_| map.is_walkable(start)) else {
        return dist;
    };
    dist[i] = Some(0);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        let d = dist[map.index(p).unwrap()].unwrap();
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let q = Point::new(p.x + dx, p.y + dy);
            if let Some(j) = map.index(q)
                && dist[j].is_none()
                && map.is_walkable(q)
            {
                dist[j] = Some(d + 1);
                queue.push_back(q);
            }
        }
    }
    dist
}
