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
use super::padded::{Padded, equal_bytes};
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
///
/// The tiles are taken a level of distance at a time, highest first, each level in row
/// order: the rows that reach it are scanned eight tiles a word for its tiles.
pub(super) fn chambers(dist: &[u8], rows: Range<usize>, pad: Padded, labels: &mut [u32]) -> Basins {
    let (w, s) = (pad.width, pad.stride());
    let mut basins = Basins::default();
    // The highest distance in each row (of its free tiles, narrow ones included).
    let peaks: Vec<u8> = rows
        .clone()
        .map(|y| {
            let b = (y + 1) * s + 1;
            dist[b..b + w]
                .iter()
                .fold(0, |most, &d| most.max(d & !OPEN))
        })
        .collect();
    let top = peaks.iter().copied().max().unwrap_or(0);
    // Each slot's basin + 1, 0 for none (a wall, a room, a tile not reached yet): what
    // the labels say, without the labels' other values to sort out.
    let mut marks = vec![0u32; if top > 0 { pad.len() } else { 0 }];
    for level in (1..=top).rev() {
        for (y, _) in rows.clone().zip(&peaks).filter(|&(_, &p)| p >= level) {
            let b = (y + 1) * s;
            let tiles = &dist[b + 1..b + 1 + w];
            let labels = &mut labels[b + 1..b + 1 + w];
            // Rows `y - 1`, `y` and `y + 1` of the slots, each `s` long.
            let (above, rest) = marks.split_at_mut(b);
            let (row, below) = rest.split_at_mut(s);
            let up = &above[b - s..];
            let down = &below[..s];
            for (chunk, bytes) in tiles.chunks(8).enumerate() {
                let mut found = equal_bytes(bytes, level | OPEN);
                while found != 0 {
                    let x = chunk * 8 + found.trailing_zeros() as usize / 8;
                    found &= found - 1;
                    let around = [
                        up[x],
                        up[x + 1],
                        up[x + 2],
                        row[x],
                        row[x + 2],
                        down[x],
                        down[x + 1],
                        down[x + 2],
                    ];
                    let basin = basins.join(around, level);
                    row[x + 1] = basin + 1;
                    labels[x] = PIECE | basin;
                }
            }
        }
    }
    for b in 0..basins.parent.len() as u32 {
        let root = basins.find(b);
        basins.parent[b as usize] = root;
    }
    basins
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

    /// The basin of an open tile of distance `level` whose eight neighbours' basins + 1
    /// (0 for none) are `around` (in row order): the one basin they touch, else a new
    /// one, else the highest of those that meet, joined with those that do not stay
    /// apart.
    #[inline(always)]
    fn join(&mut self, around: [u32; 8], level: u8) -> u32 {
        let any = around.iter().fold(0, |a, &b| a | b);
        if any == 0 {
            return self.start(level);
        }
        // Most tiles touch one basin label: then it is the union of them all.
        if around
            .iter()
            .fold(true, |one, &b| one & ((b == 0) | (b == any)))
        {
            let root = self.find(any - 1);
            self.size[root as usize] += 1;
            return root;
        }
        self.mixed(around, level)
    }

    /// [`Basins::join`] where the tile touches two basin labels or more. Out of line: the
    /// rarer case, kept out of the usual tile's loop.
    #[inline(never)]
    fn mixed(&mut self, near: [u32; 8], level: u8) -> u32 {
        // Labels of one chamber differ once their basins have joined: one root is one
        // basin here (the order of the ring only matters for two or more). Each label
        // is looked up once where it repeats.
        let first = near.iter().copied().find(|&b| b != 0).unwrap_or(0);
        let root = self.find(first.wrapping_sub(1));
        let mut last = first;
        for b in near {
            if b != 0 && b != first && b != last {
                last = b;
                if self.find(b - 1) != root {
                    return self.meet(near, level);
                }
            }
        }
        self.size[root as usize] += 1;
        root
    }

    /// [`Basins::mixed`] where several basins meet: their roots in the order of the
    /// ring, the highest peak the primary.
    fn meet(&mut self, near: [u32; 8], level: u8) -> u32 {
        // `near` is in row order: north-west, north, north-east, west, east, south-west,
        // south, south-east.
        let [nw, n, ne, w, e, sw, s, se] = near;
        let ring = [n, ne, e, se, s, sw, w, nw];
        let mut roots = [0u32; 8];
        let mut count = 0;
        let mut last = NONE;
        for b in ring {
            if b == last || b == 0 {
                continue;
            }
            last = b;
            let r = self.find(b - 1);
            if !roots[..count].contains(&r) {
                roots[count] = r;
                count += 1;
            }
        }
        let Some(primary) = roots[..count]
            .iter()
            .copied()
            .max_by_key(|&r| (self.peak[r as usize], std::cmp::Reverse(r)))
        else {
            return self.start(level);
        };
        // `primary` has the highest peak, so it stays the root of every union.
        let level = u16::from(level);
        for &r in &roots[..count] {
            let low_peak = self.peak[r as usize].min(self.peak[primary as usize]);
            let fits = self.size[r as usize] + self.size[primary as usize] <= MAX_TILES as u32;
            if r != primary && u16::from(low_peak) < level + PERSISTENCE && fits {
                self.union(primary, r);
            }
        }
        self.size[primary as usize] += 1;
        primary
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
