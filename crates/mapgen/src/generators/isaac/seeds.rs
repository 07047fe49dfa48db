//! Each room's own seed, for what is put in it: derived from the floor's seed and the
//! room's first cell, so that a room's contents do not change when other rooms do.
//!
//! Isaac keeps seeds per room too (`RoomDescriptor.SpawnSeed`, `DecorationSeed`,
//! `AwardSeed` in the modding API: <https://wofsauge.github.io/IsaacDocs/rep/RoomDescriptor.html>).
//! The mixing is `SplitMix64`'s. Based on: Steele, Lea and Flood, "Fast splittable
//! pseudorandom number generators" (OOPSLA 2014).

use crate::DungeonRng;
use crate::generators::grid::RoomCell;

/// The floor's seed: the first two draws of the floor's stream.
pub(super) fn floor_seed(rng: &mut DungeonRng) -> u64 {
    let low = u64::from(rng.next_u32());
    let high = u64::from(rng.next_u32());
    high << 32 | low
}

/// The seed of the room whose first cell is `first` on a grid `cols` wide: `SplitMix64`'s
/// output number `first.row * cols + first.col + 1` from `floor_seed`
/// ([`DungeonRng::derive_seed`]).
pub(super) fn room_seed(floor_seed: u64, first: RoomCell, cols: i32) -> u64 {
    let index = i64::from(first.row) * i64::from(cols) + i64::from(first.col) + 1;
    DungeonRng::derive_seed(floor_seed, index as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `SplitMix64`'s published first outputs for seed 1234567 (the reference
    /// implementation's test vector).
    #[test]
    fn room_seeds_are_splitmix64_outputs() {
        let expected: [u64; 3] = [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423];
        for (i, want) in expected.into_iter().enumerate() {
            assert_eq!(room_seed(1_234_567, RoomCell::new(i as i32, 0), 13), want);
        }
    }

    #[test]
    fn rooms_and_floors_have_their_own_seeds() {
        let a = room_seed(7, RoomCell::new(6, 6), 13);
        assert_ne!(a, room_seed(7, RoomCell::new(7, 6), 13));
        assert_ne!(a, room_seed(8, RoomCell::new(6, 6), 13));
        assert_eq!(a, room_seed(7, RoomCell::new(6, 6), 13));
    }
}
