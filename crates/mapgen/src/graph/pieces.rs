//! Pieces to nodes: numbered by their first tile in row order, each 8-connected, a piece
//! of more than [`MAX_TILES`] tiles cut along a grid of [`BLOCK`] x [`BLOCK`] squares.

use super::areas::Chambers;
use super::padded::Padded;
use super::rows::RowRuns;
use super::{MAX_TILES, NONE, NodeKind, PIECE, Run, Seed};

/// The side of the squares that cut pieces larger than [`MAX_TILES`]: `BLOCK * BLOCK` is
/// `MAX_TILES`.
pub(super) const BLOCK: usize = 16;

/// The pieces of the free tiles. A free tile is labelled `PIECE | key`, and several keys
/// may name one piece (the parts of a corridor).
#[derive(Default)]
pub(super) struct Pieces {
    /// Each key's piece.
    pub(super) of_key: Vec<u32>,
    /// Each piece's kind and tiles.
    pub(super) kinds: Vec<NodeKind>,
    pub(super) sizes: Vec<u32>,
}

impl Pieces {
    /// The chambers, a piece each: chamber `k` is key `k` and piece `k`; with room for
    /// `more` keys and pieces (sized once: no list grows a step at a time).
    pub(super) fn of_chambers(chambers: &Chambers, more: usize) -> Pieces {
        let room = chambers.size.len() + more;
        let mut pieces = Pieces {
            of_key: Vec::with_capacity(room),
            kinds: Vec::with_capacity(room),
            sizes: Vec::with_capacity(room),
        };
        for &size in &chambers.size {
            let piece = pieces.add(NodeKind::Area);
            pieces.sizes[piece as usize] = size;
            pieces.of_key.push(piece);
        }
        pieces
    }

    /// A new piece of `kind`, empty.
    pub(super) fn add(&mut self, kind: NodeKind) -> u32 {
        self.kinds.push(kind);
        self.sizes.push(0);
        (self.kinds.len() - 1) as u32
    }
}

/// Gives every free tile (each labelled with its piece's key) its node, after those in
/// `seeds`: one node per piece, or per 8-connected part of a piece within one square of
/// the block grid when the piece is larger than [`MAX_TILES`]. (Every piece is
/// 8-connected.) Each row is final once numbered: its runs and contacts are read in the
/// same pass.
///
/// Every walkable tile is labelled by now (a room's node or a free tile's key) and no
/// other is, so a row is read whole, walls and all, with no branch on what a tile is: a
/// maze's row alternates between walls and runs of a tile or two, and branches on where
/// a run ends guess wrong half the time.
pub(super) fn number(
    pieces: &Pieces,
    pad: Padded,
    labels: &mut [u32],
    seeds: &mut Vec<Seed>,
    contacts_by_rows: bool,
) -> RowRuns {
    let (w, s) = (pad.width, pad.stride());
    // A node per piece, but for the cut ones: room for them all at once.
    seeds.reserve(pieces.kinds.len());
    let mut rows = RowRuns::new(pad, seeds.len(), pieces.kinds.len(), contacts_by_rows);
    let mut node_of = vec![NONE; pieces.kinds.len()];
    // Each key's node once known, for a key of a small piece ([`UNSEEN`] before): a maze
    // meets a key again on nearly every row, one run of it a row. Key `k` is at `k + 1`;
    // slot 0 is read for the tiles that are not keys.
    let mut node_of_key = vec![UNSEEN; pieces.of_key.len() + 1];
    node_of_key[0] = NONE;
    let mut row = Stretches::new(w);
    for y in 0..pad.height {
        let b = (y + 1) * s + 1;
        row.start();
        // The row to its end, but for the first tile of each key met for the first time
        // (a free tile numbered by a cut piece's flood is below `PIECE` already).
        let mut x = 0;
        while let Some(at) = row.read(&mut labels[b..b + w], x, &node_of_key) {
            let (i, key) = (b + at, (labels[b + at] & !PIECE) as usize);
            let (node, small) =
                number_tile(pieces, pad, labels, seeds, &mut rows, &mut node_of, i, key);
            if small {
                node_of_key[key + 1] = node;
            }
            x = at;
        }
        let (marks, ends, n) = (&row.marks, &row.ends, row.count);
        for k in 1..=n {
            if marks[k] != NONE {
                let run = Run {
                    y: y as i32,
                    x_from: ends[k - 1] + 1,
                    x_to: ends[k],
                };
                rows.push(marks[k], run, b as u32);
            }
        }
        rows.end_row(labels, b);
    }
    debug_assert!(seeds.len() < PIECE as usize);
    rows
}

