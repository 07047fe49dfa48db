//! Which shape a new room takes: most are one cell; one in [`LARGE_ROOM_ONE_IN`] tries a
//! large shape, which it takes when it fits beside the room it grows from and no other.
//!
//! The sources say large rooms stand in the floor plan and count as one room for the
//! growth rules (the wiki's talk page), and that a dead end taken for a special room is
//! made 1x1 (the wiki's pseudo-code); they give no odds. The odds here are ours: every
//! shape appears, and a stage-1 floor has about one large room (1.2 over 5,000 floors).

use super::cell::{shape_cells, shape_deltas};
use super::{Cell, FloorPlan};
use crate::DungeonRng;
use crate::generators::grid::{RoomShape, Side};

/// One new room in this many tries a large shape.
pub(crate) const LARGE_ROOM_ONE_IN: u32 = 4;

/// The shape and first cell of a new room that grows into cell `at` from room `parent`:
/// one draw decides whether it tries a large shape, one which shape (the seven equally),
/// and one which of the placements that cover `at` and fit. A room of no fitting placement
/// is one cell.
pub(super) fn choose(
    plan: &FloorPlan,
    rng: &mut DungeonRng,
    parent: usize,
    at: Cell,
) -> (RoomShape, Cell) {
    let one_cell = (RoomShape::OneByOne, at);
    if rng.below(LARGE_ROOM_ONE_IN) != 0 {
        return one_cell;
    }
    let shape = RoomShape::LARGE[rng.below(RoomShape::LARGE.len() as u32) as usize];
    // Each cell of the shape may be the one at `at`: up to four placements.
    let mut fitting = [at; 4];
    let mut count = 0;
    for &delta in shape_deltas(shape) {
        let first = at.back(delta);
        if fits(plan, shape, first, parent) {
            fitting[count] = first;
            count += 1;
        }
    }
    if count == 0 {
        return one_cell;
    }
    (shape, fitting[rng.below(count as u32) as usize])
}

/// True when a room of `shape` from `first` lies on free cells of the grid and has no
/// room beside it but `parent`: the floor stays a tree.
fn fits(plan: &FloorPlan, shape: RoomShape, first: Cell, parent: usize) -> bool {
    shape_cells(shape, first).all(|cell| plan.is_free(cell))
        && shape_cells(shape, first).all(|cell| {
            Side::ALL.into_iter().all(|side| {
                let next = cell.neighbour(side);
                plan.room_at(next).is_none_or(|r| r == parent)
            })
        })
}
