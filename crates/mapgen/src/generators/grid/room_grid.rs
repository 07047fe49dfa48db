//! The room graph of a grid-of-rooms dungeon: which grid cells hold rooms, their doors,
//! kinds and depths.

use std::fmt;

use crate::{Grid, Point, Rect};

/// A side of a grid room, and the direction of the neighbour behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Side {
    /// Up: row - 1.
    North,
    /// Right: column + 1.
    East,
    /// Down: row + 1.
    South,
    /// Left: column - 1.
    West,
}

impl Side {
    /// All four, in `NESW` order.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// The side facing this one from the neighbouring room.
    ///
    /// ```
    /// use mapgen::generators::grid::Side;
    /// assert_eq!(Side::North.opposite(), Side::South);
    /// assert_eq!(Side::North.clockwise(), Side::East);
    /// assert_eq!(Side::West.step(), (-1, 0));
    /// assert_eq!(Side::East.letter(), 'E');
    /// ```
    #[must_use]
    pub const fn opposite(self) -> Side {
        match self {
            Side::North => Side::South,
            Side::East => Side::West,
            Side::South => Side::North,
            Side::West => Side::East,
        }
    }

    /// The side a quarter turn clockwise.
    #[must_use]
    pub const fn clockwise(self) -> Side {
        match self {
            Side::North => Side::East,
            Side::East => Side::South,
            Side::South => Side::West,
            Side::West => Side::North,
        }
    }

    /// The (column, row) step towards the neighbour.
    pub const fn step(self) -> (i32, i32) {
        match self {
            Side::North => (0, -1),
            Side::East => (1, 0),
            Side::South => (0, 1),
            Side::West => (-1, 0),
        }
    }

    /// `N`, `E`, `S` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Side::North => 'N',
            Side::East => 'E',
            Side::South => 'S',
            Side::West => 'W',
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A cell of a [`RoomGrid`]: a column and a row counted in rooms, not tiles. A tile's
/// [`Point`] is another type, so one cannot be passed for the other; a tile's cell is
/// [`RoomGrid::cell_at_tile`].
///
/// ```
/// use mapgen::generators::grid::{RoomCell, Side};
/// let cell = RoomCell::new(2, 3);
/// assert_eq!(cell.neighbour(Side::West), RoomCell::new(1, 3));
/// assert_eq!(cell.to_string(), "(2, 3)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoomCell {
    /// Grid column, from 0 at the west.
    pub col: i32,
    /// Grid row, from 0 at the north.
    pub row: i32,
}

impl RoomCell {
    /// The cell at column `col`, row `row`.
    pub const fn new(col: i32, row: i32) -> RoomCell {
        RoomCell { col, row }
    }

    /// The cell next to this one on `side` (it may lie outside the grid).
    #[must_use]
    pub const fn neighbour(self, side: Side) -> RoomCell {
        let (dc, dr) = side.step();
        RoomCell::new(self.col.saturating_add(dc), self.row.saturating_add(dr))
    }
}

impl fmt::Display for RoomCell {
    /// `(col, row)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.col, self.row)
    }
}

/// A set of sides that have doors.
///
/// ```
/// use mapgen::generators::grid::{Doors, Side};
/// let doors = Doors::EMPTY.with(Side::South).with(Side::North);
/// assert_eq!(doors.to_string(), "NS");
/// assert_eq!(doors.len(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Doors(u8);

impl Doors {
    /// No doors.
    pub const EMPTY: Doors = Doors(0);
    /// Doors on all four sides.
    pub const ALL: Doors = Doors(0b1111);

    /// These doors plus one on `side`.
    ///
    /// ```
    /// use mapgen::generators::grid::{Doors, Side};
    /// let doors = Doors::EMPTY.with(Side::North).with(Side::West);
    /// assert!(doors.has(Side::West) && !doors.has(Side::East));
    /// assert_eq!(doors.without(Side::West), Doors::EMPTY.with(Side::North));
    /// assert!(doors.is_within(Doors::ALL));
    /// assert_eq!(doors.sides().collect::<Vec<_>>(), [Side::North, Side::West]);
    /// ```
    #[must_use]
    pub const fn with(self, side: Side) -> Doors {
        Doors(self.0 | side.bit())
    }

    /// These doors without the one on `side`.
    #[must_use]
    pub const fn without(self, side: Side) -> Doors {
        Doors(self.0 & !side.bit())
    }

