//! `mapgen`: seeded dungeons without the game, as ASCII, JSON or PNG pictures, and
//! field-of-view checks. The command itself is the `mapgen_cli` library.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use mapgen_cli::{Cli, is_broken_pipe, standard_output::StandardOutput};
use mapgen_flags::GeneratorFlags;

/// Exit statuses: 0 when everything was written (or the reader of the output went away,
/// as `| head` does); 2, after one `error:` line, for anything refused or failed: bad
/// flags (clap's message, in one line), invalid settings, a seed the generator gave up on, a case or
/// vault file that cannot be read or parsed, output that cannot be written.
fn main() -> ExitCode {
    // A usage error is one line and exit 2; help and version print as clap prints them.
    let cli = Cli::try_parse().unwrap_or_else(|e| cli_common::usage::exit(&e));
    for warning in cli
        .command
        .generator_flags()
        .map(GeneratorFlags::warnings)
        .unwrap_or_default()
    {
        eprintln!("warning: {warning}");
    }
    let stdout = io::stdout();
    // Large writes: stdout is line-buffered, and scans what it is given for newlines.
    let mut out = io::BufWriter::with_capacity(1 << 16, StandardOutput(stdout.lock()));
    let result = mapgen_cli::run(&cli.command, &mut out);
    let result = result.and_then(|()| out.flush().map_err(anyhow::Error::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stops early (`mapgen generate ... | head`) is not an error.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // One line, whatever the causes' messages hold.
            let message = format!("{err:#}").replace(['\n', '\r'], " ");
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
