//! bracket-lib's key codes to the game's own [`Key`]s, with the Shift and Ctrl the
//! window's key events report.

use bracket_lib::prelude::VirtualKeyCode;
use game_app::action::{Direction, Key};

/// Which modifier keys are held, followed from the key events in the order they come
/// (bracket-lib's queue gives no modifiers with a key).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Modifiers {
    shift: bool,
    ctrl: bool,
}

impl Modifiers {
    /// Notes a key pressed or released.
    pub fn note(&mut self, code: VirtualKeyCode, pressed: bool) {
        use VirtualKeyCode as K;
        match code {
            K::LShift | K::RShift => self.shift = pressed,
            K::LControl | K::RControl => self.ctrl = pressed,
            _ => {}
        }
    }

    /// The game key for a pressed key code with the modifiers held now, or `None` for
    /// keys the game ignores or takes as characters (`?`, `>`, `<`: see
    /// [`key_from_char`]).
    pub fn key_from(&self, code: VirtualKeyCode) -> Option<Key> {
        use VirtualKeyCode as K;
        let arrow = |d| {
            Some(if self.shift {
                Key::ShiftArrow(d)
            } else {
                Key::Arrow(d)
            })
        };
        let key = match code {
            K::Up => return arrow(Direction::North),
            K::Down => return arrow(Direction::South),
            K::Left => return arrow(Direction::West),
            K::Right => return arrow(Direction::East),
            K::Numpad1 => Key::Numpad(1),
            K::Numpad2 => Key::Numpad(2),
            K::Numpad3 => Key::Numpad(3),
            K::Numpad4 => Key::Numpad(4),
            K::Numpad5 => Key::Numpad(5),
            K::Numpad6 => Key::Numpad(6),
            K::Numpad7 => Key::Numpad(7),
            K::Numpad8 => Key::Numpad(8),
            K::Numpad9 => Key::Numpad(9),
            K::Escape => Key::Escape,
            K::Tab => Key::Tab,
            K::Return | K::NumpadEnter => Key::Enter,
            K::PageUp => Key::PageUp,
            K::PageDown => Key::PageDown,
            // Shift and `.` is `>`, which comes as a character.
            K::Period if !self.shift => Key::Char('.'),
            // `?` is Shift and `/` on many layouts and comes as a character; `/` alone
            // opens the help too.
            K::Slash if !self.shift => Key::Char('?'),
            other => {
                let c = letter(other)?;
                if self.ctrl {
                    Key::Ctrl(c)
                } else if self.shift {
                    Key::Char(c.to_ascii_uppercase())
                } else {
                    Key::Char(c)
                }
            }
        };
        Some(key)
    }
}

/// The game key for a typed character: `?`, `>` and `<`, which have no key code of
/// their own on most layouts (letters come as key codes, with Shift from the events).
pub fn key_from_char(c: char) -> Option<Key> {
    matches!(c, '?' | '>' | '<').then_some(Key::Char(c))
}

/// The letter keys, lower case: the key codes whose names are one letter (`A` ... `Z`).
fn letter(code: VirtualKeyCode) -> Option<char> {
    let name = format!("{code:?}");
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => Some(c.to_ascii_lowercase()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_app::action::{Action, Input, Keys, ModeKind, Vertical, action_for};

    fn play(key: Option<Key>) -> Option<Action> {
        action_for(ModeKind::Play, Input::Key(key?))
    }

    /// Every key the table binds comes from some key code or character.
    #[test]
    fn every_bound_key_can_be_typed() {
        let plain = Modifiers::default();
        let shift = Modifiers {
            shift: true,
            ctrl: false,
        };
        let ctrl = Modifiers {
            shift: false,
            ctrl: true,
        };
        let codes = [
            VirtualKeyCode::A,
            VirtualKeyCode::Z,
            VirtualKeyCode::Tab,
            VirtualKeyCode::Return,
            VirtualKeyCode::PageUp,
            VirtualKeyCode::PageDown,
            VirtualKeyCode::Escape,
            VirtualKeyCode::Period,
            VirtualKeyCode::Slash,
            VirtualKeyCode::Up,
            VirtualKeyCode::Numpad5,
        ];
        let mut typed: Vec<Key> = (0u8..=255)
            .filter_map(|b| key_from_char(char::from(b)))
            .collect();
        for m in [plain, shift, ctrl] {
            typed.extend(LETTERS.iter().filter_map(|&code| m.key_from(code)));
            typed.extend(codes.iter().filter_map(|&c| m.key_from(c)));
        }
        for binding in ModeKind::ALL.iter().flat_map(|m| m.bindings()) {
            if let Keys::Key(key) = binding.keys
                && !matches!(key, Key::Numpad(_) | Key::Arrow(_))
            {
                assert!(typed.contains(&key), "{key:?} cannot be typed");
            }
        }
    }

    /// Every letter key, for the tests.
    const LETTERS: [VirtualKeyCode; 26] = {
        use VirtualKeyCode as K;
        [
            K::A,
            K::B,
            K::C,
            K::D,
            K::E,
            K::F,
            K::G,
            K::H,
            K::I,
            K::J,
            K::K,
            K::L,
            K::M,
            K::N,
            K::O,
            K::P,
            K::Q,
            K::R,
            K::S,
            K::T,
            K::U,
            K::V,
            K::W,
            K::X,
            K::Y,
            K::Z,
        ]
    };

    #[test]
    fn letter_keys_are_their_letters_and_no_other_key_is() {
        let letters: String = LETTERS.iter().filter_map(|&k| letter(k)).collect();
        assert_eq!(letters, "abcdefghijklmnopqrstuvwxyz");
        for other in [
            VirtualKeyCode::Key1,
            VirtualKeyCode::F1,
            VirtualKeyCode::Escape,
        ] {
            assert_eq!(letter(other), None, "{other:?}");
        }
    }

    #[test]
    fn modifiers_follow_the_events() {
        let mut m = Modifiers::default();
        assert_eq!(m.key_from(VirtualKeyCode::H), Some(Key::Char('h')));
        m.note(VirtualKeyCode::LShift, true);
        assert_eq!(m.key_from(VirtualKeyCode::H), Some(Key::Char('H')));
        assert_eq!(
            m.key_from(VirtualKeyCode::Left),
            Some(Key::ShiftArrow(Direction::West))
        );
        assert_eq!(
            m.key_from(VirtualKeyCode::Period),
            None,
            "> comes as a character"
        );
        m.note(VirtualKeyCode::LShift, false);
        m.note(VirtualKeyCode::RControl, true);
        assert_eq!(m.key_from(VirtualKeyCode::P), Some(Key::Ctrl('p')));
    }

    #[test]
    fn arrows_numpad_escape_and_characters() {
        let m = Modifiers::default();
        assert_eq!(
            play(m.key_from(VirtualKeyCode::Up)),
            Some(Action::Move(Direction::North))
        );
        assert_eq!(
            play(m.key_from(VirtualKeyCode::Numpad3)),
            Some(Action::Move(Direction::SouthEast))
        );
        assert_eq!(play(m.key_from(VirtualKeyCode::Escape)), Some(Action::Quit));
        assert_eq!(play(key_from_char('?')), Some(Action::Help));
        assert_eq!(
            play(key_from_char('>')),
            Some(Action::Stairs(Vertical::Down))
        );
        assert_eq!(key_from_char('l'), None, "letters come as key codes");
    }
}
