//! The seeded random number generator every generator draws from.
//!
//! Stability promise: the numbers drawn for a seed are fixed by this file alone. The
//! stream is PCG32 (`rand_pcg::Pcg32`, XSH RR 64/32), whose output the PCG paper specifies,
//! seeded as `Pcg32::new(seed, STREAM)` without any seed-expansion step; ranges use
//! Lemire's multiply-and-reject method on that stream rather than `rand`'s samplers, whose
//! algorithms may change between `rand` releases.
//!
//! [`DungeonRng`] is also a `rand_core` 0.10 generator (`rand_core::Rng`, which `rand`
//! 0.10 re-exports as `rand::Rng`), so `rand`'s distributions can draw from a dungeon's
//! stream. Their results are `rand`'s to define; the generators never use them.

use core::convert::Infallible;

use rand_core::{Rng as _, TryRng};
use rand_pcg::Pcg32;

/// PCG's default increment (the reference implementation's stream constant).
const STREAM: u64 = 0xa02b_dbf7_bb3c_0a7a;

/// A portable, seedable random number generator with the draws the generators need.
///
/// ```
/// use mapgen::DungeonRng;
/// let mut a = DungeonRng::new(7);
/// let mut b = DungeonRng::new(7);
/// assert_eq!(a.range_inclusive(1, 6), b.range_inclusive(1, 6));
/// ```
///
/// # With `rand`
///
/// `DungeonRng` implements `rand_core` 0.10's [`TryRng`] with an infallible error, and so
/// its `Rng` (the trait `rand` 0.10 calls `rand::Rng`; `rand_core::RngCore` is its
/// deprecated old name and is implemented too). Any of `rand`'s distributions, `shuffle`
/// or `random_range` then draw from the dungeon's own stream, after and between the
/// generators' draws:
///
/// ```
/// use rand::RngExt as _; // rand 0.10: random_range, random_bool, sample
/// use rand::seq::SliceRandom as _;
/// let dungeon_seed = 42;
/// let mut rng = mapgen::DungeonRng::new(dungeon_seed);
/// let gold: u32 = rng.random_range(10..=20);
/// let mut loot = ["sword", "shield", "potion"];
/// loot.shuffle(&mut rng);
/// assert!((10..=20).contains(&gold));
/// ```
///
/// What each method of `rand_core`'s interface draws:
///
/// * `next_u32` is [`DungeonRng::next_u32`]: one output of the stream.
/// * `next_u64` takes two outputs, the first as the low 32 bits and the second as the
///   high 32 bits (`rand_core`'s little-endian convention, as `rand_pcg::Pcg32` does).
/// * `fill_bytes` takes one output per 4 bytes, each written as its 4 little-endian
///   bytes in order; the unused bytes of the last output are dropped, so it still counts
///   as drawn. Filling 0 bytes draws nothing.
///
/// ```
/// use rand_core::Rng; // `rand::Rng` with rand 0.10
/// let mut rng = mapgen::DungeonRng::new(7);
/// let mut again = mapgen::DungeonRng::new(7);
/// let (low, high) = (again.next_u32(), again.next_u32());
/// assert_eq!(Rng::next_u64(&mut rng), u64::from(high) << 32 | u64::from(low));
/// let mut bytes = [0u8; 6]; // two outputs: 4 bytes of one, 2 of the next
/// rng.fill_bytes(&mut bytes);
/// assert_eq!(bytes[..4], again.next_u32().to_le_bytes());
/// assert_eq!(bytes[4..], again.next_u32().to_le_bytes()[..2]);
/// ```
#[derive(Debug, Clone)]
pub struct DungeonRng {
    pcg: Pcg32,
}

