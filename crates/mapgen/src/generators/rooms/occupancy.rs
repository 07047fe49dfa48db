//! Which cells are covered by the outlines of rooms placed so far.
//!
//! The tutorial tests a new room against every earlier room, which is quadratic in the
//! room count. Rooms are closed integer rectangles, so two of them intersect exactly when
//! they share a cell; marking each accepted outline in a bit grid and testing the new
//! outline's cells gives the same answer as [`Rect::intersects`] in time proportional to
//! the room's height.

use crate::Rect;

/// One bit per map cell, row-major, 64 cells a word.
#[derive(Debug, Clone)]
pub(crate) struct Occupancy {
    words_per_row: usize,
    width: i32,
    height: i32,
    bits: Vec<u64>,
}

impl Occupancy {
    pub(crate) fn new(width: i32, height: i32) -> Occupancy {
        let words_per_row = (width.max(0) as usize).div_ceil(64);
        Occupancy {
            words_per_row,
            width,
            height,
            bits: vec![0; words_per_row * height.max(0) as usize],
        }
    }

    /// True when any cell of `rect`'s outline (edges included) is marked.
    pub(crate) fn intersects(&self, rect: &Rect) -> bool {
        let mut hit = false;
        self.for_each_word(rect, |word, mask| hit |= *word & mask != 0);
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

    fn for_each_word(&self, rect: &Rect, mut f: impl FnMut(&u64, u64)) {
        let (cols, rows) = self.clip(rect);
        for y in rows {
            let row = &self.bits[y * self.words_per_row..(y + 1) * self.words_per_row];
            for_each_mask(cols.clone(), |w, mask| f(&row[w], mask));
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
