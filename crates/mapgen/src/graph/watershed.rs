//! Chambers: a watershed of the distance to the walls over the open tiles, its basins
//! merged by persistence.
//!
//! Based on: Vincent and Soille, "Watersheds in digital spaces: an efficient algorithm
//! based on immersion simulations" (1991), flooding from the top: each tile, taken by
//! falling distance, joins a basin it touches or starts one (a peak). Two basins that meet
//! at a tile of distance `s` stay apart only when both peaks rise at least
//! [`PERSISTENCE`] above `s` (the merge rule of persistent homology, Edelsbrunner,
//! Letscher and Zomorodian, 2002): a wide neck joins, a narrow one separates. Two basins
//! that would hold more than [`MAX_TILES`] tiles together stay apart too (a chamber may
//! still grow past that from one peak; [`super::pieces`] cuts it).

use super::free::OPEN;
use super::padded::{Padded, step};
use super::{MAX_TILES, PIECE, piece_of};

/// How far both peaks must rise above the neck between them to stay two chambers, in
/// tiles of distance to the walls.
pub(super) const PERSISTENCE: u16 = 2;

/// Gives each open tile among the free `tiles` (with its distance, [`OPEN`] set, in
/// `dist`) its chamber, `PIECE | number`, numbered from 0. Returns how many chambers.
pub(super) fn chambers(dist: &[u8], tiles: &[u32], pad: Padded, labels: &mut [u32]) -> usize {
    let ring = pad.ring();
    let order = by_falling_distance(dist, tiles);
    let mut basins = Basins::default();
    for &i in &order {
        let i = i as usize;
        let level = u16::from(dist[i] & !OPEN);
        let mut roots = [0u32; 8];
        let mut count = 0;
        for o in ring {
            let j = step(i, o);
            if dist[j] & OPEN != 0
                && let Some(b) = piece_of(labels[j])
            {
                let r = basins.find(b);
                if !roots[..count].contains(&r) {
                    roots[count] = r;
                    count += 1;
                }
            }
        }
        let Some(mut primary) = roots[..count]
            .iter()
            .copied()
            .max_by_key(|&r| (basins.peak[r as usize], std::cmp::Reverse(r)))
        else {
            labels[i] = PIECE | basins.start(dist[i] & !OPEN);
            continue;
        };
        for &r in &roots[..count] {
            let low_peak = basins.peak[r as usize].min(basins.peak[primary as usize]);
            let fits = basins.size[r as usize] + basins.size[primary as usize] <= MAX_TILES;
            if r != primary && u16::from(low_peak) < level + PERSISTENCE && fits {
                primary = basins.union(primary, r);
            }
        }
        labels[i] = PIECE | primary;
        basins.size[primary as usize] += 1;
    }
    // Each tile's basin by its root, the roots numbered from 0 in order of their peaks.
    let mut dense = vec![u32::MAX; basins.parent.len()];
    let mut count = 0;
    for &i in &order {
        let i = i as usize;
        let root = basins.find(labels[i] & !PIECE) as usize;
        if dense[root] == u32::MAX {
            dense[root] = count;
            count += 1;
        }
        labels[i] = PIECE | dense[root];
    }
    count as usize
}

/// The open tiles of `tiles`, highest distance first, in row order within a distance (a
/// counting sort: linear).
fn by_falling_distance(dist: &[u8], tiles: &[u32]) -> Vec<u32> {
    let bucket = |d: u8| usize::from(!OPEN - (d & !OPEN));
    let mut counts = [0usize; 129];
    for &i in tiles {
        let d = dist[i as usize];
        if d & OPEN != 0 {
            counts[bucket(d) + 1] += 1;
        }
    }
    for k in 1..counts.len() {
        counts[k] += counts[k - 1];
    }
    let mut order = vec![0u32; counts[128]];
    for &i in tiles {
        let d = dist[i as usize];
        if d & OPEN != 0 {
            let slot = &mut counts[bucket(d)];
            order[*slot] = i;
            *slot += 1;
        }
    }
    order
}

/// Basins as disjoint sets, each root with the highest distance in it.
#[derive(Default)]
struct Basins {
    parent: Vec<u32>,
    peak: Vec<u8>,
    /// Tiles in each root's basin so far.
    size: Vec<usize>,
}

impl Basins {
    fn start(&mut self, peak: u8) -> u32 {
        self.parent.push(self.parent.len() as u32);
        self.peak.push(peak);
        self.size.push(1);
        (self.parent.len() - 1) as u32
    }

    fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let grandparent = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = grandparent;
            x = grandparent;
        }
        x
    }

    /// Joins two roots under the one with the higher peak; returns the new root.
    fn union(&mut self, a: u32, b: u32) -> u32 {
        let (high, low) = if self.peak[a as usize] >= self.peak[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        self.parent[low as usize] = high;
        self.size[high as usize] += self.size[low as usize];
        high
    }
}