    /// True when every door of `self` is also in `other`.
    pub const fn is_within(self, other: Doors) -> bool {
        self.0 & !other.0 == 0
    }

    /// True when `side` has a door.
    pub const fn has(self, side: Side) -> bool {
        self.0 & side.bit() != 0
    }

    /// How many doors.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when there are no doors.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The sides with doors, in `NESW` order.
    pub fn sides(self) -> impl Iterator<Item = Side> {
        Side::ALL.into_iter().filter(move |&s| self.has(s))
    }
}

impl fmt::Display for Doors {
    /// The letters of the sides with doors in `NESW` order, e.g. `NS`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.sides().try_for_each(|s| write!(f, "{}", s.letter()))
    }
}

/// What a grid room is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum RoomKind {
    /// Where the player starts, at the grid's centre.
    Start,
    /// An ordinary room.
    Normal,
    /// The boss room: a dead end at the greatest depth.
    Boss,
    /// A treasure room: another dead end.
    Treasure,
}

impl RoomKind {
    /// `start`, `normal`, `boss` or `treasure`.
    pub const fn name(self) -> &'static str {
        match self {
            RoomKind::Start => "start",
            RoomKind::Normal => "normal",
            RoomKind::Boss => "boss",
            RoomKind::Treasure => "treasure",
        }
    }
}

impl fmt::Display for RoomKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One room of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GridRoom {
    /// The room's cell of the grid.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub cell: RoomCell,
    /// The sides with a door; each leads to a room that has the matching door.
    pub doors: Doors,
    /// What the room is for.
    pub kind: RoomKind,
    /// How many doors lie between this room and the start room (saved as `depth`; not
    /// the depth of a level in a dungeon of several).
    #[cfg_attr(feature = "serde", serde(rename = "depth"))]
    pub doors_from_start: u32,
}

/// The grid of rooms behind a grid dungeon's tile map.
///
/// The room of cell `(col, row)` occupies the tiles `col * (room_width - 1) ..= col *
/// (room_width - 1) + room_width - 1` across (and likewise down): neighbours share their wall, and a door is
/// the `+` tile in the middle of the shared wall. Looking a room up by its cell or by a
/// tile takes constant time (a grid loaded with rooms in fewer than one cell in 16 is
/// searched by halving instead).
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::grid::{GridSettings, RoomKind};
/// let dungeon = GridSettings::default().generate(3)?;
/// let grid = dungeon.room_grid().unwrap();
/// let start = &grid.rooms()[0];
/// assert_eq!(start.kind, RoomKind::Start);
/// assert_eq!(grid.room_index_at_tile(dungeon.start), Some(0));
/// assert_eq!(grid.room_at(start.cell), Some(start));
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone)]
pub struct RoomGrid {
    cols: i32,
    rows: i32,
    room_width: i32,
    room_height: i32,
    rooms: Vec<GridRoom>,
    /// Which room stands in each grid cell (follows from the rooms).
    cells: CellIndex,
}

impl PartialEq for RoomGrid {
    /// Equal sizes and rooms; the cell index follows from them, however it is kept.
    fn eq(&self, other: &RoomGrid) -> bool {
        self.key() == other.key()
    }
}

impl Eq for RoomGrid {}

impl std::hash::Hash for RoomGrid {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

/// A grid cell holds at least one room in this many for its index to be a slot per cell.
const DENSE_CELLS_PER_ROOM: u64 = 16;

/// Which room stands in each grid cell: a slot per cell when rooms fill at least one cell
/// in [`DENSE_CELLS_PER_ROOM`] (as the generator's grids do), else the occupied cells in
/// order, searched by halving. Either way the index takes at most 64 bytes a room, so a
/// loaded grid of 25 million cells and one room is a few bytes, not 100 MB.
#[derive(Debug, Clone)]
enum CellIndex {
    Dense(Grid<RoomSlot>),
    /// `(row * cols + col, room index)` of each room, sorted by cell.
    Sparse(Vec<(u32, u32)>),
}

/// The index of the room in a grid cell, or [`RoomSlot::EMPTY`]: four bytes a cell, so
/// the largest grid (4999 x 4999 cells) needs 100 MB, not the 400 of `Option<usize>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct RoomSlot(u32);

impl RoomSlot {
    pub(crate) const EMPTY: RoomSlot = RoomSlot(u32::MAX);

