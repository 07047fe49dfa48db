//! How long the window waits between frames.
//!
//! The game is turn-based: between key presses every frame is the same picture. So after
//! [`IDLE_AFTER`] without a key the frame rate drops to [`IDLE_FPS`], and the first key
//! brings the full rate back. At 20 frames per second the first key after a pause waits at
//! most 50 ms, below what a player notices, and an idle window costs a third of the CPU
//! it would at 60 (under Xvfb's software OpenGL, where drawing a frame dominates).

use std::time::Duration;

/// No key for this long and the game counts as idle.
pub const IDLE_AFTER: Duration = Duration::from_secs(1);

/// Frames per second while idle.
pub const IDLE_FPS: u32 = 20;

/// The milliseconds between frames bracket-lib should wait: `1000 / fps` for a cap of
/// `fps_cap` (0 is no cap, a wait of 0), lowered to [`IDLE_FPS`] after [`IDLE_AFTER`]
/// without input when `throttle` is on.
pub fn frame_wait_ms(fps_cap: u32, since_input: Duration, throttle: bool) -> u64 {
    let idle = throttle && since_input >= IDLE_AFTER;
    let fps = match (fps_cap, idle) {
        (0, false) => return 0,
        (0, true) => IDLE_FPS,
        (cap, true) => cap.min(IDLE_FPS),
        (cap, false) => cap,
    };
    1000 / u64::from(fps)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUSY: Duration = Duration::from_millis(200);

    #[test]
    fn a_busy_game_runs_at_its_cap() {
        assert_eq!(frame_wait_ms(60, BUSY, true), 16);
        assert_eq!(frame_wait_ms(0, BUSY, true), 0);
        assert_eq!(frame_wait_ms(30, Duration::ZERO, true), 33);
    }

    #[test]
    fn an_idle_game_slows_down_to_the_idle_rate() {
        assert_eq!(frame_wait_ms(60, IDLE_AFTER, true), 50);
        assert_eq!(frame_wait_ms(0, Duration::from_secs(60), true), 50);
        // A cap below the idle rate is kept.
        assert_eq!(frame_wait_ms(10, IDLE_AFTER, true), 100);
    }

    #[test]
    fn without_throttling_the_cap_holds() {
        assert_eq!(frame_wait_ms(60, Duration::from_secs(60), false), 16);
        assert_eq!(frame_wait_ms(0, Duration::from_secs(60), false), 0);
    }
}
