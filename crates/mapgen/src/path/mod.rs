//! Walking distances on a map: which tiles the start can reach, and how far.
//!
//! These steps move 4-connected, one step per orthogonal move, over walkable tiles.

use std::collections::VecDeque;

use crate::{Grid, Map, Point, Tile};

/// Steps from `start` to every walkable tile it can reach moving orthogonally; `None` for
/// tiles it cannot reach (walls included). All `None` when `start` is not walkable.
///
/// ```
/// use mapgen::{Map, Point, path};
/// let map = Map::from_ascii("....#.\n")?;
/// let steps = path::walking_steps(&map, Point::new(0, 0));
/// assert_eq!(steps.get((3, 0)), Some(3));
/// assert_eq!(steps.get((5, 0)), None, "behind the wall");
/// # Ok::<(), mapgen::MapError>(())
/// ```
pub fn walking_steps(map: &Map, start: Point) -> Grid<Option<u32>> {
    let mut steps = map.grid().map(|_| None);
    if !map.is_walkable(start) {
        return steps;
    }
    steps.set(start, Some(0));
    let mut queue = VecDeque::from([(start, 0u32)]);
    while let Some((p, d)) = queue.pop_front() {
        for q in p.neighbours4() {
            if map.is_walkable(q)
                && let Some(slot @ None) = steps.get_mut(q)
            {
                *slot = Some(d + 1);
                queue.push_back((q, d + 1));
            }
        }
    }
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
    let steps = walking_steps(map, start);
    let mut best: Option<(u32, Point)> = None;
    for (p, &d) in steps.iter() {
        if let Some(d) = d
            && best.is_none_or(|(b, _)| d > b)
        {
            best = Some((d, p));
        }
    }
    best.map(|(_, p)| p)
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
    let steps = walking_steps(map, start);
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
        assert_eq!(steps.get((1, 1)), Some(0));
        assert_eq!(steps.get((0, 0)), None);
    }
}
