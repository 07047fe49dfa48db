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

use super::{MAX_TILES, NONE, ring};

/// How far both peaks must rise above the neck between them to stay two chambers, in
/// tiles of distance to the walls.
pub(super) const PERSISTENCE: u16 = 2;

/// Labels each open tile with its chamber, numbered from 0; `NONE` elsewhere. Returns the
/// labels and the number of chambers.
pub(super) fn chambers(dist: &[u8], open: &[bool], width: usize) -> (Vec<u32>, usize) {
    let n = dist.len();
    let order = by_falling_distance(dist, open);
    let mut basin = vec![NONE; n];
    let mut basins = Basins::default();
    for &i in &order {
        let i = i as usize;
        let level = u16::from(dist[i]);
        let mut roots = [NONE; 8];
        let mut count = 0;
        for j in ring(i, width, n).into_iter().flatten() {
            if basin[j] != NONE {
                let r = basins.find(basin[j]);
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
            basin[i] = basins.start(dist[i]);
            continue;
        };
        for &r in &roots[..count] {
            let low_peak = basins.peak[r as usize].min(basins.peak[primary as usize]);
            let fits = basins.size[r as usize] + basins.size[primary as usize] <= MAX_TILES;
            if r != primary && u16::from(low_peak) < level + PERSISTENCE && fits {
                primary = basins.union(primary, r);
            }
        }
        basin[i] = primary;
        basins.size[primary as usize] += 1;
    }
    // Each tile's basin by its root, the roots numbered from 0 in order of their peaks.
    let mut dense = vec![NONE; basins.parent.len()];
    let mut count = 0;
    for &i in &order {
        let i = i as usize;
        let root = basins.find(basin[i]) as usize;
        if dense[root] == NONE {
            dense[root] = count;
            count += 1;
        }
        basin[i] = dense[root];
    }
    (basin, count as usize)
}

/// The open tiles, highest distance first, in row order within a distance (a counting
/// sort: linear).
fn by_falling_distance(dist: &[u8], open: &[bool]) -> Vec<u32> {
    let mut counts = [0usize; 257];
    for (&d, &o) in dist.iter().zip(open) {
        if o {
            counts[255 - usize::from(d) + 1] += 1;
        }
    }
    for k in 1..counts.len() {
        counts[k] += counts[k - 1];
    }
    let mut order = vec![0u32; counts[256]];
    for (i, (&d, &o)) in dist.iter().zip(open).enumerate() {
        if o {
            let slot = &mut counts[255 - usize::from(d)];
            order[*slot] = i as u32;
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
