//! `mapgen generate`: dungeons for a range of seeds, in the chosen format.

use std::io::Write;

use anyhow::Context;
use clap::{Args, ValueEnum};
use mapgen_flags::GeneratorFlags;

use crate::json::{DungeonJson, write_readable};

/// Output formats of `mapgen generate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The map as text, one line per row; maps separated by a blank line.
    Ascii,
    /// One JSON object, or an array of them with `--count` above 1.
    Json,
    /// One JSON object per line.
    Jsonl,
}

/// Arguments of `mapgen generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The first seed; a seed and the settings name one dungeon.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub seed: u64,
    /// How many dungeons: seeds `seed ..= seed + count - 1`.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Ascii)]
    pub format: Format,
    /// The generator and its settings.
    #[command(flatten)]
    pub flags: GeneratorFlags,
}

/// Generates `count` dungeons from `seed` on and writes them to `out`.
pub fn run(args: &GenerateArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let generator = args.flags.generator()?;
    let last = args.seed.checked_add(args.count - 1).with_context(|| {
        format!(
            "--count {} from --seed {} runs past the largest seed {}",
            args.count,
            args.seed,
            u64::MAX
        )
    })?;
    let many = args.count > 1;
    if args.format == Format::Json && many {
        out.write_all(b"[\n")?;
    }
    for seed in args.seed..=last {
        let dungeon = generator.generate(seed)?;
        let first = seed == args.seed;
        match args.format {
            Format::Ascii => {
                if !first {
                    writeln!(out)?;
                }
                write!(out, "{}", dungeon.map)?;
            }
            Format::Json => {
                out.write_all(match (many, first) {
                    (true, true) => b"  ",
                    (true, false) => b",\n  ",
                    (false, _) => b"",
                })?;
                let json = serde_json::to_value(DungeonJson::new(seed, &generator, &dungeon))?;
                write_readable(out, &json, if many { 2 } else { 0 })?;
            }
            Format::Jsonl => {
                let json = DungeonJson::new(seed, &generator, &dungeon);
                serde_json::to_writer(&mut *out, &json)?;
                out.write_all(b"\n")?;
            }
        }
    }
    match (args.format, many) {
        (Format::Json, true) => out.write_all(b"\n]\n")?,
        (Format::Json, false) => out.write_all(b"\n")?,
        _ => {}
    }
    Ok(())
}
