//! Albert Ford's symmetric shadowcasting in exact integer arithmetic.
//!
//! Based on: <https://www.albertford.com/shadowcasting/>
//!
//! The names follow his Python: each of the four [`Quadrant`]s is scanned [`Row`] by row,
//! a row's [`Row::tiles`] run from `round_ties_up(depth * start_slope)` to
//! `round_ties_down(depth * end_slope)`, a floor tile is revealed only when
//! `is_symmetric`, a wall-to-floor step moves the start slope to `slope(tile)`, and
//! a floor-to-wall step opens the [`Row::next`] row of a narrower sector ending at
//! `slope(tile)`. All of it is exact integer arithmetic. The recursion is an explicit stack
//! that the caller keeps between calls, so a scan allocates nothing once the stack has
//! grown.
//!
//! Three things differ from the Python, all for speed and none changing the answer (the
//! tests compare against a line-by-line port of his code):
//!
//! * A slope is kept as its rounded row bound at the current depth, a [`Bound`]: an exact
//!   mixed number `q + r / den2` that the next row reaches by adding the slope. Since
//!   every slope lies within `-1..=1`, that takes one carry instead of a division per row.
//! * Rows stop at the radius and at the map's edge. A row at depth `d` scans only the
//!   columns `-left..=right` that are inside both the map and the radius (`d*d + col*col <
//!   r*r`). That window, measured in slope, shrinks strictly as `d` grows (its column
//!   bounds never grow while `d` does), so a tile outside it can only shadow tiles that are
//!   outside the windows of every deeper row: leaving it out changes no tile that can be
//!   visible. The same argument ends the scan at the last row inside the map and radius.
//! * A floor tile strictly inside a row always passes `is_symmetric`; only the row's first
//!   and last tiles can fail it, so the test runs twice per row, not once per tile.

use zerocopy::byteorder::{LittleEndian, U32};
use zerocopy::{FromBytes, IntoBytes};

use super::Transparency;
use super::bits::Bits;
use crate::{Point, Tile};

/// An exact slope `num / den` (`den > 0`): columns travelled per row of depth. The scan
/// keeps slopes as [`Bound`]s; this form, with `slope` and the two roundings below, is the
/// definition the bounds are tested against.
#[cfg(test)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Slope {
    num: i64,
    den: i64,
}

/// Ford's `slope(tile)`: the slope of the tile's left edge, `(2 col - 1) / (2 depth)`.
#[cfg(test)]
fn slope(depth: i64, col: i64) -> Slope {
    Slope {
        num: 2 * col - 1,
        den: 2 * depth,
    }
}

/// `round_ties_up(depth * s)` = `floor(depth * s + 1/2)`.
///
/// `div_euclid` by a positive divisor is floor division, also for negative numerators.
#[cfg(test)]
fn round_ties_up(depth: i64, s: Slope) -> i64 {
    (2 * depth * s.num + s.den).div_euclid(2 * s.den)
}

/// `round_ties_down(depth * s)` = `ceil(depth * s - 1/2)` = `-floor(1/2 - depth * s)`.
#[cfg(test)]
fn round_ties_down(depth: i64, s: Slope) -> i64 {
    -(s.den - 2 * depth * s.num).div_euclid(2 * s.den)
}

/// One of a row's two bounds, kept as an exact mixed number `q + r / den2`
/// (`0 <= r < den2`) so that [`Row::next`] steps it by an addition, not a division:
///
/// * a start bound holds `depth * start_slope + 1/2`, so `q` is
///   `round_ties_up(depth * start_slope)`, the row's first column;
/// * an end bound holds `1/2 - depth * end_slope`, so `-q` is
///   `round_ties_down(depth * end_slope)`, the row's last column.
///
/// One row deeper adds the slope (`step / den2`) to a start bound and subtracts it from an
/// end bound. Slopes stay within `-1..=1`, so `|step| <= den2` and one carry is enough.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bound {
    q: i64,
    r: i64,
    step: i64,
    den2: i64,
}

