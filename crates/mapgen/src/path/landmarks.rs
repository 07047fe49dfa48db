//! Landmarks: lower bounds on path costs, computed once per map and reused by every search
//! on it (the "ALT" bounds: A*, landmarks, triangle inequality).
//!
//! Based on: Andrew V. Goldberg and Chris Harrelson, "Computing the Shortest Path: A*
//! Search Meets Graph Theory", SODA 2005
//! (<https://www.microsoft.com/en-us/research/publication/computing-the-shortest-path-a-search-meets-graph-theory/>):
//! for a landmark `L` and any cells `p`, `t`, `d(p, t) >= |d(L, t) - d(L, p)|`; landmarks
//! spread round the edge of the map (their "planar" selection spreads them round the
//! graph's boundary); a few *active* landmarks per query, those that bound its start
//! best. In games, the "differential heuristic" of Nathan Sturtevant, Ariel Felner, Max
//! Barrer, Jonathan Schaeffer and Neil Burch, "Memory-Based Heuristics for Explicit State
//! Spaces", IJCAI 2009 (<https://www.ijcai.org/Proceedings/09/Papers/114.pdf>).

use std::fmt;

use crate::{Map, Point, Shape, Tile};

use super::bucket_queue::BucketQueue;
use super::cells::{ByTiles, Cells};
use super::engine::{Bound, Octile};
use super::{CornerCutting, Moves, PathError};

/// The distance of a cell no landmark reaches.
const UNREACHED: u32 = u32::MAX;
/// The component number of a cell that is not walkable.
const NO_COMPONENT: u32 = u32::MAX;
/// How many landmarks bound one search: those that bound its start best. Six expand
/// 13 % fewer cells than four between random cells of a 1000x1000 map of 30 % walls,
/// for 10 % fewer instructions; eight or all 32 bound hardly more tightly (5,119 and
/// 5,095 cells a search against six's 5,140) for a table read more each per cell.
const ACTIVE: usize = 6;

/// Lower bounds on the cost of every path of one map under one [`Moves`]: the costs from a
/// few cells, the *landmarks*, to every cell, and which cells are joined at all.
///
/// A search on the map (or on a walkable that only adds costs and forbids steps, such as
/// [`with_costs`](super::with_costs) over the map) uses them as its estimate, as
/// [`PathFinder`](super::PathFinder) does: for a landmark `L`, no path from `p` to `t` costs
/// less than `|cost(L, t) - cost(L, p)|`. When `L` lies beyond `t` as seen from `p`, that
/// bound is nearly exact, and the search goes almost straight to `t`. Cells the map does
/// not join get no path at once.
///
/// The landmarks lie round the edge of the map's largest region, spread evenly: the
/// region's cell nearest to each of `count` points evenly spaced round the map's border
/// (clockwise from the top-left corner). Wherever a search goes, some of them lie beyond
/// its goal; a search takes the [`ACTIVE`](Landmarks) six that bound its start best.
///
/// The bounds hold only for the map they were computed on: [`is_current`](Self::is_current)
/// checks that it is the same map (its tiles at the same place in memory, of the same
/// size) at the same [walkability revision](Map::walk_revision), so they are computed
/// again after the map changes or for another map. Keep a [`Landmarks`] (or a
/// [`PathFinder`](super::PathFinder) with landmarks) per map all the same: a map dropped
/// and another made in its memory with its size and revision would pass the check.
///
/// **Cost.** Building labels the map's regions and takes one Dijkstra map of the largest
/// region per landmark, and holds `2 * count + 5` bytes per cell while every cost fits in
/// 16 bits (`4 * count + 5` otherwise): 69 MB for 32 landmarks on a 1000x1000 map. The
/// fifth byte is the cell's open steps under the moves, which a search on the map reads
/// instead of its eight neighbours' tiles.
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
    /// The map's shape, walkability revision and the address of its tiles when they were
    /// computed: which map, as it was.
    shape: Shape,
    revision: u64,
    tiles_at: usize,
    moves: Moves,
    points: Vec<Point>,
    /// Landmark `l`'s cost to cell `p` in chunk `block * points.len() + l` at the cell's
    /// place in its block (see [`Blocks`]; all 0 for a landmark dropped because a cost did
    /// not fit a `u32`): a block's chunks side by side, so that a search reads its few
    /// active landmarks' costs of a cell from one group found once.
    distances: Tables,
    /// How a table lays the cells out.
    blocks: Blocks,
    /// Per cell, the number of its region under the moves; `NO_COMPONENT` for walls.
    components: Vec<u32>,
    /// The region the landmarks lie in, the largest.
    component: u32,
    /// Per cell, its open steps under the moves ([`Cells::step_masks`]): a search on the
    /// map reads a cell's neighbours in one byte.
    step_masks: Vec<u8>,
}

