//! The overlapping model's patterns: every `n` x `n` window of the sample and its images
//! under the symmetry, counted (the counts are the weights), and which patterns may sit
//! side by side (those that agree where they overlap).
//!
//! Compatibility is stored grouped by overlap. Pattern `q` may be the right-hand neighbour
//! of `p` exactly when `p` without its first column equals `q` without its last column.
//! Call the first of these `p`'s out-key to the right and the second `q`'s in-key: `q` is
//! supported by as many patterns of its left neighbour as that neighbour has patterns with
//! out-key equal to `q`'s in-key. So the per-direction compatibility counts of AC-4 (one
//! per cell, pattern and direction in Gumin's `compatible[i][t][d]`) are the same numbers
//! as one count per cell, direction and out-key, shared by every pattern with that in-key.
//! A "slot" is one (direction, out-key) pair; the solver keeps one count per cell and slot.
//!
//! Based on: <https://github.com/mxgmn/WaveFunctionCollapse> (`OverlappingModel.cs`: the
//! patterns, their weights and `agrees`), and AC-4 (Mohr and Henderson, "Arc and path
//! consistency revisited", 1986), as model synthesis uses it
//! (<https://github.com/merrell42/model-synthesis>).

use std::collections::BTreeMap;

use super::symmetry::PatternSymmetry;
use crate::{Map, Tile};

/// The four directions from a cell to its neighbour: right, left, down, up.
pub(crate) const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// `in_slots` entry of a pattern no pattern can support from that direction.
pub(crate) const NO_SLOT: u16 = u16::MAX;

/// The largest bit set (in words) for which members are also kept as masks.
const MASK_WORDS: usize = 8;

/// The most distinct tiles a sample may have: two bits a pixel.
pub(crate) const MAX_SAMPLE_TILES: usize = 4;

/// The patterns of one sample, pattern size and symmetry, with everything the solver looks
/// up. Built once per generation; read-only afterwards.
#[derive(Debug, Clone)]
pub(crate) struct Patterns {
    /// The pattern side, 2 or 3.
    pub(crate) n: usize,
    /// The sample's distinct tiles; pixels are indices into it.
    pub(crate) palette: Vec<Tile>,
    /// How many times each pattern occurs among the sample's windows and their images.
    pub(crate) weights: Vec<u32>,
    /// `w log2 w` of each weight, 32.32 fixed point.
    pub(crate) weight_log_weights: Vec<u64>,
    /// Each pattern's `n * n` pixels, row-major, one after another.
    pub(crate) pixels: Vec<u8>,
    /// Each pattern's slot in each direction: the count it adds to in the cell it is in.
    pub(crate) out_slots: Vec<[u16; 4]>,
    /// Each pattern's supporting slot in each direction: the count of the neighbour on the
    /// opposite side that says whether it is still supported; [`NO_SLOT`] if none can.
    pub(crate) in_slots: Vec<[u16; 4]>,
    /// The patterns whose in-slot is `s` (banned from the neighbour when the slot's count
    /// drops to 0) are `slot_members[slot_start[s]..slot_start[s + 1]]`.
    slot_start: Vec<u32>,
    slot_members: Vec<u16>,
    /// The same members as bit sets, one per slot, when a cell's bit set is at most
    /// [`MASK_WORDS`] words: testing a few words beats walking the list.
    member_masks: Vec<u64>,
    /// Each slot's count in a cell that still has every pattern.
    full_counts: Vec<u8>,
    /// The slots of each direction: `direction_slots[d]..direction_slots[d + 1]`.
    pub(crate) direction_slots: [usize; 5],
    /// Per pixel offset (`y * n + x`), the bit set of patterns whose pixel there is walkable.
    pub(crate) walkable: Vec<u64>,
    /// Per pixel offset, the bit set of patterns whose pixel there is [`Tile::WALL`].
    pub(crate) wall: Vec<u64>,
    /// 64-bit words in one cell's bit set of patterns.
    pub(crate) words: usize,
}

