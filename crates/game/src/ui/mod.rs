//! The bracket-lib window around the game: the only code that knows bracket-lib.
//!
//! - [`screen`]: the screen's size, asked of the X server before the window opens.
//! - [`window`]: registers the fonts and opens the window, turning bracket-lib's panics
//!   into errors.
//! - [`app`]: the per-frame loop: input, rules, FOV, drawing, the scripted flags.
//! - [`keys`]: bracket-lib key codes to the game's keys.
//! - [`render`]: the game's cells into the console.
//! - [`watchdog`]: ends the game when its window is gone and the frame loop stuck.

pub mod app;
pub mod keys;
pub mod render;
pub mod screen;
pub mod watchdog;
pub mod window;
