//! The numbering of a map of corridors alone, over the tiles the walk along the corridors
//! marked (see [`super::narrow`]) rather than over every slot.
//!
//! There every free tile is a corridor's: the walk reaches them all, and marks each on a
//! bitmap of the slots as it goes. Read a word at a time, the bitmap gives the tiles in
//! row order with no read of the walls between them (half a maze's slots), and each tile
//! is numbered and extends or starts a run as in [`super::pieces::number`], whose read of
//! every slot is what a map with rooms or open space needs. (Not in the web build, whose
//! size is capped: see [`super::WALKED`].)

use super::padded::Padded;
use super::pieces::Pieces;
use super::{NONE, PIECE, Run, Seed};

/// The tiles the walk marked, bit `i % 64` of word `i / 64` for slot `i`.
pub(super) struct Walk {
    pub(super) bits: Vec<u64>,
}

impl Walk {
    /// No tile marked on a map of `pad`'s slots, or none at all when not `listing`.
    pub(super) fn new(pad: Padded, listing: bool) -> Walk {
        Walk {
            bits: vec![0; if listing { pad.len().div_ceil(64) } else { 0 }],
        }
    }

    /// Marks slot `i` (when listing; never in the web build, see [`super::WALKED`]). No
    /// count is kept: the walk is a chain of dependent steps, and a count in memory would
    /// add a write and a read to each.
    #[inline(always)]
    pub(super) fn mark(&mut self, i: usize) {
        if !super::WALKED {
            return;
        }
        if let Some(word) = self.bits.get_mut(i / 64) {
            *word |= 1 << (i % 64);
        }
    }

    /// How many tiles are marked.
    fn count(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }
}

/// A key's node before it is known: no node and not [`NONE`].
const UNSEEN: u32 = PIECE;

/// Gives every tile the walk marked (each labelled `PIECE | key`, key `k` piece `k`, no
/// piece cut) its node, numbered by its first tile in row order, with its seed in `seeds`
/// (empty before: no room), and returns the nodes' runs grouped by node, each node's in row
/// order, and where each node's runs start (and one past the last).
pub(super) fn number(
    walk: &Walk,
    pieces: &Pieces,
    pad: Padded,
    labels: &mut [u32],
    seeds: &mut Vec<Seed>,
) -> (Vec<Run>, Vec<u32>) {
    debug_assert!(seeds.is_empty());
    seeds.reserve(pieces.kinds.len());
    let mut node_of = vec![UNSEEN; pieces.kinds.len()];
    // Run `k` (from 1) of node `spans[k].0`, slots `spans[k].1..=spans[k].2`: each tile
    // writes the run it is in, a new one where the node changes or a gap comes (no branch
    // on where a run ends: a maze's runs are a tile or two, and such branches guess wrong
    // half the time). Slot 0 stands before the first tile, of no node.
    let count = walk.count();
    let mut spans = vec![(NONE, 0u32, 0u32); count + 1];
    let mut n = 0;
    let (mut last, mut last_tile, mut from) = (NONE, 0u32, 0u32);
    for (w, &word) in walk.bits.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let t = (w * 64) as u32 + bits.trailing_zeros();
            bits &= bits - 1;
            // A key is its piece (see above).
            let piece = (labels[t as usize] & !PIECE) as usize;
            let mut node = node_of[piece];
            if node == UNSEEN {
                node = seeds.len() as u32;
                node_of[piece] = node;
                seeds.push(Seed {
                    kind: pieces.kinds[piece],
                    room: None,
                });
            }
            labels[t as usize] = node;
            let new = (node != last) | (t != last_tile.wrapping_add(1));
            n += usize::from(new);
            from = if new { t } else { from };
            if let Some(span) = spans.get_mut(n) {
                *span = (node, from, t);
            }
            (last, last_tile) = (node, t);
        }
    }
    debug_assert!(seeds.len() < PIECE as usize);
    // Grouped by node, each node's runs in row order.
    let spans = &spans[1..=n.min(count)];
    let mut counts = vec![0u32; seeds.len()];
    for &(node, _, _) in spans {
        counts[node as usize] += 1;
    }
    let rows = Rows::new(pad);
    let runs = spans.iter().map(|&(node, from, to)| {
        let y = rows.row(from);
        let b = y * rows.stride + 1;
        let run = Run {
            y: y as i32 - 1,
            x_from: (from - b) as i32,
            x_to: (to - b) as i32,
        };
        (node, run)
    });
    super::grouped_runs(&counts, runs)
}

/// The padded row of a slot by a multiplication, not a division: `(slot * m) >> 32` with
/// `m = 2^32 / stride + 1` is exact when `slot * stride < 2^32` (maps up to about 1,600
/// tiles a side); larger maps divide.
#[derive(Clone, Copy)]
struct Rows {
    stride: u32,
    m: u64,
    exact: bool,
}

impl Rows {
    fn new(pad: Padded) -> Rows {
        let stride = pad.stride() as u64;
        Rows {
            stride: stride as u32,
            m: (1u64 << 32) / stride + 1,
            exact: (pad.len() as u64).saturating_mul(stride) < 1 << 32,
        }
    }

    #[inline(always)]
    fn row(self, slot: u32) -> u32 {
        if self.exact {
            ((u64::from(slot) * self.m) >> 32) as u32
        } else {
            slot / self.stride
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A slot's row by the multiplication is its row by division, on maps of any
        /// size up to `Map::MAX_SIDE` (those past about 1,600 a side divide).
        #[test]
        fn rows_by_multiplication_are_rows_by_division(
            width in 0i32..=10_000, height in 0i32..=10_000, at in 0.0f64..1.0
        ) {
            let pad = Padded::new(width, height);
            let slot = ((pad.len() - 1) as f64 * at) as u32;
            prop_assert_eq!(Rows::new(pad).row(slot), slot / pad.stride() as u32);
            let last = (pad.len() - 1) as u32;
            prop_assert_eq!(Rows::new(pad).row(last), last / pad.stride() as u32);
        }
    }
}
