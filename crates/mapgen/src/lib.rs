//! Seeded roguelike dungeons with the libtcod tutorial's exact semantics.
//!
//! ```
//! use mapgen::{RoomsSettings, Tile};
//!
//! let dungeon = RoomsSettings::default().generate(42)?; // 80x45, 30 / 6 / 10
//! let start = dungeon.start;
//! assert_eq!(dungeon.map.tile(start.x, start.y), Tile::FLOOR);
//! assert_eq!(dungeon, RoomsSettings::default().generate(42)?); // a seed names a dungeon
//! println!("{}", dungeon.map); // '#' wall, '.' floor
//! # Ok::<(), mapgen::GenerateError>(())
//! ```
//!
//! The crate is pure: no I/O, no global state, no clock. A `u64` seed and the settings
//! determine the output on every platform (see [`DungeonRng`]).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The README's Rust examples are compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;

mod dungeon;
mod error;
pub mod fov;
pub mod generators;
mod map;
mod occupancy;
mod point;
mod rect;
mod rng;
mod room_grid;
mod tile;
mod tunnel;

pub use dungeon::Dungeon;
pub use error::{GenerateError, MapError};
pub use fov::{FieldOfView, FovError, Transparency};
pub use generators::{
    DoorWeights, Generator, GeneratorKind, GridSettings, RoomsSettings, create_room,
};
pub use map::Map;
pub use point::Point;
pub use rect::Rect;
pub use rng::DungeonRng;
pub use room_grid::{Doors, GridRoom, RoomGrid, RoomKind, Side};
pub use tile::Tile;
pub use tunnel::{Bend, create_h_tunnel, create_v_tunnel, tunnel_between};
