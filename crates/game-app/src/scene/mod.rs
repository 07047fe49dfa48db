//! One frame as console cells: the map through the camera with fog of war, the route
//! shown, the look cursor, the `@`, room labels, the minimap, the status panel with the
//! message log, and the help screen or the message archive. The window copies the cells
//! into bracket-lib's console as they are; everything about how the game looks is
//! decided here.
//!
//! A frame's work is bounded by the screen, not the map: the map is read only through
//! the view, labels are found by position ([`game_core::labels`]), and the minimap is the one
//! the game keeps up to date.

mod creatures;
mod ending;
mod help;
mod messages;
mod minimap;
mod panel;
mod screen;
mod vitals;
mod watch;

use mapgen::Point;
use mapgen::generators::grid::RoomKind;
use tileset::{Cell, colors, own_tile_cell, tile_cell};

pub use self::help::{HELP_TITLE, LEGEND_TITLE, help_lines};
pub use self::minimap::{legend, minimap_cell};
pub use self::panel::{COMPACT_STATUS_ROWS, SPACED_PANEL_MIN_ROWS, STATUS_ROWS, status_rows};
pub use self::screen::Screen;
pub use self::watch::compose_watch;
pub use game_core::labels::room_label;

use crate::camera::Shown;
use crate::contrast::readable_on;
use crate::fonts::FontFace;
use crate::mode::Mode;
use crate::session::Session;
use crate::viewport::{CellBox, Viewport, minimap_box, minimap_reserve};
use game_core::doors::KeyKind;
use game_core::entity::Thing;
use game_core::game::{Appearance, Game};
use game_core::terrain::TileKind;

/// The console size the game lays out for: an 80 x 45 map view (the tutorial's map) and
/// the spaced status panel.
pub const CONSOLE_SIZE: (i32, i32) = (80, 45 + STATUS_ROWS);

/// The smallest console the game lays out: a few rows of map above the compact panel.
pub const MIN_CONSOLE: (i32, i32) = (20, COMPACT_STATUS_ROWS + 3);

/// What the panel shows besides the game: the font in use and a one-line notice.
#[derive(Debug, Clone, Copy)]
pub struct Hud<'a> {
    /// The font in use.
    pub font: &'a FontFace,
    /// A message for the player, such as "generating".
    pub notice: Option<&'a str>,
}

/// The part of the screen above the panel, where the map goes.
pub fn map_view(screen: &Screen) -> Viewport {
    Viewport {
        width: screen.width(),
        height: (screen.height() - status_rows(screen.height())).max(0),
    }
}

/// Draws a whole frame of `session` into `screen`, the map from the session's camera
/// origin (call [`Session::frame`] with [`map_view`] first).
pub fn compose(session: &Session, hud: &Hud, screen: &mut Screen) {
    screen.clear();
    let view = map_view(screen);
    let game = session.game();
    let origin = session.camera().origin();
    let shown = session.camera().shown();
    let drawn_over = match session.mode() {
        Mode::Messages { scroll } => Some(*scroll),
        Mode::Play | Mode::Look(_) | Mode::Help { .. } | Mode::Map | Mode::Ended => None,
    };
    if let Some(scroll) = drawn_over {
        messages::draw_archive(session.log(), scroll, view, screen);
    } else {
        let toggles = session.view();
        // The minimap keeps its corner: no map tile is drawn there.
        let reserve = game
            .minimap()
            .and_then(|m| minimap_box(view, (m.width(), m.height())))
            .map(|b| minimap_reserve(b, view));
        draw_map(
            game,
            toggles.reveal_map,
            view,
            (origin, shown),
            reserve,
            screen,
        );
        // Under the minimap, drawn after.
        creatures::draw_monsters(game, toggles.reveal_map, view, (origin, shown), screen);
        if toggles.show_labels {
            draw_labels(game, view, (origin, shown), screen);
        }
        draw_route(session.route(), view, (origin, shown), screen);
        if let Some(look) = session.mode().look() {
            draw_cursor(look.cursor(), view, origin, screen);
        }
        if let Some((x, y)) = view.to_screen(origin, game.player()) {
            screen.set(
                (x, y),
                Cell {
                    glyph: u16::from(b'@'),
                    fg: colors::PLAYER,
                    bg: colors::LIGHT_GROUND,
                },
            );
        }
        match session.mode() {
            Mode::Map => minimap::draw_large_map(game, toggles.reveal_map, view, screen),
            Mode::Play
            | Mode::Look(_)
            | Mode::Help { .. }
            | Mode::Messages { .. }
            | Mode::Ended => {
                minimap::draw_minimap(game, toggles.reveal_map, view, screen);
            }
        }
    }
    panel::draw_status(Some(session), hud, view.height, screen);
    if let Some(mode) = session.mode().help_for() {
        let legend = legend_kinds(game);
        help::draw_help(mode, session.works(), &legend, view, screen);
    } else if *session.mode() == Mode::Ended {
        ending::draw_ending(session, view, screen);
    }
}