impl DungeonRng {
    /// The seed of sub-stream `index` of `seed`: output number `index` of `SplitMix64`
    /// started at `seed` (`seed + index * 0x9E3779B97F4A7C15`, then its output function).
    /// One seed names many independent streams this way: a wave function collapse
    /// attempt's, an isaac room's, a game's level at each depth. Integers only, so the same
    /// on every platform.
    ///
    /// Based on: Steele, Lea and Flood, "Fast splittable pseudorandom number generators"
    /// (OOPSLA 2014).
    ///
    /// ```
    /// use mapgen::DungeonRng;
    /// // SplitMix64's published first outputs from 1234567.
    /// assert_eq!(DungeonRng::derive_seed(1_234_567, 1), 6_457_827_717_110_365_317);
    /// assert_eq!(DungeonRng::derive_seed(1_234_567, 2), 3_203_168_211_198_807_973);
    /// assert_ne!(DungeonRng::derive_seed(7, 1), DungeonRng::derive_seed(8, 1));
    /// ```
    pub const fn derive_seed(seed: u64, index: u64) -> u64 {
        let mut z = seed.wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The generator for `seed`: the same seed gives the same numbers on every platform.
    ///
    /// ```
    /// use mapgen::DungeonRng;
    /// let (mut a, mut b) = (DungeonRng::new(7), DungeonRng::new(7));
    /// assert_eq!(a.next_u32(), b.next_u32()); // a seed names a stream
    /// assert_ne!(DungeonRng::new(8).next_u32(), DungeonRng::new(7).next_u32());
    /// ```
    pub fn new(seed: u64) -> DungeonRng {
        DungeonRng {
            pcg: Pcg32::new(seed, STREAM),
        }
    }

    /// The next raw 32-bit output: every other draw is made of these.
    ///
    /// ```
    /// let mut rng = mapgen::DungeonRng::new(42);
    /// assert_eq!(rng.next_u32(), 3_557_064_636); // pinned: the seed promise
    /// ```
    pub fn next_u32(&mut self) -> u32 {
        self.pcg.next_u32()
    }

    /// A uniform integer in `0..n`; `n` must be at least 1 (0 is treated as 1).
    ///
    /// ```
    /// let mut rng = mapgen::DungeonRng::new(5);
    /// assert!(rng.below(6) < 6);
    /// assert_eq!(rng.below(0), 0);
    /// ```
    pub fn below(&mut self, n: u32) -> u32 {
        let n = n.max(1);
        // Lemire, "Fast Random Integer Generation in an Interval" (2019).
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// A uniform integer in `lo..=hi`. Returns `lo` when `hi < lo`.
    ///
    /// ```
    /// let mut rng = mapgen::DungeonRng::new(1);
    /// let roll = rng.range_inclusive(1, 6);
    /// assert!((1..=6).contains(&roll));
    /// ```
    pub fn range_inclusive(&mut self, lo: i32, hi: i32) -> i32 {
        if hi <= lo {
            return lo;
        }
        let span = (i64::from(hi) - i64::from(lo) + 1) as u64;
        if span > u64::from(u32::MAX) {
            // Only the full i32 range gets here: every u32 is a valid offset.
            return lo.wrapping_add(self.next_u32() as i32);
        }
        (i64::from(lo) + i64::from(self.below(span as u32))) as i32
    }

    /// A fair coin: `true` or `false` with equal odds.
    ///
    /// ```
    /// let mut rng = mapgen::DungeonRng::new(9);
    /// let heads = (0..1000).filter(|_| rng.coin()).count();
    /// assert!((400..600).contains(&heads));
    /// ```
    pub fn coin(&mut self) -> bool {
        self.next_u32() >> 31 == 1
    }

    /// A uniform integer in `0..n` for any `n >= 1` (0 is treated as 1). For `n` that fits
    /// in 32 bits this is exactly [`DungeonRng::below`], drawing the same numbers; larger
    /// `n` takes two outputs per try.
    ///
    /// ```
    /// let mut rng = mapgen::DungeonRng::new(1);
    /// assert!(rng.below_u64(10_000_000_000) < 10_000_000_000);
    /// ```
    pub fn below_u64(&mut self, n: u64) -> u64 {
        if let Ok(small) = u32::try_from(n) {
            return u64::from(self.below(small));
        }
        // Lemire's method on 64-bit draws made of two outputs, high word first.
        let mut draw = || u64::from(self.next_u32()) << 32 | u64::from(self.next_u32());
        let mut m = u128::from(draw()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(draw()) * u128::from(n);
            }
        }
        (m >> 64) as u64
    }

    /// Picks an index with probability proportional to its weight; `None` when the slice
    /// is empty or all weights are zero. Any weights work: the total is summed in 64 bits
    /// (a slice would need 4 billion weights of `u32::MAX` to overflow it), and totals
    /// above `u32::MAX` are drawn with [`DungeonRng::below_u64`].
    ///
    /// ```
    /// let mut rng = mapgen::DungeonRng::new(3);
    /// assert_eq!(rng.weighted_index(&[0, 5, 0]), Some(1));
    /// assert_eq!(rng.weighted_index(&[0, 0]), None);
    /// ```
    pub fn weighted_index(&mut self, weights: &[u32]) -> Option<usize> {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = self.below_u64(total);
        for (i, &w) in weights.iter().enumerate() {
            if pick < u64::from(w) {
                return Some(i);
            }
            pick -= u64::from(w);
        }
        None
    }
}

/// `rand_core`'s generator interface over the same stream; see [`DungeonRng`]'s "With
/// `rand`" section for what each method draws.
impl TryRng for DungeonRng {
    type Error = Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(DungeonRng::next_u32(self))
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let low = DungeonRng::next_u32(self);
        let high = DungeonRng::next_u32(self);
        Ok(u64::from(high) << 32 | u64::from(low))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(4) {
            let word = DungeonRng::next_u32(self).to_le_bytes();
            for (byte, drawn) in chunk.iter_mut().zip(word) {
                *byte = drawn;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pins the stream: if this changes, every dungeon changes.
    #[test]
    fn stream_is_pinned() {
        let mut rng = DungeonRng::new(42);
        let drawn: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        let mut again = DungeonRng::new(42);
        assert_eq!(drawn, (0..4).map(|_| again.next_u32()).collect::<Vec<_>>());
        assert_eq!(drawn, PINNED_SEED_42);
    }

    const PINNED_SEED_42: [u32; 4] = [3557064636, 1124193395, 1851024168, 723652497];

    /// The PCG reference (`pcg32-demo`, `pcg32_srandom(42, 54)`) prints these first outputs;
    /// `rand_pcg` must reproduce them for our stream to be the specified one.
    #[test]
    fn pcg32_matches_the_reference_implementation() {
        let mut pcg = Pcg32::new(42, 54);
        let first: Vec<u32> = (0..6).map(|_| pcg.next_u32()).collect();
        assert_eq!(
            first,
            [
                0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e
            ]
        );
    }

    #[test]
    fn range_stays_inside_and_hits_both_ends() {
        let mut rng = DungeonRng::new(1);
        let mut seen = [false; 5];
        for _ in 0..1000 {
            let v = rng.range_inclusive(3, 7);
            assert!((3..=7).contains(&v));
            seen[(v - 3) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(rng.range_inclusive(5, 5), 5);
        assert_eq!(rng.range_inclusive(5, 2), 5);
        // The whole of i32: no overflow, and both halves drawn.
        let full: Vec<i32> = (0..1000)
            .map(|_| rng.range_inclusive(i32::MIN, i32::MAX))
            .collect();
        assert!(full.iter().any(|&v| v < -(1 << 30)) && full.iter().any(|&v| v > 1 << 30));
    }

    #[test]
    fn coin_is_roughly_fair() {
        let mut rng = DungeonRng::new(9);
        let heads = (0..10_000).filter(|_| rng.coin()).count();
        assert!((4_700..5_300).contains(&heads), "{heads}");
    }

    #[test]
    fn huge_weight_totals_are_drawn_not_refused() {
        let mut rng = DungeonRng::new(5);
        let weights = [u32::MAX, u32::MAX, 0, u32::MAX];
        let mut counts = [0u32; 4];
        for _ in 0..3_000 {
            counts[rng.weighted_index(&weights).unwrap()] += 1;
        }
        assert_eq!(counts[2], 0);
        assert!(
            counts
                .iter()
                .enumerate()
                .all(|(i, &c)| i == 2 || (800..1200).contains(&c)),
            "{counts:?}"
        );
        // Below 2^32 the wide draw is the narrow one: the stream does not change.
        let (mut a, mut b) = (DungeonRng::new(8), DungeonRng::new(8));
        for n in [1u32, 7, 1000, u32::MAX] {
            assert_eq!(a.below_u64(u64::from(n)), u64::from(b.below(n)));
        }
        let mut c = DungeonRng::new(8);
        for _ in 0..1000 {
            assert!(c.below_u64(u64::MAX) < u64::MAX);
            assert!(c.below_u64(1 << 40) < 1 << 40);
        }
    }

    #[test]
    fn weighted_index_follows_weights() {
        let mut rng = DungeonRng::new(3);
        assert_eq!(rng.weighted_index(&[0, 0]), None);
        assert_eq!(rng.weighted_index(&[]), None);
        let mut counts = [0u32; 3];
        for _ in 0..9_000 {
            counts[rng.weighted_index(&[1, 0, 2]).unwrap()] += 1;
        }
        assert_eq!(counts[1], 0);
        assert!((2_700..3_300).contains(&counts[0]), "{counts:?}");
    }

    /// `rand_core`'s methods draw what the type's docs say, from the same stream as the
    /// inherent draws, and match `rand_pcg::Pcg32` seeded the same way.
    #[test]
    fn rand_core_methods_draw_the_documented_outputs() {
        use rand_core::Rng;
        for seed in [0, 1, 42, u64::MAX] {
            let mut ours = DungeonRng::new(seed);
            let mut words = DungeonRng::new(seed);
            let mut pcg = Pcg32::new(seed, STREAM);
            let first = Rng::next_u32(&mut ours);
            assert_eq!(first, words.next_u32());
            assert_eq!(first, pcg.next_u32());
            let (low, high) = (words.next_u32(), words.next_u32());
            let wide = Rng::next_u64(&mut ours);
            assert_eq!(wide, u64::from(high) << 32 | u64::from(low));
            assert_eq!(wide, pcg.next_u64());
            for len in 0..=9 {
                let mut bytes = vec![0u8; len];
                ours.fill_bytes(&mut bytes);
                let expected: Vec<u8> = (0..len.div_ceil(4))
                    .flat_map(|_| words.next_u32().to_le_bytes())
                    .take(len)
                    .collect();
                assert_eq!(bytes, expected, "seed {seed}, {len} bytes");
                let mut theirs = vec![0u8; len];
                pcg.fill_bytes(&mut theirs);
                assert_eq!(
                    bytes, theirs,
                    "Pcg32's fill_bytes, seed {seed}, {len} bytes"
                );
            }
            // The inherent draws continue the same stream afterwards.
            assert_eq!(ours.range_inclusive(1, 6), words.range_inclusive(1, 6));
        }
    }
}
