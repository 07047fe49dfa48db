//! A map's walkability fingerprint: one `u64` that tells whether two maps of a size have
//! the same walkable tiles, kept in O(1) per tile whose walkability changes.
//!
//! Based on: Albert L. Zobrist, "A New Hashing Method with Application for Game Playing",
//! 1970: the exclusive-or of one fixed key per walkable cell, so that flipping a cell's
//! walkability flips its key in and out. The keys come from the cell's index through
//! `SplitMix64`'s finaliser (Steele, Lea, Flood, "Fast Splittable Pseudorandom Number
//! Generators", OOPSLA 2014), so there is no table and no global state.

use std::sync::OnceLock;

use crate::Tile;

/// The fingerprint of a map's walkability, computed on first request and then kept up to
/// date by the map's writes.
///
/// A cache, not state: its value is a pure function of the tiles, so [`Map`](crate::Map)
/// leaves it out of equality, hashing, `Debug` and its serde form. Until something asks
/// for the fingerprint (a [`PathFinder`](crate::path::PathFinder) with landmarks), writes
/// to the map pay one test of an empty cache: generation does not pay for it.
#[derive(Debug, Clone, Default)]
pub(crate) struct WalkFingerprint {
    /// Boxed so that `Map` itself holds no interior mutability: the compiler then knows a
    /// `&Map` cannot change under a call, which every function reading a map relies on
    /// (in place, the cache cost generation 2.4 % more instructions under callgrind, all
    /// in reloads and spills; boxed, 0.1 %).
    value: Box<OnceLock<u64>>,
}

impl WalkFingerprint {
    /// The fingerprint of `tiles`, computed now if it is not known yet.
    pub(crate) fn get(&self, tiles: &[Tile]) -> u64 {
        *self.value.get_or_init(|| of_tiles(tiles))
    }

    /// Records that the cell at row-major index `i` changed from `before` to `after`:
    /// O(1), and nothing at all while the fingerprint is not known.
    #[inline]
    pub(crate) fn update(&mut self, i: usize, before: Tile, after: Tile) {
        if before.walkable != after.walkable
            && let Some(value) = self.value.get_mut()
        {
            *value ^= key(i);
        }
    }

    /// True once the fingerprint is known, so that writes must keep it.
    #[inline]
    pub(crate) fn is_known(&mut self) -> bool {
        self.value.get_mut().is_some()
    }

    /// Forgets the fingerprint, after a write that did not report its tiles.
    #[inline]
    pub(crate) fn forget(&mut self) {
        self.value.take();
    }
}

/// The exclusive-or of the keys of the walkable cells of `tiles`.
fn of_tiles(tiles: &[Tile]) -> u64 {
    tiles
        .iter()
        .enumerate()
        .filter(|(_, t)| t.walkable)
        .fold(0, |acc, (i, _)| acc ^ key(i))
}

/// The key of the cell at row-major index `i`: sub-stream `i + 1` of 0
/// ([`DungeonRng::derive_seed`], `SplitMix64`), a bijection of `u64` whose outputs behave
/// as independent random words.
#[inline]
fn key(i: usize) -> u64 {
    crate::DungeonRng::derive_seed(0, (i as u64).wrapping_add(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn updates_agree_with_a_fresh_computation() {
        let mut tiles = vec![Tile::WALL; 40];
        let mut print = WalkFingerprint::default();
        assert_eq!(print.get(&tiles), 0, "no walkable cell");
        for (step, i) in [3usize, 17, 3, 39, 0, 17].into_iter().enumerate() {
            let after = if tiles[i].walkable {
                Tile::WALL
            } else {
                Tile::FLOOR
            };
            print.update(i, tiles[i], after);
            tiles[i] = after;
            assert_eq!(print.get(&tiles), of_tiles(&tiles), "after change {step}");
        }
        print.update(5, Tile::FLOOR, Tile::DOOR); // both walkable: no change
        assert_eq!(print.get(&tiles), of_tiles(&tiles));
    }

    #[test]
    fn nothing_is_kept_until_asked() {
        let mut print = WalkFingerprint::default();
        assert!(!print.is_known());
        print.update(1, Tile::WALL, Tile::FLOOR); // not known: nothing to keep
        assert_eq!(print.get(&[Tile::WALL, Tile::FLOOR]), key(1));
        assert!(print.is_known());
        print.forget();
        assert!(!print.is_known());
    }

    #[test]
    fn the_keys_of_neighbouring_cells_differ_in_about_half_their_bits() {
        for i in 0..1000 {
            let bits = (key(i) ^ key(i + 1)).count_ones();
            assert!((12..=52).contains(&bits), "cells {i} and {}: {bits}", i + 1);
        }
    }
}
