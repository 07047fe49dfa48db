//! Landmarks: lower bounds on path costs, computed once per map and reused by every search
//! on it (the "ALT" bounds: A*, landmarks, triangle inequality).
//!
//! Based on: Andrew V. Goldberg and Chris Harrelson, "Computing the Shortest Path: A*
//! Search Meets Graph Theory", SODA 2005
//! (<https://www.microsoft.com/en-us/research/publication/computing-the-shortest-path-a-search-meets-graph-theory/>):
//! for a landmark `L` and any cells `p`, `t`, `d(p, t) >= |d(L, t) - d(L, p)|`, and the
//! "farthest" landmark selection; in games, the "differential heuristic" of Nathan
//! Sturtevant, Ariel Felner, Max Barrer, Jonathan Schaeffer and Neil Burch, "Memory-Based
//! Heuristics for Explicit State Spaces", IJCAI 2009
//! (<https://www.ijcai.org/Proceedings/09/Papers/114.pdf>).

use std::fmt;

use crate::{Map, Point, Shape, Tile};

use super::bucket_queue::BucketQueue;
use super::cells::{ByTiles, Cells};
use super::{CornerCutting, Moves, PathError};

/// The distance of a cell no landmark reaches.
const UNREACHED: u32 = u32::MAX;
/// The component number of a cell that is not walkable.
const NO_COMPONENT: u32 = u32::MAX;

/// Lower bounds on the cost of every path of one map under one [`Moves`]: the costs from a
/// few cells, the *landmarks*, to every cell, and which cells are joined at all.
///
/// A search on the map (or on a walkable that only adds costs and forbids steps, such as
/// [`with_costs`](super::with_costs) over the map) uses them as its estimate, as
/// [`PathFinder`](super::PathFinder) does: for a landmark `L`, no path from `p` to `t` costs
/// less than `|cost(L, t) - cost(L, p)|`. When `t` lies near a landmark or beyond one as
/// seen from `p`, that bound is nearly exact and the search goes almost straight to `t`.
/// Cells the map does not join get no path at once.
///
/// The bounds hold only for the map they were computed on: [`is_current`](Self::is_current)
/// compares its size and [walkability fingerprint](Map::walk_fingerprint), and
/// [`PathFinder`](super::PathFinder) computes them again after any change of walkability.
///
/// **Cost.** Building labels the map's regions and takes one Dijkstra map of the largest
/// region per landmark (the first landmark is chosen by the open-floor estimate, without
/// one), and holds `4 * lanes + 4` bytes per cell, `lanes` being 4, 8 or 16, the count
/// rounded up: 36 MB for 8 landmarks on a 1000x1000 map.
///
/// ```
/// use mapgen::path::{Landmarks, Moves};
/// use mapgen::{Map, Point};
/// let map = Map::from_ascii(concat!(
///     "#######\n",
///     "#..#..#\n",
///     "#..#..#\n",
///     "#.....#\n",
///     "#######\n",
/// ))?;
/// let landmarks = Landmarks::build(&map, Moves::default(), 2)?;
/// assert_eq!(landmarks.points().len(), 2);
/// let bound = landmarks.lower_bound(Point::new(1, 1), Point::new(5, 1));
/// assert!(bound.is_some_and(|b| b <= 12), "the cheapest path costs 12");
/// assert_eq!(landmarks.lower_bound(Point::new(1, 1), Point::new(0, 0)), None, "a wall");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Landmarks {
    /// The map's shape and walkability fingerprint when they were computed.
    shape: Shape,
    fingerprint: u64,
    moves: Moves,
    points: Vec<Point>,
    /// Distances per cell: `lanes` of them, landmark `l`'s in lane `l`, 0 in the lanes
    /// past the last landmark, so one cell's bounds are one or two cache lines.
    lanes: usize,
    distances: Vec<u32>,
    /// Per cell, the number of its region under the moves; `NO_COMPONENT` for walls.
    components: Vec<u32>,
    /// The region the landmarks lie in, the largest.
    component: u32,
}

impl fmt::Debug for Landmarks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Landmarks")
            .field("shape", &self.shape)
            .field("moves", &self.moves)
            .field("points", &self.points)
            .finish_non_exhaustive()
    }
}

impl Landmarks {
    /// The most landmarks: 16 lanes of `u32` are one cell's 64 bytes.
    pub const MAX_COUNT: u32 = 16;

