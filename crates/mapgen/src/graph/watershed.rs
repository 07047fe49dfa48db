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

use std::ops::Range;

use super::distance::OPEN;
use super::padded::{Padded, step};
use super::{MAX_TILES, NONE, PIECE};

/// How far both peaks must rise above the neck between them to stay two chambers, in
/// tiles of distance to the walls.
pub(super) const PERSISTENCE: u16 = 2;

/// The chambers: basins as disjoint sets, each root with the highest distance in it.
#[derive(Default)]
pub(super) struct Basins {
    parent: Vec<u32>,
    peak: Vec<u8>,
    /// Tiles in each root's basin so far.
    pub(super) size: Vec<u32>,
}

/// Gives each open tile (with its distance, [`OPEN`] set, in `dist`; all in `rows`) its
/// basin, `PIECE | number`. Returns the basins, each pointing at its chamber's root.
pub(super) fn chambers(dist: &[u8], rows: Range<usize>, pad: Padded, labels: &mut [u32]) -> Basins {
    let ring = pad.ring();
    let order = by_falling_distance(dist, rows, pad);
    let mut basins = Basins::default();
    // A basin's label: `PIECE | basin`, below `NONE` (walls and free tiles not yet met).
    let is_basin = |label: u32| label.wrapping_sub(PIECE) < NONE - PIECE;
    let s = pad.stride() as isize;
    let around = [-s - 1, -s, 1 - s, -1, 1, s - 1, s, s + 1];
    for &i in &order {
        let i = i as usize;
        let level = u16::from(dist[i] & !OPEN);
        // Most tiles touch one basin label only (or none): the least basin label, and
        // whether every other basin label around is it.
        let near = around.map(|o| labels[step(i, o)]);
        let basin_or_none = near.map(|l| if is_basin(l) { l } else { NONE });
        let least = basin_or_none.iter().copied().min().unwrap_or(NONE);
        if least == NONE {
            labels[i] = PIECE | basins.start(dist[i] & !OPEN);
            continue;
        }
        if basin_or_none.iter().all(|&l| l == least || l == NONE) {
            let root = basins.find(least & !PIECE);
            labels[i] = PIECE | root;
            basins.size[root as usize] += 1;
            continue;
        }
        let mut roots = [0u32; 8];
        let mut count = 0;
        let mut last = NONE;
        for o in ring {
            let label = labels[step(i, o)];
            if label == last || !is_basin(label) {
                continue;
            }
            last = label;
            let r = basins.find(label & !PIECE);
            if !roots[..count].contains(&r) {
                roots[count] = r;
                count += 1;
            }
        }
        let Some(primary) = roots[..count]
            .iter()
            .copied()
            .max_by_key(|&r| (basins.peak[r as usize], std::cmp::Reverse(r)))
        else {
            labels[i] = PIECE | basins.start(dist[i] & !OPEN);
            continue;
        };
        // `primary` has the highest peak, so it stays the root of every union.
        for &r in &roots[..count] {
            let low_peak = basins.peak[r as usize].min(basins.peak[primary as usize]);
            let fits = basins.size[r as usize] + basins.size[primary as usize] <= MAX_TILES as u32;
            if r != primary && u16::from(low_peak) < level + PERSISTENCE && fits {
                basins.union(primary, r);
            }
        }
        labels[i] = PIECE | primary;
        basins.size[primary as usize] += 1;
    }
    for b in 0..basins.parent.len() as u32 {
        let root = basins.find(b);
        basins.parent[b as usize] = root;
    }
    basins
}

/// The open tiles of `rows`, highest distance first, in row order within a distance (a
/// counting sort: linear).
fn by_falling_distance(dist: &[u8], rows: Range<usize>, pad: Padded) -> Vec<u32> {
    let s = pad.stride();
    let slots = (rows.start + 1) * s..(rows.end + 1) * s;
    let bucket = |d: u8| usize::from(!OPEN - (d & !OPEN));
    let mut counts = [0usize; 129];
    for &d in &dist[slots.clone()] {
        if d & OPEN != 0 {
            counts[bucket(d) + 1] += 1;
        }
    }
    for k in 1..counts.len() {
        counts[k] += counts[k - 1];
    }
    let mut order = vec![0u32; counts[128]];
    for (i, &d) in dist[slots.clone()].iter().enumerate() {
        if d & OPEN != 0 {
            let slot = &mut counts[bucket(d)];
            order[*slot] = (slots.start + i) as u32;
            *slot += 1;
        }
    }
    order
}

impl Basins {
    /// How many basins.
    pub(super) fn len(&self) -> usize {
        self.parent.len()
    }

    /// The chamber of `basin` (the root of its set), once [`chambers`] has returned.
    pub(super) fn chamber(&self, basin: u32) -> u32 {
        self.parent[basin as usize]
    }

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

    /// Joins root `low` into root `high` (whose peak is at least as high).
    fn union(&mut self, high: u32, low: u32) {
        self.parent[low as usize] = high;
        self.size[high as usize] += self.size[low as usize];
    }
}