impl Bound {
    /// The start bound of `slope` at `depth`: `depth * slope + 1/2`.
    #[cfg(test)]
    fn start(depth: i64, s: Slope) -> Bound {
        let (n, den2) = (2 * depth * s.num + s.den, 2 * s.den);
        Bound {
            q: n.div_euclid(den2),
            r: n.rem_euclid(den2),
            step: 2 * s.num,
            den2,
        }
    }

    /// The end bound of `slope` at `depth`: `1/2 - depth * slope`.
    #[cfg(test)]
    fn end(depth: i64, s: Slope) -> Bound {
        let (n, den2) = (s.den - 2 * depth * s.num, 2 * s.den);
        Bound {
            q: n.div_euclid(den2),
            r: n.rem_euclid(den2),
            step: -2 * s.num,
            den2,
        }
    }

    /// `Bound::start(depth, slope(depth, col))` without dividing: `depth * (2col - 1) /
    /// (2depth) + 1/2` is exactly `col`.
    fn start_at_tile(depth: i64, col: i64) -> Bound {
        Bound {
            q: col,
            r: 0,
            step: 2 * (2 * col - 1),
            den2: 4 * depth,
        }
    }

    /// `Bound::end(depth, slope(depth, col))` without dividing: exactly `1 - col`.
    fn end_at_tile(depth: i64, col: i64) -> Bound {
        Bound {
            q: 1 - col,
            r: 0,
            step: -2 * (2 * col - 1),
            den2: 4 * depth,
        }
    }

    /// The same bound one row deeper.
    #[inline(always)]
    fn next(self) -> Bound {
        debug_assert!(self.step.abs() <= self.den2, "slope beyond the diagonal");
        // The carry is -1, 0 or 1 and as good as random, so it is computed, not branched on.
        let r = self.r + self.step;
        let carry = i64::from(r >= self.den2) - i64::from(r < 0);
        Bound {
            q: self.q + carry,
            r: r - carry * self.den2,
            ..self
        }
    }

    /// Whether the fractional part `r / den2` is at most 1/2.
    #[inline(always)]
    fn half_or_less(&self) -> bool {
        2 * self.r <= self.den2
    }
}

/// One row of a quadrant: the tiles at `depth` between two slopes, the slopes kept as
/// their [`Bound`]s at this depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Row {
    depth: i32,
    start: Bound,
    end: Bound,
}

impl Row {
    /// The first row of a quadrant: depth 1, slopes -1 to 1 (the whole 90° sector).
    /// `1 * -1 + 1/2 = -1 + 1/2` and `1/2 - 1 * 1 = -1 + 1/2`, stepping by -1 and -1.
    const FIRST: Row = Row {
        depth: 1,
        start: Bound {
            q: -1,
            r: 1,
            step: -2,
            den2: 2,
        },
        end: Bound {
            q: -1,
            r: 1,
            step: -2,
            den2: 2,
        },
    };

    /// Ford's `tiles()`: the first and last column of the row (`min_col`, `max_col`).
    #[inline(always)]
    fn tiles(&self) -> (i64, i64) {
        (self.start.q, -self.end.q)
    }

    /// Ford's `next()`: the same sector one row deeper.
    #[inline(always)]
    fn next(&self) -> Row {
        Row {
            depth: self.depth + 1,
            start: self.start.next(),
            end: self.end.next(),
        }
    }

    /// Ford's `is_symmetric(row, tile)`: the tile's centre lies inside the sector, bounds
    /// included (`start_slope <= col / depth <= end_slope`). With `depth * start_slope =
    /// q + r/den2 - 1/2` this is `2r - den2 <= 2 (col - q) den2`, and likewise at the end.
    /// The scan needs it only at the row's two ends, where it is `Bound::half_or_less`.
    #[cfg(test)]
    fn is_symmetric(&self, col: i64) -> bool {
        let (s, e) = (&self.start, &self.end);
        2 * s.r - s.den2 <= 2 * (col - s.q) * s.den2 && e.den2 - 2 * e.r >= 2 * (col + e.q) * e.den2
    }
}

