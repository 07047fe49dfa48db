//! The nodes of a map of corridors alone, from the lists the walk along the corridors
//! keeps (see [`super::narrow`]), with no read of every slot.
//!
//! There every free tile is a corridor's, each segment its own piece and every piece one
//! node. The walk lists each segment's tiles together, as walked, and the least slot of
//! each. A junction may later join another segment's piece: those few are listed with the
//! segment they were walked in. So a node's tiles are its segment's (less the junctions
//! it gave away) and the junctions given to it; its first tile in row order is the least
//! of them. The nodes are numbered by a bitmap of those first tiles, and each node's
//! tiles, sorted by slot, give its runs: the read of every row that numbers pieces in
//! general ([`super::pieces::number`]) is not needed.

use super::padded::Padded;
use super::pieces::Pieces;
use super::{NONE, Node, PIECE, Run, Seed, node_of};

/// What the walk lists, by key (a segment), when asked to.
#[derive(Default)]
pub(super) struct Walk {
    /// Every tile walked, a segment's together, in the order walked.
    pub(super) tiles: Vec<u32>,
    /// Where each key's tiles start in `tiles`.
    pub(super) starts: Vec<u32>,
    /// Each key's least slot walked.
    pub(super) least: Vec<u32>,
    /// Each junction walked, with the key it was walked in.
    pub(super) junctions: Vec<(u32, u32)>,
}

/// The nodes of the free tiles (labelled `PIECE | key`, every piece a segment's) and
/// their runs grouped by node; labels every tile with its node. The nodes are numbered by
/// their first tile in row order, as [`super::pieces::number`] numbers them.
pub(super) fn nodes(
    walk: &Walk,
    pieces: &Pieces,
    pad: Padded,
    labels: &mut [u32],
) -> (Vec<Node>, Vec<Run>) {
    let keys = walk.starts.len();
    let range = |k: usize| {
        let end = walk.starts.get(k + 1).map_or(walk.tiles.len(), |&e| e as usize);
        walk.starts[k] as usize..end
    };
    // Junctions given to another segment: the giver's tiles are read again, the taker's
    // gain them (chained by key).
    let mut least = walk.least.clone();
    let mut gave = vec![false; keys];
    let mut given = vec![NONE; keys];
    let mut next = vec![NONE; walk.junctions.len()];
    let mut moved = Vec::new();
    for (n, &(j, walked_in)) in walk.junctions.iter().enumerate() {
        let key = labels[j as usize] & !PIECE;
        if key != walked_in {
            gave[walked_in as usize] = true;
            next[n] = given[key as usize];
            given[key as usize] = n as u32;
            moved.push((j, key));
        }
    }
    for k in (0..keys).filter(|&k| gave[k]) {
        let own = PIECE | k as u32;
        least[k] = walk.tiles[range(k)]
            .iter()
            .filter(|&&t| labels[t as usize] == own)
            .fold(NONE, |a, &t| a.min(t));
    }
    for &(j, key) in &moved {
        least[key as usize] = least[key as usize].min(j);
    }
    // The first tiles as bits, read in order: the keys in order of their nodes.
    let mut firsts = vec![0u64; pad.len().div_ceil(64)];
    for &t in least.iter().filter(|&&t| t != NONE) {
        firsts[t as usize / 64] |= 1 << (t % 64);
    }
    let mut nodes = Vec::with_capacity(keys);
    let mut runs = Vec::with_capacity(walk.tiles.len());
    let mut tiles = Vec::new();
    let rows = Rows::new(pad);
    for (w, &bits) in firsts.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let first = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let key = (labels[first] & !PIECE) as usize;
            let node = nodes.len() as u32;
            tiles.clear();
            let own = PIECE | key as u32;
            if gave[key] {
                tiles.extend(walk.tiles[range(key)].iter().filter(|&&t| labels[t as usize] == own));
            } else {
                tiles.extend_from_slice(&walk.tiles[range(key)]);
            }
            let mut n = given[key];
            while n != NONE {
                tiles.push(walk.junctions[n as usize].0);
                n = next[n as usize];
            }
            for &t in &tiles {
                labels[t as usize] = node;
            }
            sort_slots(&mut tiles);
            let from = runs.len() as u32;
            push_runs(&tiles, rows, &mut runs);
            let to = runs.len() as u32;
            let seed = Seed {
                kind: pieces.kinds[pieces.of_key[key] as usize],
                room: None,
            };
            nodes.push(node_of(&seed, &runs[from as usize..], from..to));
        }
    }
    (nodes, runs)
}

/// Sorts a node's slots ascending: as walked, a corridor's often are already, or the
/// other way round.
fn sort_slots(tiles: &mut [u32]) {
    if tiles.is_sorted() {
        return;
    }
    if tiles.is_sorted_by(|a, b| a > b) {
        tiles.reverse();
        return;
    }
    tiles.sort_unstable();
}

/// The row of a slot by a multiplication, not a division: `(slot * m) >> 32` with
/// `m = 2^32 / stride + 1` is exact when `slot * stride < 2^32` (maps up to about 1,600
/// tiles a side); larger maps divide.
#[derive(Clone, Copy)]
struct Rows {
    stride: u64,
    m: u64,
    exact: bool,
}

impl Rows {
    fn new(pad: Padded) -> Rows {
        let stride = pad.stride() as u64;
        Rows {
            stride,
            m: (1u64 << 32) / stride + 1,
            exact: (pad.len() as u64).saturating_mul(stride) < 1 << 32,
        }
    }

    /// The padded row of a slot and the slot of its column -1 (the border's).
    #[inline(always)]
    fn of(self, slot: u32) -> (u64, u64) {
        let slot = u64::from(slot);
        let row = if self.exact {
            (slot * self.m) >> 32
        } else {
            slot / self.stride
        };
        (row, row * self.stride)
    }
}

/// Pushes the runs of `tiles` (ascending slots) to `runs`.
fn push_runs(tiles: &[u32], rows: Rows, runs: &mut Vec<Run>) {
    let Some(&first) = tiles.first() else {
        return;
    };
    let mut from = first;
    let mut last = first;
    for &t in &tiles[1..] {
        if t != last + 1 {
            runs.push(run(rows, from, last));
            from = t;
        }
        last = t;
    }
    runs.push(run(rows, from, last));
}

/// The run of slots `from..=to` (of one row).
#[inline(always)]
fn run(rows: Rows, from: u32, to: u32) -> Run {
    let (row, base) = rows.of(from);
    Run {
        y: row as i32 - 1,
        x_from: (u64::from(from) - base) as i32 - 1,
        x_to: (u64::from(to) - base) as i32 - 1,
    }
}
