//! The tiles of a floor plan, drawn as the `grid` generator draws its rooms: each cell is
//! `room_width` x `room_height` tiles, walls included, sharing its walls with its
//! neighbours; a large room is one open space (the walls between its own cells are floor,
//! except where they end on its outline); a door tile stands in the middle of the wall
//! between the two cells of each link.

use super::IsaacSettings;
use crate::carve::create_room;
use crate::record::Recorder;
use crate::generators::grid::{GridRoom, RoomCell, RoomGrid, RoomShape};
use crate::{Dungeon, GenerateError, Layout, Map, Rect, Tile};

/// The dungeon of `grid`: the map, the start at the middle of the start room, one
/// rectangle per room (see [`floor_rects`]) and the room grid as its layout.
///
/// # Errors
/// [`GenerateError::Map`] when the map's memory cannot be had.
pub(super) fn carve(
    settings: &IsaacSettings,
    grid: RoomGrid,
    recorder: &mut impl Recorder,
) -> Result<Dungeon, GenerateError> {
    let (width, height) = settings.map_size();
    let mut map = Map::new(width, height)?;
    let mut rects = Vec::with_capacity(grid.rooms().len());
    for room in grid.rooms() {
        let (main, rest) = floor_rects(&grid, room);
        create_room(&mut map, &main);
        if let Some(rest) = rest {
            create_room(&mut map, &rest);
        }
        rects.push(main);
        recorder.step("room", &map);
    }
    for link in grid.links() {
        if let Some(side) = link.side() {
            map.set(grid.door_tile(link.a, side), Tile::DOOR);
        }
    }
    recorder.stage("doors", &map);
    // The start room is the first room, and one cell.
    let start = rects.first().map_or_else(Default::default, Rect::center);
    Ok(Dungeon::new(map, start)
        .with_rooms(rects)
        .with_layout(Layout::Grid(grid)))
}

/// The outline of the `cols` x `rows` cells from `first`.
fn outline(grid: &RoomGrid, first: RoomCell, cols: i32, rows: i32) -> Rect {
    let top_left = grid.outline(first);
    let last = RoomCell::new(first.col + cols - 1, first.row + rows - 1);
    let bottom_right = grid.outline(last);
    Rect::new(
        top_left.x1,
        top_left.y1,
        bottom_right.x2 - top_left.x1,
        bottom_right.y2 - top_left.y1,
    )
}

/// Rectangles whose insides, together, are the room's floor: the whole box for a
/// rectangle; for an L, its row of two cells and its column of two cells (the corner where
/// they cross, which touches the missing cell, stays wall). The first is the room's
/// rectangle in [`Dungeon::rooms`]: all floor inside for the rectangles; for an L, its
/// row of two cells, whose floor goes on into the third cell.
fn floor_rects(grid: &RoomGrid, room: &GridRoom) -> (Rect, Option<Rect>) {
    let shape = room.shape();
    let origin = shape.box_origin(room.cell);
    let (cols, rows) = shape.size();
    if !shape.is_l() {
        return (outline(grid, origin, cols, rows), None);
    }
    let [pair_row, pair_col] = l_pairs(shape);
    let row_of_two = RoomCell::new(origin.col, origin.row + pair_row);
    let column_of_two = RoomCell::new(origin.col + pair_col, origin.row);
    (
        outline(grid, row_of_two, 2, 1),
        Some(outline(grid, column_of_two, 1, 2)),
    )
}

/// The row (0 or 1) of an L's two side-by-side cells and the column (0 or 1) of its two
/// stacked cells, within its box.
const fn l_pairs(shape: RoomShape) -> [i32; 2] {
    match shape {
        RoomShape::LackingTopLeft => [1, 1],
        RoomShape::LackingTopRight => [1, 0],
        RoomShape::LackingBottomLeft => [0, 1],
        _ => [0, 0],
    }
}