/// Which way a quadrant looks; its `transform` maps (depth, col) to map cells.
pub(crate) const NORTH: u8 = 0;
pub(crate) const EAST: u8 = 1;
pub(crate) const SOUTH: u8 = 2;
pub(crate) const WEST: u8 = 3;

/// A quadrant of the view, `CARDINAL` being one of [`NORTH`], [`EAST`], [`SOUTH`],
/// [`WEST`]. A const parameter, so each quadrant's scan compiles to its own loop with the
/// transform folded in.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Quadrant<const CARDINAL: u8> {
    ox: i32,
    oy: i32,
}

impl<const CARDINAL: u8> Quadrant<CARDINAL> {
    /// Ford's `transform(tile)`: the map cell at `depth` rows and `col` columns from the
    /// origin in this quadrant's frame.
    #[inline(always)]
    fn transform(&self, depth: i32, col: i32) -> (i32, i32) {
        match CARDINAL {
            NORTH => (self.ox + col, self.oy - depth),
            SOUTH => (self.ox + col, self.oy + depth),
            EAST => (self.ox + depth, self.oy + col),
            _ => (self.ox - depth, self.oy + col),
        }
    }

    /// The row-major index of column 0 of row `depth`, and the step from one column to
    /// the next, on a map `width` wide.
    #[inline(always)]
    fn indices(&self, depth: i32, width: i32) -> (usize, isize) {
        let (x, y) = self.transform(depth, 0);
        // Column 0 may lie outside the map (a row clipped on one side), so wrap: the
        // columns actually scanned are inside.
        let base = (y as isize * width as isize + x as isize) as usize;
        let stride = match CARDINAL {
            NORTH | SOUTH => 1,
            _ => width as isize,
        };
        (base, stride)
    }

    /// The scan window of this quadrant on a `width` x `height` map: the deepest row
    /// inside the map, and how many columns fit left (negative) and right of the origin.
    fn window(&self, width: i32, height: i32) -> (i32, i32, i32) {
        let (ox, oy) = (self.ox, self.oy);
        match CARDINAL {
            NORTH => (oy, ox, width - 1 - ox),
            SOUTH => (height - 1 - oy, ox, width - 1 - ox),
            EAST => (width - 1 - ox, oy, height - 1 - oy),
            _ => (ox, oy, height - 1 - oy),
        }
    }
}

/// Where a scan writes: a bit per cell, set when the cell is visible; and how many cells
/// it looked at.
pub(crate) struct Marks<'a> {
    pub(crate) bits: &'a mut Bits,
    pub(crate) scanned: usize,
}

/// The cells of one row of a quadrant: depth, first column, and their row-major indices
/// `first..=last`, `stride` apart (1 across the map, its width down it).
pub(crate) struct RowCells {
    depth: i32,
    pub(crate) lo: i32,
    pub(crate) first: usize,
    pub(crate) last: usize,
    pub(crate) stride: usize,
}

/// Which of a row's cells are revealed: floors always, walls when lit.
#[derive(Clone, Copy)]
pub(crate) struct Stamp {
    walls_lit: bool,
}

impl Stamp {
    #[inline(always)]
    pub(crate) fn of(self, is_wall: bool) -> bool {
        !is_wall || self.walls_lit
    }

    /// Marks cell `idx` of `bits` for a cell that is a wall or not.
    #[inline(always)]
    fn mark(self, bits: &mut Bits, idx: usize, is_wall: bool) {
        if self.walls_lit {
            bits.insert(idx);
        } else {
            bits.set(idx, !is_wall);
        }
    }
}

/// How a scan reads opacity: by cell position for any [`Transparency`], or by row-major
/// index straight from a tile slice. Generic, so each compiles to its own loop.
pub(crate) trait Cells {
    /// Width and height.
    fn size(&self) -> (i32, i32);

    /// Whether the cell at row-major index `idx` is marked visible (in `bits`, or wherever
    /// this reader keeps its marks).
    fn is_marked(&self, bits: &Bits, idx: usize) -> bool {
        bits.get(idx)
    }

