//! The dungeon as placement sees it: a copy of its tiles with a border of wall around
//! them (so no neighbour needs a bounds check), which tiles the start reaches, and sums
//! that answer "is anything forbidden in this rectangle" in four reads.

use crate::generators::grid::RoomGrid;
use crate::{Dungeon, Layout, Point, Shape, Tile};

/// Two-dimensional prefix sums (a summed-area table): the sum over any rectangle in four
/// reads, from two of its rows. Based on: Crow, "Summed-area tables for texture mapping" (SIGGRAPH 1984).
///
/// A rectangle's sum stays right after cells outside it change, as long as its own cells
/// did not: the table need not be rebuilt after a vault is stamped, because no later
/// footprint overlaps a stamped one.
#[derive(Debug, Clone, Default)]
pub(super) struct Prefix {
    /// One row and one column more than the values: cell `(x, y)` holds the sum of the
    /// values above and left of value `(x, y)`.
    shape: Shape,
    sums: Vec<i32>,
}

impl Prefix {
    /// The table of `values`, laid out as `shape`.
    pub fn new(shape: Shape, values: impl Iterator<Item = i32>) -> Prefix {
        let table = Shape::with_sides(shape.width() + 1, shape.height() + 1);
        let mut sums = vec![0i32; table.len()];
        let mut values = values;
        for y in 0..shape.height() {
            let mut row = 0i32;
            for x in 0..shape.width() {
                row += values.next().unwrap_or(0);
                let above = sums[table.index_inside(Point::new(x + 1, y))];
                sums[table.index_inside(Point::new(x + 1, y + 1))] = above + row;
            }
        }
        Prefix { shape: table, sums }
    }

    /// Row `y` of the table, for sums over many rectangles of one row at once.
    #[inline]
    pub fn row(&self, y: i32) -> &[i32] {
        &self.sums[self.shape.row_start(y)..self.shape.row_start(y + 1)]
    }
}

/// The padded board.
pub(super) struct Board {
    /// The padded sides (the map's plus 2), and the numbering of the tiles below.
    pub shape: Shape,
    /// 1 where the tile is walkable and reached from the start (after the vaults so far),
    /// 0 elsewhere: walkable tiles the start cannot reach count as wall, so connectivity
    /// means "nothing reached before is lost".
    pub open: Vec<u8>,
    /// 1 on tiles a vault may not cover: neither [`Tile::FLOOR`] nor [`Tile::WALL`] in
    /// the dungeon as given (doors, chasms, tiles of one's own), and in a grid of rooms
    /// every tile outside the rooms' middles. Empty when there are none, as in most
    /// generators' maps.
    pub forbidden: Vec<u8>,
    /// Sums of `forbidden`, made when a whole pool is enumerated on a map that has some.
    pub forbidden_sums: Option<Prefix>,
    /// Per padded row, the first and last column of a reached tile as given (`(1, 0)` for
    /// none): entrances must touch one, so the enumeration looks only between them.
    /// Stamps change reached tiles only inside footprints, which entrances never touch.
    pub row_reached: Vec<(i32, i32)>,
    /// The start and the exit as given, padded.
    pub start: Point,
    pub exit: Point,
    /// The footprints placed so far, in padded coordinates.
    pub placed: Vec<Footprint>,
}

/// A placed vault's footprint in padded coordinates: its first (top-left) and last
/// (bottom-right) tiles, both in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Footprint {
    pub first: Point,
    pub last: Point,
}

/// The padded tile at `offset` from padded `origin` (a stencil's offset from its
/// footprint's top-left tile): their plain sum. Both lie on or next to a board whose sides
/// are at most 10,002, so nothing can overflow, and the checks' inner loops, where most
/// of placement's time goes, skip the saturation of `Point`'s `+` (measured: 20 % more
/// instructions in the checks with it).
#[inline]
pub(super) const fn at(origin: Point, offset: Point) -> Point {
    Point::new(origin.x + offset.x, origin.y + offset.y)
}

/// Where map tile `p` lies on the padded board.
#[inline]
pub(super) fn padded(p: Point) -> Point {
    p + Point::new(1, 1)
}

