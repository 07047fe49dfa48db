//! Tunnels: straight runs and the tutorial's L-shaped corridor.

use crate::{Map, Point, Tile};

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
pub fn create_h_tunnel(map: &mut Map, x1: i32, x2: i32, y: i32) {
    map.fill(
        x1.min(x2)..x1.max(x2).saturating_add(1),
        y..y.saturating_add(1),
        Tile::FLOOR,
    );
}

/// Carves floor along column `x` from row `y1` to `y2`, both included, in either order.
/// Cells outside the map are skipped.
pub fn create_v_tunnel(map: &mut Map, y1: i32, y2: i32, x: i32) {
    map.fill(
        x..x.saturating_add(1),
        y1.min(y2)..y1.max(y2).saturating_add(1),
        Tile::FLOOR,
    );
}

/// Carves an L-shaped tunnel from `from` to `to`, both legs and the corner included.
///
/// With [`Bend::HorizontalFirst`] the corner is `(to.x, from.y)`, otherwise
/// `(from.x, to.y)`. The rooms generator picks the bend with a fair coin, as the tutorial.
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
