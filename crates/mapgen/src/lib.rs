//! Seeded roguelike dungeons with the libtcod tutorial's exact semantics: generate a
//! dungeon, see what the player sees, find the way.
//!
//! ```
//! use mapgen::prelude::*;
//!
//! // Generate: a seed names a dungeon (80x45, the tutorial's 30 rooms of 6 to 10 tiles).
//! let dungeon = RoomsSettings::default().generate(42)?;
//! assert_eq!(dungeon, RoomsSettings::default().generate(42)?);
//! let (map, start, exit) = (&dungeon.map, dungeon.start, dungeon.exit());
//!
//! // Field of view: what the `@` sees from the start, 8 tiles around.
//! let mut fov = FieldOfView::new(map.width(), map.height())?;
//! fov.compute(map, start, Radius::Tiles(8), LightWalls::On)?;
//! assert!(fov.is_visible(start));
//!
//! // Path: the cheapest walk from the start to the exit (8 directions, costs 2 and 3).
//! let mut astar = AStar::default();
//! let cost = astar.search(map, Moves::default(), start, exit)?;
//! assert!(cost.is_some() && astar.path().first() == Some(&start));
//!
//! // On big maps, ask for more: landmarks kept per map (exact), or a bound (here 1.5x).
//! use mapgen::path::{PathFinder, PathSettings};
//! let settings = PathSettings { landmarks: 8, weight: "1.5".parse()?, ..PathSettings::default() };
//! let mut finder = PathFinder::new(settings)?;
//! let near = finder.search(map, start, exit)?;
//! assert!(near.zip(cost).is_some_and(|(near, best)| 2 * near <= 3 * best));
//! println!("{map}"); // '#' wall, '.' floor
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate is pure: no I/O, no global state, no clock. A `u64` seed and the settings
//! determine the output on every platform (see [`DungeonRng`]).
//!
//! # Where things are
//!
//! Each item has one path; [`prelude`] gathers the common ones for a glob import.
//!
//! * The crate root: the map and what every module shares. [`Map`] (tiles in a
//!   [`Grid`], outside reads as wall), [`Tile`] (`walkable`, `transparent`), [`Point`],
//!   [`Rect`] (a room's outline), [`Shape`] (a grid's size and row-major numbering) and
//!   [`Shaped`], [`Regions`] (connected areas), [`Dungeon`] (map, start, rooms,
//!   [`Layout`], [`exit`](Dungeon::exit)), [`DungeonRng`] (the seeded stream every
//!   generator draws from; also a `rand_core` generator), and the errors
//!   [`GenerateError`] and [`MapError`].
//! * [`generators`]: the [`generators::Generate`] trait every generator's
//!   settings implement, [`GeneratorKind`](generators::GeneratorKind) and
//!   [`Generator`](generators::Generator) to choose one by name, and a module per
//!   generator with its settings ([`generators::rooms::RoomsSettings`],
//!   [`generators::grid::GridSettings`] with its [`RoomGrid`](generators::grid::RoomGrid),
//!   [`generators::isaac::IsaacSettings`] (The Binding of Isaac's floors), ...).
//! * [`fov`]: field of view, [`FieldOfView`](fov::FieldOfView) with
//!   [`Radius`](fov::Radius) and [`LightWalls`](fov::LightWalls).
//! * [`path`]: [`DijkstraMap`](path::DijkstraMap), [`AStar`](path::AStar),
//!   [`Moves`](path::Moves), [`Walkable`](path::Walkable), and for big maps
//!   [`PathFinder`](path::PathFinder): exact A* guided by [`Landmarks`](path::Landmarks)
//!   kept per map, or a path within a [`Weight`](path::Weight) of the cheapest.
//! * [`vaults`]: prefab vaults, hand-made rooms written in a text file
//!   ([`VaultLibrary`](vaults::VaultLibrary)), stamped into any dungeon by
//!   [`place_vaults`](vaults::place_vaults) with its connectivity kept.
//! * [`graph`]: every dungeon as a graph of regions, [`RegionGraph`](graph::RegionGraph):
//!   rooms, corridors, open areas and doorways, and the links where they touch.
//! * [`locks`]: lock-and-key progression on any dungeon, [`place_locks`](locks::place_locks):
//!   locked doors on the graph's cuts, each key reached before its door, the exit last;
//!   [`place_locks_walling_loops`](locks::place_locks_walling_loops) walls up passages
//!   that close loops where that lets more locks fit.
//! * [`spawns`]: spawn tables, monsters and items by depth ([`SpawnTable`](spawns::SpawnTable)),
//!   placed in any dungeon's rooms or areas.
//! * [`carve`]: the tutorial's [`create_room`](carve::create_room),
//!   [`create_h_tunnel`](carve::create_h_tunnel), [`create_v_tunnel`](carve::create_v_tunnel)
//!   and [`tunnel_between`](carve::tunnel_between).
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
//! every generator's settings, [`Generator`](generators::Generator) and the [`path`]
//! results serialize and deserialize. A map is saved as its rows of glyphs, as it prints;
//! loading checks what it reads (rows against the size, the start inside the map, settings
//! in range) and refuses anything inconsistent with an error that names it. A generator
//! and a seed are enough to make a dungeon again. See `examples/save_load.rs`.
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use mapgen::generators::{Generate, Generator};
//! use mapgen::generators::rooms::RoomsSettings;
//! use mapgen::Dungeon;
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
// README's and docs/' are, by the unpublished `workspace-tests` crate).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

#[cfg(feature = "bracket")]
mod bracket;
pub mod carve;
mod deprecated_paths;
mod dungeon;
mod error;
pub mod fov;
pub mod generators;
pub mod graph;
mod grid;
mod join;
pub mod locks;
mod map;
pub mod path;
mod point;
pub mod prelude;
pub mod record;
mod rect;
mod regions;
mod rng;
#[cfg(feature = "serde")]
mod serde_forms;
mod shape;
pub mod spawns;
mod tile;
mod union_find;
pub mod vaults;

pub use dungeon::{Dungeon, Layout};
pub use error::{Combine, GenerateError, MapError};
pub use grid::{Glyph, Grid};
pub use map::Map;
pub use point::Point;
pub use rect::Rect;
pub use regions::Regions;
pub use rng::DungeonRng;
pub use shape::{Shape, Shaped};
pub use tile::Tile;

#[doc(hidden)]
#[allow(deprecated)]
pub use deprecated_paths::*;
