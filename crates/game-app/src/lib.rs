//! The game above its rules, for every front end: what the bracket-lib window (the
//! `game` crate) and any other front end share, so that each is a thin shell.
//!
//! **The display contract.** A front end calls [`App::frame`](app::App::frame) once a
//! frame with the elapsed time and what the player did ([`UiEvent`](app::UiEvent)s: keys,
//! clicks and the pointer on console cells), then draws the app's cells
//! ([`App::screen`](app::App::screen), CP437 glyphs with colours) in its font
//! ([`App::font_index`](app::App::font_index)). Time enters as a value: nothing here
//! reads a clock, a file or the environment, and the crate builds for
//! `wasm32-unknown-unknown`.
//!
//! - [`app`]: the frame loop's state machine: levels made off the loop ([`loading`]),
//!   `W` playback ([`watch`]), the replay ([`replay`]) and `--exit-after`, the pointer
//!   and its hover, the kept key, the finish line, the report ([`report`]).
//! - [`config`]: a game's settings, as the flags (`game-flags`) give them;
//!   [`fonts`]: the fonts by name and glyph size, and how many cells fit a surface.
//! - [`session`]: a game in play: the rules (`game-core`), the mode ([`mode`]), the
//!   running plan ([`plan`]), the message [`log`], the [`camera`], the [`view`] toggles
//!   and the generator [`menu`]; [`slide`]: the room camera of a grid of rooms.
//! - [`action`]: keys, the mouse, and the one key table of every mode.
//! - [`scene`]: the console's cells for a frame, panel included ([`viewport`]: the map
//!   view's size and scrolling); [`contrast`]: how well its text reads.
//!
//! ```
//! use std::time::Duration;
//! use game_app::action::Key;
//! use game_app::app::{App, FrameInput, UiEvent};
//! use game_app::config::Config;
//! use game_app::fonts::{FontFace, Fonts, GlyphSize, Surface};
//! use mapgen::generators::Generator;
//! use mapgen::generators::rooms::RoomsSettings;
//!
//! let mut config = Config::new(42, Generator::Rooms(RoomsSettings::default()));
//! config.step_ms = 0;
//! let face = FontFace { name: "terminal8x8".into(), glyph: GlyphSize { width: 8, height: 8 } };
//! let fonts = Fonts::new(vec![face], 0).unwrap();
//! let surface = Surface { px: (640, 440), scale: 1.0 };
//! let mut app = App::new(config, fonts, surface, (80, 55), Box::new(|| 7));
//! // Frames until the first level is made (on its own thread), then `o` explores.
//! let mut frame = |app: &mut App, events: &[UiEvent]| {
//!     let input = FrameInput { elapsed: Duration::from_millis(16), events, pointer: None,
//!                              time_left: &mut || false };
//!     app.frame(input)
//! };
//! while app.session().is_none() {
//!     frame(&mut app, &[]);
//! }
//! frame(&mut app, &[UiEvent::Key(Key::Char('o'))]);
//! while !app.is_idle() {
//!     frame(&mut app, &[]);
//! }
//! assert_eq!(app.session().unwrap().log().last(1), ["You see stairs down."]);
//! // The panel's last row is the play mode's keys.
//! assert!(app.screen().row_text(54).contains("o explore"));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
pub mod app;
pub mod background;
pub mod camera;
pub mod config;
pub mod contrast;
pub mod fonts;
pub mod loading;
pub mod log;
pub mod menu;
pub mod mode;
pub mod plan;
pub mod replay;
pub mod report;
pub mod scene;
pub mod session;
pub mod slide;
pub mod view;
pub mod viewport;
pub mod watch;
