//! `mapgen generate --format gif` and `--format steps`: the generation of one dungeon as
//! an animated picture, or as JSON lines of its recorded steps.

use std::io::Write;

use anyhow::Context;
use mapgen::generators::Generator;
use mapgen::record::Recording;
use mapgen::{Dungeon, Point, Tile};
use mapgen_flags::vaults::Vaults;
use mapgen_picture::animation::check_animation_size;
use mapgen_picture::{DEFAULT_FRAMES, TileSize, encode_generation_gif};

use crate::generate_cmd::{Format, GenerateArgs, Output};
use crate::json::{Buffer, Header};
use crate::picture_cmd::{check_picture_target, generate, to_file, write_picture};

/// Refuses `--count` above 1: these formats show the making of one dungeon.
fn check_one_dungeon(args: &GenerateArgs, format: &str) -> anyhow::Result<()> {
    if args.count > 1 {
        anyhow::bail!(
            "--format {format} shows the making of one dungeon, not --count {}",
            args.count
        );
    }
    Ok(())
}

/// The generator, the vaults, the dungeon of `--seed` and the recording of its making
/// (the vaults' stamping last).
fn record(args: &GenerateArgs) -> anyhow::Result<(Generator, Option<Vaults>, Dungeon, Recording)> {
    let generator = args.flags.generator()?;
    let vaults = args.vaults.plan()?;
    let (dungeon, recording) = recorded(&generator, vaults.as_ref(), args.seed)?;
    Ok((generator, vaults, dungeon, recording))
}

/// The dungeon `generator` (and `vaults`) make from `seed`, and the recording of its
/// making.
pub(crate) fn recorded(
    generator: &Generator,
    vaults: Option<&Vaults>,
    seed: u64,
) -> anyhow::Result<(Dungeon, Recording)> {
    let recorded = match vaults {
        Some(vaults) => vaults.plan.record(generator, seed),
        None => generator.record(seed),
    };
    recorded.with_context(|| format!("seed {seed}"))
}

/// `mapgen generate --format gif`: the animated picture of one dungeon's generation.
pub fn generate_gif(args: &GenerateArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let output = args.picture.output.as_deref();
    check_one_dungeon(args, "gif")?;
    check_picture_target(output, "GIF")?;
    let frames = args.frames.map_or(DEFAULT_FRAMES, usize::from);
    let tile = args.picture.tile_size.unwrap_or_default();
    // Refuse an animation too large before the work of recording it.
    let vaults = args.vaults.plan()?;
    let plain = generate(&args.flags.generator()?, vaults.as_ref(), args.seed)?;
    check_animation_size(&plain.map, tile, frames)?;
    let (_, _, dungeon, recording) = record(args)?;
    let gif = encode_generation_gif(&dungeon, &recording, tile, frames)?;
    write_picture(output, &gif, out)
}

/// The animated picture of the making of `dungeon`, which `generator` (and `vaults`)
/// make from `seed`, at the default tile size and frames: `mapgen regenerate --format
/// gif`, on standard output.
pub(crate) fn dungeon_gif(
    generator: &Generator,
    vaults: Option<&Vaults>,
    seed: u64,
    dungeon: &Dungeon,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let tile = TileSize::default();
    check_animation_size(&dungeon.map, tile, DEFAULT_FRAMES)?;
    let (made, recording) = recorded(generator, vaults, seed)?;
    debug_assert_eq!(&made, dungeon, "recording changes nothing");
    let gif = encode_generation_gif(&made, &recording, tile, DEFAULT_FRAMES)?;
    write_picture(None, &gif, out)
}

/// `mapgen generate --format steps`: one JSON line per recorded step, `{"stage": "...",
/// "set": [[x, y, "glyph"], ...]}`, then the dungeon as `--format jsonl` writes it.
pub fn write_steps(args: &GenerateArgs, out: &mut impl Write) -> anyhow::Result<()> {
    check_one_dungeon(args, "steps")?;
    let (generator, vaults, dungeon, recording) = record(args)?;
    let header = Header::of(&generator, vaults.as_ref());
    let write = |out: &mut dyn Write| steps_lines(&recording, &header, args.seed, &dungeon, out);
    match args.picture.output.as_deref() {
        Some(path) => to_file(path, |file| write(file)),
        None => write(out),
    }
}

/// `--format steps` for a dungeon `generator` (and `vaults`) make from `seed`, made
/// again: `mapgen regenerate --format steps`.
pub(crate) fn dungeon_steps(
    generator: &Generator,
    vaults: Option<&Vaults>,
    seed: u64,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let (dungeon, recording) = recorded(generator, vaults, seed)?;
    let header = Header::of(generator, vaults);
    steps_lines(&recording, &header, seed, &dungeon, out)
}

/// The steps of `recording` as JSON lines, then `dungeon` as a JSON line.
fn steps_lines(
    recording: &Recording,
    header: &Header,
    seed: u64,
    dungeon: &Dungeon,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    for step in recording.steps() {
        out.write_all(b"{\"stage\":")?;
        serde_json::to_writer(&mut *out, &step.caption.to_string())?;
        out.write_all(b",\"set\":[")?;
        for (i, &(p, tile)) in step.set.iter().enumerate() {
            if i > 0 {
                out.write_all(b",")?;
            }
            write_change(out, p, tile)?;
        }
        out.write_all(b"]}\n")?;
    }
    let mut line = Buffer::default();
    let output = Output {
        format: Format::Jsonl,
        many: false,
    };
    output.render_dungeon(header, seed, dungeon, None, &mut line);
    out.write_all(line.as_bytes())?;
    Ok(())
}

/// `[x,y,"glyph"]`.
fn write_change(out: &mut dyn Write, p: Point, tile: Tile) -> anyhow::Result<()> {
    write!(out, "[{},{},", p.x, p.y)?;
    serde_json::to_writer(&mut *out, &tile.glyph())?;
    out.write_all(b"]")?;
    Ok(())
}
