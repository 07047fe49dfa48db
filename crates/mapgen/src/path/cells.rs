//! The cells of a map as the searches see them: bounds, indices, walkability and the
//! legal steps between cells.

use crate::{Point, Shape, Tile};

use super::moves::{Step, Steps};
use super::{CornerCutting, Moves, Walkable};

/// The cells of a map as a search sees them: the map's [`Shape`] for bounds and
/// row-major indices, and cells packed into a `u32` for the search queues (a side is at
/// most 10,000, below 2^16).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cells {
    shape: Shape,
}

impl Cells {
    /// The cells of `walk`'s map.
    #[inline]
    pub(crate) fn of(walk: &impl Walkable) -> Cells {
        Cells {
            shape: walk.shape(),
        }
    }

    /// Width in cells.
    pub(crate) fn width(&self) -> i32 {
        self.shape.width()
    }

    /// How many cells.
    pub(crate) fn len(&self) -> usize {
        self.shape.len()
    }

    /// The cell at row-major index `i`, which the caller knows is below [`Cells::len`].
    #[inline]
    pub(crate) fn point(&self, i: usize) -> Point {
        self.shape.point_inside(i)
    }

    /// True when `p` is a cell of the map.
    #[inline]
    pub(crate) fn contains(&self, p: Point) -> bool {
        self.shape.contains(p)
    }

    /// True when all eight neighbours of `p` are cells of the map.
    #[inline]
    pub(crate) fn is_interior(&self, p: Point) -> bool {
        self.shape.is_interior(p)
    }

    /// The row-major index of `p`, or `None` outside.
    #[inline]
    pub(crate) fn index(&self, p: Point) -> Option<usize> {
        self.shape.index(p)
    }

    /// The row-major index of `p`, a cell of the map.
    #[inline]
    pub(crate) fn index_of(&self, p: Point) -> usize {
        self.shape.index_inside(p)
    }

    /// `p`, a cell of the map, as one number.
    #[inline]
    pub(crate) fn pack(p: Point) -> u32 {
        ((p.y as u32) << 16) | (p.x as u32 & 0xFFFF)
    }

    /// The inverse of [`Cells::pack`].
    #[inline]
    pub(crate) fn unpack(packed: u32) -> Point {
        Point::new((packed & 0xFFFF) as i32, (packed >> 16) as i32)
    }

    /// The cell that `step` from `p` (index `i`) reaches and its index, when it is inside
    /// the map. `interior` says that `p` [`is_interior`](Cells::is_interior).
    #[inline]
    pub(crate) fn neighbour(
        &self,
        p: Point,
        i: usize,
        interior: bool,
        step: &Step,
    ) -> Option<(Point, usize)> {
        let q = Point::new(p.x + step.delta.x, p.y + step.delta.y);
        if !interior && !self.contains(q) {
            return None;
        }
        Some((q, i.wrapping_add_signed(step.offset)))
    }

    /// True when `step` from `p` (index `i`, walkable) to its neighbour `q` (index `j`,
    /// inside the map) may be taken, in either direction: `q` is walkable and the corner
    /// rule lets the step pass.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn passable<L: Lookup>(
        look: &L,
        p: Point,
        i: usize,
        (q, j): (Point, usize),
        step: &Step,
        corners: CornerCutting,
    ) -> bool {
        if !look.walkable(j, q) {
            return false;
        }
        if step.diagonal && corners == CornerCutting::Forbidden {
            // The two cells the diagonal passes lie between p and q, so inside the map.
            let dx = step.delta.x as isize;
            let a = (Point::new(q.x, p.y), i.wrapping_add_signed(dx));
            let b = (
                Point::new(p.x, q.y),
                i.wrapping_add_signed(step.offset - dx),
            );
            return look.walkable(a.1, a.0) && look.walkable(b.1, b.0);
        }
        true
    }

    /// The steps from `p` (index `i`, walkable) that may be taken, as bits: bit `s` for
    /// `steps[s]`, set when its cell is inside the map and walkable and the corner rule
    /// lets it pass. Every neighbour is read, with no branch on its walkability: on a map
    /// of scattered walls that branch is a coin toss. A [`Lookup`] that knows them
    /// already ([`ByMasks`]) answers with one read.
    #[inline(always)]
    pub(crate) fn open_steps<L: Lookup>(
        &self,
        look: &L,
        p: Point,
        i: usize,
        interior: bool,
        steps: &Steps,
        corners: CornerCutting,
    ) -> u32 {
        match look.step_mask(i) {
            Some(mask) => u32::from(mask),
            None => self.read_open_steps(look, p, i, interior, steps, corners),
        }
    }

    /// [`Cells::open_steps`], read from the neighbours one by one.
    #[inline(always)]
    fn read_open_steps<L: Lookup>(
        &self,
        look: &L,
        p: Point,
        i: usize,
        interior: bool,
        steps: &Steps,
        corners: CornerCutting,
    ) -> u32 {
        let mut open = 0;
        for (s, step) in steps.as_slice().iter().enumerate() {
            if let Some((q, j)) = self.neighbour(p, i, interior, step) {
                open |= u32::from(look.walkable(j, q)) << s;
            }
        }
        if corners == CornerCutting::Forbidden && steps.as_slice().len() == 8 {
            // Clockwise from north, the diagonals at the odd bits: each needs the two
            // orthogonal steps beside it open.
            let open8 = open as u8;
            let beside = open8.rotate_left(1) & open8.rotate_right(1);
            open &= u32::from(0b0101_0101 | beside);
        }
        open
    }

    /// Every cell's [`Cells::open_steps`] under `moves`, read from `tiles` (row-major, as
    /// long as the map): 0 for a wall. The per-map table of [`ByMasks`].
    pub(crate) fn step_masks(&self, tiles: &[Tile], moves: &Moves) -> Vec<u8> {
        let look = ByTiles(tiles);
        let steps = moves.steps_on(self.width());
        self.shape
            .points()
            .enumerate()
            .map(|(i, p)| {
                if !look.walkable(i, p) {
                    return 0;
                }
                let interior = self.is_interior(p);
                self.read_open_steps(&look, p, i, interior, &steps, moves.corners) as u8
            })
            .collect()
    }

    /// The cell that `step` from `p` (index `i`, walkable) reaches and its index, when it
    /// is inside the map and [`passable`](Cells::passable).
    #[inline]
    pub(crate) fn step<L: Lookup>(
        &self,
        look: &L,
        p: Point,
        i: usize,
        interior: bool,
        step: &Step,
        corners: CornerCutting,
    ) -> Option<(Point, usize)> {
        let next = self.neighbour(p, i, interior, step)?;
        Cells::passable(look, p, i, next, step, corners).then_some(next)
    }
}

