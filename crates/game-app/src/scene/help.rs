//! The help screen (`?`): the key table of the mode it was opened from, in a box over the
//! map, made from the same table that turns keys into actions
//! ([`crate::action::key_table`]), so it can never drift from the keys.

use super::Screen;
use crate::action::{ModeKind, key_table};
use crate::viewport::Viewport;
use tileset::colors;

/// Box-drawing glyphs of CP437: corners, then the horizontal and vertical lines.
const TOP_LEFT: u16 = 218;
const TOP_RIGHT: u16 = 191;
const BOTTOM_LEFT: u16 = 192;
const BOTTOM_RIGHT: u16 = 217;
const HORIZONTAL: u16 = 196;
const VERTICAL: u16 = 179;

/// The help screen's title line.
pub const HELP_TITLE: &str = "Keys";

/// The help screen's lines for `mode`: the title, then a line per key-table row, the
/// keys in a column of their own.
pub fn help_lines(mode: ModeKind) -> Vec<(String, String)> {
    let table = key_table(mode);
    let mut lines = vec![(HELP_TITLE.to_string(), format!("({})", mode.name()))];
    lines.extend(table.into_iter().map(|row| (row.keys, row.does)));
    lines
}

/// Draws the help box centred on the map view, its lines a row apart when the view has
/// room, cut to the view when it is smaller.
pub(super) fn draw_help(mode: ModeKind, view: Viewport, screen: &mut Screen) {
    let mut lines = help_lines(mode);
    if 2 * (lines.len() as i32) < view.height {
        lines = lines
            .into_iter()
            .flat_map(|line| [line, (String::new(), String::new())])
            .collect();
        lines.pop();
    }
    let keys_width = lines.iter().map(|(k, _)| k.len()).max().unwrap_or(0) as i32;
    let does_width = lines.iter().map(|(_, d)| d.len()).max().unwrap_or(0) as i32;
    // Border, a space, keys, two spaces, what they do, a space, border.
    let width = (keys_width + does_width + 6).min(view.width);
    let height = (lines.len() as i32 + 2).min(view.height);
    if width < 3 || height < 3 {
        return;
    }
    let left = (view.width - width) / 2;
    let top = (view.height - height) / 2;
    let (bg, edge) = (colors::HELP_BG, colors::GREY);
    let frame = |glyph| super::Cell {
        glyph,
        fg: edge,
        bg,
    };
    for y in top..top + height {
        for x in left..left + width {
            let on_top = y == top;
            let on_bottom = y == top + height - 1;
            let on_left = x == left;
            let on_right = x == left + width - 1;
            let glyph = match (on_top, on_bottom, on_left, on_right) {
                (true, _, true, _) => TOP_LEFT,
                (true, _, _, true) => TOP_RIGHT,
                (_, true, true, _) => BOTTOM_LEFT,
                (_, true, _, true) => BOTTOM_RIGHT,
                (true, ..) | (_, true, ..) => HORIZONTAL,
                (_, _, true, _) | (.., true) => VERTICAL,
                _ => u16::from(b' '),
            };
            screen.set((x, y), frame(glyph));
        }
    }
    // Text stops before the right border.
    let room = (width - 3).max(0) as usize;
    let cut = |text: &str, from: usize| -> String {
        text.chars().take(room.saturating_sub(from)).collect()
    };
    for (row, (keys, does)) in (top + 1..top + height - 1).zip(&lines) {
        screen.print(left + 2, row, &cut(keys, 0), colors::NOTICE, bg);
        let column = keys_width as usize + 2;
        let x = left + 2 + column as i32;
        screen.print(x, row, &cut(does, column), colors::WHITE, bg);
    }
}
