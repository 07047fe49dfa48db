//! Counting the cases a property test skips: a skip is told, and fails the property
//! once skips are more than one case in twenty (two allowed before that can be told).

#![allow(dead_code, reason = "each test file uses part of it")]
use std::sync::atomic::{AtomicU32, Ordering};

use proptest::prelude::*;

/// The cases of one property, and those it skipped.
pub struct Skips {
    cases: AtomicU32,
    skipped: AtomicU32,
}

impl Skips {
    /// None yet.
    pub const fn new() -> Skips {
        Skips {
            cases: AtomicU32::new(0),
            skipped: AtomicU32::new(0),
        }
    }

    /// Counts a case.
    pub fn case(&self) {
        self.cases.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a skipped case; an error when skips are no longer rare.
    pub fn skip(&self, why: &str) -> Result<(), TestCaseError> {
        let skipped = self.skipped.fetch_add(1, Ordering::Relaxed) + 1;
        let cases = self.cases.load(Ordering::Relaxed);
        prop_assert!(
            skipped <= cases / 20 + 2,
            "{skipped} of {cases} cases skipped, the last because {why}"
        );
        Ok(())
    }
}
