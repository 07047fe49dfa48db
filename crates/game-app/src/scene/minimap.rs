//! The minimap in the map view's corner and the large map of the floor (`Tab`), both
//! drawn from the marks the game keeps ([`Minimap`](game_core::minimap::Minimap)); with
//! `M`, from the whole grid; and the legend of the rooms' icons for the help screen.

use mapgen::Point;
use mapgen::generators::grid::{RoomCell, RoomGrid, RoomKind};
use tileset::{Cell, colors};

use super::Screen;
use crate::contrast::readable_on;
use crate::viewport::{Viewport, minimap_box};
use game_core::game::Game;
use game_core::minimap::Mark;

/// The mark at minimap cell `p`: what the player found, or with `reveal` every room.
fn mark_at(game: &Game, reveal: bool, p: Point) -> Option<Mark> {
    let minimap = game.minimap()?;
    match (reveal, game.dungeon().room_grid()) {
        (true, Some(grid)) => minimap.revealed_mark(grid, p),
        _ => minimap.mark(p),
    }
}

/// Draws the minimap in its box ([`minimap_box`]), as Isaac's: fixed in the top-right
/// corner, showing the part of the floor around the current room when the floor is
/// larger than the box; only cells with something to show are drawn, so the map reads
/// beneath. Only the cells in the box are read.
pub(super) fn draw_minimap(game: &Game, reveal: bool, view: Viewport, screen: &mut Screen) {
    let (Some(minimap), Some(grid)) = (game.minimap(), game.dungeon().room_grid()) else {
        return;
    };
    let layout = (minimap.width(), minimap.height());
    let Some(shown) = minimap_box(view, layout) else {
        return;
    };
    // The window onto the minimap: centred on the current room, within the minimap.
    let here = minimap.current_cells();
    let middle = |axis: fn(&Point) -> i32, default: i32| {
        let n = here.len() as i32;
        if n == 0 {
            default
        } else {
            here.iter().map(axis).sum::<i32>() / n
        }
    };
    let from = |centre: i32, len: i32, window: i32| (centre - window / 2).clamp(0, len - window);
    let ox = from(middle(|p| p.x, layout.0 / 2), layout.0, shown.width);
    let oy = from(middle(|p| p.y, layout.1 / 2), layout.1, shown.height);
    for y in 0..shown.height {
        for x in 0..shown.width {
            let p = Point::new(ox + x, oy + y);
            let Some(mark) = mark_at(game, reveal, p) else {
                continue;
            };
            let cell = minimap_cell(Some(mark), is_first_cell(grid, p));
            screen.set((shown.x + x, shown.y + y), cell);
        }
    }
}

/// True when minimap cell `p` is the first cell of its room, where the room's icon goes.
fn is_first_cell(grid: &RoomGrid, p: Point) -> bool {
    if p.x % 2 != 0 || p.y % 2 != 0 {
        return false;
    }
    let cell = RoomCell::new(p.x / 2, p.y / 2);
    grid.room_at(cell).is_some_and(|room| room.cell == cell)
}

