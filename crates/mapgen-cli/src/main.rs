//! `mapgen`: seeded dungeons without the game, as ASCII, JSON or PNG pictures, and
//! field-of-view checks.

mod case_file;
mod dijkstra_cmd;
mod fov_cmd;
mod generate_cmd;
mod graph_json;
mod json;
mod lock_marks;
#[cfg(test)]
mod negative_values;
mod ordered;
mod path_cmd;
mod path_flags;
mod picture_cmd;
mod record_cmd;
mod regenerate_cmd;
mod saved;
mod spawn_record;
mod standard_output;
mod tiled;
mod tiled_cmd;
mod vault_record;
mod vaults_cmd;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use mapgen_flags::GeneratorFlags;

/// Seeded roguelike dungeons (libtcod tutorial rooms and corridors) and field of view.
#[derive(Debug, Parser)]
#[command(name = "mapgen", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Generate dungeons and print them as ASCII, JSON, JSON lines or a PNG picture, or
    /// show one being made (an animated GIF, or its steps as JSON lines).
    Generate(generate_cmd::GenerateArgs),
    /// Draw a contact sheet of several seeds' dungeons as one PNG.
    Render(picture_cmd::RenderArgs),
    /// Read dungeons saved as JSON, make each again from its recorded generator, settings
    /// and seed, check it is the same dungeon, and print it.
    Regenerate(regenerate_cmd::RegenerateArgs),
    /// List the vaults of a library, or show one vault's glyph rows.
    Vaults(vaults_cmd::VaultsArgs),
    /// Compute the field of view of case files and print each visible grid.
    Fov(fov_cmd::FovArgs),
    /// Find the cheapest path between two tiles of a dungeon and print it as JSON.
    Path(path_cmd::PathArgs),
    /// Compute a Dijkstra map of a dungeon from one or more goals and print it as JSON.
    Dijkstra(dijkstra_cmd::DijkstraArgs),
}

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
    let mut out =
        io::BufWriter::with_capacity(1 << 16, standard_output::StandardOutput(stdout.lock()));
    let result = match &cli.command {
        Command::Generate(args) => generate_cmd::run(args, &mut out),
        Command::Render(args) => picture_cmd::render(args, &mut out),
        Command::Regenerate(args) => regenerate_cmd::run(args, &mut out),
        Command::Vaults(args) => vaults_cmd::run(args, &mut out),
        Command::Fov(args) => fov_cmd::run(args, &mut out),
        Command::Path(args) => path_cmd::run(args, &mut out),
        Command::Dijkstra(args) => dijkstra_cmd::run(args, &mut out),
    };
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

impl Command {
    /// The generator flags of the commands that take them.
    fn generator_flags(&self) -> Option<&GeneratorFlags> {
        match self {
            Command::Generate(args) => Some(&args.flags),
            Command::Render(args) => Some(&args.flags),
            Command::Path(args) => Some(&args.flags),
            Command::Dijkstra(args) => Some(&args.flags),
            Command::Regenerate(_) | Command::Vaults(_) | Command::Fov(_) => None,
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}