/// How a search reads whether a cell (index and position, inside the map) is walkable.
pub(crate) trait Lookup {
    fn walkable(&self, i: usize, p: Point) -> bool;
    /// The open steps of cell `i` as [`Cells::open_steps`] gives them, when known ahead.
    #[inline(always)]
    fn step_mask(&self, i: usize) -> Option<u8> {
        let _ = i;
        None
    }
}

/// From a row-major tile slice (a [`Map`](crate::Map)'s).
pub(crate) struct ByTiles<'a>(pub(crate) &'a [Tile]);

impl Lookup for ByTiles<'_> {
    #[inline]
    fn walkable(&self, i: usize, _: Point) -> bool {
        self.0.get(i).is_some_and(|t| t.walkable)
    }
}

/// From a row-major tile slice and its [`Cells::step_masks`] for the search's moves:
/// a cell's open steps in one read (a map's precomputation, kept with its landmarks).
pub(crate) struct ByMasks<'a> {
    pub(crate) tiles: &'a [Tile],
    pub(crate) masks: &'a [u8],
}

impl Lookup for ByMasks<'_> {
    #[inline]
    fn walkable(&self, i: usize, _: Point) -> bool {
        self.tiles.get(i).is_some_and(|t| t.walkable)
    }
    #[inline(always)]
    fn step_mask(&self, i: usize) -> Option<u8> {
        Some(self.masks.get(i).copied().unwrap_or(0))
    }
}

/// By asking the [`Walkable`].
pub(crate) struct ByCall<'a, W>(pub(crate) &'a W);

impl<W: Walkable> Lookup for ByCall<'_, W> {
    #[inline]
    fn walkable(&self, _: usize, p: Point) -> bool {
        self.0.is_walkable(p)
    }
}

/// Runs `$body` with `$look` bound to the fastest [`Lookup`] of `$walk`: its tile slice
/// when it has one of the right length, otherwise calls.
macro_rules! with_lookup {
    ($walk:expr, $cells:expr, |$look:ident| $body:expr) => {
        match $walk.row_major_tiles() {
            Some(tiles) if tiles.len() == $cells.len() => {
                let $look = &$crate::path::cells::ByTiles(tiles);
                $body
            }
            _ => {
                let $look = &$crate::path::cells::ByCall($walk);
                $body
            }
        }
    };
}
pub(crate) use with_lookup;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DungeonRng, Map};

    /// The per-map step masks say, for every cell, exactly which steps
    /// [`Cells::step`] allows: on maps of every density, borders included, under every
    /// move rule.
    #[test]
    fn step_masks_agree_with_the_steps_one_by_one() {
        let mut rng = DungeonRng::new(5);
        for (w, h) in [(1, 1), (1, 7), (9, 1), (13, 11), (30, 24)] {
            for density in [0, 30, 60, 100] {
                let mut map = Map::new(w, h).expect("a valid size");
                for p in map.shape().points() {
                    let wall = rng.below(100) < density;
                    map.set(p, if wall { Tile::WALL } else { Tile::FLOOR });
                }
                let cells = Cells::of(&map);
                let look = ByTiles(map.tiles());
                for moves in [
                    Moves::EIGHT,
                    Moves::EIGHT.with_corner_cutting(CornerCutting::Forbidden),
                    Moves::FOUR,
                ] {
                    let masks = cells.step_masks(map.tiles(), &moves);
                    let steps = moves.steps_on(w);
                    for (i, p) in map.shape().points().enumerate() {
                        let mut expected = 0u8;
                        if map.is_walkable(p) {
                            for (s, step) in steps.as_slice().iter().enumerate() {
                                let interior = cells.is_interior(p);
                                if cells
                                    .step(&look, p, i, interior, step, moves.corners)
                                    .is_some()
                                {
                                    expected |= 1 << s;
                                }
                            }
                        }
                        assert_eq!(masks[i], expected, "{moves:?} at {p} on {w}x{h}");
                    }
                }
            }
        }
    }
}