    /// Marks the cell at row-major index `idx` visible or not.
    fn mark(&mut self, bits: &mut Bits, idx: usize, on: bool) {
        bits.set(idx, on);
    }

    /// Marks every cell of `row` (all in the map) and calls `transition(col, is_wall)`
    /// at each cell whose opacity differs from the cell before it, in column order.
    /// Returns whether the first and the last cell are opaque.
    fn stamp_row<const CARDINAL: u8>(
        &mut self,
        quadrant: &Quadrant<CARDINAL>,
        row: &RowCells,
        bits: &mut Bits,
        stamp: Stamp,
        transition: impl FnMut(i32, bool),
    ) -> (bool, bool);
}

/// Marks the row's cells, `stride` apart from bit `first` to `last`, by `is_wall(k, idx)`
/// (the row's `k`-th cell, at row-major index `idx`) and reports the transitions: one
/// pass, for cells that are not side by side in memory.
#[inline(always)]
pub(crate) fn stamp_each(
    mut is_wall: impl FnMut(usize, usize) -> bool,
    row: &RowCells,
    bits: &mut Bits,
    stamp: Stamp,
    mut transition: impl FnMut(i32, bool),
) -> (bool, bool) {
    let stride = row.stride.max(1);
    let first_wall = is_wall(0, row.first);
    stamp.mark(bits, row.first, first_wall);
    let mut prev_wall = first_wall;
    let (mut idx, mut k) = (row.first, 0);
    while idx < row.last {
        idx += stride;
        k += 1;
        let wall = is_wall(k, idx);
        stamp.mark(bits, idx, wall);
        if wall != prev_wall {
            transition(row.lo + k as i32, wall);
            prev_wall = wall;
        }
    }
    (first_wall, prev_wall)
}

/// Any [`Transparency`], asked cell by cell.
pub(crate) struct ByCall<'a, T: ?Sized>(pub(crate) &'a T);

impl<T: Transparency + ?Sized> Cells for ByCall<'_, T> {
    fn size(&self) -> (i32, i32) {
        (self.0.width(), self.0.height())
    }

    #[inline(always)]
    fn stamp_row<const CARDINAL: u8>(
        &mut self,
        quadrant: &Quadrant<CARDINAL>,
        row: &RowCells,
        bits: &mut Bits,
        stamp: Stamp,
        transition: impl FnMut(i32, bool),
    ) -> (bool, bool) {
        let (depth, lo) = (row.depth, row.lo);
        let is_wall = |k: usize, _idx: usize| {
            let (x, y) = quadrant.transform(depth, lo + k as i32);
            !self.0.is_transparent(crate::Point::new(x, y))
        };
        stamp_each(is_wall, row, bits, stamp, transition)
    }
}

/// A row-major tile slice of `width * height` tiles.
pub(crate) struct ByTiles<'a> {
    pub(crate) tiles: &'a [Tile],
    pub(crate) width: i32,
    pub(crate) height: i32,
}

impl Cells for ByTiles<'_> {
    fn size(&self) -> (i32, i32) {
        (self.width, self.height)
    }

    #[inline(always)]
    fn stamp_row<const CARDINAL: u8>(
        &mut self,
        _quadrant: &Quadrant<CARDINAL>,
        row: &RowCells,
        bits: &mut Bits,
        stamp: Stamp,
        transition: impl FnMut(i32, bool),
    ) -> (bool, bool) {
        if row.stride == 1
            && let Some(tiles) = self.tiles.get(row.first..=row.last)
            && let Ok(words) = <[U32<LittleEndian>]>::ref_from_bytes(tiles.as_bytes())
        {
            return stamp_run(words, row, bits, stamp, transition);
        }
        let tiles = self.tiles;
        let is_wall = |_k: usize, idx: usize| tiles.get(idx).is_none_or(|tile| !tile.transparent);
        stamp_each(is_wall, row, bits, stamp, transition)
    }
}

/// A tile's four bytes as a little-endian word: opaque when the second byte
/// (`transparent`) is 0.
#[inline(always)]
fn opaque(word: &U32<LittleEndian>) -> bool {
    word.get() & 0xff00 == 0
}

