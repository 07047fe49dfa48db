//! Grid-of-rooms dungeons in the style of The Binding of Isaac: equal rooms on a fixed
//! grid, joined by doors, grown outward from a start room in the middle.
//!
//! Each new room draws its door set from a pool of shapes relative to the door it was
//! entered by (dead end, straight on, turn, T, cross), weighted by [`DoorWeights`]. Unlike
//! the design this follows, every door is matched by a door on the other side, rooms may
//! sit on the border without doors leading off the grid, and the boss room is found by a
//! breadth-first walk: a dead end at the greatest depth.

mod plan;
mod remaining;
mod room_grid;

use std::collections::VecDeque;

use crate::generators::Generate;
use crate::record::Recorder;
use crate::carve::create_room;
use crate::{Combine, Dungeon, DungeonRng, GenerateError, Grid, Layout, Map, MapError, Rect, Tile};
use remaining::Remaining;
pub(crate) use room_grid::RoomSlot;
pub use plan::{Link, LinkKind, RoomPlan, RoomShape};
pub use room_grid::{Doors, GridRoom, RoomCell, RoomGrid, RoomGridError, RoomKind, Side};

/// Relative weights of the door sets a new room may take, seen from the door it was
/// entered by. Each weight applies to every set of its shape: `turn` to the left turn and
/// to the right turn, `tee` to each of the three T shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct DoorWeights {
    /// Only the entry door: a dead end.
    pub dead_end: u32,
    /// The entry and the opposite side: the corridor goes straight on.
    pub straight: u32,
    /// The entry and one side at right angles (per turn).
    pub turn: u32,
    /// Three doors, the entry among them (per T shape).
    pub tee: u32,
    /// All four sides.
    pub cross: u32,
}

impl Default for DoorWeights {
    fn default() -> Self {
        DoorWeights::DEFAULT
    }
}

impl DoorWeights {
    /// Stretched but branching: going straight on is twice as likely as turning
    /// (8 against 2 + 2), and forks are common enough that growth rarely closes early.
    pub const DEFAULT: DoorWeights = DoorWeights {
        dead_end: 3,
        straight: 8,
        turn: 2,
        tee: 2,
        cross: 1,
    };

    /// The largest allowed weight.
    pub const MAX: u32 = 1_000_000;

    /// The pool of door sets for a room entered through its `entry` side, with weights.
    fn pool(&self, entry: Side) -> [(Doors, u32); 8] {
        let ahead = entry.opposite();
        let right = entry.clockwise();
        let left = right.opposite();
        let from = Doors::EMPTY.with(entry);
        [
            (from, self.dead_end),
            (from.with(ahead), self.straight),
            (from.with(left), self.turn),
            (from.with(right), self.turn),
            (from.with(ahead).with(left), self.tee),
            (from.with(ahead).with(right), self.tee),
            (from.with(left).with(right), self.tee),
            (Doors::ALL, self.cross),
        ]
    }

    fn validate(&self) -> Result<(), GenerateError> {
        let fields = [
            ("door_weights.dead_end", self.dead_end),
            ("door_weights.straight", self.straight),
            ("door_weights.turn", self.turn),
            ("door_weights.tee", self.tee),
            ("door_weights.cross", self.cross),
        ];
        for (field, value) in fields {
            GenerateError::check_range(field, value.into(), 0, Self::MAX.into())?;
        }
        // A pool of dead ends only can never grow past the start room's neighbours.
        GenerateError::check_combination(
            &[
                ("door_weights.straight", self.straight.into()),
                ("door_weights.turn", self.turn.into()),
                ("door_weights.tee", self.tee.into()),
                ("door_weights.cross", self.cross.into()),
            ],
            Combine::Sum,
            1,
            (4 * Self::MAX).into(),
        )
    }
}

