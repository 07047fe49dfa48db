//! The finished floor plan as the library's [`RoomGrid`]: rooms with their cells, kinds,
//! depths and seeds, and the doors as links.

use super::IsaacSettings;
use super::floor_plan::{CELLS, Cell, FloorPlan, SIDE};
use super::seeds::room_seed;
use crate::generators::grid::{GridRoom, RoomGrid, RoomPlan, RoomSlot};
use crate::{GenerateError, Grid};

/// `plan` as a room grid of `settings`' room size, seeds from `floor_seed`. Built from
/// the plan's own cell index, as the `grid` generator builds its grid; in debug builds
/// (the tests) it is checked against [`RoomGrid::new`] and [`RoomGrid::with_links`].
///
/// # Errors
/// [`GenerateError::Map`] when the cell index's memory cannot be had.
pub(super) fn room_grid(
    settings: &IsaacSettings,
    plan: &FloorPlan,
    floor_seed: u64,
) -> Result<RoomGrid, GenerateError> {
    let rooms: Vec<GridRoom> = plan
        .rooms()
        .iter()
        .map(|room| {
            let cell = room.first.to_room_cell();
            GridRoom {
                cell,
                doors: plan.doors_at(room.first),
                kind: room.kind,
                doors_from_start: room.depth,
                plan: Some(RoomPlan {
                    shape: room.shape,
                    seed: room_seed(floor_seed, cell, SIDE),
                }),
            }
        })
        .collect();
    let slots = (0..CELLS)
        .map(|i| plan.room_at(Cell::inside(i)).map_or(RoomSlot::EMPTY, RoomSlot::of))
        .collect();
    let cells = Grid::from_cells(SIDE, SIDE, slots)?;
    let room_size = (settings.room_width, settings.room_height);
    let grid = RoomGrid::from_parts((SIDE, SIDE), room_size, rooms, cells, plan.links().to_vec());
    debug_assert_eq!(
        RoomGrid::new(SIDE, SIDE, room_size.0, room_size.1, grid.rooms().to_vec())
            .and_then(|checked| checked.with_links(grid.links().to_vec())),
        Ok(grid.clone()),
        "the floor plan keeps the room grid's rules"
    );
    Ok(grid)
}
