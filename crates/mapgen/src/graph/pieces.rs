//! Pieces to nodes: numbered by their first tile in row order, each 8-connected, a piece
//! of more than [`MAX_TILES`] tiles cut along a grid of [`BLOCK`] x [`BLOCK`] squares.

use super::free::Free;
use super::padded::{Padded, step};
use super::{MAX_TILES, PIECE, Seed, piece_of};

/// The side of the squares that cut pieces larger than [`MAX_TILES`]: `BLOCK * BLOCK` is
/// `MAX_TILES`.
pub(super) const BLOCK: usize = 16;

/// Gives every free tile (each holding its piece) its node, after those in `seeds`: one
/// node per 8-connected part of a piece, or of the piece within one square of the block
/// grid when the piece is larger than [`MAX_TILES`].
pub(super) fn number(free: &Free, pad: Padded, labels: &mut [u32], seeds: &mut Vec<Seed>) {
    let ring = pad.ring();
    let mut sizes = vec![0usize; free.kinds.len()];
    for &i in &free.tiles {
        if let Some(p) = piece_of(labels[i as usize]) {
            sizes[p as usize] += 1;
        }
    }
    let stride = pad.stride();
    let block = |i: usize| ((i / stride - 1) / BLOCK, (i % stride - 1) / BLOCK);
    let mut stack: Vec<u32> = Vec::new();
    for &first in &free.tiles {
        let first = first as usize;
        let value = labels[first];
        let Some(p) = piece_of(value) else { continue };
        let id = seeds.len() as u32;
        seeds.push(Seed {
            kind: free.kinds[p as usize],
            room: None,
        });
        let cut = sizes[p as usize] > MAX_TILES;
        let home = block(first);
        labels[first] = id;
        stack.push(first as u32);
        while let Some(i) = stack.pop() {
            for o in ring {
                let j = step(i as usize, o);
                if labels[j] == value && (!cut || block(j) == home) {
                    labels[j] = id;
                    stack.push(j as u32);
                }
            }
        }
    }
    debug_assert!(seeds.len() < PIECE as usize);
}
