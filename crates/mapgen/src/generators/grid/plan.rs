//! What a room grid holds beyond one room a cell and a door a side, for generators that
//! lay rooms over several cells (the `isaac` generator): room shapes, a seed per room, and
//! doors of three kinds between two cells (links).
//!
//! The shapes and their names are Isaac's own (`RoomShape` in the modding API, without
//! the narrow variants, which take the same cells as 1x1, 1x2 and 2x1 rooms).
//! Based on: <https://wofsauge.github.io/IsaacDocs/rep/enums/RoomShape.html>.

use super::room_grid::{RoomCell, Side};
use crate::generators::named_enum::named_enum;

named_enum! {
    /// The cells a room takes, as Isaac names its room shapes: `WxH` for rectangles (in
    /// cells), and the L shapes by the corner of their 2x2 box that they lack.
    ///
    /// ```
    /// use mapgen::generators::grid::{RoomCell, RoomShape};
    /// let l = RoomShape::LackingTopLeft; // Isaac's ROOMSHAPE_LTL, a "⅃"
    /// assert_eq!(l.name(), "ltl");
    /// // A room is placed by its first cell in row order: here the top right of the box.
    /// let cells: Vec<RoomCell> = l.cells(RoomCell::new(4, 2)).collect();
    /// assert_eq!(cells, [RoomCell::new(4, 2), RoomCell::new(3, 3), RoomCell::new(4, 3)]);
    /// assert_eq!(RoomShape::TwoByOne.size(), (2, 1));
    /// assert_eq!("2x2".parse::<RoomShape>(), Ok(RoomShape::TwoByTwo));
    /// ```
    #[derive(PartialOrd, Ord, Default)]
    pub enum RoomShape ("room shape") {
        /// One cell: Isaac's `1x1`.
        #[default]
        OneByOne = "1x1",
        /// One column, two rows: Isaac's `1x2` (tall).
        OneByTwo = "1x2",
        /// Two columns, one row: Isaac's `2x1` (wide).
        TwoByOne = "2x1",
        /// Two columns, two rows: Isaac's `2x2`.
        TwoByTwo = "2x2",
        /// Three cells of a 2x2 box, without its top left: Isaac's `LTL`, a "⅃".
        LackingTopLeft = "ltl",
        /// Without the top right: Isaac's `LTR`, an "L".
        LackingTopRight = "ltr",
        /// Without the bottom left: Isaac's `LBL`, a "⅂".
        LackingBottomLeft = "lbl",
        /// Without the bottom right: Isaac's `LBR`, a "Г".
        LackingBottomRight = "lbr",
    }
}

impl RoomShape {
    /// Every shape of more than one cell: [`RoomShape::ALL`] but the first.
    pub const LARGE: &'static [RoomShape] = RoomShape::ALL.split_at(1).1;

    /// The cells, as (column, row) offsets from the top left of the shape's box, in row
    /// order.
    pub const fn offsets(self) -> &'static [(i32, i32)] {
        match self {
            RoomShape::OneByOne => &[(0, 0)],
            RoomShape::OneByTwo => &[(0, 0), (0, 1)],
            RoomShape::TwoByOne => &[(0, 0), (1, 0)],
            RoomShape::TwoByTwo => &[(0, 0), (1, 0), (0, 1), (1, 1)],
            RoomShape::LackingTopLeft => &[(1, 0), (0, 1), (1, 1)],
            RoomShape::LackingTopRight => &[(0, 0), (0, 1), (1, 1)],
            RoomShape::LackingBottomLeft => &[(0, 0), (1, 0), (1, 1)],
            RoomShape::LackingBottomRight => &[(0, 0), (1, 0), (0, 1)],
        }
    }

    /// The box's columns and rows.
    pub const fn size(self) -> (i32, i32) {
        match self {
            RoomShape::OneByOne => (1, 1),
            RoomShape::OneByTwo => (1, 2),
            RoomShape::TwoByOne => (2, 1),
            _ => (2, 2),
        }
    }

    /// True for the four L shapes, the only rooms that are not rectangles.
    pub const fn is_l(self) -> bool {
        matches!(
            self,
            RoomShape::LackingTopLeft
                | RoomShape::LackingTopRight
                | RoomShape::LackingBottomLeft
                | RoomShape::LackingBottomRight
        )
    }

    /// The cells of a room of this shape whose first cell in row order is `first`.
    pub fn cells(self, first: RoomCell) -> impl Iterator<Item = RoomCell> + use<> {
        let origin = self.box_origin(first);
        self.offsets().iter().map(move |&(dc, dr)| {
            RoomCell::new(origin.col.saturating_add(dc), origin.row.saturating_add(dr))
        })
    }

    /// The top left cell of the box of a room whose first cell is `first` (outside the room
    /// for [`RoomShape::LackingTopLeft`], as Isaac's `GridIndex` of such a room).
    pub const fn box_origin(self, first: RoomCell) -> RoomCell {
        let (dc, dr) = self.offsets()[0];
        RoomCell::new(first.col.saturating_sub(dc), first.row.saturating_sub(dr))
    }
}