impl Patterns {
    /// The patterns of `sample` (at most [`MAX_SAMPLE_TILES`] distinct tiles, both sides at
    /// least `n`) for pattern size `n` and `symmetry`. Work and memory are proportional to
    /// the sample's area times the symmetry's images.
    pub(crate) fn new(sample: &Map, n: usize, symmetry: PatternSymmetry) -> Patterns {
        let (palette, codes) = palette_of(sample);
        let (sw, sh) = (sample.width() as usize, sample.height() as usize);
        let mut index: BTreeMap<u32, u16> = BTreeMap::new();
        let mut pixels = Vec::new();
        let mut weights: Vec<u32> = Vec::new();
        let mut window = vec![0u8; n * n];
        for y in 0..=sh.saturating_sub(n) {
            for x in 0..=sw.saturating_sub(n) {
                for &t in symmetry.transforms() {
                    for (i, pixel) in window.iter_mut().enumerate() {
                        let (sx, sy) = t.source(n, i % n, i / n);
                        *pixel = codes[(y + sy) * sw + x + sx];
                    }
                    let code = pack(&window);
                    let next = weights.len() as u16;
                    let id = *index.entry(code).or_insert(next);
                    if id == next {
                        pixels.extend_from_slice(&window);
                        weights.push(0);
                    }
                    weights[usize::from(id)] += 1;
                }
            }
        }
        Patterns::from_pixels(n, palette, pixels, weights)
    }

    /// Everything else, from the patterns' pixels and weights.
    fn from_pixels(n: usize, palette: Vec<Tile>, pixels: Vec<u8>, weights: Vec<u32>) -> Patterns {
        let count = weights.len();
        let words = count.div_ceil(64).max(1);
        let mut out_slots = vec![[0u16; 4]; count];
        let mut in_slots = vec![[NO_SLOT; 4]; count];
        let mut slots = 0usize;
        let mut direction_slots = [0; 5];
        for d in 0..4 {
            let (out_block, in_block) = (overlap(n, d, true), overlap(n, d, false));
            let mut dense: BTreeMap<u32, u16> = BTreeMap::new();
            for (p, slot) in out_slots.iter_mut().enumerate() {
                let key = sub_code(&pixels[p * n * n..][..n * n], n, out_block);
                let next = (slots + dense.len()) as u16;
                slot[d] = *dense.entry(key).or_insert(next);
            }
            for (q, slot) in in_slots.iter_mut().enumerate() {
                let key = sub_code(&pixels[q * n * n..][..n * n], n, in_block);
                slot[d] = dense.get(&key).copied().unwrap_or(NO_SLOT);
            }
            slots += dense.len();
            direction_slots[d + 1] = slots;
        }
        let mut full_counts = vec![0u8; slots];
        for slot in &out_slots {
            for &s in slot {
                // At most 4^n patterns share an out-key (they differ only in the n pixels
                // the key leaves out), so 64 for n = 3: a byte holds it.
                full_counts[usize::from(s)] += 1;
            }
        }
        let (slot_start, slot_members) = members_by_slot(&in_slots, slots);
        let mut member_masks = Vec::new();
        if words <= MASK_WORDS {
            member_masks = vec![0u64; slots * words];
            for s in 0..slots {
                for &q in &slot_members[slot_start[s] as usize..slot_start[s + 1] as usize] {
                    member_masks[s * words + usize::from(q) / 64] |= 1 << (q % 64);
                }
            }
        }
        let walkable = masks(n, &palette, &pixels, words, |t| t.walkable);
        let wall = masks(n, &palette, &pixels, words, |t| t == Tile::WALL);
        let weight_log_weights = weights.iter().map(|&w| super::entropy::weight_log_weight(w)).collect();
        Patterns {
            n,
            palette,
            weights,
            weight_log_weights,
            pixels,
            out_slots,
            in_slots,
            slot_start,
            slot_members,
            member_masks,
            full_counts,
            direction_slots,
            walkable,
            wall,
            words,
        }
    }

    /// How many distinct patterns there are.
    pub(crate) fn count(&self) -> usize {
        self.weights.len()
    }

    /// How many (direction, out-key) slots there are: the counts kept per cell.
    pub(crate) fn slots(&self) -> usize {
        self.full_counts.len()
    }

    /// The patterns whose support is counted in slot `s`.
    #[inline]
    pub(crate) fn members(&self, s: usize) -> &[u16] {
        &self.slot_members[self.slot_start[s] as usize..self.slot_start[s + 1] as usize]
    }

