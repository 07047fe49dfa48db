//! The minimap in the map view's corner and the large map of the floor (`Tab`), both
//! drawn from the marks the game keeps ([`Minimap`](game_core::minimap::Minimap)); with `M`, from the whole grid.

use mapgen::Point;
use mapgen::generators::grid::RoomKind;
use tileset::{Cell, colors};

use super::Screen;
use crate::contrast::readable_on;
use crate::viewport::Viewport;
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

/// Draws the minimap in the map view's top-right corner, or top-left when the `@` would
/// be under it; not at all when the view is too small to hold it beside the `@`. Only
/// the cells drawn are read.
pub(super) fn draw_minimap(
    game: &Game,
    reveal: bool,
    view: Viewport,
    player: Option<(i32, i32)>,
    screen: &mut Screen,
) {
    let Some(minimap) = game.minimap() else {
        return;
    };
    // One cell of margin around the marks, on the minimap's own background.
    let (w, h) = (minimap.width() + 2, minimap.height() + 2);
    if w + 2 > view.width || h + 1 > view.height {
        return;
    }
    let covers = |left: i32| player.is_some_and(|(x, y)| x >= left && x < left + w && y < h + 1);
    let right = view.width - w - 1;
    let left = if covers(right) { 1 } else { right };
    for y in 0..h {
        for x in 0..w {
            let mark = mark_at(game, reveal, Point::new(x - 1, y - 1));
            screen.set((left + x, 1 + y), minimap_cell(mark));
        }
    }
}

/// The large map (`Tab`): the whole map view, each grid cell a box of as many screen
/// cells as fit (at least 2 x 2; a grid too large to fit is centred on the `@`'s room),
/// one column and row between boxes for the doors. A room's icon is in the middle of its
/// first cell; the rest of the room is filled in its colour.
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
                screen.set((sx, sy), minimap_cell(None));
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
            let icon_here = !gap_x && !gap_y && middle.0 && middle.1;
            screen.set((sx, sy), large_map_cell(mark, icon_here));
        }
    }
}

/// A large map cell: a visited room filled with its kind's colour (the current one
/// with the torch-lit yellow), its icon in the middle of its first cell in black or
/// white, whichever reads; an outline as the minimap draws it.
fn large_map_cell(mark: Option<Mark>, icon_here: bool) -> Cell {
    let Some(Mark::Room {
        kind,
        current,
        visited,
    }) = mark
    else {
        return minimap_cell(mark);
    };
    if !visited && !current {
        let plain = Mark::Room {
            kind: RoomKind::Normal,
            current,
            visited,
        };
        return minimap_cell(Some(if icon_here {
            mark.unwrap_or(plain)
        } else {
            plain
        }));
    }
    let bg = if current {
        colors::LIGHT_GROUND
    } else {
        colors::room_kind(kind)
    };
    let glyph = room_icon(kind)
        .filter(|_| icon_here)
        .map_or(u16::from(b' '), u16::from);
    Cell {
        glyph,
        fg: readable_on(bg),
        bg,
    }
}

/// The icon of a special room on the minimap, after Isaac's (letters in CP437): `B`
/// boss, `$` treasure, `S` shop, `?` secret, `!` super secret, and the others' initials.
/// `None` for the start and normal rooms, which show as blocks.
pub fn room_icon(kind: RoomKind) -> Option<u8> {
    Some(match kind {
        RoomKind::Boss => b'B',
        RoomKind::Treasure => b'$',
        RoomKind::Shop => b'S',
        RoomKind::Secret => b'?',
        RoomKind::SuperSecret => b'!',
        RoomKind::Sacrifice => b's',
        RoomKind::Dice => b'd',
        RoomKind::Library => b'L',
        RoomKind::Curse => b'C',
        RoomKind::Miniboss => b'm',
        RoomKind::Challenge => b'c',
        RoomKind::Arcade => b'a',
        _ => return None,
    })
}

/// How a minimap mark looks: a visited room as a block (CP437 254) in its kind's colour,
/// an outline (a room beside a visited one, not entered) as a light shade (176) in grey;
/// a special room as its icon ([`room_icon`]) in its kind's colour, and once visited in
/// black or white on that colour; doors as line pieces; the current room on the
/// torch-lit yellow.
pub fn minimap_cell(mark: Option<Mark>) -> Cell {
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
            let icon = room_icon(kind).map(u16::from);
            let fg = colors::room_kind(kind);
            match (current, visited, icon) {
                (true, _, icon) => (icon.unwrap_or(254), colors::BLACK, colors::LIGHT_GROUND),
                (false, true, Some(icon)) => (icon, readable_on(fg), fg),
                (false, true, None) => (254, fg, bg),
                (false, false, Some(icon)) => (icon, fg, bg),
                (false, false, None) => (176, colors::GREY, bg),
            }
        }
    };
    Cell { glyph, fg, bg }
}
