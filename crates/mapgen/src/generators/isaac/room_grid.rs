//! The finished floor plan as the library's [`RoomGrid`]: rooms with their cells, kinds,
//! depths and seeds, and the doors as links.

use super::IsaacSettings;
use super::floor_plan::{FloorPlan, SIDE};
use super::seeds::room_seed;
use crate::GenerateError;
use crate::generators::GeneratorKind;
use crate::generators::grid::room_grid::doors_of_cell;
use crate::generators::grid::{GridRoom, RoomGrid, RoomPlan};

/// `plan` as a room grid of `settings`' room size, seeds from `floor_seed`.
///
/// # Errors
/// None with validated settings: [`RoomGrid::new`] and [`RoomGrid::with_links`] check
/// again what the plan promises, and a broken promise would be reported as
/// [`GenerateError::GaveUp`] rather than a panic.
pub(super) fn room_grid(
    settings: &IsaacSettings,
    plan: &FloorPlan,
    floor_seed: u64,
) -> Result<RoomGrid, GenerateError> {
    let rooms = plan
        .rooms()
        .iter()
        .map(|room| {
            let cell = room.first.to_room_cell();
            GridRoom {
                cell,
                doors: doors_of_cell(plan.links(), cell),
                kind: room.kind,
                doors_from_start: room.depth,
                plan: Some(RoomPlan {
                    shape: room.shape,
                    seed: room_seed(floor_seed, cell, SIDE),
                }),
            }
        })
        .collect();
    RoomGrid::new(SIDE, SIDE, settings.room_width, settings.room_height, rooms)
        .and_then(|grid| grid.with_links(plan.links().to_vec()))
        .map_err(|_| GenerateError::GaveUp {
            generator: GeneratorKind::Isaac,
            attempts: 1,
            reason: "the floor plan broke a room grid rule (a bug: please report it)",
        })
}
