//! Where things may go: a dungeon's places, as lists of tiles.
//!
//! This is the one seam between spawning and how a dungeon is divided: the rooms where
//! the generator made rooms, otherwise areas cut by a simple method documented on
//! [`places`]. A region graph (rooms, corridors and chambers found for every generator)
//! can take the method's place here without changing how things are placed.

use std::collections::VecDeque;

use crate::{Dungeon, Layout, Map, Point};

/// The most tiles in an area: about the floor of a tutorial room (6 to 10 tiles a side,
/// walls included).
pub const AREA_TILES: usize = 64;
/// The fewest tiles in an area: smaller pieces left between areas are no place.
pub const MIN_AREA_TILES: usize = 16;

/// A room or an area: the tiles where its things may go.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Place {
    /// Its tiles, in row order; walkable when [`places`] made it (the placing rules take
    /// only the free ones, see [`SpawnTable::place`](super::SpawnTable::place)).
    pub tiles: Vec<Point>,
    /// What it is.
    pub of: PlaceOf,
}

impl Place {
    /// A place of `tiles` (any tiles: the placing rules check each).
    ///
    /// ```
    /// use mapgen::Point;
    /// use mapgen::spawns::{Place, PlaceOf};
    /// let corner = Place::new(vec![Point::new(1, 1), Point::new(2, 1)], PlaceOf::Area);
    /// assert_eq!(corner.tiles.len(), 2);
    /// ```
    pub fn new(tiles: Vec<Point>, of: PlaceOf) -> Place {
        Place { tiles, of }
    }
}

/// What a [`Place`] is. `#[non_exhaustive]`: a region graph will add its own kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PlaceOf {
    /// The room of [`Dungeon::rooms`] at this index: its floor, [`Rect::inner`](crate::Rect::inner).
    Room(usize),
    /// The room of a grid of rooms ([`RoomGrid::rooms`](crate::generators::grid::RoomGrid::rooms))
    /// at this index: the floor of all its cells, so an `isaac` room of several cells is
    /// one place.
    GridRoom(usize),
    /// A piece of a dungeon without rooms (see [`places`]).
    Area,
}

/// The places of `dungeon`, in a fixed order:
///
/// * a grid of rooms ([`Layout::Grid`], the `grid` and `isaac` generators): each room of
///   the grid, in the grid's order ([`PlaceOf::GridRoom`]), its walkable tiles;
/// * else, when [`Dungeon::rooms`] is not empty: each room's floor, in order
///   ([`PlaceOf::Room`]); corridors get nothing, as in the tutorial;
/// * else (caves, mazes and the other generators without rooms): areas
///   ([`PlaceOf::Area`]), grown one after another. From each walkable tile in row order
///   that no area has yet, a breadth-first search (4-connected; east, west, south, north)
///   takes the walkable tiles no area has until it holds [`AREA_TILES`] or finds no
///   more; a piece of at least [`MIN_AREA_TILES`] is an area, a smaller one (a nook left
///   between areas) is no place. So an area is connected and at most 64 tiles, about a
///   tutorial room's floor, and there are about as many areas as the walkable tiles
///   would make rooms, whatever the generator.
///
/// Linear in the map's area.
///
/// ```
/// use mapgen::prelude::*;
/// use mapgen::spawns::{PlaceOf, places};
/// let rooms = RoomsSettings::default().generate(1)?;
/// let found = places(&rooms);
/// assert_eq!(found.len(), rooms.rooms.len());
/// assert_eq!(found[0].of, PlaceOf::Room(0));
///
/// let caves = CavesSettings::default().generate(1)?;
/// let areas = places(&caves);
/// assert!(areas.len() > 10 && areas.iter().all(|a| a.of == PlaceOf::Area));
/// assert!(areas.iter().all(|a| (16..=64).contains(&a.tiles.len())));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn places(dungeon: &Dungeon) -> Vec<Place> {
    match &dungeon.layout {
        Layout::Grid(grid) => grid_rooms(dungeon, grid),
        _ if !dungeon.rooms.is_empty() => dungeon
            .rooms
            .iter()
            .enumerate()
            .map(|(i, room)| Place::new(room.inner_cells().collect(), PlaceOf::Room(i)))
            .collect(),
        _ => areas(&dungeon.map),
    }
}

/// Each grid room's walkable tiles: the tiles of its cells' outlines that belong to it
/// (the walls between its own cells are floor; its doors are counted here too, and left
/// out by the placing rules).
fn grid_rooms(dungeon: &Dungeon, grid: &crate::generators::grid::RoomGrid) -> Vec<Place> {
    let map = &dungeon.map;
    grid.rooms()
        .iter()
        .enumerate()
        .map(|(i, room)| {
            let mut tiles: Vec<Point> = room
                .cells()
                .flat_map(|cell| outline_tiles(grid.outline(cell)))
                .filter(|&p| map.is_walkable(p) && grid.room_index_at_tile(p) == Some(i))
                .collect();
            tiles.sort_unstable_by_key(|p| (p.y, p.x));
            tiles.dedup();
            Place::new(tiles, PlaceOf::GridRoom(i))
        })
        .collect()
}

