//! Where things may go: a dungeon's places, as lists of tiles.
//!
//! This is the one seam between spawning and how a dungeon is divided: the rooms where
//! the generator made rooms, otherwise areas cut by a simple method documented on
//! [`places`]. A region graph (rooms, corridors and chambers found for every generator)
//! can take the method's place here without changing how things are placed.

use crate::{Dungeon, Grid, Layout, Map, Point};

/// The side, in tiles, of the squares that areas are cut from (about a tutorial room and
/// its walls).
pub const AREA_SIDE: i32 = 12;
/// The fewest walkable tiles an area has: smaller pieces are no place.
pub const MIN_AREA_TILES: usize = 8;

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
/// * else (caves, mazes and the other generators without rooms): areas. The map is cut
///   into squares of [`AREA_SIDE`] tiles from its top-left corner, and the walkable
///   tiles of each square into their 4-connected pieces within it; each piece of at least
///   [`MIN_AREA_TILES`] tiles is an area ([`PlaceOf::Area`]). Squares go in row order,
///   and the pieces of a square in the row order of their first tile. So an area is
///   connected and at most 144 tiles, about what a tutorial room holds, and a large cave
///   gets many.
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
/// assert!(areas.iter().all(|a| (8..=144).contains(&a.tiles.len())));
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
    let mut seen: Grid<bool> = map.as_grid().map(|_| false);
    let mut found = Vec::new();
    let mut stack: Vec<Point> = Vec::new();
    for top in (0..map.height()).step_by(AREA_SIDE as usize) {
        for left in (0..map.width()).step_by(AREA_SIDE as usize) {
            let inside = |p: Point| {
                (left..left + AREA_SIDE).contains(&p.x) && (top..top + AREA_SIDE).contains(&p.y)
            };
            for y in top..(top + AREA_SIDE).min(map.height()) {
                for x in left..(left + AREA_SIDE).min(map.width()) {
                    let first = Point::new(x, y);
                    if !map.is_walkable(first) || seen.get_or_default(first) {
                        continue;
                    }
                    seen.set(first, true);
                    stack.push(first);
                    let mut tiles = Vec::new();
                    while let Some(p) = stack.pop() {
                        tiles.push(p);
                        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                            let q = Point::new(p.x + dx, p.y + dy);
                            if inside(q) && map.is_walkable(q) && !seen.get_or_default(q) {
                                seen.set(q, true);
                                stack.push(q);
                            }
                        }
                    }
                    if tiles.len() >= MIN_AREA_TILES {
                        tiles.sort_unstable_by_key(|p| (p.y, p.x));
                        found.push(Place::new(tiles, PlaceOf::Area));
                    }
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area_starts(text: &str) -> Vec<(Point, usize)> {
        let map = Map::from_ascii(text).unwrap();
        areas(&map).iter().map(|a| (a.tiles[0], a.tiles.len())).collect()
    }

    #[test]
    fn areas_are_the_connected_pieces_of_each_square() {
        // Two pieces side by side, in the order of their first tiles.
        assert_eq!(
            area_starts("....#....\n....#....\n#########\n"),
            [(Point::new(0, 0), 8), (Point::new(5, 0), 8)]
        );
        // A piece of 6 is too small; the square's edge at x = 12 cuts the long piece, and
        // its 4 tiles beyond are too few.
        assert_eq!(
            area_starts("...#..........\n...#..........\n##############\n"),
            [(Point::new(4, 0), 16)]
        );
        // Walls only: no area.
        assert!(area_starts("###\n###\n").is_empty());
    }
}
