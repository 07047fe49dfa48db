//! Which cells are covered by the outlines of rooms placed so far.
//!
//! The tutorial tests a new room against every earlier room, which is quadratic in the
//! room count. Rooms are closed integer rectangles, so two of them intersect exactly when
//! they share a cell; marking each accepted outline in a bit grid and testing the new
//! outline's cells gives the same answer as [`Rect::intersects`] in time proportional to
//! the room's height and width / 64, however many rooms stand.
//!
//! Neither test is cheap in every case: a thousand rooms make the pairwise test slow, a
//! room thousands of tiles tall makes the grid test slow. [`Placed`] keeps both and asks
//! whichever costs less for each try, so a try costs at most the smaller of the two; the
//! grid test stops at the first marked cell, looking at every 16th row first, since a try
//! that fails usually overlaps a room over many rows.

use crate::Rect;

/// The rooms placed so far, for the overlap test: the tutorial's pairwise test, or an
/// [`Occupancy`] grid, whichever is cheaper for the room tried. Both give
/// [`Rect::intersects`]'s answer.
#[derive(Debug, Clone)]
pub(crate) struct Placed {
    rooms: Vec<Rect>,
    /// Made once there are more than [`Placed::PAIRWISE_UP_TO`] rooms.
    grid: Option<Occupancy>,
    width: i32,
    height: i32,
}

impl Placed {
    /// Up to this many rooms, the pairwise test is cheaper than any grid test (and the
    /// tutorial's map never needs a grid).
    pub(crate) const PAIRWISE_UP_TO: usize = 32;
    /// About how many pairwise tests cost as much as one word of the grid test.
    const PAIRS_PER_WORD: usize = 4;

    /// Room for `expected` rooms (a hint; more may come).
    pub(crate) fn new(width: i32, height: i32, expected: usize) -> Placed {
        Placed {
            rooms: Vec::with_capacity(expected),
            grid: None,
            width,
            height,
        }
    }

    /// True when `room`'s outline shares a cell with a placed room's outline.
    #[inline] // called by the generation with and without a recorder
    pub(crate) fn intersects(&self, room: &Rect) -> bool {
        match &self.grid {
            Some(grid) if self.rooms.len() > Self::PAIRS_PER_WORD * grid.words(room) => {
                grid.intersects(room)
            }
            // No early exit: a branch-free fold over the list is faster.
            _ => self
                .rooms
                .iter()
                .fold(false, |hit, other| hit | room.intersects(other)),
        }
    }

    /// Adds `room`.
    pub(crate) fn push(&mut self, room: Rect) {
        self.rooms.push(room);
        match &mut self.grid {
            Some(grid) => grid.mark(&room),
            None if self.rooms.len() > Self::PAIRWISE_UP_TO => {
                let mut grid = Occupancy::new(self.width, self.height);
                for placed in &self.rooms {
                    grid.mark(placed);
                }
                self.grid = Some(grid);
            }
            None => {}
        }
    }

    /// The rooms, in the order they were placed.
    pub(crate) fn into_rooms(self) -> Vec<Rect> {
        self.rooms
    }

    /// The last room placed.
    pub(crate) fn last(&self) -> Option<&Rect> {
        self.rooms.last()
    }
}

/// One bit per map cell, row-major, 64 cells a word.
#[derive(Debug, Clone)]
pub(crate) struct Occupancy {
    words_per_row: usize,
    width: i32,
    height: i32,
    bits: Vec<u64>,
}

impl Occupancy {
    /// Rows looked at first, one in this many, by [`Occupancy::intersects`].
    const FIRST_PASS_STRIDE: usize = 16;

    pub(crate) fn new(width: i32, height: i32) -> Occupancy {
        let words_per_row = (width.max(0) as usize).div_ceil(64);
        Occupancy {
            words_per_row,
            width,
            height,
            bits: vec![0; words_per_row * height.max(0) as usize],
        }
    }

    /// How many words the test of `rect` reads at most: its cost.
    pub(crate) fn words(&self, rect: &Rect) -> usize {
        let (cols, rows) = self.clip(rect);
        let words = if cols.is_empty() {
            0
        } else {
            (cols.end - 1) / 64 - cols.start / 64 + 1
        };
        rows.len() * words
    }