impl Board {
    /// The board of `dungeon`; the exit is the farthest reached tile, first in row order,
    /// as [`Dungeon::exit`] finds it.
    pub fn new(dungeon: &Dungeon) -> Board {
        let map = &dungeon.map;
        let w = map.width() as usize;
        let shape = Shape::with_sides(map.width() + 2, map.height() + 2);
        // Where row `y` of the map starts on the board.
        let row_start = |y: i32| shape.index_inside(padded(Point::new(0, y)));
        let mut walkable = vec![0u8; shape.len()];
        let mut any_forbidden = false;
        for (y, row) in (0..).zip(map.tiles().chunks_exact(w.max(1))) {
            let cells = &mut walkable[row_start(y)..][..w];
            for (cell, tile) in cells.iter_mut().zip(row) {
                *cell = u8::from(tile.walkable);
                any_forbidden |= is_forbidden(tile);
            }
        }
        let grid = matches!(dungeon.layout, Layout::Grid(_));
        let mut forbidden = Vec::new();
        if any_forbidden || grid {
            forbidden = vec![0u8; shape.len()];
            for (y, row) in (0..).zip(map.tiles().chunks_exact(w.max(1))) {
                let cells = &mut forbidden[row_start(y)..][..w];
                for (cell, tile) in cells.iter_mut().zip(row) {
                    *cell = u8::from(is_forbidden(tile));
                }
            }
            if let Layout::Grid(grid) = &dungeon.layout {
                keep_to_room_middles(&mut forbidden, shape, grid);
            }
        }
        let start = map
            .in_bounds(dungeon.start)
            .then(|| shape.index_inside(padded(dungeon.start)));
        let (open, farthest) = reach(walkable, shape.width() as usize, start);
        // The exit as `Dungeon::exit` names it: a grid's planned exit (an isaac floor's
        // boss room) where there is one, else the farthest tile reached.
        let planned = dungeon.room_grid().and_then(RoomGrid::planned_exit);
        let exit = planned
            .filter(|&p| map.in_bounds(p))
            .map(padded)
            .or(farthest.map(|i| shape.point_inside(i)));
        let row_reached = open
            .chunks_exact(shape.width() as usize)
            .map(|row| {
                match (
                    row.iter().position(|&o| o == 1),
                    row.iter().rposition(|&o| o == 1),
                ) {
                    (Some(a), Some(b)) => (a as i32, b as i32),
                    _ => (1, 0),
                }
            })
            .collect();
        Board {
            row_reached,
            shape,
            open,
            forbidden,
            forbidden_sums: None,
            start: start.map_or(Point::ZERO, |i| shape.point_inside(i)),
            exit: exit.unwrap_or(Point::ZERO),
            placed: Vec::new(),
        }
    }

    /// The sums of the forbidden tiles, made on first use; `None` when there are none.
    pub fn forbidden_sums(&mut self) -> Option<&Prefix> {
        if self.forbidden.is_empty() {
            return None;
        }
        let (shape, forbidden) = (self.shape, &self.forbidden);
        let sums = self
            .forbidden_sums
            .get_or_insert_with(|| Prefix::new(shape, forbidden.iter().map(|&f| i32::from(f))));
        Some(sums)
    }

    /// True when padded tile `p`, which the caller knows is on the board, is reached.
    #[inline]
    pub fn reached(&self, p: Point) -> bool {
        self.open[self.shape.index_inside(p)] == 1
    }
}

/// In a grid of rooms, vaults stamp only the middle of a room: its floor less the ring of
/// floor along its walls. Marks every other tile forbidden. The ring stays the room's own
/// floor, a loop that joins every door of the room, so no door is covered or cut off from
/// another and no two rooms are joined: the room graph stays a true account of the walks.
fn keep_to_room_middles(forbidden: &mut [u8], shape: Shape, grid: &RoomGrid) {
    let mut middle = vec![false; forbidden.len()];
    for room in grid.rooms() {
        let (cols, rows) = grid.outline(room.cell).inner();
        for y in rows.start + 1..rows.end - 1 {
            for x in cols.start + 1..cols.end - 1 {
                if let Some(i) = shape.index(padded(Point::new(x, y))) {
                    middle[i] = true;
                }
            }
        }
    }
    for (f, m) in forbidden.iter_mut().zip(middle) {
        *f |= u8::from(!m);
    }
}

/// True for a tile a vault may not cover: neither [`Tile::FLOOR`] nor [`Tile::WALL`]
/// (the built-in tiles whose two flags agree), without a branch.
#[inline]
fn is_forbidden(tile: &Tile) -> bool {
    !tile.is_builtin() | (tile.walkable ^ tile.transparent)
}

/// Breadth-first search over `walkable` (1 on walkable tiles, 0 elsewhere; the padding
/// 0) from `start`: turns it into the reached tiles (1 reached, 0 not), and returns the
/// first tile in row order of the last layer (the exit). One array: a tile is marked
/// reached as 2 while searching, then the marks become 1 and everything else 0.
/// On a 1000x1000 map of rooms this search is most of the placement's time, about what
/// [`Dungeon::exit`] takes (a branch-free variant that always writes the queue measured no
/// faster).
fn reach(mut walkable: Vec<u8>, width: usize, start: Option<usize>) -> (Vec<u8>, Option<usize>) {
    let Some(start) = start.filter(|&s| walkable[s] == 1) else {
        walkable.fill(0);
        return (walkable, None);
    };
    let tiles = walkable.iter().filter(|&&w| w == 1).count();
    let state = &mut walkable;
    state[start] = 2;
    // Room for every walkable tile: no reallocation while searching.
    let mut queue = vec![0u32; tiles];
    queue[0] = start as u32;
    let mut end = 1;
    let (mut head, mut layer_start) = (0, 0);
    while head < end {
        layer_start = head;
        let layer_end = end;
        for k in layer_start..layer_end {
            let i = queue[k] as usize;
            // The padding is never walkable, so these stay inside.
            for j in [i - width, i - 1, i + 1, i + width] {
                if state[j] == 1 {
                    state[j] = 2;
                    queue[end] = j as u32;
                    end += 1;
                }
            }
        }
        head = layer_end;
    }
    let exit = queue[layer_start..end].iter().min().map(|&i| i as usize);
    for cell in state.iter_mut() {
        *cell = u8::from(*cell == 2);
    }
    (walkable, exit)
}
