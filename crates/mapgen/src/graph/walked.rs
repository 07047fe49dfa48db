//! The numbering of a map of corridors alone, over the tiles the walk along the corridors
//! marked (see [`super::narrow`]) rather than over every slot.
//!
//! There every free tile is a corridor's: the walk reaches them all, and marks each on a
//! bitmap of the slots as it goes. Read a word at a time, the bitmap gives the tiles in
//! row order with no read of the walls between them (half a maze's slots), and each tile
//! is numbered and extends or starts a run as in [`super::pieces::number`], whose read of
//! every slot is what a map with rooms or open space needs. Where a segment is longer
//! than [`MAX_TILES`] and cut into squares (a big maze's), each part is found as its
//! first tile comes, and the walk's crossings are joined by the pairs of tiles where two
//! parts meet, at their squares' edges ([`number_cut`]). (Not in the web build, whose
//! size is capped: see [`super::WALKED`].)

use super::padded::Padded;
use super::pieces::{self, BLOCK, Part, Pieces};
use super::{MAX_TILES, NONE, PIECE, Run, Seed};

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
    let runs = spans
        .iter()
        .map(|&(node, from, to)| (node, rows.run(from, to)));
    super::grouped_runs(&counts, runs)
}

/// [`number`] where some piece holds more than [`MAX_TILES`] tiles: such a piece is cut
/// as [`super::pieces::number`] cuts it, a node for each 8-connected part of it within a
/// square of the block grid (labelled as its first tile comes), and the pairs of
/// 8-adjacent tiles of two of its parts go to `crossings`: the walk, which followed the
/// piece whole, noted none of them.
pub(super) fn number_cut(
    walk: &Walk,
    pieces: &Pieces,
    pad: Padded,
    labels: &mut [u32],
    seeds: &mut Vec<Seed>,
    crossings: &mut Vec<[u32; 2]>,
) -> (Vec<Run>, Vec<u32>) {
    debug_assert!(seeds.is_empty());
    seeds.reserve(pieces.kinds.len());
    // Key `k`'s node at `k + 1` once known ([`UNSEEN`] before, and always for a cut
    // piece, whose parts are labelled with their nodes as they are cut); slot 0 is read
    // for a tile labelled with its node already, and masked out.
    let mut node_of_key = vec![UNSEEN; pieces.kinds.len() + 1];
    // Each node's piece, for the parts' contacts (only when a piece is cut).
    let mut piece_of_node = Vec::new();
    // Run `k` (from 1) covers slots `spans[k][0]..=spans[k][1]` (its node is its first
    // tile's label, once numbered): each tile writes the run it is in, a new one where
    // the node changes or a gap comes (no branch on where a run ends: a maze's runs are a
    // tile or two, and such branches guess wrong half the time). Slot 0 stands before
    // the first tile. Zeroed, so that its pages past the last run are never touched (on a
    // big maze each page first touched is a fault of the kernel's). Node `k`'s runs are
    // counted at `start[k + 1]`.
    let mut spans = vec![[0u32; 2]; walk.count() + 1];
    let mut start = Vec::with_capacity(pieces.kinds.len() + 1);
    start.push(0u32);
    let mut n = 0;
    let (mut last, mut last_tile, mut from) = (NONE, 0u32, 0u32);
    for (w, &word) in walk.bits.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let t = (w * 64) as u32 + bits.trailing_zeros();
            bits &= bits - 1;
            // All ones for a tile labelled with its node (a part of a cut piece), which
            // is kept: masks, not choices, so that the compiler makes no branch of them.
            let label = labels[t as usize];
            let node_label = (label >> 31).wrapping_sub(1);
            let slot = (label.wrapping_add(1) & !PIECE) & !node_label;
            let mut node = (node_of_key[slot as usize] & !node_label) | (label & node_label);
            if node == UNSEEN {
                // A key is its piece (see above).
                let piece = label & !PIECE;
                node = seeds.len() as u32;
                seeds.push(Seed {
                    kind: pieces.kinds[piece as usize],
                    room: None,
                });
                start.push(0);
                if pieces.sizes[piece as usize] as usize <= MAX_TILES {
                    node_of_key[slot as usize] = node;
                } else {
                    piece_of_node.resize(seeds.len(), NONE);
                    piece_of_node[node as usize] = piece;
                    let part = pieces::cut_block(pieces, pad, labels, t as usize, piece, node);
                    let piece_of = |label: u32| piece_of_label(label, pieces, &piece_of_node);
                    parts_met(&part, pad, labels, piece, piece_of, crossings);
                }
            }
            labels[t as usize] = node;
            let new = (node != last) | (t != last_tile.wrapping_add(1));
            n += usize::from(new);
            from = if new { t } else { from };
            if let Some(span) = spans.get_mut(n) {
                *span = [from, t];
            }
            if let Some(count) = start.get_mut(node as usize + 1) {
                *count += u32::from(new);
            }
            (last, last_tile) = (node, t);
        }
    }
    debug_assert!(seeds.len() < PIECE as usize);
    let spans = &spans[1..=n.min(spans.len() - 1)];
    let runs = grouped_spans(spans, pad, labels, &mut start);
    (runs, start)
}