    pub(crate) fn of(index: usize) -> RoomSlot {
        // Grids hold fewer than 25 million cells, so an index fits.
        RoomSlot(u32::try_from(index).unwrap_or(u32::MAX))
    }

    pub(crate) fn index(self) -> Option<usize> {
        (self != RoomSlot::EMPTY).then_some(self.0 as usize)
    }
}

impl Default for RoomSlot {
    /// No room: what a cell outside the grid holds.
    fn default() -> Self {
        RoomSlot::EMPTY
    }
}

/// Why rooms do not make a [`RoomGrid`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RoomGridError {
    /// The grid's size or room size is out of range.
    #[error("{field} is {value}; allowed {min}..={max}")]
    Size {
        /// `cols`, `rows`, `room_width` or `room_height`.
        field: &'static str,
        /// The value given.
        value: i32,
        /// Smallest allowed.
        min: i32,
        /// Largest allowed.
        max: i32,
    },
    /// A room outside the grid's cells.
    #[error("room {index} at cell ({col}, {row}) is outside the {cols}x{rows} grid")]
    Outside {
        /// Its index in the room list.
        index: usize,
        /// Its column.
        col: i32,
        /// Its row.
        row: i32,
        /// The grid's columns.
        cols: i32,
        /// The grid's rows.
        rows: i32,
    },
    /// Two rooms in one cell.
    #[error("rooms {first} and {second} are both at cell ({col}, {row})")]
    SameCell {
        /// The earlier room's index.
        first: usize,
        /// The later room's index.
        second: usize,
        /// The cell's column.
        col: i32,
        /// The cell's row.
        row: i32,
    },
    /// A door that does not lead to a room with the matching door.
    #[error(
        "room {index} at cell ({col}, {row}) has a door on its {side:?} side, but no room behind it has the matching door"
    )]
    DoorToNothing {
        /// The room's index in the room list.
        index: usize,
        /// Its column.
        col: i32,
        /// Its row.
        row: i32,
        /// The side of the door.
        side: Side,
    },
}

impl RoomGrid {
    /// A grid of `cols` x `rows` cells of rooms `room_width` x `room_height` tiles (walls
    /// included), holding `rooms`.
    ///
    /// ```
    /// use mapgen::generators::grid::{Doors, GridRoom, RoomCell, RoomGrid, RoomKind, Side};
    /// let room = |col, doors| GridRoom {
    ///     cell: RoomCell::new(col, 0),
    ///     doors,
    ///     kind: RoomKind::Normal,
    ///     doors_from_start: 0,
    /// };
    /// let rooms = vec![room(0, Doors::EMPTY.with(Side::East)), room(1, Doors::EMPTY.with(Side::West))];
    /// let grid = RoomGrid::new(3, 1, 5, 4, rooms)?;
    /// assert_eq!(grid.room_index(RoomCell::new(1, 0)), Some(1));
    /// assert_eq!(grid.room_index(RoomCell::new(2, 0)), None);
    /// # Ok::<(), mapgen::generators::grid::RoomGridError>(())
    /// ```
    ///
    /// # Errors
    /// A side out of range (grids of at most 4999 cells a side, rooms of 3 to
    /// [`GridSettings::MAX_ROOM_SIDE`](super::GridSettings::MAX_ROOM_SIDE) tiles), a room
    /// outside the grid, two rooms in one cell, or a door that does not lead to a room
    /// with the matching door.
    pub fn new(
        cols: i32,
        rows: i32,
        room_width: i32,
        room_height: i32,
        rooms: Vec<GridRoom>,
    ) -> Result<RoomGrid, RoomGridError> {
        let side = |field, value: i32, min, max| {
            if (min..=max).contains(&value) {
                Ok(())
            } else {
                Err(RoomGridError::Size {
                    field,
                    value,
                    min,
                    max,
                })
            }
        };
        let max_room = super::GridSettings::MAX_ROOM_SIDE;
        side("room_width", room_width, 3, max_room)?;
        side("room_height", room_height, 3, max_room)?;
        side("cols", cols, 1, (crate::Map::MAX_SIDE - 1) / (room_width - 1))?;
        side("rows", rows, 1, (crate::Map::MAX_SIDE - 1) / (room_height - 1))?;
        // Everything is checked before the index is built: its size follows the rooms.
        let inside = |c: RoomCell| (0..cols).contains(&c.col) && (0..rows).contains(&c.row);
        let number = |c: RoomCell| c.row as u32 * cols as u32 + c.col as u32;
        let outside = rooms.iter().position(|room| !inside(room.cell));
        let placed = rooms.get(..outside.unwrap_or(rooms.len())).unwrap_or_default();
        let mut occupied: Vec<(u32, u32)> = (placed.iter().enumerate())
            .map(|(index, room)| (number(room.cell), RoomSlot::of(index).0))
            .collect();
        occupied.sort_unstable();
        // The first room, in order, that lands on a room before it.
        let same = (occupied.windows(2))
            .filter_map(|pair| match pair {
                [a, b] if a.0 == b.0 => Some((a.1 as usize, b.1 as usize)),
                _ => None,
            })
            .min_by_key(|&(_, second)| second);
        if let Some((first, second)) = same {
            let RoomCell { col, row } = rooms.get(second).map(|r| r.cell).unwrap_or_default();
            return Err(RoomGridError::SameCell {
                first,
                second,
                col,
                row,
            });
        }
        if let Some(index) = outside {
            let RoomCell { col, row } = rooms.get(index).map(|r| r.cell).unwrap_or_default();
            return Err(RoomGridError::Outside {
                index,
                col,
                row,
                cols,
                rows,
            });
        }
        let cell_count = u64::from(cols as u32) * u64::from(rows as u32);
        let cells = if cell_count <= DENSE_CELLS_PER_ROOM * rooms.len() as u64 {
            let mut cells = Grid::new(cols, rows, RoomSlot::EMPTY).unwrap_or_default();
            for (index, room) in rooms.iter().enumerate() {
                cells.set((room.cell.col, room.cell.row), RoomSlot::of(index));
            }
            CellIndex::Dense(cells)
        } else {
            CellIndex::Sparse(occupied)
        };
        let grid = RoomGrid {
            cols,
            rows,
            room_width,
            room_height,
            rooms,
            cells,
        };
        grid.check_doors()?;
        Ok(grid)
    }

