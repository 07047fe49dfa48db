//! The special rooms, on the dead ends farthest first.
//!
//! Based on: the Rebirth wiki's pseudo-code
//! (<https://bindingofisaacrebirth.fandom.com/wiki/Level_Generation>): "Deadends are sorted
//! by distance from the starting room descending"; each special room takes the next dead
//! end (`DequeueDeadend`, which "also resizes the deadend", to one cell); a room that
//! appears by chance and fails its roll puts its dead end back (`QueueDeadend`) for the next
//! kind. The chances of the rooms that appear by chance are the wiki's with no player
//! ([`BY_CHANCE`]; where the game asks about the player, a coin stands in).

use std::cmp::Reverse;
use std::collections::VecDeque;

use super::{FloorPlan, PlanRoom, Shortfall};
use crate::DungeonRng;
use crate::generators::grid::{RoomKind, RoomShape, Side};
use crate::generators::isaac::IsaacSettings;

/// The last stage with a shop and a treasure room: the wiki's `StageId < 7`.
pub(crate) const LAST_STAGE_WITH_SHOP: u32 = 6;
/// The last stage with the rooms that appear by chance: "Chest, Dark Room, and The Void
/// only generate Boss Rooms and Secret Rooms/Super Secret Rooms" (stages 11 and 12).
pub(crate) const LAST_STAGE_WITH_CHANCE_ROOMS: u32 = 10;

/// The rooms that appear by chance, in the wiki's order, each with its odds: one in
/// `one_in`. The dice room is drawn in place of the sacrifice room (see [`place`]); the
/// arcade only on even stages.
pub(crate) const BY_CHANCE: [(RoomKind, u32); 6] = [
    (RoomKind::Sacrifice, 7),
    (RoomKind::Library, 20),
    (RoomKind::Curse, 2),
    (RoomKind::Miniboss, 4),
    (RoomKind::Challenge, 2),
    (RoomKind::Arcade, 2),
];
/// The dice room replaces a sacrifice room one time in this many (`Rng() % 50 == 0`).
pub(crate) const DICE_ONE_IN: u32 = 50;

/// Places the special rooms on `dead_ends` (in the order they were grown): the boss room
/// (two back to back on XL floors), the super secret room, the shop and the treasure
/// room (two on XL floors) up to stage 6, then those by chance up to stage 10.
pub(super) fn place(
    plan: &mut FloorPlan,
    rng: &mut DungeonRng,
    settings: &IsaacSettings,
    mut dead_ends: Vec<usize>,
) -> Result<(), Shortfall> {
    // Farthest first; among equals the one grown last, as Boris's demo pops the last end
    // room it found.
    dead_ends.sort_by_key(|&r| Reverse((plan.rooms[r].depth, r)));
    let mut queue = DeadEnds(VecDeque::from(dead_ends));
    let boss = queue.take(plan).ok_or(Shortfall::TooFewDeadEnds)?;
    plan.rooms[boss].kind = RoomKind::Boss;
    if settings.xl {
        second_boss(plan, rng, boss)?;
    }
    let guaranteed = [
        RoomKind::SuperSecret,
        RoomKind::Shop,
        RoomKind::Treasure,
        RoomKind::Treasure,
    ];
    let count = match (settings.stage <= LAST_STAGE_WITH_SHOP, settings.xl) {
        (false, _) => 1,
        (true, false) => 3,
        (true, true) => 4,
    };
    for &kind in &guaranteed[..count] {
        // Never short: the dead-end minimum (5 or more) covers these (4, or 5 on XL).
        let room = queue.take(plan).ok_or(Shortfall::TooFewDeadEnds)?;
        plan.rooms[room].kind = kind;
    }
    if settings.stage <= LAST_STAGE_WITH_CHANCE_ROOMS {
        for (kind, one_in) in BY_CHANCE {
            if kind == RoomKind::Arcade && settings.stage % 2 == 1 {
                continue;
            }
            // "If all dead ends on a floor become occupied by special rooms, no more
            // special rooms can generate."
            let Some(room) = queue.take(plan) else { break };
            let kind = match kind {
                // The pseudo-code draws the kind before the roll.
                RoomKind::Sacrifice if rng.below(DICE_ONE_IN) == 0 => RoomKind::Dice,
                other => other,
            };
            if rng.below(one_in) == 0 {
                plan.rooms[room].kind = kind;
            } else {
                queue.put_back(room);
            }
        }
    }
    Ok(())
}

/// The second boss room of an XL floor, "back to back" with the first: a free cell beside
/// the first whose other neighbours are all free, so that it is the floor's last dead end.
fn second_boss(plan: &mut FloorPlan, rng: &mut DungeonRng, boss: usize) -> Result<(), Shortfall> {
    let cell = plan.rooms[boss].first;
    let mut free = [Side::North; 4];
    let mut count = 0;
    for side in Side::ALL {
        let next = cell.neighbour(side);
        // A free cell is inside the grid, so its neighbours are in the plan's array.
        if plan.is_free(next) && plan.rooms_beside_cell(next) == 1 {
            free[count] = side;
            count += 1;
        }
    }
    if count == 0 {
        return Err(Shortfall::NoCellForSecondBoss);
    }
    let next = cell.neighbour(free[rng.below(count as u32) as usize]);
    let depth = plan.rooms[boss].depth + 1;
    let room = PlanRoom::new(RoomKind::Boss, RoomShape::OneByOne, next, depth, Some((cell, next)));
    plan.add_room(room);
    Ok(())
}

/// The dead ends not yet taken, farthest first.
struct DeadEnds(VecDeque<usize>);

impl DeadEnds {
    /// The next dead end, made one cell (Isaac's `DequeueDeadend`).
    fn take(&mut self, plan: &mut FloorPlan) -> Option<usize> {
        let room = self.0.pop_front()?;
        plan.shrink_to_entry(room);
        Some(room)
    }

    /// Puts a dead end back at the front, for the next kind (Isaac's `QueueDeadend`).
    fn put_back(&mut self, room: usize) {
        self.0.push_front(room);
    }
}
