//! A running plan: an action that lasts several steps (auto-explore, travel), and the
//! clock that says how many of its steps are due each frame.
//!
//! The session advances the plan one step at a time with the time passed in
//! ([`PlanClock::due`]); any key cancels it. Time is an input here, as in gridbugs/rip's
//! `handle_tick(since_last_tick)`, so the plan's pace is tested without a clock.

use std::time::Duration;

use mapgen::Point;

/// The default time between two steps of a running plan, in milliseconds.
pub const DEFAULT_STEP_MS: u32 = 20;

/// The most `--step-ms` may be.
pub const MAX_STEP_MS: u32 = 1000;

/// At most this much time is owed to a plan: after a stall (the window dragged, a slow
/// frame) it catches up a few steps, not hundreds at once.
const MAX_OWED: Duration = Duration::from_millis(250);

/// What a plan is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Auto-explore (`o`).
    Explore,
    /// Travel to a tile (a click, `Enter` in look mode, `>` or `<` away from the stairs).
    Travel {
        /// Where to.
        target: Point,
    },
}

/// How many steps a frame may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepsDue {
    /// This many.
    Count(u32),
    /// As many as the frame's time allows (`--step-ms 0`).
    AsTimeAllows,
}

/// The pace of a running plan: a step every `step` of time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanClock {
    step: Duration,
    owed: Duration,
}

impl PlanClock {
    /// A step every `step_ms` milliseconds; 0 for as many as the frame allows.
    pub fn new(step_ms: u32) -> PlanClock {
        PlanClock {
            step: Duration::from_millis(u64::from(step_ms)),
            owed: Duration::ZERO,
        }
    }

    /// A plan begins: its first step is due at once.
    pub fn start(&mut self) {
        self.owed = self.step;
    }

    /// The steps due after `elapsed` more time; what is left over is owed to the next
    /// call.
    ///
    /// ```
    /// use std::time::Duration;
    /// use game_app::plan::{PlanClock, StepsDue};
    /// let mut clock = PlanClock::new(20);
    /// clock.start();
    /// assert_eq!(clock.due(Duration::ZERO), StepsDue::Count(1), "the first step at once");
    /// assert_eq!(clock.due(Duration::from_millis(16)), StepsDue::Count(0));
    /// assert_eq!(clock.due(Duration::from_millis(50)), StepsDue::Count(3), "66 ms owed");
    /// assert_eq!(PlanClock::new(0).due(Duration::ZERO), StepsDue::AsTimeAllows);
    /// ```
    pub fn due(&mut self, elapsed: Duration) -> StepsDue {
        if self.step.is_zero() {
            return StepsDue::AsTimeAllows;
        }
        self.owed = (self.owed + elapsed).min(MAX_OWED.max(self.step));
        let steps = (self.owed.as_nanos() / self.step.as_nanos()) as u32;
        self.owed -= self.step * steps;
        StepsDue::Count(steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_keep_their_pace_whatever_the_frame_rate() {
        for frame_ms in [7u64, 16, 33, 50] {
            let mut clock = PlanClock::new(20);
            clock.start();
            let mut steps = 0;
            for _ in 0..(10_000 / frame_ms) {
                if let StepsDue::Count(n) = clock.due(Duration::from_millis(frame_ms)) {
                    steps += n;
                }
            }
            // 10 s at one step per 20 ms: 500 steps, give or take a frame's worth.
            assert!(
                (499..=502).contains(&steps),
                "{frame_ms} ms frames: {steps}"
            );
        }
    }

    #[test]
    fn a_stall_catches_up_only_a_little() {
        let mut clock = PlanClock::new(20);
        assert_eq!(clock.due(Duration::from_secs(30)), StepsDue::Count(12));
        let mut slow = PlanClock::new(1000);
        assert_eq!(slow.due(Duration::from_secs(5)), StepsDue::Count(1));
    }
}
