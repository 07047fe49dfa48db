//! The scans that walk down the map's columns (the east and west quadrants), done on 16 x 16
//! blocks of the map, each transposed into sixteen 16-bit column words on first use.
//!
//! Tiles and visible bits are row-major, so walking a column touches a new cache line (and,
//! on a wide map, a new page) at every cell: a walk down a 1000-row column misses every
//! cache and TLB level. A block is read once per computation, 16 short row pieces, after
//! which a column of it is one word of opacity and one word of marks; the marks go back
//! into the row-major bits at the end. Filling costs a read of each of a block's 256 tiles,
//! so this pays only when the scan visits most of them: the computation switches to it
//! when the north and south scans found the view open. The answer is the same either way.

use zerocopy::byteorder::{LittleEndian, U32};
use zerocopy::{FromBytes, IntoBytes};

use super::bits::Bits;
use super::shadowcast::{Cells, Quadrant, RowCells, Stamp};
use crate::Tile;

/// Side of a block, in cells.
const SIDE: usize = 16;

/// The blocks of one map size: opacity and marks by column, and the computation that
/// filled each. Reused from one computation to the next, so a block is read at most once
/// per computation.
#[derive(Debug, Clone, Default)]
pub(crate) struct BlockCache {
    width: usize,
    height: usize,
    blocks_per_row: usize,
    /// The computation that filled each block; 0 for never.
    filled: Vec<u32>,
    /// Per block, per column `x % 16`: bit `y % 16` set when the cell is opaque.
    opaque: Vec<u16>,
    /// Per block, per column: bit `y % 16` set when the cell was marked visible.
    marks: Vec<u16>,
    /// The blocks filled in this computation, to write their marks back.
    touched: Vec<usize>,
    generation: u32,
}