    /// Chooses `count` landmarks on `map` and computes the cost from each to every cell
    /// under `moves`.
    ///
    /// The landmarks lie in the largest region (the first in row order among equals):
    /// the first is the cell farthest from that region's first cell, each next one the
    /// cell farthest from all chosen so far ("farthest" selection), ties going to the
    /// first cell in row order. They come out on the edges and corners of an open map,
    /// where they bound the most paths. A region smaller than `count` cells gets one
    /// landmark per cell.
    ///
    /// # Errors
    /// [`PathError::OutOfRange`] for step costs that [`Moves::validate`] refuses or a
    /// `count` outside `0..=`[`Landmarks::MAX_COUNT`].
    pub fn build(map: &Map, moves: Moves, count: u32) -> Result<Landmarks, PathError> {
        let mut landmarks = Landmarks::empty();
        landmarks.rebuild(map, moves, count)?;
        Ok(landmarks)
    }

    /// Checks a landmark count against [`Landmarks::MAX_COUNT`].
    pub(crate) fn check_count(count: u32) -> Result<(), PathError> {
        if count > Landmarks::MAX_COUNT {
            return Err(PathError::OutOfRange {
                field: "landmarks",
                value: count.into(),
                min: 0,
                max: Landmarks::MAX_COUNT.into(),
            });
        }
        Ok(())
    }

    /// No landmarks, for no map.
    fn empty() -> Landmarks {
        Landmarks {
            shape: Shape::default(),
            fingerprint: 0,
            moves: Moves::default(),
            points: Vec::new(),
            lanes: 4,
            distances: Vec::new(),
            components: Vec::new(),
            component: NO_COMPONENT,
        }
    }

    /// [`Landmarks::build`] into this value, reusing its memory.
    ///
    /// # Errors
    /// As [`Landmarks::build`]; the old landmarks are then gone (none are kept).
    pub fn rebuild(&mut self, map: &Map, moves: Moves, count: u32) -> Result<(), PathError> {
        *self = Landmarks {
            distances: std::mem::take(&mut self.distances),
            components: std::mem::take(&mut self.components),
            points: std::mem::take(&mut self.points),
            ..Landmarks::empty()
        };
        moves.validate()?;
        Landmarks::check_count(count)?;
        let cells = Cells::of(map);
        let tiles = map.tiles();
        self.lanes = (count as usize)
            .next_power_of_two()
            .clamp(4, Landmarks::MAX_COUNT as usize);
        let (components, sizes) =
            label_regions(tiles, cells, moves, std::mem::take(&mut self.components));
        self.components = components;
        self.points.clear();
        // The largest region, the first among equals.
        let largest =
            sizes
                .iter()
                .enumerate()
                .fold(
                    None,
                    |best: Option<(usize, usize)>, (c, &size)| match best {
                        Some((_, s)) if s >= size => best,
                        _ => Some((c, size)),
                    },
                );
        self.distances.clear();
        if let Some((component, _)) = largest.filter(|_| count > 0) {
            self.component = component as u32;
            self.choose_and_measure(tiles, cells, moves, count);
        }
        self.shape = map.shape();
        self.fingerprint = map.walk_fingerprint();
        self.moves = moves;
        Ok(())
    }

    /// Farthest selection in the region `self.component`, filling `distances`.
    fn choose_and_measure(&mut self, tiles: &[Tile], cells: Cells, moves: Moves, count: u32) {
        let n = cells.len();
        let lanes = self.lanes;
        self.distances.clear();
        self.distances.resize(n * lanes, UNREACHED);
        let component = self.component;
        let region: Vec<usize> = (0..n)
            .filter(|&i| self.components.get(i) == Some(&component))
            .collect();
        // The first landmark: the cell of the region farthest from its first cell on an
        // open floor (the classic selection spends a Dijkstra map on this choice).
        let estimate = moves.estimate();
        let Some(&first) = region.first() else {
            return;
        };
        let origin = point_of(cells, first);
        let mut next = region
            .iter()
            .copied()
            .fold(None, |best: Option<(usize, u64)>, i| {
                let d = estimate.between(origin, point_of(cells, i));
                if best.is_none_or(|(_, b)| d > b) {
                    Some((i, d))
                } else {
                    best
                }
            })
            .map(|(i, _)| i);
        let mut spread = Spread::new(tiles, cells, moves);
        // Per cell of the region, the cost from the nearest landmark chosen so far.
        let mut nearest = vec![UNREACHED; region.len()];
        for lane in 0..count as usize {
            let Some(source) = next else { break };
            self.points.push(point_of(cells, source));
            spread.run_from(source);
            let mut farthest: Option<(usize, u32)> = None;
            let kept = !spread.overflowed;
            for (&i, near) in region.iter().zip(nearest.iter_mut()) {
                let d = spread.value(i);
                if let Some(slot) = self.distances.get_mut(i * lanes + lane) {
                    *slot = if kept { d } else { 0 };
                }
                *near = (*near).min(d);
                if *near > 0 && farthest.is_none_or(|(_, b)| *near > b) {
                    farthest = Some((i, *near));
                }
            }
            next = farthest.map(|(i, _)| i);
        }
        // Lanes without a landmark hold 0 in the region, so they bound nothing.
        for &i in &region {
            for lane in self.points.len()..lanes {
                if let Some(slot) = self.distances.get_mut(i * lanes + lane) {
                    *slot = 0;
                }
            }
        }
    }

