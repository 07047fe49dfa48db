//! The status panel under the map: the depth, the seed, the room and what the player
//! holds, then the rest of the status in order of importance; the last lines of the
//! message log; a notice or what the look cursor is on; and the keys of the current
//! mode. On a console with room for it, blank rows keep the groups apart.
//!
//! The panel lays itself out to the console's width, whatever the font: a field that
//! does not fit goes on the next status row, or is left out whole when the rows are full
//! (the least important first, never cut in the middle); the seed alone is shortened,
//! with an ellipsis, and only on a console too narrow for it on a row of its own (the
//! report, the log and the exit line keep it whole). Log lines wrap.

use super::{Hud, Screen};
use crate::action::{ModeKind, Works, key_line};
use crate::session::Session;
use tileset::colors;

/// Rows of the spaced panel: a blank row, three status lines (the `@`'s hit points
/// first), the last three lines of the log, the notice, a blank row and the keys.
pub const STATUS_ROWS: i32 = 10;

/// Rows of the panel on a short console: two status lines, two lines of the log (the
/// notice, when there is one, in place of the older) and the keys; no blank rows.
pub const COMPACT_STATUS_ROWS: i32 = 5;

/// A console shorter than this gets the compact panel, to leave room for the map.
pub const SPACED_PANEL_MIN_ROWS: i32 = 30;

/// The space between two fields of a status line.
const SEPARATOR: &str = "   ";

/// What stands for the digits left out of a shortened seed.
const ELLIPSIS: &str = "...";

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
    /// The notice's row; `None`: it takes the newest log row's place.
    notice: Option<i32>,
    keys: i32,
}

const SPACED: Layout = Layout {
    status: &[1, 2, 3],
    log: &[4, 5, 6],
    notice: Some(7),
    keys: 9,
};

const COMPACT: Layout = Layout {
    status: &[0, 1],
    log: &[2, 3],
    notice: None,
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
    // One column of margin each side.
    let room = (width - 2).max(1) as usize;
    let mut print = |row: i32, text: &str, fg| {
        screen.print(1, top + row, text, fg, colors::BLACK);
    };
    let mut mode = ModeKind::Play;
    let mut works = Works::ALL;
    let mut notice = hud.notice.map(str::to_string);
    let mut log = Vec::new();
    if let Some(session) = session {
        mode = session.mode().kind();
        works = session.works();
        let lines = lay_out(&status_fields(session, hud), room, layout.status.len());
        for (&row, text) in layout.status.iter().zip(lines) {
            print(row, &text, colors::WHITE);
        }
        log = session.log().last(layout.log.len());
        notice = session.look_text().or(notice);
    }
    let mut log_rows = layout.log;
    if let (Some(text), None) = (&notice, layout.notice) {
        // The notice takes the newest log row.
        let (&last, rest) = log_rows.split_last().unwrap_or((&layout.keys, &[]));
        print(last, &cut(text, room), colors::NOTICE);
        log_rows = rest;
    }
    // The newest line at the bottom, next to the notice; long lines wrap.
    let wrapped: Vec<String> = log.iter().flat_map(|line| wrap(line, room)).collect();
    let shown = &wrapped[wrapped.len().saturating_sub(log_rows.len())..];
    let rows = &log_rows[log_rows.len() - shown.len()..];
    for (&row, text) in rows.iter().zip(shown) {
        print(row, text, colors::WHITE);
    }
    if let (Some(text), Some(row)) = (&notice, layout.notice) {
        print(row, &cut(text, room), colors::NOTICE);
    }
    let long = key_line(mode, works, false);
    let keys = if long.len() <= room {
        long
    } else {
        key_line(mode, works, true)
    };
    print(layout.keys, &cut(&keys, room), colors::GREY);
}

/// One field of a status line.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Field {
    /// The seed, which alone may be shortened.
    Seed(u64),
    /// Any other, shown whole or not at all.
    Text(String),
}

impl Field {
    /// The field in at most `room` characters, if it can be.
    fn fitted(&self, room: usize) -> Option<String> {
        match self {
            Field::Text(text) => (text.len() <= room).then(|| text.clone()),
            Field::Seed(seed) => {
                let whole = format!("Seed {seed}");
                if whole.len() <= room {
                    return Some(whole);
                }
                let digits = seed.to_string();
                let keep = room.checked_sub("Seed ".len() + ELLIPSIS.len())?;
                if keep < 2 {
                    return None;
                }
                let (head, tail) = (keep - keep / 2, keep / 2);
                Some(format!(
                    "Seed {}{ELLIPSIS}{}",
                    &digits[..head],
                    &digits[digits.len() - tail..]
                ))
            }
        }
    }
}