    /// The patterns whose support is counted in slot `s` as a bit set of `W` words, when
    /// the bit sets are that long (and at most [`MASK_WORDS`]).
    #[inline(always)]
    pub(crate) fn member_mask_words<const W: usize>(&self, s: usize) -> &[u64] {
        &self.member_masks[s * W..][..W]
    }

    /// Adds the patterns whose support is counted in slot `s` to the bit set `set`.
    pub(crate) fn add_members(&self, s: usize, set: &mut [u64]) {
        for &q in self.members(s) {
            set[usize::from(q) / 64] |= 1 << (q % 64);
        }
    }

    /// The pixel (palette index) of pattern `p` at `(x, y)`.
    #[inline]
    pub(crate) fn pixel(&self, p: usize, x: usize, y: usize) -> u8 {
        self.pixels[p * self.n * self.n + y * self.n + x]
    }

    /// The patterns that can tile the unbounded plane: the largest set in which every
    /// pattern has a neighbour from the set on each of its four sides. Found by removing
    /// unsupported patterns until none is left to remove (at most one pass per pattern).
    pub(crate) fn tiling_set(&self) -> Vec<bool> {
        let mut alive = vec![true; self.count()];
        let mut counts = vec![0u32; self.slots()];
        loop {
            counts.fill(0);
            for (p, slots) in self.out_slots.iter().enumerate() {
                if alive[p] {
                    for &s in slots {
                        counts[usize::from(s)] += 1;
                    }
                }
            }
            let mut removed = false;
            for (q, slots) in self.in_slots.iter().enumerate() {
                let supported = slots.iter().all(|&s| s != NO_SLOT && counts[usize::from(s)] > 0);
                if alive[q] && !supported {
                    alive[q] = false;
                    removed = true;
                }
            }
            if !removed {
                return alive;
            }
        }
    }

    /// The sum of all weights: the largest sum a cell can have.
    pub(crate) fn total_weight(&self) -> u32 {
        self.weights.iter().sum()
    }
}

/// The sample's distinct tiles, in the order they first occur (row order), and each tile
/// of the sample as an index into them.
fn palette_of(sample: &Map) -> (Vec<Tile>, Vec<u8>) {
    let mut palette: Vec<Tile> = Vec::new();
    let mut codes = Vec::with_capacity(sample.tiles().len());
    for &tile in sample.tiles() {
        let code = match palette.iter().position(|&t| t == tile) {
            Some(i) => i,
            None => {
                palette.push(tile);
                palette.len() - 1
            }
        };
        // SampleMap refuses samples of more tiles; clamp so no input can misindex.
        codes.push(code.min(MAX_SAMPLE_TILES - 1) as u8);
    }
    (palette, codes)
}

/// A window's pixels as one number, two bits each (n <= 3: at most 18 bits).
fn pack(pixels: &[u8]) -> u32 {
    pixels.iter().rev().fold(0, |code, &p| code << 2 | u32::from(p))
}

/// A sub-block of a pattern: columns `x0..x0 + w`, rows `y0..y0 + h`.
#[derive(Clone, Copy)]
struct Block {
    x0: usize,
    y0: usize,
    w: usize,
    h: usize,
}

/// The part of a pattern that overlaps its neighbour in direction `d`, for the pattern
/// itself (`out`) or for the neighbour (`!out`, the same cells in its own coordinates).
fn overlap(n: usize, d: usize, out: bool) -> Block {
    let m = n - 1;
    // Right: the pattern's columns 1..n are the neighbour's 0..n-1; left is the mirror.
    let (near, far) = if out { (1, 0) } else { (0, 1) };
    match d {
        0 => Block { x0: near, y0: 0, w: m, h: n },
        1 => Block { x0: far, y0: 0, w: m, h: n },
        2 => Block { x0: 0, y0: near, w: n, h: m },
        _ => Block { x0: 0, y0: far, w: n, h: m },
    }
}

/// The pixels of `block` of a pattern, packed as [`pack`] does.
fn sub_code(pixels: &[u8], n: usize, block: Block) -> u32 {
    let mut code = 0u32;
    for y in (block.y0..block.y0 + block.h).rev() {
        for x in (block.x0..block.x0 + block.w).rev() {
            code = code << 2 | u32::from(pixels[y * n + x]);
        }
    }
    code
}

