//! Dungeons as pictures: one square of [`TileSize`] pixels per tile in the game's colours
//! (the [`tileset`] the game draws with, so a picture looks like the game's map with every
//! tile in the torch's light), the start and the exit marked, and contact sheets of
//! several dungeons in a grid, each seed written above its picture in the game's font.
//! [`encode_png`] makes the PNG.
//!
//! Every picture is bounded by [`MAX_PIXELS`]; its size is checked before anything is
//! allocated.
//!
//! ```
//! use mapgen::generators::Generate;
//! use mapgen::generators::rooms::RoomsSettings;
//! use mapgen_picture::{TileSize, draw_dungeon, encode_png};
//! let dungeon = RoomsSettings::default().generate(42)?;
//! let picture = draw_dungeon(&dungeon, TileSize::new(2)?)?;
//! assert_eq!((picture.width(), picture.height()), (160, 90));
//! let png = encode_png(&picture)?;
//! assert!(png.starts_with(b"\x89PNG"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod animation;
pub mod canvas;
pub mod contact_sheet;
pub mod dungeon_picture;
mod encode;
mod error;
pub mod label;
pub mod locks;
pub mod marks;
pub mod regions;

pub use animation::{DEFAULT_FRAMES, encode_generation_gif};
pub use canvas::{Canvas, MAX_PIXELS, PixelRect};
pub use contact_sheet::{ContactSheet, LABEL_HEIGHT, draw_contact_sheet};
pub use dungeon_picture::{TileSize, draw_dungeon};
pub use encode::encode_png;
pub use error::PictureError;
pub use locks::draw_dungeon_with_locks;
pub use regions::draw_regions;