/// [`stamp_each`] for cells side by side in memory (`words` are the row's tiles): with
/// walls lit every cell is revealed, a word of bits at a time; then the transitions are
/// found a block of cells at a time.
#[inline(always)]
fn stamp_run(
    words: &[U32<LittleEndian>],
    row: &RowCells,
    bits: &mut Bits,
    stamp: Stamp,
    mut transition: impl FnMut(i32, bool),
) -> (bool, bool) {
    let lo = row.lo;
    if stamp.walls_lit {
        bits.set_range(row.first..row.last + 1, true);
    } else {
        for (idx, word) in (row.first..).zip(words) {
            bits.set(idx, stamp.of(opaque(word)));
        }
    }
    let Some(first) = words.first() else {
        return (true, true);
    };
    let (first_wall, mut prev_wall) = (opaque(first), opaque(first));
    let mut at = 1;
    const BLOCK: usize = 16;
    loop {
        // The next few cells one by one (runs between pillars are short); past them, whole
        // blocks without a transition (a test per block that vectorizes), then the cell
        // that ends the run.
        let near = words
            .get(at..(at + BLOCK).min(words.len()))
            .unwrap_or_default();
        let run = match near.iter().position(|w| opaque(w) != prev_wall) {
            Some(run) => run,
            None => {
                let mut skipped = near.len();
                while let Some(block) = words.get(at + skipped..at + skipped + BLOCK) {
                    if !block
                        .iter()
                        .fold(true, |same, w| same & (opaque(w) == prev_wall))
                    {
                        break;
                    }
                    skipped += BLOCK;
                }
                let rest = words.get(at + skipped..).unwrap_or_default();
                match rest.iter().position(|w| opaque(w) != prev_wall) {
                    Some(run) => skipped + run,
                    None => break,
                }
            }
        };
        at += run;
        prev_wall = !prev_wall;
        transition(lo + at as i32, prev_wall);
        at += 1;
    }
    (first_wall, prev_wall)
}

/// What limits a scan besides walls.
pub(crate) struct Limits<'a> {
    /// `radius_cols[d]` = the largest `k` with `d*d + k*k < r*r`, for every depth `d` the
    /// radius allows; `None` when the radius does not cut the map.
    pub(crate) radius_cols: Option<&'a [i32]>,
    /// Whether opaque tiles are revealed.
    pub(crate) light_walls: bool,
}

/// The bounding box of the cells a scan looked at: `(min_x, min_y, max_x, max_y)`.
pub(crate) type Extent = (i32, i32, i32, i32);

/// Scans the quadrants `which` (each one of [`NORTH`], [`EAST`], [`SOUTH`], [`WEST`]) in
/// order around `origin`, returning their extents in the same order.
pub(crate) fn scan_quadrants<C: Cells, const N: usize>(
    map: &mut C,
    which: [u8; N],
    origin: Point,
    limits: &Limits<'_>,
    rows: &mut Vec<Row>,
    marks: &mut Marks<'_>,
) -> [Option<Extent>; N] {
    let (ox, oy) = (origin.x, origin.y);
    which.map(|cardinal| match cardinal {
        NORTH => scan_quadrant(map, quadrant::<NORTH>(ox, oy), limits, rows, marks),
        EAST => scan_quadrant(map, quadrant::<EAST>(ox, oy), limits, rows, marks),
        SOUTH => scan_quadrant(map, quadrant::<SOUTH>(ox, oy), limits, rows, marks),
        _ => scan_quadrant(map, quadrant::<WEST>(ox, oy), limits, rows, marks),
    })
}

