//! The status panel under the map: the seed and generator, where the `@` is, the font
//! and the toggles, a notice, and the keys. On a console with room for it each line has
//! a blank row above it, so the lines do not run into each other or into the map.

use super::{Hud, Screen};
use crate::action::key_line;
use crate::state::Game;
use crate::view::ViewToggles;
use tileset::colors;

/// Rows of the panel with its lines spaced: a blank row above each of the five.
pub const STATUS_ROWS: i32 = 10;

/// Rows of the panel on a short console: the five lines with no space between.
pub const COMPACT_STATUS_ROWS: i32 = 5;

/// A console shorter than this gets the compact panel, to leave room for the map.
pub const SPACED_PANEL_MIN_ROWS: i32 = 30;

/// The panel's height on a console of `console_rows` rows.
pub fn status_rows(console_rows: i32) -> i32 {
    if console_rows >= SPACED_PANEL_MIN_ROWS {
        STATUS_ROWS
    } else {
        COMPACT_STATUS_ROWS
    }
}

/// The panel's five lines, top to bottom: three of the game, the notice, the keys.
const LINES: i32 = 5;

/// Draws the panel from row `top` down: `game`'s lines (none while the first dungeon is
/// made), the notice and the keys.
pub(super) fn draw_status(
    game: Option<&Game>,
    toggles: ViewToggles,
    hud: &Hud,
    top: i32,
    screen: &mut Screen,
) {
    let spaced = screen.height() - top >= STATUS_ROWS;
    let width = screen.width();
    let row = |line: i32| {
        if spaced {
            top + 2 * line + 1
        } else {
            top + line
        }
    };
    let mut print = |line: i32, text: &str, fg| {
        screen.print(1, row(line), text, fg, colors::BLACK);
    };
    if let Some(game) = game {
        for (line, text) in (0..).zip(game_lines(game, toggles, hud)) {
            print(line, &text, colors::WHITE);
        }
    }
    if let Some(notice) = hud.notice {
        print(LINES - 2, notice, colors::NOTICE);
    }
    let long = key_line(false);
    let keys = if long.len() < width as usize {
        long
    } else {
        key_line(true)
    };
    print(LINES - 1, &keys, colors::GREY);
}

fn game_lines(game: &Game, toggles: ViewToggles, hud: &Hud) -> [String; 3] {
    let map = game.map();
    let player = game.player();
    let on_off = |b: bool| if b { "on" } else { "off" };
    [
        format!(
            "Seed {}   Generator {}   Map {}x{}",
            game.seed(),
            game.generator().kind(),
            map.width(),
            map.height()
        ),
        format!(
            "Position {}, {}   Rooms {}   Explored {:.0}%{}",
            player.x,
            player.y,
            game.rooms().len(),
            game.explored().percent().floor(),
            game.current_room()
                .map(|r| format!("   Room {} (depth {})", r.kind, r.doors_from_start))
                .unwrap_or_default()
        ),
        format!(
            "Font {} ({})   Whole map {}   Room labels {}",
            hud.font.name,
            hud.font.glyph,
            on_off(toggles.reveal_map),
            on_off(toggles.show_labels)
        ),
    ]
}
