//! A room grid drawn on its cells, for the `isaac` snapshots and example: a letter per
//! room kind in each cell of the room, and between two cells the door or the opening.

use std::fmt::Write;

use mapgen::generators::grid::{LinkKind, RoomCell, RoomGrid, RoomKind, Side};

/// One letter per kind: `S` start, `B` boss, `$` shop, `T` treasure, `?` secret, `!` super
/// secret, `s` sacrifice, `d` dice, `L` library, `C` curse, `m` miniboss, `c` challenge,
/// `a` arcade, `#` normal.
pub fn kind_letter(kind: RoomKind) -> char {
    match kind {
        RoomKind::Start => 'S',
        RoomKind::Boss => 'B',
        RoomKind::Shop => '$',
        RoomKind::Treasure => 'T',
        RoomKind::Secret => '?',
        RoomKind::SuperSecret => '!',
        RoomKind::Sacrifice => 's',
        RoomKind::Dice => 'd',
        RoomKind::Library => 'L',
        RoomKind::Curse => 'C',
        RoomKind::Miniboss => 'm',
        RoomKind::Challenge => 'c',
        RoomKind::Arcade => 'a',
        _ => '#',
    }
}

/// The cells, two text rows per grid row: the cells with `-` (open), `=` (locked) or `:`
/// (secret) for a door to the east and `.` inside a large room; below them `|`, `H`, `;`
/// or `.` for the door or opening to the south. Empty cells are spaces; every line is
/// `2 * cols - 1` wide, so the diagram keeps its shape in a diff.
pub fn cell_diagram(grid: &RoomGrid) -> String {
    let mut out = String::new();
    for row in 0..grid.rows() {
        let mut cells = String::new();
        let mut below = String::new();
        for col in 0..grid.cols() {
            let cell = RoomCell::new(col, row);
            let here = grid.room_index(cell);
            cells.push(here.map_or(' ', |i| kind_letter(grid.rooms()[i].kind)));
            if col + 1 < grid.cols() {
                cells.push(between(grid, cell, Side::East, ['-', '=', ':', '.']));
                below.push(between(grid, cell, Side::South, ['|', 'H', ';', '.']));
                below.push(' ');
            } else {
                below.push(between(grid, cell, Side::South, ['|', 'H', ';', '.']));
            }
        }
        out.push_str(&cells);
        out.push('\n');
        if row + 1 < grid.rows() {
            out.push_str(&below);
            out.push('\n');
        }
    }
    out
}

/// What lies between `cell` and its neighbour across `side`: `marks` is open, locked,
/// secret, same room.
fn between(grid: &RoomGrid, cell: RoomCell, side: Side, marks: [char; 4]) -> char {
    let other = cell.neighbour(side);
    let here = grid.room_index(cell);
    if here.is_some() && here == grid.room_index(other) {
        return marks[3];
    }
    let link = grid.links().iter().find(|l| l.joins(cell, other));
    link.map_or(' ', |l| match l.kind {
        LinkKind::Open => marks[0],
        LinkKind::Locked => marks[1],
        LinkKind::Secret => marks[2],
    })
}

/// A line per room: first cell, kind, shape, depth, doors of the first cell, seed.
pub fn room_lines(grid: &RoomGrid) -> String {
    let mut out = String::new();
    for r in grid.rooms() {
        let seed = r.plan.map_or(0, |p| p.seed);
        let (cell, kind, shape) = (cell_name(r.cell), r.kind, r.shape());
        let (depth, doors) = (r.doors_from_start, r.doors);
        writeln!(
            out,
            "{cell} {kind} {shape} depth {depth} doors {doors} seed {seed:016x}"
        )
        .unwrap();
    }
    out
}

/// `col,row`: how the snapshots name a cell.
pub fn cell_name(cell: RoomCell) -> String {
    format!("{},{}", cell.col, cell.row)
}
