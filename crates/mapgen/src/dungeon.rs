//! What a generator returns.

use crate::{Map, Point, Rect, RoomGrid};

/// A generated dungeon: the tiles, the rooms in the order they were placed, where the
/// player starts and, for grid dungeons, the room graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dungeon {
    /// The tile map.
    pub map: Map,
    /// Room outlines in placement order; each room's floor is [`Rect::inner`].
    pub rooms: Vec<Rect>,
    /// The player's starting cell; always walkable.
    pub start: Point,
    /// The room graph, for generators that lay rooms on a grid (`grid`); `None` otherwise.
    pub grid: Option<RoomGrid>,
}
