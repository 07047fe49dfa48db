//! Generation with [`NoRecorder`] costs no allocation for the recording: every report a
//! generator makes while nothing is kept allocates nothing, so generating with a recorder
//! that counts its reports but keeps none allocates exactly what generating with
//! `NoRecorder` does, and a report itself allocates nothing.

#![allow(unsafe_code, reason = "a counting allocator wraps the system one")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use mapgen::generators::{Generator, GeneratorKind};
use mapgen::record::{NoRecorder, Recorder};
use mapgen::{DungeonRng, Map, Tile};

struct Counting;

thread_local! {
    /// Allocations and bytes asked for on this thread: the test harness's other threads
    /// allocate at any time.
    static ASKED: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

fn count(bytes: usize) {
    // `try_with`: a thread being torn down has no counter left.
    let _ = ASKED.try_with(|asked| {
        let (n, b) = asked.get();
        asked.set((n + 1, b + bytes as u64));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The allocations and bytes `f` asks for on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (T, u64, u64) {
    let (a, b) = ASKED.with(Cell::get);
    let result = f();
    let (a2, b2) = ASKED.with(Cell::get);
    (result, a2 - a, b2 - b)
}

/// Counts the reports and keeps nothing; says it is not recording, as `NoRecorder` does.
struct Tally(u64);

impl Recorder for Tally {
    fn is_recording(&self) -> bool {
        false
    }
    fn stage(&mut self, _: &'static str, _: &Map) {
        self.0 += 1;
    }
    fn step(&mut self, _: &'static str, _: &Map) {
        self.0 += 1;
    }
    fn stage_with(&mut self, _: &'static str, _: impl FnOnce() -> Map) {
        self.0 += 1;
    }
    fn step_with(&mut self, _: &'static str, _: impl FnOnce() -> Map) {
        self.0 += 1;
    }
}

#[test]
fn reports_to_no_recorder_allocate_nothing() {
    let map = Map::new(80, 45).unwrap();
    let ((), count, bytes) = allocations(|| {
        let mut recorder = NoRecorder;
        for _ in 0..1000 {
            recorder.stage("stage", &map);
            recorder.step("step", &map);
            recorder.step_with("step", || Map::new(80, 45).unwrap());
            recorder.stage_with("stage", || Map::new(80, 45).unwrap());
        }
    });
    assert_eq!((count, bytes), (0, 0));
}

#[test]
fn generating_with_no_recorder_allocates_only_what_the_generator_needs() {
    for &kind in GeneratorKind::ALL {
        let generator = Generator::with_defaults(kind);
        for seed in 0..5 {
            let (plain, count, bytes) = allocations(|| {
                generator.generate_recorded_with(&mut DungeonRng::new(seed), &mut NoRecorder)
            });
            let mut tally = Tally(0);
            let (tallied, tally_count, tally_bytes) = allocations(|| {
                generator.generate_recorded_with(&mut DungeonRng::new(seed), &mut tally)
            });
            assert_eq!(plain.unwrap(), tallied.unwrap());
            assert!(tally.0 >= 1, "{kind}: no reports");
            // The reports, made and not kept, cost no allocation.
            assert_eq!(
                (count, bytes),
                (tally_count, tally_bytes),
                "{kind} seed {seed}: {} reports",
                tally.0
            );
            // and `generate` is that same generation.
            let (_, generate_count, generate_bytes) = allocations(|| generator.generate(seed));
            assert_eq!((generate_count, generate_bytes), (count, bytes), "{kind}");
        }
    }
    // A sanity check of the counter: a map allocates.
    let (_, count, bytes) = allocations(|| Map::new(10, 10));
    assert!(count >= 1 && bytes >= 100 * std::mem::size_of::<Tile>() as u64);
}
