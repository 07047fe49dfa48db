//! The `mapgen` command run in the page: the same parser and the same code as the
//! binary, its standard output kept in memory.

use clap::{CommandFactory, Parser};
use mapgen::Dungeon;
use mapgen_cli::GenerateArgs;
use mapgen_cli::{Cli, Command};
use mapgen_flags::spawns::SpawnSource;
use mapgen_flags::vaults::VaultSource;

/// What a run of `mapgen` gave: its standard output, or the message it would print
/// before exiting with status 2.
pub type Run = Result<Vec<u8>, String>;

/// Runs `mapgen` with `words` (without the program's name).
///
/// ```
/// let ascii = mapgen_web::command::run(&["generate", "--seed", "7"]).unwrap();
/// assert_eq!(ascii.iter().filter(|&&b| b == b'\n').count(), 45);
/// let err = mapgen_web::command::run(&["generate", "--room-min", "12", "--room-max", "8"]);
/// assert_eq!(err.unwrap_err(), "error: --room-min (12) is larger than --room-max (8)");
/// // A page reads no files: the built-in vaults and spawn table only.
/// let err = mapgen_web::command::run(&["generate", "--spawns", "table.txt"]);
/// assert_eq!(err.unwrap_err(), "error: --spawns table.txt: a page reads no files; use --spawns builtin");
/// assert!(mapgen_web::command::run(&["generate", "--spawns", "builtin"]).is_ok());
/// ```
///
/// # Errors
/// clap's message as `mapgen` prints it (a usage error in one line, `--help`'s text),
/// or the command's `error:` line.
pub fn run(words: &[impl AsRef<str>]) -> Run {
    let cli = parse(words)?;
    if let Command::Generate(args) = &cli.command {
        no_files(args)?;
    }
    let mut out = Vec::new();
    mapgen_cli::run(&cli.command, &mut out).map_err(|e| error_line(&e))?;
    Ok(out)
}

/// The dungeon `mapgen generate` makes for `words` (the words after `generate`).
///
/// # Errors
/// As [`run`].
pub fn dungeon(words: &[impl AsRef<str>]) -> Result<Dungeon, String> {
    let args = generate_args(words)?;
    no_files(&args)?;
    mapgen_cli::dungeon(&args).map_err(|e| error_line(&e))
}

/// Refuses a vault or spawn table file, as the game's page does: a page reads no files
/// (the command would say the platform does not support reading them).
fn no_files(args: &GenerateArgs) -> Result<(), String> {
    let refuse = |flag: &str, path: &std::path::Path| {
        Err(format!(
            "error: {flag} {}: a page reads no files; use {flag} builtin",
            path.display()
        ))
    };
    if let Some(VaultSource::File(path)) = &args.vaults.vaults {
        return refuse("--vaults", path);
    }
    if let Some(SpawnSource::File(path)) = &args.spawns.spawns {
        return refuse("--spawns", path);
    }
    Ok(())
}

/// `mapgen generate`'s flags for `words` (the words after `generate`).
///
/// # Errors
/// clap's message.
pub fn generate_args(words: &[impl AsRef<str>]) -> Result<GenerateArgs, String> {
    let all: Vec<&str> = std::iter::once("generate")
        .chain(words.iter().map(AsRef::as_ref))
        .collect();
    match parse(&all)?.command {
        Command::Generate(args) => Ok(args),
        _ => Err("error: not a generate command".to_string()),
    }
}

/// The `generate` subcommand's definition: every flag `mapgen generate --help` lists.
pub fn generate_command() -> clap::Command {
    Cli::command()
        .find_subcommand("generate")
        .cloned()
        .unwrap_or_else(|| clap::Command::new("generate"))
}

fn parse(words: &[impl AsRef<str>]) -> Result<Cli, String> {
    let argv = std::iter::once("mapgen").chain(words.iter().map(AsRef::as_ref));
    Cli::try_parse_from(argv).map_err(|e| cli_common::usage::message(&e))
}

/// The line `mapgen` prints for `err`: `error: ` and the causes on one line.
fn error_line(err: &anyhow::Error) -> String {
    format!("error: {}", format!("{err:#}").replace(['\n', '\r'], " "))
}
