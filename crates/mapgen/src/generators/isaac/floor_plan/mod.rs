//! An Isaac floor on cells only: which of the 13 x 13 cells hold which room, the rooms'
//! shapes, kinds and depths, and the doors between them. No tiles here.
//!
//! One attempt ([`FloorPlan::attempt`]) grows rooms breadth first from the start
//! ([`growth`], large rooms by [`large_rooms`]), checks the quota, the start's two
//! neighbours and the dead-end minimum, places the special rooms on the dead ends
//! ([`special_rooms`]) and the secret room between rooms ([`secret_room`]), then joins the
//! rooms by doors ([`doors`]). An attempt that falls short says why ([`Shortfall`]), and the
//! caller grows another from the same random stream.

mod cell;
mod doors;
mod growth;
mod large_rooms;
mod secret_room;
mod special_rooms;

use std::collections::VecDeque;

use super::IsaacSettings;
use crate::DungeonRng;
use crate::generators::grid::{Doors, Link, RoomKind, RoomShape, Side};
pub(crate) use cell::{CELLS, Cell, SIDE};

/// Where the start room stands: the centre.
pub(crate) const START: Cell = Cell::at(SIDE / 2, SIDE / 2);
/// The slot of a cell without a room.
const EMPTY: u8 = u8::MAX;
/// The slot of a cell of the border around the grid.
const OUTSIDE: u8 = u8::MAX - 1;
/// More rooms than a floor ever has: a quota of at most 45, the second boss room of an
/// XL floor and the secret room.
pub(crate) const MAX_ROOMS: usize = 64;

/// What an attempt lacked, so another is grown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shortfall {
    /// Growth stopped before the quota.
    TooFewRooms,
    /// The start room has fewer than two neighbours.
    StartHasOneNeighbour,
    /// Fewer dead ends than the minimum.
    TooFewDeadEnds,
    /// An XL floor's first boss room has no free cell behind it for the second.
    NoCellForSecondBoss,
    /// No cell for the secret room within its tries.
    NoCellForSecretRoom,
}

impl Shortfall {
    /// What the last attempt lacked, for [`GenerateError::GaveUp`](crate::GenerateError::GaveUp).
    pub(crate) const fn reason(self) -> &'static str {
        match self {
            Shortfall::TooFewRooms => "growth stopped before the room quota",
            Shortfall::StartHasOneNeighbour => "the start room had fewer than two neighbours",
            Shortfall::TooFewDeadEnds => "too few dead ends for the special rooms",
            Shortfall::NoCellForSecondBoss => "no free cell behind the boss room for the second",
            Shortfall::NoCellForSecretRoom => "no cell for the secret room",
        }
    }
}

/// One room of a floor plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PlanRoom {
    /// The cells it takes, from `first`.
    pub(crate) shape: RoomShape,
    /// Its first cell in row order.
    pub(crate) first: Cell,
    /// What it is for.
    pub(crate) kind: RoomKind,
    /// Doors from the start.
    pub(crate) depth: u32,
    /// The door it was grown through: a cell of the room it was grown from, and its own
    /// cell beyond. `None` for the start room and the secret room.
    pub(crate) entry: Option<(Cell, Cell)>,
    /// How many rooms stand beside it (the secret room aside): one for a dead end. Kept as
    /// rooms are added, since a new room has no room beside it but the one it grew from.
    pub(crate) beside: u8,
}

impl PlanRoom {
    /// A room of `kind` and `shape` from `first`, `depth` doors from the start, grown
    /// through `entry`.
    pub(crate) fn new(
        kind: RoomKind,
        shape: RoomShape,
        first: Cell,
        depth: u32,
        entry: Option<(Cell, Cell)>,
    ) -> PlanRoom {
        PlanRoom {
            shape,
            first,
            kind,
            depth,
            entry,
            beside: 0,
        }
    }

    /// Its cells, first cell first.
    pub(crate) fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        cell::shape_cells(self.shape, self.first)
    }
}

/// A floor plan: the rooms and the cell each stands in.
#[derive(Debug, Clone)]
pub(crate) struct FloorPlan {
    /// The index of the room in each cell, or [`EMPTY`]; [`OUTSIDE`] on the border.
    slots: [u8; cell::PADDED],
    rooms: Vec<PlanRoom>,
    links: Vec<Link>,
    /// The sides of each cell with a door, as the links say (set by [`doors::join`]).
    doors: [Doors; cell::PADDED],
    /// The growth queue, kept between attempts so that restarts allocate nothing.
    queue: VecDeque<Cell>,
}

impl FloorPlan {
    /// An empty plan.
    pub(crate) fn new() -> FloorPlan {
        FloorPlan {
            slots: EMPTY_SLOTS,
            // Room for any floor, so that growth never reallocates.
            rooms: Vec::with_capacity(MAX_ROOMS),
            links: Vec::with_capacity(MAX_ROOMS + 4),
            doors: [Doors::EMPTY; cell::PADDED],
            queue: VecDeque::with_capacity(cell::CELLS),
        }
    }