/// Settings of the grid-of-rooms generator. `Default` gives a 9 x 7 grid of 13 x 9 rooms.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::grid::{GridSettings, RoomKind};
/// let dungeon = GridSettings::default().generate(3)?;
/// let grid = dungeon.grid().unwrap();
/// assert_eq!(grid.rooms().len(), 15);
/// assert_eq!(grid.boss().unwrap().doors.len(), 1);
/// assert_eq!(grid.rooms()[0].kind, RoomKind::Start);
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct GridSettings {
    /// Grid columns, at least 1 (2 when `rows` is 1); default 9.
    pub cols: i32,
    /// Grid rows, at least 1 (2 when `cols` is 1); default 7.
    pub rows: i32,
    /// A room's width in tiles, walls included, 3..=[`GridSettings::MAX_ROOM_SIDE`];
    /// default 13. Neighbours share a wall, so the map is `cols * (room_width - 1) + 1` wide.
    pub room_width: i32,
    /// A room's height in tiles, walls included, 3..=[`GridSettings::MAX_ROOM_SIDE`];
    /// default 9.
    pub room_height: i32,
    /// How many rooms to grow, start and boss included, 2..=`cols * rows`; default 15.
    /// When the door weights allow only dead ends and straight corridors (`turn`, `tee`
    /// and `cross` all 0), rooms grow only along the start room's row and column, so at
    /// most `cols + rows - 1`.
    pub room_count: u32,
    /// At most this many dead ends other than the boss room become treasure rooms;
    /// default 1.
    pub treasure_rooms: u32,
    /// The pool of door sets new rooms draw from.
    pub door_weights: DoorWeights,
}

impl Default for GridSettings {
    fn default() -> Self {
        GridSettings::DEFAULT
    }
}

/// Where a grown dungeon falls short of the promises, so the generator tries again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shortfall {
    TooFewRooms,
    NoDeadEndAtGreatestDepth,
    /// The rooms grown over all attempts reached [`GridSettings::growth_budget`].
    OutOfBudget,
}

impl GridSettings {
    /// A 9 x 7 grid of 13 x 9 rooms, 15 rooms, one treasure room, the default weights.
    pub const DEFAULT: GridSettings = GridSettings {
        cols: 9,
        rows: 7,
        room_width: 13,
        room_height: 9,
        room_count: 15,
        treasure_rooms: 1,
        door_weights: DoorWeights::DEFAULT,
    };
    /// The longest allowed room side.
    pub const MAX_ROOM_SIDE: i32 = 255;
    /// How many whole dungeons the generator grows before giving up.
    pub const MAX_ATTEMPTS: u32 = 1000;

    /// The most rooms these settings can ever grow: every cell, or only the start room's
    /// row and column (`cols + rows - 1`) when the door weights allow no turn, T or cross.
    fn most_rooms(&self) -> i64 {
        let (cols, rows) = (i64::from(self.cols), i64::from(self.rows));
        let w = &self.door_weights;
        if w.turn == 0 && w.tee == 0 && w.cross == 0 {
            // Straight corridors from the start room's doors never leave its row or column.
            cols + rows - 1
        } else {
            cols * rows
        }
    }

    /// The tile map's width and height: `(cols * (room_width - 1) + 1, rows * (room_height - 1) + 1)`.
    /// Settings that pass `validate` give at most [`Map::MAX_SIDE`] each way; others may
    /// give more, clamped to `i32::MAX`, never an overflow.
    ///
    /// ```
    /// assert_eq!(mapgen::generators::grid::GridSettings::default().map_size(), (109, 57));
    /// ```
    pub const fn map_size(&self) -> (i32, i32) {
        (
            map_side(self.cols, self.room_width),
            map_side(self.rows, self.room_height),
        )
    }
}

impl Generate for GridSettings {
    const NAME: &'static str = "grid";
    const ABOUT: &'static str =
        "equal rooms on a grid joined by doors, with boss and treasure rooms (The Binding of Isaac)";