/// Every tile of `r`, its outline included, row by row.
fn outline_tiles(r: crate::Rect) -> impl Iterator<Item = Point> {
    (r.y1..=r.y2).flat_map(move |y| (r.x1..=r.x2).map(move |x| Point::new(x, y)))
}

/// The areas of a map without rooms (see [`places`]).
fn areas(map: &Map) -> Vec<Place> {
    /// What the search knows of a tile.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Mark {
        Free,
        Queued,
        Taken,
    }
    // Row-major indices throughout: a map has at most 10^8 tiles, so they fit in u32.
    let tiles = map.tiles();
    let width = map.width().max(1) as usize;
    let mut marks = vec![Mark::Free; tiles.len()];
    let mut found = Vec::new();
    let mut queue: VecDeque<u32> = VecDeque::new();
    let mut area: Vec<u32> = Vec::with_capacity(AREA_TILES);
    for first in 0..tiles.len() {
        if !tiles[first].walkable || marks[first] != Mark::Free {
            continue;
        }
        marks[first] = Mark::Queued;
        queue.push_back(first as u32);
        area.clear();
        while area.len() < AREA_TILES
            && let Some(i) = queue.pop_front()
        {
            let i = i as usize;
            marks[i] = Mark::Taken;
            area.push(i as u32);
            let x = i % width;
            let neighbours = [
                (x + 1 < width).then_some(i + 1),
                (x > 0).then(|| i - 1),
                (i + width < tiles.len()).then_some(i + width),
                i.checked_sub(width),
            ];
            for j in neighbours.into_iter().flatten() {
                if tiles[j].walkable && marks[j] == Mark::Free {
                    marks[j] = Mark::Queued;
                    queue.push_back(j as u32);
                }
            }
        }
        // The frontier of a full area is left for the areas after it.
        for i in queue.drain(..) {
            marks[i as usize] = Mark::Free;
        }
        if area.len() >= MIN_AREA_TILES {
            area.sort_unstable();
            let point =
                |&i: &u32| Point::new((i as usize % width) as i32, (i as usize / width) as i32);
            found.push(Place::new(area.iter().map(point).collect(), PlaceOf::Area));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    fn area_sizes(text: &str) -> Vec<(Point, usize)> {
        let map = Map::from_ascii(text).unwrap();
        areas(&map)
            .iter()
            .map(|a| (a.tiles[0], a.tiles.len()))
            .collect()
    }

    #[test]
    fn areas_grow_to_their_bound_and_small_pieces_are_no_place() {
        // A corridor of 20: one area. Of 15: too small.
        assert_eq!(
            area_sizes(&format!("{}\n", ".".repeat(20))),
            [(Point::new(0, 0), 20)]
        );
        assert!(area_sizes(&format!("{}\n", ".".repeat(15))).is_empty());
        // A corridor of 150: two full areas, and the 22 left over.
        assert_eq!(
            area_sizes(&format!("{}\n", ".".repeat(150))),
            [
                (Point::new(0, 0), 64),
                (Point::new(64, 0), 64),
                (Point::new(128, 0), 22)
            ]
        );
        // Walls only: no area.
        assert!(area_sizes("###\n###\n").is_empty());
    }

    #[test]
    fn areas_are_connected_and_disjoint() {
        let text = "..........\n".repeat(10) + "#########.\n" + &"..........\n".repeat(3);
        let map = Map::from_ascii(&text).unwrap();
        let found = areas(&map);
        assert_eq!(found[0].tiles.len(), AREA_TILES);
        assert!(found[0].tiles.contains(&Point::new(0, 0)));
        let mut owner: Grid<Option<usize>> = map.as_grid().map(|_| None);
        for (i, area) in found.iter().enumerate() {
            assert!((MIN_AREA_TILES..=AREA_TILES).contains(&area.tiles.len()));
            for &p in &area.tiles {
                assert!(map.is_walkable(p));
                assert_eq!(owner.get(p).copied().flatten(), None, "{p} in two areas");
                owner.set(p, Some(i));
            }
            // Connected: a walk from its first tile inside it reaches every tile.
            let mut reached = vec![area.tiles[0]];
            let mut next = 0;
            while let Some(&p) = reached.get(next) {
                next += 1;
                for q in [(1, 0), (-1, 0), (0, 1), (0, -1)]
                    .map(|(dx, dy)| Point::new(p.x + dx, p.y + dy))
                {
                    if area.tiles.contains(&q) && !reached.contains(&q) {
                        reached.push(q);
                    }
                }
            }
            assert_eq!(reached.len(), area.tiles.len(), "area {i} is not connected");
        }
    }
}
