//! Albert Ford's symmetric shadowcasting in exact integer arithmetic.
//!
//! Based on: https://www.albertford.com/shadowcasting/
//!
//! The names follow his Python: each of the four [`Quadrant`]s is scanned [`Row`] by row,
//! a row's [`Row::tiles`] lie between its start and end [`Slope`]s (rounded with
//! [`round_ties_up`] / [`round_ties_down`]), a floor tile is revealed only when
//! [`Row::is_symmetric`], and every floor-to-wall step opens the [`Row::next`] row of a
//! narrower sector. Slopes are exact fractions of integers, so the result never depends on
//! float rounding, and the recursion is an explicit stack that the caller keeps between
//! calls, so a scan allocates nothing once the stack has grown.
//!
//! Two things differ from the Python, both for speed and neither changing the answer:
//!
//! * Rows stop at the radius and at the map's edge. A row at depth `d` scans only the
//!   columns `-left..=right` that are inside both the map and the radius (`d*d + col*col <
//!   r*r`). That window, measured in slope, shrinks strictly as `d` grows (its column
//!   bounds never grow while `d` does), so a tile outside it can only shadow tiles that are
//!   outside the windows of every deeper row: leaving it out changes no tile that can be
//!   visible. The same argument ends the scan at the last row inside the map and radius.
//! * A floor tile strictly inside a row always passes `is_symmetric`; only the row's first
//!   and last tiles can fail it, so the test runs once per row, not once per tile.

use super::Transparency;

/// An exact slope `num / den` (`den > 0`): columns travelled per row of depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Slope {
    num: i64,
    den: i64,
}

impl Slope {
    const MINUS_ONE: Slope = Slope { num: -1, den: 1 };
    const ONE: Slope = Slope { num: 1, den: 1 };
}

/// Ford's `slope(tile)`: the slope of the tile's left edge, `(2 col - 1) / (2 depth)`.
fn slope(depth: i64, col: i64) -> Slope {
    Slope {
        num: 2 * col - 1,
        den: 2 * depth,
    }
}

/// `round_ties_up(depth * s)` = `floor(depth * s + 1/2)`.
///
/// `div_euclid` by a positive divisor is floor division, also for negative numerators.
fn round_ties_up(depth: i64, s: Slope) -> i64 {
    (2 * depth * s.num + s.den).div_euclid(2 * s.den)
}

/// `round_ties_down(depth * s)` = `ceil(depth * s - 1/2)` = `-floor(1/2 - depth * s)`.
fn round_ties_down(depth: i64, s: Slope) -> i64 {
    -(s.den - 2 * depth * s.num).div_euclid(2 * s.den)
}

/// One row of a quadrant: the tiles at `depth` between two slopes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Row {
    depth: i32,
    start_slope: Slope,
    end_slope: Slope,
}

impl Row {
    /// The first row of a quadrant: depth 1, the whole 90° sector.
    const FIRST: Row = Row {
        depth: 1,
        start_slope: Slope::MINUS_ONE,
        end_slope: Slope::ONE,
    };

    /// Ford's `tiles()`: the first and last column of the row (`min_col`, `max_col`).
    fn tiles(&self) -> (i64, i64) {
        let depth = i64::from(self.depth);
        (
            round_ties_up(depth, self.start_slope),
            round_ties_down(depth, self.end_slope),
        )
    }

    /// Ford's `next()`: the same sector one row deeper.
    fn next(&self) -> Row {
        Row {
            depth: self.depth + 1,
            ..*self
        }
    }

    /// Ford's `is_symmetric(row, tile)`: the tile's centre lies inside the sector, bounds
    /// included (`start <= col / depth <= end`, cross-multiplied by positive denominators).
    fn is_symmetric(&self, col: i64) -> bool {
        let depth = i64::from(self.depth);
        col * self.start_slope.den >= depth * self.start_slope.num
            && col * self.end_slope.den <= depth * self.end_slope.num
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

/// Where a scan writes: a stamp grid (a cell is visible when its stamp equals `epoch`).
pub(crate) struct Marks<'a> {
    pub(crate) stamps: &'a mut [u32],
    pub(crate) width: i32,
    pub(crate) epoch: u32,
}

impl Marks<'_> {
    #[inline(always)]
    fn reveal(&mut self, x: i32, y: i32) {
        // Scans stay inside the map, so the index is in range.
        self.stamps[y as usize * self.width as usize + x as usize] = self.epoch;
    }
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

/// Scans one quadrant. `rows` is scratch (left empty); the returned extent covers every
/// revealed cell, or is `None` when the quadrant has no row inside the window.
pub(crate) fn scan_quadrant<const CARDINAL: u8, T: Transparency + ?Sized>(
    map: &T,
    quadrant: Quadrant<CARDINAL>,
    limits: &Limits<'_>,
    rows: &mut Vec<Row>,
    marks: &mut Marks<'_>,
) -> Option<Extent> {
    let (mut max_depth, left, right) = quadrant.window(map.width(), map.height());
    if let Some(cols) = limits.radius_cols {
        max_depth = max_depth.min(cols.len() as i32 - 1);
    }
    if max_depth < 1 {
        return None;
    }
    // Reached depth and column span, for the extent.
    let (mut deepest, mut min_seen, mut max_seen) = (0, i32::MAX, i32::MIN);

    rows.clear();
    rows.push(Row::FIRST);
    while let Some(mut row) = rows.pop() {
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

        // Floor tiles in sym_lo..=sym_hi are symmetric: only the row's ends can fail the
        // test (and when one end fails on the far bound, the row holds just that tile).
        let sym_lo = if row.is_symmetric(min_col) {
            min_col
        } else {
            min_col + 1
        };
        let sym_hi = if row.is_symmetric(max_col) {
            max_col
        } else {
            max_col - 1
        };
        let deeper = depth < max_depth;

        // prev_tile: None before the first tile, then whether it was a wall.
        let mut prev_wall: Option<bool> = None;
        for col in lo..=hi {
            let (x, y) = quadrant.transform(depth, col);
            let is_wall = !map.is_transparent(x, y);
            let c = i64::from(col);
            if is_wall {
                if limits.light_walls {
                    marks.reveal(x, y);
                }
                if prev_wall == Some(false) && deeper {
                    let mut next_row = row.next();
                    next_row.end_slope = slope(i64::from(depth), c);
                    rows.push(next_row);
                }
            } else {
                if sym_lo <= c && c <= sym_hi {
                    marks.reveal(x, y);
                }
                if prev_wall == Some(true) {
                    row.start_slope = slope(i64::from(depth), c);
                }
            }
            prev_wall = Some(is_wall);
        }
        if prev_wall == Some(false) && deeper {
            rows.push(row.next());
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
pub(crate) fn quadrant<const CARDINAL: u8>(ox: i32, oy: i32) -> Quadrant<CARDINAL> {
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

    #[test]
    fn first_row_spans_the_diagonals() {
        assert_eq!(Row::FIRST.tiles(), (-1, 1));
        assert_eq!(Row::FIRST.next().next().tiles(), (-3, 3));
        assert!(Row::FIRST.is_symmetric(-1) && Row::FIRST.is_symmetric(1));
        // A sector from the left edge of tile (2, 1): its centre 1/2 is inside, 0 is not.
        let row = Row {
            depth: 2,
            start_slope: slope(2, 1),
            end_slope: Slope::ONE,
        };
        assert_eq!(row.tiles(), (1, 2));
        assert!(row.is_symmetric(1));
        assert!(!row.is_symmetric(0));
    }
}
