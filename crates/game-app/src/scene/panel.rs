//! The status panel under the map: the depth, seed and map; the font and toggles; the
//! last lines of the message log; a notice or what the look cursor is on; and the keys
//! of the current mode. On a console with room for it, blank rows keep the groups apart.

use super::{Hud, Screen};
use crate::action::{ModeKind, key_line};
use crate::session::Session;
use tileset::colors;

/// Rows of the spaced panel: a blank row, two status lines, a blank row, the last three
/// lines of the log, the notice, a blank row and the keys.
pub const STATUS_ROWS: i32 = 10;

/// Rows of the panel on a short console: no blank rows, two lines of the log.
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

/// Where each part of the panel goes, as rows below its top.
struct Layout {
    status: &'static [i32],
    log: &'static [i32],
    notice: i32,
    keys: i32,
}

const SPACED: Layout = Layout {
    status: &[1, 2],
    log: &[4, 5, 6],
    notice: 7,
    keys: 9,
};

const COMPACT: Layout = Layout {
    status: &[0],
    log: &[1, 2],
    notice: 3,
    keys: 4,
};

/// Draws the panel from row `top` down: `session`'s lines (none while the first level is
/// made), the notice and the keys.
pub(super) fn draw_status(session: Option<&Session>, hud: &Hud, top: i32, screen: &mut Screen) {
    let layout = if screen.height() - top >= STATUS_ROWS {
        &SPACED
    } else {
        &COMPACT
    };
    let width = screen.width();
    let mut print = |row: i32, text: &str, fg| {
        screen.print(1, top + row, text, fg, colors::BLACK);
    };
    let mut mode = ModeKind::Play;
    let mut notice = hud.notice.map(str::to_string);
    if let Some(session) = session {
        mode = session.mode().kind();
        for (&row, text) in layout.status.iter().zip(status_lines(session, hud)) {
            print(row, &text, colors::WHITE);
        }
        let log = session.log().last(layout.log.len());
        // The newest line at the bottom, next to the notice.
        let rows = &layout.log[layout.log.len() - log.len()..];
        for (&row, text) in rows.iter().zip(&log) {
            print(row, text, colors::WHITE);
        }
        notice = session.look_text().or(notice);
    }
    if let Some(notice) = notice {
        print(layout.notice, &notice, colors::NOTICE);
    }
    let long = key_line(mode, false);
    let keys = if long.len() < width as usize {
        long
    } else {
        key_line(mode, true)
    };
    print(layout.keys, &keys, colors::GREY);
}

fn status_lines(session: &Session, hud: &Hud) -> [String; 2] {
    let game = session.game();
    let map = game.map();
    let player = game.player();
    let on_off = |b: bool| if b { "on" } else { "off" };
    let toggles = session.view();
    let room = game
        .current_room()
        .map(|r| format!("   Room {}", r.kind))
        .unwrap_or_default();
    let keys = game
        .current_room()
        .map(|_| format!("   Keys {}", game.keys()))
        .unwrap_or_default();
    let next = session
        .descent()
        .chosen()
        .map(|g| format!("   New levels {}", g.kind()))
        .unwrap_or_default();
    [
        format!(
            "Depth {}   Seed {}   {} {}x{}   @ {}, {}   Explored {:.0}%{room}",
            game.depth(),
            game.seed(),
            game.generator().kind(),
            map.width(),
            map.height(),
            player.x,
            player.y,
            game.level().explored_percent().floor(),
        ),
        format!(
            "Font {} ({})   Whole map {}   Labels {}{keys}{next}",
            hud.font.name,
            hud.font.glyph,
            on_off(toggles.reveal_map),
            on_off(toggles.show_labels)
        ),
    ]
}
