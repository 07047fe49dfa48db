//! The visible cells of a field of view: one bit per cell, row-major (bit `y * width + x`).
//!
//! A bit per cell rather than a stamp: a 1000 x 1000 result is 125 KB, which stays in
//! cache while a scan walks down the map's columns, and a 10000 x 10000 one is 12.5 MB, not
//! 400. A computation clears only the rectangle the previous one revealed.

use std::ops::Range;

use crate::MapError;

/// One bit per cell of a `width` x `height` map.
#[derive(Debug, Clone, Default)]
pub(crate) struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// All clear, for `width * height` cells (sides already checked).
    pub(crate) fn new(width: i32, height: i32) -> Result<Bits, MapError> {
        let cells = width.max(0) as usize * height.max(0) as usize;
        let len = cells.div_ceil(64);
        let mut words = Vec::new();
        words.try_reserve_exact(len).map_err(|_| MapError::Memory {
            width,
            height,
            bytes: len.saturating_mul(8),
        })?;
        words.resize(len, 0);
        Ok(Bits { words })
    }

    /// Bit `i`; false past the end.
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|word| word >> (i % 64) & 1 == 1)
    }

    /// Sets bit `i` to `on`; nothing past the end.
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, on: bool) {
        if let Some(word) = self.words.get_mut(i / 64) {
            let mask = 1u64 << (i % 64);
            *word = (*word & !mask) | (u64::from(on) << (i % 64));
        }
    }

    /// Sets bit `i`; nothing past the end.
    #[inline(always)]
    pub(crate) fn insert(&mut self, i: usize) {
        if let Some(word) = self.words.get_mut(i / 64) {
            *word |= 1u64 << (i % 64);
        }
    }

    /// Sets every bit of `range` to `on`, a word at a time.
    pub(crate) fn set_range(&mut self, range: Range<usize>, on: bool) {
        if range.is_empty() {
            return;
        }
        let (first, last) = (range.start / 64, (range.end - 1) / 64);
        let fill = if on { u64::MAX } else { 0 };
        for w in first..=last {
            let lo = if w == first { range.start % 64 } else { 0 };
            let hi = if w == last { (range.end - 1) % 64 } else { 63 };
            let mask = (u64::MAX >> (63 - hi)) & (u64::MAX << lo);
            if let Some(word) = self.words.get_mut(w) {
                *word = (*word & !mask) | (fill & mask);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_and_ranges_agree_with_a_vec_of_bool() {
        let mut bits = Bits::new(37, 11).unwrap();
        let mut plain = vec![false; 37 * 11];
        let mut rng = crate::DungeonRng::new(2);
        for _ in 0..2000 {
            let a = rng.below(plain.len() as u32) as usize;
            let b = rng.below(plain.len() as u32 + 1) as usize;
            let on = rng.coin();
            if rng.coin() {
                bits.set(a, on);
                plain[a] = on;
            } else if rng.coin() {
                bits.insert(a);
                plain[a] = true;
            } else {
                let range = a.min(b)..a.max(b);
                bits.set_range(range.clone(), on);
                plain[range].fill(on);
            }
            for (i, &p) in plain.iter().enumerate() {
                assert_eq!(bits.get(i), p, "{i}");
            }
        }
        assert!(!bits.get(usize::MAX));
        bits.set(1 << 40, true);
    }
}
