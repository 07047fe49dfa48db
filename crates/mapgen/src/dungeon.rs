//! What a generator returns.

use crate::generators::grid::RoomGrid;
use crate::spawns::Spawn;
use crate::vaults::Placement;
use crate::{Map, Point, Rect};

/// A generated dungeon: the tiles, where the player starts, the rooms, and whatever else
/// the generator knows about its layout.
///
/// The fields every generator fills are here; what only one generator knows (the room
/// graph of a grid dungeon) is in [`Dungeon::layout`]. The struct is `#[non_exhaustive]`
/// so that new fields are not breaking changes: read its fields freely, and build one
/// with [`Dungeon::new`] and the `with_` methods.
///
/// ```
/// use mapgen::{Dungeon, Layout, Map, Point, Rect, Tile};
/// let mut map = Map::new(5, 4)?;
/// let room = Rect::new(0, 0, 4, 3);
/// mapgen::carve::create_room(&mut map, &room);
/// let dungeon = Dungeon::new(map, Point::new(1, 1)).with_rooms(vec![room]);
/// assert_eq!(dungeon.map.tile(dungeon.start), Tile::FLOOR);
/// assert_eq!(dungeon.layout, Layout::Plain);
/// assert!(dungeon.room_grid().is_none());
/// # Ok::<(), mapgen::MapError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Dungeon {
    /// The tile map.
    pub map: Map,
    /// The player's starting cell; always walkable.
    pub start: Point,
    /// The rooms, in the order the generator made them. For every generator a room means
    /// the same: its floor is exactly [`Rect::inner`], all of it walkable; the outline
    /// around it is wall, or a door where the generator made one. Two rooms' floors never
    /// overlap. Outlines may be shared by neighbours (the `grid` generator's rooms share
    /// their walls) or never touch (the `rooms` generator). Generators without rooms
    /// (caves, mazes) leave this empty. One exception: an L-shaped room of the `isaac`
    /// generator is listed by its row of two cells, and its floor goes on through that
    /// rectangle's outline into its third cell ([`RoomGrid`] has every cell). Placing
    /// vaults drops the rooms whose floor a vault changed (so in a grid dungeon this list
    /// may then be shorter than the room grid's).
    pub rooms: Vec<Rect>,
    /// What only this generator knows about the dungeon's layout.
    pub layout: Layout,
    /// The vaults stamped into the dungeon, in the order they were placed
    /// ([`place_vaults`](crate::vaults::place_vaults)); empty for a dungeon as a
    /// generator makes it.
    pub vaults: Vec<Placement>,
    /// The monsters and items placed by spawn tables, in the order they were placed
    /// ([`SpawnTable::place`](crate::spawns::SpawnTable::place)), at most one per tile;
    /// empty for a dungeon as a generator makes it.
    pub spawns: Vec<Spawn>,
}

/// Generator-specific data about a dungeon's layout. `#[non_exhaustive]`: generators to
/// come add variants.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Layout {
    /// Nothing beyond the tiles, the start and the rooms.
    #[default]
    Plain,
    /// The room graph of a grid-of-rooms dungeon (the `grid` and `isaac` generators).
    Grid(RoomGrid),
}

impl Dungeon {
    /// A dungeon of `map` with the player starting at `start`, no rooms and a
    /// [`Layout::Plain`] layout.
    ///
    /// ```
    /// use mapgen::{Dungeon, Layout, Map, Point, Rect};
    /// let mut map = Map::new(6, 5)?;
    /// let room = Rect::new(0, 0, 5, 4);
    /// mapgen::carve::create_room(&mut map, &room);
    /// let dungeon = Dungeon::new(map, room.center())
    ///     .with_rooms(vec![room])
    ///     .with_layout(Layout::Plain);
    /// assert_eq!(dungeon.start, Point::new(2, 2));
    /// assert_eq!(dungeon.exit(), Point::new(4, 1)); // farthest, first in row order
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn new(map: Map, start: Point) -> Dungeon {
        Dungeon {
            map,
            start,
            rooms: Vec::new(),
            layout: Layout::Plain,
            vaults: Vec::new(),
            spawns: Vec::new(),
        }
    }

    /// The same dungeon with these rooms (see [`Dungeon::rooms`] for what a room means).
    #[must_use]
    pub fn with_rooms(mut self, rooms: Vec<Rect>) -> Dungeon {
        self.rooms = rooms;
        self
    }

    /// The same dungeon with this layout.
    #[must_use]
    pub fn with_layout(mut self, layout: Layout) -> Dungeon {
        self.layout = layout;
        self
    }

    /// The exit: the generator's planned exit where it has one (`grid` and `isaac`: the
    /// middle of the boss room, [`RoomGrid::planned_exit`]), else a walkable tile at the greatest
    /// walking distance (4-connected steps) from [`Dungeon::start`], the first in row
    /// order among equals ([`path::farthest_walkable`](crate::path::farthest_walkable)).
    /// It is worked out from the map and the layout on each call, so it always agrees
    /// with them; keep the result.
    ///
    /// ```
    /// use mapgen::prelude::*;
    /// let dungeon = RoomsSettings::default().generate(7)?;
    /// let exit = dungeon.exit();
    /// assert!(dungeon.map.is_walkable(exit));
    ///
    /// let floor = IsaacSettings::default().generate(7)?;
    /// let grid = floor.room_grid().unwrap();
    /// let boss = grid.rooms().iter().position(|r| r.kind == RoomKind::Boss);
    /// assert_eq!(grid.room_index_at_tile(floor.exit()), boss);
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    pub fn exit(&self) -> Point {
        if let Some(exit) = self.room_grid().and_then(RoomGrid::planned_exit) {
            return exit;
        }
        crate::path::farthest_walkable(&self.map, self.start).unwrap_or(self.start)
    }

    /// The room graph, for a grid-of-rooms dungeon.
    ///
    /// ```
    /// use mapgen::prelude::*;
    /// let dungeon = GridSettings::default().generate(3)?;
    /// assert_eq!(dungeon.room_grid().map(|g| g.rooms().len()), Some(15));
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    pub fn room_grid(&self) -> Option<&RoomGrid> {
        match &self.layout {
            Layout::Grid(grid) => Some(grid),
            _ => None,
        }
    }

    /// The old name of [`Dungeon::room_grid`].
    #[deprecated(since = "0.2.0", note = "renamed to `room_grid`")]
    pub fn grid(&self) -> Option<&RoomGrid> {
        self.room_grid()
    }
}
