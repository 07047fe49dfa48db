//! Carving floor into a map: the tutorial's rooms, straight tunnels and L-shaped
//! corridors. Every generator that digs rooms or corridors uses these; for any other
//! rectangle, [`Map::fill`].

use crate::{Map, Point, Rect, Tile};

/// Carves the room's inner area (its outline stays wall), as the tutorial's `create_room`.
///
/// ```
/// use mapgen::carve::create_room;
/// use mapgen::{Map, Rect};
/// let mut map = Map::new(6, 5)?;
/// create_room(&mut map, &Rect::new(0, 0, 4, 3));
/// assert_eq!(map.to_string(), "######\n#...##\n#...##\n######\n######\n");
/// # Ok::<(), mapgen::MapError>(())
/// ```
pub fn create_room(map: &mut Map, room: &Rect) {
    let (cols, rows) = room.inner();
    map.fill_rect(cols, rows, Tile::FLOOR);
}

/// Which leg of an L-shaped tunnel is dug first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bend {
    /// Along the start's row to the end's column, then along that column.
    HorizontalFirst,
    /// Along the start's column to the end's row, then along that row.
    VerticalFirst,
}

/// Carves floor along row `y` from column `x1` to `x2`, both included, in either order.
/// Cells outside the map are skipped.
///
/// ```
/// let mut map = mapgen::Map::new(5, 1)?;
/// mapgen::carve::create_h_tunnel(&mut map, 3, 1, 0);
/// assert_eq!(map.to_string(), "#...#\n");
/// # Ok::<(), mapgen::MapError>(())
/// ```
pub fn create_h_tunnel(map: &mut Map, x1: i32, x2: i32, y: i32) {
    map.fill_rect(
        x1.min(x2)..x1.max(x2).saturating_add(1),
        y..y.saturating_add(1),
        Tile::FLOOR,
    );
}

/// Carves floor along column `x` from row `y1` to `y2`, both included, in either order.
/// Cells outside the map are skipped.
///
/// ```
/// let mut map = mapgen::Map::new(1, 4)?;
/// mapgen::carve::create_v_tunnel(&mut map, 0, 1, 0);
/// assert_eq!(map.to_string(), ".\n.\n#\n#\n");
/// # Ok::<(), mapgen::MapError>(())
/// ```
pub fn create_v_tunnel(map: &mut Map, y1: i32, y2: i32, x: i32) {
    map.fill_rect(
        x..x.saturating_add(1),
        y1.min(y2)..y1.max(y2).saturating_add(1),
        Tile::FLOOR,
    );
}

/// Carves an L-shaped tunnel from `from` to `to`, both legs and the corner included.
///
/// With [`Bend::HorizontalFirst`] the corner is `(to.x, from.y)`, otherwise
/// `(from.x, to.y)`. The rooms generator picks the bend with a fair coin, as the tutorial.
///
/// ```
/// use mapgen::carve::{Bend, tunnel_between};
/// use mapgen::{Map, Point};
/// let mut map = Map::new(4, 3)?;
/// tunnel_between(&mut map, Point::new(0, 0), Point::new(2, 2), Bend::HorizontalFirst);
/// assert_eq!(map.to_string(), "...#\n##.#\n##.#\n");
/// # Ok::<(), mapgen::MapError>(())
/// ```
pub fn tunnel_between(map: &mut Map, from: Point, to: Point, bend: Bend) {
    match bend {
        Bend::HorizontalFirst => {
            create_h_tunnel(map, from.x, to.x, from.y);
            create_v_tunnel(map, from.y, to.y, to.x);
        }
        Bend::VerticalFirst => {
            create_v_tunnel(map, from.y, to.y, from.x);
            create_h_tunnel(map, from.x, to.x, to.y);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tutorial_rooms_carve_exactly_the_shown_cells() {
        // The tutorial's two first rooms, joined by its horizontal tunnel at row 23.
        let mut map = Map::new(80, 45).unwrap();
        let room1 = Rect::new(20, 15, 10, 15);
        let room2 = Rect::new(35, 15, 10, 15);
        create_room(&mut map, &room1);
        create_room(&mut map, &room2);
        create_h_tunnel(&mut map, 25, 55, 23);
        for (p, tile) in map.iter() {
            let in_room = room1.inner_contains(p) || room2.inner_contains(p);
            let in_tunnel = p.y == 23 && (25..=55).contains(&p.x);
            assert_eq!(tile.walkable, in_room || in_tunnel, "{p}");
        }
        // Each room is 9 x 14 floor cells: columns 21..=29 and 36..=44, rows 16..=29.
        assert!(map.is_walkable((21, 16)) && map.is_walkable((29, 29)));
        assert!(
            !map.is_walkable((20, 16)) && !map.is_walkable((30, 16)) && !map.is_walkable((21, 30))
        );
        // Columns 30..=35 stay wall between the rooms except along the tunnel.
        assert!((30..=35).all(|x| !map.is_walkable((x, 22)) && map.is_walkable((x, 23))));
    }

    #[test]
    fn room_at_one_one_keeps_a_wall_on_every_side() {
        let mut map = Map::new(8, 8).unwrap();
        create_room(&mut map, &Rect::new(1, 1, 5, 5));
        assert_eq!(
            map.to_string(),
            "########\n########\n##....##\n##....##\n##....##\n##....##\n########\n########\n"
        );
    }

    fn blank(w: i32, h: i32) -> Map {
        Map::new(w, h).unwrap()
    }

    #[test]
    fn h_tunnel_is_inclusive_in_either_order() {
        for (a, b) in [(1, 4), (4, 1)] {
            let mut map = blank(6, 3);
            create_h_tunnel(&mut map, a, b, 1);
            assert_eq!(map.to_string(), "######\n#....#\n######\n");
        }
    }

    #[test]
    fn v_tunnel_is_inclusive_in_either_order() {
        for (a, b) in [(0, 2), (2, 0)] {
            let mut map = blank(3, 3);
            create_v_tunnel(&mut map, a, b, 1);
            assert_eq!(map.to_string(), "#.#\n#.#\n#.#\n");
        }
    }

    #[test]
    fn single_cell_tunnel() {
        let mut map = blank(3, 3);
        create_h_tunnel(&mut map, 1, 1, 1);
        assert_eq!(map.to_string(), "###\n#.#\n###\n");
    }

    #[test]
    fn tunnels_outside_the_map_are_clipped() {
        let mut map = blank(3, 2);
        create_h_tunnel(&mut map, -5, 10, 1);
        create_v_tunnel(&mut map, -5, 10, 7);
        create_h_tunnel(&mut map, i32::MIN, i32::MAX, 0);
        assert_eq!(map.to_string(), "...\n...\n");
    }

    #[test]
    fn l_tunnel_carves_both_legs_and_the_corner() {
        let (from, to) = (Point::new(1, 1), Point::new(4, 3));
        let mut map = blank(6, 5);
        tunnel_between(&mut map, from, to, Bend::HorizontalFirst);
        assert_eq!(map.to_string(), "######\n#....#\n####.#\n####.#\n######\n");
        let mut map = blank(6, 5);
        tunnel_between(&mut map, from, to, Bend::VerticalFirst);
        assert_eq!(map.to_string(), "######\n#.####\n#.####\n#....#\n######\n");
    }
}
