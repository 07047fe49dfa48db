//! The items most programs use, for one glob import: `use mapgen::prelude::*;`.
//!
//! Every item here also has its own path (the map types at the crate root, the rest in
//! [`carve`](crate::carve), [`fov`](crate::fov), [`generators`](crate::generators) and
//! [`path`](crate::path)); the prelude only gathers them.
//!
//! ```
//! use mapgen::prelude::*;
//!
//! let dungeon = RoomsSettings::default().generate(42)?;
//! let mut fov = FieldOfView::new(dungeon.map.width(), dungeon.map.height())?;
//! fov.compute(&dungeon.map, dungeon.start, Radius::Tiles(8), LightWalls::On)?;
//! let cost = AStar::default().search(&dungeon.map, Moves::default(), dungeon.start, dungeon.exit())?;
//! assert!(fov.is_visible(dungeon.start) && cost.is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::carve::{Bend, create_h_tunnel, create_room, create_v_tunnel, tunnel_between};
pub use crate::fov::{FieldOfView, LightWalls, Radius, Transparency};
pub use crate::generators::grid::{RoomCell, RoomGrid, RoomKind};
pub use crate::generators::{Generate, Generator, GeneratorKind};
pub use crate::path::{AStar, DijkstraMap, Goal, Moves, Walkable};
pub use crate::{
    Dungeon, DungeonRng, GenerateError, Grid, Layout, Map, MapError, Point, Rect, Shape, Shaped,
    Tile,
};

/// Every generator's settings, from the one list of generators.
macro_rules! prelude_settings {
    ($($variant:ident($module:ident::$settings:ident)),+ $(,)?) => {
        $(pub use crate::generators::$module::$settings;)+
    };
}

crate::for_each_generator!(prelude_settings);