/// What a room of the `isaac` generator has beyond the `grid` generator's rooms: its shape
/// and its seed. `None` in [`GridRoom::plan`](super::GridRoom::plan) for the `grid`
/// generator's rooms, which are all one cell and have no seed.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::grid::RoomShape;
/// use mapgen::generators::isaac::IsaacSettings;
/// let seed_of_start = |seed| -> Result<u64, mapgen::GenerateError> {
///     let dungeon = IsaacSettings::default().generate(seed)?;
///     let plan = dungeon.room_grid().unwrap().rooms()[0].plan.unwrap();
///     assert_eq!(plan.shape, RoomShape::OneByOne); // the start room is always one cell
///     Ok(plan.seed)
/// };
/// assert_eq!(seed_of_start(7)?, seed_of_start(7)?);
/// assert_ne!(seed_of_start(7)?, seed_of_start(8)?);
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoomPlan {
    /// The cells the room takes, from its first cell ([`GridRoom::cell`](super::GridRoom::cell)).
    pub shape: RoomShape,
    /// The seed of what is put in the room (monsters, rocks, items), derived from the
    /// floor's seed and the room's first cell, so it does not change when other rooms do.
    pub seed: u64,
}

named_enum! {
    /// What a door between two rooms asks of the player.
    pub enum LinkKind ("door kind") {
        /// An ordinary door.
        Open = "open",
        /// A door that takes a key (Isaac's shop, and treasure room from the second floor).
        Locked = "locked",
        /// A wall that a bomb opens: the doors of the secret and super secret rooms.
        Secret = "secret",
    }
}

/// A door between two side-by-side cells of two different rooms. Cell `a` is in the room
/// the door was grown from (nearer the start), `b` in the room behind it.
///
/// ```
/// use mapgen::generators::grid::{Link, LinkKind, RoomCell, Side};
/// let door = Link { a: RoomCell::new(6, 6), b: RoomCell::new(6, 5), kind: LinkKind::Open };
/// assert_eq!(door.side(), Some(Side::North)); // b is north of a
/// assert!(door.joins(RoomCell::new(6, 5), RoomCell::new(6, 6)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Link {
    /// The cell on the near side.
    pub a: RoomCell,
    /// The cell on the far side.
    pub b: RoomCell,
    /// Open, locked or secret.
    pub kind: LinkKind,
}

impl Link {
    /// The side of `a` the door is on; `None` when the cells are not side by side (which
    /// [`RoomGrid::with_links`](super::RoomGrid::with_links) refuses).
    pub fn side(&self) -> Option<Side> {
        self.a.side_towards(self.b)
    }

    /// True when the door joins cells `p` and `q`, in either order.
    pub fn joins(&self, p: RoomCell, q: RoomCell) -> bool {
        (self.a, self.b) == (p, q) || (self.a, self.b) == (q, p)
    }
}
