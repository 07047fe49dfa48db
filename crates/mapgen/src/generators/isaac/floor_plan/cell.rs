//! Cells of the 13 x 13 grid as indices into a 15 x 15 array with a border of cells
//! outside the grid: a neighbour is one addition away, and looking past the grid's edge
//! reads the border instead of needing a bounds check.

use crate::generators::isaac::IsaacSettings;
use crate::generators::grid::{RoomCell, RoomShape, Side};

/// Cells a side.
pub(crate) const SIDE: i32 = IsaacSettings::GRID_SIDE;
/// Cells a side with the border.
const STRIDE: usize = SIDE as usize + 2;
/// Cells with the border.
pub(crate) const PADDED: usize = STRIDE * STRIDE;
/// Cells inside the grid.
pub(crate) const CELLS: usize = (SIDE * SIDE) as usize;

/// A cell of the grid or of the border around it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Cell(usize);

impl Cell {
    /// The cell at `col`, `row`, each in `-1..=13` (the border included).
    pub(crate) const fn at(col: i32, row: i32) -> Cell {
        Cell((row + 1) as usize * STRIDE + (col + 1) as usize)
    }

    /// The `i`-th cell inside the grid in row order, `i < CELLS`.
    pub(crate) const fn inside(i: usize) -> Cell {
        Cell::at((i % SIDE as usize) as i32, (i / SIDE as usize) as i32)
    }

    /// Its index in the padded array.
    pub(crate) const fn index(self) -> usize {
        self.0
    }

    /// The neighbour across `side`. Past the border the index leaves the array (or
    /// wraps), and the plan reads it as outside.
    pub(crate) const fn neighbour(self, side: Side) -> Cell {
        Cell(match side {
            Side::North => self.0.wrapping_sub(STRIDE),
            Side::East => self.0.wrapping_add(1),
            Side::South => self.0.wrapping_add(STRIDE),
            Side::West => self.0.wrapping_sub(1),
        })
    }

    /// `self` moved by `delta` cells in the padded array (see [`shape_deltas`]).
    const fn offset(self, delta: usize) -> Cell {
        Cell(self.0.wrapping_add(delta))
    }

    /// `self` moved back by `delta` cells.
    pub(crate) const fn back(self, delta: usize) -> Cell {
        Cell(self.0.wrapping_sub(delta))
    }

    /// The grid's own coordinates.
    pub(crate) const fn to_room_cell(self) -> RoomCell {
        RoomCell::new((self.0 % STRIDE) as i32 - 1, (self.0 / STRIDE) as i32 - 1)
    }
}

/// How far each cell of `shape` lies after its first cell in the padded array: all
/// forward, since the first cell comes first in row order. A table, looked up on every
/// step of growth.
pub(crate) const fn shape_deltas(shape: RoomShape) -> &'static [usize] {
    const S: usize = STRIDE;
    match shape {
        RoomShape::OneByOne => &[0],
        RoomShape::OneByTwo => &[0, S],
        RoomShape::TwoByOne => &[0, 1],
        RoomShape::TwoByTwo => &[0, 1, S, S + 1],
        RoomShape::LackingTopLeft => &[0, S - 1, S],
        RoomShape::LackingTopRight => &[0, S, S + 1],
        RoomShape::LackingBottomLeft => &[0, 1, S + 1],
        RoomShape::LackingBottomRight => &[0, 1, S],
    }
}

/// The cells of a room of `shape` whose first cell is `first`.
pub(crate) fn shape_cells(shape: RoomShape, first: Cell) -> impl Iterator<Item = Cell> + use<> {
    shape_deltas(shape).iter().map(move |&d| first.offset(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_step_and_shapes_agree_with_room_cells() {
        for i in 0..CELLS {
            let cell = Cell::inside(i);
            let rc = cell.to_room_cell();
            assert_eq!(Cell::at(rc.col, rc.row), cell);
            for side in Side::ALL {
                assert_eq!(cell.neighbour(side).to_room_cell(), rc.neighbour(side));
            }
            for &shape in RoomShape::ALL {
                let ours: Vec<RoomCell> = shape_cells(shape, cell).map(Cell::to_room_cell).collect();
                let theirs: Vec<RoomCell> = shape.cells(rc).collect();
                if theirs.iter().all(|c| c.col < SIDE && c.row < SIDE) {
                    assert_eq!(ours, theirs, "{shape} at {rc}");
                }
            }
        }
    }
}
