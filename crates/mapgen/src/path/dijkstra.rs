//! Dijkstra maps: the cost from every cell to the nearest of several goals.
//!
//! Based on: Brian Walker, "The Incredible Power of Dijkstra Maps", `RogueBasin`
//! (<https://www.roguebasin.com/index.php/The_Incredible_Power_of_Dijkstra_Maps>), computed
//! with Dijkstra's algorithm over a [bucket queue](super::bucket_queue) instead of the
//! article's repeated scans.

use std::fmt;

use crate::{Grid, Point};

use super::bucket_queue::BucketQueue;
use super::cells::{ByCall, Cells, Lookup, with_lookup};
use super::{Moves, PathError, Walkable};

/// The value of a cell no goal reaches.
const UNREACHED: i64 = i64::MAX;
/// The largest value a reached cell may hold.
const MAX_VALUE: i64 = i64::MAX - 1;

/// A goal of a [`DijkstraMap`]: a cell and the value it starts with.
///
/// A plain goal starts at 0; a goal that starts lower pulls harder (a treasure worth a
/// detour of 10 starts at -10), one that starts higher pulls less.
///
/// ```
/// use mapgen::path::Goal;
/// use mapgen::Point;
/// assert_eq!(Goal::from(Point::new(3, 4)), Goal::new(Point::new(3, 4), 0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Goal {
    /// The goal's cell.
    pub point: Point,
    /// The value it starts with.
    pub value: i32,
}

impl Goal {
    /// A goal at `point` starting at `value`.
    pub const fn new(point: Point, value: i32) -> Goal {
        Goal { point, value }
    }
}

impl From<Point> for Goal {
    /// A goal starting at 0.
    fn from(point: Point) -> Goal {
        Goal::new(point, 0)
    }
}

/// For every cell, the cheapest cost of walking from it to a goal, plus that goal's
/// starting value; `None` where no goal can be reached. Values are `i64`, which no walk
/// can overflow (a goal starts at an `i32`; a walk is at most 10⁸ steps of at most
/// [`Moves::MAX_COST`] plus a `u32` extra cost each). Reusable: a new computation
/// allocates nothing unless the map's size changes.
///
/// Built by Dijkstra's algorithm from all goals at once, over a bucket queue (exact for any
/// integer costs, unlike a first-in first-out queue). The walk is measured in the
/// direction a creature goes, from the cell to the goal, so a step's
/// [`extra_cost`](Walkable::extra_cost) is asked as `extra_cost(cell, next)`.
///
/// ```
/// use mapgen::path::{DijkstraMap, Goal, Moves};
/// use mapgen::{Map, Point};
///
/// let map = Map::from_ascii(concat!(
///     "#######\n",
///     "#.....#\n",
///     "#.###.#\n",
///     "#.....#\n",
///     "#######\n",
/// ))?;
/// let mut dm = DijkstraMap::default();
/// // Two goals; the one on the right starts at 4, as if it were 2 more steps away.
/// let goals = [Goal::new(Point::new(1, 1), 0), Goal::new(Point::new(5, 3), 4)];
/// dm.compute(&map, Moves::FOUR, goals)?;
/// assert_eq!(dm.get((1, 3)), Some(4), "two steps of 2 from the left goal");
/// assert_eq!(dm.get((5, 1)), Some(8), "4 + two steps from the right goal, not 4 steps");
/// assert_eq!(dm.get((3, 2)), None, "a wall");
///
/// // Walking downhill reaches a goal, each step costing what the value drops.
/// let mut at = Point::new(4, 3);
/// while let Some(next) = dm.downhill(&map, at) {
///     at = next;
/// }
/// assert_eq!(at, Point::new(5, 3));
/// # Ok::<(), mapgen::path::PathError>(())
/// ```
#[derive(Clone, Default)]
pub struct DijkstraMap {
    values: Grid<i64>,
    moves: Moves,
    heap: BucketQueue,
    /// Scratch: the goals of a computation, kept to find the lowest starting value first.
    goals: Vec<Goal>,
    /// Scratch: the cells of the key being worked through.
    level: Vec<u32>,
}

impl fmt::Debug for DijkstraMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DijkstraMap")
            .field("width", &self.width())
            .field("height", &self.height())
            .field("moves", &self.moves)
            .finish_non_exhaustive()
    }
}

