//! The room nodes: the generator's rooms, each its floor.

use crate::generators::grid::RoomGrid;
use crate::{Dungeon, Map, Point, Rect};

use super::padded::{Padded, step};
use super::{NONE, NodeKind, Seed};

/// Labels the floor of each room of `dungeon` with a new node, in the generator's order:
/// the rooms of its [`RoomGrid`] when it has one (each with its kind, all its cells, the
/// walls between its own cells when they are floor), else [`Dungeon::rooms`] (the
/// walkable tiles of [`Rect::inner`]). A tile another room took first stays with it, and
/// a room whose floor is not in one piece keeps the piece of its first tile (the rest is
/// left to the free tiles). Rooms with no floor make no node.
pub(super) fn claim_rooms(
    dungeon: &Dungeon,
    pad: Padded,
    labels: &mut [u32],
    seeds: &mut Vec<Seed>,
) {
    let mut claimed = Vec::new();
    match dungeon.room_grid() {
        Some(grid) => {
            for (index, room) in grid.rooms().iter().enumerate() {
                claimed.clear();
                let id = seeds.len() as u32;
                for cell in room.cells() {
                    let outline = grid.outline(cell);
                    for p in outline_tiles(&outline) {
                        if grid_room_tile(&dungeon.map, grid, p, index)
                            && take(&dungeon.map, pad, labels, p, id)
                        {
                            claimed.push(p);
                        }
                    }
                }
                finish(
                    pad,
                    labels,
                    &claimed,
                    false,
                    seeds,
                    NodeKind::Grid(room.kind),
                    index,
                );
            }
        }
        None => {
            for (index, room) in dungeon.rooms.iter().enumerate() {
                claimed.clear();
                let id = seeds.len() as u32;
                let (cols, rows) = room.inner();
                let cols = cols.start.max(0)..cols.end.min(dungeon.map.width());
                let rows = rows.start.max(0)..rows.end.min(dungeon.map.height());
                for y in rows.clone() {
                    for x in cols.clone() {
                        let p = Point::new(x, y);
                        if take(&dungeon.map, pad, labels, p, id) {
                            claimed.push(p);
                        }
                    }
                }
                let whole = claimed.len() == cols.len() * rows.len();
                finish(pad, labels, &claimed, whole, seeds, NodeKind::Room, index);
            }
        }
    }
}

/// Every tile of `outline`, its edges included, row by row.
fn outline_tiles(outline: &Rect) -> impl Iterator<Item = Point> + use<> {
    let (x1, x2) = (outline.x1, outline.x2);
    (outline.y1..=outline.y2).flat_map(move |y| (x1..=x2).map(move |x| Point::new(x, y)))
}

/// True when `p` is floor of grid room `index`: walkable, in one of its cells, and, on a
/// wall line between cells, with that room on both sides (a door between two rooms
/// belongs to neither).
fn grid_room_tile(map: &Map, grid: &RoomGrid, p: Point, index: usize) -> bool {
    if !map.is_walkable(p) || grid.room_index_at_tile(p) != Some(index) {
        return false;
    }
    let (sw, sh) = (grid.room_width() - 1, grid.room_height() - 1);
    let same = |q: Point| grid.room_index_at_tile(q) == Some(index) && map.is_walkable(q);
    let across_x = sw <= 0 || p.x % sw != 0 || (same(p.offset(-1, 0)) && same(p.offset(1, 0)));
    let across_y = sh <= 0 || p.y % sh != 0 || (same(p.offset(0, -1)) && same(p.offset(0, 1)));
    across_x && across_y
}

/// Labels walkable, unlabelled `p` with `id`; false when it is not both.
fn take(map: &Map, pad: Padded, labels: &mut [u32], p: Point, id: u32) -> bool {
    match pad.slot(p) {
        Some(i) if labels[i] == NONE && map.is_walkable(p) => {
            labels[i] = id;
            true
        }
        _ => false,
    }
}

/// Makes the node of the tiles `claimed` (labelled with the next id): only the piece of
/// the first tile stays when they are not `whole` (a full rectangle) and not in one piece.
fn finish(
    pad: Padded,
    labels: &mut [u32],
    claimed: &[Point],
    whole: bool,
    seeds: &mut Vec<Seed>,
    kind: NodeKind,
    room: usize,
) {
    let Some(&first) = claimed.first() else {
        return;
    };
    let id = seeds.len() as u32;
    if !whole {
        keep_piece_of(pad, labels, claimed, first, id);
    }
    seeds.push(Seed {
        kind,
        room: Some(room),
    });
}

/// Unlabels the tiles of `claimed` that are not 8-connected to `first` through tiles
/// labelled `id`.
fn keep_piece_of(pad: Padded, labels: &mut [u32], claimed: &[Point], first: Point, id: u32) {
    const REACHED: u32 = NONE - 1;
    let Some(first) = pad.slot(first) else {
        return;
    };
    let mut stack = vec![first];
    labels[first] = REACHED;
    let mut reached = 0;
    while let Some(i) = stack.pop() {
        reached += 1;
        for offset in pad.ring() {
            let j = step(i, offset);
            if labels[j] == id {
                labels[j] = REACHED;
                stack.push(j);
            }
        }
    }
    let all = reached == claimed.len();
    for &p in claimed {
        if let Some(i) = pad.slot(p) {
            labels[i] = match (labels[i], all) {
                (REACHED, _) => id,
                _ => NONE,
            };
        }
    }
}