/// Scans one quadrant. `rows` is scratch (left empty); the returned extent covers every
/// revealed cell, or is `None` when the quadrant has no row inside the window.
fn scan_quadrant<const CARDINAL: u8, C: Cells>(
    map: &mut C,
    quadrant: Quadrant<CARDINAL>,
    limits: &Limits<'_>,
    rows: &mut Vec<Row>,
    marks: &mut Marks<'_>,
) -> Option<Extent> {
    let (width, height) = map.size();
    let (mut max_depth, left, right) = quadrant.window(width, height);
    if let Some(cols) = limits.radius_cols {
        max_depth = max_depth.min(cols.len() as i32 - 1);
    }
    if max_depth < 1 {
        return None;
    }
    // Reached depth and column span, for the extent.
    let (mut deepest, mut min_seen, mut max_seen) = (0, i32::MAX, i32::MIN);

    rows.clear();
    // The row to scan next: the continuation of the last row when it ended on a floor
    // (most rows do), so it skips the stack; otherwise the top of the stack.
    let mut next = Some(Row::FIRST);
    while let Some(mut row) = next.take().or_else(|| rows.pop()) {
        let depth = row.depth;
        let (min_col, max_col) = row.tiles();
        let (mut left, mut right) = (left, right);
        if let Some(cols) = limits.radius_cols {
            let k = cols[depth as usize];
            left = left.min(k);
            right = right.min(k);
        }
        // Both bounds fit in i32: they are clamped to the window, which is in the map.
        let lo = min_col.max(-i64::from(left)) as i32;
        let hi = max_col.min(i64::from(right)) as i32;
        if lo > hi {
            continue;
        }
        deepest = deepest.max(depth);
        min_seen = min_seen.min(lo);
        max_seen = max_seen.max(hi);
        marks.scanned += (hi - lo) as usize + 1;

        let deeper = depth < max_depth;
        // Every scanned tile is revealed, walls if lit, except a floor tile that fails
        // `is_symmetric`. Only the row's ends can fail it: the first tile on the start side
        // (`row.start` holds `depth * start_slope + 1/2`, so the first tile's centre is
        // inside when that fraction is at most 1/2), the last on the end side. So the loop
        // stamps every tile without a test, and a failing end floor gets its old stamp
        // back afterwards (a cell on a diagonal may have been revealed by the quadrant
        // next door).
        let first_symmetric = i64::from(lo) > min_col || row.start.half_or_less();
        let last_symmetric = i64::from(hi) < max_col || row.end.half_or_less();

        // The row-major index of the row's tiles, stepped along the row: columns run
        // left to right (north, south) or top to bottom (east, west), so the index grows.
        let (base, stride) = quadrant.indices(depth, width);
        let first_idx = base.wrapping_add_signed(lo as isize * stride);
        let last_idx = base.wrapping_add_signed(hi as isize * stride);
        let first_old = map.is_marked(marks.bits, first_idx);
        let last_old = map.is_marked(marks.bits, last_idx);

        // Each tile is stamped, and compared with its prev_tile: a transition shapes the
        // rows below.
        let row_cells = RowCells {
            depth,
            lo,
            first: first_idx,
            last: last_idx,
            stride: stride as usize,
        };
        let stamp = Stamp {
            walls_lit: limits.light_walls,
        };
        let (first_wall, last_wall) =
            map.stamp_row(&quadrant, &row_cells, marks.bits, stamp, |col, is_wall| {
                let c = i64::from(col);
                if is_wall {
                    if deeper {
                        // next_row = row.next() with end_slope = slope(tile).
                        rows.push(Row {
                            depth: depth + 1,
                            start: row.start.next(),
                            end: Bound::end_at_tile(i64::from(depth), c).next(),
                        });
                    }
                } else {
                    // row.start_slope = slope(tile)
                    row.start = Bound::start_at_tile(i64::from(depth), c);
                }
            });
        if !first_wall && !first_symmetric {
            map.mark(marks.bits, first_idx, first_old);
        }
        if !last_wall && !last_symmetric {
            map.mark(marks.bits, last_idx, last_old);
        }
        if !last_wall && deeper {
            next = Some(row.next());
        }
    }
    if deepest == 0 {
        return None;
    }
    let corners = [
        quadrant.transform(1, min_seen),
        quadrant.transform(deepest, max_seen),
    ];
    let (a, b) = (corners[0], corners[1]);
    Some((a.0.min(b.0), a.1.min(b.1), a.0.max(b.0), a.1.max(b.1)))
}

