//! The recorder that keeps the tiles each report changed.

use super::Recorder;
use super::recording::{Caption, Recording};
use crate::Map;

/// About how many tiles the steps of one thinning level may compare: past it, only every
/// other step is kept from then on (see [`DiffRecorder`]). A map larger than this keeps
/// one step per level.
const COMPARED_PER_LEVEL: u64 = 1 << 24;

/// A [`Recorder`] that keeps a copy of the map as last reported and records, at each
/// report, the tiles that differ from it. The first report is compared with an all-wall
/// map of its size, so the [`Recording`] replays from an all-wall map.
///
/// Every stage is kept. Steps are kept until the steps kept so far have compared about
/// 2^24 tiles (at least one step, on a map of more tiles than that); from then on every
/// other step, then every fourth, and so on: a step not kept is folded into the next
/// report kept, so nothing is lost and the work stays within 2^24 tiles (or one map, when
/// the map is larger) compared per doubling of the number of steps.
///
/// ```
/// use mapgen::prelude::*;
/// use mapgen::record::DiffRecorder;
/// let settings = RoomsSettings::default();
/// let mut recorder = DiffRecorder::new();
/// let dungeon = settings.generate_recorded(7, &mut recorder)?;
/// let recording = recorder.finish(&dungeon.map);
/// assert_eq!(recording.replay()?, dungeon.map);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct DiffRecorder {
    /// The map at the last report kept; `None` before the first.
    last: Option<Map>,
    recording: Recording,
    /// Each step caption reported so far and how many steps had it (a few captions a
    /// generator).
    counts: Vec<(&'static str, u32)>,
    /// Steps reported since the start, kept or not.
    steps_seen: u64,
    /// Every `stride`-th step is kept.
    stride: u64,
    /// Steps kept at the current stride.
    kept_at_stride: u64,
}

impl DiffRecorder {
    /// A recorder with nothing recorded.
    pub fn new() -> DiffRecorder {
        DiffRecorder {
            stride: 1,
            ..DiffRecorder::default()
        }
    }

    /// The recording, with a last step "done" for whatever changed since the last report
    /// (nothing, for a generator that reports its last stage): `map` is the final map.
    pub fn finish(mut self, map: &Map) -> Recording {
        let unchanged = self.last.as_ref().is_some_and(|last| last == map);
        if !unchanged {
            self.keep(Caption::new("done", None), map);
        }
        self.recording
    }

    /// Whether the next step is kept; counts it.
    fn takes_step(&mut self, area: u64) -> bool {
        let take = self.steps_seen.is_multiple_of(self.stride.max(1));
        self.steps_seen += 1;
        if take {
            self.kept_at_stride += 1;
            let per_level = (COMPARED_PER_LEVEL / area.max(1)).max(1);
            if self.kept_at_stride >= per_level {
                self.stride = self.stride.max(1).saturating_mul(2);
                self.kept_at_stride = 0;
            }
        }
        take
    }

    /// The caption of the next step of `caption`: numbered among the steps of that
    /// caption ("room 12": the twelfth room).
    fn next_of(&mut self, caption: &'static str) -> Caption {
        let number = match self.counts.iter_mut().find(|(text, _)| *text == caption) {
            Some((_, n)) => {
                *n = n.saturating_add(1);
                *n
            }
            None => {
                self.counts.push((caption, 1));
                1
            }
        };
        Caption::new(caption, Some(number))
    }

    /// Records the tiles of `map` that differ from the last map kept, as `caption`.
    fn keep(&mut self, caption: Caption, map: &Map) {
        let same_shape = self
            .last
            .as_ref()
            .is_some_and(|last| last.shape() == map.shape());
        if !same_shape {
            // The first report (or a generator that started over on another size): the
            // recording starts again from an all-wall map of this size.
            self.recording = Recording::new(map.width(), map.height());
            self.last = Map::new(map.width(), map.height()).ok();
        }
        let Some(last) = self.last.as_mut() else {
            return;
        };
        let changed = map
            .iter()
            .zip(last.tiles())
            .filter(|&((_, now), &before)| now != before)
            .map(|(change, _)| change);
        self.recording.push(caption, changed);
        last.clone_from(map);
    }

    fn area(map: &Map) -> u64 {
        map.tiles().len() as u64
    }
}

impl Recorder for DiffRecorder {
    fn stage(&mut self, caption: &'static str, map: &Map) {
        self.keep(Caption::new(caption, None), map);
    }

    fn step(&mut self, caption: &'static str, map: &Map) {
        let caption = self.next_of(caption);
        if self.takes_step(Self::area(map)) {
            self.keep(caption, map);
        }
    }

    fn step_with(&mut self, caption: &'static str, map: impl FnOnce() -> Map) {
        let caption = self.next_of(caption);
        let area = self.last.as_ref().map_or(1, Self::area);
        if self.takes_step(area) {
            self.keep(caption, &map());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Map, Tile};

    /// Steps on a map of 2^22 tiles: at most 2^24 tiles compared per doubling of the
    /// steps, so 4 steps kept per level, about 4 log2(steps) in all. It kept 64 steps per
    /// level (2^28 tiles compared) before: a 5000 x 5000 maze took 163 s to record.
    #[test]
    fn large_maps_keep_few_steps_per_level() {
        let mut map = Map::new(2048, 2048).unwrap();
        let mut recorder = DiffRecorder::new();
        let steps: u64 = 2000;
        for i in 0..steps {
            map.set(((i % 2046) as i32 + 1, 1), Tile::FLOOR);
            recorder.step_with("carve", || map.clone());
        }
        let recording = recorder.finish(&map);
        let area = (2048 * 2048) as u64;
        let levels = u64::from(steps.ilog2()) + 1;
        let compared = recording.len() as u64 * area;
        assert!(
            compared <= COMPARED_PER_LEVEL * levels,
            "{} steps kept: {compared} tiles compared for {levels} levels",
            recording.len()
        );
        assert_eq!(recording.replay().unwrap(), map);
        // A map larger than the budget still keeps a step per level.
        let big = Map::new(4100, 4100).unwrap();
        let mut recorder = DiffRecorder::new();
        for _ in 0..100 {
            recorder.step("carve", &big);
        }
        let kept = recorder.recording.len();
        assert!((7..=8).contains(&kept), "{kept}");
    }
}
