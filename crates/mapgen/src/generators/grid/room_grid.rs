//! The room graph of a grid-of-rooms dungeon: which grid cells hold rooms, their doors,
//! kinds and depths; for the `isaac` generator also room shapes, seeds and door kinds.

use std::fmt;

use super::plan::{Link, RoomPlan, RoomShape};
use crate::generators::named_enum::named_enum;
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

    /// The side of this cell that `other` lies across, when the two are side by side.
    ///
    /// ```
    /// use mapgen::generators::grid::{RoomCell, Side};
    /// let cell = RoomCell::new(6, 6);
    /// assert_eq!(cell.side_towards(RoomCell::new(7, 6)), Some(Side::East));
    /// assert_eq!(cell.side_towards(RoomCell::new(7, 7)), None); // not side by side
    /// ```
    pub fn side_towards(self, other: RoomCell) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| self.neighbour(s) == other)
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

named_enum! {
    /// What a grid room is for. The `grid` generator makes the first four; the `isaac`
    /// generator all of them, with Isaac's names (its `RoomType`). `#[non_exhaustive]`:
    /// generators to come may add kinds.
    #[non_exhaustive]
    pub enum RoomKind ("room kind") {
        /// Where the player starts, at the grid's centre.
        Start = "start",
        /// An ordinary room.
        Normal = "normal",
        /// The boss room: a dead end at the greatest depth.
        Boss = "boss",
        /// A treasure room: another dead end.
        Treasure = "treasure",
        /// The super secret room: a dead end behind a secret door.
        SuperSecret = "super-secret",
        /// The shop, behind a locked door.
        Shop = "shop",
        /// The sacrifice room.
        Sacrifice = "sacrifice",
        /// The dice room (instead of a sacrifice room, 1 time in 50).
        Dice = "dice",
        /// The library, behind a locked door.
        Library = "library",
        /// The curse room.
        Curse = "curse",
        /// The mini-boss room.
        Miniboss = "miniboss",
        /// The challenge room.
        Challenge = "challenge",
        /// The arcade.
        Arcade = "arcade",
        /// The secret room: an empty cell beside several rooms, behind secret doors; the
        /// only loop of an Isaac floor.
        Secret = "secret",
    }
}

impl RoomKind {
    /// True for the secret and super secret rooms, which only secret doors lead to.
    ///
    /// ```
    /// use mapgen::generators::grid::RoomKind;
    /// assert!(RoomKind::SuperSecret.is_secret() && !RoomKind::Shop.is_secret());
    /// assert_eq!("super-secret".parse::<RoomKind>(), Ok(RoomKind::SuperSecret));
    /// ```
    pub const fn is_secret(self) -> bool {
        matches!(self, RoomKind::Secret | RoomKind::SuperSecret)
    }
}

/// One room of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GridRoom {
    /// The room's cell of the grid; for a room over several cells (a
    /// [`plan`](GridRoom::plan) with a large [`RoomShape`]), its first cell in row order.
    pub cell: RoomCell,
    /// The sides with a door; each leads to a room that has the matching door. For a
    /// room with a [`plan`](GridRoom::plan), the doors of its first cell (every door is in
    /// [`RoomGrid::links`]).
    pub doors: Doors,
    /// What the room is for.
    pub kind: RoomKind,
    /// How many doors lie between this room and the start room (saved as `depth`; not
    /// the depth of a level in a dungeon of several). A secret room counts one more than
    /// its nearest neighbour.
    pub doors_from_start: u32,
    /// The shape and seed of a room of the `isaac` generator; `None` for the `grid`
    /// generator's rooms (one cell each, no seed).
    pub plan: Option<RoomPlan>,
}

impl GridRoom {
    /// The cells the room takes, [`GridRoom::cell`] first, in row order.
    ///
    /// ```
    /// use mapgen::generators::grid::{Doors, GridRoom, RoomCell, RoomKind, RoomPlan, RoomShape};
    /// let room = GridRoom {
    ///     cell: RoomCell::new(2, 1),
    ///     doors: Doors::EMPTY,
    ///     kind: RoomKind::Normal,
    ///     doors_from_start: 0,
    ///     plan: Some(RoomPlan { shape: RoomShape::TwoByOne, seed: 7 }),
    /// };
    /// assert_eq!(room.cells().collect::<Vec<_>>(), [RoomCell::new(2, 1), RoomCell::new(3, 1)]);
    /// assert_eq!(room.shape(), RoomShape::TwoByOne);
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = RoomCell> + use<> {
        self.shape().cells(self.cell)
    }

