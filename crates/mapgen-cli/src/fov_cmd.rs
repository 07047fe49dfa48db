//! `mapgen fov CASE...`. PLACEHOLDER: the FOV helper writes this.

use std::io::Write;
use std::path::PathBuf;

/// Arguments of `mapgen fov`.
#[derive(Debug, clap::Args)]
pub struct FovArgs {
    /// Case files (size, origin, radius, light_walls, map); expected sections are ignored.
    #[arg(required = true, value_name = "CASE")]
    pub cases: Vec<PathBuf>,
}

/// Prints the visible grid of every case, separated by blank lines.
pub fn run(args: &FovArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let _ = (args, out);
    anyhow::bail!("not yet implemented")
}
