//! `--replay TEXT`: a scripted start, then normal play.
//!
//! The grammar (also in `--help`): each character is a key as typed (`h`,
//! `o`, `>`, `?`, `H` for Shift-h, ...), and a name in braces is a key without a
//! character or a mouse action: `{tab}`, `{enter}`, `{esc}`, `{ctrl-p}`, `{pgup}`,
//! `{pgdn}`, `{click:X,Y}` (a click on map tile X,Y) and `{hover:X,Y}` (the mouse over
//! it). One input is played per frame, and a key waits while a plan runs, so `o>>`
//! explores, travels to the stairs down and takes them.

use std::collections::VecDeque;

use mapgen::Point;

use crate::action::{Input, Key};

/// The named keys in braces.
const NAMED: [(&str, Key); 6] = [
    ("tab", Key::Tab),
    ("enter", Key::Enter),
    ("esc", Key::Escape),
    ("ctrl-p", Key::Ctrl('p')),
    ("pgup", Key::PageUp),
    ("pgdn", Key::PageDown),
];

/// The characters that stand for themselves: what the game's keys type.
fn is_key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || ".<>?/".contains(c)
}

/// Reads a `--replay` string into inputs, first played first.
///
/// ```
/// use game_app::action::{Input, Key};
/// use game_app::replay::parse_inputs;
/// use mapgen::Point;
/// let inputs = parse_inputs("o{tab}{click:3,4}")?;
/// assert_eq!(inputs, [
///     Input::Key(Key::Char('o')),
///     Input::Key(Key::Tab),
///     Input::Click(Point::new(3, 4)),
/// ]);
/// assert!(parse_inputs("o{bogus}").is_err());
/// # Ok::<(), String>(())
/// ```
///
/// # Errors
/// One line naming the first token that is not in the grammar and where it starts.
pub fn parse_inputs(text: &str) -> Result<Vec<Input>, String> {
    let mut inputs = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c == '{' {
            let close = text[at..].find('}').map(|i| at + i);
            let Some(close) = close else {
                return Err(unknown(&text[at..], at));
            };
            let token = &text[at + 1..close];
            inputs.push(named(token).ok_or_else(|| unknown(&text[at..=close], at))?);
            while chars.next_if(|&(i, _)| i <= close).is_some() {}
        } else if is_key_char(c) {
            let c = if c == '/' { '?' } else { c };
            inputs.push(Input::Key(Key::Char(c)));
        } else {
            return Err(unknown(&c.to_string(), at));
        }
    }
    Ok(inputs)
}

/// The input a name in braces stands for.
fn named(token: &str) -> Option<Input> {
    let lower = token.to_ascii_lowercase();
    if let Some(&(_, key)) = NAMED.iter().find(|(name, _)| *name == lower) {
        return Some(Input::Key(key));
    }
    let (kind, place) = lower.split_once(':')?;
    let (x, y) = place.split_once(',')?;
    let p = Point::new(x.trim().parse().ok()?, y.trim().parse().ok()?);
    match kind {
        "click" => Some(Input::Click(p)),
        "hover" => Some(Input::Hover(p)),
        _ => None,
    }
}

fn unknown(token: &str, at: usize) -> String {
    let shown = cli_common::quote::short(token);
    let names: Vec<String> = NAMED
        .iter()
        .map(|(name, _)| format!("{{{name}}}"))
        .chain(["{click:X,Y}".to_string(), "{hover:X,Y}".to_string()])
        .collect();
    format!(
        "{shown:?} (at character {}) is not a replay key: keys as typed, and {} (see --help)",
        at + 1,
        names.join(" ")
    )
}

/// The inputs still to play.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Replay {
    inputs: VecDeque<Input>,
}

impl Replay {
    /// A replay of `inputs`, first played first.
    pub fn new(inputs: Vec<Input>) -> Replay {
        Replay {
            inputs: inputs.into(),
        }
    }

    /// The next input, or `None` once the replay is over.
    pub fn next_input(&mut self) -> Option<Input> {
        self.inputs.pop_front()
    }

    /// The next input unless the game is `busy` (a plan runs, a level is being made):
    /// a replayed key waits for that to end, as a player would, so `o>>` explores,
    /// travels to the stairs and takes them.
    pub fn next_when_idle(&mut self, busy: bool) -> Option<Input> {
        if busy { None } else { self.next_input() }
    }

    /// Inputs not yet played.
    pub fn remaining(&self) -> usize {
        self.inputs.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_names_and_clicks_parse() {
        let inputs = parse_inputs("hJ.o><x?/R{Tab}{ENTER}{esc}{ctrl-p}{pgup}{pgdn}").unwrap();
        let keys: Vec<Input> = "hJ.o><x??R"
            .chars()
            .map(|c| Input::Key(Key::Char(c)))
            .chain(
                [
                    Key::Tab,
                    Key::Enter,
                    Key::Escape,
                    Key::Ctrl('p'),
                    Key::PageUp,
                    Key::PageDown,
                ]
                .map(Input::Key),
            )
            .collect();
        assert_eq!(inputs, keys);
        assert_eq!(
            parse_inputs("{click: 12,-3}{hover:0,0}").unwrap(),
            [
                Input::Click(Point::new(12, -3)),
                Input::Hover(Point::new(0, 0))
            ]
        );
        assert!(parse_inputs("").unwrap().is_empty());
    }

    #[test]
    fn unknown_tokens_are_named_with_their_place() {
        let err = parse_inputs("hh x").unwrap_err();
        assert!(
            err.starts_with("\" \" (at character 3) is not a replay key"),
            "{err}"
        );
        assert!(err.contains("{click:X,Y}"), "{err}");
        let err = parse_inputs("o{tabb}").unwrap_err();
        assert!(err.starts_with("\"{tabb}\" (at character 2)"), "{err}");
        let err = parse_inputs("o{click:1}").unwrap_err();
        assert!(err.starts_with("\"{click:1}\""), "{err}");
        let err = parse_inputs("o{tab").unwrap_err();
        assert!(err.starts_with("\"{tab\""), "{err}");
        assert!(!err.contains('\n'));
    }

    #[test]
    fn replay_hands_out_one_input_at_a_time() {
        let mut replay = Replay::new(parse_inputs("l{tab}").unwrap());
        assert_eq!(replay.remaining(), 2);
        assert_eq!(replay.next_input(), Some(Input::Key(Key::Char('l'))));
        assert_eq!(replay.next_input(), Some(Input::Key(Key::Tab)));
        assert_eq!(replay.next_input(), None);
    }
}