    /// Checks every field, naming the first one that is out of range.
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`], or [`GenerateError::Combination`] for `cols * rows`
    /// below 2 and for door weights that cannot grow past the start room.
    fn validate(&self) -> Result<(), GenerateError> {
        let side = i64::from(Self::MAX_ROOM_SIDE);
        GenerateError::check_range("room_width", self.room_width.into(), 3, side)?;
        GenerateError::check_range("room_height", self.room_height.into(), 3, side)?;
        let max_cols = i64::from((Map::MAX_SIDE - 1) / (self.room_width - 1));
        let max_rows = i64::from((Map::MAX_SIDE - 1) / (self.room_height - 1));
        GenerateError::check_range("cols", self.cols.into(), 1, max_cols)?;
        GenerateError::check_range("rows", self.rows.into(), 1, max_rows)?;
        // One cell holds only the start room: there would be no boss room.
        GenerateError::check_combination(
            &[("cols", self.cols.into()), ("rows", self.rows.into())],
            Combine::Product,
            2,
            max_cols * max_rows,
        )?;
        // The weights first: they decide how many rooms can grow.
        self.door_weights.validate()?;
        let cells = i64::from(self.cols) * i64::from(self.rows);
        GenerateError::check_range("room_count", self.room_count.into(), 2, self.most_rooms())?;
        GenerateError::check_range("treasure_rooms", self.treasure_rooms.into(), 0, cells)
    }

    /// Generates a dungeon from `rng`'s stream.
    ///
    /// Grows rooms depth first from the start room's open doors until `room_count` rooms
    /// stand; closes the doors left open; walks the room graph for depths; makes a dead end
    /// at the greatest depth the boss room and up to `treasure_rooms` other dead ends
    /// treasure rooms. A dungeon with fewer rooms than `room_count`, or with no dead end at
    /// the greatest depth, is grown again from the same random stream.
    ///
    /// The work is bounded by the grid's size: at most [`GridSettings::MAX_ATTEMPTS`]
    /// attempts, and at most [`GridSettings::growth_budget`] rooms grown over all of them.
    ///
    /// # Errors
    /// The first invalid setting; [`GenerateError::GaveUp`] when no dungeon within those
    /// bounds keeps the promises (too many rooms for the grid and the door weights);
    /// [`GenerateError::Map`] when the map's memory cannot be had.
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        let mut cells = CellGrid::new(self.cols, self.rows)?;
        let mut budget = self.growth_budget();
        let mut last = Shortfall::TooFewRooms;
        let mut attempts = 0;
        while attempts < Self::MAX_ATTEMPTS && budget > 0 {
            attempts += 1;
            match self.grow(rng, &mut cells, &mut budget) {
                Ok(rooms) => return self.carve(self.room_grid(rooms, cells), recorder),
                Err(shortfall) => last = shortfall,
            }
        }
        Err(GenerateError::GaveUp {
            generator: crate::generators::GeneratorKind::Grid,
            attempts,
            reason: match last {
                Shortfall::TooFewRooms => {
                    "growth closed before room_count rooms; lower room_count or raise the door weights"
                }
                Shortfall::NoDeadEndAtGreatestDepth => {
                    "no dead end at the greatest depth for the boss room"
                }
                Shortfall::OutOfBudget => {
                    "the growth budget (4 rooms per grid cell, at least 2^20) ran out; lower room_count or raise the door weights"
                }
            },
        })
    }
}

impl GridSettings {
    /// The least number of rooms the generator may grow over all its attempts.
    pub const MIN_GROWTH_BUDGET: u64 = 1 << 20;
    /// How many rooms per grid cell the generator may grow over all its attempts, when
    /// that is more than [`GridSettings::MIN_GROWTH_BUDGET`].
    pub const GROWTH_PER_CELL: u64 = 4;

    /// How many rooms the generator may grow, over all its attempts, before it gives up:
    /// `max(MIN_GROWTH_BUDGET, GROWTH_PER_CELL * cols * rows)`. Each room grown costs a
    /// constant time, so a dungeon that cannot be grown costs at most a few times a grid
    /// full of rooms (a second or so per million cells), never a thousand times. Below
    /// about a thousand rooms the budget outlasts [`GridSettings::MAX_ATTEMPTS`].
    ///
    /// ```
    /// use mapgen::generators::grid::GridSettings;
    /// assert_eq!(GridSettings::default().growth_budget(), 1 << 20);
    /// let huge = GridSettings { cols: 1000, rows: 1000, ..GridSettings::default() };
    /// assert_eq!(huge.growth_budget(), 4_000_000);
    /// ```
    pub fn growth_budget(&self) -> u64 {
        let cells = u64::from(self.cols.unsigned_abs()) * u64::from(self.rows.unsigned_abs());
        // Saturating: settings not validated yet may hold any two i32.
        Self::GROWTH_PER_CELL
            .saturating_mul(cells)
            .max(Self::MIN_GROWTH_BUDGET)
    }