    /// True when any cell of `rect`'s outline (edges included) is marked. Looks at every
    /// 16th row first, then the others, and stops at the first marked cell.
    pub(crate) fn intersects(&self, rect: &Rect) -> bool {
        let (cols, rows) = self.clip(rect);
        let stride = Self::FIRST_PASS_STRIDE;
        if rows.len() <= stride {
            return rows.into_iter().any(|y| self.row_hits(y, cols.clone()));
        }
        (0..stride).any(|phase| {
            (rows.start + phase..rows.end)
                .step_by(stride)
                .any(|y| self.row_hits(y, cols.clone()))
        })
    }

    /// True when row `y` has a marked cell among `cols`.
    fn row_hits(&self, y: usize, cols: std::ops::Range<usize>) -> bool {
        let row = &self.bits[y * self.words_per_row..(y + 1) * self.words_per_row];
        let mut hit = false;
        for_each_mask(cols, |w, mask| hit |= row[w] & mask != 0);
        hit
    }

    /// Marks every cell of `rect`'s outline (edges included).
    pub(crate) fn mark(&mut self, rect: &Rect) {
        let words_per_row = self.words_per_row;
        let (cols, rows) = self.clip(rect);
        for y in rows {
            let row = &mut self.bits[y * words_per_row..(y + 1) * words_per_row];
            for_each_mask(cols.clone(), |w, mask| row[w] |= mask);
        }
    }

    /// The outline's columns and rows (inclusive ends made exclusive), clipped to the grid.
    fn clip(&self, rect: &Rect) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let x1 = rect.x1.clamp(0, self.width) as usize;
        let x2 = rect.x2.saturating_add(1).clamp(0, self.width) as usize;
        let y1 = rect.y1.clamp(0, self.height) as usize;
        let y2 = rect.y2.saturating_add(1).clamp(0, self.height) as usize;
        (x1..x2.max(x1), y1..y2.max(y1))
    }
}

/// Calls `f(word index, bit mask)` for the words covering columns `cols`.
fn for_each_mask(cols: std::ops::Range<usize>, mut f: impl FnMut(usize, u64)) {
    if cols.is_empty() {
        return;
    }
    let (first, last) = (cols.start / 64, (cols.end - 1) / 64);
    for w in first..=last {
        let lo = if w == first { cols.start % 64 } else { 0 };
        let hi = if w == last { (cols.end - 1) % 64 } else { 63 };
        let mask = (u64::MAX >> (63 - hi)) & (u64::MAX << lo);
        f(w, mask);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_rect_intersects_on_every_small_pair() {
        let rects: Vec<Rect> = (0..6)
            .flat_map(|x| {
                (0..4).flat_map(move |y| {
                    [(2, 2), (3, 1), (1, 4)].map(|(w, h)| Rect::new(x * 13, y * 2, w, h))
                })
            })
            .collect();
        for a in &rects {
            let mut occ = Occupancy::new(80, 12);
            occ.mark(a);
            for b in &rects {
                assert_eq!(occ.intersects(b), a.intersects(b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn placed_switches_to_the_grid_with_the_same_answers() {
        let mut rng = crate::DungeonRng::new(4);
        let mut placed = Placed::new(300, 200, 0);
        let mut rooms: Vec<Rect> = Vec::new();
        for i in 0..3000 {
            // Small rooms, then tall and wide ones, so both tests answer with many rooms.
            let most = if i < 2000 { 12 } else { 150 };
            let (w, h) = (rng.range_inclusive(2, most), rng.range_inclusive(2, most));
            let room = Rect::new(
                rng.range_inclusive(0, 300 - w - 1),
                rng.range_inclusive(0, 200 - h - 1),
                w,
                h,
            );
            let pairwise = rooms.iter().any(|r| r.intersects(&room));
            assert_eq!(placed.intersects(&room), pairwise, "{} rooms", rooms.len());
            if !pairwise {
                placed.push(room);
                rooms.push(room);
            }
        }
        assert!(rooms.len() > 2 * Placed::PAIRWISE_UP_TO, "both ways were tested");
        assert_eq!(placed.into_rooms(), rooms);
    }

    #[test]
    fn masks_cross_word_boundaries() {
        let mut occ = Occupancy::new(200, 3);
        occ.mark(&Rect::new(60, 0, 70, 0));
        assert!(occ.intersects(&Rect::new(63, 0, 1, 0)));
        assert!(occ.intersects(&Rect::new(129, 0, 5, 0)));
        assert!(occ.intersects(&Rect::new(130, 0, 5, 0)));
        assert!(!occ.intersects(&Rect::new(131, 0, 5, 0)));
        assert!(!occ.intersects(&Rect::new(50, 1, 100, 1)));
    }
}
