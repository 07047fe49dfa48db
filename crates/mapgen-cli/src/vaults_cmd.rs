//! `mapgen vaults list` and `mapgen vaults show NAME`: what a vault library holds.

use std::io::Write;

use anyhow::bail;
use clap::{Args, Subcommand};
use mapgen_flags::vaults::VaultSourceFlag;

/// Arguments of `mapgen vaults`.
#[derive(Debug, Args)]
pub struct VaultsArgs {
    #[command(subcommand)]
    command: VaultsCommand,
}

#[derive(Debug, Subcommand)]
enum VaultsCommand {
    /// One line per vault: its name, its size (width x height, as written) and its tags.
    List {
        #[command(flatten)]
        library: VaultSourceFlag,
    },
    /// The glyph rows of one vault as written (untransformed), and nothing else.
    Show {
        /// The vault's name.
        name: String,
        #[command(flatten)]
        library: VaultSourceFlag,
    },
}

/// Runs `mapgen vaults ...`.
pub fn run(args: &VaultsArgs, out: &mut impl Write) -> anyhow::Result<()> {
    match &args.command {
        VaultsCommand::List { library } => {
            let library = library.source.load()?;
            let vaults = library.vaults();
            let name_width = vaults.iter().map(|v| v.name().len()).max().unwrap_or(0);
            for vault in vaults {
                let size = format!("{}x{}", vault.glyphs().width(), vault.glyphs().height());
                let line = format!(
                    "{:name_width$}  {size:5}  {}",
                    vault.name(),
                    vault.tags().join(",")
                );
                writeln!(out, "{}", line.trim_end())?;
            }
        }
        VaultsCommand::Show { name, library } => {
            let source = &library.source;
            let library = source.load()?;
            let Some(vault) = library.get(name) else {
                bail!(
                    "no vault named {:?} in {source}; `mapgen vaults list` names them",
                    cli_common::quote::short(name)
                );
            };
            for row in vault.glyphs().rows() {
                writeln!(out, "{row}")?;
            }
        }
    }
    Ok(())
}
