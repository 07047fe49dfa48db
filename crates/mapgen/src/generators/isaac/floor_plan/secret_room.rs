//! The secret room: an empty cell wedged between rooms, the only loop of a floor.
//!
//! Based on: Boris the Brave's account and demo: the generator "searches for an empty
//! cell that is next to at least three rooms and not next to any end rooms"; after 300
//! tries it asks for two rooms, after 600 for one; the demo tries 900 cells at random and
//! never next to the boss room
//! (<https://www.boristhebrave.com/2020/09/12/dungeon-generation-in-binding-of-isaac/>).
//! The wiki's talk page: "Secret Rooms will never border Boss Rooms or Super Secret Rooms".

use super::cell::{CELLS, PADDED};
use super::{Cell, FloorPlan, PlanRoom, Shortfall};
use crate::DungeonRng;
use crate::generators::grid::{RoomKind, RoomShape, Side};

/// Tries asking for each number of rooms beside the cell: 3, then 2, then 1; after 900
/// the floor is grown again.
pub(crate) const TRIES_PER_STEP: u32 = 300;

/// Places the secret room, one cell, beside as many taken cells as the tries so far ask
/// for and beside no boss room and no dead end. Each try draws one of the 169 cells.
///
/// A step of 300 tries in which no cell qualifies is skipped without drawing: its tries
/// could not succeed, so the cell chosen follows the same odds as trying them all.
pub(super) fn place(plan: &mut FloorPlan, rng: &mut DungeonRng) -> Result<(), Shortfall> {
    let beside = taken_beside_each_cell(plan);
    let most = beside.iter().copied().max().unwrap_or(0);
    for wanted in [3u8, 2, 1] {
        if most < wanted {
            continue;
        }
        for _ in 0..TRIES_PER_STEP {
            let cell = Cell::inside(rng.below(CELLS as u32) as usize);
            if beside[cell.index()] >= wanted {
                add_secret_room(plan, cell);
                return Ok(());
            }
        }
    }
    Err(Shortfall::NoCellForSecretRoom)
}

/// The secret room at `cell`, one door deeper than its nearest neighbour.
fn add_secret_room(plan: &mut FloorPlan, cell: Cell) {
    let nearest = Side::ALL
        .into_iter()
        .filter_map(|side| plan.room_at(cell.neighbour(side)))
        .map(|r| plan.rooms[r].depth)
        .min();
    let depth = nearest.unwrap_or(0) + 1;
    plan.add_room(PlanRoom::new(RoomKind::Secret, RoomShape::OneByOne, cell, depth, None));
}

/// For each cell (by its index in the plan's padded array), how many taken cells are
/// beside it when it may hold the secret room; 0 when it may not (taken, off the grid, or
/// beside a boss room or a dead end). Worked out once, from the rooms' cells rather than
/// from all 169 cells, so that each of up to 900 tries is one draw and one look.
fn taken_beside_each_cell(plan: &FloorPlan) -> [u8; PADDED] {
    let mut beside = [0u8; PADDED];
    let mut avoided = [false; PADDED];
    for room in &plan.rooms {
        let avoid = room.kind == RoomKind::Boss || room.beside == 1;
        for cell in room.cells() {
            for side in Side::ALL {
                // A room's cells are on the grid, so their neighbours are in the array.
                let next = cell.neighbour(side);
                if plan.is_free(next) {
                    beside[next.index()] += 1;
                    avoided[next.index()] |= avoid;
                }
            }
        }
    }
    for (count, avoid) in beside.iter_mut().zip(avoided) {
        if avoid {
            *count = 0;
        }
    }
    beside
}
