//! The game's rules and state, apart from any window.
//!
//! The `game` package draws this in a bracket-lib tileset window (`crates/game/src/ui/`);
//! this crate does not depend on bracket-lib, so everything here is plain data and
//! functions, built and unit-tested without a windowing library or a display:
//!
//! - [`action`]: keys, the mouse, and the one key table of every [`mode`];
//!   [`replay`]: the `--replay` grammar.
//! - [`state`]: the rules: the levels ([`level`], each with its stairs and what the
//!   player remembers of it, [`knowledge`]), the `@`, field of view, stairs, and the
//!   [`event`]s they report; [`descent`]: each depth's generator and seed; [`doors`]:
//!   secret doors, locked doors and keys.
//! - [`explore`] and [`travel`]: auto-explore and travel, decided from what the player
//!   knows; [`plan`]: the running plan and its pace; [`look`]: look mode.
//! - [`session`]: a game in play: the rules, the mode, the running plan, the message
//!   [`log`], the [`camera`], the [`view`] toggles and the generator [`menu`];
//!   [`slide`]: the room camera of a grid of rooms and its slide between rooms;
//!   [`loading`]: levels made off the frame loop; [`report`]: `--report`'s JSON.
//! - [`minimap`]: the rooms found so far in a grid dungeon; [`labels`]: room labels.
//! - [`viewport`]: the map view's size and scrolling; [`window_size`]: how large the
//!   window opens, and the cells a font gets in it.
//! - [`watch`]: the level in play being made, played back (`W`).
//! - [`scene`]: the console's cells for a frame, colours and status panel included;
//!   [`contrast`]: how well its text reads.
//! - [`fonts`]: the built-in CP437 tilesets and checks of a user's PNG.
//! - [`cli`]: the flags; [`display`]: is there a display; [`seed`]: fresh seeds;
//!   [`frame_stats`]: per-frame timings; [`pacing`]: the frame rate, lower when idle;
//!   [`screenshot`]: `--screenshot`'s PNG.
//!
//! ```
//! use std::time::Duration;
//! use game_core::action::{Input, Key};
//! use game_core::session::{Response, Session};
//! use game_core::game::Game;
//! use mapgen::generators::Generator;
//! use mapgen::generators::rooms::RoomsSettings;
//!
//! let game = Game::new(Generator::Rooms(RoomsSettings::default()), 42, 10)?;
//! let mut session = Session::new(game);
//! // `o` explores, a step per tick of the frame loop, until something stops it.
//! session.apply_input(Input::Key(Key::Char('o')), &mut || 7)?;
//! while session.is_busy() {
//!     session.tick(Duration::from_millis(20), &mut || true)?;
//! }
//! assert_eq!(session.log().last(1), ["You see stairs down."]);
//! // The window's own commands come back to it; the rules never see them.
//! let font = session.apply_input(Input::Key(Key::Char('f')), &mut || 7)?;
//! assert_eq!(font, Response::NextFont);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
pub mod camera;
pub mod cli;
pub mod contrast;
pub mod descent;
pub mod direction;
pub mod display;
pub mod doors;
pub mod entity;
pub mod event;
pub mod explore;
pub mod fonts;
pub mod frame_stats;
pub mod game;
pub mod knowledge;
pub mod labels;
pub mod level;
pub mod loading;
pub mod log;
pub mod look;
pub mod menu;
pub mod minimap;
pub mod mode;
pub mod pacing;
pub mod plan;
pub mod replay;
pub mod report;
pub mod room_memory;
mod route;
pub mod scene;
pub mod screenshot;
pub mod seed;
pub mod session;
pub mod slide;
pub mod travel;
pub mod turn;
pub mod view;
pub mod viewport;
pub mod watch;
pub mod window_size;