impl DijkstraMap {
    /// Flee maps multiply every value by `FLEE_NUMERATOR / FLEE_DENOMINATOR`, -1.2.
    pub const FLEE_NUMERATOR: i32 = -6;
    /// See [`DijkstraMap::FLEE_NUMERATOR`].
    pub const FLEE_DENOMINATOR: i32 = 5;

    /// An empty map for a `width` x `height` map: nothing is reached. Sized ahead so the
    /// first computation does not allocate for its values; [`DijkstraMap::default`] is
    /// sized by its first map instead.
    ///
    /// ```
    /// use mapgen::path::DijkstraMap;
    /// let dm = DijkstraMap::new(80, 45)?;
    /// assert_eq!((dm.width(), dm.height()), (80, 45));
    /// assert_eq!(dm.get((0, 0)), None); // nothing reached yet
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    ///
    /// # Errors
    /// [`MapError::Size`](crate::MapError::Size) for a side that
    /// [`Map::new`](crate::Map::new) would refuse.
    pub fn new(width: i32, height: i32) -> Result<DijkstraMap, crate::MapError> {
        Ok(DijkstraMap {
            values: Grid::new(width, height, UNREACHED)?,
            ..DijkstraMap::default()
        })
    }

    /// Computes the map for `goals` on `walk`, replacing the previous one.
    ///
    /// ```
    /// use mapgen::path::{DijkstraMap, Goal, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii(".....\n")?;
    /// let mut dm = DijkstraMap::default();
    /// // Two goals, the second starting at 1: each cell gets the cheaper of the two.
    /// dm.compute(&map, Moves::STEPS4, [Goal::new(Point::new(0, 0), 0), Goal::new(Point::new(4, 0), 1)])?;
    /// assert_eq!(dm.row(0).collect::<Vec<_>>(), [Some(0), Some(1), Some(2), Some(2), Some(1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A goal outside the map or on a cell that is not walkable is left out (nothing can
    /// stand there). [`DijkstraMap::compute_within`] leaves cells above a limit
    /// unreached. The same goal given twice counts with its lowest value.
    ///
    /// # Errors
    /// [`PathError::OutOfRange`] for step costs that [`Moves::validate`] refuses, and
    /// [`PathError::Size`] for a map larger than [`Map::MAX_SIDE`](crate::Map::MAX_SIDE)
    /// a side; the previous values are kept.
    pub fn compute<G: Into<Goal>>(
        &mut self,
        walk: &impl Walkable,
        moves: Moves,
        goals: impl IntoIterator<Item = G>,
    ) -> Result<(), PathError> {
        self.compute_limited(walk, moves, goals, MAX_VALUE)
    }

    /// [`DijkstraMap::compute`], with cells whose value would be above `max_cost` left
    /// unreached, goals included: a flood that stops at a distance.
    ///
    /// ```
    /// use mapgen::path::{DijkstraMap, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii(".....\n")?;
    /// let mut dm = DijkstraMap::default();
    /// dm.compute_within(&map, Moves::STEPS4, [Point::new(0, 0)], 2)?;
    /// assert_eq!(dm.row(0).collect::<Vec<_>>(), [Some(0), Some(1), Some(2), None, None]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`DijkstraMap::compute`].
    pub fn compute_within<G: Into<Goal>>(
        &mut self,
        walk: &impl Walkable,
        moves: Moves,
        goals: impl IntoIterator<Item = G>,
        max_cost: i64,
    ) -> Result<(), PathError> {
        self.compute_limited(walk, moves, goals, max_cost.min(MAX_VALUE))
    }