/// How many tiles [`Stretches::read`] takes at once when they are all walls.
const WORD: usize = 8;

/// A key's node before it is known: no node and not [`NONE`].
const UNSEEN: u32 = PIECE;

/// A row's stretches of one label, walls' too: stretch `k` (from 1) has label
/// `marks[k]` and ends at column `ends[k]`; stretch 0 is the border before column 0.
struct Stretches {
    marks: Vec<u32>,
    ends: Vec<i32>,
    count: usize,
}

impl Stretches {
    fn new(width: usize) -> Stretches {
        // A power of two, so that a stretch's index masked is in bounds with no check or
        // clamp (a row has at most `width` stretches after the border's).
        let len = (width + 1).next_power_of_two();
        Stretches {
            marks: vec![NONE; len],
            ends: vec![-1; len],
            count: 0,
        }
    }

    /// No stretch yet but the border's.
    fn start(&mut self) {
        self.count = 0;
        self.marks[0] = NONE;
        self.ends[0] = -1;
    }

    /// Gives the tiles of `row` from column `from` their nodes (key `k`'s from slot `k +
    /// 1` of `node_of_key`, [`UNSEEN`] for a key with no node yet; its first slot,
    /// [`NONE`], is read for the labels that are not keys) and adds them to the stretches, until the end of
    /// the row (`None`) or a key with no node yet (its column, not read). No branch on
    /// what a tile is: a maze's row alternates between walls and runs of a tile or two,
    /// where branches guess wrong half the time.
    #[inline(never)]
    fn read(&mut self, row: &mut [u32], from: usize, node_of_key: &[u32]) -> Option<usize> {
        // `n & mask` is `n` (see `new`): adding to `n` is all the read carries from one
        // tile to the next, with no clamp.
        let mask = self.marks.len() - 1;
        let (marks, ends) = (&mut self.marks[..=mask], &mut self.ends[..=mask]);
        let mut n = self.count;
        let mut last = marks[n & mask];
        let mut x = from;
        while x < row.len() {
            // Eight walls (most of a map of rooms) are one wall stretch more or longer.
            if let Some(eight) = row[x..].first_chunk::<WORD>()
                && eight.iter().fold(NONE, |all, &label| all & label) == NONE
            {
                n += usize::from(last != NONE);
                (marks[n & mask], ends[n & mask]) = (NONE, (x + WORD - 1) as i32);
                last = NONE;
                x += WORD;
                continue;
            }
            for x in x..(x + WORD).min(row.len()) {
                let label = row[x];
                // All ones for a node's label (a room's, or a tile of a cut piece), which
                // is kept; masks, not choices, so that the compiler makes no branch of
                // them. `NONE + 1` wraps to slot 0, so a wall reads `NONE` there.
                let node_label = (label >> 31).wrapping_sub(1);
                let slot = (label.wrapping_add(1) & !PIECE) & !node_label;
                let node = (node_of_key[slot as usize] & !node_label) | (label & node_label);
                if node == UNSEEN {
                    self.count = n;
                    return Some(x);
                }
                row[x] = node;
                // A new stretch where the label changes: written in place either way.
                n += usize::from(node != last);
                marks[n & mask] = node;
                ends[n & mask] = x as i32;
                last = node;
            }
            x += WORD;
        }
        self.count = n;
        None
    }
}