    /// Grows one room graph on the empty `cells`, drawing each room from `budget`. On
    /// success `cells` holds the rooms; otherwise it is emptied again, ready for the next
    /// attempt, and the shortfall says what the attempt lacked.
    fn grow(
        &self,
        rng: &mut DungeonRng,
        cells: &mut CellGrid,
        budget: &mut u64,
    ) -> Result<Vec<GridRoom>, Shortfall> {
        let mut rooms = Vec::new();
        let grown = self.grow_rooms(rng, cells, budget, &mut rooms);
        if grown.is_err() {
            // Only the cells this attempt filled: the cost follows the rooms, not the grid.
            for &(col, row, _) in &rooms {
                cells.clear(col, row);
            }
        }
        grown
    }

    fn grow_rooms(
        &self,
        rng: &mut DungeonRng,
        cells: &mut CellGrid,
        budget: &mut u64,
        rooms: &mut Vec<(i32, i32, Doors)>,
    ) -> Result<Vec<GridRoom>, Shortfall> {
        let (start_col, start_row) = (self.cols / 2, self.rows / 2);
        let start_doors = cells.on_grid(start_col, start_row, Doors::ALL);
        rooms.push((start_col, start_row, start_doors));
        cells.set(start_col, start_row, 0);
        // Depth first: the door opened last is followed first, so a corridor runs on until it
        // closes before the next branch starts. That is what lets the weights' preference
        // for going straight show as longer dungeons; breadth-first growth would fill the
        // grid ring by ring whatever the weights.
        let mut open: Vec<(usize, Side)> = Vec::new();
        push_shuffled(rng, &mut open, 0, start_doors);
        while rooms.len() < self.room_count as usize {
            let Some((from, side)) = open.pop() else {
                break;
            };
            let (col, row) = step(rooms[from].0, rooms[from].1, side);
            if cells.get(col, row).is_some() {
                continue; // Already built; doors are matched or closed below.
            }
            if *budget == 0 {
                return Err(Shortfall::OutOfBudget);
            }
            *budget -= 1;
            let doors = self.draw_doors(rng, cells, rooms, col, row, side.opposite());
            let index = rooms.len();
            cells.set(col, row, index);
            rooms.push((col, row, doors));
            push_shuffled(rng, &mut open, index, doors.without(side.opposite()));
        }
        if rooms.len() < self.room_count as usize {
            return Err(Shortfall::TooFewRooms);
        }
        close_unmatched_doors(cells, rooms);
        let depths = depths(cells, rooms);
        let kinds = self
            .assign_kinds(rng, rooms, &depths)
            .ok_or(Shortfall::NoDeadEndAtGreatestDepth)?;
        Ok(rooms
            .iter()
            .zip(depths.iter().zip(kinds))
            .map(|(&(col, row, doors), (&depth, kind))| GridRoom {
                cell: RoomCell::new(col, row),
                doors,
                kind,
                doors_from_start: depth,
                plan: None,
            })
            .collect())
    }

    /// The room graph of grown `rooms`, with the cell index built while growing them.
    fn room_grid(&self, rooms: Vec<GridRoom>, cells: CellGrid) -> RoomGrid {
        RoomGrid::from_parts(
            (self.cols, self.rows),
            (self.room_width, self.room_height),
            rooms,
            cells.0,
            Vec::new(),
        )
    }