impl BlockCache {
    /// Ready for a new computation on a `width` x `height` map; false when the memory
    /// cannot be had (the caller then reads the tiles directly).
    pub(crate) fn start(&mut self, width: usize, height: usize) -> bool {
        if (width, height) != (self.width, self.height) {
            let blocks_per_row = width.div_ceil(SIDE);
            let blocks = blocks_per_row * height.div_ceil(SIDE);
            let (mut filled, mut opaque, mut marks) = (Vec::new(), Vec::new(), Vec::new());
            if filled.try_reserve_exact(blocks).is_err()
                || opaque.try_reserve_exact(blocks * SIDE).is_err()
                || marks.try_reserve_exact(blocks * SIDE).is_err()
            {
                return false;
            }
            filled.resize(blocks, 0);
            opaque.resize(blocks * SIDE, 0);
            marks.resize(blocks * SIDE, 0);
            *self = BlockCache {
                width,
                height,
                blocks_per_row,
                filled,
                opaque,
                marks,
                touched: Vec::new(),
                generation: 0,
            };
        }
        self.touched.clear();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Once every 4 billion computations: forget which blocks were filled.
            self.filled.fill(0);
            self.generation = 1;
        }
        true
    }

    /// The index of the block holding `(x, y)`, filled for this computation.
    #[inline(always)]
    fn block(&mut self, tiles: &[Tile], x: usize, y: usize) -> usize {
        let block = (y / SIDE) * self.blocks_per_row + x / SIDE;
        if self.filled.get(block) != Some(&self.generation) {
            self.fill(tiles, block, x / SIDE, y / SIDE);
        }
        block
    }

    fn fill(&mut self, tiles: &[Tile], block: usize, bx: usize, by: usize) {
        let mut words = [0u16; SIDE];
        let (x0, x1) = (bx * SIDE, (bx * SIDE + SIDE).min(self.width));
        for r in 0..SIDE {
            let y = by * SIDE + r;
            if y >= self.height {
                break;
            }
            let row = tiles
                .get(y * self.width + x0..y * self.width + x1)
                .unwrap_or_default();
            // A tile's four bytes as a word: opaque when the second byte (`transparent`) is
            // 0. Sixteen columns at once, which the compiler does in vector registers.
            match <[U32<LittleEndian>]>::ref_from_bytes(row.as_bytes()) {
                Ok(tile_words) => {
                    for (word, tile) in words.iter_mut().zip(tile_words) {
                        *word |= u16::from(tile.get() & 0xff00 == 0) << r;
                    }
                }
                Err(_) => {
                    for (word, tile) in words.iter_mut().zip(row) {
                        *word |= u16::from(!tile.transparent) << r;
                    }
                }
            }
        }
        let at = block * SIDE..block * SIDE + SIDE;
        if let (Some(opaque), Some(marks)) =
            (self.opaque.get_mut(at.clone()), self.marks.get_mut(at))
        {
            opaque.copy_from_slice(&words);
            marks.fill(0);
        }
        if let Some(filled) = self.filled.get_mut(block) {
            *filled = self.generation;
        }
        self.touched.push(block);
    }

    /// Adds the marks of every block touched in this computation to `bits` (row-major,
    /// `width` a row): a row of a block at a time when the block is all marked (an open
    /// view), else each marked cell.
    pub(crate) fn write_back(&self, bits: &mut Bits) {
        for &block in &self.touched {
            let (bx, by) = (block % self.blocks_per_row, block / self.blocks_per_row);
            let (x0, y0) = (bx * SIDE, by * SIDE);
            let (cols, rows) = ((self.width - x0).min(SIDE), (self.height - y0).min(SIDE));
            let columns = self
                .marks
                .get(block * SIDE..block * SIDE + cols)
                .unwrap_or_default();
            let all_rows = u16::MAX >> (SIDE - rows);
            if columns.iter().all(|&column| column & all_rows == all_rows) {
                for y in y0..y0 + rows {
                    bits.set_range(y * self.width + x0..y * self.width + x0 + cols, true);
                }
                continue;
            }
            for (c, &column) in columns.iter().enumerate() {
                let mut rest = column;
                while rest != 0 {
                    let y = y0 + rest.trailing_zeros() as usize;
                    bits.set(y * self.width + x0 + c, true);
                    rest &= rest - 1;
                }
            }
        }
    }
}

/// A row-major tile slice read, and marked, through a [`BlockCache`], for rows down the
/// map. The marks reach the row-major bits with [`BlockCache::write_back`].
pub(crate) struct ByBlocks<'a> {
    pub(crate) tiles: &'a [Tile],
    pub(crate) width: i32,
    pub(crate) height: i32,
    pub(crate) cache: &'a mut BlockCache,
}

impl ByBlocks<'_> {
    /// The block and the bit of the cell at row-major index `idx`.
    fn locate(&mut self, idx: usize) -> (usize, u16) {
        let width = self.width.max(1) as usize;
        let (x, y) = (idx % width, idx / width);
        let block = self.cache.block(self.tiles, x, y);
        (block * SIDE + x % SIDE, 1 << (y % SIDE))
    }
}

