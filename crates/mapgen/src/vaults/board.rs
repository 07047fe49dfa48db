//! The dungeon as placement sees it: a copy of its tiles with a border of wall around
//! them (so no neighbour needs a bounds check), which tiles the start reaches, and sums
//! that answer "is anything forbidden in this rectangle" in four reads.

use crate::generators::grid::RoomGrid;
use crate::{Dungeon, Layout, Tile};

/// Two-dimensional prefix sums (a summed-area table): the sum over any rectangle in four
/// reads, from two of its rows. Based on: Crow, "Summed-area tables for texture mapping" (SIGGRAPH 1984).
///
/// A rectangle's sum stays right after cells outside it change, as long as its own cells
/// did not: the table need not be rebuilt after a vault is stamped, because no later
/// footprint overlaps a stamped one.
#[derive(Debug, Clone, Default)]
pub(super) struct Prefix {
    stride: usize,
    sums: Vec<i32>,
}

impl Prefix {
    /// The table of `values`, `width` per row.
    pub fn new(width: usize, values: impl ExactSizeIterator<Item = i32>) -> Prefix {
        let height = values.len() / width.max(1);
        let stride = width + 1;
        let mut sums = vec![0i32; stride * (height + 1)];
        let mut values = values;
        for y in 0..height {
            let mut row = 0i32;
            for x in 0..width {
                row += values.next().unwrap_or(0);
                sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + row;
            }
        }
        Prefix { stride, sums }
    }

    /// Row `y` of the table, for sums over many rectangles of one row at once.
    #[inline]
    pub fn row(&self, y: usize) -> &[i32] {
        &self.sums[y * self.stride..(y + 1) * self.stride]
    }
}

/// The padded board.
pub(super) struct Board {
    /// Padded width and height (the map's plus 2).
    pub width: usize,
    pub height: usize,
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
    /// Padded indices of the start and of the exit as given.
    pub start: usize,
    pub exit: usize,
    /// The footprints placed so far, in padded coordinates: `(x0, y0, x1, y1)` inclusive.
    pub placed: Vec<(i32, i32, i32, i32)>,
}

impl Board {
    /// The board of `dungeon`; the exit is the farthest reached tile, first in row order,
    /// as [`Dungeon::exit`] finds it.
    pub fn new(dungeon: &Dungeon) -> Board {
        let map = &dungeon.map;
        let (w, h) = (map.width().max(0) as usize, map.height().max(0) as usize);
        let (width, height) = (w + 2, h + 2);
        let mut walkable = vec![0u8; width * height];
        let mut any_forbidden = false;
        for (y, row) in map.tiles().chunks_exact(w.max(1)).enumerate().take(h) {
            let padded = &mut walkable[(y + 1) * width + 1..][..w];
            for (cell, tile) in padded.iter_mut().zip(row) {
                *cell = u8::from(tile.walkable);
                any_forbidden |= is_forbidden(tile);
            }
        }
        let grid = matches!(dungeon.layout, Layout::Grid(_));
        let mut forbidden = Vec::new();
        if any_forbidden || grid {
            forbidden = vec![0u8; width * height];
            for (y, row) in map.tiles().chunks_exact(w.max(1)).enumerate().take(h) {
                let padded = &mut forbidden[(y + 1) * width + 1..][..w];
                for (cell, tile) in padded.iter_mut().zip(row) {
                    *cell = u8::from(is_forbidden(tile));
                }
            }
            if let Layout::Grid(grid) = &dungeon.layout {
                keep_to_room_middles(&mut forbidden, width, grid);
            }
        }
        let start = map
            .in_bounds(dungeon.start)
            .then(|| (dungeon.start.y as usize + 1) * width + dungeon.start.x as usize + 1);
        let (open, farthest) = reach(walkable, width, start);
        // The exit as `Dungeon::exit` names it: a grid's planned exit (an isaac floor's
        // boss room) where there is one, else the farthest tile reached.
        let planned = dungeon.room_grid().and_then(RoomGrid::planned_exit);
        let exit = planned
            .filter(|&p| map.in_bounds(p))
            .map(|p| (p.y as usize + 1) * width + p.x as usize + 1)
            .or(farthest);
        let row_reached = open
            .chunks_exact(width)
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
            width,
            height,
            open,
            forbidden,
            forbidden_sums: None,
            start: start.unwrap_or(0),
            exit: exit.unwrap_or(0),
            placed: Vec::new(),
        }
    }

    /// The sums of the forbidden tiles, made on first use; `None` when there are none.
    pub fn forbidden_sums(&mut self) -> Option<&Prefix> {
        if self.forbidden.is_empty() {
            return None;
        }
        let (width, forbidden) = (self.width, &self.forbidden);
        let sums = self
            .forbidden_sums
            .get_or_insert_with(|| Prefix::new(width, forbidden.iter().map(|&f| i32::from(f))));
        Some(sums)
    }

    /// The padded index of padded `(x, y)`.
    #[inline]
    pub fn index(&self, x: i32, y: i32) -> usize {
        y as usize * self.width + x as usize
    }

    /// Padded `(x, y)` of a padded index.
    #[inline]
    pub fn point(&self, index: usize) -> (i32, i32) {
        ((index % self.width) as i32, (index / self.width) as i32)
    }
}

/// In a grid of rooms, vaults stamp only the middle of a room: its floor less the ring of
/// floor along its walls. Marks every other tile forbidden. The ring stays the room's own
/// floor, a loop that joins every door of the room, so no door is covered or cut off from
/// another and no two rooms are joined: the room graph stays a true account of the walks.
fn keep_to_room_middles(forbidden: &mut [u8], width: usize, grid: &RoomGrid) {
    let mut middle = vec![false; forbidden.len()];
    for room in grid.rooms() {
        let (cols, rows) = grid.outline(room.cell).inner();
        for y in rows.start + 1..rows.end - 1 {
            for x in cols.start + 1..cols.end - 1 {
                let i = (y as usize + 1) * width + x as usize + 1;
                if let Some(m) = middle.get_mut(i) {
                    *m = true;
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
