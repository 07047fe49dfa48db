//! The browser's key events to the game's own [`Key`]s, as `keys.rs` of the window does
//! for bracket-lib's key codes.
//!
//! A key event names its key by `key` (what it types: `"h"`, `"H"`, `">"`, `"ArrowUp"`)
//! and its place on the keyboard by `code` (`"Numpad3"`, whatever Num Lock says). Letters
//! are read from `key` in lower case and take Shift from the event, as the window does,
//! so Caps Lock does not turn `h` into `H`.

use game_app::action::{Direction, Key, Keys, ModeKind};

/// A key event's names and the modifiers held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyEvent<'a> {
    /// `KeyboardEvent.key`.
    pub key: &'a str,
    /// `KeyboardEvent.code`.
    pub code: &'a str,
    /// Shift held.
    pub shift: bool,
    /// Ctrl held.
    pub ctrl: bool,
}

/// The game key of `event`, or `None` for a key the game leaves to the browser (Ctrl
/// with a letter no mode binds, so Ctrl-R still reloads; F5; Alt-Tab).
pub fn key_from(event: KeyEvent<'_>) -> Option<Key> {
    if let Some(digit) = event.code.strip_prefix("Numpad")
        && let Ok(n @ 1..=9) = digit.parse::<u8>()
    {
        return Some(Key::Numpad(n));
    }
    let arrow = |d| {
        Some(if event.shift {
            Key::ShiftArrow(d)
        } else {
            Key::Arrow(d)
        })
    };
    match event.key {
        "ArrowUp" => arrow(Direction::North),
        "ArrowDown" => arrow(Direction::South),
        "ArrowLeft" => arrow(Direction::West),
        "ArrowRight" => arrow(Direction::East),
        "Escape" => Some(Key::Escape),
        "Tab" => Some(Key::Tab),
        "Enter" => Some(Key::Enter),
        "PageUp" => Some(Key::PageUp),
        "PageDown" => Some(Key::PageDown),
        // `/` opens the help too, as in the window.
        "?" | "/" => Some(Key::Char('?')),
        "." | ">" | "<" => event.key.chars().next().map(Key::Char),
        other => letter(other, event),
    }
}

/// A letter key: lower case, upper with Shift, `Ctrl` with Ctrl when a mode binds it.
fn letter(key: &str, event: KeyEvent<'_>) -> Option<Key> {
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let c = c.to_ascii_lowercase();
    if event.ctrl {
        let key = Key::Ctrl(c);
        return is_bound(key).then_some(key);
    }
    Some(Key::Char(if event.shift {
        c.to_ascii_uppercase()
    } else {
        c
    }))
}

/// True when some mode's key table binds `key` by itself.
fn is_bound(key: Key) -> bool {
    ModeKind::ALL
        .iter()
        .flat_map(|m| m.bindings())
        .any(|b| b.keys == Keys::Key(key))
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_app::action::{Action, Input, Vertical, action_for};

    fn event(key: &str) -> KeyEvent<'_> {
        KeyEvent {
            key,
            code: "",
            shift: false,
            ctrl: false,
        }
    }

    fn play(key: Option<Key>) -> Option<Action> {
        action_for(ModeKind::Play, Input::Key(key?))
    }

    /// Every key a mode's table binds can be typed in a page.
    #[test]
    fn every_bound_key_can_be_typed() {
        let mut typed = Vec::new();
        let names = [
            "ArrowUp",
            "ArrowDown",
            "ArrowLeft",
            "ArrowRight",
            "Escape",
            "Tab",
            "Enter",
            "PageUp",
            "PageDown",
            "?",
            "/",
            ".",
            ">",
            "<",
        ];
        let letters: Vec<String> = ('a'..='z').map(String::from).collect();
        for (shift, ctrl) in [(false, false), (true, false), (false, true)] {
            for key in names
                .iter()
                .copied()
                .chain(letters.iter().map(String::as_str))
            {
                typed.extend(key_from(KeyEvent {
                    key,
                    code: "",
                    shift,
                    ctrl,
                }));
            }
        }
        for n in 1..=9 {
            let code = format!("Numpad{n}");
            typed.extend(key_from(KeyEvent {
                key: "End",
                code: &code,
                shift: false,
                ctrl: false,
            }));
        }
        for binding in ModeKind::ALL.iter().flat_map(|m| m.bindings()) {
            if let Keys::Key(key) = binding.keys {
                assert!(typed.contains(&key), "{key:?} cannot be typed");
            }
        }
    }

    #[test]
    fn letters_take_shift_from_the_event_not_from_caps_lock() {
        assert_eq!(key_from(event("h")), Some(Key::Char('h')));
        assert_eq!(key_from(event("H")), Some(Key::Char('h')), "Caps Lock");
        let shifted = KeyEvent {
            shift: true,
            ..event("h")
        };
        assert_eq!(key_from(shifted), Some(Key::Char('H')));
        let arrow = KeyEvent {
            shift: true,
            ..event("ArrowLeft")
        };
        assert_eq!(key_from(arrow), Some(Key::ShiftArrow(Direction::West)));
    }

    #[test]
    fn ctrl_takes_only_the_letters_a_mode_binds() {
        let ctrl = |key| KeyEvent {
            ctrl: true,
            ..event(key)
        };
        assert_eq!(key_from(ctrl("p")), Some(Key::Ctrl('p')));
        assert_eq!(key_from(ctrl("r")), None, "Ctrl-R reloads the page");
    }

    #[test]
    fn keys_do_in_play_what_they_do_in_the_window() {
        assert_eq!(
            play(key_from(event("ArrowUp"))),
            Some(Action::Move(Direction::North))
        );
        let numpad = KeyEvent {
            code: "Numpad3",
            ..event("PageDown")
        };
        assert_eq!(
            play(key_from(numpad)),
            Some(Action::Move(Direction::SouthEast))
        );
        assert_eq!(play(key_from(event("Escape"))), Some(Action::Quit));
        assert_eq!(play(key_from(event("?"))), Some(Action::Help));
        assert_eq!(
            play(key_from(event(">"))),
            Some(Action::Stairs(Vertical::Down))
        );
        for ignored in ["F5", "Shift", "Control", "1", "é", ""] {
            assert_eq!(key_from(event(ignored)), None, "{ignored:?}");
        }
    }
}