    /// True when these landmarks were computed on a map of `map`'s size and walkability,
    /// under `moves`.
    pub fn is_current(&self, map: &Map, moves: Moves) -> bool {
        (self.shape, self.moves) == (map.shape(), moves)
            && self.fingerprint == map.walk_fingerprint()
    }

    /// The landmarks, in the order chosen.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The moves the bounds are for.
    pub fn moves(&self) -> Moves {
        self.moves
    }

    /// A lower bound on the cost of every path from `a` to `b` under [`Landmarks::moves`],
    /// from the landmarks alone (0 where they do not reach); `None` when no path joins
    /// them: an end outside the map or not walkable, or the ends in different regions.
    pub fn lower_bound(&self, a: Point, b: Point) -> Option<u32> {
        let (i, j) = (self.shape.index(a)?, self.shape.index(b)?);
        match self.joined(i, j) {
            Joined::No => None,
            Joined::Unknown => Some(0),
            Joined::InLandmarkRegion => {
                let lanes = |k: usize| self.distances.get(k * self.lanes..(k + 1) * self.lanes);
                let (da, db) = (lanes(i)?, lanes(j)?);
                da.iter().zip(db).map(|(x, y)| x.abs_diff(*y)).max()
            }
        }
    }

    /// Whether cells `i` and `j` (row-major indices of the map) are joined.
    pub(crate) fn joined(&self, i: usize, j: usize) -> Joined {
        match (self.components.get(i), self.components.get(j)) {
            (Some(&a), Some(&b)) if a != NO_COMPONENT && a == b => {
                if a == self.component {
                    Joined::InLandmarkRegion
                } else {
                    Joined::Unknown
                }
            }
            _ => Joined::No,
        }
    }

    /// The distances, `lanes` per cell.
    pub(crate) fn lanes(&self) -> (usize, &[u32]) {
        (self.lanes, &self.distances)
    }
}

/// What the regions say of two cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Joined {
    /// Not joined: no path.
    No,
    /// Joined, in the landmarks' region: the landmark bounds hold.
    InLandmarkRegion,
    /// Joined elsewhere: no landmark reaches them.
    Unknown,
}

/// A cell of the map from its row-major index.
fn point_of(cells: Cells, i: usize) -> Point {
    let w = cells.width().max(1) as usize;
    Point::new((i % w) as i32, (i / w) as i32)
}

/// Numbers the regions of walkable cells joined by `moves`, in row order of their first
/// cells; returns the numbers per cell and the regions' sizes.
fn label_regions(
    tiles: &[Tile],
    cells: Cells,
    moves: Moves,
    mut labels: Vec<u32>,
) -> (Vec<u32>, Vec<usize>) {
    let n = cells.len();
    labels.clear();
    labels.resize(n, NO_COMPONENT);
    let look = ByTiles(tiles);
    let steps = moves.steps_on(cells.width());
    let mut sizes = Vec::new();
    let mut stack = Vec::new();
    for start in 0..n {
        if labels.get(start) != Some(&NO_COMPONENT) || !tiles.get(start).is_some_and(|t| t.walkable)
        {
            continue;
        }
        let label = sizes.len() as u32;
        let mut size = 0;
        labels[start] = label;
        stack.push(start);
        while let Some(i) = stack.pop() {
            size += 1;
            let p = point_of(cells, i);
            let interior = cells.is_interior(p);
            for step in steps.as_slice() {
                let Some((_, j)) = cells.step(&look, p, i, interior, step, moves.corners) else {
                    continue;
                };
                if let Some(slot) = labels.get_mut(j)
                    && *slot == NO_COMPONENT
                {
                    *slot = label;
                    stack.push(j);
                }
            }
        }
        sizes.push(size);
    }
    (labels, sizes)
}

