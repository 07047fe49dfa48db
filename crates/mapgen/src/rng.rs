//! The seeded random number generator every generator draws from.
//!
//! Stability promise: the numbers drawn for a seed are fixed by this file alone. The
//! stream is PCG32 (`rand_pcg::Pcg32`, XSH RR 64/32), whose output the PCG paper specifies,
//! seeded as `Pcg32::new(seed, STREAM)` without any seed-expansion step; ranges use
//! Lemire's multiply-and-reject method on that stream rather than `rand`'s samplers, whose
//! algorithms may change between `rand` releases.

use rand::Rng as _;
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
#[derive(Debug, Clone)]
pub struct DungeonRng {
    pcg: Pcg32,
}

impl DungeonRng {
    /// The generator for `seed`.
    pub fn new(seed: u64) -> DungeonRng {
        DungeonRng {
            pcg: Pcg32::new(seed, STREAM),
        }
    }

    /// The next raw 32-bit output.
    pub fn next_u32(&mut self) -> u32 {
        self.pcg.next_u32()
    }

    /// A uniform integer in `0..n`; `n` must be at least 1 (0 is treated as 1).
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
    pub fn coin(&mut self) -> bool {
        self.next_u32() >> 31 == 1
    }

    /// Picks an index with probability proportional to its weight; `None` when all
    /// weights are zero.
    pub fn weighted_index(&mut self, weights: &[u32]) -> Option<usize> {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        let total = u32::try_from(total).ok().filter(|&t| t > 0)?;
        let mut pick = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if pick < w {
                return Some(i);
            }
            pick -= w;
        }
        None
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
    /// rand_pcg must reproduce them for our stream to be the specified one.
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
        let full = rng.range_inclusive(i32::MIN, i32::MAX);
        let _ = full;
    }

    #[test]
    fn coin_is_roughly_fair() {
        let mut rng = DungeonRng::new(9);
        let heads = (0..10_000).filter(|_| rng.coin()).count();
        assert!((4_700..5_300).contains(&heads), "{heads}");
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
}