/// The status fields of `session`, most important first: where the player is (depth,
/// seed, room kind), what they hold, how far they have got, then the map, the font and
/// the toggles.
fn status_fields(session: &Session, hud: &Hud) -> Vec<Field> {
    let game = session.game();
    let map = game.map();
    let player = game.player();
    let on_off = |b: bool| if b { "on" } else { "off" };
    let toggles = session.view();
    let text = Field::Text;
    let (vitals, holds) = super::vitals::hero_fields(game);
    let mut fields: Vec<Field> = vitals.into_iter().map(text).collect();
    fields.push(text(format!("Depth {}", game.depth())));
    fields.push(Field::Seed(game.seed()));
    if let Some(room) = session.room_shown() {
        fields.push(text(format!("Room {}", room.kind)));
    }
    fields.extend(keys_field(game).map(text));
    fields.extend(holds.into_iter().map(text));
    fields.push(text(format!(
        "Explored {:.0}%",
        game.level().explored_percent().floor()
    )));
    fields.push(text(format!(
        "{} {}x{}",
        game.generator().kind(),
        map.width(),
        map.height()
    )));
    fields.push(text(format!("@ {}, {}", player.x, player.y)));
    if let Some(next) = session.descent().chosen() {
        fields.push(text(format!("New levels {}", next.kind())));
    }
    fields.push(text(format!("Font {} ({})", hud.font.name, hud.font.glyph)));
    fields.push(text(format!("Whole map {}", on_off(toggles.reveal_map))));
    if session.works().rooms {
        fields.push(text(format!("Labels {}", on_off(toggles.show_labels))));
    }
    fields
}

/// What the player holds, when keys are part of the game: Isaac's keys counted
/// (`Keys 2`), then the coloured keys of this level by name (`Keys red blue`, `Keys 1 red`).
fn keys_field(game: &game_core::game::Game) -> Option<String> {
    let held = game.level().held_keys();
    if !game.level().has_keys() && game.keys() == 0 && held.is_empty() {
        return None;
    }
    let mut line = "Keys".to_string();
    if game.keys() > 0 || held.is_empty() {
        line.push_str(&format!(" {}", game.keys()));
    }
    for &id in held {
        let colour = game_core::doors::KeyKind::Colour(id).colour();
        line.push_str(&format!(" {}", colour.unwrap_or("?")));
    }
    Some(line)
}

/// `fields` on at most `rows` lines of `room` characters, in order: a field that does
/// not fit on the line goes on the next; once on the last line, those that do not fit
/// are left out whole.
fn lay_out(fields: &[Field], room: usize, rows: usize) -> Vec<String> {
    let mut lines = vec![String::new(); rows];
    let mut row = 0;
    for field in fields {
        let Some(text) = field.fitted(room) else {
            continue;
        };
        while row < rows {
            let line = &mut lines[row];
            let needed = if line.is_empty() {
                text.len()
            } else {
                line.len() + SEPARATOR.len() + text.len()
            };
            if needed <= room {
                if !line.is_empty() {
                    line.push_str(SEPARATOR);
                }
                line.push_str(&text);
                break;
            }
            if row + 1 == rows {
                break; // left out: the rows are full
            }
            row += 1;
        }
    }
    lines
}

/// `text` in lines of at most `room` characters, broken at spaces (a word longer than a
/// line is broken where the line ends).
fn wrap(text: &str, room: usize) -> Vec<String> {
    let room = room.max(1);
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let mut word = word.to_string();
        loop {
            let line = lines.last_mut().expect("one line at least");
            let needed = if line.is_empty() {
                word.len()
            } else {
                line.len() + 1 + word.len()
            };
            if needed <= room {
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if line.is_empty() {
                // A word longer than a line: as much as fits, the rest on the next.
                let rest = word.split_off(room.min(word.len()));
                line.push_str(&word);
                word = rest;
            }
            lines.push(String::new());
            if word.is_empty() {
                break;
            }
        }
    }
    lines.retain(|l| !l.is_empty());
    lines
}

/// `text` cut to `room` characters.
fn cut(text: &str, room: usize) -> String {
    text.chars().take(room).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_go_on_in_order_and_those_that_do_not_fit_are_left_out_whole() {
        let fields: Vec<Field> = ["aaaa", "bbb", "cc", "dddddddd", "e"]
            .map(|t| Field::Text(t.to_string()))
            .into();
        assert_eq!(lay_out(&fields, 12, 2), ["aaaa   bbb", "cc   e"]);
        assert_eq!(lay_out(&fields, 30, 1), ["aaaa   bbb   cc   dddddddd   e"]);
        assert_eq!(lay_out(&fields, 3, 2), ["bbb", "cc"]);
    }

    #[test]
    fn the_seed_is_shortened_only_when_a_whole_line_cannot_hold_it() {
        let seed = Field::Seed(18_446_744_073_709_551_615);
        assert_eq!(seed.fitted(80).unwrap(), "Seed 18446744073709551615");
        assert_eq!(seed.fitted(25).unwrap(), "Seed 18446744073709551615");
        assert_eq!(seed.fitted(18).unwrap(), "Seed 18446...51615");
        assert_eq!(seed.fitted(18).unwrap().len(), 18);
        assert_eq!(seed.fitted(9), None);
        assert_eq!(Field::Seed(5).fitted(6), Some("Seed 5".to_string()));
    }

    #[test]
    fn log_lines_wrap_at_spaces() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("a bcdefgh", 4), ["a", "bcde", "fgh"]);
        assert_eq!(wrap("", 4), Vec::<String>::new());
    }
}