    /// [`DijkstraMap::compute`] with values up to `limit`, at most [`MAX_VALUE`].
    fn compute_limited<G: Into<Goal>>(
        &mut self,
        walk: &impl Walkable,
        moves: Moves,
        goals: impl IntoIterator<Item = G>,
        limit: i64,
    ) -> Result<(), PathError> {
        moves.validate()?;
        // While spreading, unreached cells hold limit + 1: a value offered below a cell's
        // is then within the limit, with no test of its own.
        let beyond = limit + 1;
        let (width, height) = (walk.width(), walk.height());
        if (width, height) != (self.width(), self.height()) {
            self.values = Grid::new(width, height, beyond)?;
        } else {
            self.values.fill(beyond);
        }
        self.moves = moves;
        let cells = Cells::of(walk);
        self.heap.clear(self.moves.largest_cost());
        let mut kept = std::mem::take(&mut self.goals);
        kept.clear();
        kept.extend(
            goals
                .into_iter()
                .map(Into::into)
                .filter(|g| i64::from(g.value) <= limit && cells.contains(g.point))
                .filter(|g| walk.is_walkable(g.point)),
        );
        // The heap's keys are values less the lowest starting value, so never negative.
        if let Some(base) = kept.iter().map(|g| i64::from(g.value)).min() {
            let values = self.values.cells_mut();
            for goal in &kept {
                let Some(slot) = cells.index(goal.point).and_then(|i| values.get_mut(i)) else {
                    continue;
                };
                let value = i64::from(goal.value);
                if value < *slot {
                    *slot = value;
                    self.heap.push(key(value, base), item_of(goal.point));
                }
            }
            self.spread(walk, base);
        }
        self.goals = kept;
        if beyond != UNREACHED {
            for value in self.values.cells_mut() {
                if *value == beyond {
                    *value = UNREACHED;
                }
            }
        }
        Ok(())
    }

    /// Dijkstra's algorithm from whatever the heap holds: each cell popped at its final
    /// value offers every neighbour that can step onto it that value plus the step's cost,
    /// taken where it is lower than the neighbour's (unreached cells hold one more than
    /// the highest value allowed).
    fn spread(&mut self, walk: &impl Walkable, base: i64) {
        let cells = Cells::of(walk);
        with_lookup!(walk, cells, |look| self.spread_with(walk, look, base));
    }

    fn spread_with<W: Walkable, L: Lookup>(&mut self, walk: &W, look: &L, base: i64) {
        let cells = Cells::of(walk);
        let steps = self.moves.steps_on(cells.width());
        let corners = self.moves.corners;
        let values = self.values.cells_mut();
        let mut level = std::mem::take(&mut self.level);
        // Dial's algorithm: every cell of the lowest key, then the next key.
        while let Some(k) = self.heap.pop_level(&mut level) {
            let value = value_of(k, base);
            for &item in &level {
                let p = Cells::unpack(item);
                let i = cells.index_of(p);
                if values.get(i).is_none_or(|&v| v != value) {
                    continue; // a stale entry: the cell was lowered after this push
                }
                let interior = cells.is_interior(p);
                for step in steps.as_slice() {
                    let Some((q, j)) = cells.neighbour(p, i, interior, step) else {
                        continue;
                    };
                    let Some(&current) = values.get(j) else {
                        continue;
                    };
                    // Extra costs only add: most neighbours are settled lower already,
                    // and are passed over before asking the map anything.
                    // Saturating: a loaded or fled map may hold values near the end of
                    // i64, and a sum there is above every value allowed anyway.
                    let least = value.saturating_add(i64::from(step.cost));
                    if least >= current || !Cells::passable(look, p, i, (q, j), step, corners) {
                        continue;
                    }
                    let Some(extra) = walk.extra_cost(q, p) else {
                        continue;
                    };
                    let offered = least.saturating_add(i64::from(extra));
                    if offered < current
                        && let Some(slot) = values.get_mut(j)
                    {
                        *slot = offered;
                        self.heap.push(key(offered, base), item_of(q));
                    }
                }
            }
        }
        self.level = level;
    }

