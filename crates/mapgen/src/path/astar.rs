//! A*: the cheapest path between two cells.
//!
//! Based on: Hart, Nilsson, Raphael, "A Formal Basis for the Heuristic Determination of
//! Minimum Cost Paths", IEEE Trans. SSC 4(2), 1968
//! (<https://doi.org/10.1109/TSSC.1968.300136>); the octile estimate as in Amit Patel's
//! notes (<https://theory.stanford.edu/~amitp/GameProgramming/Heuristics.html>).

use std::fmt;

use crate::Point;

use super::engine::{Ends, Engine, Octile};
use super::{Moves, PathError, Walkable, Weight};

/// A reusable A* search: the cheapest path between two cells under [`Moves`], or `None`
/// when there is none.
///
/// Keep one and call [`AStar::search`] again and again: the per-cell buffers are sized to
/// the map once and then reused without clearing the map (a search puts back only the
/// cells the last one touched), so a
/// search on a map of the same size allocates only if its queue or path outgrows every
/// earlier one.
///
/// * **Exact.** The estimate is the cost of the cheapest walk across an open floor under
///   the moves (the octile distance `2 * max(dx, dy) + min(dx, dy)` with the default
///   costs); extra costs only add, so the estimate never exceeds the real cost and never
///   drops by more than a step's cost. The path found is a cheapest one.
/// * **Deterministic.** No hashing and no chance: the same query on the same map gives the
///   same path. Among paths of equal cost the search follows the cell it reached last.
/// * **No path, quickly.** Besides the search from the start, a flood grows from the goal
///   (one cell for every eight cells the search expands), following the steps that lead
///   into the goal. When the flood runs out before meeting anything the search has
///   reached, the goal is closed off and the answer is `None` at once, instead of after
///   searching the whole region of the start.
///
/// ```
/// use mapgen::path::{AStar, Moves};
/// use mapgen::{Map, Point};
/// let map = Map::from_ascii(concat!(
///     "#######\n",
///     "#..#..#\n",
///     "#..#..#\n",
///     "#.....#\n",
///     "#######\n",
/// ))?;
/// let mut astar = AStar::default();
/// let cost = astar.search(&map, Moves::default(), Point::new(1, 1), Point::new(5, 1))?;
/// assert_eq!(cost, Some(4 * 3)); // four diagonal steps, under the wall
/// assert_eq!(astar.path().first(), Some(&Point::new(1, 1)));
/// assert_eq!(astar.path().last(), Some(&Point::new(5, 1)));
/// // A cost limit below the cheapest path: no path.
/// assert_eq!(astar.search_within(&map, Moves::default(), Point::new(1, 1), Point::new(5, 1), 11)?, None);
/// assert!(astar.path().is_empty());
/// # Ok::<(), mapgen::path::PathError>(())
/// ```
#[derive(Clone, Default)]
pub struct AStar {
    engine: Engine,
}

impl fmt::Debug for AStar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AStar")
            .field("path", &self.engine.path())
            .finish_non_exhaustive()
    }
}

impl AStar {
    /// A search sized ahead for a `width` x `height` map, so the first search does not
    /// allocate its per-cell buffer; [`AStar::default`] is sized by its first map instead.
    ///
    /// ```
    /// let mut astar = mapgen::path::AStar::new(80, 45)?; // no allocation on the first search
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    ///
    /// # Errors
    /// [`MapError::Size`](crate::MapError::Size) for a side that
    /// [`Map::new`](crate::Map::new) would refuse.
    pub fn new(width: i32, height: i32) -> Result<AStar, crate::MapError> {
        Ok(AStar {
            engine: Engine::new(width, height)?,
        })
    }

    /// The cost of a cheapest path from `from` to `to` on `walk` under `moves`, or `None`
    /// when there is none: an end outside the map or not walkable, or the goal closed off.
    /// The cost is a `u64`, which no path can overflow (at most 10⁸ steps of at most
    /// [`Moves::MAX_COST`] plus a `u32` extra cost each). The path itself is then
    /// [`AStar::path`].
    ///
    /// ```
    /// use mapgen::path::{AStar, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("#####\n#...#\n#.#.#\n#####\n")?;
    /// let mut astar = AStar::default();
    /// let cost = astar.search(&map, Moves::default(), Point::new(1, 2), Point::new(3, 2))?;
    /// assert_eq!(cost, Some(6)); // two diagonal steps round the pillar
    /// assert_eq!(astar.path(), [Point::new(1, 2), Point::new(2, 1), Point::new(3, 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PathError::OutOfRange`] for step costs that [`Moves::validate`] refuses, and
    /// [`PathError::Size`] for a map larger than [`Map::MAX_SIDE`](crate::Map::MAX_SIDE)
    /// a side.
    pub fn search(
        &mut self,
        walk: &impl Walkable,
        moves: Moves,
        from: Point,
        to: Point,
    ) -> Result<Option<u64>, PathError> {
        self.search_within(walk, moves, from, to, u64::MAX)
    }

    /// [`AStar::search`] for a path that costs at most `max_cost`: `None` when every path
    /// is dearer. The search gives up as soon as the cheapest path it could still find is
    /// dearer, so a near limit makes a far or missing goal cheap to refuse.
    ///
    /// ```
    /// use mapgen::path::{AStar, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("#####\n#...#\n#.#.#\n#####\n")?;
    /// let mut astar = AStar::default();
    /// let (from, to) = (Point::new(1, 2), Point::new(3, 2));
    /// assert_eq!(astar.search_within(&map, Moves::default(), from, to, 6)?, Some(6));
    /// assert_eq!(astar.search_within(&map, Moves::default(), from, to, 5)?, None);
    /// assert!(astar.path().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`AStar::search`].
    pub fn search_within(
        &mut self,
        walk: &impl Walkable,
        moves: Moves,
        from: Point,
        to: Point,
        max_cost: u64,
    ) -> Result<Option<u64>, PathError> {
        moves.validate()?;
        self.engine.start(walk, &moves, Weight::EXACT, max_cost)?;
        let ends_walkable = |p: Point| walk.shape().contains(p) && walk.is_walkable(p);
        if !ends_walkable(from) || !ends_walkable(to) {
            return Ok(None);
        }
        let ends = Ends {
            from,
            to,
            limit: max_cost,
            joined: false,
        };
        let bound = Octile::new(&moves, to);
        Ok(self
            .engine
            .astar(walk, moves, Weight::EXACT, ends, &bound, None))
    }

    /// The path of the last search, from its start to its goal, both included; empty when
    /// it found none.
    ///
    /// ```
    /// use mapgen::path::{AStar, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("...\n")?;
    /// let mut astar = AStar::default();
    /// astar.search(&map, Moves::FOUR, Point::new(0, 0), Point::new(2, 0))?;
    /// assert_eq!(astar.path(), [Point::new(0, 0), Point::new(1, 0), Point::new(2, 0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path(&self) -> &[Point] {
        self.engine.path()
    }

    /// A search whose last path was `path`, as a saved search loads.
    #[cfg(feature = "serde")]
    pub(crate) fn with_path(path: Vec<Point>) -> AStar {
        let mut astar = AStar::default();
        astar.engine.set_path(path);
        astar
    }
}