impl fmt::Debug for Landmarks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Landmarks")
            .field("shape", &self.shape)
            .field("revision", &self.revision)
            .field("moves", &self.moves)
            .field("points", &self.points)
            .finish_non_exhaustive()
    }
}

impl Landmarks {
    /// The most landmarks a map may have.
    pub const MAX_COUNT: u32 = 32;

    /// Chooses `count` landmarks on `map` (see [`Landmarks`]: round the edge of its
    /// largest region, the first in row order among equals) and computes the cost from
    /// each to every cell under `moves`. A region smaller than `count` cells, or a map
    /// whose border points share their nearest cells, gets fewer.
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
            revision: 0,
            tiles_at: 0,
            moves: Moves::default(),
            points: Vec::new(),
            distances: Tables::default(),
            blocks: Blocks::default(),
            components: Vec::new(),
            component: NO_COMPONENT,
            step_masks: Vec::new(),
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
            step_masks: std::mem::take(&mut self.step_masks),
            ..Landmarks::empty()
        };
        moves.validate()?;
        Landmarks::check_count(count)?;
        let cells = Cells::of(map);
        let tiles = map.tiles();
        let (components, sizes) =
            label_regions(tiles, cells, moves, std::mem::take(&mut self.components));
        self.components = components;
        self.points.clear();
        self.distances.reset(0);
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
        if let Some((component, _)) = largest.filter(|_| count > 0) {
            self.component = component as u32;
            self.choose(map.shape(), count);
            self.measure(tiles, cells, moves);
        }
        self.step_masks = cells.step_masks(tiles, &moves);
        self.shape = map.shape();
        self.revision = map.walk_revision();
        self.tiles_at = tiles_address(map);
        self.moves = moves;
        Ok(())
    }

    /// Chooses the landmarks: for each of `count` points evenly spaced round the border,
    /// clockwise from the top-left corner, the cell of the region nearest to it (the
    /// fewest king's moves, then the first in row order), each cell once. One pass over
    /// the map for all the points.
    fn choose(&mut self, shape: Shape, count: u32) {
        let (w, h) = (i64::from(shape.width()), i64::from(shape.height()));
        let round = 2 * (w + h);
        let targets: Vec<Point> = (0..i64::from(count))
            .map(|k| {
                let (x, y) = match k * round / i64::from(count) {
                    t if t < w => (t, 0),
                    t if t < w + h => (w - 1, t - w),
                    t if t < 2 * w + h => (2 * w + h - 1 - t, h - 1),
                    t => (0, round - 1 - t),
                };
                Point::new(x as i32, y as i32)
            })
            .collect();
        let mut nearest: Vec<Option<(u32, Point)>> = vec![None; targets.len()];
        for (i, p) in shape.points().enumerate() {
            if self.components.get(i) != Some(&self.component) {
                continue;
            }
            for (target, best) in targets.iter().zip(&mut nearest) {
                let d = p.x.abs_diff(target.x).max(p.y.abs_diff(target.y));
                // Strictly nearer only: the first in row order keeps a tie.
                if best.is_none_or(|(b, _)| d < b) {
                    *best = Some((d, p));
                }
            }
        }
        for (_, p) in nearest.into_iter().flatten() {
            if !self.points.contains(&p) {
                self.points.push(p);
            }
        }
    }

    /// Computes each landmark's table.
    fn measure(&mut self, tiles: &[Tile], cells: Cells, moves: Moves) {
        let n = cells.len();
        self.blocks = Blocks::of(cells);
        let count = self.points.len();
        // The last block's group is read as a full window too: padded to `MAX_GROUP`.
        let padding = MAX_GROUP.saturating_sub(count);
        self.distances.reset(self.blocks.count() * count + padding);
        let mut spread = Spread::new(tiles, cells, moves);
        // The padding of blocks past the map's edge is never read.
        let mut table = vec![0; self.blocks.len()];
        for (l, &p) in self.points.iter().enumerate() {
            spread.run_from(cells.index_of(p));
            let kept = !spread.overflowed;
            // A dropped landmark bounds nothing: 0 everywhere.
            for i in 0..n {
                if let Some(slot) = table.get_mut(self.blocks.slot(cells.point(i))) {
                    *slot = if kept { spread.value(i) } else { 0 };
                }
            }
            self.distances.set(l, count, &table);
        }
    }

    /// True when these landmarks were computed on `map` as it is now, under `moves`: the
    /// same tiles in memory (not a copy), of the same size and
    /// [walkability revision](Map::walk_revision). A map dropped and another made in its
    /// memory, of its size and revision, would pass: keep landmarks with their map.
    pub fn is_current(&self, map: &Map, moves: Moves) -> bool {
        (self.shape, self.revision, self.tiles_at, self.moves)
            == (map.shape(), map.walk_revision(), tiles_address(map), moves)
    }

    /// The step masks of the map, when `tiles` are its tiles (the same memory): a
    /// search that reads them may read the masks instead.
    pub(crate) fn step_masks_for(&self, tiles: &[Tile]) -> Option<&[u8]> {
        let same = tiles.as_ptr() as usize == self.tiles_at && tiles.len() == self.step_masks.len();
        same.then_some(&self.step_masks[..])
    }

    /// The landmarks, in the order chosen.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The moves the bounds are for.
    pub fn moves(&self) -> Moves {
        self.moves
    }

    /// Landmark `l`'s cost to cell `i` (`u32::MAX` or `u16::MAX` outside its region).
    fn cost(&self, l: usize, i: usize) -> Option<u32> {
        let p = self.shape.point(i)?;
        let (block, at) = self.blocks.place(p);
        let count = self.points.len();
        (l < count).then(|| self.distances.get(block * count + l, at))?
    }

    /// A lower bound on the cost of every path from `a` to `b` under [`Landmarks::moves`],
    /// from all the landmarks (0 where they do not reach); `None` when no path joins
    /// them: an end outside the map or not walkable, or the ends in different regions.
    pub fn lower_bound(&self, a: Point, b: Point) -> Option<u64> {
        let (i, j) = (self.shape.index(a)?, self.shape.index(b)?);
        match self.joined(i, j) {
            Joined::No => None,
            Joined::Unknown => Some(0),
            Joined::InLandmarkRegion => Some(
                (0..self.points.len())
                    .filter_map(|l| Some(u64::from(self.cost(l, i)?.abs_diff(self.cost(l, j)?))))
                    .max()
                    .unwrap_or(0),
            ),
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

    /// True when cell `i` is labelled walkable exactly when `walkable` says it is: a cheap
    /// check that these landmarks belong to the map a search is given.
    pub(crate) fn agrees(&self, i: usize, walkable: bool) -> bool {
        self.components
            .get(i)
            .is_some_and(|&c| (c != NO_COMPONENT) == walkable)
    }

    /// The estimate for a search from cell `from` to cell `to` (row-major indices, both in
    /// the landmarks' region): the open-floor `octile`, and the [`ACTIVE`] landmarks that
    /// bound `from` best (the first among equals).
    pub(crate) fn bound(&self, octile: Octile, from: usize, to: usize) -> LandmarkBound<'_> {
        let mut best: [Option<(u32, usize)>; ACTIVE] = [None; ACTIVE];
        for l in 0..self.points.len() {
            let (Some(a), Some(b)) = (self.cost(l, from), self.cost(l, to)) else {
                continue;
            };
            let value = a.abs_diff(b);
            // Into the few best, larger first, an earlier landmark first among equals.
            if let Some(k) = best.iter().position(|x| x.is_none_or(|(v, _)| value > v)) {
                best[k..].rotate_right(1);
                best[k] = Some((value, l));
            }
        }
        let active = best.map(|x| x.map(|(_, l)| l));
        let (blocks, goal) = (self.blocks, self.shape.point_inside(to));
        let count = self.points.len();
        match &self.distances {
            Tables::Narrow(all) => {
                LandmarkBound::Narrow(ByLandmarks::new(octile, all, count, blocks, active, goal))
            }
            Tables::Wide(all) => {
                LandmarkBound::Wide(ByLandmarks::new(octile, all, count, blocks, active, goal))
            }
        }
    }
}

