//! Keys and the actions they stand for.
//!
//! [`Key`] is the game's own key type, so the rules never see bracket-lib's key codes;
//! the window translates its key events into it (`ui::keys` in the `game` package), and
//! `--replay` letters parse into it too ([`crate::replay`]).

use mapgen::Point;

/// One of the eight compass directions a move can take, in the order of
/// [`Point::ALL_DIRECTIONS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up: y - 1.
    North,
    /// Up and right.
    NorthEast,
    /// Right: x + 1.
    East,
    /// Down and right.
    SouthEast,
    /// Down: y + 1.
    South,
    /// Down and left.
    SouthWest,
    /// Left: x - 1.
    West,
    /// Up and left.
    NorthWest,
}

impl Direction {
    /// All eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The compass abbreviation: `N`, `NE`, ... `NW`.
    pub const fn abbreviation(self) -> &'static str {
        match self {
            Direction::North => "N",
            Direction::NorthEast => "NE",
            Direction::East => "E",
            Direction::SouthEast => "SE",
            Direction::South => "S",
            Direction::SouthWest => "SW",
            Direction::West => "W",
            Direction::NorthWest => "NW",
        }
    }

    /// The step to the neighbouring tile, with y growing downwards as on the map.
    pub const fn step(self) -> Point {
        Point::ALL_DIRECTIONS[self as usize]
    }
}

/// A key the game reacts to, independent of any windowing library.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// An arrow key.
    Arrow(Direction),
    /// A numeric keypad digit, 1 to 9 (5 waits).
    Numpad(u8),
    /// A letter or punctuation key, lower case: the letter keys do not depend on Shift.
    Char(char),
    /// The Escape key.
    Escape,
}

/// What the player asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Step one tile.
    Move(Direction),
    /// Let a turn pass without moving (numpad 5 or `.`).
    Wait,
    /// `R`: a new dungeon from a fresh seed.
    NewDungeon,
    /// `G`: the next generator (rooms, grid), in a new dungeon from a fresh seed.
    NextGenerator,
    /// `F`: the next font.
    NextFont,
    /// `M`: show the whole map, or stop showing it.
    ToggleReveal,
    /// `T`: show room labels A, B, C... at room centres in view, or hide them.
    ToggleLabels,
    /// `W`: watch this level being made; any key skips to the end.
    Watch,
    /// `?`: show the help screen, or hide it.
    Help,
    /// `Esc`: leave the game (or the help screen, when it shows).
    Quit,
}

impl Action {
    /// What the action does, for the help screen.
    pub fn describe(self) -> &'static str {
        match self {
            Action::Move(_) => "move one tile; walls and the map's edge stop you",
            Action::Wait => "wait a turn",
            Action::NewDungeon => "a new dungeon from a fresh seed",
            Action::NextGenerator => "the next generator, in a new dungeon",
            Action::NextFont => "the next font that fits the window",
            Action::ToggleReveal => "show the whole map, or hide it again",
            Action::ToggleLabels => "room labels at the centres of rooms in view",
            Action::Watch => "watch this level being made; any key skips to the end",
            Action::Help => "this help; again (or Esc) to close it",
            Action::Quit => "quit",
        }
    }

    /// The action in a word or two, for the status panel's key line.
    pub fn short_name(self) -> &'static str {
        match self {
            Action::Move(_) => "move",
            Action::Wait => "wait",
            Action::NewDungeon => "new",
            Action::NextGenerator => "generator",
            Action::NextFont => "font",
            Action::ToggleReveal => "map",
            Action::ToggleLabels => "labels",
            Action::Watch => "watch",
            Action::Help => "help",
            Action::Quit => "quit",
        }
    }
}

/// The vi-keys and their directions: `h` west, `j` south, `k` north, `l` east, and the
/// diagonals `y` `u` `b` `n`.
pub const VI_KEYS: [(char, Direction); 8] = [
    ('h', Direction::West),
    ('j', Direction::South),
    ('k', Direction::North),
    ('l', Direction::East),
    ('y', Direction::NorthWest),
    ('u', Direction::NorthEast),
    ('b', Direction::SouthWest),
    ('n', Direction::SouthEast),
];

/// The command keys: letters, and `?` for help. None of them is a vi-key (a test checks
/// it), so commands and moves can share the keyboard.
pub const COMMAND_KEYS: [(char, Action); 7] = [
    ('r', Action::NewDungeon),
    ('g', Action::NextGenerator),
    ('f', Action::NextFont),
    ('m', Action::ToggleReveal),
    ('t', Action::ToggleLabels),
    ('w', Action::Watch),
    ('?', Action::Help),
];

/// How the Escape key is written in the key table.
pub const ESCAPE_NAME: &str = "Esc";

/// One row of the key table: keys, and what they do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRow {
    /// The keys, as the player types them.
    pub keys: String,
    /// What they do.
    pub does: String,
}