/// Gives free tile `i`, labelled with `key`, its node (labelled already when its piece is
/// cut into squares), and returns the node and whether the key's other tiles share it (its
/// piece is not cut).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn number_tile(
    pieces: &Pieces,
    pad: Padded,
    labels: &mut [u32],
    seeds: &mut Vec<Seed>,
    rows: &mut RowRuns,
    node_of: &mut [u32],
    i: usize,
    key: usize,
) -> (u32, bool) {
    let piece = pieces.of_key[key];
    if pieces.sizes[piece as usize] as usize <= MAX_TILES {
        let mut node = node_of[piece as usize];
        if node == NONE {
            node = seeds.len() as u32;
            node_of[piece as usize] = node;
            seeds.push(Seed {
                kind: pieces.kinds[piece as usize],
                room: None,
            });
            rows.add_node();
        }
        (node, true)
    } else {
        let node = seeds.len() as u32;
        seeds.push(Seed {
            kind: pieces.kinds[piece as usize],
            room: None,
        });
        rows.add_node();
        cut_block(pieces, pad, labels, i, piece, node);
        (node, false)
    }
}

/// A part of a cut piece, as [`cut_block`] flooded it: bit `k` of `rows[r]` is its tile
/// of column `x0 + k` in the `r`th row from its first tile's, whose column `x0` is at
/// slot `start`; `known` rows were read, and `last` is the square's last row (from the
/// first's), the map's last when it ends sooner.
pub(super) struct Part {
    pub(super) rows: [u32; BLOCK],
    pub(super) known: usize,
    pub(super) last: usize,
    pub(super) start: usize,
}

/// Labels `node` the tiles of `piece` 8-connected to `first` within its square of the
/// block grid, and returns them: the square's tiles of the piece as a row of bits each,
/// flooded a row at a time (a row's runs that touch the flood join it whole) down and up
/// until it stops.
pub(super) fn cut_block(
    pieces: &Pieces,
    pad: Padded,
    labels: &mut [u32],
    first: usize,
    piece: u32,
    node: u32,
) -> Part {
    let s = pad.stride();
    let (x, y) = (first % s - 1, first / s - 1);
    let x0 = x & !(BLOCK - 1);
    let width = BLOCK.min(pad.width - x0);
    // `first` is the part's first tile in row order: the part lies in its row and those
    // below it, to the square's last, `rows` rows from `first`'s.
    let rows = ((y | (BLOCK - 1)) + 1).min(pad.height) - y;
    let slot = |row: usize| (y + row + 1) * s + x0 + 1;
    // Bit `k` of `mask[row]`: the tile of column `x0 + k` is of the piece; the rows are
    // read as the flood first reaches them (`known` of them). Neighbours mostly share a
    // label: the last answer is kept.
    let mut mask = [0u32; BLOCK];
    let mut known = 0;
    let mut last = (NONE, false);
    let mut read = |mask: &mut [u32; BLOCK], known: &mut usize| {
        let b = slot(*known);
        let mut bits = 0;
        for (k, &label) in labels[b..b + width].iter().enumerate() {
            if label != last.0 {
                let ours = label.wrapping_sub(PIECE) < NONE - PIECE
                    && pieces.of_key[(label & !PIECE) as usize] == piece;
                last = (label, ours);
            }
            bits |= u32::from(last.1) << k;
        }
        mask[*known] = bits;
        *known += 1;
    };
    read(&mut mask, &mut known);
    let mut flood = [0u32; BLOCK];
    flood[0] = runs_holding(mask[0], 1 << (x - x0));
    let mut grown = true;
    while grown {
        grown = false;
        // Down, reading a row when the flood first stands above it; then up.
        for row in 1..rows {
            if row == known {
                if flood[row - 1] == 0 {
                    break;
                }
                read(&mut mask, &mut known);
            }
            grown |= spread(&mut flood, &mask, row, row - 1);
        }
        for row in (0..known - 1).rev() {
            grown |= spread(&mut flood, &mask, row, row + 1);
        }
    }
    for (row, &bits) in flood[..known].iter().enumerate() {
        let b = slot(row);
        let mut bits = bits;
        while bits != 0 {
            labels[b + bits.trailing_zeros() as usize] = node;
            bits &= bits - 1;
        }
    }
    Part {
        rows: flood,
        known,
        last: rows - 1,
        start: slot(0),
    }
}