/// Where a cell's cost lies in the landmarks' tables: the map cut into blocks of 8x4
/// cells in row order, a landmark's 32 costs of a block side by side in a chunk (64 bytes,
/// a cache line, in 16 bits), and a block's chunks, one per landmark, side by side. The
/// cells a search reaches lie in a band round its path, which blocks cover in fewer cache
/// lines than rows of the map would; the bound finds a cell's group of chunks once for
/// all its landmarks.
#[derive(Debug, Clone, Copy, Default)]
struct Blocks {
    /// Blocks per row of blocks.
    per_row: usize,
    /// Cells in all the blocks, the padding past the map's edge included.
    len: usize,
}

impl Blocks {
    const WIDE: usize = 8;
    const TALL: usize = 4;

    fn of(cells: Cells) -> Blocks {
        let width = cells.width().max(0) as usize;
        let height = cells.len() / width.max(1);
        let per_row = width.div_ceil(Blocks::WIDE);
        let rows = height.div_ceil(Blocks::TALL);
        Blocks {
            per_row,
            len: per_row * rows * Blocks::WIDE * Blocks::TALL,
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    /// How many blocks there are.
    fn count(&self) -> usize {
        self.len / BLOCK
    }

    /// The block of cell `p` (of the map) and its place in the block's chunks.
    #[inline(always)]
    fn place(&self, p: Point) -> (usize, usize) {
        let (x, y) = (p.x as usize, p.y as usize);
        let block = (y / Blocks::TALL) * self.per_row + x / Blocks::WIDE;
        (block, (y % Blocks::TALL) * Blocks::WIDE + x % Blocks::WIDE)
    }

    /// The place of cell `p` (of the map) in a table.
    #[inline(always)]
    fn slot(&self, p: Point) -> usize {
        let (block, at) = self.place(p);
        block * BLOCK + at
    }
}

/// The cells of a block.
const BLOCK: usize = Blocks::WIDE * Blocks::TALL;
/// The most chunks of a block's group, one per landmark: the bound reads a group as a
/// fixed-size window of this many, found with one bounds test.
const MAX_GROUP: usize = Landmarks::MAX_COUNT as usize;

/// The landmarks' cost tables, in chunks of a block's cells laid out as [`Blocks`] says:
/// in 16 bits while every cost fits (half the memory, and twice the cells to a cache
/// line), else in 32.
#[derive(Clone)]
enum Tables {
    Narrow(Vec<[u16; BLOCK]>),
    Wide(Vec<[u32; BLOCK]>),
}

impl Default for Tables {
    fn default() -> Tables {
        Tables::Narrow(Vec::new())
    }
}

impl Tables {
    /// `chunks` chunks of 0, in 16 bits again (keeping the memory of 16-bit tables).
    fn reset(&mut self, chunks: usize) {
        match self {
            Tables::Narrow(v) => {
                v.clear();
                v.resize(chunks, [0; BLOCK]);
            }
            Tables::Wide(_) => *self = Tables::Narrow(vec![[0; BLOCK]; chunks]),
        }
    }

    /// Sets landmark `l`'s costs (of `count` landmarks) from `table`, laid out as
    /// [`Blocks::slot`] says, widening all to 32 bits if one of its reached costs does
    /// not fit in 16 (`UNREACHED` becomes `u16::MAX`: it is never read).
    fn set(&mut self, l: usize, count: usize, table: &[u32]) {
        let fits = |&d: &u32| d == UNREACHED || d < u32::from(u16::MAX);
        if let Tables::Narrow(narrow) = self
            && !table.iter().all(fits)
        {
            *self = Tables::Wide(narrow.iter().map(|c| c.map(u32::from)).collect());
        }
        let from = table.chunks_exact(BLOCK);
        match self {
            Tables::Narrow(v) => {
                for (chunk, from) in v.iter_mut().skip(l).step_by(count.max(1)).zip(from) {
                    for (d, &s) in chunk.iter_mut().zip(from) {
                        *d = u16::try_from(s).unwrap_or(u16::MAX);
                    }
                }
            }
            Tables::Wide(v) => {
                for (chunk, from) in v.iter_mut().skip(l).step_by(count.max(1)).zip(from) {
                    chunk.copy_from_slice(from);
                }
            }
        }
    }

    /// The cost at place `at` of chunk `k`.
    fn get(&self, k: usize, at: usize) -> Option<u32> {
        match self {
            Tables::Narrow(v) => v.get(k)?.get(at).map(|&d| u32::from(d)),
            Tables::Wide(v) => v.get(k)?.get(at).copied(),
        }
    }
}

/// A search's estimate from the landmarks, over tables of either width.
pub(crate) enum LandmarkBound<'a> {
    Narrow(ByLandmarks<'a, u16>),
    Wide(ByLandmarks<'a, u32>),
}

/// The larger of the open-floor estimate and the active landmarks' bounds
/// `|cost(landmark, goal) - cost(landmark, cell)|`. Each is consistent (a step changes it
/// by at most the step's cost), and so is their maximum.
pub(crate) struct ByLandmarks<'a, T> {
    octile: Octile,
    /// The tables' chunks, `count` a block.
    chunks: &'a [[T; BLOCK]],
    count: usize,
    /// Per active landmark, its number and its cost to the goal. Fewer than [`ACTIVE`]
    /// landmarks repeat the first: a fixed count of reads, unrolled, with no test per
    /// landmark (with none at all, landmark 0 of the padding: 0, as its goal cost).
    active: [(usize, T); ACTIVE],
    blocks: Blocks,
}

impl<'a, T: Copy + Default + Into<u32>> ByLandmarks<'a, T> {
    /// The bound of the landmarks `active` (numbers, `None` past the last) of the `count`
    /// landmarks' `chunks`, laid out as `blocks`, for the goal cell `to`.
    fn new(
        octile: Octile,
        chunks: &'a [[T; BLOCK]],
        count: usize,
        blocks: Blocks,
        active: [Option<usize>; ACTIVE],
        to: Point,
    ) -> ByLandmarks<'a, T> {
        let first = active[0].unwrap_or(0);
        let (block, at) = blocks.place(to);
        let entry = |l: usize| {
            let chunk = (l < count).then(|| chunks.get(block * count + l)).flatten();
            (l, chunk.map_or_else(T::default, |c| c[at % BLOCK]))
        };
        let active = active.map(|l| entry(l.unwrap_or(first)));
        ByLandmarks {
            octile,
            chunks,
            count,
            active,
            blocks,
        }
    }
}

impl<T: Copy + Into<u32>> Bound for ByLandmarks<'_, T> {
    #[inline(always)] // called for every neighbour queued; left out of line otherwise
    fn at(&self, p: Point, _: usize) -> u64 {
        // The largest `|cost(l, cell) - cost(l, goal)|` as the largest difference above
        // and the largest below, each a subtraction and a compare per landmark, in
        // registers. No landmark reads as the goal's own cost: 0.
        let (block, at) = self.blocks.place(p);
        let window = self
            .chunks
            .get(block * self.count..)
            .and_then(|c| c.first_chunk());
        let Some(window): Option<&[[T; BLOCK]; MAX_GROUP]> = window else {
            return self.octile.at(p, 0);
        };
        let (mut above, mut below) = (0i64, 0i64);
        for &(l, at_goal) in &self.active {
            // `l` is below `count`, at most `MAX_GROUP`, where there is a landmark; else
            // the first's.
            let here = window[l % MAX_GROUP][at % BLOCK];
            let d = i64::from(here.into()) - i64::from(at_goal.into());
            above = above.max(d);
            below = below.min(d);
        }
        let landmarks = above.max(-below) as u64;
        self.octile.at(p, 0).max(landmarks)
    }
}

