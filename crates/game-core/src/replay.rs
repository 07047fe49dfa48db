//! `--replay KEYS`: a scripted start, one key per frame, then normal play.

use std::collections::VecDeque;

use crate::action::{COMMAND_KEYS, Key, VI_KEYS, WAIT_KEY};

/// Reads a `--replay` string: the moves `hjklyubn`, `.` to wait and the command letters
/// `R G F M T W`, in either case. Anything else is refused with a message naming it.
///
/// ```
/// use game_core::action::Key;
/// assert_eq!(game_core::replay::parse_keys("lR").unwrap(), vec![Key::Char('l'), Key::Char('r')]);
/// assert!(game_core::replay::parse_keys("lq").is_err());
/// ```
///
/// # Errors
/// A message naming the first character that is not a game key and its position.
pub fn parse_keys(text: &str) -> Result<Vec<Key>, String> {
    text.chars()
        .enumerate()
        .map(|(i, c)| {
            let lower = c.to_ascii_lowercase();
            if is_replay_key(lower) {
                Ok(Key::Char(lower))
            } else {
                Err(format!(
                    "{c:?} (character {}) is not a game key; use the moves hjklyubn, '.' to \
                     wait, and the commands {}",
                    i + 1,
                    command_letters()
                ))
            }
        })
        .collect()
}

fn is_replay_key(c: char) -> bool {
    c == WAIT_KEY
        || VI_KEYS.iter().any(|(key, _)| *key == c)
        || COMMAND_KEYS.iter().any(|(key, _)| *key == c)
}

fn command_letters() -> String {
    COMMAND_KEYS
        .iter()
        .map(|(c, _)| c.to_ascii_uppercase().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The keys still to play, handed out one per frame.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Replay {
    keys: VecDeque<Key>,
}

impl Replay {
    /// A replay of `keys`, first key first.
    pub fn new(keys: Vec<Key>) -> Replay {
        Replay { keys: keys.into() }
    }

    /// This frame's key, or `None` once the replay is over.
    pub fn next_key(&mut self) -> Option<Key> {
        self.keys.pop_front()
    }

    /// Keys not yet played.
    pub fn remaining(&self) -> usize {
        self.keys.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vi_key_command_and_wait_parses() {
        let keys = parse_keys("hjklyubnRFMT.rfmt").unwrap();
        assert_eq!(keys.len(), 17);
        assert_eq!(keys[8], Key::Char('r'));
        assert_eq!(keys[12], Key::Char('.'));
    }

    #[test]
    fn unknown_characters_are_named() {
        let err = parse_keys("hh x").unwrap_err();
        assert!(
            err.starts_with("' ' (character 3) is not a game key"),
            "{err}"
        );
        assert!(err.contains("R G F M T"), "{err}");
        assert!(parse_keys("").unwrap().is_empty());
    }

    #[test]
    fn replay_hands_out_one_key_at_a_time() {
        let mut replay = Replay::new(parse_keys("lj").unwrap());
        assert_eq!(replay.remaining(), 2);
        assert_eq!(replay.next_key(), Some(Key::Char('l')));
        assert_eq!(replay.next_key(), Some(Key::Char('j')));
        assert_eq!(replay.next_key(), None);
    }
}