/// Spreads the flood of row `from` into the 8-adjacent tiles of row `row` (of `mask`), a
/// run of them at a time; whether it grew.
#[inline(always)]
fn spread(flood: &mut [u32; BLOCK], mask: &[u32; BLOCK], row: usize, from: usize) -> bool {
    let f = flood[from];
    let new = (f | f << 1 | f >> 1) & mask[row] & !flood[row];
    if new != 0 {
        flood[row] = runs_holding(mask[row], flood[row] | new);
    }
    new != 0
}

/// The runs of set bits of `mask` that hold a bit of `seeds` (a subset of `mask`): adding
/// a seed carries through the rest of its run upwards; the bits reversed, downwards.
fn runs_holding(mask: u32, seeds: u32) -> u32 {
    let upwards = |m: u32, s: u32| ((m.wrapping_add(s) ^ m) | s) & m;
    upwards(mask, seeds) | upwards(mask.reverse_bits(), seeds.reverse_bits()).reverse_bits()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// For any row of walls, nodes' labels and keys (known or not): the row is read
        /// to its end but for the keys with no node yet, each of which stops it where
        /// it is; every tile ends with its node (a key's from the table, the others as
        /// they were), and the stretches are the row's runs of one label, walls' too.
        #[test]
        fn stretches_are_the_runs_of_the_nodes(
            (cells, nodes) in (1usize..40).prop_flat_map(|w| (
                proptest::collection::vec(0u32..14, w),
                proptest::collection::vec(proptest::option::of(0u32..4), 6),
            ))
        ) {
            // 0 a wall, 1 to 7 the nodes 0 to 6, 8 to 13 the keys 0 to 5.
            let label = |c: u32| match c {
                0 => NONE,
                1..=7 => c - 1,
                _ => PIECE | (c - 8),
            };
            let mut row: Vec<u32> = cells.iter().map(|&c| label(c)).collect();
            let mut node_of_key = vec![UNSEEN; nodes.len() + 1];
            node_of_key[0] = NONE;
            for (key, node) in nodes.iter().enumerate() {
                if let Some(node) = node {
                    node_of_key[key + 1] = *node;
                }
            }
            let mut stretches = Stretches::new(row.len());
            stretches.start();
            let mut x = 0;
            while let Some(at) = stretches.read(&mut row, x, &node_of_key) {
                prop_assert!(at >= x);
                let key = row[at].wrapping_sub(PIECE);
                prop_assert!((key as usize) < nodes.len());
                prop_assert!(nodes[key as usize].is_none());
                prop_assert_eq!(node_of_key[key as usize + 1], UNSEEN);
                // As `number` does: the key gets a node (one past those above).
                node_of_key[key as usize + 1] = 10 + key;
                x = at;
            }
            let expected: Vec<u32> = cells
                .iter()
                .map(|&c| match label(c) {
                    l if l >= PIECE && l != NONE => {
                        let key = (l & !PIECE) as usize;
                        nodes[key].unwrap_or(10 + key as u32)
                    }
                    l => l,
                })
                .collect();
            prop_assert_eq!(&row, &expected);
            let mut runs = Vec::new();
            for (x, &node) in row.iter().enumerate() {
                match runs.last_mut() {
                    Some((last, end)) if *last == node => *end = x as i32,
                    _ => runs.push((node, x as i32)),
                }
            }
            if runs.first().is_some_and(|&(node, _)| node == NONE) {
                runs.remove(0);
            }
            let n = stretches.count;
            let read: Vec<(u32, i32)> = (1..=n).map(|k| (stretches.marks[k], stretches.ends[k])).collect();
            prop_assert_eq!(read, runs);
            let first = if row[0] == NONE { expected.iter().take_while(|&&l| l == NONE).count() as i32 - 1 } else { -1 };
            prop_assert_eq!(stretches.ends[0], first);
        }
    }
}
