//! The message archive (`Ctrl-P`): the log's lines over the map view, newest at the
//! bottom, scrolled back with `PgUp`.

use super::Screen;
use crate::action::{ModeKind, Works, key_line};
use crate::log::MessageLog;
use crate::viewport::Viewport;
use tileset::colors;

/// The archive's title line.
pub const ARCHIVE_TITLE: &str = "Messages";

/// Draws `log` over the whole map view, `scroll` lines back from the newest.
pub(super) fn draw_archive(log: &MessageLog, scroll: usize, view: Viewport, screen: &mut Screen) {
    let bg = colors::HELP_BG;
    for y in 0..view.height {
        screen.print(0, y, &" ".repeat(view.width as usize), colors::WHITE, bg);
    }
    if view.height < 3 {
        return;
    }
    let title = format!(
        "{ARCHIVE_TITLE} ({} lines)   {}",
        log.len(),
        key_line(ModeKind::Messages, Works::ALL, false)
    );
    screen.print(2, 0, &title, colors::NOTICE, bg);
    let rows = (view.height - 2) as usize;
    let end = log.len().saturating_sub(scroll);
    let start = end.saturating_sub(rows);
    for (row, i) in (2..).zip(start..end) {
        if let Some(line) = log.line(i) {
            screen.print(2, row, &line, colors::WHITE, bg);
        }
    }
}
