//! The game's rules and state, apart from any window.
//!
//! The `game` package draws this in a bracket-lib tileset window (`crates/game/src/ui/`);
//! this crate does not depend on bracket-lib, so everything here is plain data and
//! functions, built and unit-tested without a windowing library or a display:
//!
//! - [`action`]: keys and what they do; [`replay`]: the `--replay` key string.
//! - [`state`]: the dungeon, the player, field of view and [`memory`] of explored tiles.
//! - [`minimap`]: the rooms found so far in a grid dungeon.
//! - [`viewport`]: which part of a map larger than the screen is shown.
//! - [`scene`]: the console's cells for a frame, colours and status panel included.
//! - [`fonts`]: the built-in CP437 tilesets and checks of a user's PNG.
//! - [`cli`]: the flags; [`display`]: is there a display; [`seed`]: fresh seeds;
//!   [`frame_stats`]: per-frame timings; [`pacing`]: the frame rate, lower when idle.
//!
//! ```
//! use game_core::action::{Action, Direction};
//! use game_core::state::Game;
//! use mapgen::{Generator, RoomsSettings};
//!
//! let mut game = Game::new(Generator::Rooms(RoomsSettings::default()), 42, 10)?;
//! game.update_fov()?; // what the `@` sees at the start
//! let before = game.player();
//! game.apply(Action::Move(Direction::East), &mut || 7)?;
//! assert!(game.player().x - before.x <= 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
pub mod cli;
pub mod display;
pub mod fonts;
pub mod frame_stats;
pub mod memory;
pub mod minimap;
pub mod pacing;
pub mod replay;
pub mod scene;
pub mod seed;
pub mod state;
pub mod viewport;
