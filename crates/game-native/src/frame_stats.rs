//! Per-frame timings: the game's own work per frame and the frame rate reached.

use std::time::Duration;

/// Accumulates the time the game spends in each frame (input, FOV when needed, drawing
/// into the console) and the wall-clock time between the frames recorded.
///
/// Frames may come in runs (the frames of the view's slides): [`FrameStats::pause`] ends
/// a run, and the time until the next run's first frame is not counted in the rate.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FrameStats {
    frames: u64,
    work_total: Duration,
    work_max: Duration,
    /// The start of the last frame recorded in the current run; `None` between runs.
    last_frame_start: Option<Duration>,
    /// Time from one frame's start to the next frame's in the same run, summed.
    span: Duration,
    /// The frames that began after another one of the same run.
    intervals: u64,
}

impl FrameStats {
    /// Records one frame that started at `start` (time since any fixed instant) and took
    /// `work` of the game's own time.
    pub fn record(&mut self, start: Duration, work: Duration) {
        self.frames += 1;
        self.work_total += work;
        self.work_max = self.work_max.max(work);
        if let Some(last) = self.last_frame_start {
            self.span += start.saturating_sub(last);
            self.intervals += 1;
        }
        self.last_frame_start = Some(start);
    }

    /// Ends the current run of frames: the time until the next frame recorded is not
    /// part of the rate (the play between two slides, say).
    pub fn pause(&mut self) {
        self.last_frame_start = None;
    }

    /// Frames recorded.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// The mean of the game's work per frame.
    pub fn mean_work(&self) -> Duration {
        u32::try_from(self.frames)
            .ok()
            .filter(|&n| n > 0)
            .map_or(Duration::ZERO, |n| self.work_total / n)
    }

    /// The longest frame's work.
    pub fn max_work(&self) -> Duration {
        self.work_max
    }

    /// Frames per second within the runs: the frames that followed another of their run,
    /// over the time from each one's predecessor to it.
    pub fn fps(&self) -> f64 {
        if self.intervals == 0 || self.span.is_zero() {
            return 0.0;
        }
        self.intervals as f64 / self.span.as_secs_f64()
    }

    /// One line for the terminal: frames, mean and max work, frames per second.
    pub fn summary(&self) -> String {
        format!(
            "frames {}: game work per frame mean {:.3} ms, max {:.3} ms; {:.1} frames/s",
            self.frames,
            self.mean_work().as_secs_f64() * 1e3,
            self.max_work().as_secs_f64() * 1e3,
            self.fps()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_work_and_counts_frames_per_second() {
        let mut stats = FrameStats::default();
        assert_eq!(stats.mean_work(), Duration::ZERO);
        assert_eq!(stats.fps(), 0.0);
        for i in 0..11u64 {
            let start = Duration::from_millis(1000 + 100 * i);
            stats.record(start, Duration::from_micros(100 + 10 * i));
        }
        assert_eq!(stats.frames(), 11);
        assert_eq!(stats.mean_work(), Duration::from_micros(150));
        assert_eq!(stats.max_work(), Duration::from_micros(200));
        assert!((stats.fps() - 10.0).abs() < 1e-9, "{}", stats.fps());
        assert_eq!(
            stats.summary(),
            "frames 11: game work per frame mean 0.150 ms, max 0.200 ms; 10.0 frames/s"
        );
    }

    /// The slide rate was measured from the first slide frame to the last, across the
    /// play between slides (5.2 frames/s reported for slides that ran at about 30): only
    /// the time within each run counts.
    #[test]
    fn the_rate_counts_only_the_time_within_runs() {
        let mut stats = FrameStats::default();
        // Two slides of 10 frames at 30 frames/s, ten seconds apart.
        for slide in 0..2u64 {
            for i in 0..10u64 {
                let start = Duration::from_secs(10 * slide) + Duration::from_micros(33_333 * i);
                stats.record(start, Duration::from_micros(500));
            }
            stats.pause();
        }
        assert_eq!(stats.frames(), 20);
        assert!((stats.fps() - 30.0).abs() < 0.01, "{}", stats.fps());
        // One frame alone gives no rate.
        let mut one = FrameStats::default();
        one.record(Duration::from_secs(1), Duration::ZERO);
        one.pause();
        one.record(Duration::from_secs(5), Duration::ZERO);
        assert_eq!(one.fps(), 0.0);
    }
}
