//! Pieces to nodes: numbered by their first tile in row order, each 8-connected, a piece
//! of more than [`MAX_TILES`] tiles cut along a grid of [`BLOCK`] x [`BLOCK`] squares.

use super::distance::Free;
use super::padded::{Padded, nonzero_bytes, step};
use super::watershed::Basins;
use super::{MAX_TILES, NONE, NodeKind, PIECE, Seed};

/// The side of the squares that cut pieces larger than [`MAX_TILES`]: `BLOCK * BLOCK` is
/// `MAX_TILES`.
pub(super) const BLOCK: usize = 16;

/// The pieces of the free tiles. A free tile is labelled `PIECE | key`, and several keys
/// may name one piece (the basins of a chamber, the parts of a corridor).
#[derive(Default)]
pub(super) struct Pieces {
    /// Each key's piece.
    pub(super) of_key: Vec<u32>,
    /// Each piece's kind and tiles.
    pub(super) kinds: Vec<NodeKind>,
    pub(super) sizes: Vec<u32>,
}

impl Pieces {
    /// The chambers, a piece each; the basins are the first keys.
    pub(super) fn of_chambers(basins: &Basins) -> Pieces {
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
/// 8-connected.)
pub(super) fn number(
    pieces: &Pieces,
    free: &Free,
    pad: Padded,
    labels: &mut [u32],
    seeds: &mut Vec<Seed>,
) {
    let (w, s) = (pad.width, pad.stride());
    let mut node_of = vec![NONE; pieces.kinds.len()];
    let mut stack = Vec::new();
    for y in 0..pad.height {
        let b = (y + 1) * s + 1;
        let dist = &free.dist[b..=b + w];
        for chunk in (0..w).step_by(8) {
            let mut tiles = nonzero_bytes(&dist[chunk..]);
            while tiles != 0 {
                let i = b + chunk + tiles.trailing_zeros() as usize / 8;
                tiles &= tiles - 1;
                let label = labels[i];
                // A free tile numbered by a cut piece's flood is below `PIECE`.
                if label >= PIECE {
                    number_tile(
                        pieces,
                        pad,
                        labels,
                        seeds,
                        &mut node_of,
                        &mut stack,
                        i,
                        label,
                    );
                }
            }
        }
    }
    debug_assert!(seeds.len() < PIECE as usize);
}

/// Gives free tile `i`, labelled with a key, its node.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn number_tile(
    pieces: &Pieces,
    pad: Padded,
    labels: &mut [u32],
    seeds: &mut Vec<Seed>,
    node_of: &mut [u32],
    stack: &mut Vec<(u32, u16, u16)>,
    i: usize,
    label: u32,
) {
    let piece = pieces.of_key[(label & !PIECE) as usize];
    if pieces.sizes[piece as usize] as usize <= MAX_TILES {
        let mut node = node_of[piece as usize];
        if node == NONE {
            node = seeds.len() as u32;
            node_of[piece as usize] = node;
            seeds.push(Seed {
                kind: pieces.kinds[piece as usize],
                room: None,
            });
        }
        labels[i] = node;
    } else {
        let node = seeds.len() as u32;
        seeds.push(Seed {
            kind: pieces.kinds[piece as usize],
            room: None,
        });
        cut_flood(pieces, pad, labels, i, piece, node, stack);
    }
}

/// Labels `node` the tiles of `piece` 8-connected to `first` within its square.
fn cut_flood(
    pieces: &Pieces,
    pad: Padded,
    labels: &mut [u32],
    first: usize,
    piece: u32,
    node: u32,
    stack: &mut Vec<(u32, u16, u16)>,
) {
    // Each tile with its column and row, so that its square is two shifts away.
    const STEPS: [(i32, i32); 8] = [
        (0, -1),
        (1, -1),
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
    ];
    let shift = BLOCK.trailing_zeros();
    let s = pad.stride();
    let (x, y) = ((first % s - 1) as u16, (first / s - 1) as u16);
    let home = (x >> shift, y >> shift);
    let ring = pad.ring();
    labels[first] = node;
    stack.push((first as u32, x, y));
    while let Some((i, x, y)) = stack.pop() {
        for (o, (dx, dy)) in ring.into_iter().zip(STEPS) {
            let j = step(i as usize, o);
            let label = labels[j];
            if label.wrapping_sub(PIECE) >= NONE - PIECE
                || pieces.of_key[(label & !PIECE) as usize] != piece
            {
                continue;
            }
            // A tile of the map: its column and row are not negative.
            let (x, y) = ((i32::from(x) + dx) as u16, (i32::from(y) + dy) as u16);
            if (x >> shift, y >> shift) == home {
                labels[j] = node;
                stack.push((j as u32, x, y));
            }
        }
    }
}
