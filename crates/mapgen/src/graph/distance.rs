//! The free tiles (walkable, in no room) and each one's chessboard distance to the nearest
//! tile that is not free, up to [`CORE`]; open tiles (inside some 3 x 3 square of free
//! tiles) and narrow ones (the rest).
//!
//! Every pass is a sweep along the rows of byte arrays that the compiler turns into vector
//! code, sixteen tiles or more an instruction: the distance grows one level a sweep (a
//! tile of distance `k` whose eight neighbours all have `k` or more has `k + 1`), and a
//! sweep looks only at the rows the one before changed, so a maze (every tile beside a
//! wall) takes one sweep and a cave two: the chambers need no more than [`CORE`].

use std::ops::Range;

use super::NONE;
use super::padded::{Padded, ring_rows};
use crate::Map;
use zerocopy::byteorder::{LittleEndian, U32};
use zerocopy::{FromBytes, IntoBytes};

/// The bit of an open tile's distance.
pub(super) const OPEN: u8 = 0x80;
/// The distance of a core tile (the middle of a 5 x 5 square of free tiles), where the
/// distances stop (see [`super::areas`]).
pub(super) const CORE: u8 = 3;

/// The free tiles, their distances and the rooms' tiles, per slot of the labels.
pub(super) struct Free {
    /// 0 where the tile is not free; else its distance (1 to [`CORE`]), with [`OPEN`] on the
    /// open tiles. A narrow tile has distance 1 and no [`OPEN`]: it is the value 1.
    pub(super) dist: Vec<u8>,
    /// 1 on the rooms' tiles (walkable and labelled), 0 elsewhere; on a map without
    /// rooms, one row of zeros that stands for every row (see [`Free::rooms`]): a maze
    /// 999 x 999 is spared a megabyte of zeros written and read.
    pub(super) room: Vec<u8>,
    /// Whether `room` has every slot.
    pub(super) with_rooms: bool,
    /// The map rows that hold open tiles (an empty range when none do).
    pub(super) open_rows: Range<usize>,
}

impl Free {
    /// The rooms' tiles of slots `from..from + len` (`len` at most a row's slots).
    pub(super) fn rooms(&self, from: usize, len: usize) -> &[u8] {
        let from = if self.with_rooms { from } else { 0 };
        &self.room[from..from + len]
    }
}

/// The free tiles of `map`: its walkable tiles that `labels` leaves [`NONE`] (all of them
/// when it has no rooms, `with_rooms` false).
pub(super) fn free_tiles(map: &Map, pad: Padded, labels: &[u32], with_rooms: bool) -> Free {
    let (w, s) = (pad.width, pad.stride());
    let mut dist = vec![0u8; pad.len()];
    let mut room = vec![0u8; if with_rooms { pad.len() } else { s }];
    if w > 0 {
        for (y, tiles) in map.tiles().chunks_exact(w).enumerate() {
            let base = (y + 1) * s + 1;
            // Without rooms, every row's zeros go to the one row (and stay zeros).
            let room_base = if with_rooms { base } else { 1 };
            let (labels, dist, room) = (
                &labels[base..base + w],
                &mut dist[base..base + w],
                &mut room[room_base..room_base + w],
            );
            // The tiles as 32-bit words, a lane each in vector code (`walkable` is the low
            // byte, 0 or 1); a tile is four bytes with no padding, so this always reads.
            match <[U32<LittleEndian>]>::ref_from_bytes(tiles.as_bytes()) {
                Ok(words) => free_row(words, |t| (t.get() & 1) as u8, labels, dist, room),
                Err(_) => free_row(tiles, |t| u8::from(t.walkable), labels, dist, room),
            }
        }
    }
    let mut scratch = vec![0u8; w];
    // Level 1 looks at every row; the next only at the rows where tiles rose.
    let mut rows = 0..pad.height;
    let mut cores = 0..0;
    let mut level = 1;
    while level < CORE && !rows.is_empty() {
        let (mut first, mut end) = (usize::MAX, 0);
        for y in rows {
            if raise_row(&mut dist, pad, y, level, &mut scratch) {
                first = first.min(y);
                end = y + 1;
            }
        }
        let rose = if first < end { first..end } else { 0..0 };
        if level == 1 {
            cores = rose.clone();
        }
        rows = rose;
        level += 1;
    }
    // Open tiles are within one step of a tile of distance 2 or more.
    let open_rows = if cores.is_empty() {
        0..0
    } else {
        cores.start.saturating_sub(1)..(cores.end + 1).min(pad.height)
    };
    for y in open_rows.clone() {
        mark_open_row(&mut dist, pad, y, &mut scratch);
    }
    Free {
        dist,
        room,
        with_rooms,
        open_rows,
    }
}

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

/// Raises the tiles of row `y` of distance `level` whose eight neighbours all have
/// `level` or more to `level + 1`; true when one rose. (Raising a tile never changes
/// whether another rises in the same sweep, so rows are done in place.)
fn raise_row(dist: &mut [u8], pad: Padded, y: usize, level: u8, out: &mut [u8]) -> bool {
    let w = pad.width;
    let (up, mid, down) = pad.rows_around(dist, y);
    let (around, here) = ring_rows(up, mid, down);
    let out = &mut out[..w];
    let mut rose = 0u8;
    for x in 0..w {
        let mut least = around[0][x];
        for row in &around[1..] {
            least = least.min(row[x]);
        }
        let here = here[x];
        let next = here + u8::from(here == level && least >= level);
        rose |= next ^ here;
        out[x] = next;
    }
    let b = (y + 1) * pad.stride() + 1;
    dist[b..b + w].copy_from_slice(out);
    rose != 0
}

/// Marks [`OPEN`] the tiles of row `y` with a tile of distance 2 or more among the nine
/// around them (which are then all free).
fn mark_open_row(dist: &mut [u8], pad: Padded, y: usize, out: &mut [u8]) {
    let w = pad.width;
    let (up, mid, down) = pad.rows_around(dist, y);
    let out = &mut out[..w];
    let (around, here) = ring_rows(up, mid, down);
    for x in 0..w {
        // The rows above are marked already: their distance without the mark.
        let mut most = here[x] & !OPEN;
        for row in &around {
            most = most.max(row[x] & !OPEN);
        }
        out[x] = here[x] | if most >= 2 { OPEN } else { 0 };
    }
    let b = (y + 1) * pad.stride() + 1;
    dist[b..b + w].copy_from_slice(out);
}