    /// The room's shape: [`RoomShape::OneByOne`] without a plan.
    pub fn shape(&self) -> RoomShape {
        self.plan.map_or(RoomShape::OneByOne, |p| p.shape)
    }
}

/// The grid of rooms behind a grid dungeon's tile map.
///
/// The room of cell `(col, row)` occupies the tiles `col * (room_width - 1) ..= col *
/// (room_width - 1) + room_width - 1` across (and likewise down): neighbours share their wall, and a door is
/// the `+` tile in the middle of the shared wall. A room over several cells (the `isaac`
/// generator's) takes each of its cells, and the walls between them are floor. Looking a
/// room up by its cell or by a tile takes constant time (in a grid loaded with rooms in
/// fewer than one cell in 16, a search by halving instead).
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
    /// The doors between cells, with their kinds; empty for the `grid` generator, whose
    /// doors are all open and in [`GridRoom::doors`].
    links: Vec<Link>,
}

impl PartialEq for RoomGrid {
    /// Equal sizes, rooms and links; the cell index follows from them, however it is kept.
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

/// What two equal grids share: sizes (cells, room tiles), rooms and links.
type GridKey<'a> = ((i32, i32), (i32, i32), &'a [GridRoom], &'a [Link]);

/// Rooms fill at least one grid cell in this many for the cell index to be a slot per cell.
const DENSE_CELLS_PER_ROOM_CELL: u64 = 16;

/// Which room stands in each grid cell: a slot per cell when rooms fill at least one cell
/// in [`DENSE_CELLS_PER_ROOM_CELL`] (as the generators' grids do), else the occupied
/// cells in order, searched by halving. Either way the index takes at most 64 bytes a
/// room cell, so a loaded grid of 25 million cells and one room is bytes, not 100 MB.
#[derive(Debug, Clone)]
enum CellIndex {
    Dense(Grid<RoomSlot>),
    /// `(row * cols + col, room index)` of each room cell, sorted.
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
    /// A door that does not lead to a room with the matching door: off the grid, into an
    /// empty cell or the room's own, or to a room without the door back. With
    /// [`RoomGrid::links`] the doors are the links, and a room's [`GridRoom::doors`] must be
    /// those of its first cell.
    #[error(
        "room {index} at cell ({col}, {row}) has a door on its {side:?} side, but no room behind it has the matching door"
    )]
    DoorToNothing {
        /// The room's index in the room list.
        index: usize,
        /// The column of the door's cell (the room's first cell, or for a link, its end).
        col: i32,
        /// The row of the door's cell.
        row: i32,
        /// The side of the door.
        side: Side,
    },
    /// A link that does not join two side-by-side cells of two different rooms, or that
    /// joins two cells another link already joins.
    #[error("link {index} from cell {a} to cell {b} {problem}")]
    Link {
        /// Its index in the link list.
        index: usize,
        /// Its near cell.
        a: RoomCell,
        /// Its far cell.
        b: RoomCell,
        /// What is wrong: `joins cells that are not side by side`, `has a cell without a
        /// room`, `joins two cells of one room` or `joins the same cells as an earlier link`.
        problem: &'static str,
    },
}

/// Which doors [`RoomGrid`]'s door check can see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DoorsKnown {
    /// The rooms' own, at their first cells: the links are still to come.
    FirstCells,
    /// All of them: the links have come (or there are none).
    All,
}

/// `row * cols + col` of `cell` when it lies inside a grid of `size` (below 25 million).
fn cell_number((cols, rows): (i32, i32), cell: RoomCell) -> Option<u32> {
    let inside = (0..cols).contains(&cell.col) && (0..rows).contains(&cell.row);
    inside.then(|| cell.row.unsigned_abs() * cols.unsigned_abs() + cell.col.unsigned_abs())
}