    /// Turns the map into a flee map: every value is multiplied by -1.2
    /// (`value * -6 / 5`, rounded toward zero) and the map is computed again with every
    /// reached cell as a goal starting at its new value. Walking [downhill] on the result
    /// leads away from the old goals, round them rather than into corners.
    ///
    /// Based on: the "fleeing" section of Brian Walker's article linked in the module
    /// documentation.
    ///
    /// [downhill]: DijkstraMap::downhill
    ///
    /// ```
    /// use mapgen::path::{DijkstraMap, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("........\n")?;
    /// let mut dm = DijkstraMap::default();
    /// dm.compute(&map, Moves::FOUR, [Point::new(2, 0)])?; // the threat
    /// dm.flee(&map)?;
    /// // From next to the threat, fleeing heads for the far end of the corridor.
    /// assert_eq!(dm.downhill(&map, Point::new(3, 0)), Some(Point::new(4, 0)));
    /// assert_eq!(dm.downhill(&map, Point::new(1, 0)), Some(Point::new(0, 0)));
    /// # Ok::<(), mapgen::path::PathError>(())
    /// ```
    ///
    /// # Errors
    /// [`PathError::SizeMismatch`] when `walk` is not the size of this map; the values are
    /// kept.
    pub fn flee(&mut self, walk: &impl Walkable) -> Result<(), PathError> {
        self.check_size(walk)?;
        self.heap.clear(self.moves.largest_cost());
        let mut base = None;
        for value in self.values.cells_mut() {
            if *value != UNREACHED {
                let scaled = i128::from(*value) * i128::from(Self::FLEE_NUMERATOR)
                    / i128::from(Self::FLEE_DENOMINATOR);
                *value = scaled.clamp(i128::from(i64::MIN), i128::from(MAX_VALUE)) as i64;
                base = Some(base.map_or(*value, |b: i64| b.min(*value)));
            }
        }
        let Some(base) = base else {
            return Ok(());
        };
        for (p, &value) in self.values.iter() {
            if value != UNREACHED {
                self.heap.push(key(value, base), item_of(p));
            }
        }
        self.spread(walk, base);
        Ok(())
    }

    /// The best step from `from` toward a goal: the neighbour `q` that a legal step
    /// reaches and that makes `value(q) + step cost` smallest, if that is not above
    /// `from`'s own value; ties go to the first step clockwise from north. `None` at a goal
    /// (no step lowers the value) and where nothing is reached.
    ///
    /// ```
    /// use mapgen::path::{DijkstraMap, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("#####\n#...#\n#####\n")?;
    /// let mut dm = DijkstraMap::default();
    /// dm.compute(&map, Moves::default(), [Point::new(1, 1)])?;
    /// assert_eq!(dm.downhill(&map, Point::new(3, 1)), Some(Point::new(2, 1)));
    /// assert_eq!(dm.downhill(&map, Point::new(1, 1)), None); // at the goal
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Asked with the map the values were computed on, each step costs exactly what the
    /// value drops, so a walk downhill reaches a goal at a total cost of the value it
    /// started from less the goal's starting value. Costs are at least 1, so every step
    /// lowers the value and the walk ends.
    pub fn downhill(&self, walk: &impl Walkable, from: impl Into<Point>) -> Option<Point> {
        let from = from.into();
        let here = self.get(from)?;
        let cells = Cells::of(walk);
        if !cells.contains(from) {
            return None;
        }
        let i = cells.index_of(from);
        let look = &ByCall(walk);
        let mut best: Option<(i128, Point)> = None;
        for step in self.moves.steps_on(cells.width()).as_slice() {
            let Some((q, _)) = cells.step(look, from, i, false, step, self.moves.corners) else {
                continue;
            };
            let (Some(value), Some(extra)) = (self.get(q), walk.extra_cost(from, q)) else {
                continue;
            };
            let total = i128::from(value) + i128::from(step.cost) + i128::from(extra);
            if total <= i128::from(here) && best.is_none_or(|(b, _)| total < b) {
                best = Some((total, q));
            }
        }
        best.map(|(_, q)| q)
    }

    /// The value of cell `p`; `None` where no goal is reached and outside the map.
    ///
    /// ```
    /// use mapgen::path::{DijkstraMap, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("..#.\n")?;
    /// let mut dm = DijkstraMap::default();
    /// dm.compute(&map, Moves::default(), [Point::new(0, 0)])?;
    /// assert_eq!(dm.get((1, 0)), Some(2)); // one orthogonal step costs 2
    /// assert_eq!(dm.get((3, 0)), None); // walled off
    /// assert_eq!(dm.get((9, 0)), None); // outside
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn get(&self, p: impl Into<Point>) -> Option<i64> {
        self.values.get(p).copied().filter(|&v| v != UNREACHED)
    }

    /// A reached cell of the greatest value and that value, the first in row order
    /// (smallest `y`, then `x`) among equals; `None` when nothing is reached.
    ///
    /// ```
    /// use mapgen::path::{DijkstraMap, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("...\n...\n")?;
    /// let mut dm = DijkstraMap::default();
    /// dm.compute(&map, Moves::default(), [Point::new(0, 0)])?;
    /// assert_eq!(dm.farthest(), Some((Point::new(2, 1), 5))); // one diagonal (3), one step (2)
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn farthest(&self) -> Option<(Point, i64)> {
        let mut best: Option<(usize, i64)> = None;
        for (i, &v) in self.values.cells().iter().enumerate() {
            if v != UNREACHED && best.is_none_or(|(_, b)| v > b) {
                best = Some((i, v));
            }
        }
        best.and_then(|(i, v)| Some((self.values.point(i)?, v)))
    }

