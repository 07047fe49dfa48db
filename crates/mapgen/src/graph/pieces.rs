//! Pieces to nodes: numbered by their first tile in row order, each 8-connected, a piece
//! of more than [`MAX_TILES`] tiles cut along a grid of [`BLOCK`] x [`BLOCK`] squares.

use super::free::Pieces;
use super::{MAX_TILES, NONE, Seed, ring};

/// The side of the squares that cut pieces larger than [`MAX_TILES`]: `BLOCK * BLOCK` is
/// `MAX_TILES`.
pub(super) const BLOCK: usize = 16;

/// Labels every tile of a piece with a new node (after those in `seeds`): one node per
/// 8-connected part of the piece, or of the piece within one square of the block grid
/// when the piece is larger than [`MAX_TILES`].
pub(super) fn number(pieces: &Pieces, labels: &mut [u32], width: usize, seeds: &mut Vec<Seed>) {
    let n = labels.len();
    let mut sizes = vec![0usize; pieces.kinds.len()];
    for &p in &pieces.piece {
        if p != NONE {
            sizes[p as usize] += 1;
        }
    }
    let block = |i: usize| ((i / width) / BLOCK, (i % width) / BLOCK);
    let mut stack: Vec<u32> = Vec::new();
    for first in 0..n {
        let p = pieces.piece[first];
        if p == NONE || labels[first] != NONE {
            continue;
        }
        let id = seeds.len() as u32;
        seeds.push(Seed {
            kind: pieces.kinds[p as usize],
            room: None,
        });
        let cut = sizes[p as usize] > MAX_TILES;
        let home = block(first);
        labels[first] = id;
        stack.push(first as u32);
        while let Some(i) = stack.pop() {
            for j in ring(i as usize, width, n).into_iter().flatten() {
                if pieces.piece[j] == p && labels[j] == NONE && (!cut || block(j) == home) {
                    labels[j] = id;
                    stack.push(j as u32);
                }
            }
        }
    }
}