/// The key table, made from the same constants [`action_for`] reads, so the help screen
/// (`?`) and the status panel's key line can never drift from the keys.
pub fn key_table() -> Vec<KeyRow> {
    let row = |keys: String, does: &str| KeyRow {
        keys,
        does: does.to_string(),
    };
    let vi_keys: Vec<String> = VI_KEYS.iter().map(|(c, _)| c.to_string()).collect();
    let vi_directions: Vec<&str> = VI_KEYS.iter().map(|(_, d)| d.abbreviation()).collect();
    let mut rows = vec![
        row(
            vi_keys.join(" "),
            &format!("move {} (vi-keys)", vi_directions.join(" ")),
        ),
        row(
            "arrows, numpad 1-9".to_string(),
            Action::Move(Direction::North).describe(),
        ),
        row(format!("{WAIT_KEY} or numpad 5"), Action::Wait.describe()),
    ];
    rows.extend(
        COMMAND_KEYS
            .iter()
            .map(|&(c, action)| row(c.to_ascii_uppercase().to_string(), action.describe())),
    );
    rows.push(row(ESCAPE_NAME.to_string(), Action::Quit.describe()));
    rows
}

/// The commands the status panel's key line leaves out: the line fills the 80 columns
/// without them; the help screen (`?`) lists them.
pub const NOT_ON_KEY_LINE: [Action; 1] = [Action::Watch];

/// The status panel's line of keys: moves, then each command's key and short name (but
/// those [`NOT_ON_KEY_LINE`]), then `Esc`. `short` leaves out the names, for narrow
/// screens.
pub fn key_line(short: bool) -> String {
    let moves: String = VI_KEYS.iter().map(|(c, _)| *c).collect();
    let on_line = COMMAND_KEYS
        .iter()
        .filter(|(_, action)| !NOT_ON_KEY_LINE.contains(action));
    let commands = on_line.map(|&(c, action)| {
        let key = c.to_ascii_uppercase();
        if short {
            key.to_string()
        } else {
            format!("{key} {}", action.short_name())
        }
    });
    let quit = if short {
        ESCAPE_NAME.to_string()
    } else {
        format!("{ESCAPE_NAME} {}", Action::Quit.short_name())
    };
    let separator = if short { " " } else { "  " };
    let mut parts = vec![format!("{moves} arrows")];
    parts.extend(commands);
    parts.push(quit);
    parts.join(separator)
}

/// The key that waits a turn besides numpad 5.
pub const WAIT_KEY: char = '.';

/// The action a key stands for, or `None` for a key the game ignores.
pub fn action_for(key: Key) -> Option<Action> {
    match key {
        Key::Arrow(direction) => Some(Action::Move(direction)),
        Key::Numpad(digit) => numpad_action(digit),
        Key::Char(c) => char_action(c.to_ascii_lowercase()),
        Key::Escape => Some(Action::Quit),
    }
}

/// The keypad's layout: 7 8 9 on top, 1 2 3 at the bottom, 5 in the middle waits.
fn numpad_action(digit: u8) -> Option<Action> {
    let direction = match digit {
        1 => Direction::SouthWest,
        2 => Direction::South,
        3 => Direction::SouthEast,
        4 => Direction::West,
        5 => return Some(Action::Wait),
        6 => Direction::East,
        7 => Direction::NorthWest,
        8 => Direction::North,
        9 => Direction::NorthEast,
        _ => return None,
    };
    Some(Action::Move(direction))
}

