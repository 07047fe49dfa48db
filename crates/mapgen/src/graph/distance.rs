//! The free tiles (walkable, in no room) and each one's chessboard distance to the nearest
//! tile that is not free; open tiles (inside some 3 x 3 square of free tiles) and narrow
//! ones (the rest).
//!
//! The free tiles are marked in a byte array with a sweep the compiler turns into vector
//! code, then packed into rows of bits, 64 tiles a word. The distance grows a level at a
//! time on the bits (a tile of distance `k` or more whose eight neighbours all have `k`
//! or more has `k + 1` or more: an erosion, a few word operations for 64 tiles), only on
//! the rows the level before held; each level adds 1 to the bytes of its tiles, eight
//! at a time and only where it has some. A maze (every tile beside a wall) takes one
//! erosion and no addition, a cave as many as its widest chamber's half-width.

use std::ops::Range;

use super::NONE;
use super::padded::{Padded, word_of};
use crate::Map;
use zerocopy::byteorder::{LittleEndian, U32};
use zerocopy::{FromBytes, IntoBytes};

/// The bit of an open tile's distance.
pub(super) const OPEN: u8 = 0x80;
/// Distances saturate here.
const MOST: u8 = 126;

/// The free tiles, their distances and the rooms' tiles, per slot of the labels.
pub(super) struct Free {
    /// 0 where the tile is not free; else its distance (1 to 126), with [`OPEN`] on the
    /// open tiles. A narrow tile has distance 1 and no [`OPEN`]: it is the value 1.
    pub(super) dist: Vec<u8>,
    /// 1 on the rooms' tiles (walkable and labelled), 0 elsewhere.
    pub(super) room: Vec<u8>,
    /// The map rows that hold open tiles (an empty range when none do).
    pub(super) open_rows: Range<usize>,
}

/// The free tiles of `map`: its walkable tiles that `labels` leaves [`NONE`].
pub(super) fn free_tiles(map: &Map, pad: Padded, labels: &[u32]) -> Free {
    let (w, s) = (pad.width, pad.stride());
    let mut dist = vec![0u8; pad.len()];
    let mut room = vec![0u8; pad.len()];
    if w > 0 {
        for (y, tiles) in map.tiles().chunks_exact(w).enumerate() {
            let base = (y + 1) * s + 1;
            let (labels, dist, room) = (
                &labels[base..base + w],
                &mut dist[base..base + w],
                &mut room[base..base + w],
            );
            // The tiles as 32-bit words, a lane each in vector code (`walkable` is the low
            // byte, 0 or 1); a tile is four bytes with no padding, so this always reads.
            match <[U32<LittleEndian>]>::ref_from_bytes(tiles.as_bytes()) {
                Ok(words) => free_row(words, |t| (t.get() & 1) as u8, labels, dist, room),
                Err(_) => free_row(tiles, |t| u8::from(t.walkable), labels, dist, room),
            }
        }
    }
    // The distance as bit rows: the tiles of distance `k` or more are those of `k - 1`
    // or more whose eight neighbours all are (an erosion, 64 tiles a word); each level
    // adds 1 to its tiles' bytes. The levels' rows shrink: each is worked only on the
    // rows that held tiles of the level before (all of them rewritten, so the rows read
    // round them are of this level).
    let words = w.div_ceil(64);
    let mut level_bits = BitRows::packed(&dist, pad, words);
    let mut eroded = BitRows::empty(pad.height, words);
    let mut cores = BitRows::empty(0, words);
    let mut rows = 0..pad.height;
    let mut level = 1;
    let mut core_rows = 0..0;
    while level < MOST && !rows.is_empty() {
        let (mut first, mut end) = (usize::MAX, 0);
        for y in rows {
            if eroded.erode_row(&level_bits, y) {
                add_row(&mut dist, pad, y, eroded.row(y), 1);
                first = first.min(y);
                end = y + 1;
            }
        }
        rows = if first < end { first..end } else { 0..0 };
        if level == 1 {
            // Open tiles are within one step of a tile of distance 2 or more.
            core_rows = rows.clone();
            cores = eroded.clone();
        }
        std::mem::swap(&mut level_bits, &mut eroded);
        level += 1;
    }
    let open_rows = if core_rows.is_empty() {
        0..0
    } else {
        core_rows.start.saturating_sub(1)..(core_rows.end + 1).min(pad.height)
    };
    let mut open = vec![0u64; words];
    for y in open_rows.clone() {
        cores.dilated_row(y, w, &mut open);
        add_row(&mut dist, pad, y, &open, OPEN);
    }
    Free {
        dist,
        room,
        open_rows,
    }
}

/// Tiles as rows of bits, `words` words a row (tile `x` of a row is bit `x % 64` of
/// word `x / 64`), with an empty row above the first and below the last.
#[derive(Clone)]
struct BitRows {
    words: usize,
    bits: Vec<u64>,
}

impl BitRows {
    /// `height` empty rows.
    fn empty(height: usize, words: usize) -> BitRows {
        BitRows {
            words,
            bits: vec![0; (height + 2) * words],
        }
    }

