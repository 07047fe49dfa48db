//! Walking distances on a map: which tiles the start can reach, and how far.
//!
//! These steps move 4-connected, one step per orthogonal move, over walkable tiles: a
//! [`DijkstraMap`] with [`Moves::STEPS4`] from the one goal `start`.

use crate::{Grid, Map, Point, Tile};

use super::{DijkstraMap, Moves};

/// Steps from `start` to every walkable tile it can reach moving orthogonally; `None` for
/// tiles it cannot reach (walls included). All `None` when `start` is not walkable.
///
/// ```
/// use mapgen::{Map, Point, path};
/// let map = Map::from_ascii("....#.\n")?;
/// let steps = path::walking_steps(&map, Point::new(0, 0));
/// assert_eq!(steps.get_or_default((3, 0)), Some(3));
/// assert_eq!(steps.get_or_default((5, 0)), None, "behind the wall");
/// # Ok::<(), mapgen::MapError>(())
/// ```
pub fn walking_steps(map: &Map, start: Point) -> Grid<Option<u32>> {
    let mut counts = map.as_grid().map(|_| None);
    for (p, steps) in steps_from(map, start).iter() {
        if let Some(steps) = steps {
            counts.set(p, u32::try_from(steps).ok());
        }
    }
    counts
}

/// The Dijkstra map of 4-connected steps from `start` on `map`.
fn steps_from(map: &Map, start: Point) -> DijkstraMap {
    let mut steps = DijkstraMap::default();
    // A Map's sides are within Map::MAX_SIDE and the moves are valid, so this succeeds.
    let _ = steps.compute(map, Moves::STEPS4, [start]);
    steps
}

/// A walkable tile at the greatest walking distance from `start` (4-connected steps), the
/// first in row order (smallest `y`, then smallest `x`) among equals; `start` itself when
/// nothing else is reachable, and `None` when `start` is not walkable.
///
/// ```
/// use mapgen::{Map, Point, path};
/// let map = Map::from_ascii("#####\n#...#\n#.#.#\n#####\n")?;
/// assert_eq!(path::farthest_walkable(&map, Point::new(1, 2)), Some(Point::new(3, 2)));
/// # Ok::<(), mapgen::MapError>(())
/// ```
pub fn farthest_walkable(map: &Map, start: Point) -> Option<Point> {
    // Every step costs 1, so a breadth-first search finds the Dijkstra map's distances at
    // a fraction of its cost: every dungeon's exit is found this way. The search runs on
    // a copy of the walkable flags with a border of wall, so a neighbour needs no bounds
    // check, and a tile is marked as reached by clearing its flag.
    if !map.is_walkable(start) {
        return None;
    }
    let (width, height) = (map.width() as usize, map.height() as usize);
    let stride = width + 2;
    let mut open = vec![false; stride * (height + 2)];
    for (y, row) in map.tiles().chunks_exact(width.max(1)).enumerate() {
        let padded = &mut open[(y + 1) * stride + 1..][..width];
        for (cell, tile) in padded.iter_mut().zip(row) {
            *cell = tile.walkable;
        }
    }
    let first = (start.y as usize + 1) * stride + start.x as usize + 1;
    open[first] = false;
    let mut queue = vec![first];
    let (mut head, mut layer_start) = (0, 0);
    while head < queue.len() {
        layer_start = head;
        let layer_end = queue.len();
        for k in layer_start..layer_end {
            let i = queue[k];
            for j in [i - 1, i + 1, i - stride, i + stride] {
                if open[j] {
                    open[j] = false;
                    queue.push(j);
                }
            }
        }
        head = layer_end;
    }
    // The last layer is the farthest; its smallest index is the first tile in row order.
    let farthest = queue[layer_start..].iter().min()?;
    let (x, y) = (farthest % stride - 1, farthest / stride - 1);
    Some(Point::new(x as i32, y as i32))
}

/// Turns every walkable tile that `start` cannot reach into wall, so the whole map is
/// one connected region; returns how many tiles were filled. With an unwalkable `start`
/// every walkable tile is filled.
///
/// ```
/// use mapgen::{Map, Point, path};
/// let mut map = Map::from_ascii("..#..\n")?;
/// assert_eq!(path::cull_unreachable(&mut map, Point::new(0, 0)), 2);
/// assert_eq!(map.to_string(), "..###\n");
/// # Ok::<(), mapgen::MapError>(())
/// ```
pub fn cull_unreachable(map: &mut Map, start: Point) -> usize {
    let steps = steps_from(map, start);
    let unreachable: Vec<Point> = map
        .iter()
        .filter(|&(p, tile)| tile.walkable && steps.get(p).is_none())
        .map(|(p, _)| p)
        .collect();
    for &p in &unreachable {
        map.set(p, Tile::WALL);
    }
    unreachable.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_walkable_start_reaches_nothing() {
        let map = Map::from_ascii("#.\n").unwrap();
        assert_eq!(farthest_walkable(&map, Point::new(0, 0)), None);
        assert_eq!(farthest_walkable(&map, Point::new(9, 9)), None);
        assert_eq!(
            farthest_walkable(&map, Point::new(1, 0)),
            Some(Point::new(1, 0))
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// The breadth-first search agrees with the Dijkstra map of steps on random maps.
        #[test]
        fn farthest_is_the_dijkstra_maps_farthest(
            width in 1i32..12,
            cells in proptest::collection::vec(proptest::bool::weighted(0.7), 144),
            sx in 0i32..12,
            sy in 0i32..12,
        ) {
            let height = (cells.len() as i32 / width).min(12);
            let mut map = Map::new(width, height).unwrap();
            for (p, &open) in map.as_grid().points().zip(&cells).collect::<Vec<_>>() {
                map.set(p, if open { Tile::FLOOR } else { Tile::WALL });
            }
            let start = Point::new(sx, sy);
            let expected = map
                .is_walkable(start)
                .then(|| steps_from(&map, start).farthest().map(|(p, _)| p))
                .flatten();
            proptest::prop_assert_eq!(farthest_walkable(&map, start), expected);
        }
    }

    #[test]
    fn ties_go_to_the_first_in_row_order() {
        let map = Map::from_ascii("...\n...\n...\n").unwrap();
        assert_eq!(
            farthest_walkable(&map, Point::new(1, 1)),
            Some(Point::new(0, 0))
        );
    }

    #[test]
    fn doors_are_walked_through_and_diagonals_are_not() {
        let map = Map::from_ascii(".#.\n#+#\n.#.\n").unwrap();
        let steps = walking_steps(&map, Point::new(1, 1));
        assert_eq!(steps.get_or_default((1, 1)), Some(0));
        assert_eq!(steps.get_or_default((0, 0)), None);
    }
}
