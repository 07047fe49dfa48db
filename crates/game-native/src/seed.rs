//! Fresh seeds for a new game and for `R`.
//!
//! Only the choice of a seed comes from outside (the clock and the OS's per-process
//! hashing keys); the dungeon itself is `mapgen`'s pure function of that seed, and the
//! status panel shows it so any dungeon can be played again with `--seed`.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::time::{SystemTime, UNIX_EPOCH};

/// A seed that differs from run to run and from call to call.
pub fn fresh_seed() -> u64 {
    // RandomState's keys come from the OS once per process and differ per instance; the
    // clock is mixed in too, so two runs never share a seed by accident.
    let mut hasher = RandomState::new().build_hasher();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(nanos);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_seeds_differ() {
        let seeds: std::collections::HashSet<u64> = (0..100).map(|_| fresh_seed()).collect();
        assert!(seeds.len() > 95, "{} distinct of 100", seeds.len());
    }
}
