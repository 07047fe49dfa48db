//! Pictures: `mapgen generate --format png` (one dungeon) and `mapgen render` (a contact
//! sheet of several seeds), and `--output` for every format.
//!
//! A PNG is drawn and encoded whole in memory (bounded by
//! [`MAX_PIXELS`](mapgen_picture::MAX_PIXELS)) before a byte is written, so a refused
//! picture leaves no half-written file.

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use cli_common::files::{Replacement, output_problem};
use cli_common::quote::short_path;
use mapgen::Dungeon;
use mapgen::generators::Generator;
use mapgen::locks::Locks;
use mapgen_flags::GeneratorFlags;
use mapgen_flags::vaults::{VaultFlags, Vaults};
use mapgen_picture::dungeon_picture::map_picture_size;
use mapgen_picture::{
    ContactSheet, TileSize, draw_contact_sheet, draw_dungeon, draw_regions, encode_png,
};

use crate::generate_cmd::GenerateArgs;

/// Where the output goes and, for pictures, how large a tile is.
#[derive(Debug, Args)]
pub struct PictureFlags {
    /// Pixels per tile of a picture (`--format png`, `render`), 1 to 32 [default: 4].
    #[arg(long, value_name = "PIXELS", value_parser = parse_tile_size, allow_negative_numbers = true)]
    pub tile_size: Option<TileSize>,
    /// Write to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The most dungeons on one contact sheet.
pub const MAX_SHEET: u64 = 1024;

/// Arguments of `mapgen render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The first seed.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub seed: u64,
    /// How many dungeons: seeds `seed ..= seed + count - 1`; 1 to 1024.
    #[arg(long, value_name = "N", default_value_t = 16, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=MAX_SHEET))]
    pub count: u64,
    /// These seeds instead of `--seed` and `--count`, in this order, comma-separated.
    #[arg(long, value_name = "SEED,...", value_delimiter = ',', num_args = 1.., conflicts_with_all = ["seed", "count"], allow_negative_numbers = true)]
    pub seed_list: Vec<u64>,
    /// Pictures per row, 1 to 64.
    #[arg(long, value_name = "N", default_value_t = 4, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub columns: u32,
    /// No seed written above each picture.
    #[arg(long)]
    pub no_labels: bool,
    /// Tile size and output file.
    #[command(flatten)]
    pub picture: PictureFlags,
    /// The generator and its settings.
    #[command(flatten)]
    pub flags: GeneratorFlags,
    /// Vaults to stamp into each dungeon.
    #[command(flatten)]
    pub vaults: VaultFlags,
}

fn parse_tile_size(value: &str) -> Result<TileSize, String> {
    let range = format!("{} to {} pixels", TileSize::MIN, TileSize::MAX);
    let pixels: u32 = value
        .parse()
        .map_err(|_| format!("not a whole number of pixels: {range}"))?;
    TileSize::new(pixels).map_err(|e| e.to_string())
}

/// `mapgen generate --format png`: the picture of one dungeon.
pub fn generate_png(args: &GenerateArgs, out: &mut impl Write) -> anyhow::Result<()> {
    if args.count > 1 {
        // Suggest only what render takes: a sheet holds at most MAX_SHEET.
        let (sheet, note) = match args.count {
            count if count <= MAX_SHEET => (count, String::new()),
            _ => (MAX_SHEET, format!(" (a sheet holds at most {MAX_SHEET})")),
        };
        anyhow::bail!(
            "--format png draws one dungeon, not --count {}: use `mapgen render --seed {} --count {sheet}` for a contact sheet{note}",
            args.count,
            args.seed,
        );
    }
    let output = args.picture.output.as_deref();
    check_picture_target(output, "PNG")?;
    let seed = args.seed;
    let (dungeon, locks) = crate::generate_cmd::checked_generator(args)?
        .make(seed)
        .with_context(|| format!("seed {seed}"))?;
    let tile = args.picture.tile_size.unwrap_or_default();
    let picture = match (&locks, args.graph) {
        (Some(locks), _) => mapgen_picture::draw_dungeon_with_locks(&dungeon, locks, tile)?,
        (None, true) => draw_regions(&dungeon, tile)?,
        (None, false) => draw_dungeon(&dungeon, tile)?,
    };
    write_picture(output, &encode_png(&picture)?, out)
}

/// `mapgen render`: a contact sheet of several seeds.
pub fn render(args: &RenderArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let output = args.picture.output.as_deref();
    check_picture_target(output, "PNG")?;
    let seeds = seeds(args)?;
    let generator = args.flags.generator()?;
    let vaults = args.vaults.plan()?;
    let layout = ContactSheet {
        labels: !args.no_labels,
        ..ContactSheet::new(args.columns, args.picture.tile_size.unwrap_or_default())
    };
    let mut dungeons: Vec<(u64, Dungeon)> = Vec::with_capacity(seeds.len());
    for &seed in &seeds {
        let dungeon = generate(&generator, vaults.as_ref(), seed)?;
        if dungeons.is_empty() {
            // Refuse a sheet too large before making the rest of its dungeons.
            let cell = map_picture_size(&dungeon.map, layout.tile);
            let (width, height) = layout.size(cell, seeds.len())?;
            mapgen_picture::canvas::check_size(width, height)?;
        }
        dungeons.push((seed, dungeon));
    }
    let sheet = draw_contact_sheet(&dungeons, layout)?;
    write_picture(output, &encode_png(&sheet)?, out)
}