/// For each slot, the patterns whose support it counts (compressed rows).
fn members_by_slot(in_slots: &[[u16; 4]], slots: usize) -> (Vec<u32>, Vec<u16>) {
    let mut start = vec![0u32; slots + 1];
    for slot in in_slots {
        for &s in slot.iter().filter(|&&s| s != NO_SLOT) {
            start[usize::from(s) + 1] += 1;
        }
    }
    for s in 0..slots {
        start[s + 1] += start[s];
    }
    let mut next = start.clone();
    let mut members = vec![0u16; start[slots] as usize];
    for (q, slot) in in_slots.iter().enumerate() {
        for &s in slot.iter().filter(|&&s| s != NO_SLOT) {
            members[next[usize::from(s)] as usize] = q as u16;
            next[usize::from(s)] += 1;
        }
    }
    (start, members)
}

/// Per pixel offset, the bit set of patterns whose tile there is `wanted`.
fn masks(n: usize, palette: &[Tile], pixels: &[u8], words: usize, wanted: impl Fn(Tile) -> bool) -> Vec<u64> {
    let mut masks = vec![0u64; n * n * words];
    for (p, pattern) in pixels.chunks_exact(n * n).enumerate() {
        for (offset, &pixel) in pattern.iter().enumerate() {
            if wanted(palette[usize::from(pixel)]) {
                masks[offset * words + p / 64] |= 1 << (p % 64);
            }
        }
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn patterns(text: &str, n: usize, symmetry: PatternSymmetry) -> Patterns {
        Patterns::new(&Map::from_ascii(text).unwrap(), n, symmetry)
    }

    /// Whether `q` may be `p`'s neighbour in direction `d`, by comparing pixels.
    fn agrees(ps: &Patterns, p: usize, q: usize, d: usize) -> bool {
        let n = ps.n as i32;
        let (dx, dy) = DIRECTIONS[d];
        (0..n).all(|y| {
            (0..n).all(|x| {
                let (qx, qy) = (x - dx, y - dy);
                !(0..n).contains(&qx)
                    || !(0..n).contains(&qy)
                    || ps.pixel(p, x as usize, y as usize) == ps.pixel(q, qx as usize, qy as usize)
            })
        })
    }

    #[test]
    fn weights_count_every_window_and_image() {
        let text = "#..#\n#..#\n#..#\n####\n";
        for &symmetry in PatternSymmetry::ALL {
            for n in 2..=3 {
                let ps = patterns(text, n, symmetry);
                let windows = (4 - n + 1) * (4 - n + 1);
                assert_eq!(ps.total_weight() as usize, windows * symmetry.images());
                assert!(ps.count() <= windows * symmetry.images());
            }
        }
        // The 2x2 windows of the top two row pairs are the same three; the bottom pair's
        // three (over the "####" row) occur once each.
        let ps = patterns(text, 2, PatternSymmetry::One);
        assert_eq!(ps.count(), 6);
        assert_eq!(ps.weights, [2, 2, 2, 1, 1, 1]);
    }

    #[test]
    fn slots_match_pixel_comparison() {
        // The grouped counts must say exactly what comparing overlaps says (Gumin's
        // `agrees`): q is supported by p in direction d iff q's in-slot is p's out-slot.
        let text = "#####\n#..+#\n#.#.#\n#~..#\n#####\n";
        for &symmetry in PatternSymmetry::ALL {
            for n in 2..=3 {
                let ps = patterns(text, n, symmetry);
                for p in 0..ps.count() {
                    for q in 0..ps.count() {
                        for d in 0..4 {
                            let slotted = ps.in_slots[q][d] == ps.out_slots[p][d];
                            assert_eq!(slotted, agrees(&ps, p, q, d), "{p} {q} {d}");
                        }
                    }
                }
                for s in 0..ps.slots() {
                    for q in 0..ps.count() {
                        let member = ps.members(s).contains(&(q as u16));
                        assert_eq!(member, ps.in_slots[q].contains(&(s as u16)));
                    }
                }
            }
        }
    }
}