    /// Checks that every door leads to a room with the matching door.
    fn check_doors(&self) -> Result<(), RoomGridError> {
        for (index, room) in self.rooms.iter().enumerate() {
            for side in room.doors.sides() {
                let behind = self.room_at(room.cell.neighbour(side));
                if !behind.is_some_and(|b| b.doors.has(side.opposite())) {
                    let RoomCell { col, row } = room.cell;
                    return Err(RoomGridError::DoorToNothing {
                        index,
                        col,
                        row,
                        side,
                    });
                }
            }
        }
        Ok(())
    }

    /// What makes two grids equal: the index follows from it.
    fn key(&self) -> (i32, i32, i32, i32, &[GridRoom]) {
        let (size, room) = ((self.cols, self.rows), (self.room_width, self.room_height));
        (size.0, size.1, room.0, room.1, &self.rooms)
    }

    /// The grid the generator grew, with the cell index it built along the way.
    pub(crate) fn from_parts(
        (cols, rows): (i32, i32),
        (room_width, room_height): (i32, i32),
        rooms: Vec<GridRoom>,
        cells: Grid<RoomSlot>,
    ) -> RoomGrid {
        RoomGrid {
            cols,
            rows,
            room_width,
            room_height,
            rooms,
            cells: CellIndex::Dense(cells),
        }
    }

    /// Grid columns.
    ///
    /// ```
    /// use mapgen::generators::grid::{Doors, GridRoom, RoomCell, RoomGrid, RoomKind, Side};
    /// let room = |col, doors, kind| GridRoom {
    ///     cell: RoomCell::new(col, 0),
    ///     doors,
    ///     kind,
    ///     doors_from_start: col as u32,
    /// };
    /// let rooms = vec![
    ///     room(0, Doors::EMPTY.with(Side::East), RoomKind::Start),
    ///     room(1, Doors::EMPTY.with(Side::West), RoomKind::Boss),
    /// ];
    /// let grid = RoomGrid::new(3, 1, 5, 4, rooms)?; // 3 x 1 cells of 5 x 4 tiles
    /// assert_eq!((grid.cols(), grid.rows()), (3, 1));
    /// assert_eq!((grid.room_width(), grid.room_height()), (5, 4));
    /// # Ok::<(), mapgen::generators::grid::RoomGridError>(())
    /// ```
    pub const fn cols(&self) -> i32 {
        self.cols
    }

