//! How a dungeon looks, shared by the game's window and the `mapgen` command's pictures so
//! that both draw the same thing: the [`colors`] (the libtcod tutorial's four for the map
//! and the game's own for text), a console [`Cell`], how a map tile is drawn as one
//! ([`tile_cell`]), and the built-in CP437 glyph [`sheets`].
//!
//! ```
//! use mapgen::Tile;
//! use tileset::{colors, tile_cell};
//!
//! let lit_floor = tile_cell(Tile::FLOOR, true);
//! assert_eq!(lit_floor.bg, colors::LIGHT_GROUND);
//! assert_eq!(tile_cell(Tile::WALL, false).bg, colors::DARK_WALL);
//! assert_eq!(tile_cell(Tile::DOOR, true).glyph, u16::from(b'+'));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod colors;
pub mod cp437;
mod draw;
pub mod sheets;

pub use colors::Rgb;
pub use draw::{Cell, own_tile_cell, tile_cell};
