//! The table in docs/performance.md of the wave function collapse generator's memory, for
//! every built-in sample at 80x45 and 200x200: the most heap in use at once while
//! `generate` runs (a counting allocator: patterns, solver, repairs, map and dungeon), per
//! tile of the map;
//! and the bound `WfcSettings::solver_bytes_per_cell` that the settings' check holds the
//! solver to (per cell of the pattern grid, counting a start state per cell).
//!
//! ```sh
//! cargo run --release -p mapgen-bench --example wfc_memory
//! ```

#![allow(unsafe_code, reason = "a counting allocator wraps the system one")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use mapgen::generators::Generate;
use mapgen::generators::wfc::{BuiltinSample, WfcSample, WfcSettings};

/// The system allocator, counting the bytes in use and the most in use at once.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    let now = IN_USE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        grew(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most heap `settings.generate(seed)` has in use at once beyond what was in use
/// before, and whether it made a dungeon.
fn peak_heap(settings: &WfcSettings, seed: u64) -> (usize, bool) {
    let before = IN_USE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let made = settings.generate(seed).is_ok();
    (PEAK.load(Ordering::Relaxed) - before, made)
}

fn main() {
    println!(
        "| sample | patterns | 80x45: peak heap | per tile | 200x200: peak heap | per tile | solver bound per cell |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mib = |bytes: usize| bytes as f64 / f64::from(1 << 20);
    for &sample in BuiltinSample::ALL {
        let settings = |width, height| WfcSettings {
            width,
            height,
            sample: WfcSample::Builtin(sample),
            ..WfcSettings::default()
        };
        let mut row = format!(
            "| {sample} | {} |",
            settings(80, 45).pattern_count().unwrap()
        );
        for (width, height) in [(80, 45), (200, 200)] {
            // The largest of three seeds.
            let (peak, made) = (1..=3)
                .map(|seed| peak_heap(&settings(width, height), seed))
                .fold((0, true), |(p, m), (q, n)| (p.max(q), m && n));
            assert!(made, "{sample} {width}x{height} gave up");
            let tiles = (width * height) as usize;
            row += &format!(" {:.2} MiB | {} bytes |", mib(peak), peak / tiles);
        }
        let bound = settings(80, 45).solver_bytes_per_cell().unwrap();
        println!("{row} {bound} bytes |");
    }
}