    /// Grid rows.
    pub const fn rows(&self) -> i32 {
        self.rows
    }

    /// A room's width in tiles, walls included.
    pub const fn room_width(&self) -> i32 {
        self.room_width
    }

    /// A room's height in tiles, walls included.
    pub const fn room_height(&self) -> i32 {
        self.room_height
    }

    /// The rooms in the order they were grown; the start room is first.
    ///
    /// ```
    /// use mapgen::generators::grid::{Doors, GridRoom, RoomCell, RoomGrid, RoomKind, Side};
    /// let room = |col, doors, kind| GridRoom {
    ///     cell: RoomCell::new(col, 0),
    ///     doors,
    ///     kind,
    ///     doors_from_start: col as u32,
    /// };
    /// let rooms = vec![
    ///     room(0, Doors::EMPTY.with(Side::East), RoomKind::Start),
    ///     room(1, Doors::EMPTY.with(Side::West), RoomKind::Boss),
    /// ];
    /// let grid = RoomGrid::new(3, 1, 5, 4, rooms)?; // 3 x 1 cells of 5 x 4 tiles
    /// assert_eq!(grid.rooms()[0].kind, RoomKind::Start);
    /// assert_eq!(grid.room_at(RoomCell::new(1, 0)).map(|r| r.kind), Some(RoomKind::Boss));
    /// assert_eq!(grid.room_at(RoomCell::new(2, 0)), None); // an empty cell
    /// assert_eq!(grid.boss().map(|r| r.cell), Some(RoomCell::new(1, 0)));
    /// # Ok::<(), mapgen::generators::grid::RoomGridError>(())
    /// ```
    pub fn rooms(&self) -> &[GridRoom] {
        &self.rooms
    }

    /// The room in `cell`, if any.
    pub fn room_at(&self, cell: RoomCell) -> Option<&GridRoom> {
        self.room_index(cell).map(|i| &self.rooms[i])
    }

    /// The index in [`RoomGrid::rooms`] of the room in `cell`, if any.
    pub fn room_index(&self, cell: RoomCell) -> Option<usize> {
        match &self.cells {
            CellIndex::Dense(cells) => cells.get_or_default((cell.col, cell.row)).index(),
            CellIndex::Sparse(occupied) => {
                if !(0..self.cols).contains(&cell.col) || !(0..self.rows).contains(&cell.row) {
                    return None;
                }
                let number = cell.row as u32 * self.cols as u32 + cell.col as u32;
                let at = occupied.binary_search_by_key(&number, |&(c, _)| c).ok()?;
                occupied.get(at).map(|&(_, i)| i as usize)
            }
        }
    }

    /// The index of the room whose floor or door tile `p` is (see
    /// [`RoomGrid::cell_at_tile`]).
    ///
    /// ```
    /// use mapgen::generators::grid::{Doors, GridRoom, RoomCell, RoomGrid, RoomKind, Side};
    /// let room = |col, doors, kind| GridRoom {
    ///     cell: RoomCell::new(col, 0),
    ///     doors,
    ///     kind,
    ///     doors_from_start: col as u32,
    /// };
    /// let rooms = vec![
    ///     room(0, Doors::EMPTY.with(Side::East), RoomKind::Start),
    ///     room(1, Doors::EMPTY.with(Side::West), RoomKind::Boss),
    /// ];
    /// let grid = RoomGrid::new(3, 1, 5, 4, rooms)?; // 3 x 1 cells of 5 x 4 tiles
    /// use mapgen::Point;
    /// assert_eq!(grid.room_index_at_tile(Point::new(2, 2)), Some(0)); // a floor tile of room 0
    /// assert_eq!(grid.room_index_at_tile(Point::new(6, 2)), Some(1));
    /// // The shared wall: the west room's cell.
    /// assert_eq!(grid.cell_at_tile(Point::new(4, 2)), Some(RoomCell::new(0, 0)));
    /// assert_eq!(grid.cell_at_tile(Point::new(4, 0)), None); // a wall corner
    /// # Ok::<(), mapgen::generators::grid::RoomGridError>(())
    /// ```
    pub fn room_index_at_tile(&self, p: Point) -> Option<usize> {
        self.room_index(self.cell_at_tile(p)?)
    }

