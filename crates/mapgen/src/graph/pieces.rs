//! Pieces to nodes: numbered by their first tile in row order, each 8-connected, a piece
//! of more than [`MAX_TILES`] tiles cut along a grid of [`BLOCK`] x [`BLOCK`] squares.

use super::areas::Chambers;
use super::distance::Free;
use super::padded::{Padded, nonzero_bytes};
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
    /// The chambers, a piece each; the chambers' keys are the first keys.
    pub(super) fn of_chambers(basins: &Chambers) -> Pieces {
        let mut pieces = Pieces::default();
        let mut piece_of_root = vec![NONE; basins.len()];
        for basin in 0..basins.len() as u32 {
            let root = basins.chamber(basin) as usize;
            if piece_of_root[root] == NONE {
                piece_of_root[root] = pieces.add(NodeKind::Area);
                pieces.sizes[piece_of_root[root] as usize] = basins.size[root];
            }
            pieces.of_key.push(piece_of_root[root]);
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
pub(super) fn number(
    pieces: &Pieces,
    free: &Free,
    pad: Padded,
    labels: &mut [u32],
    seeds: &mut Vec<Seed>,
) -> RowRuns {
    let (w, s) = (pad.width, pad.stride());
    // A node per piece, but for the cut ones: room for them all at once.
    seeds.reserve(pieces.kinds.len());
    let mut rows = RowRuns::new(pad.len(), seeds.len(), pieces.kinds.len());
    let mut node_of = vec![NONE; pieces.kinds.len()];
    // Each key's node once known, for a key of a small piece ([`NONE`] before): a maze
    // meets a key again on nearly every row, one run of it a row.
    let mut node_of_key = vec![NONE; pieces.of_key.len()];
    for y in 0..pad.height {
        let b = (y + 1) * s + 1;
        let (dist, room) = (&free.dist[b..=b + w], free.rooms(b, w + 1));
        let end_run = |rows: &mut RowRuns, node: u32, x_from: i32, x_to: i32| {
            if node != NONE {
                let run = Run {
                    y: y as i32,
                    x_from,
                    x_to,
                };
                rows.push(node, run, b as u32);
            }
        };
        // The run being read: its node and columns.
        let (mut node, mut from, mut to) = (NONE, 0, -2);
        for chunk in (0..w).step_by(8) {
            // The walkable tiles: free or a room's.
            let mut tiles = nonzero_bytes(&dist[chunk..]) | nonzero_bytes(&room[chunk..]);
            while tiles != 0 {
                let x = (chunk + tiles.trailing_zeros() as usize / 8) as i32;
                tiles &= tiles - 1;
                let i = b + x as usize;
                let mut label = labels[i];
                // A free tile numbered by a cut piece's flood is below `PIECE`.
                if label >= PIECE {
                    let key = (label & !PIECE) as usize;
                    label = node_of_key[key];
                    if label == NONE {
                        let (node, small) = number_tile(
                            pieces,
                            pad,
                            labels,
                            seeds,
                            &mut rows,
                            &mut node_of,
                            i,
                            key,
                        );
                        if small {
                            node_of_key[key] = node;
                        }
                        label = node;
                    }
                    labels[i] = label;
                }
                if label != node || x != to + 1 {
                    end_run(&mut rows, node, from, to);
                    (node, from) = (label, x);
                }
                to = x;
            }
        }
        end_run(&mut rows, node, from, to);
        rows.end_row(b as u32, s as u32);
    }
    debug_assert!(seeds.len() < PIECE as usize);
    rows
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

/// Labels `node` the tiles of `piece` 8-connected to `first` within its square of the
/// block grid: the square's tiles of the piece as a row of bits each, flooded a row at a
/// time (a row's runs that touch the flood join it whole) down and up until it stops.
fn cut_block(
    pieces: &Pieces,
    pad: Padded,
    labels: &mut [u32],
    first: usize,
    piece: u32,
    node: u32,
) {
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
