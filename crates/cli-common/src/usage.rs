//! Usage errors in one line. clap prints a usage error as several lines (the error, a
//! blank line, the usage, `For more information, try '--help'.`) and quotes values whole;
//! both programs print it as one line that names the flag and the value (cut short, as
//! [`quote::short`](crate::quote::short) cuts it) and exit 2. Help and version still
//! print as clap prints them.

use clap::error::ErrorKind;

/// The exit status of a usage error.
pub const USAGE_EXIT: i32 = 2;

/// Prints `err` and ends the program: help and version as clap prints them (exit 0; the
/// help of a program run with no command, exit 2), anything else as [`one_line`] on
/// standard error (exit 2).
pub fn exit(err: &clap::Error) -> ! {
    match err.kind() {
        // Help asked for, or the program run with nothing (help, and exit 2).
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => err.exit(),
        _ => {
            eprintln!("{}", one_line(err));
            std::process::exit(USAGE_EXIT)
        }
    }
}

/// What [`exit`] prints for `err`, as text: help and version as clap renders them,
/// anything else as [`one_line`]. For a front end with no terminal (a web page) that
/// shows the message the program would print.
///
/// ```
/// use clap::{Arg, Command};
/// let cmd = || Command::new("demo").arg(Arg::new("size").long("size").value_parser(clap::value_parser!(u8)));
/// let err = cmd().try_get_matches_from(["demo", "--size", "x"]).unwrap_err();
/// assert_eq!(cli_common::usage::message(&err), cli_common::usage::one_line(&err));
/// let help = cmd().try_get_matches_from(["demo", "--help"]).unwrap_err();
/// assert!(cli_common::usage::message(&help).contains("Usage: demo"));
/// ```
pub fn message(err: &clap::Error) -> String {
    match err.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            err.render().to_string().trim_end().to_string()
        }
        _ => one_line(err),
    }
}

/// `err` as one line: clap's first paragraph (the error and what it lists) and its tips,
/// each line trimmed and joined, every long word cut short; no usage, no pointer to
/// `--help`.
///
/// ```
/// use clap::{Arg, Command};
/// let cmd = || Command::new("demo").arg(Arg::new("size").long("size").value_parser(clap::value_parser!(u8)));
/// let err = cmd().try_get_matches_from(["demo", "--size", "x"]).unwrap_err();
/// assert_eq!(
///     cli_common::usage::one_line(&err),
///     "error: invalid value 'x' for '--size <size>': invalid digit found in string"
/// );
/// let long = "x".repeat(100_000);
/// let err = cmd().try_get_matches_from(["demo", "--size", &long]).unwrap_err();
/// assert!(cli_common::usage::one_line(&err).len() < 200);
/// ```
pub fn one_line(err: &clap::Error) -> String {
    let text = err.render().to_string();
    let mut paragraphs = text.split("\n\n");
    let mut parts: Vec<String> = Vec::new();
    if let Some(first) = paragraphs.next() {
        parts.push(joined(first));
    }
    for paragraph in paragraphs {
        let paragraph = paragraph.trim();
        if paragraph.starts_with("tip:") {
            parts.push(joined(paragraph));
        }
    }
    let line = parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    let line = crate::quote::shorten_words(&line);
    if line.starts_with("error:") {
        line
    } else {
        format!("error: {line}")
    }
}

/// The lines of `paragraph`, each trimmed, joined by spaces.
fn joined(paragraph: &str) -> String {
    paragraph
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, ArgAction, Command};

    fn demo() -> Command {
        Command::new("demo")
            .arg(
                Arg::new("seed")
                    .long("seed")
                    .value_parser(clap::value_parser!(u64)),
            )
            .arg(Arg::new("file").required(true))
            .arg(Arg::new("quiet").long("quiet").action(ArgAction::SetTrue))
    }

    fn error(args: &[&str]) -> String {
        let err = demo()
            .try_get_matches_from(std::iter::once("demo").chain(args.iter().copied()))
            .unwrap_err();
        one_line(&err)
    }

    #[test]
    fn every_kind_of_usage_error_is_one_line() {
        let cases: &[(&[&str], &str)] = &[
            (
                &["f", "--seed", "x"],
                "error: invalid value 'x' for '--seed <seed>': invalid digit found in string",
            ),
            (
                &[],
                "error: the following required arguments were not provided: <file>",
            ),
            (
                &["f", "--bogus"],
                "error: unexpected argument '--bogus' found; tip: to pass '--bogus' as a value, use '-- --bogus'",
            ),
            (
                &["f", "--sed", "1"],
                "error: unexpected argument '--sed' found; tip: a similar argument exists: '--seed'",
            ),
            (
                &["f", "--quiet=yes"],
                "error: unexpected value 'yes' for '--quiet' found; no more were expected",
            ),
        ];
        for (args, line) in cases {
            assert_eq!(error(args), *line, "{args:?}");
        }
    }

    #[test]
    fn long_values_are_cut() {
        let long = "y".repeat(100_000);
        let line = error(&["f", "--seed", &long, "--seed", &long]);
        assert!(line.len() < 300, "{}", line.len());
        assert!(line.contains("(100000 characters)"), "{line}");
        assert!(!line.contains('\n'));
    }
}