    /// The tiles whose byte in `bytes` (per slot, 0 or 1) is 1.
    fn packed(bytes: &[u8], pad: Padded, words: usize) -> BitRows {
        let (w, s) = (pad.width, pad.stride());
        let mut rows = BitRows::empty(pad.height, words);
        for y in 0..pad.height {
            let b = (y + 1) * s + 1;
            let row = &bytes[b..b + w];
            let out = rows.row_mut(y);
            for (k, chunk) in row.chunks(8).enumerate() {
                // Each byte's low bit to bit 56 + its index, by one multiplication (the
                // products of the other bytes fall below bit 56 or past 63, no carries).
                let word = word_of(chunk).wrapping_mul(0x0102_0408_1020_4080) >> 56;
                out[k / 8] |= word << (8 * (k % 8));
            }
        }
        rows
    }

    fn row(&self, y: usize) -> &[u64] {
        &self.bits[(y + 1) * self.words..(y + 2) * self.words]
    }

    fn row_mut(&mut self, y: usize) -> &mut [u64] {
        &mut self.bits[(y + 1) * self.words..(y + 2) * self.words]
    }

    /// Sets row `y` to the tiles of `from` whose nine tiles round them (themselves
    /// included) all are in `from`; true when it holds some.
    fn erode_row(&mut self, from: &BitRows, y: usize) -> bool {
        let n = self.words;
        let three = &from.bits[y * n..(y + 3) * n];
        let (up, mid, down) = (&three[..n], &three[n..2 * n], &three[2 * n..]);
        let out = self.row_mut(y);
        let mut any = 0;
        for k in 0..n {
            let column = up[k] & mid[k] & down[k];
            let west = column << 1
                | if k > 0 {
                    (up[k - 1] & mid[k - 1] & down[k - 1]) >> 63
                } else {
                    0
                };
            let east = column >> 1
                | if k + 1 < n {
                    (up[k + 1] & mid[k + 1] & down[k + 1]) << 63
                } else {
                    0
                };
            out[k] = column & west & east;
            any |= out[k];
        }
        any != 0
    }

    /// Sets `out` to the tiles of row `y` of a map `w` wide within one step of a tile of
    /// these rows.
    fn dilated_row(&self, y: usize, w: usize, out: &mut [u64]) {
        let n = self.words;
        let three = &self.bits[y * n..(y + 3) * n];
        let (up, mid, down) = (&three[..n], &three[n..2 * n], &three[2 * n..]);
        for k in 0..n {
            let column = up[k] | mid[k] | down[k];
            let west = column << 1
                | if k > 0 {
                    (up[k - 1] | mid[k - 1] | down[k - 1]) >> 63
                } else {
                    0
                };
            let east = column >> 1
                | if k + 1 < n {
                    (up[k + 1] | mid[k + 1] | down[k + 1]) << 63
                } else {
                    0
                };
            out[k] = column | west | east;
        }
        // Past the map's last column.
        if !w.is_multiple_of(64) {
            out[n - 1] &= (1 << (w % 64)) - 1;
        }
    }
}

/// Adds `value` to the byte in `dist` of every tile of map row `y` that `bits` holds, eight
/// bytes a word (no byte carries: distances stay below [`OPEN`], added once).
fn add_row(dist: &mut [u8], pad: Padded, y: usize, bits: &[u64], value: u8) {
    let w = pad.width;
    let b = (y + 1) * pad.stride() + 1;
    let row = &mut dist[b..b + w];
    for (k, &word) in bits.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            // The next eight tiles that hold one.
            let group = word.trailing_zeros() as usize / 8;
            let byte = (word >> (8 * group)) & 0xff;
            word &= !(0xff << (8 * group));
            let x = 64 * k + 8 * group;
            let add = SPREAD[byte as usize] * u64::from(value);
            match row[x..].first_chunk_mut::<8>() {
                Some(bytes) => *bytes = (u64::from_le_bytes(*bytes) + add).to_le_bytes(),
                None => {
                    // The row's last tiles, fewer than eight.
                    let bytes = &mut row[x..];
                    let len = bytes.len();
                    bytes.copy_from_slice(&(word_of(bytes) + add).to_le_bytes()[..len]);
                }
            }
        }
    }
}

/// Each byte's bits, each to the low bit of a byte of a word.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte] |= 1 << (8 * bit);
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// Marks a row's free tiles 1 in `dist` and its rooms' tiles 1 in `room` (`walkable` is 1
/// for a walkable tile of `tiles`, else 0).
#[inline(always)]
fn free_row<T>(
    tiles: &[T],
    walkable: impl Fn(&T) -> u8,
    labels: &[u32],
    dist: &mut [u8],
    room: &mut [u8],
) {
    let w = labels.len();
    let (tiles, dist, room) = (&tiles[..w], &mut dist[..w], &mut room[..w]);
    for x in 0..w {
        let walkable = walkable(&tiles[x]);
        let claimed = u8::from(labels[x] != NONE);
        dist[x] = walkable & (claimed ^ 1);
        room[x] = walkable & claimed;
    }
}