/// A step on the bordered copy: index offset, cost, and the offsets of the two cells a
/// diagonal passes when it may not cut corners.
type BorderedStep = (isize, u32, Option<(isize, isize)>);

/// Dijkstra's algorithm from one cell of a plain map (no extra costs), over a bucket
/// queue, on a copy of the map with a border of walls: the precomputation's inner loop,
/// so it reads no tile and tests no bound per step.
struct Spread {
    /// Row length of the bordered copy.
    stride: usize,
    /// Per cell of the bordered copy: 0 for a wall, `UNREACHED` for a walkable cell.
    /// A wall's 0 is never above an offered cost, so walls need no test of their own.
    walls: Vec<u32>,
    /// The costs being spread, laid out as `walls`.
    values: Vec<u32>,
    /// Per step: index offset, cost, and for a diagonal that may not cut corners the
    /// offsets of the two cells it passes.
    steps: Vec<BorderedStep>,
    largest: u32,
    queue: BucketQueue,
    level: Vec<u32>,
    /// True when a cost did not fit in a `u32` (a map of thousands of tiles a side with
    /// steps of many thousands): that landmark is then dropped, as its bounds could be
    /// wrong.
    overflowed: bool,
}

impl Spread {
    fn new(tiles: &[Tile], cells: Cells, moves: Moves) -> Spread {
        let stride = cells.width() as usize + 2;
        let rows = cells.len() / (stride - 2).max(1) + 2;
        let mut walls = vec![0; stride * rows];
        for (i, tile) in tiles.iter().enumerate() {
            if tile.walkable
                && let Some(slot) = walls.get_mut(Spread::bordered(stride, i))
            {
                *slot = UNREACHED;
            }
        }
        let strict = moves.corners == CornerCutting::Forbidden;
        let steps = moves
            .steps_on(stride as i32)
            .as_slice()
            .iter()
            .map(|s| {
                let dx = s.delta.x as isize;
                let passes = (s.diagonal && strict).then_some((dx, s.offset - dx));
                (s.offset, s.cost, passes)
            })
            .collect();
        Spread {
            stride,
            values: walls.clone(),
            walls,
            steps,
            largest: moves.largest_cost(),
            queue: BucketQueue::default(),
            level: Vec::new(),
            overflowed: false,
        }
    }

    /// The index in the bordered copy of the map's cell `i`.
    fn bordered(stride: usize, i: usize) -> usize {
        let width = stride - 2;
        (i / width + 1) * stride + i % width + 1
    }

    /// The cost from the last source to the map's cell `i` (`UNREACHED` if none).
    fn value(&self, i: usize) -> u32 {
        match self.values.get(Spread::bordered(self.stride, i)) {
            Some(&v) if self.walls.get(Spread::bordered(self.stride, i)) != Some(&0) => v,
            _ => UNREACHED,
        }
    }

    /// Spreads the costs from the map's cell `source` (walkable).
    fn run_from(&mut self, source: usize) {
        self.values.copy_from_slice(&self.walls);
        self.queue.clear(self.largest);
        self.overflowed = false;
        let start = Spread::bordered(self.stride, source);
        if let Some(v) = self.values.get_mut(start) {
            *v = 0;
        }
        self.queue.push(0, start as u32);
        while let Some(value) = self.queue.pop_level(&mut self.level) {
            // Every pushed value is below `UNREACHED`, so it fits.
            let Ok(value) = u32::try_from(value) else {
                break;
            };
            for &item in &self.level {
                let i = item as usize;
                if self.values.get(i) != Some(&value) {
                    continue; // stale: lowered after this push
                }
                for &(offset, cost, passes) in &self.steps {
                    let j = i.wrapping_add_signed(offset);
                    let Some(offered) = value.checked_add(cost).filter(|&o| o < UNREACHED) else {
                        self.overflowed = true;
                        continue;
                    };
                    let Some(&current) = self.values.get(j) else {
                        continue;
                    };
                    if offered >= current {
                        continue; // a wall (0), or reached as cheaply
                    }
                    if let Some((a, b)) = passes {
                        let open = |k: isize| {
                            self.walls
                                .get(i.wrapping_add_signed(k))
                                .is_some_and(|&w| w != 0)
                        };
                        if !open(a) || !open(b) {
                            continue;
                        }
                    }
                    if let Some(slot) = self.values.get_mut(j) {
                        *slot = offered;
                    }
                    self.queue.push(u64::from(offered), j as u32);
                }
            }
        }
    }
}
