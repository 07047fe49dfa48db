//! The game's rules, apart from any window, clock, flag or file.
//!
//! - [`game`]: the rules, [`Game`](game::Game): the levels ([`level`], each with its
//!   stairs, [`doors`] ([`doorway`]: a door stands open while a body stands in it), things ([`entity`]) and what the player remembers of it
//!   ([`knowledge`], [`room_memory`] with its [`minimap`]), the `@`, field of view and
//!   the [`event`]s they report; [`turn`]: the one way the world moves on, the player's
//!   act then every other [actor](turn::Actor) then perception; [`sight`]: what the
//!   `@` sees (the torch, or in a grid of rooms the whole room); [`terrain`]: what each
//!   tile is and its name, vaults' glyphs included; [`descent`]: each depth's generator
//!   and seed; [`direction`]: the compass and the stairs' ways.
//! - [`explore`] and [`travel`]: auto-explore and travel, decided from what the player
//!   knows; [`look`]: what the player knows of a tile, and look mode's cursor.
//! - [`labels`]: where room labels go.
//!
//! Above the rules, everything a front end needs is the `game-app` crate (the session,
//! the frame loop, the frame as cells); the window is the `game` crate.
//!
//! ```
//! use game_core::direction::Direction;
//! use game_core::game::Game;
//! use game_core::turn::{Act, Outcome};
//! use mapgen::generators::Generator;
//! use mapgen::generators::rooms::RoomsSettings;
//!
//! let mut game = Game::new(Generator::Rooms(RoomsSettings::default()), 42, 10)?;
//! let start = game.player();
//! let turn = game.turn(Act::Move(Direction::East));
//! if turn.outcome == Outcome::Taken {
//!     assert_eq!(game.player(), start + Direction::East.step());
//! }
//! assert!(game.turn(Act::Wait).is_taken(), "waiting passes a turn");
//! # Ok::<(), mapgen::GenerateError>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod chase;
pub mod combat;
pub mod descent;
pub mod direction;
pub mod doors;
pub mod doorway;
pub mod entity;
pub mod event;
pub mod explore;
pub mod game;
pub mod goal;
pub mod hero;
pub mod item;
pub mod knowledge;
pub mod labels;
pub mod level;
pub mod lockdown;
pub mod look;
pub mod mind;
pub mod minimap;
pub mod monster;
pub mod populate;
pub mod room_memory;
mod route;
pub mod sight;
pub mod sighting;
pub mod terrain;
pub mod travel;
pub mod turn;
