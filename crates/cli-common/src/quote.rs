//! Values quoted in messages. A user can pass megabytes as one argument (a path, a
//! `--replay` string), and an error is one line that should fit a terminal: messages
//! quote a short prefix and say how long the value was.

use std::path::Path;

/// The most characters of a value a message quotes.
pub const QUOTE_MAX: usize = 40;

/// `value` as a message quotes it: whole when it has at most [`QUOTE_MAX`] characters,
/// else its first [`QUOTE_MAX`], `...` and its length. Control characters are escaped,
/// so the message stays on one line.
///
/// ```
/// use cli_common::quote::short;
/// assert_eq!(short("hjkl"), "hjkl");
/// assert_eq!(short(&"x".repeat(50)), format!("{}... (50 characters)", "x".repeat(40)));
/// assert_eq!(short("a\nb"), "a\\nb");
/// ```
pub fn short(value: &str) -> String {
    let count = value.chars().count();
    let mut prefix = String::new();
    for c in value.chars().take(QUOTE_MAX) {
        if c.is_control() {
            prefix.extend(c.escape_debug());
        } else {
            prefix.push(c);
        }
    }
    if count <= QUOTE_MAX {
        prefix
    } else {
        format!("{prefix}... ({count} characters)")
    }
}

/// `text` with every word longer than [`QUOTE_MAX`] characters (a run between spaces and
/// quote marks) cut as [`short`] cuts it: for messages that quote a value inside them,
/// such as a library's "unknown generator" error.
///
/// ```
/// use cli_common::quote::shorten_words;
/// let long = "z".repeat(100);
/// assert_eq!(
///     shorten_words(&format!("unknown \"{long}\"; allowed: a, b")),
///     format!("unknown \"{}... (100 characters)\"; allowed: a, b", "z".repeat(40))
/// );
/// ```
pub fn shorten_words(text: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    for c in text.chars() {
        if c.is_whitespace() || matches!(c, '"' | '\'' | '`') {
            out.push_str(&short(&word));
            word.clear();
            out.push(c);
        } else {
            word.push(c);
        }
    }
    out.push_str(&short(&word));
    out
}

/// [`short`] for a path (lossily, if it is not UTF-8).
pub fn short_path(path: &Path) -> String {
    short(&path.to_string_lossy())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_values_are_quoted_whole() {
        assert_eq!(short(""), "");
        let forty = "y".repeat(QUOTE_MAX);
        assert_eq!(short(&forty), forty);
    }

    #[test]
    fn long_values_are_cut_and_their_length_given() {
        let long = "h".repeat(131_072);
        let quoted = short(&long);
        assert!(quoted.len() < 80, "{}", quoted.len());
        assert!(quoted.ends_with("... (131072 characters)"), "{quoted}");
        // Characters, not bytes: a multi-byte character is never split.
        let wide = "é".repeat(50);
        assert_eq!(
            short(&wide),
            format!("{}... (50 characters)", "é".repeat(40))
        );
    }

    #[test]
    fn control_characters_never_break_the_line() {
        assert_eq!(short("a\r\nb\tc"), "a\\r\\nb\\tc");
        assert!(!short(&"\n".repeat(100)).contains('\n'));
        assert_eq!(short_path(Path::new("dir/font.png")), "dir/font.png");
    }
}