/// The first room, in order, with a cell an earlier room has: (the earlier room, the room,
/// the cell). `occupied` holds `(cell number, room)` of the rooms' cells, sorted.
fn first_shared_cell(
    rooms: &[GridRoom],
    occupied: &[(u32, u32)],
    size: (i32, i32),
) -> Option<(usize, usize, RoomCell)> {
    let second = (occupied.windows(2))
        .filter(|pair| pair[0].0 == pair[1].0)
        .map(|pair| pair[1].1 as usize)
        .min()?;
    // Its first cell, in its own order, that an earlier room holds.
    rooms.get(second)?.cells().find_map(|cell| {
        let number = cell_number(size, cell)?;
        let at = occupied.partition_point(|&(c, _)| c < number);
        let &(c, first) = occupied.get(at)?;
        (c == number && (first as usize) < second).then_some((first as usize, second, cell))
    })
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
    ///     plan: None,
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
    /// (any of its cells) outside the grid, two rooms in one cell, or
    /// [`RoomGridError::DoorToNothing`]: a door that does not lead to a room with the
    /// matching door (a door into a large room's cell other than its first is checked by
    /// [`RoomGrid::with_links`], which brings the doors of those cells).
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
        let size = (cols, rows);
        // Everything is checked before the index is built, and its size follows the rooms:
        // the cells of the rooms up to the first one outside the grid, in order.
        let placed = rooms.iter().enumerate().flat_map(|(index, room)| {
            room.cells()
                .map(move |cell| (index, cell, cell_number(size, cell)))
        });
        let mut outside = None;
        let mut occupied = Vec::new();
        for (index, cell, number) in placed {
            let Some(number) = number else {
                outside = Some((index, cell));
                break;
            };
            occupied.push((number, RoomSlot::of(index).0));
        }
        occupied.sort_unstable();
        if let Some((first, second, RoomCell { col, row })) = first_shared_cell(&rooms, &occupied, size) {
            return Err(RoomGridError::SameCell {
                first,
                second,
                col,
                row,
            });
        }
        if let Some((index, RoomCell { col, row })) = outside {
            return Err(RoomGridError::Outside {
                index,
                col,
                row,
                cols,
                rows,
            });
        }
        let cell_count = u64::from(cols.unsigned_abs()) * u64::from(rows.unsigned_abs());
        let cells = if cell_count <= DENSE_CELLS_PER_ROOM_CELL * occupied.len() as u64 {
            let mut cells = Grid::new(cols, rows, RoomSlot::EMPTY).unwrap_or_default();
            for (index, room) in rooms.iter().enumerate() {
                for cell in room.cells() {
                    cells.set((cell.col, cell.row), RoomSlot::of(index));
                }
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
            links: Vec::new(),
        };
        grid.check_doors(DoorsKnown::FirstCells)?;
        Ok(grid)
    }

    /// The same grid with these doors between cells (the `isaac` generator's doors, with
    /// their kinds).
    ///
    /// ```
    /// use mapgen::generators::grid::{Doors, GridRoom, Link, LinkKind, RoomCell, RoomGrid, RoomKind, Side};
    /// let room = |col, doors| GridRoom {
    ///     cell: RoomCell::new(col, 0),
    ///     doors,
    ///     kind: RoomKind::Normal,
    ///     doors_from_start: 0,
    ///     plan: None,
    /// };
    /// let rooms = vec![room(0, Doors::EMPTY.with(Side::East)), room(1, Doors::EMPTY.with(Side::West))];
    /// let door = Link { a: RoomCell::new(0, 0), b: RoomCell::new(1, 0), kind: LinkKind::Locked };
    /// let grid = RoomGrid::new(2, 1, 5, 4, rooms)?.with_links(vec![door])?;
    /// assert_eq!(grid.links(), [door]);
    /// assert_eq!(grid.cell_doors(RoomCell::new(1, 0)), Doors::EMPTY.with(Side::West));
    /// let to_itself = Link { b: RoomCell::new(0, 0), ..door };
    /// let err = RoomGrid::new(2, 1, 5, 4, vec![])?.with_links(vec![to_itself]).unwrap_err();
    /// assert_eq!(err.to_string(), "link 0 from cell (0, 0) to cell (0, 0) joins cells that are not side by side");
    /// # Ok::<(), mapgen::generators::grid::RoomGridError>(())
    /// ```
    ///
    /// # Errors
    /// [`RoomGridError::Link`] for a link whose cells are not side by side, a cell without
    /// a room, two cells of one room, or two links between the same cells;
    /// [`RoomGridError::DoorToNothing`] for a room whose doors are not the links of its
    /// first cell, or, without links, a door into a large room's cell other than its first
    /// (which has no doors).
    pub fn with_links(mut self, links: Vec<Link>) -> Result<RoomGrid, RoomGridError> {
        let repeated = repeated_links(&links);
        for (index, link) in links.iter().enumerate() {
            let problem = if link.side().is_none() {
                Some("joins cells that are not side by side")
            } else {
                match (self.room_index(link.a), self.room_index(link.b)) {
                    (Some(a), Some(b)) if a == b => Some("joins two cells of one room"),
                    (Some(_), Some(_)) => None,
                    _ => Some("has a cell without a room"),
                }
            };
            let problem = problem.or_else(|| {
                repeated[index].then_some("joins the same cells as an earlier link")
            });
            if let Some(problem) = problem {
                return Err(RoomGridError::Link {
                    index,
                    a: link.a,
                    b: link.b,
                    problem,
                });
            }
        }
        self.links = links;
        self.check_doors(DoorsKnown::All)?;
        Ok(self)
    }

    /// Checks that every door leads to a room with the matching door. Without links a
    /// room's doors are those of its first cell, and its other cells have none; with links
    /// every door is a link, and each room's doors are its first cell's links. `new`, which
    /// has no links yet, leaves doors into the other cells of a large room to `with_links`.
    fn check_doors(&self, known: DoorsKnown) -> Result<(), RoomGridError> {
        let refuse = |index, cell: RoomCell, side| RoomGridError::DoorToNothing {
            index,
            col: cell.col,
            row: cell.row,
            side,
        };
        if self.links.is_empty() {
            for (index, room) in self.rooms.iter().enumerate() {
                for side in room.doors.sides() {
                    let behind = room.cell.neighbour(side);
                    let matched = match self.room_index(behind) {
                        Some(other) if other != index => {
                            let other = &self.rooms[other];
                            if other.cell == behind {
                                other.doors.has(side.opposite())
                            } else {
                                known == DoorsKnown::FirstCells
                            }
                        }
                        _ => false,
                    };
                    if !matched {
                        return Err(refuse(index, room.cell, side));
                    }
                }
            }
            return Ok(());
        }
        // Each end of each link, sorted by cell: the doors the links give the cells.
        let mut ends: Vec<(u32, Side)> = (self.links.iter())
            .filter_map(|link| Some((link.a, link.b, link.side()?)))
            .flat_map(|(a, b, side)| [(a, side), (b, side.opposite())])
            .filter_map(|(cell, side)| Some((self.cell_number(cell)?, side)))
            .collect();
        ends.sort_unstable();
        for (index, room) in self.rooms.iter().enumerate() {
            let number = self.cell_number(room.cell).unwrap_or(u32::MAX);
            let from = ends.partition_point(|&(cell, _)| cell < number);
            let linked = (ends[from..].iter())
                .take_while(|&&(cell, _)| cell == number)
                .fold(Doors::EMPTY, |doors, &(_, side)| doors.with(side));
            // A door the room lists that no link makes leads to no door.
            if let Some(side) = room.doors.sides().find(|&s| !linked.has(s)) {
                return Err(refuse(index, room.cell, side));
            }
            // A link the room does not list: the door at the link's other end has no match.
            if let Some(side) = linked.sides().find(|&s| !room.doors.has(s)) {
                let behind = room.cell.neighbour(side);
                let other = self.room_index(behind).unwrap_or(index);
                return Err(refuse(other, behind, side.opposite()));
            }
        }
        Ok(())
    }

    /// What makes two grids equal: the cell index follows from it.
    fn key(&self) -> GridKey<'_> {
        let size = (self.cols, self.rows);
        (size, (self.room_width, self.room_height), &self.rooms, &self.links)
    }

    /// The grid a generator grew, with the cell index it built along the way and its
    /// links (none for the `grid` generator).
    pub(crate) fn from_parts(
        (cols, rows): (i32, i32),
        (room_width, room_height): (i32, i32),
        rooms: Vec<GridRoom>,
        cells: Grid<RoomSlot>,
        links: Vec<Link>,
    ) -> RoomGrid {
        RoomGrid {
            cols,
            rows,
            room_width,
            room_height,
            rooms,
            cells: CellIndex::Dense(cells),
            links,
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
    ///     plan: None,
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
    ///     plan: None,
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
                let number = self.cell_number(cell)?;
                let at = occupied.binary_search_by_key(&number, |&(c, _)| c).ok()?;
                occupied.get(at).map(|&(_, room)| room as usize)
            }
        }
    }

    /// `row * cols + col` of a cell inside the grid (below 25 million).
    fn cell_number(&self, cell: RoomCell) -> Option<u32> {
        cell_number((self.cols, self.rows), cell)
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
    ///     plan: None,
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
    ///
    /// A wall corner is in no room, except the middle of a 2x2 room (the `isaac`
    /// generator's), which is floor: the four cells around it are that room's.
    pub fn room_index_at_tile(&self, p: Point) -> Option<usize> {
        match self.cell_at_tile(p) {
            Some(cell) => self.room_index(cell),
            None => self.room_around_corner(p),
        }
    }

    /// The room whose cells all four meet at corner tile `p`, if one room holds them.
    fn room_around_corner(&self, p: Point) -> Option<usize> {
        let (sw, sh) = (self.room_width - 1, self.room_height - 1);
        if p.x <= 0 || p.y <= 0 || sw <= 0 || sh <= 0 || p.x % sw != 0 || p.y % sh != 0 {
            return None;
        }
        let south_east = RoomCell::new(p.x / sw, p.y / sh);
        let room = self.room_index(south_east)?;
        let others = [(-1, -1), (0, -1), (-1, 0)]
            .map(|(dc, dr)| RoomCell::new(south_east.col + dc, south_east.row + dr));
        others
            .iter()
            .all(|&cell| self.room_index(cell) == Some(room))
            .then_some(room)
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
    ///     plan: None,
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

    /// The boss room; when there are two (the `isaac` generator's XL floors, whose boss
    /// rooms stand back to back), the second, which the floor ends in.
    pub fn boss(&self) -> Option<&GridRoom> {
        self.rooms.iter().rev().find(|r| r.kind == RoomKind::Boss)
    }

    /// Where a grid of rooms ends: the middle of its boss room ([`RoomGrid::boss`], one
    /// cell), for the `grid` and the `isaac` generators alike. `None` for a grid without
    /// a boss room (one made by hand), whose dungeon's exit is then its farthest tile.
    ///
    /// ```
    /// use mapgen::prelude::*;
    /// let dungeon = GridSettings::default().generate(1)?;
    /// let grid = dungeon.room_grid().unwrap();
    /// let exit = grid.planned_exit().unwrap();
    /// let boss = grid.boss().unwrap();
    /// assert_eq!(exit, grid.outline(boss.cell).center());
    /// assert_eq!(dungeon.exit(), exit);
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    pub fn planned_exit(&self) -> Option<Point> {
        let boss = self.boss()?;
        Some(self.outline(boss.cell).center())
    }

    /// The doors between cells, with their kinds, one per door: the `isaac` generator's.
    /// Empty for the `grid` generator, whose doors are all open and in [`GridRoom::doors`].
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// The sides of `cell` that have a door: from the links when there are any (a look
    /// through them, a few dozen at most), otherwise the doors of the room whose first
    /// cell it is.
    pub fn cell_doors(&self, cell: RoomCell) -> Doors {
        if self.links.is_empty() {
            let room = self.room_at(cell).filter(|room| room.cell == cell);
            return room.map_or(Doors::EMPTY, |room| room.doors);
        }
        self.links
            .iter()
            .filter_map(|link| {
                if link.a == cell {
                    link.side()
                } else if link.b == cell {
                    link.side().map(Side::opposite)
                } else {
                    None
                }
            })
            .fold(Doors::EMPTY, Doors::with)
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


/// For each link, whether an earlier one joins the same two cells: sorted, not compared
/// pair by pair, so a loaded list of millions of links takes `n log n`.
fn repeated_links(links: &[Link]) -> Vec<bool> {
    let key = |link: &Link| {
        let (a, b) = ((link.a.col, link.a.row), (link.b.col, link.b.row));
        (a.min(b), a.max(b))
    };
    let mut order: Vec<usize> = (0..links.len()).collect();
    order.sort_by_key(|&i| (key(&links[i]), i));
    let mut repeated = vec![false; links.len()];
    for pair in order.windows(2) {
        if key(&links[pair[0]]) == key(&links[pair[1]]) {
            repeated[pair[1]] = true;
        }
    }
    repeated
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
            plan: None,
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
            plan: None,
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