fn char_action(c: char) -> Option<Action> {
    if c == WAIT_KEY {
        return Some(Action::Wait);
    }
    VI_KEYS
        .iter()
        .find(|(key, _)| *key == c)
        .map(|&(_, direction)| Action::Move(direction))
        .or_else(|| {
            COMMAND_KEYS
                .iter()
                .find(|(key, _)| *key == c)
                .map(|&(_, action)| action)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn command_keys_do_not_collide_with_vi_keys() {
        let vi: HashSet<char> = VI_KEYS.iter().map(|(c, _)| *c).collect();
        for (c, _) in COMMAND_KEYS {
            assert!(!vi.contains(&c), "command key {c} is also a move");
        }
        assert!(!vi.contains(&WAIT_KEY));
        assert_eq!(vi.len(), 8, "eight distinct vi-keys");
    }

    #[test]
    fn vi_keys_numpad_and_arrows_cover_all_eight_directions() {
        let vi: HashSet<Direction> = VI_KEYS.iter().map(|(_, d)| *d).collect();
        assert_eq!(vi.len(), 8);
        let numpad: HashSet<Direction> = (1..=9)
            .filter_map(|n| match action_for(Key::Numpad(n)) {
                Some(Action::Move(d)) => Some(d),
                _ => None,
            })
            .collect();
        assert_eq!(numpad, vi);
        for d in Direction::ALL {
            assert_eq!(action_for(Key::Arrow(d)), Some(Action::Move(d)));
        }
    }

    #[test]
    fn numpad_matches_its_layout() {
        // The key's place on the pad is the direction: 8 is up, 3 is down-right.
        for (digit, delta) in [(8, (0, -1)), (3, (1, 1)), (4, (-1, 0)), (7, (-1, -1))] {
            match action_for(Key::Numpad(digit)) {
                Some(Action::Move(d)) => {
                    assert_eq!(<(i32, i32)>::from(d.step()), delta, "numpad {digit}");
                }
                other => panic!("numpad {digit} gave {other:?}"),
            }
        }
        assert_eq!(action_for(Key::Numpad(5)), Some(Action::Wait));
        assert_eq!(action_for(Key::Numpad(0)), None);
    }

    #[test]
    fn vi_keys_follow_nethack() {
        let delta = |c| match action_for(Key::Char(c)) {
            Some(Action::Move(d)) => <(i32, i32)>::from(d.step()),
            other => panic!("{c} gave {other:?}"),
        };
        assert_eq!(delta('h'), (-1, 0));
        assert_eq!(delta('j'), (0, 1));
        assert_eq!(delta('k'), (0, -1));
        assert_eq!(delta('l'), (1, 0));
        assert_eq!(delta('y'), (-1, -1));
        assert_eq!(delta('u'), (1, -1));
        assert_eq!(delta('b'), (-1, 1));
        assert_eq!(delta('n'), (1, 1));
    }

    #[test]
    fn commands_ignore_case_and_other_keys_do_nothing() {
        assert_eq!(action_for(Key::Char('R')), Some(Action::NewDungeon));
        assert_eq!(action_for(Key::Char('G')), Some(Action::NextGenerator));
        assert_eq!(action_for(Key::Char('f')), Some(Action::NextFont));
        assert_eq!(action_for(Key::Char('M')), Some(Action::ToggleReveal));
        assert_eq!(action_for(Key::Char('t')), Some(Action::ToggleLabels));
        assert_eq!(action_for(Key::Char('W')), Some(Action::Watch));
        assert_eq!(action_for(Key::Escape), Some(Action::Quit));
        assert_eq!(action_for(Key::Char('.')), Some(Action::Wait));
        assert_eq!(action_for(Key::Char('x')), None);
        assert_eq!(action_for(Key::Char('q')), None);
        assert_eq!(action_for(Key::Char('?')), Some(Action::Help));
    }

    /// Every action some key gives, found by trying every key.
    fn actions_of_every_key() -> Vec<(Key, Action)> {
        let chars = (0u8..128).map(|b| Key::Char(char::from(b)));
        let numpad = (0..=9).map(Key::Numpad);
        let arrows = Direction::ALL.into_iter().map(Key::Arrow);
        chars
            .chain(numpad)
            .chain(arrows)
            .chain([Key::Escape])
            .filter_map(|k| action_for(k).map(|a| (k, a)))
            .collect()
    }

    #[test]
    fn the_key_table_lists_every_key_and_what_it_does() {
        let table = key_table();
        let text: Vec<String> = table
            .iter()
            .map(|r| format!("{} | {}", r.keys, r.does))
            .collect();
        for (key, action) in actions_of_every_key() {
            let written = match key {
                Key::Char(c) => c.to_ascii_uppercase().to_string(),
                Key::Numpad(n) => format!("numpad {}", if n == 5 { "5" } else { "1-9" }),
                Key::Arrow(_) => "arrows".to_string(),
                Key::Escape => ESCAPE_NAME.to_string(),
            };
            let found = table.iter().any(|row| {
                let keys = row.keys.to_ascii_uppercase();
                let names_key = keys.split([' ', ',']).any(|k| k == written)
                    || keys.contains(&written.to_ascii_uppercase());
                let says_what = match action {
                    Action::Move(d) => {
                        row.does == action.describe() || row.does.contains(d.abbreviation())
                    }
                    _ => row.does == action.describe(),
                };
                names_key && says_what
            });
            assert!(found, "{key:?} ({action:?}) is not in the table: {text:#?}");
        }
        assert!(text.iter().all(|l| !l.is_empty()));
    }

    #[test]
    fn the_key_line_names_every_command() {
        let line = key_line(false);
        for (c, action) in COMMAND_KEYS {
            if NOT_ON_KEY_LINE.contains(&action) {
                assert!(
                    !line.contains(&format!(" {} ", c.to_ascii_uppercase())),
                    "{line}"
                );
                continue;
            }
            let entry = format!("{} {}", c.to_ascii_uppercase(), action.short_name());
            assert!(line.contains(&entry), "{line} lacks {entry}");
            assert!(key_line(true).contains(c.to_ascii_uppercase()));
        }
        assert!(line.starts_with("hjklyubn arrows"), "{line}");
        assert!(line.ends_with("Esc quit"), "{line}");
    }

    #[test]
    fn deltas_are_unit_steps() {
        let deltas: HashSet<(i32, i32)> = Direction::ALL
            .iter()
            .map(|d| <(i32, i32)>::from(d.step()))
            .collect();
        assert_eq!(deltas.len(), 8);
        assert!(
            deltas
                .iter()
                .all(|&(dx, dy)| dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0))
        );
    }
}