impl Cells for ByBlocks<'_> {
    fn size(&self) -> (i32, i32) {
        (self.width, self.height)
    }

    fn is_marked(&self, _bits: &Bits, idx: usize) -> bool {
        let width = self.width.max(1) as usize;
        let (x, y) = (idx % width, idx / width);
        let block = (y / SIDE) * self.cache.blocks_per_row + x / SIDE;
        // A block not filled yet in this computation has no marks.
        self.cache.filled.get(block) == Some(&self.cache.generation)
            && self
                .cache
                .marks
                .get(block * SIDE + x % SIDE)
                .is_some_and(|word| word >> (y % SIDE) & 1 == 1)
    }

    fn mark(&mut self, _bits: &mut Bits, idx: usize, on: bool) {
        let (at, bit) = self.locate(idx);
        if let Some(word) = self.cache.marks.get_mut(at) {
            *word = if on { *word | bit } else { *word & !bit };
        }
    }

    #[inline(always)]
    fn stamp_row<const CARDINAL: u8>(
        &mut self,
        _quadrant: &Quadrant<CARDINAL>,
        row: &RowCells,
        _bits: &mut Bits,
        stamp: Stamp,
        mut transition: impl FnMut(i32, bool),
    ) -> (bool, bool) {
        let width = self.width.max(1) as usize;
        // The row is column x from row y0 down: one division per row, not per cell.
        let (x, y0) = (row.first % width, row.first / width);
        let end = y0 + (row.last - row.first) / row.stride.max(1) + 1;
        let (tiles, cache) = (self.tiles, &mut *self.cache);
        let (mut first_wall, mut prev_wall) = (true, true);
        let mut y = y0;
        // A block's sixteen rows at a time: the opacity and the marks of column x are one
        // word each, the marks are set with a mask, and the transitions are the bits where
        // a cell's opacity differs from the one above it.
        while y < end {
            let base = y / SIDE * SIDE;
            let (lo_bit, hi_bit) = (y - base, end.min(base + SIDE) - 1 - base);
            let range = (u16::MAX >> (SIDE - 1 - hi_bit)) & (u16::MAX << lo_bit);
            let at = cache.block(tiles, x, y) * SIDE + x % SIDE;
            let walls = cache.opaque.get(at).copied().unwrap_or(u16::MAX) & range;
            let revealed = if stamp.of(true) {
                range
            } else {
                range & !walls
            };
            if let Some(marks) = cache.marks.get_mut(at) {
                *marks |= revealed;
            }
            let mut changes = if y == y0 {
                first_wall = walls >> lo_bit & 1 == 1;
                // The row's first cell has nothing above it.
                (walls ^ (walls << 1)) & range & !(1 << lo_bit)
            } else {
                (walls ^ ((walls << 1) | (u16::from(prev_wall) << lo_bit))) & range
            };
            while changes != 0 {
                let bit = changes.trailing_zeros() as usize;
                let wall = walls >> bit & 1 == 1;
                transition(row.lo + (base + bit - y0) as i32, wall);
                changes &= changes - 1;
            }
            prev_wall = walls >> hi_bit & 1 == 1;
            y = base + hi_bit + 1;
        }
        (first_wall, prev_wall)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DungeonRng, Map};

    #[test]
    fn blocks_read_what_the_tiles_hold_and_write_back_their_marks() {
        let mut rng = DungeonRng::new(6);
        for (w, h) in [(1, 1), (15, 17), (16, 16), (40, 33)] {
            let mut map = Map::new(w, h).unwrap();
            for p in map.as_grid().points().collect::<Vec<_>>() {
                if rng.coin() {
                    map.set(p, Tile::FLOOR);
                }
            }
            let mut cache = BlockCache::default();
            for _ in 0..3 {
                assert!(cache.start(w as usize, h as usize));
                let mut by_blocks = ByBlocks {
                    tiles: map.tiles(),
                    width: w,
                    height: h,
                    cache: &mut cache,
                };
                let mut expected = Bits::new(w, h).unwrap();
                let empty = Bits::new(w, h).unwrap();
                for idx in 0..(w * h) as usize {
                    let on = rng.coin();
                    by_blocks.mark(&mut Bits::default(), idx, on);
                    expected.set(idx, on);
                    assert_eq!(by_blocks.is_marked(&empty, idx), on);
                    let (at, bit) = by_blocks.locate(idx);
                    let opaque = by_blocks.cache.opaque[at] & bit != 0;
                    assert_eq!(opaque, !map.tiles()[idx].transparent);
                }
                let mut bits = Bits::new(w, h).unwrap();
                cache.write_back(&mut bits);
                for idx in 0..(w * h) as usize {
                    assert_eq!(bits.get(idx), expected.get(idx));
                }
            }
        }
    }
}