    /// The outline of the room in `cell`; its floor is [`Rect::inner`].
    ///
    /// ```
    /// use mapgen::generators::grid::{Doors, GridRoom, RoomCell, RoomGrid, RoomKind, Side};
    /// let room = |col, doors, kind| GridRoom {
    ///     cell: RoomCell::new(col, 0),
    ///     doors,
    ///     kind,
    ///     doors_from_start: col as u32,
    /// };
    /// let rooms = vec![
    ///     room(0, Doors::EMPTY.with(Side::East), RoomKind::Start),
    ///     room(1, Doors::EMPTY.with(Side::West), RoomKind::Boss),
    /// ];
    /// let grid = RoomGrid::new(3, 1, 5, 4, rooms)?; // 3 x 1 cells of 5 x 4 tiles
    /// use mapgen::{Point, Rect};
    /// assert_eq!(grid.outline(RoomCell::new(1, 0)), Rect::new(4, 0, 4, 3)); // neighbours share a wall
    /// assert_eq!(grid.door_tile(RoomCell::new(0, 0), Side::East), Point::new(4, 1));
    /// # Ok::<(), mapgen::generators::grid::RoomGridError>(())
    /// ```
    pub const fn outline(&self, cell: RoomCell) -> Rect {
        let (w, h) = (self.room_width, self.room_height);
        Rect::new(
            cell.col.saturating_mul(w - 1),
            cell.row.saturating_mul(h - 1),
            w - 1,
            h - 1,
        )
    }

    /// The grid cell whose room contains tile `p`. A tile on a shared wall (a door) counts
    /// as the room west or north of it. `None` on wall corners and outside the grid.
    pub fn cell_at_tile(&self, p: Point) -> Option<RoomCell> {
        let (sw, sh) = (self.room_width - 1, self.room_height - 1);
        if p.x < 0 || p.y < 0 || sw <= 0 || sh <= 0 {
            return None;
        }
        let (col, row) = (p.x / sw, p.y / sh);
        let (on_x_wall, on_y_wall) = (p.x % sw == 0, p.y % sh == 0);
        let cell = match (on_x_wall, on_y_wall) {
            (false, false) => (col, row),
            // On a vertical wall: the tile belongs to the room on either side; take the
            // west one unless that is off the grid.
            (true, false) => (if col > 0 { col - 1 } else { col }, row),
            (false, true) => (col, if row > 0 { row - 1 } else { row }),
            (true, true) => return None,
        };
        (cell.0 < self.cols && cell.1 < self.rows).then_some(RoomCell::new(cell.0, cell.1))
    }

    /// The boss room.
    pub fn boss(&self) -> Option<&GridRoom> {
        self.rooms.iter().find(|r| r.kind == RoomKind::Boss)
    }

