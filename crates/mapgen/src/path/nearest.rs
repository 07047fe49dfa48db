//! The nearest cell of interest: Dijkstra's algorithm from one cell that stops at the
//! first cost level holding a cell a test accepts, and can run a slice at a time.
//!
//! Based on: Dial's algorithm (R. B. Dial, "Algorithm 360: Shortest-path forest with
//! topological ordering", CACM 12(11), 1969, <https://doi.org/10.1145/363269.363610>),
//! the cells of one cost settled together, on the engine every search of the crate runs
//! on.

use std::fmt;

use crate::{Point, Shape};

use super::engine::Engine;
use super::{Moves, PathError, Walkable, Weight};

/// What a slice of a [`NearestSearch`] ended with. `#[non_exhaustive]`: a search may come
/// to say more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Nearest {
    /// The nearest cell the test accepts (the first in row order among equally near ones)
    /// and the cost of reaching it.
    Found {
        /// The cell.
        at: Point,
        /// The cost of a cheapest path to it.
        cost: u64,
    },
    /// Every cell the start reaches was searched and the test accepts none (or the start
    /// is not a walkable cell).
    Exhausted,
    /// The slice's budget ran out: call [`NearestSearch::advance`] again.
    Unfinished,
}

/// A search from one cell for the nearest cell a test accepts (the nearest unexplored
/// tile, item, monster), a slice at a time: each call settles at least one whole cost
/// level and stops past a budget of cells, so a far target on a huge map never holds up
/// a frame. The costs it finds are exact, as a [`DijkstraMap`](super::DijkstraMap)'s from
/// the start (measured from the start outward: a step from `a` to `b` asks
/// [`extra_cost`](Walkable::extra_cost)`(a, b)`), and the answer does not depend on the
/// budget, only the number of calls it takes.
///
/// Starting a search costs only the cells the last one touched (each is put back), so
/// starting one for every decision is cheap.
///
/// ```
/// use mapgen::path::{Moves, Nearest, NearestSearch};
/// use mapgen::{Map, Point};
/// let map = Map::from_ascii(concat!(
///     "#########\n",
///     "#...#...#\n",
///     "#.#...#.#\n",
///     "#########\n",
/// ))?;
/// let mut search = NearestSearch::default();
/// search.start(&map, Moves::default(), Point::new(1, 1))?;
/// // The nearest cell of the last column but one, a few cells at a time.
/// let wanted = |p: Point| p.x == 7;
/// let found = loop {
///     match search.advance(&map, 3, wanted)? {
///         Nearest::Unfinished => continue,
///         answer => break answer,
///     }
/// };
/// assert_eq!(found, Nearest::Found { at: Point::new(7, 1), cost: 14 });
/// assert_eq!(search.cost(Point::new(3, 1)), Some(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default)]
pub struct NearestSearch {
    engine: Engine,
    moves: Moves,
    from: Option<Point>,
    shape: Shape,
    /// The answer, once there is one.
    done: Option<Nearest>,
}

impl fmt::Debug for NearestSearch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NearestSearch")
            .field("moves", &self.moves)
            .field("from", &self.from)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl NearestSearch {
    /// Begins a search from `from` on `walk` under `moves`, forgetting the last one.
    ///
    /// # Errors
    /// [`PathError::OutOfRange`] for step costs [`Moves::validate`] refuses, and
    /// [`PathError::Size`] for a map larger than [`Map::MAX_SIDE`](crate::Map::MAX_SIDE)
    /// a side.
    pub fn start(
        &mut self,
        walk: &impl Walkable,
        moves: Moves,
        from: Point,
    ) -> Result<(), PathError> {
        moves.validate()?;
        self.engine.start(walk, &moves, Weight::EXACT, u64::MAX)?;
        self.moves = moves;
        self.from = Some(from);
        self.shape = walk.shape();
        self.done = None;
        if walk.shape().contains(from) && walk.is_walkable(from) {
            self.engine.seed(from);
        } else {
            self.done = Some(Nearest::Exhausted);
        }
        Ok(())
    }

    /// Searches on over `walk` (the walkable the search started on, unchanged) through at
    /// most `budget` cells (at least one cost level), for the nearest cell `accept` takes.
    /// Once the answer is found or the cells run out, every further call gives it again.
    ///
    /// # Errors
    /// [`PathError::StartedOn`] when `walk` is not the size of the map the search started
    /// on; nothing is searched then.
    pub fn advance(
        &mut self,
        walk: &impl Walkable,
        budget: usize,
        mut accept: impl FnMut(Point) -> bool,
    ) -> Result<Nearest, PathError> {
        if self.from.is_some() && walk.shape() != self.shape {
            return Err(PathError::StartedOn {
                width: walk.width(),
                height: walk.height(),
                expected_width: self.shape.width(),
                expected_height: self.shape.height(),
            });
        }
        let mut searched = 0usize;
        while self.done.is_none() {
            if self.engine.is_exhausted() {
                self.done = Some(Nearest::Exhausted);
                break;
            }
            if searched > 0 && searched >= budget {
                return Ok(Nearest::Unfinished);
            }
            let Some(level) = self.engine.settle_level() else {
                self.done = Some(Nearest::Exhausted);
                break;
            };
            searched += self.engine.settled().count();
            let best = self
                .engine
                .settled()
                .filter(|&p| accept(p))
                .min_by_key(|p| (p.y, p.x));
            match best {
                Some(at) => self.done = Some(Nearest::Found { at, cost: level }),
                None => self.engine.expand_level(walk, self.moves, level),
            }
        }
        Ok(self.done.unwrap_or(Nearest::Exhausted))
    }

    /// The cost of the cheapest way found so far from the start to `p`: exact for every
    /// cell nearer than the last level settled (and for that level's cells); `None` where
    /// the search has not reached, and before any search.
    pub fn cost(&self, p: Point) -> Option<u64> {
        self.from?;
        self.engine.cost(p)
    }

    /// Where the search started, if one did.
    pub fn from(&self) -> Option<Point> {
        self.from
    }

    /// The moves it searches with.
    pub fn moves(&self) -> Moves {
        self.moves
    }
}
