//! What a generator returns.

use crate::{Map, Point, Rect};

/// A generated dungeon: the tiles, the rooms in the order they were placed, and where the
/// player starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dungeon {
    /// The tile map.
    pub map: Map,
    /// Room outlines in placement order; each room's floor is [`Rect::inner`].
    pub rooms: Vec<Rect>,
    /// The player's starting cell; always walkable.
    pub start: Point,
}