    /// The tile of the door on `side` of the room in `cell`: the middle of that wall.
    pub const fn door_tile(&self, cell: RoomCell, side: Side) -> Point {
        let r = self.outline(cell);
        let c = r.center();
        match side {
            Side::North => Point::new(c.x, r.y1),
            Side::South => Point::new(c.x, r.y2),
            Side::West => Point::new(r.x1, c.y),
            Side::East => Point::new(r.x2, c.y),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> RoomGrid {
        let room = |col, row, doors| GridRoom {
            cell: RoomCell::new(col, row),
            doors,
            kind: RoomKind::Normal,
            doors_from_start: 0,
        };
        RoomGrid::new(
            3,
            2,
            5,
            4,
            vec![
                room(0, 0, Doors::EMPTY.with(Side::East)),
                room(1, 0, Doors::EMPTY.with(Side::West)),
            ],
        )
        .unwrap()
    }

    #[test]
    fn outlines_share_walls_and_doors_sit_mid_wall() {
        let g = grid();
        assert_eq!(g.outline(RoomCell::new(0, 0)), Rect::new(0, 0, 4, 3));
        assert_eq!(g.outline(RoomCell::new(1, 0)), Rect::new(4, 0, 4, 3));
        assert_eq!(g.outline(RoomCell::new(2, 1)), Rect::new(8, 3, 4, 3));
        assert_eq!(g.door_tile(RoomCell::new(0, 0), Side::East), Point::new(4, 1));
        assert_eq!(g.door_tile(RoomCell::new(1, 0), Side::West), Point::new(4, 1));
        assert_eq!(g.door_tile(RoomCell::new(0, 0), Side::South), Point::new(2, 3));
    }

    #[test]
    fn cell_at_tile_of_floors_doors_walls_and_outside() {
        let g = grid();
        assert_eq!(g.cell_at_tile(Point::new(1, 1)), Some(RoomCell::new(0, 0)));
        assert_eq!(g.cell_at_tile(Point::new(7, 2)), Some(RoomCell::new(1, 0)));
        assert_eq!(g.cell_at_tile(Point::new(9, 5)), Some(RoomCell::new(2, 1)));
        assert_eq!(
            g.cell_at_tile(Point::new(4, 1)),
            Some(RoomCell::new(0, 0)),
            "a door counts as the west room"
        );
        assert_eq!(
            g.cell_at_tile(Point::new(2, 3)),
            Some(RoomCell::new(0, 0)),
            "and as the north room"
        );
        assert_eq!(
            g.cell_at_tile(Point::new(0, 1)),
            Some(RoomCell::new(0, 0)),
            "the grid's own west wall"
        );
        assert_eq!(
            g.cell_at_tile(Point::new(4, 3)),
            None,
            "wall corners belong to no room"
        );
        assert_eq!(g.cell_at_tile(Point::new(-1, 1)), None);
        for far in [
            Point::new(i32::MAX, 1),
            Point::new(1, i32::MAX),
            Point::new(i32::MIN, i32::MIN),
            Point::new(i32::MAX, i32::MAX),
        ] {
            assert_eq!(g.cell_at_tile(far), None, "{far}");
            assert_eq!(g.room_index_at_tile(far), None);
        }
        assert_eq!(g.outline(RoomCell::new(i32::MAX, i32::MIN)).x2, i32::MAX);
        let _ = g.door_tile(RoomCell::new(i32::MAX, i32::MAX), Side::South);
        assert_eq!(g.cell_at_tile(Point::new(13, 1)), None);
        assert_eq!(g.room_index_at_tile(Point::new(7, 2)), Some(1));
        assert_eq!(
            g.room_index_at_tile(Point::new(9, 5)),
            None,
            "no room in that cell"
        );
        assert_eq!(
            g.room_at(RoomCell::new(1, 0)).map(|r| r.doors.to_string()),
            Some("W".into())
        );
    }

    #[test]
    fn new_refuses_rooms_outside_or_on_one_cell() {
        let room = |col, row| GridRoom {
            cell: RoomCell::new(col, row),
            doors: Doors::EMPTY,
            kind: RoomKind::Normal,
            doors_from_start: 0,
        };
        let err = RoomGrid::new(2, 2, 5, 5, vec![room(0, 0), room(2, 0)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "room 1 at cell (2, 0) is outside the 2x2 grid"
        );
        let err = RoomGrid::new(2, 2, 5, 5, vec![room(1, 1), room(1, 1)]).unwrap_err();
        assert_eq!(err.to_string(), "rooms 0 and 1 are both at cell (1, 1)");
        let err = RoomGrid::new(2, 2, 2, 5, vec![]).unwrap_err();
        assert_eq!(err.to_string(), "room_width is 2; allowed 3..=255");
        assert!(RoomGrid::new(i32::MAX, 1, 3, 3, vec![]).is_err());
    }

    #[test]
    fn sides_turn_and_oppose() {
        for side in Side::ALL {
            assert_eq!(side.opposite().opposite(), side);
            assert_eq!(side.clockwise().clockwise(), side.opposite());
            let (dc, dr) = side.step();
            let (oc, or) = side.opposite().step();
            assert_eq!((dc + oc, dr + or), (0, 0));
        }
        assert_eq!(Doors::ALL.to_string(), "NESW");
        assert_eq!(Doors::ALL.without(Side::East).len(), 3);
        assert!(Doors::EMPTY.is_empty());
        let ns = Doors::EMPTY.with(Side::North).with(Side::South);
        assert!(Doors::EMPTY.is_within(ns) && ns.is_within(ns) && ns.is_within(Doors::ALL));
        assert!(!Doors::ALL.is_within(ns) && !ns.is_within(Doors::EMPTY.with(Side::North)));
    }
}