/// The room kinds whose icons the help's legend explains: on a grid of rooms, those its
/// generator makes (every kind of Isaac's on an isaac floor, whose rooms have links;
/// the boss and treasure rooms on a `grid` one); none elsewhere.
fn legend_kinds(game: &Game) -> Vec<RoomKind> {
    let Some(grid) = game.dungeon().room_grid() else {
        return Vec::new();
    };
    let isaac = !grid.links().is_empty();
    RoomKind::ALL
        .iter()
        .copied()
        .filter(|&k| isaac || matches!(k, RoomKind::Boss | RoomKind::Treasure))
        .filter(|&k| tileset::rooms::room_look(k).icon.is_some())
        .collect()
}

/// Draws the frame shown while the first level is made: the notice in the middle of the
/// map view, and the panel's notice and keys.
pub fn compose_waiting(hud: &Hud, screen: &mut Screen) {
    screen.clear();
    let view = map_view(screen);
    if let Some(notice) = hud.notice {
        let x = ((view.width - notice.len() as i32) / 2).max(0);
        screen.print(x, view.height / 2, notice, colors::NOTICE, colors::BLACK);
    }
    panel::draw_status(None, hud, view.height, screen);
}

/// The route shown (the `@` first, left as it is): each tile on the route colour.
fn draw_route(
    route: &[Point],
    view: Viewport,
    (origin, shown): (Point, Shown),
    screen: &mut Screen,
) {
    for &p in route.iter().skip(1).filter(|&&p| shown.includes(p)) {
        highlight(p, colors::ROUTE, view, origin, screen);
    }
}

/// The look cursor: its tile on the cursor colour.
fn draw_cursor(cursor: Point, view: Viewport, origin: Point, screen: &mut Screen) {
    highlight(cursor, colors::CURSOR, view, origin, screen);
}

/// Map tile `p`, if in view, on `bg`, its glyph (if any) in black or white.
fn highlight(p: Point, bg: tileset::Rgb, view: Viewport, origin: Point, screen: &mut Screen) {
    if let Some(at) = view.to_screen(origin, p) {
        let glyph = screen.cell(at).glyph;
        let fg = readable_on(bg);
        screen.set(at, Cell { glyph, fg, bg });
    }
}

/// The map in view: tiles in sight as they are, remembered ones as remembered, in the
/// dark colours; with `M`, every tile. Only the tiles the camera shows (in a grid of
/// rooms, the room or the two rooms of a slide) are drawn, and none in `reserve` (the
/// minimap's corner).
fn draw_map(
    game: &Game,
    reveal_map: bool,
    view: Viewport,
    (origin, shown): (Point, Shown),
    reserve: Option<CellBox>,
    screen: &mut Screen,
) {
    let map = game.map();
    for sy in 0..view.height {
        for sx in 0..view.width {
            let p = Point::new(origin.x + sx, origin.y + sy);
            let kept = reserve.is_some_and(|r| r.contains((sx, sy)));
            if kept || !map.in_bounds(p) || !shown.includes(p) {
                continue;
            }
            let lit = game.is_visible(p);
            if let Some(seen) = game.appearance(p, reveal_map) {
                screen.set((sx, sy), appearance_cell(&seen, lit));
            }
        }
    }
}

/// How a tile the player is shown looks: a thing as its tile, the level's stairs in
/// their colours, and any other tile of one's own (a vault's `>` among them) as such a
/// tile, never as stairs.
/// A coloured lock's key is its `k` in the lock's colour, its door a `=` on it.
fn appearance_cell(seen: &Appearance, lit: bool) -> Cell {
    match (seen.thing, seen.kind) {
        (Some(Thing::Key(KeyKind::Colour(id))), _) => Cell {
            fg: lock_colour(id, lit),
            ..tile_cell(seen.shown(), lit)
        },
        (None, TileKind::LockedDoor(KeyKind::Colour(id))) => {
            let bg = lock_colour(id, lit);
            Cell {
                glyph: u16::from(b'='),
                fg: readable_on(bg),
                bg,
            }
        }
        (Some(thing), _) => tile_cell(thing.tile(), lit),
        (None, TileKind::Stairs(_)) => tile_cell(seen.tile, lit),
        (None, _) if !seen.tile.is_builtin() => own_tile_cell(seen.tile, lit),
        (None, _) => tile_cell(seen.tile, lit),
    }
}

/// Coloured lock `id`'s colour ([`tileset::colors::lock`]), darker when remembered.
pub fn lock_colour(id: u8, lit: bool) -> tileset::colors::Rgb {
    let (r, g, b) = colors::lock(usize::from(id)).1;
    if lit {
        (r, g, b)
    } else {
        (r / 2, g / 2, b / 2)
    }
}

/// Room labels at the centres of the rooms on screen whose centre is in view now: as the
/// tutorial draws its objects, only in the field of view, so no label gives away a room
/// not yet found. Black or white, whichever reads better on the tile.
fn draw_labels(game: &Game, view: Viewport, (origin, shown): (Point, Shown), screen: &mut Screen) {
    for (centre, index) in game.room_labels().in_box(origin, view.width, view.height) {
        let Some((x, y)) = view.to_screen(origin, centre) else {
            continue;
        };
        if !game.is_visible(centre) || !shown.includes(centre) {
            continue;
        }
        let under = screen.cell((x, y));
        screen.set(
            (x, y),
            Cell {
                glyph: room_label(index) as u16,
                fg: readable_on(under.bg),
                bg: under.bg,
            },
        );
    }
}

#[cfg(test)]
mod tests;