/// Makes a quadrant scanner for the origin `(ox, oy)`.
fn quadrant<const CARDINAL: u8>(ox: i32, oy: i32) -> Quadrant<CARDINAL> {
    Quadrant { ox, oy }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_matches_ford_on_halves_and_negatives() {
        // depth * slope = -3/2: ties up -> -1, ties down -> -2.
        let s = Slope { num: -3, den: 2 };
        assert_eq!(round_ties_up(1, s), -1);
        assert_eq!(round_ties_down(1, s), -2);
        // 5/2 -> 3 up, 2 down.
        let s = Slope { num: 5, den: 2 };
        assert_eq!(round_ties_up(1, s), 3);
        assert_eq!(round_ties_down(1, s), 2);
        // Not a tie: 7/3 = 2.33 -> 2 both ways; -7/3 -> -2 both ways.
        assert_eq!(round_ties_up(7, Slope { num: 1, den: 3 }), 2);
        assert_eq!(round_ties_down(7, Slope { num: 1, den: 3 }), 2);
        assert_eq!(round_ties_up(7, Slope { num: -1, den: 3 }), -2);
        assert_eq!(round_ties_down(7, Slope { num: -1, den: 3 }), -2);
    }

    /// Ford's `is_symmetric` on slopes, for comparison.
    fn symmetric_by_slopes(depth: i64, start: Slope, end: Slope, col: i64) -> bool {
        col * start.den >= depth * start.num && col * end.den <= depth * end.num
    }

    #[test]
    fn bounds_step_exactly_as_fords_rounding() {
        // Every tile slope of rows up to 40 deep, as a start and as an end, followed 60
        // rows down: the stepped bounds equal the rounded products at every depth.
        for d0 in 1..40i64 {
            for col in (-d0 + 1)..=d0 {
                let s = slope(d0, col);
                assert_eq!(Bound::start_at_tile(d0, col), Bound::start(d0, s));
                assert_eq!(Bound::end_at_tile(d0, col), Bound::end(d0, s));
                let (mut start, mut end) = (Bound::start(d0, s), Bound::end(d0, s));
                for depth in d0..d0 + 60 {
                    assert_eq!(start, Bound::start(depth, s), "{d0} {col} {depth}");
                    assert_eq!(end, Bound::end(depth, s), "{d0} {col} {depth}");
                    assert_eq!(start.q, round_ties_up(depth, s));
                    assert_eq!(-end.q, round_ties_down(depth, s));
                    let row = Row {
                        depth: depth as i32,
                        start,
                        end,
                    };
                    let full = Slope { num: 1, den: 1 };
                    let none = Slope { num: -1, den: 1 };
                    let as_start = Row {
                        end: Bound::end(depth, full),
                        ..row
                    };
                    let as_end = Row {
                        start: Bound::start(depth, none),
                        ..row
                    };
                    // At the row's ends, the scan's shortcut agrees.
                    assert_eq!(start.half_or_less(), as_start.is_symmetric(start.q));
                    assert_eq!(end.half_or_less(), as_end.is_symmetric(-end.q));
                    for c in -depth - 1..=depth + 1 {
                        let want = symmetric_by_slopes(depth, s, full, c);
                        assert_eq!(as_start.is_symmetric(c), want);
                        let want = symmetric_by_slopes(depth, none, s, c);
                        assert_eq!(as_end.is_symmetric(c), want);
                    }
                    start = start.next();
                    end = end.next();
                }
            }
        }
    }

    #[test]
    fn first_row_spans_the_diagonals() {
        let (minus_one, one) = (Slope { num: -1, den: 1 }, Slope { num: 1, den: 1 });
        assert_eq!(Row::FIRST.start, Bound::start(1, minus_one));
        assert_eq!(Row::FIRST.end, Bound::end(1, one));
        assert_eq!(Row::FIRST.tiles(), (-1, 1));
        assert_eq!(Row::FIRST.next().next().tiles(), (-3, 3));
        assert!(Row::FIRST.is_symmetric(-1) && Row::FIRST.is_symmetric(1));
        assert!(!Row::FIRST.is_symmetric(2));
    }
}
