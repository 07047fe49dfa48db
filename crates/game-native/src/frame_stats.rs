//! Per-frame timings: the game's own work per frame and the frame rate reached.

use std::time::Duration;

/// Accumulates the time the game spends in each frame (input, FOV when needed, drawing
/// into the console) and the wall-clock span of the frames.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FrameStats {
    frames: u64,
    work_total: Duration,
    work_max: Duration,
    first_frame_start: Option<Duration>,
    last_frame_start: Duration,
}

impl FrameStats {
    /// Records one frame that started at `start` (time since any fixed instant) and took
    /// `work` of the game's own time.
    pub fn record(&mut self, start: Duration, work: Duration) {
        self.frames += 1;
        self.work_total += work;
        self.work_max = self.work_max.max(work);
        self.first_frame_start.get_or_insert(start);
        self.last_frame_start = start;
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

    /// Frames per second between the first and the last frame's start.
    pub fn fps(&self) -> f64 {
        let span = self
            .first_frame_start
            .map_or(Duration::ZERO, |first| self.last_frame_start - first);
        if self.frames < 2 || span.is_zero() {
            return 0.0;
        }
        (self.frames - 1) as f64 / span.as_secs_f64()
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
}
