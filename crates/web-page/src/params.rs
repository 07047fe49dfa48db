//! A page's URL parameters as a command line's words, so that one `clap` definition
//! reads both and refuses bad values in the same words.
//!
//! `?seed=7&generator=isaac&xl` is `--seed 7 --generator isaac --xl`: a parameter is the
//! flag of its name, a switch (a flag that takes no value) is given by an empty value,
//! `true` or `1` and left out for `false` or `0`. A name the command does not know is
//! passed on as `--name value`, for the command's own message about it.
//!
//! ```
//! use clap::{Arg, ArgAction, Command};
//! use web_page::params::{split_query, words};
//! let command = Command::new("game")
//!     .arg(Arg::new("seed").long("seed"))
//!     .arg(Arg::new("xl").long("xl").action(ArgAction::SetTrue));
//! let pairs = split_query("?seed=7&xl&replay=o%3E%3E%3C+x");
//! assert_eq!(words(&command, &pairs), ["--seed", "7", "--xl", "--replay", "o>>< x"]);
//! ```

use clap::Command;

/// The `name=value` pairs of a URL's query (with or without its `?`), percent-decoded,
/// `+` as a space, in order. A pair without `=` has an empty value.
pub fn split_query(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(name), decode(value))
        })
        .collect()
}

/// `text` percent-decoded, `+` as a space; a `%` not followed by two hex digits stays.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| {
            bytes
                .get(at)
                .and_then(|&b| char::from(b).to_digit(16))
                .map(|d| d as u8)
        };
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                if let (Some(high), Some(low)) = (hex(i + 1), hex(i + 2)) {
                    out.push(high << 4 | low);
                    i += 2;
                } else {
                    out.push(b'%');
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The words of `command`'s command line (without the program's name) for `pairs`.
pub fn words(command: &Command, pairs: &[(String, String)]) -> Vec<String> {
    let mut words = Vec::new();
    for (name, value) in pairs {
        let flag = format!("--{name}");
        let switch = command
            .get_arguments()
            .find(|a| a.get_long() == Some(name.as_str()))
            .is_some_and(|a| !a.get_action().takes_values());
        match (switch, value.as_str()) {
            (true, "" | "true" | "1") => words.push(flag),
            (true, "false" | "0") => {}
            // The command's own message: a switch given a value.
            (true, other) => words.push(format!("{flag}={other}")),
            (false, _) => words.extend([flag, value.clone()]),
        }
    }
    words
}

/// The first of `pairs` that a page does not take, as the line that says so: `names` is
/// each flag a page leaves out, with why.
///
/// ```
/// use web_page::params::{refused, split_query};
/// let not_here = [("font", "a page reads no files; F cycles the built-in fonts")];
/// assert_eq!(
///     refused(&split_query("seed=1&font=x.png"), &not_here).unwrap(),
///     "--font is not taken in a page: a page reads no files; F cycles the built-in fonts"
/// );
/// assert_eq!(refused(&split_query("seed=1"), &not_here), None);
/// ```
pub fn refused(pairs: &[(String, String)], names: &[(&str, &str)]) -> Option<String> {
    pairs.iter().find_map(|(name, _)| {
        names
            .iter()
            .find(|(refused, _)| refused == name)
            .map(|(_, why)| format!("--{name} is not taken in a page: {why}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, ArgAction};

    fn command() -> Command {
        Command::new("test")
            .arg(Arg::new("seed").long("seed"))
            .arg(Arg::new("watch").long("watch").action(ArgAction::SetTrue))
    }

    fn words_of(query: &str) -> Vec<String> {
        words(&command(), &split_query(query))
    }

    #[test]
    fn pairs_are_decoded_in_order() {
        let pairs = split_query("?a=1&b=%7Bclick%3A3%2C4%7D&c&d=x+y&e=%zz&f=%e2%9c%93");
        let expected = [
            ("a", "1"),
            ("b", "{click:3,4}"),
            ("c", ""),
            ("d", "x y"),
            ("e", "%zz"),
            ("f", "\u{2713}"),
        ];
        let got: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert_eq!(got, expected);
        assert!(split_query("").is_empty());
        assert!(split_query("?").is_empty());
        assert_eq!(split_query("%"), [("%".to_string(), String::new())]);
    }

    #[test]
    fn switches_are_given_by_an_empty_true_or_one_and_left_out_by_false() {
        for on in ["watch", "watch=", "watch=true", "watch=1"] {
            assert_eq!(words_of(on), ["--watch"], "{on}");
        }
        for off in ["watch=false", "watch=0"] {
            assert!(words_of(off).is_empty(), "{off}");
        }
        assert_eq!(words_of("watch=yes"), ["--watch=yes"]);
    }

    #[test]
    fn the_command_refuses_what_it_refuses_on_a_command_line() {
        let parse = |query: &str| {
            command()
                .try_get_matches_from(std::iter::once("test".to_string()).chain(words_of(query)))
                .map(|_| ())
                .map_err(|e| e.kind())
        };
        assert_eq!(parse("seed=3&watch"), Ok(()));
        assert_eq!(
            parse("nope=3"),
            Err(clap::error::ErrorKind::UnknownArgument)
        );
        assert_eq!(
            parse("watch=yes"),
            Err(clap::error::ErrorKind::TooManyValues)
        );
        // An empty value is a value: the command says what it thinks of it.
        assert_eq!(parse("seed="), Ok(()));
    }
}
