//! Waking an idle window at the first input.
//!
//! An idle window draws two frames a second ([`game_native::pacing`]). bracket-lib reads
//! its wait between frames at every turn of its event loop (at most 33 ms apart with
//! `low_cpu`), where it also takes the window's events, but calls the game only when a
//! frame is due. So a thread watches bracket-lib's input state and, at a key or button
//! held or the pointer moved, drops the wait: the next turn of the loop draws the frame
//! that answers, and the first key waits no longer than it would at 30 frames a second.

use std::io;
use std::thread;
use std::time::Duration;

use bracket_lib::prelude::{BACKEND, INPUT};
use game_native::pacing::wake_wait_ms;

/// How often the watcher looks: a key press lasts longer (a tap is 50 ms or more).
const LOOK_EVERY: Duration = Duration::from_millis(8);

/// Starts the watcher; it lives as long as the process.
///
/// # Errors
/// When no thread can be started (the window then wakes at its next idle frame).
pub fn watch_input() -> io::Result<()> {
    thread::Builder::new()
        .name("wake".to_string())
        .spawn(|| {
            let mut pointer = None;
            loop {
                thread::sleep(LOOK_EVERY);
                let (held, at) = {
                    let input = INPUT.lock();
                    let held = !input.key_pressed_set().is_empty()
                        || !input.mouse_button_pressed_set().is_empty();
                    (held, input.mouse_pixel_pos())
                };
                let moved = pointer.is_some_and(|before| before != at);
                pointer = Some(at);
                if held || moved {
                    let mut backend = BACKEND.lock();
                    let current = backend.frame_sleep_time.unwrap_or(0);
                    if let Some(wait) = wake_wait_ms(current) {
                        backend.frame_sleep_time = Some(wait);
                    }
                }
            }
        })
        .map(drop)
}
