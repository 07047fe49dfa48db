//! How long the window waits between frames.
//!
//! The game is turn-based: between key presses every frame is the same picture, and
//! under software OpenGL (a laptop without drivers, a VM, Xvfb) drawing a frame is what
//! an idle window costs. So after [`IDLE_AFTER`] without a key the frame rate drops to
//! [`IDLE_FPS`], two frames a second, and the first input brings the full rate back.
//! That first input does not wait for the next idle frame: the window's wake watcher
//! sees it and asks for a frame at once ([`wake_wait_ms`]).

use std::time::Duration;

/// No key for this long and the game counts as idle.
pub const IDLE_AFTER: Duration = Duration::from_secs(1);

/// Frames per second while idle.
pub const IDLE_FPS: u32 = 2;

/// The milliseconds between frames bracket-lib should wait: `1000 / fps` for a cap of
/// `fps_cap` (0 is no cap, a wait of 0), lowered to [`IDLE_FPS`] after [`IDLE_AFTER`]
/// without input when `throttle` is on.
///
/// ```
/// use std::time::Duration;
/// use game_native::pacing::frame_wait_ms;
/// assert_eq!(frame_wait_ms(60, Duration::ZERO, true), 16);
/// assert_eq!(frame_wait_ms(60, Duration::from_secs(5), true), 500);
/// ```
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

/// The wait to set when input arrives while the window waits `current` milliseconds
/// between frames: none (the next turn of the event loop draws a frame) if the window
/// idles, else `None`, the running rate kept (a held key must not lift the cap).
///
/// ```
/// use game_native::pacing::wake_wait_ms;
/// assert_eq!(wake_wait_ms(500), Some(0));
/// assert_eq!(wake_wait_ms(16), None);
/// ```
pub fn wake_wait_ms(current: u64) -> Option<u64> {
    (current >= 1000 / u64::from(IDLE_FPS)).then_some(0)
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
        assert_eq!(frame_wait_ms(60, IDLE_AFTER, true), 500);
        assert_eq!(frame_wait_ms(0, Duration::from_secs(60), true), 500);
        // A cap below the idle rate is kept.
        assert_eq!(frame_wait_ms(1, IDLE_AFTER, true), 1000);
    }

    #[test]
    fn without_throttling_the_cap_holds() {
        assert_eq!(frame_wait_ms(60, Duration::from_secs(60), false), 16);
        assert_eq!(frame_wait_ms(0, Duration::from_secs(60), false), 0);
    }

    #[test]
    fn input_wakes_only_an_idle_window() {
        let idle = frame_wait_ms(60, IDLE_AFTER, true);
        assert_eq!(wake_wait_ms(idle), Some(0));
        assert_eq!(wake_wait_ms(frame_wait_ms(1, IDLE_AFTER, true)), Some(0));
        for busy in [0, 16, 33, 50, 100] {
            assert_eq!(wake_wait_ms(busy), None, "{busy}");
        }
    }
}
