//! The help screen (`?`): the key table of the mode it was opened from, in a box over the
//! map, made from the same table that turns keys into actions
//! ([`crate::action::key_table`]), so it can never drift from the keys; only the keys
//! that work on the level in play; and on a grid of rooms the legend of the minimap's
//! icons.

use mapgen::generators::grid::RoomKind;

use super::Screen;
use super::minimap::legend;
use crate::action::{ModeKind, Works, key_table};
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

/// The title of the legend's first line.
pub const LEGEND_TITLE: &str = "Minimap";

/// The help screen's lines for `mode` on a level where `works`: the title, then a line
/// per key-table row, the keys in a column of their own; in play and on the large map,
/// the legend of the icons of `kinds` (the room kinds of the level's generator).
pub fn help_lines(mode: ModeKind, works: Works, kinds: &[RoomKind]) -> Vec<(String, String)> {
    let table = key_table(mode, works);
    let mut lines = vec![(HELP_TITLE.to_string(), format!("({})", mode.name()))];
    lines.extend(table.into_iter().map(|row| (row.keys, row.does)));
    if matches!(mode, ModeKind::Play | ModeKind::Map) && works.room_grid {
        let icons = legend(kinds, LEGEND_WIDTH);
        let titles = std::iter::once(LEGEND_TITLE).chain(std::iter::repeat(""));
        lines.extend(titles.zip(icons).map(|(t, l)| (t.to_string(), l)));
    }
    lines
}

/// The longest line of the legend, in characters.
const LEGEND_WIDTH: usize = 44;

/// Draws the help box centred on the map view, its lines a row apart when the view has
/// room, cut to the view when it is smaller.
pub(super) fn draw_help(
    mode: ModeKind,
    works: Works,
    kinds: &[RoomKind],
    view: Viewport,
    screen: &mut Screen,
) {
    let mut lines = help_lines(mode, works, kinds);
    if 2 * (lines.len() as i32) < view.height {
        lines = lines
            .into_iter()
            .flat_map(|line| [line, (String::new(), String::new())])
            .collect();
        lines.pop();
    }
    let chars = |text: &String| text.chars().count();
    let keys_width = lines.iter().map(|(k, _)| chars(k)).max().unwrap_or(0) as i32;
    let does_width = lines.iter().map(|(_, d)| chars(d)).max().unwrap_or(0) as i32;
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
