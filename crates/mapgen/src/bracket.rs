//! bracket-lib's map traits on [`Map`], behind the `bracket` feature: `a_star_search`,
//! `DijkstraMap` and `field_of_view` of bracket-lib 0.8 (`bracket-pathfinding`) run on a
//! `Map` directly.
//!
//! The traits live in `bracket-algorithm-traits` (and `Algorithm2D::dimensions` returns a
//! `bracket-geometry` point), so the feature depends on those two small crates, not on
//! bracket-lib. Cargo gives a game that depends on `bracket-lib` 0.8.7 the same trait
//! crates, so the impls apply there too.
//!
//! Steps are those of [`Moves::default()`](crate::path::Moves): 8 directions, corners may
//! be cut, 2 per orthogonal and 3 per diagonal step, so bracket's path and Dijkstra costs
//! are in the same units as [`mapgen::path`](crate::path)'s (an orthogonal step counts 2).
//! bracket's `DijkstraMap` then gives the same values as ours (except on its start cells,
//! which it leaves unwritten). Its `a_star_search` is not exact in 0.8.7 (a node's cost is
//! its last step's, and it stops after 65,536 expansions): on our test dungeons it found
//! 393 of 461 reachable goals, 118 at the optimal cost; use [`AStar`](crate::path::AStar)
//! when the cost matters.

use bracket_algorithm_traits::prelude::{Algorithm2D, BaseMap, SmallVec};
use bracket_geometry::prelude::Point as BracketPoint;

use crate::path::Moves;
use crate::{Map, Point};

/// The moves every bracket search on a [`Map`] takes.
const MOVES: Moves = Moves::EIGHT;

/// Costs as bracket wants them: small integers, exact in `f32`.
#[expect(clippy::cast_precision_loss, reason = "costs are at most 100,000")]
fn cost(step: u32) -> f32 {
    step as f32
}

impl Map {
    /// The cell at a bracket index: `None` outside the map.
    fn bracket_point(&self, idx: usize) -> Option<Point> {
        self.as_grid().point(idx)
    }
}

/// Walls and opaque doors block sight; an index outside the map is opaque.
///
/// Exits: each walkable neighbour of a walkable tile, clockwise from north, at the
/// cost of [`Moves::default()`](crate::path::Moves) (2 orthogonal, 3 diagonal).
/// The pathing distance is that move set's exact distance on an open floor
/// (`2 * max(dx, dy) + min(dx, dy)`), which never overestimates.
///
/// ```
/// use bracket_pathfinding::prelude::{BaseMap, a_star_search};
/// let map = mapgen::Map::from_ascii("#####\n#...#\n#.#.#\n#####")?;
/// let (from, to) = (map.index((1, 2)).unwrap(), map.index((3, 2)).unwrap());
/// let path = a_star_search(from, to, &map);
/// assert!(path.success);
/// assert_eq!(path.steps.len(), 3); // (1,2) (2,1) (3,2): round the pillar
/// assert_eq!(map.get_pathing_distance(from, to), 4.0);
/// # Ok::<(), mapgen::MapError>(())
/// ```
impl BaseMap for Map {
    fn is_opaque(&self, idx: usize) -> bool {
        self.bracket_point(idx)
            .is_none_or(|p| !self.is_transparent(p))
    }

    fn get_available_exits(&self, idx: usize) -> SmallVec<[(usize, f32); 10]> {
        let mut exits = SmallVec::new();
        let Some(from) = self.bracket_point(idx).filter(|&p| self.is_walkable(p)) else {
            return exits;
        };
        for (direction, step_cost) in Point::ORTHOGONAL
            .into_iter()
            .map(|d| (d, MOVES.cardinal_cost))
            .chain(
                Point::DIAGONAL
                    .into_iter()
                    .map(|d| (d, MOVES.diagonal_cost)),
            )
        {
            let to = from + direction;
            if self.is_walkable(to)
                && let Some(to_idx) = self.index(to)
            {
                exits.push((to_idx, cost(step_cost)));
            }
        }
        exits
    }

    fn get_pathing_distance(&self, idx1: usize, idx2: usize) -> f32 {
        let (Some(a), Some(b)) = (self.bracket_point(idx1), self.bracket_point(idx2)) else {
            return 0.0;
        };
        let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
        let (long, short) = (dx.max(dy), dx.min(dy));
        let diagonal_extra = MOVES.diagonal_cost - MOVES.cardinal_cost;
        cost(MOVES.cardinal_cost) * cost(long) + cost(diagonal_extra) * cost(short)
    }
}

/// The map's sides and indices, row-major as [`Map::index`]. A point outside the map
/// gets the index one past the last tile (opaque, no exits): bracket's default,
/// `y * width + x`, would name a tile of another row or panic when negative.
///
/// ```
/// use bracket_pathfinding::prelude::{Point, field_of_view};
/// let map = mapgen::Map::from_ascii("....\n....\n....")?;
/// let seen = field_of_view(Point::new(0, 0), 8, &map); // from a corner
/// assert_eq!(seen.len(), 12);
/// # Ok::<(), mapgen::MapError>(())
/// ```
impl Algorithm2D for Map {
    fn dimensions(&self) -> BracketPoint {
        BracketPoint::new(self.width(), self.height())
    }

    fn in_bounds(&self, pos: BracketPoint) -> bool {
        Map::in_bounds(self, (pos.x, pos.y))
    }

    fn point2d_to_index(&self, pt: BracketPoint) -> usize {
        self.index((pt.x, pt.y)).unwrap_or(self.tiles().len())
    }

    fn index_to_point2d(&self, idx: usize) -> BracketPoint {
        let p = self
            .bracket_point(idx)
            .unwrap_or(Point::new(self.width(), self.height()));
        BracketPoint::new(p.x, p.y)
    }
}