/// The icons of the room kinds on the minimap as one legend, a few to a line (at most
/// `width` characters): for the help screen.
pub fn legend(kinds: &[RoomKind], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for &kind in kinds {
        let Some(icon) = room_icon(kind) else {
            continue;
        };
        let entry = format!("{} {kind}", tileset::cp437::to_char(icon));
        if !line.is_empty() && line.chars().count() + 2 + entry.chars().count() > width {
            lines.push(std::mem::replace(&mut line, entry));
        } else {
            if !line.is_empty() {
                line.push_str("  ");
            }
            line.push_str(&entry);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The large map (`Tab`): the whole map view, each grid cell a box of as many screen
/// cells as fit (at least 2 x 2; a grid too large to fit is centred on the `@`'s room),
/// one column and row between boxes for the doors. A room's icon is in the middle of its
/// first cell; the rest of the room is filled in its colour, as on the minimap.
pub(super) fn draw_large_map(game: &Game, reveal: bool, view: Viewport, screen: &mut Screen) {
    let Some(grid) = game.dungeon().room_grid() else {
        return;
    };
    let cw = (view.width / grid.cols().max(1)).clamp(2, 9);
    let ch = (view.height / grid.rows().max(1)).clamp(2, 5);
    let (map_w, map_h) = (cw * grid.cols(), ch * grid.rows());
    // Where grid cell (0, 0) goes: centred, or, when too large, around the @'s cell.
    let here = grid.cell_at_tile(game.player()).unwrap_or_default();
    let offset = |len: i32, view_len: i32, at: i32, size: i32| {
        if len <= view_len {
            (view_len - len) / 2
        } else {
            view_len / 2 - at * size - size / 2
        }
    };
    let ox = offset(map_w, view.width, here.col, cw);
    let oy = offset(map_h, view.height, here.row, ch);
    for sy in 0..view.height {
        for sx in 0..view.width {
            let (x, y) = (sx - ox, sy - oy);
            if x < 0 || y < 0 || x >= map_w || y >= map_h {
                screen.set((sx, sy), minimap_cell(None, false));
                continue;
            }
            let (col, fx, row, fy) = (x / cw, x % cw, y / ch, y % ch);
            let (gap_x, gap_y) = (fx == cw - 1, fy == ch - 1);
            let p = Point::new(2 * col + i32::from(gap_x), 2 * row + i32::from(gap_y));
            let mark = mark_at(game, reveal, p);
            let middle = (fx == (cw - 1) / 2, fy == (ch - 1) / 2);
            let mark = match mark {
                // A door is one glyph in the middle of the gap.
                Some(Mark::DoorWestEast) if !middle.1 => None,
                Some(Mark::DoorNorthSouth) if !middle.0 => None,
                other => other,
            };
            let first = is_first_cell(grid, Point::new(2 * col, 2 * row));
            let icon_here = first && !gap_x && !gap_y && middle.0 && middle.1;
            screen.set((sx, sy), minimap_cell(mark, icon_here));
        }
    }
}

/// The icon of a special room on the minimap, as Isaac players read them (in CP437):
/// `☻` boss (a skull), `☼` treasure (the item room's crown), `$` shop, `?` secret, `!`
/// super secret, `▲` sacrifice (its spikes), `÷` dice, `≡` library (a book), `Ω` curse,
/// `☺` miniboss, `X` challenge (crossed swords), `7` arcade (its slot machines). `None`
/// for the start and normal rooms, which show as plain blocks.
pub fn room_icon(kind: RoomKind) -> Option<u8> {
    Some(match kind {
        RoomKind::Boss => 2,
        RoomKind::Treasure => 15,
        RoomKind::Shop => b'$',
        RoomKind::Secret => b'?',
        RoomKind::SuperSecret => b'!',
        RoomKind::Sacrifice => 30,
        RoomKind::Dice => 246,
        RoomKind::Library => 240,
        RoomKind::Curse => 234,
        RoomKind::Miniboss => 1,
        RoomKind::Challenge => b'X',
        RoomKind::Arcade => b'7',
        _ => return None,
    })
}

/// How a minimap mark looks. A room the `@` has been in is a block of its kind's colour
/// (cells of a large room and those between them alike, so it reads as one shape), the
/// current one white; a special room's icon, on its first cell (`icon_here`), in black or
/// white, whichever reads. A room not entered (beside a visited one) is a light shade
/// (CP437 176) in grey, or its icon in its colour. Doors are line pieces.
pub fn minimap_cell(mark: Option<Mark>, icon_here: bool) -> Cell {
    let bg = colors::MINIMAP_BG;
    let (glyph, fg, bg) = match mark {
        None => (u16::from(b' '), colors::WHITE, bg),
        Some(Mark::DoorWestEast) => (196, colors::GREY, bg),
        Some(Mark::DoorNorthSouth) => (179, colors::GREY, bg),
        Some(Mark::Room {
            kind,
            current,
            visited,
        }) => {
            let icon = room_icon(kind).filter(|_| icon_here).map(u16::from);
            let colour = colors::room_kind(kind);
            let fill = if current { colors::WHITE } else { colour };
            match (current || visited, icon) {
                (true, icon) => (icon.unwrap_or(u16::from(b' ')), readable_on(fill), fill),
                (false, Some(icon)) => (icon, colour, bg),
                (false, None) => (176, colors::GREY, bg),
            }
        }
    };
    Cell { glyph, fg, bg }
}
