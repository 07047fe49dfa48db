//! Breadth-first growth from the start room, with Isaac's reasons to skip a cell.
//!
//! Based on: Boris the Brave's account of the floorplan, with his demo's order of
//! neighbours (left, right, up, down):
//! <https://www.boristhebrave.com/2020/09/12/dungeon-generation-in-binding-of-isaac/>.
//! Large rooms count as one room for every rule, as the wiki's talk page observes ("Double,
//! quadruple, and L-shaped rooms count as a single room for this purpose").

use super::{Cell, FloorPlan, PlanRoom, START, large_rooms};
use crate::DungeonRng;
use crate::generators::grid::{RoomKind, RoomShape, Side};

/// The order neighbours are looked at: Boris's demo visits `i - 1`, `i + 1`, `i - 10`,
/// `i + 10`.
const NEIGHBOURS: [Side; 4] = [Side::West, Side::East, Side::North, Side::South];

/// Grows rooms on the emptied `plan` until the queue of cells runs out; stops adding
/// rooms at `quota`. A new room's depth is one more than the room it grew from.
pub(super) fn grow(plan: &mut FloorPlan, rng: &mut DungeonRng, quota: u32) {
    let start = PlanRoom::new(RoomKind::Start, RoomShape::OneByOne, START, 0, None);
    plan.add_room(start);
    plan.queue.push_back(START);
    // Once the quota is reached every cell is given up without a draw: stop there.
    while plan.rooms.len() < quota as usize
        && let Some(cell) = plan.queue.pop_front()
    {
        let Some(from) = plan.room_at(cell) else {
            continue;
        };
        for side in NEIGHBOURS {
            let next = cell.neighbour(side);
            if !may_grow_into(plan, rng, next, quota) {
                continue;
            }
            let (shape, first) = large_rooms::choose(plan, rng, from, next);
            let depth = plan.rooms[from].depth + 1;
            let room = PlanRoom::new(RoomKind::Normal, shape, first, depth, Some((cell, next)));
            let index = plan.add_room(room);
            // Each side of each of a large room's cells can grow a room.
            for new_cell in plan.rooms[index].cells() {
                plan.queue.push_back(new_cell);
            }
        }
        // The start's neighbours all grow from it: a room grown from another could not
        // stand beside two rooms. So a start with one neighbour is known now, and the
        // attempt ends here rather than after growing a floor that will be thrown away.
        if cell == START && plan.rooms[0].beside < 2 {
            return;
        }
    }
}

/// Isaac's reasons to give up on a neighbour cell, in Boris's order: it is taken (or off
/// the grid); it has more than one room beside it (which would make a loop or a 2 x 2
/// block); the quota is reached; or, half the time, for no reason. Only the last draws
/// from `rng`.
fn may_grow_into(plan: &FloorPlan, rng: &mut DungeonRng, next: Cell, quota: u32) -> bool {
    // The checks that draw nothing may come in any order; the quota's is the cheapest.
    plan.rooms.len() < quota as usize
        && plan.is_free(next)
        && plan.rooms_beside_cell(next) <= 1
        && !rng.coin()
}
