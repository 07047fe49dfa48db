//! The `mapgen` command as a library: its flags ([`Cli`]) and what each subcommand does
//! ([`run`]), for the `mapgen` binary and for the generators' playground page
//! (`crates/mapgen-web`), which runs the same code in a browser so that its output is
//! the command's, byte for byte.

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
pub mod standard_output;
mod tiled;
mod tiled_cmd;
mod vault_record;
mod vaults_cmd;

use std::io::{self, Write};

use clap::{Parser, Subcommand};
pub use generate_cmd::{GenerateArgs, check, dungeon};
use mapgen_flags::GeneratorFlags;

/// Seeded roguelike dungeons (libtcod tutorial rooms and corridors) and field of view.
#[derive(Debug, Parser)]
#[command(name = "mapgen", version, about)]
pub struct Cli {
    /// The subcommand and its flags.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
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

/// Runs `command`, writing its output to `out` (a file with `--output`).
///
/// # Errors
/// Whatever the command refuses or fails on, as the one line `mapgen` prints after
/// `error: ` (with `{:#}`).
pub fn run(command: &Command, out: &mut impl Write) -> anyhow::Result<()> {
    match command {
        Command::Generate(args) => generate_cmd::run(args, out),
        Command::Render(args) => picture_cmd::render(args, out),
        Command::Regenerate(args) => regenerate_cmd::run(args, out),
        Command::Vaults(args) => vaults_cmd::run(args, out),
        Command::Fov(args) => fov_cmd::run(args, out),
        Command::Path(args) => path_cmd::run(args, out),
        Command::Dijkstra(args) => dijkstra_cmd::run(args, out),
    }
}

impl Command {
    /// The generator flags of the commands that take them.
    pub fn generator_flags(&self) -> Option<&GeneratorFlags> {
        match self {
            Command::Generate(args) => Some(&args.flags),
            Command::Render(args) => Some(&args.flags),
            Command::Path(args) => Some(&args.flags),
            Command::Dijkstra(args) => Some(&args.flags),
            Command::Regenerate(_) | Command::Vaults(_) | Command::Fov(_) => None,
        }
    }
}

/// True when `err` comes from writing to a reader that went away (`| head`).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}