/// Where `map`'s tiles lie in memory: two maps alive at once never share it.
fn tiles_address(map: &Map) -> usize {
    map.tiles().as_ptr() as usize
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
            let p = cells.point(i);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cell of a map gets its own slot of a table, inside the table, on maps whose
    /// sides are and are not multiples of the blocks' (8 wide, 4 tall); the cells of one
    /// block share its 32 slots.
    #[test]
    fn blocks_give_every_cell_its_own_slot() {
        for (w, h) in [(1, 1), (8, 4), (9, 5), (17, 3), (30, 24)] {
            let map = Map::new(w, h).expect("a valid size");
            let cells = Cells::of(&map);
            let blocks = Blocks::of(cells);
            let mut seen = vec![false; blocks.len()];
            for p in map.shape().points() {
                let k = blocks.slot(p);
                assert!(k < blocks.len(), "{p} on {w}x{h}");
                assert!(!seen[k], "{p} on {w}x{h} shares slot {k}");
                seen[k] = true;
                let first = blocks.slot(Point::new(p.x / 8 * 8, p.y / 4 * 4));
                assert_eq!(k / 32, first / 32, "{p} on {w}x{h} outside its block");
            }
            assert_eq!(
                blocks.len(),
                (w as usize).div_ceil(8) * (h as usize).div_ceil(4) * 32
            );
        }
    }

    /// A map of `w` x `h` with about a quarter of its tiles walls, fixed by `seed`.
    fn scattered_walls(w: i32, h: i32, seed: u64) -> Map {
        let mut map = Map::new(w, h).expect("a valid size");
        let mut x = seed;
        for p in map.shape().points().collect::<Vec<_>>() {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            if !(x >> 33).is_multiple_of(4) {
                map.set(p, Tile::FLOOR);
            }
        }
        map
    }

    /// Each landmark's table holds its Dijkstra map over its region, in 16 and in 32
    /// bits, and again after tiles change and the landmarks are built anew.
    #[test]
    fn tables_hold_each_landmarks_costs_and_stay_current_after_tiles_change() {
        use crate::path::DijkstraMap;
        let check = |map: &Map, moves: Moves, landmarks: &Landmarks| {
            assert!(landmarks.is_current(map, moves));
            let mut dm = DijkstraMap::default();
            for (l, &at) in landmarks.points().iter().enumerate() {
                dm.compute(map, moves, [at]).expect("a valid map");
                for (i, p) in map.shape().points().enumerate() {
                    if landmarks.components.get(i) != Some(&landmarks.component) {
                        continue;
                    }
                    let want = dm.get(p).and_then(|v| u32::try_from(v).ok());
                    assert_eq!(landmarks.cost(l, i), want, "landmark {l} at {at}, cell {p}");
                }
            }
        };
        // 3,000 a step: costs past 65,535 across the map, so 32-bit tables.
        for moves in [Moves::default(), Moves::EIGHT.with_costs(3000, 4200)] {
            for (count, seed) in [(3, 1), (8, 2), (13, 3), (32, 4)] {
                let mut map = scattered_walls(41, 29, seed);
                let mut landmarks = Landmarks::build(&map, moves, count).expect("valid");
                let wide = matches!(landmarks.distances, Tables::Wide(_));
                assert_eq!(wide, moves.cardinal_cost == 3000, "{count} landmarks");
                check(&map, moves, &landmarks);
                let shape = map.shape();
                for p in shape.points().filter(|p| (p.x * 7 + p.y * 3) % 11 == 0) {
                    let tile = if map.tile(p) == Tile::WALL {
                        Tile::FLOOR
                    } else {
                        Tile::WALL
                    };
                    map.set(p, tile);
                }
                assert!(!landmarks.is_current(&map, moves), "tiles changed");
                landmarks.rebuild(&map, moves, count).expect("valid");
                check(&map, moves, &landmarks);
            }
        }
    }
}