/// The seeds `--seed-list` names, or `--count` from `--seed`.
fn seeds(args: &RenderArgs) -> anyhow::Result<Vec<u64>> {
    if !args.seed_list.is_empty() {
        if args.seed_list.len() as u64 > MAX_SHEET {
            anyhow::bail!(
                "--seed-list names {} seeds: at most {MAX_SHEET} on a sheet",
                args.seed_list.len()
            );
        }
        return Ok(args.seed_list.clone());
    }
    let last = crate::generate_cmd::last_seed(args.seed, args.count)?;
    Ok((args.seed..=last).collect())
}

pub fn generate(
    generator: &Generator,
    vaults: Option<&Vaults>,
    seed: u64,
) -> anyhow::Result<Dungeon> {
    crate::generate_cmd::make(generator, vaults, seed).with_context(|| format!("seed {seed}"))
}

/// `mapgen regenerate --format png`: the picture of `dungeon` at the default tile size, on
/// standard output, with its `locks` (placed again from the saved `lock_settings`) drawn
/// as `mapgen generate --locks` draws them.
pub fn dungeon_png(
    dungeon: &Dungeon,
    locks: Option<&Locks>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let tile = TileSize::default();
    let picture = match locks {
        Some(locks) => mapgen_picture::draw_dungeon_with_locks(dungeon, locks, tile)?,
        None => draw_dungeon(dungeon, tile)?,
    };
    write_picture(None, &encode_png(&picture)?, out)
}

/// Refuses a picture (`kind`: "PNG", "GIF") for a terminal, and an `--output` that
/// cannot be written, before any dungeon is made.
pub fn check_picture_target(output: Option<&Path>, kind: &str) -> anyhow::Result<()> {
    match output {
        Some(path) => check_output(path),
        None if std::io::stdout().is_terminal() => anyhow::bail!(
            "a {kind} is not written to a terminal: use --output FILE or redirect standard output (> FILE)"
        ),
        None => Ok(()),
    }
}

/// Refuses an `--output` that is a directory, a special file, or in a missing directory.
fn check_output(path: &Path) -> anyhow::Result<()> {
    match output_problem(path) {
        Some(problem) => anyhow::bail!("--output {}: {problem}", short_path(path)),
        None => Ok(()),
    }
}

/// Writes a picture's `bytes` to `--output` (through a file renamed at the end) or to `out`.
pub fn write_picture(
    output: Option<&Path>,
    bytes: &[u8],
    out: &mut impl Write,
) -> anyhow::Result<()> {
    match output {
        Some(path) => to_file(path, |file| Ok(file.write_all(bytes)?)),
        None => Ok(out.write_all(bytes)?),
    }
}

/// Runs `write` on a new file that replaces the one `--output` names once everything is
/// written: on any error (a failing seed, a full disk) the file named is left as it was
/// and no cut file stays.
pub fn to_file(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    check_output(path)?;
    let name = || format!("--output {}", short_path(path));
    let mut file =
        Replacement::create(path).with_context(|| format!("{}: cannot create it", name()))?;
    write(file.writer()).map_err(|err| match is_write_failure(&err) {
        true => err.context(format!("{}: cannot write it", name())),
        false => err,
    })?;
    file.commit()
        .with_context(|| format!("{}: cannot write it", name()))
}

/// True when `err` is a failed write (a full disk), however it was written: directly, or
/// through `serde_json`, whose errors wrap the system's.
fn is_write_failure(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause.is::<std::io::Error>()
            || cause
                .downcast_ref::<serde_json::Error>()
                .is_some_and(serde_json::Error::is_io)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A disk that fills up halfway: the message names `--output`, the file keeps what it
    /// held and no cut file stays beside it.
    #[test]
    fn a_write_that_fails_leaves_the_output_as_it_was() {
        let dir = std::env::temp_dir().join(format!("mapgen-to-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.json");
        std::fs::write(&path, "before").unwrap();
        let err = to_file(&path, |file| {
            file.write_all(&[b'x'; 100_000])?;
            Err(std::io::Error::from(std::io::ErrorKind::StorageFull).into())
        })
        .unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            format!(
                "--output {}: cannot write it: no storage space",
                short_path(&path)
            )
        );
        assert_eq!(std::fs::read(&path).unwrap(), b"before");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        // A write through serde_json (as `--format steps` writes its lines) names it too.
        let err = to_file(&path, |_| {
            let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
            Err(serde_json::Error::io(full).into())
        })
        .unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            format!(
                "--output {}: cannot write it: no storage space",
                short_path(&path)
            )
        );
        to_file(&path, |file| Ok(file.write_all(b"after")?)).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"after");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
