//! The game's rules and state, apart from any window.
//!
//! The `game` package draws this in a bracket-lib tileset window (`crates/game/src/ui/`);
//! this crate does not depend on bracket-lib, so everything here is plain data and
//! functions, built and unit-tested without a windowing library or a display:
//!
//! - [`action`]: keys and what they do; [`replay`]: the `--replay` key string.
//! - [`state`]: the rules: the dungeon, the player, field of view and [`memory`] of
//!   explored tiles.
//! - [`session`]: a game in play: the rules, the [`view`] toggles and the generator
//!   [`menu`], and where each action goes; [`loading`]: new dungeons made off the frame
//!   loop.
//! - [`minimap`]: the rooms found so far in a grid dungeon; [`labels`]: room labels.
//! - [`viewport`]: which part of a map larger than the screen is shown;
//!   [`window_size`]: how large the window opens, and the cells a font gets in it.
//! - [`watch`]: the level being made, played back (`W`).
//! - [`scene`]: the console's cells for a frame, colours and status panel included;
//!   [`contrast`]: how well its text reads.
//! - [`fonts`]: the built-in CP437 tilesets and checks of a user's PNG.
//! - [`cli`]: the flags; [`display`]: is there a display; [`seed`]: fresh seeds;
//!   [`frame_stats`]: per-frame timings; [`pacing`]: the frame rate, lower when idle;
//!   [`screenshot`]: `--screenshot`'s PNG.
//!
//! ```
//! use game_core::action::{Action, Direction};
//! use game_core::session::{Response, Session};
//! use game_core::state::Game;
//! use mapgen::generators::Generator;
//! use mapgen::generators::rooms::RoomsSettings;
//!
//! let game = Game::new(Generator::Rooms(RoomsSettings::default()), 42, 10)?;
//! let mut session = Session::new(game);
//! session.game_mut().update_fov()?; // what the `@` sees at the start
//! let before = session.game().player();
//! session.apply(Action::Move(Direction::East), &mut || 7)?;
//! assert!(session.game().player().x - before.x <= 1);
//! // The window's own commands come back to it; the rules never see them.
//! assert_eq!(session.apply(Action::NextFont, &mut || 7)?, Response::NextFont);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
pub mod cli;
pub mod contrast;
pub mod display;
pub mod fonts;
pub mod frame_stats;
pub mod labels;
pub mod loading;
pub mod memory;
pub mod menu;
pub mod minimap;
pub mod pacing;
pub mod replay;
pub mod scene;
pub mod screenshot;
pub mod seed;
pub mod session;
pub mod state;
pub mod view;
pub mod viewport;
pub mod watch;
pub mod window_size;