/// The runs `spans` (their slots, in row order; their nodes final in `labels`) grouped by
/// node, each node's in row order, node `k`'s counted at `start[k + 1]`, which ends as
/// where node `k + 1`'s start (`start[0]` is 0): a counting sort. The same sort as
/// [`super::grouped_runs`], but filling forward into the counts it is given, with no
/// second table: calling that one here cost a 999 x 999 maze's graph 1.8 % more
/// instructions (measured).
fn grouped_spans(spans: &[[u32; 2]], pad: Padded, labels: &[u32], start: &mut [u32]) -> Vec<Run> {
    // `start[k + 1]`: where node `k`'s runs start, moved on past each as it is placed.
    let mut total = 0;
    for slot in start.iter_mut().skip(1) {
        let count = *slot;
        *slot = total;
        total += count;
    }
    let blank = Run {
        y: 0,
        x_from: 0,
        x_to: 0,
    };
    let mut runs = vec![blank; total as usize];
    let rows = Rows::new(pad);
    for &[from, to] in spans {
        let (node, run) = (labels[from as usize], rows.run(from, to));
        if let Some(at) = start.get_mut(node as usize + 1)
            && let Some(slot) = runs.get_mut(*at as usize)
        {
            *slot = run;
            *at += 1;
        }
    }
    runs
}

/// The piece of a tile labelled `label`: a key's, or a node's (a part of a cut piece,
/// `piece_of_node` holding those); [`NONE`] for no tile.
fn piece_of_label(label: u32, pieces: &Pieces, piece_of_node: &[u32]) -> u32 {
    if label == NONE {
        NONE
    } else if label & PIECE != 0 {
        pieces.of_key[(label & !PIECE) as usize]
    } else {
        piece_of_node.get(label as usize).copied().unwrap_or(NONE)
    }
}

/// Notes in `crossings` each pair of 8-adjacent tiles of `part` (of `piece`, just cut)
/// and of another part of its piece (`piece_of` a label's piece): those right of its
/// square (beside the part's tiles in the square's last column, the rows above and below
/// too) and those below it in the square's columns (beside its tiles in the square's last
/// row). Two parts of a piece meet only across the edge of a square (in one square they
/// would be one part), and each such pair is noted once, by the part left of it or else
/// above it. Slots past the map are the border's, of no node.
fn parts_met(
    part: &Part,
    pad: Padded,
    labels: &[u32],
    piece: u32,
    piece_of: impl Fn(u32) -> u32,
    crossings: &mut Vec<[u32; 2]>,
) {
    let s = pad.stride();
    let mut note = |i: usize, j: usize| {
        if piece_of(labels[j]) == piece {
            crossings.push([i as u32, j as u32]);
        }
    };
    const RIGHT: u32 = 1 << (BLOCK - 1);
    for (r, &bits) in part.rows[..part.known].iter().enumerate() {
        if bits & RIGHT != 0 {
            let i = part.start + r * s + BLOCK - 1;
            for j in [i - s + 1, i + 1, i + s + 1] {
                note(i, j);
            }
        }
    }
    if part.known > part.last {
        let mut bits = part.rows[part.last];
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let i = part.start + part.last * s + k;
            // The square's own columns below: the next square's diagonal tiles are noted
            // by the part left of them (from its last column).
            let (from, to) = (usize::from(k > 0), usize::from(k < BLOCK - 1));
            for j in i + s - from..=i + s + to {
                note(i, j);
            }
        }
    }
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

    /// The run of slots `from..=to` of one row.
    #[inline(always)]
    fn run(self, from: u32, to: u32) -> Run {
        let y = self.row(from);
        let b = y * self.stride + 1;
        Run {
            y: y as i32 - 1,
            x_from: (from - b) as i32,
            x_to: (to - b) as i32,
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
