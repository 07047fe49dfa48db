//! The map's tiles numbered with a border of one tile all round, so that every tile of
//! the map has eight neighbours in the numbering and no step needs a bounds check.

use crate::Point;

/// The numbering: row-major over `(width + 2) x (height + 2)` slots, the map's tile
/// `(x, y)` at slot `(y + 1) * (width + 2) + x + 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Padded {
    /// The map's width and height.
    pub(super) width: usize,
    pub(super) height: usize,
}

impl Padded {
    pub(super) fn new(width: i32, height: i32) -> Padded {
        Padded {
            width: width.max(0) as usize,
            height: height.max(0) as usize,
        }
    }

    /// Slots per row.
    pub(super) const fn stride(self) -> usize {
        self.width + 2
    }

    /// How many slots.
    pub(super) const fn len(self) -> usize {
        (self.width + 2) * (self.height + 2)
    }

    /// The slot of tile `p`, or `None` off the map.
    pub(super) fn slot(self, p: Point) -> Option<usize> {
        let inside =
            p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height;
        inside.then(|| (p.y as usize + 1) * self.stride() + p.x as usize + 1)
    }

    /// The tile of slot `i` (a slot of the map, not of the border).
    pub(super) fn point(self, i: usize) -> Point {
        let s = self.stride();
        Point::new((i % s) as i32 - 1, (i / s) as i32 - 1)
    }

    /// The slot offsets of the eight neighbours in ring order: north, north-east, east,
    /// south-east, south, south-west, west, north-west.
    pub(super) const fn ring(self) -> [isize; 8] {
        let s = self.stride() as isize;
        [-s, 1 - s, 1, s + 1, s, s - 1, -1, -s - 1]
    }

    /// The three rows of `slots` around map row `y`, each with its two border slots:
    /// `(above, row, below)`, `width + 2` long.
    #[inline(always)]
    pub(super) fn rows_around(self, slots: &[u8], y: usize) -> (&[u8], &[u8], &[u8]) {
        let (w, s) = (self.width, self.stride());
        let b = (y + 1) * s;
        (
            &slots[b - s..b - s + w + 2],
            &slots[b..b + w + 2],
            &slots[b + s..b + s + w + 2],
        )
    }
}

/// The neighbours' rows of a row's tiles, from its three rows of slots `up`, `mid` and
/// `down` (as [`Padded::rows_around`] gives them), in ring order (as [`Padded::ring`]),
/// and the row itself: each as long as the map is wide, so that a loop over them checks
/// no index and the compiler makes vector code of it, a tile a lane.
#[inline(always)]
pub(super) fn ring_rows<'a>(
    up: &'a [u8],
    mid: &'a [u8],
    down: &'a [u8],
) -> ([&'a [u8]; 8], &'a [u8]) {
    let ring = [
        shifted(up, 1),
        shifted(up, 2),
        shifted(mid, 2),
        shifted(down, 2),
        shifted(down, 1),
        shifted(down, 0),
        shifted(mid, 0),
        shifted(up, 0),
    ];
    (ring, shifted(mid, 1))
}

/// A row of slots with its two border slots, less two, from `dx` (0 for the west
/// neighbours, 1 for the tiles, 2 for the east neighbours).
#[inline(always)]
fn shifted(row: &[u8], dx: usize) -> &[u8] {
    &row[dx..row.len() - 2 + dx]
}

/// `i + offset`, for a slot of the map and a neighbour offset (always inside the slots).
#[inline(always)]
pub(super) fn step(i: usize, offset: isize) -> usize {
    i.wrapping_add_signed(offset)
}

/// The first eight bytes of `bytes` (all of them when fewer) that are not zero: the high
/// bit of each.
#[inline]
pub(super) fn nonzero_bytes(bytes: &[u8]) -> u64 {
    nonzero_high_bits(word_of(bytes))
}

/// The first eight bytes of `bytes` (all of them when fewer) that are `value` (not 0): the
/// high bit of each.
#[inline(always)]
pub(super) fn equal_bytes(bytes: &[u8], value: u8) -> u64 {
    let x = word_of(bytes) ^ (u64::from(value) * 0x0101_0101_0101_0101);
    !nonzero_high_bits(x) & 0x8080_8080_8080_8080
}

/// The first 64 bytes of `bytes` (all of them when fewer) that are not zero: bit `k` for
/// byte `k`. A loop over its bits ends once for 64 tiles, where a loop over each word of
/// eight ended eight times: a loop's end is a branch no predictor guesses.
#[inline(always)]
pub(super) fn nonzero_bits(bytes: &[u8]) -> u64 {
    let bytes = &bytes[..bytes.len().min(64)];
    let mut bits = 0;
    for (chunk, eight) in bytes.chunks(8).enumerate() {
        bits |= pack(nonzero_bytes(eight)) << (8 * chunk);
    }
    bits
}

/// The high bits of a word's bytes as eight bits, byte `i` at bit `i` (the multiplication
/// moves each byte's bit to the top byte, no two overlapping).
#[inline(always)]
pub(super) fn pack(high: u64) -> u64 {
    (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The first eight bytes of `bytes` as a little-endian word, zeros past its end.
#[inline(always)]
fn word_of(bytes: &[u8]) -> u64 {
    match bytes.first_chunk::<8>() {
        Some(first) => u64::from_le_bytes(*first),
        None => {
            let mut word = [0u8; 8];
            word[..bytes.len()].copy_from_slice(bytes);
            u64::from_le_bytes(word)
        }
    }
}

/// The high bit of each byte of `word` that is not zero: a byte's high bit is set, or
/// adding 0x7f to its low bits carries into it.
#[inline(always)]
fn nonzero_high_bits(word: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    (word | ((word & LOW7) + LOW7)) & !LOW7
}

/// What the passes' property tests share: random maps of tile kinds, laid out padded.
#[cfg(test)]
pub(super) mod testing {
    use std::ops::Range;

    use proptest::prelude::*;

    use super::Padded;

    /// A width in `widths`, a height in `heights`, and a kind below `kinds` for each of
    /// the map's tiles, in row order.
    pub(in crate::graph) fn maps(
        widths: Range<usize>,
        heights: Range<usize>,
        kinds: u8,
    ) -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
        (widths, heights).prop_flat_map(move |(w, h)| {
            (Just(w), Just(h), proptest::collection::vec(0..kinds, w * h))
        })
    }

    /// The map's slots, each tile's `value(kind)`, `border` round it.
    pub(in crate::graph) fn padded<T: Copy>(
        width: usize,
        height: usize,
        kinds: &[u8],
        border: T,
        value: impl Fn(u8) -> T,
    ) -> (Padded, Vec<T>) {
        let pad = Padded::new(width as i32, height as i32);
        let mut slots = vec![border; pad.len()];
        for (t, &kind) in kinds.iter().enumerate() {
            slots[(t / width + 1) * pad.stride() + t % width + 1] = value(kind);
        }
        (pad, slots)
    }
}
