//! bracket-lib's key codes to the game's own [`Key`]s.

use bracket_lib::prelude::VirtualKeyCode;
use game_core::action::{Direction, Key};

/// The game key for a pressed key code, or `None` for keys the game ignores.
pub fn key_from(code: VirtualKeyCode) -> Option<Key> {
    use VirtualKeyCode as K;
    let key = match code {
        K::Up => Key::Arrow(Direction::North),
        K::Down => Key::Arrow(Direction::South),
        K::Left => Key::Arrow(Direction::West),
        K::Right => Key::Arrow(Direction::East),
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
        K::Period => Key::Char('.'),
        // `?` is Shift and `/` on many layouts, and X gives no key code for `?` itself
        // (it comes as a character, see `key_from_char`): `/` alone opens the help too.
        K::Slash => Key::Char('?'),
        other => Key::Char(letter(other)?),
    };
    Some(key)
}

/// The game key for a typed character: only `?`, which has no key code of its own (the
/// letters come as key codes, so that they do not depend on Shift).
pub fn key_from_char(c: char) -> Option<Key> {
    (c == '?').then_some(Key::Char('?'))
}

/// The letter keys the game uses, lower case.
fn letter(code: VirtualKeyCode) -> Option<char> {
    use VirtualKeyCode as K;
    Some(match code {
        K::H => 'h',
        K::J => 'j',
        K::K => 'k',
        K::L => 'l',
        K::Y => 'y',
        K::U => 'u',
        K::B => 'b',
        K::N => 'n',
        K::R => 'r',
        K::G => 'g',
        K::F => 'f',
        K::M => 'm',
        K::T => 't',
        K::W => 'w',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::action::{Action, COMMAND_KEYS, VI_KEYS, action_for};

    #[test]
    fn every_game_key_has_a_key_code() {
        use VirtualKeyCode as K;
        let codes = [
            K::H,
            K::J,
            K::G,
            K::K,
            K::L,
            K::Y,
            K::U,
            K::B,
            K::N,
            K::R,
            K::F,
            K::M,
            K::T,
            K::W,
        ];
        let letters: Vec<char> = codes
            .iter()
            .chain(&[K::Slash])
            .filter_map(|&c| match key_from(c) {
                Some(Key::Char(c)) => Some(c),
                _ => None,
            })
            .collect();
        let wanted = VI_KEYS
            .iter()
            .map(|(c, _)| *c)
            .chain(COMMAND_KEYS.iter().map(|(c, _)| *c));
        for c in wanted {
            assert!(letters.contains(&c), "{c}");
        }
    }

    #[test]
    fn arrows_numpad_and_escape() {
        assert_eq!(
            action_for(key_from(VirtualKeyCode::Up).unwrap()),
            Some(Action::Move(Direction::North))
        );
        assert_eq!(
            action_for(key_from(VirtualKeyCode::Numpad3).unwrap()),
            Some(Action::Move(Direction::SouthEast))
        );
        assert_eq!(
            action_for(key_from(VirtualKeyCode::Escape).unwrap()),
            Some(Action::Quit)
        );
        assert_eq!(key_from(VirtualKeyCode::Q), None);
        assert_eq!(key_from_char('?').and_then(action_for), Some(Action::Help));
        assert_eq!(key_from_char('l'), None, "letters come as key codes");
    }
}
