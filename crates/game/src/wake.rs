//! Waking an idle window at the first input.
//!
//! An idle window draws two frames a second ([`game_native::pacing`]). bracket-lib takes
//! the window's events and reads its wait between frames at every turn of its event loop
//! (at most 33 ms apart with `low_cpu`), but calls the game only when a frame is due. So
//! a thread moves bracket-lib's queued events into an [`Inbox`] as they come and, when
//! there were any, drops the wait: the next turn of the loop draws the frame that answers.
//! A key tapped by a program (press and release at once, as xdotool types) wakes the
//! window as a held one does, and the first key waits no longer than at 30 frames a second.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Duration;

use bracket_lib::prelude::{BACKEND, BEvent, INPUT};
use game_native::pacing::wake_wait_ms;

/// How often the watcher looks.
const LOOK_EVERY: Duration = Duration::from_millis(8);

/// The window's events, taken out of bracket-lib's queue in the order they came.
#[derive(Debug, Default)]
pub struct Inbox(Mutex<VecDeque<BEvent>>);

impl Inbox {
    fn events(&self) -> MutexGuard<'_, VecDeque<BEvent>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Moves bracket-lib's queued events to the back of the inbox; true if there were
    /// any. (The inbox is locked first, then bracket-lib's input, always in that order.)
    fn collect(&self) -> bool {
        let mut events = self.events();
        let before = events.len();
        let mut input = INPUT.lock();
        while let Some(event) = input.pop() {
            events.push_back(event);
        }
        events.len() > before
    }

    /// Every event so far, oldest first.
    pub fn take(&self) -> Vec<BEvent> {
        self.collect();
        self.events().drain(..).collect()
    }
}

/// Starts the watcher over `inbox`; it lives as long as the process. Without it (no
/// thread could start) an idle window still wakes, at its next idle frame.
pub fn watch_input(inbox: &Arc<Inbox>) {
    let inbox = Arc::clone(inbox);
    let _ = thread::Builder::new()
        .name("wake".to_string())
        .spawn(move || {
            loop {
                thread::sleep(LOOK_EVERY);
                if inbox.collect() {
                    let mut backend = BACKEND.lock();
                    if let Some(wait) = wake_wait_ms(backend.frame_sleep_time.unwrap_or(0)) {
                        backend.frame_sleep_time = Some(wait);
                    }
                }
            }
        });
}