    /// Draws the door set of a new room at `(col, row)` entered through `entry`: only sets
    /// with no door off the grid and none into a built room that has no door back.
    fn draw_doors(
        &self,
        rng: &mut DungeonRng,
        cells: &CellGrid,
        rooms: &[(i32, i32, Doors)],
        col: i32,
        row: i32,
        entry: Side,
    ) -> Doors {
        // The sides that may have a door, looked up once rather than per door set.
        let allowed = Side::ALL
            .into_iter()
            .filter(|&s| {
                let (c, r) = step(col, row, s);
                cells.in_grid(c, r) && cells.get(c, r).is_none_or(|i| rooms[i].2.has(s.opposite()))
            })
            .fold(Doors::EMPTY, Doors::with);
        let pool = self.door_weights.pool(entry);
        let weights = pool.map(|(doors, weight)| if doors.is_within(allowed) { weight } else { 0 });
        // The bare entry always fits; it is the fallback when nothing else may be drawn.
        rng.weighted_index(&weights)
            .map_or(Doors::EMPTY.with(entry), |i| pool[i].0)
    }

    /// Kinds in room order: the start, one boss at the greatest depth, treasure rooms
    /// among the other dead ends. `None` when no room at the greatest depth is a dead end.
    fn assign_kinds(
        &self,
        rng: &mut DungeonRng,
        rooms: &[(i32, i32, Doors)],
        depths: &[u32],
    ) -> Option<Vec<RoomKind>> {
        let deepest = depths.iter().copied().max()?;
        let dead_end = |i: usize| i > 0 && rooms[i].2.len() == 1;
        let boss_candidates: Vec<usize> = (0..rooms.len())
            .filter(|&i| dead_end(i) && depths[i] == deepest)
            .collect();
        if boss_candidates.is_empty() {
            return None;
        }
        let boss = boss_candidates[rng.below(boss_candidates.len() as u32) as usize];
        let mut kinds = vec![RoomKind::Normal; rooms.len()];
        kinds[0] = RoomKind::Start;
        kinds[boss] = RoomKind::Boss;
        let mut others = Remaining::new((0..rooms.len()).filter(|&i| dead_end(i) && i != boss));
        for _ in 0..self.treasure_rooms {
            if others.is_empty() {
                break;
            }
            // The k-th dead end not yet picked, in room order.
            let k = rng.below(others.len() as u32) as usize;
            if let Some(pick) = others.take(k) {
                kinds[pick] = RoomKind::Treasure;
            }
        }
        Some(kinds)
    }

    /// The tile map of a room graph: each room's floor, and a door tile for each door.
    fn carve(&self, grid: RoomGrid, recorder: &mut impl Recorder) -> Result<Dungeon, GenerateError> {
        let (width, height) = self.map_size();
        let mut map = Map::new(width, height)?;
        let outlines: Vec<_> = grid
            .rooms()
            .iter()
            .map(|r| grid.outline(r.cell))
            .collect();
        for (room, outline) in grid.rooms().iter().zip(&outlines) {
            create_room(&mut map, outline);
            for side in room.doors.sides() {
                map.set(grid.door_tile(room.cell, side), Tile::DOOR);
            }
            recorder.step("room", &map);
        }
        // The start room is always the first grown.
        let start = outlines.first().map_or_else(Default::default, Rect::center);
        Ok(Dungeon::new(map, start)
            .with_rooms(outlines)
            .with_layout(Layout::Grid(grid)))
    }
}

/// `cells * (room - 1) + 1` tiles, in `i64` and clamped to `i32`.
pub(crate) const fn map_side(cells: i32, room: i32) -> i32 {
    let tiles = cells as i64 * (room as i64 - 1) + 1;
    if tiles > i32::MAX as i64 {
        i32::MAX
    } else if tiles < i32::MIN as i64 {
        i32::MIN
    } else {
        tiles as i32
    }
}

/// The neighbouring cell across `side`.
fn step(col: i32, row: i32, side: Side) -> (i32, i32) {
    let (dc, dr) = side.step();
    (col + dc, row + dr)
}

