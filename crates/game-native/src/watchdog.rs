//! A thread that notices when the frame loop has stopped because the window is gone.
//!
//! When another program kills the game's X connection (`xdotool windowkill`), Mesa's
//! software renderer can spin forever inside `swap_buffers`, where Xlib never reports the
//! broken connection: the game would never end. So each frame beats a [`Heartbeat`], and
//! when no frame has come for [`STALL`] this thread asks the X server, on a connection of
//! its own, whether the game's window still exists. If it does not, the game ends with
//! one line and exit status 1; a slow frame in a live window is left alone.
#![allow(
    unsafe_code,
    reason = "Xlib is C: the watchdog asks the X server whether the window still exists"
)]

use std::ffi::c_ulong;
use std::io::Write;
use std::mem::MaybeUninit;
use std::ptr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use x11_dl::xlib::{self, Xlib};

/// No frame for this long and the window is looked for.
pub const STALL: Duration = Duration::from_secs(3);

/// How often the thread looks at the heartbeat.
const PERIOD: Duration = Duration::from_millis(500);

/// What each frame beats.
#[derive(Debug, Clone)]
pub struct Heartbeat {
    start: Instant,
    /// Milliseconds from `start` to the last beat.
    last: Arc<AtomicU64>,
}

impl Heartbeat {
    /// Marks a frame.
    pub fn beat(&self) {
        self.last.store(millis(self.start), Ordering::Relaxed);
    }

    fn stalled_for(&self) -> Duration {
        let now = millis(self.start);
        Duration::from_millis(now.saturating_sub(self.last.load(Ordering::Relaxed)))
    }
}

fn millis(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// Starts watching X window `window`; the heartbeat to beat each frame. Without Xlib, or
/// when no thread or connection can be made, nothing watches, and the beats are unused.
pub fn watch(window: c_ulong) -> Heartbeat {
    let heartbeat = Heartbeat {
        start: Instant::now(),
        last: Arc::new(AtomicU64::new(0)),
    };
    let watched = heartbeat.clone();
    let _ = thread::Builder::new()
        .name("watchdog".to_string())
        .spawn(move || watch_loop(&watched, window));
    heartbeat
}

fn watch_loop(heartbeat: &Heartbeat, window: c_ulong) {
    let Ok(xlib) = Xlib::open() else {
        return;
    };
    // SAFETY: a null name means $DISPLAY; null is returned on failure. This connection
    // is used by this thread only, and never closed (it lives as long as the process).
    let display = unsafe { (xlib.XOpenDisplay)(ptr::null()) };
    if display.is_null() {
        return;
    }
    loop {
        thread::sleep(PERIOD);
        if heartbeat.stalled_for() < STALL {
            continue;
        }
        let mut attributes = MaybeUninit::<xlib::XWindowAttributes>::uninit();
        // SAFETY: `display` is open; `attributes` is filled on success. A window that no
        // longer exists is an X error (winit's handler records it) and a zero status.
        let exists =
            unsafe { (xlib.XGetWindowAttributes)(display, window, attributes.as_mut_ptr()) != 0 };
        if !exists {
            let _ = writeln!(
                std::io::stderr(),
                "error: the window is gone (another program closed it or its connection) \
                 and no frame came for {} s",
                STALL.as_secs()
            );
            std::process::exit(1);
        }
    }
}