    /// Row `y`'s values, left to right; empty outside the map.
    ///
    /// ```
    /// use mapgen::path::{DijkstraMap, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii(".#.\n")?;
    /// let mut dm = DijkstraMap::default();
    /// dm.compute(&map, Moves::default(), [Point::new(0, 0)])?;
    /// assert_eq!(dm.row(0).collect::<Vec<_>>(), [Some(0), None, None]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn row(&self, y: i32) -> impl ExactSizeIterator<Item = Option<i64>> + '_ {
        self.values
            .row(y)
            .iter()
            .map(|&v| (v != UNREACHED).then_some(v))
    }

    /// Every cell with its value, row by row.
    ///
    /// ```
    /// use mapgen::path::{DijkstraMap, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("...\n")?;
    /// let mut dm = DijkstraMap::default();
    /// dm.compute(&map, Moves::STEPS4, [Point::new(0, 0)])?;
    /// let within_one = dm.iter().filter(|&(_, v)| v.is_some_and(|v| v <= 1)).count();
    /// assert_eq!(within_one, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Point, Option<i64>)> + '_ {
        self.values
            .iter()
            .map(|(p, &v)| (p, (v != UNREACHED).then_some(v)))
    }

    /// The values as a grid of the same size.
    ///
    /// ```
    /// use mapgen::path::{DijkstraMap, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("..\n")?;
    /// let mut dm = DijkstraMap::default();
    /// dm.compute(&map, Moves::STEPS4, [Point::new(1, 0)])?;
    /// assert_eq!(dm.to_grid().cells(), [Some(1), Some(0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_grid(&self) -> Grid<Option<i64>> {
        self.values.map(|&v| (v != UNREACHED).then_some(v))
    }

    /// Width in cells.
    pub const fn width(&self) -> i32 {
        self.values.width()
    }

    /// Height in cells.
    pub const fn height(&self) -> i32 {
        self.values.height()
    }

    /// The moves of the last computation.
    ///
    /// ```
    /// use mapgen::path::{DijkstraMap, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("..\n")?;
    /// let mut dm = DijkstraMap::default();
    /// dm.compute(&map, Moves::STEPS4, [Point::new(0, 0)])?;
    /// assert_eq!(dm.moves(), Moves::STEPS4);
    /// assert_eq!((dm.width(), dm.height()), (2, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn moves(&self) -> Moves {
        self.moves
    }

    /// A map holding `values` (`None`: unreached) computed under `moves`, as a saved map
    /// loads. `Err` holds a value no computation gives (`i64::MAX`).
    #[cfg(feature = "serde")]
    pub(crate) fn from_values(
        values: &Grid<Option<i64>>,
        moves: Moves,
    ) -> Result<DijkstraMap, i64> {
        if let Some(&Some(bad)) = values
            .cells()
            .iter()
            .find(|v| v.is_some_and(|v| v > MAX_VALUE))
        {
            return Err(bad);
        }
        Ok(DijkstraMap {
            values: values.map(|v| v.unwrap_or(UNREACHED)),
            moves,
            ..DijkstraMap::default()
        })
    }

    fn check_size(&self, walk: &impl Walkable) -> Result<(), PathError> {
        if (walk.width(), walk.height()) == (self.width(), self.height()) {
            Ok(())
        } else {
            Err(PathError::SizeMismatch {
                width: walk.width(),
                height: walk.height(),
                expected_width: self.width(),
                expected_height: self.height(),
            })
        }
    }
}

/// The heap item of cell `p`.
#[inline]
fn item_of(p: Point) -> u32 {
    Cells::pack(p)
}

/// The heap key of `value`: its distance above `base`, the lowest starting value.
#[inline]
fn key(value: i64, base: i64) -> u64 {
    // value >= base, and the difference of two i64 fits in a u64.
    value.wrapping_sub(base) as u64
}

/// The value of heap key `key` above `base`.
#[inline]
fn value_of(key: u64, base: i64) -> i64 {
    base.wrapping_add(key as i64)
}
