//! Seeded roguelike dungeons with the libtcod tutorial's exact semantics.
//!
//! ```
//! use mapgen::{Generate, RoomsSettings, Tile};
//!
//! let dungeon = RoomsSettings::default().generate(42)?; // 80x45, 30 / 6 / 10
//! assert_eq!(dungeon.map.tile(dungeon.start), Tile::FLOOR);
//! assert_eq!(dungeon, RoomsSettings::default().generate(42)?); // a seed names a dungeon
//! println!("{}", dungeon.map); // '#' wall, '.' floor
//! # Ok::<(), mapgen::GenerateError>(())
//! ```
//!
//! The crate is pure: no I/O, no global state, no clock. A `u64` seed and the settings
//! determine the output on every platform (see [`DungeonRng`]).
//!
//! Where things are: [`Map`] (a [`Grid`] of [`Tile`]s) and [`Point`]; [`carve`]
//! (rooms and tunnels); [`generators`] (every generator, the [`Generate`] trait and the
//! list they are chosen from); [`fov`] (field of view); [`path`] (Dijkstra maps and A*).
//!
//! # Main types
//!
//! * The map: [`Map`] (tiles in a [`Grid`], outside reads as wall), [`Tile`]
//!   (`walkable`, `transparent`), [`Point`], [`Rect`] (a room's outline),
//!   [`Regions`] (connected areas).
//! * Generating: [`Generate`] (the trait every generator's settings implement:
//!   `generate(seed)`), the settings [`RoomsSettings`], [`GridSettings`], [`BspSettings`],
//!   [`BspInteriorSettings`], [`CavesSettings`], [`DrunkardSettings`], [`DlaSettings`],
//!   [`MazeSettings`], [`RoomsAndMazesSettings`], [`VoronoiSettings`]; [`GeneratorKind`]
//!   and [`Generator`] to choose one by name; the result, [`Dungeon`] (map, start, rooms,
//!   [`Layout`], [`exit`](Dungeon::exit)); errors [`GenerateError`] and [`MapError`].
//! * Randomness: [`DungeonRng`], the seeded stream every generator draws from (also a
//!   `rand_core` generator).
//! * Field of view: [`FieldOfView`] with [`Radius`] and [`LightWalls`].
//! * Paths: [`path::DijkstraMap`], [`path::AStar`], [`path::Moves`], [`path::Goal`],
//!   [`path::Walkable`], [`path::PathError`].
//! * Carving: [`create_room`], [`create_h_tunnel`], [`create_v_tunnel`],
//!   [`tunnel_between`].
//!
//! # Features
//!
//! * `bracket`: [`Map`] implements bracket-lib 0.8.7's `BaseMap` and `Algorithm2D`
//!   (bracket's `a_star_search`, `DijkstraMap` and `field_of_view` take a `&Map`).
//! * `serde`: maps, dungeons, settings and path results serialize and deserialize (below).
//!
//! Runnable programs are in the crate's `examples/` directory.
//!
//! # Saving and loading
//!
//! With the `serde` feature, maps, tiles, dungeons (with their room grids), points, rooms,
//! every generator's settings, [`Generator`] and the [`path`] results serialize and
//! deserialize. A map is saved as its rows of glyphs, as it prints; loading checks what it
//! reads (rows against the size, the start inside the map, settings in range) and refuses
//! anything inconsistent with an error that names it. A generator and a seed are enough to
//! make a dungeon again. See `examples/save_load.rs`.
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use mapgen::{Dungeon, Generate, Generator, RoomsSettings};
//!
//! let generator = Generator::from(RoomsSettings::default());
//! let dungeon = generator.generate(42)?;
//! let saved = serde_json::to_string(&dungeon)?; // {"width":80,"height":45,"start":...}
//! assert_eq!(serde_json::from_str::<Dungeon>(&saved)?, dungeon);
//!
//! let recipe = serde_json::to_string(&generator)?;
//! assert!(recipe.starts_with(r#"{"generator":"rooms","settings":{"width":80,"#));
//! assert_eq!(serde_json::from_str::<Generator>(&recipe)?.generate(42)?, dungeon);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Tiles of your own
//!
//! A [`Tile`] is its two flags and a glyph; [`Tile::with_glyph`] makes tiles of your own
//! (stairs `>`, water `=`) that are distinct from the built-in ones, print as their glyph
//! and read back with [`Map::from_ascii_with`]. Field of view and paths go by the flags.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The crate README's Rust examples are compiled and run as doc tests (the repository
// README's are, by the unpublished `workspace-tests` crate).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

#[cfg(feature = "bracket")]
mod bracket;
pub mod carve;
mod dungeon;
mod error;
pub mod fov;
pub mod generators;
mod grid;
mod join;
mod map;
pub mod path;
mod point;
mod rect;
mod regions;
mod rng;
#[cfg(feature = "serde")]
mod serde_forms;
mod tile;
mod union_find;

#[doc(inline)]
pub use carve::{Bend, create_h_tunnel, create_room, create_v_tunnel, tunnel_between};
pub use dungeon::{Dungeon, Layout};
pub use error::{Combine, GenerateError, MapError};
#[doc(inline)]
pub use fov::{FieldOfView, FovError, LightWalls, Radius, Transparency};
#[doc(inline)]
pub use generators::grid::{DoorWeights, Doors, GridRoom, RoomGrid, RoomGridError, RoomKind, Side};
#[doc(inline)]
pub use generators::{
    BspInteriorSettings, BspSettings, CavesSettings, DlaSettings, DrunkardSettings, Generate,
    Generator, GeneratorKind, GridSettings, MazeSettings, RoomsAndMazesSettings, RoomsSettings,
    VoronoiSettings, rooms_and_mazes::DeadEnds,
};
pub use grid::{Glyph, Grid};
pub use map::Map;
pub use point::Point;
pub use rect::Rect;
pub use regions::Regions;
pub use rng::DungeonRng;
pub use tile::Tile;