    /// The rooms, start first, in the order they were placed.
    pub(crate) fn rooms(&self) -> &[PlanRoom] {
        &self.rooms
    }

    /// The doors, one per door.
    pub(crate) fn links(&self) -> &[Link] {
        &self.links
    }

    /// The sides of `cell` with a door.
    pub(crate) fn doors_at(&self, cell: Cell) -> Doors {
        self.doors.get(cell.index()).copied().unwrap_or(Doors::EMPTY)
    }

    /// The room at `cell`; `None` when empty or outside the grid.
    pub(crate) fn room_at(&self, cell: Cell) -> Option<usize> {
        let slot = self.slot(cell);
        (slot < OUTSIDE).then_some(usize::from(slot))
    }

    /// True when `cell` is inside the grid and holds no room.
    fn is_free(&self, cell: Cell) -> bool {
        self.slot(cell) == EMPTY
    }

    fn slot(&self, cell: Cell) -> u8 {
        self.slots.get(cell.index()).copied().unwrap_or(OUTSIDE)
    }

    /// Grows one floor on an emptied plan. On success the plan holds the finished floor;
    /// otherwise the shortfall says what it lacked.
    pub(crate) fn attempt(
        &mut self,
        rng: &mut DungeonRng,
        settings: &IsaacSettings,
        quota: u32,
    ) -> Result<(), Shortfall> {
        self.clear();
        growth::grow(self, rng, quota);
        if self.rooms[0].beside < 2 {
            return Err(Shortfall::StartHasOneNeighbour);
        }
        if self.rooms.len() < quota as usize {
            return Err(Shortfall::TooFewRooms);
        }
        // Counted before they are listed: most attempts that fall short do so here.
        let dead_ends = self.rooms[1..].iter().filter(|r| r.beside == 1).count();
        if dead_ends < settings.min_dead_ends() as usize {
            return Err(Shortfall::TooFewDeadEnds);
        }
        special_rooms::place(self, rng, settings, self.dead_ends())?;
        secret_room::place(self, rng)?;
        doors::join(self, settings.stage);
        Ok(())
    }

    fn clear(&mut self) {
        self.slots = EMPTY_SLOTS;
        self.rooms.clear();
        self.links.clear();
        self.queue.clear();
    }

    /// Adds `room`, marking its cells, which must be free, beside no room but the one it
    /// grew from (if any), which gains a neighbour.
    fn add_room(&mut self, mut room: PlanRoom) -> usize {
        let index = self.rooms.len();
        let parent = room.entry.and_then(|(from, _)| self.room_at(from));
        if let Some(parent) = parent {
            self.rooms[parent].beside += 1;
        }
        room.beside = u8::from(parent.is_some());
        for cell in room.cells() {
            // Fewer than MAX_ROOMS rooms: the index fits below OUTSIDE.
            self.slots[cell.index()] = index as u8;
        }
        self.rooms.push(room);
        index
    }

    /// How many rooms stand beside `cell`, each counted once (a large room beside it
    /// through two of its cells counts once).
    fn rooms_beside_cell(&self, cell: Cell) -> usize {
        let mut seen = [usize::MAX; 4];
        let mut count = 0;
        for side in Side::ALL {
            if let Some(r) = self.room_at(cell.neighbour(side))
                && !seen[..count].contains(&r)
            {
                seen[count] = r;
                count += 1;
            }
        }
        count
    }

    /// The rooms with one neighbour, the start excepted, in the order they were grown.
    fn dead_ends(&self) -> Vec<usize> {
        (1..self.rooms.len())
            .filter(|&r| self.rooms[r].beside == 1)
            .collect()
    }

    /// Makes room `r` the one cell it was entered by, emptying its other cells: Isaac
    /// "resizes the deadend" it takes for a special room.
    fn shrink_to_entry(&mut self, r: usize) {
        let room = self.rooms[r];
        let Some((_, own)) = room.entry else { return };
        if room.shape == RoomShape::OneByOne {
            return;
        }
        for cell in room.cells().filter(|&c| c != own) {
            self.slots[cell.index()] = EMPTY;
        }
        self.rooms[r].shape = RoomShape::OneByOne;
        self.rooms[r].first = own;
    }
}

/// The slots of an empty plan: [`OUTSIDE`] on the border, [`EMPTY`] inside.
const EMPTY_SLOTS: [u8; cell::PADDED] = {
    let mut slots = [OUTSIDE; cell::PADDED];
    let mut row = 0;
    while row < SIDE {
        let mut col = 0;
        while col < SIDE {
            slots[Cell::at(col, row).index()] = EMPTY;
            col += 1;
        }
        row += 1;
    }
    slots
};
