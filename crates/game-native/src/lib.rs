//! What the game's native window needs besides bracket-lib, kept out of the window
//! crate so that it stays a thin shell, and out of the app, which reads no clock, file
//! or environment:
//!
//! - [`fonts`]: the built-in CP437 tilesets and a user's `--font` PNG, decoded whole
//!   before the window library sees them; [`screenshot`]: `--screenshot`'s PNG;
//!   [`paths`]: the files the flags name for writing, checked up front.
//! - [`window_size`]: how large the window opens on the screen; [`x11_screen`]: the
//!   screen's size, asked of the X server; [`display`]: is there a display at all;
//!   [`watchdog`]: ends the game when its window is gone and the frame loop stuck.
//! - [`seed`]: fresh seeds from the clock; [`frame_stats`]: per-frame timings;
//!   [`pacing`]: the frame rate, lower when idle; [`process`]: one line for a panic,
//!   and the screen's pixels for winit.
#![warn(missing_docs)]

pub mod display;
pub mod fonts;
pub mod frame_stats;
pub mod pacing;
pub mod paths;
pub mod process;
pub mod screenshot;
pub mod seed;
pub mod watchdog;
pub mod window_size;
pub mod x11_screen;