/// Pushes room `room`'s `doors` onto the open stack in random order, so that no direction
/// is always followed first and the dungeon does not lean one way.
fn push_shuffled(rng: &mut DungeonRng, open: &mut Vec<(usize, Side)>, room: usize, doors: Doors) {
    let first = open.len();
    open.extend(doors.sides().map(|s| (room, s)));
    // Fisher-Yates over the new entries.
    for i in (1..open.len() - first).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        open.swap(first + i, first + j);
    }
}

/// Removes every door whose neighbour is missing or has no door back.
fn close_unmatched_doors(cells: &CellGrid, rooms: &mut [(i32, i32, Doors)]) {
    let snapshot: Vec<Doors> = rooms.iter().map(|r| r.2).collect();
    for (col, row, doors) in rooms.iter_mut() {
        for side in doors.sides() {
            let (c, r) = step(*col, *row, side);
            let matched = cells
                .get(c, r)
                .is_some_and(|i| snapshot[i].has(side.opposite()));
            if !matched {
                *doors = doors.without(side);
            }
        }
    }
}

/// Each room's number of doors from the start room (room 0), breadth first.
fn depths(cells: &CellGrid, rooms: &[(i32, i32, Doors)]) -> Vec<u32> {
    let mut depth = vec![u32::MAX; rooms.len()];
    depth[0] = 0;
    let mut queue = VecDeque::from([0usize]);
    while let Some(i) = queue.pop_front() {
        let (col, row, doors) = rooms[i];
        for side in doors.sides() {
            let (c, r) = step(col, row, side);
            if let Some(j) = cells.get(c, r)
                && depth[j] == u32::MAX
            {
                depth[j] = depth[i] + 1;
                queue.push_back(j);
            }
        }
    }
    depth
}

/// Which room, by index, stands in each grid cell.
struct CellGrid(Grid<RoomSlot>);

impl CellGrid {
    fn new(cols: i32, rows: i32) -> Result<CellGrid, MapError> {
        Grid::new(cols, rows, RoomSlot::EMPTY).map(CellGrid)
    }

    fn clear(&mut self, col: i32, row: i32) {
        self.0.set((col, row), RoomSlot::EMPTY);
    }

    fn in_grid(&self, col: i32, row: i32) -> bool {
        self.0.in_bounds((col, row))
    }

    fn get(&self, col: i32, row: i32) -> Option<usize> {
        self.0.get_or_default((col, row)).index()
    }

    fn set(&mut self, col: i32, row: i32, room: usize) {
        self.0.set((col, row), RoomSlot::of(room));
    }

    /// `doors` without those that would lead off the grid from `(col, row)`.
    fn on_grid(&self, col: i32, row: i32, doors: Doors) -> Doors {
        doors
            .sides()
            .filter(|&s| {
                let (c, r) = step(col, row, s);
                !self.in_grid(c, r)
            })
            .fold(doors, Doors::without)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Settings straight from a user, not validated: sizes and budgets never overflow
    /// (a panic in a debug build, a wrong value in release).
    #[test]
    fn sizes_and_budgets_of_unvalidated_settings_do_not_overflow() {
        for (cols, rows, room_width, room_height) in [
            (i32::MAX, i32::MAX, i32::MAX, i32::MAX),
            (i32::MIN, i32::MIN, i32::MIN, i32::MIN),
            (i32::MAX, i32::MIN, i32::MIN, i32::MAX),
            (0, 0, 0, 0),
        ] {
            let s = GridSettings {
                cols,
                rows,
                room_width,
                room_height,
                ..GridSettings::default()
            };
            let (w, h) = s.map_size();
            let expected = |cells: i32, room: i32| {
                (i64::from(cells) * (i64::from(room) - 1) + 1)
                    .clamp(i64::from(i32::MIN), i64::from(i32::MAX))
            };
            assert_eq!(i64::from(w), expected(cols, room_width));
            assert_eq!(i64::from(h), expected(rows, room_height));
            assert!(s.growth_budget() >= GridSettings::MIN_GROWTH_BUDGET);
            assert!(s.validate().is_err());
            assert!(s.generate(1).is_err());
        }
    }
}
