//! What a search asks of a map: where a creature may stand, and what a step costs.

use crate::{Map, Point, Shape, Shaped};

/// Anything a search can walk on: a [`Map`], or your own type that adds doors, monsters or
/// terrain costs. See [`with_costs`] to add costs to a map with a closure, and
/// [`walkable_fn`] for a map made of a closure.
///
/// A step from `from` to its neighbour `to` is allowed when both cells are inside
/// `0..width` x `0..height` and walkable, the [`Moves`](super::Moves) allow it (direction,
/// corner rule) and [`extra_cost`](Walkable::extra_cost) is `Some`; it costs the move's
/// cardinal or diagonal cost plus that extra cost. Outside the map is never walkable: a
/// search asks only about cells inside it.
///
/// The size, and the optional fast path of reading a row-major tile slice, come from the
/// supertrait [`Shaped`], which [`Transparency`](crate::fov::Transparency) shares: a type
/// of your own states them once for both.
pub trait Walkable: Shaped {
    /// True when a creature may stand on `p`.
    fn is_walkable(&self, p: Point) -> bool;
    /// What the step from `from` to its walkable neighbour `to` costs on top of the move's
    /// own cost; `None` forbids the step (a monster in the way, a one-way door).
    /// Provided: `Some(0)`.
    #[inline]
    fn extra_cost(&self, from: Point, to: Point) -> Option<u32> {
        let _ = (from, to);
        Some(0)
    }
    /// False when [`extra_cost`](Walkable::extra_cost) is `Some(0)` for every step, as
    /// for a [`Map`]: every step then costs the move's own cost, and a search passes over
    /// the neighbours that a cell's parent has reached at no greater cost without looking
    /// at them. Provided: `true`, right for any walkable (a `false` where a step has an
    /// extra cost could make a search miss the cheapest path).
    fn has_extra_costs(&self) -> bool {
        true
    }
    /// The [`Map`] whose steps this walkable takes, or a subset of them: it may forbid
    /// steps the map allows and make steps dearer, never allow a step the map does not.
    /// Bounds computed once on that map then hold here too, and a
    /// [`PathFinder`](super::PathFinder) keeps its [landmarks](super::Landmarks) for it.
    /// Provided: `None` (no landmarks; the searches are exact either way).
    /// A [`Map`] returns itself; [`with_costs`] and `&T` return their map's.
    fn underlying_map(&self) -> Option<&Map> {
        None
    }
}

impl Walkable for Map {
    #[inline]
    fn is_walkable(&self, p: Point) -> bool {
        Map::is_walkable(self, p)
    }
    fn has_extra_costs(&self) -> bool {
        false
    }
    fn underlying_map(&self) -> Option<&Map> {
        Some(self)
    }
}

impl<T: Walkable + ?Sized> Walkable for &T {
    #[inline]
    fn is_walkable(&self, p: Point) -> bool {
        (**self).is_walkable(p)
    }
    #[inline]
    fn extra_cost(&self, from: Point, to: Point) -> Option<u32> {
        (**self).extra_cost(from, to)
    }
    fn has_extra_costs(&self) -> bool {
        (**self).has_extra_costs()
    }
    fn underlying_map(&self) -> Option<&Map> {
        (**self).underlying_map()
    }
}

/// A [`Walkable`] made of a size and a closure; see [`walkable_fn`].
#[derive(Debug, Clone, Copy)]
pub struct WalkableFn<F> {
    shape: Shape,
    is_walkable: F,
}

/// A [`Walkable`] of `shape` that asks `is_walkable(p)`, every step at the move's own
/// cost.
///
/// ```
/// use mapgen::path::{walkable_fn, AStar, Moves};
/// use mapgen::{Point, Shape};
/// let open = walkable_fn(Shape::new(5, 5)?, |p| p != Point::new(2, 2)); // one pillar
/// let mut astar = AStar::default();
/// let cost = astar.search(&open, Moves::FOUR, Point::new(2, 0), Point::new(2, 4))?;
/// assert_eq!(cost, Some(2 * 6), "round the pillar: 6 steps of 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn walkable_fn<F>(shape: Shape, is_walkable: F) -> WalkableFn<F>
where
    F: Fn(Point) -> bool,
{
    WalkableFn { shape, is_walkable }
}

impl<F> Shaped for WalkableFn<F> {
    #[inline]
    fn shape(&self) -> Shape {
        self.shape
    }
}

impl<F: Fn(Point) -> bool> Walkable for WalkableFn<F> {
    #[inline]
    fn is_walkable(&self, p: Point) -> bool {
        (self.is_walkable)(p)
    }
    fn has_extra_costs(&self) -> bool {
        false
    }
}

/// A [`Walkable`] with step costs added by a closure; see [`with_costs`].
#[derive(Debug, Clone, Copy)]
pub struct WithCosts<W, F> {
    walk: W,
    extra_cost: F,
}

/// `walk` with `extra_cost(from, to)` added to each of its steps: `None` forbids a step,
/// `Some(c)` adds `c` to its cost. Walkability (and so the corner rule) stays `walk`'s.
///
/// ```
/// use mapgen::path::{with_costs, AStar, Moves};
/// use mapgen::{Map, Point, Tile};
/// let map = Map::from_ascii(".+.\n...\n")?;
/// // Opening a door costs 10 more; a monster stands on (1, 1).
/// let monster = Point::new(1, 1);
/// let walk = with_costs(&map, |_from, to| {
///     if to == monster { None } else if map.tile(to) == Tile::DOOR { Some(10) } else { Some(0) }
/// });
/// let mut astar = AStar::default();
/// let cost = astar.search(&walk, Moves::FOUR, Point::new(0, 0), Point::new(2, 0))?;
/// assert_eq!(cost, Some(2 + 10 + 2), "through the door: the monster blocks the way round");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn with_costs<W, F>(walk: W, extra_cost: F) -> WithCosts<W, F>
where
    W: Walkable,
    F: Fn(Point, Point) -> Option<u32>,
{
    WithCosts { walk, extra_cost }
}

impl<W: Walkable, F> Shaped for WithCosts<W, F> {
    #[inline]
    fn shape(&self) -> Shape {
        self.walk.shape()
    }
    fn row_major_tiles(&self) -> Option<&[crate::Tile]> {
        self.walk.row_major_tiles()
    }
}

impl<W: Walkable, F: Fn(Point, Point) -> Option<u32>> Walkable for WithCosts<W, F> {
    #[inline]
    fn is_walkable(&self, p: Point) -> bool {
        self.walk.is_walkable(p)
    }
    #[inline]
    fn extra_cost(&self, from: Point, to: Point) -> Option<u32> {
        let theirs = self.walk.extra_cost(from, to)?;
        let ours = (self.extra_cost)(from, to)?;
        Some(theirs.saturating_add(ours))
    }
    /// `walk`'s map: the closure only adds costs and forbids steps.
    fn underlying_map(&self) -> Option<&Map> {
        self.walk.underlying_map()
    }
}
