//! Watching a dungeon being made: generators report each stage of their work to a
//! [`Recorder`], and a [`DiffRecorder`] keeps the tiles each stage changed, as a
//! [`Recording`] that plays the generation back.
//!
//! Generation runs with [`NoRecorder`] unless asked otherwise
//! ([`Generate::generate`](crate::generators::Generate::generate)): its methods are empty
//! and inlined, so the default generation allocates nothing more and runs the same
//! instructions. [`Generate::record`](crate::generators::Generate::record) runs it with a
//! [`DiffRecorder`], which compares the map at each report with the map at the one before
//! and keeps only the tiles that differ; replaying the steps on an all-wall map therefore
//! gives the final map tile for tile, whatever the generator does between reports.
//!
//! ```
//! use mapgen::prelude::*;
//! let (dungeon, recording) = CavesSettings::default().record(7)?;
//! assert_eq!(dungeon, CavesSettings::default().generate(7)?); // recording changes nothing
//! assert_eq!(recording.replay()?, dungeon.map);
//! let captions: Vec<String> = recording.steps().map(|s| s.caption.to_string()).collect();
//! assert_eq!(captions[..2], ["random fill", "smoothing pass 1"]);
//! assert!(recording.frames(10).len() <= 10);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod diff;
mod recording;

pub use diff::DiffRecorder;
pub use recording::{Caption, Recording, Step};

use crate::Map;

/// What a generator reports its work to.
///
/// A *stage* is a named part of the work ("rooms placed", "corridors joined"), reported
/// once when it is done. A *step* is one of many in a loop (each room, each smoothing
/// pass, each walker): a recorder may fold a step into the next report when steps are
/// many. Captions are fixed strings; the recorder numbers the steps of each caption
/// ("smoothing pass 3", "room 12").
///
/// The `_with` forms take a function that makes the map, for generators that work on
/// something else (a grid of cells, a canvas of bytes): it is called only when the
/// recorder keeps that report, so [`NoRecorder`] never makes one.
///
/// ```
/// use mapgen::record::{DiffRecorder, Recorder};
/// use mapgen::{Map, Tile};
/// let mut map = Map::new(4, 3)?;
/// let mut recorder = DiffRecorder::new();
/// map.set((1, 1), Tile::FLOOR);
/// recorder.step("room", &map);
/// map.set((2, 1), Tile::FLOOR);
/// recorder.step("room", &map);
/// recorder.stage("rooms placed", &map); // nothing changed since the last step
/// let recording = recorder.finish(&map);
/// let steps: Vec<String> = recording.steps().map(|s| format!("{}: {}", s.caption, s.set.len())).collect();
/// assert_eq!(steps, ["room 1: 1", "room 2: 1", "rooms placed: 0"]);
/// assert_eq!(recording.replay()?, map);
/// # Ok::<(), mapgen::MapError>(())
/// ```
pub trait Recorder {
    /// Whether reports are kept at all; `false` lets a generator skip work done only for
    /// the recorder.
    fn is_recording(&self) -> bool {
        true
    }

    /// The stage `caption` is done; `map` is the map as it now stands.
    fn stage(&mut self, caption: &'static str, map: &Map);

    /// One more step of the repeated work `caption`; `map` is the map as it now stands.
    fn step(&mut self, caption: &'static str, map: &Map);

    /// [`Recorder::stage`] with a map made by `map` only if the report is kept.
    fn stage_with(&mut self, caption: &'static str, map: impl FnOnce() -> Map) {
        if self.is_recording() {
            self.stage(caption, &map());
        }
    }

    /// [`Recorder::step`] with a map made by `map` only if the report is kept: by
    /// default, when [`Recorder::is_recording`].
    ///
    /// ```
    /// use mapgen::Map;
    /// use mapgen::record::Recorder;
    /// struct Paused;
    /// impl Recorder for Paused {
    ///     fn is_recording(&self) -> bool { false }
    ///     fn stage(&mut self, _: &'static str, _: &Map) {}
    ///     fn step(&mut self, _: &'static str, _: &Map) {}
    /// }
    /// Paused.step_with("pass", || unreachable!("no map is made"));
    /// Paused.stage_with("fill", || unreachable!("no map is made"));
    /// ```
    fn step_with(&mut self, caption: &'static str, map: impl FnOnce() -> Map) {
        if self.is_recording() {
            self.step(caption, &map());
        }
    }
}

/// The recorder that keeps nothing: what plain generation runs with. Zero-sized; every
/// method is empty and inlined away.
///
/// ```
/// use mapgen::record::{NoRecorder, Recorder};
/// assert_eq!(std::mem::size_of::<NoRecorder>(), 0);
/// let mut made = false;
/// NoRecorder.step_with("pass", || { made = true; mapgen::Map::default() });
/// assert!(!made && !NoRecorder.is_recording());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoRecorder;

impl Recorder for NoRecorder {
    #[inline(always)]
    fn is_recording(&self) -> bool {
        false
    }

    #[inline(always)]
    fn stage(&mut self, _caption: &'static str, _map: &Map) {}

    #[inline(always)]
    fn step(&mut self, _caption: &'static str, _map: &Map) {}

    #[inline(always)]
    fn stage_with(&mut self, _caption: &'static str, _map: impl FnOnce() -> Map) {}

    #[inline(always)]
    fn step_with(&mut self, _caption: &'static str, _map: impl FnOnce() -> Map) {}
}
