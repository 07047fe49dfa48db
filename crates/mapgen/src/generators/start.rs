//! The start rule of the generators without rooms (caves, drunkard, DLA, Voronoi): the
//! walkable tile nearest the map's centre.

use crate::{Map, Point};

/// The map's centre tile, `(width / 2, height / 2)`.
pub(crate) fn centre(map: &Map) -> Point {
    Point::new(map.width() / 2, map.height() / 2)
}

/// The walkable tile nearest the map's centre by straight-line distance (integer squared
/// distance), the first in row order (smallest `y`, then `x`) among equals; `None` when
/// nothing is walkable.
pub(crate) fn nearest_walkable_to_centre(map: &Map) -> Option<Point> {
    let centre = centre(map);
    let mut best: Option<(u64, Point)> = None;
    for (p, tile) in map.iter() {
        if !tile.walkable {
            continue;
        }
        let d = p.distance_squared(centre);
        if best.is_none_or(|(b, _)| d < b) {
            best = Some((d, p));
        }
    }
    best.map(|(_, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_with_ties_in_row_order() {
        // Centre (2, 1); (1, 1) and (3, 1) are equally near: the first in row order wins,
        // and (2, 0) is as near as both but comes first.
        let map = Map::from_ascii("#####\n#.#.#\n#####\n").unwrap();
        assert_eq!(nearest_walkable_to_centre(&map), Some(Point::new(1, 1)));
        let map = Map::from_ascii("##.##\n#.#.#\n#####\n").unwrap();
        assert_eq!(nearest_walkable_to_centre(&map), Some(Point::new(2, 0)));
        let map = Map::from_ascii("#####\n#...#\n#####\n").unwrap();
        assert_eq!(nearest_walkable_to_centre(&map), Some(Point::new(2, 1)));
        assert_eq!(nearest_walkable_to_centre(&Map::new(3, 3).unwrap()), None);
    }
}
