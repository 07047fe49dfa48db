//! `mapgen generate`: dungeons for a range of seeds, in the chosen format.
//!
//! Each dungeon is generated and formatted into its own buffer, on `--jobs` threads; the
//! buffers are written in seed order with the separators of the format between them, so
//! the output does not depend on the number of threads.

use std::io::Write;
use std::ops::Range;
use std::sync::Mutex;

use anyhow::Context;
use clap::{Args, ValueEnum};
use mapgen::generators::Generator;
use mapgen::locks::Locks;
use mapgen::spawns::SpawnKind;
use mapgen::{Dungeon, DungeonRng, GenerateError};
use mapgen_flags::GeneratorFlags;
use mapgen_flags::spawns::{SpawnFlags, Spawns};
use mapgen_flags::vaults::{VaultFlags, Vaults};

use crate::json::{Buffer, Header, Layout, write_dungeon};
use crate::lock_marks::{MAX_LOCKS, draw_ascii, locks_of};
use crate::ordered::run_in_order;
use crate::picture_cmd::{PictureFlags, generate_png, to_file};
use crate::record_cmd::{generate_gif, write_steps};

/// Output formats of `mapgen generate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The map as text, one line per row; maps separated by a blank line.
    Ascii,
    /// One JSON object, or an array of them with `--count` above 1.
    Json,
    /// One JSON object per line.
    Jsonl,
    /// A picture, one coloured square per tile with the start and exit marked; one
    /// dungeon (`mapgen render` draws several).
    Png,
    /// An animated picture of one dungeon being made, in the colours of `--format png`,
    /// its last frame that picture, held 2 s.
    Gif,
    /// One JSON line per recorded step of one dungeon's making, `{"stage": "...", "set":
    /// [[x, y, "glyph"], ...]}`, then the dungeon as `--format jsonl` writes it.
    Steps,
    /// The dungeon's graph of regions (rooms, corridors, areas, doorways) and the links
    /// where they touch, as JSON; an array of them with `--count` above 1.
    Graph,
    /// A map of the Tiled editor (XML) to `--output`, its tileset image beside it; one
    /// dungeon.
    Tmx,
    /// A map of the Tiled editor (JSON) to `--output`, its tileset image beside it; one
    /// dungeon.
    Tmj,
}

impl Format {
    /// The name of a format that shows one dungeon only (a picture, or the making of
    /// one); `None` for the formats that list any number.
    pub(crate) fn one_dungeon(self) -> Option<&'static str> {
        match self {
            Format::Png => Some("png"),
            Format::Gif => Some("gif"),
            Format::Steps => Some("steps"),
            Format::Tmx => Some("tmx"),
            Format::Tmj => Some("tmj"),
            Format::Ascii | Format::Json | Format::Jsonl | Format::Graph => None,
        }
    }
}

/// Arguments of `mapgen generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The first seed; a seed and the settings name one dungeon.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub seed: u64,
    /// How many dungeons: seeds `seed ..= seed + count - 1`.
    #[arg(long, value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Ascii)]
    pub format: Format,
    /// Threads generating at once, 1 to 1024 [default: every core]; never more than the
    /// cores, and fewer when the maps are large (the generations at work share about 1
    /// GB). The output is the same for any number.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,
    /// Frames of `--format gif`, 1 to 1000 [default: 300]; up to 300 take at most 8 s.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub frames: Option<u16>,
    /// Colour each region of the dungeon's graph (the nodes `--format graph` lists), for
    /// `--format png`.
    #[arg(long)]
    pub graph: bool,
    /// Output file and picture tile size.
    #[command(flatten)]
    pub picture: PictureFlags,
    /// The generator and its settings.
    #[command(flatten)]
    pub flags: GeneratorFlags,
    /// Vaults to stamp into each dungeon.
    #[command(flatten)]
    pub vaults: VaultFlags,
    /// Locked doors and their keys on each dungeon, 0 to 26: each door cuts the dungeon,
    /// each key lies before its door, the exit behind the last (fewer where the dungeon
    /// has fewer cuts; passages that close loops are walled up where that lets more fit);
    /// for --format ascii (doors A, B, ..., keys a, b, ...), json, jsonl, png, tmx and tmj.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(0..=i64::from(MAX_LOCKS)))]
    pub locks: Option<u8>,
    /// Monsters and items to place in each dungeon.
    #[command(flatten)]
    pub spawns: SpawnFlags,
}

/// The dungeon `generator` makes from `seed`, with `vaults` placed from the same stream
/// after it.
pub(crate) fn make(
    generator: &Generator,
    vaults: Option<&Vaults>,
    seed: u64,
) -> Result<Dungeon, GenerateError> {
    match vaults {
        Some(vaults) => vaults.plan.generate(generator, seed),
        None => generator.generate(seed),
    }
}

/// [`make`], then `locks` locks placed from their own stream (walling up loops where that
/// lets more fit), then `spawns` placed from the dungeon's stream after the vaults: one
/// seed names the dungeon, its vaults, its locks and its things, and spawns keep off the
/// walled tiles. The locks are `None` without `locks`.
pub(crate) fn make_with_spawns(
    generator: &Generator,
    vaults: Option<&Vaults>,
    spawns: Option<&Spawns>,
    locks: Option<u8>,
    seed: u64,
) -> Result<(Dungeon, Option<Locks>), GenerateError> {
    let place_locks = |dungeon: &mut Dungeon| locks.and_then(|n| locks_of(dungeon, seed, n));
    let Some(spawns) = spawns else {
        let mut dungeon = make(generator, vaults, seed)?;
        let locks = place_locks(&mut dungeon);
        return Ok((dungeon, locks));
    };
    let mut rng = DungeonRng::new(seed);
    let mut dungeon = generator.generate_with(&mut rng)?;
    if let Some(vaults) = vaults {
        vaults.plan.place(&mut dungeon, &mut rng);
    }
    let locks = place_locks(&mut dungeon);
    let depth = i64::from(spawns.depth);
    GenerateError::check_range("--spawn-depth", depth, 1, i64::from(u32::MAX))?;
    // The depth, the only thing placing checks, is checked above.
    spawns
        .table
        .place(&mut dungeon, spawns.depth, &mut rng)
        .ok();
    Ok((dungeon, locks))
}

/// Checks the flags of `args` as `run` does before it makes a dungeon, without making
/// one: for a program that asks which values a flag takes (the playground's ranges).
///
/// # Errors
/// The flags' error, as `run` reports it.
pub fn check(args: &GenerateArgs) -> anyhow::Result<()> {
    checked_generator(args).map(drop)
}

/// The dungeon of `args`' first seed, made as `run` makes it for every format once the
/// flags are checked: for a program that looks at it rather than prints it (the
/// playground's field of view and paths).
///
/// # Errors
/// The flags' error, or the seed the generator gave up on, as `run` reports them.
pub fn dungeon(args: &GenerateArgs) -> anyhow::Result<Dungeon> {
    match checked_generator(args)?.make(args.seed) {
        Ok((dungeon, _)) => Ok(dungeon),
        Err(error) => Err(SeedError {
            seed: args.seed,
            error,
        }
        .into()),
    }
}

/// About how much memory the dungeons waiting to be written may take, in bytes.
const WAITING_BYTES: usize = 256 << 20;
/// About how many bytes of output a thread makes per hand-over: enough dungeons that
/// handing them over costs little next to making them.
const CHUNK_BYTES: usize = 1 << 20;
/// The most dungeons handed over at once.
const MAX_CHUNK: usize = 256;

/// A seed the generator could not make a dungeon from.
#[derive(Debug, thiserror::Error)]
#[error("seed {seed}: {error}")]
pub struct SeedError {
    seed: u64,
    error: GenerateError,
}

/// Generates `count` dungeons from `seed` on and writes them to `out` or `--output`.
pub fn run(args: &GenerateArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let picture = matches!(args.format, Format::Png | Format::Gif);
    if let (Some(tile), false) = (args.picture.tile_size, picture) {
        anyhow::bail!(
            "--tile-size {} is for --format png and gif only",
            tile.get()
        );
    }
    if let (Some(frames), false) = (args.frames, args.format == Format::Gif) {
        anyhow::bail!("--frames {frames} is for --format gif only");
    }
    if args.graph && args.format != Format::Png {
        anyhow::bail!("--graph is for --format png only");
    }
    if let Some(locks) = args.locks {
        let format = match args.format {
            Format::Gif => Some("gif"),
            Format::Steps => Some("steps"),
            Format::Graph => Some("graph"),
            _ => None,
        };
        if let Some(format) = format {
            anyhow::bail!(
                "--locks {locks} is for --format ascii, json, jsonl, png, tmx and tmj, not {format}"
            );
        }
        if args.graph {
            anyhow::bail!("--locks {locks} and --graph draw different pictures: give one");
        }
    }
    if let (Some(source), Format::Gif | Format::Steps) = (&args.spawns.spawns, args.format) {
        anyhow::bail!(
            "--spawns {source} is for --format ascii, json, jsonl, png, tmx and tmj; gif and steps show the map being made"
        );
    }
    match (args.format, &args.picture.output) {
        (Format::Png, _) => generate_png(args, out),
        (Format::Gif, _) => generate_gif(args, out),
        (Format::Steps, _) => write_steps(args, out),
        (Format::Tmx | Format::Tmj, _) => crate::tiled_cmd::generate_tiled(args, args.format),
        // Every setting is checked before the file is touched.
        (_, Some(path)) => {
            let made = checked_generator(args)?;
            to_file(path, |file| write_dungeons(args, &made, file))
        }
        (_, None) => {
            let made = checked_generator(args)?;
            write_dungeons(args, &made, out)
        }
    }
}

/// What every dungeon of a run is made with.
pub(crate) struct Recipe {
    pub(crate) generator: Generator,
    pub(crate) vaults: Option<Vaults>,
    pub(crate) spawns: Option<Spawns>,
    /// How many locks, with `--locks`.
    pub(crate) locks: Option<u8>,
}

impl Recipe {
    /// The dungeon of `seed` and its locks.
    pub(crate) fn make(&self, seed: u64) -> Result<(Dungeon, Option<Locks>), GenerateError> {
        make_with_spawns(
            &self.generator,
            self.vaults.as_ref(),
            self.spawns.as_ref(),
            self.locks,
            seed,
        )
    }
}

/// The generator, the vaults and the spawns the flags name, once they and the seed range
/// are checked.
pub(crate) fn checked_generator(args: &GenerateArgs) -> anyhow::Result<Recipe> {
    let generator = args.flags.generator()?;
    let vaults = args.vaults.plan()?;
    let spawns = args.spawns.table()?;
    last_seed(args.seed, args.count)?;
    Ok(Recipe {
        generator,
        vaults,
        spawns,
        locks: args.locks,
    })
}

/// Generates `count` dungeons from `seed` on and writes them to `out` as text.
///
/// Stops at the first seed that fails, naming it; what was written before it stays, and a
/// JSON array is closed so that the output is still valid JSON.
fn write_dungeons(
    args: &GenerateArgs,
    recipe: &Recipe,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let header = Header::of(&recipe.generator, recipe.vaults.as_ref())
        .with_spawns(recipe.spawns.as_ref())
        .with_locks(args.locks);
    let output = Output {
        format: args.format,
        many: args.count > 1,
    };
    // Buffers written out come back here for the next dungeons, already sized.
    let spare: Mutex<Vec<Buffer>> = Mutex::new(Vec::new());
    // Dungeons `seeds` (numbered from the first seed), up to the first that fails.
    let render = |seeds: Range<u64>| {
        let mut buffers = lock(&spare);
        let mut rendered = Vec::with_capacity(seeds.end.saturating_sub(seeds.start) as usize);
        let mut taken: Vec<Buffer> = (0..rendered.capacity())
            .map(|_| buffers.pop().unwrap_or_default())
            .collect();
        drop(buffers);
        for i in seeds {
            let mut text = taken.pop().unwrap_or_default();
            text.clear();
            let made = recipe.make(args.seed + i);
            let result = output.render(made, &header, args.seed + i, &mut text);
            let failed = result.is_err();
            rendered.push(result.map(|()| text));
            if failed {
                break;
            }
        }
        rendered
    };
    // The first dungeon on this thread: its size says how many go to a thread at once and
    // how many may wait to be written.
    let first = render(0..1);
    let size = first
        .first()
        .and_then(|r| r.as_ref().ok())
        .map_or(0, |text| text.as_bytes().len())
        .max(1);
    let jobs = job_count(args.jobs, every_core(), size);
    let chunk = (CHUNK_BYTES / size).clamp(1, MAX_CHUNK) as u64;
    let window = (WAITING_BYTES / (3 * size * chunk as usize)).clamp(1, 2 * jobs);

    output.begin(out)?;
    let mut written = 0;
    let mut emit = |from: u64, rendered: Vec<Result<Buffer, SeedError>>| -> anyhow::Result<()> {
        let mut done = Vec::with_capacity(rendered.len());
        for (i, text) in (from..).zip(rendered) {
            let text = text?;
            output.separate(out, i)?;
            out.write_all(text.as_bytes())?;
            written += 1;
            done.push(text);
        }
        let mut spare = lock(&spare);
        let room = ((window + jobs) * chunk as usize).saturating_sub(spare.len());
        spare.extend(done.into_iter().take(room));
        Ok(())
    };
    // After the first, chunks of `chunk` seeds: one hand-over per chunk, not per dungeon.
    let rest = args.count - 1;
    let seeds = |c: u64| 1 + c * chunk..(1 + (c + 1) * chunk).min(args.count);
    let result = emit(0, first).and_then(|()| {
        run_in_order(
            rest.div_ceil(chunk),
            jobs.min(window),
            window,
            |c| render(seeds(c)),
            |c, rendered| emit(seeds(c).start, rendered),
        )
    });
    match result {
        Ok(()) => output.end(out, written),
        Err(err) if err.is::<SeedError>() => {
            // Keep what was written well-formed, then report the seed.
            output.end(out, written)?;
            Err(err)
        }
        Err(err) => Err(err),
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Bytes a generation holds at most per tile of its map: caves of 1000 x 1000 tiles peak
/// at 48 MB, the most of the generators.
const WORK_BYTES_PER_TILE: usize = 48;
/// About how much memory the generations at work at once may take, in bytes.
const WORKING_BYTES: usize = 1 << 30;

/// Threads to run for dungeons of `size` bytes of text (at least a byte a tile): those
/// `asked` for (every core by default), no more than the cores (more would only take
/// turns on them, each holding a dungeon), and no more than [`WORKING_BYTES`] holds.
fn job_count(asked: Option<u16>, cores: usize, size: usize) -> usize {
    let fit = WORKING_BYTES / WORK_BYTES_PER_TILE.saturating_mul(size).max(1);
    asked.map_or(cores, usize::from).min(cores).min(fit).max(1)
}

fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// How dungeons are written: the format, and whether there is more than one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Output {
    pub(crate) format: Format,
    pub(crate) many: bool,
}

impl Output {
    /// The dungeon made from `seed`, formatted on its own into `text`.
    fn render(
        self,
        made: Result<(Dungeon, Option<Locks>), GenerateError>,
        header: &Header,
        seed: u64,
        text: &mut Buffer,
    ) -> Result<(), SeedError> {
        let (dungeon, locks) = made.map_err(|error| SeedError { seed, error })?;
        self.render_dungeon(header, seed, &dungeon, locks.as_ref(), text);
        Ok(())
    }

    /// `dungeon`, made from `seed` by the generator of `header`, with `locks` placed on it
    /// (`--locks`), formatted into `text`.
    pub(crate) fn render_dungeon(
        self,
        header: &Header,
        seed: u64,
        dungeon: &mapgen::Dungeon,
        locks: Option<&Locks>,
        text: &mut Buffer,
    ) {
        let map = &dungeon.map;
        match self.format {
            Format::Ascii => {
                let room = (map.width().max(0) as usize + 1) * map.height().max(0) as usize;
                let start = text.as_bytes().len();
                text.write_with(room, |cursor| {
                    for y in 0..map.height() {
                        cursor.row_glyphs(map, y);
                        cursor.push(b'\n');
                    }
                });
                draw_spawns(dungeon, &mut text.bytes_mut()[start..]);
                // Over the spawns: a door or key must read where a thing lies on it too.
                if let Some(locks) = locks {
                    let among_monsters = header.has_spawns();
                    let rows = &mut text.bytes_mut()[start..];
                    draw_ascii(locks, map.width(), rows, among_monsters);
                }
            }
            Format::Json => {
                let indent = if self.many { 2 } else { 0 };
                write_dungeon(
                    text,
                    Layout::Readable { indent },
                    seed,
                    header,
                    dungeon,
                    locks,
                );
            }
            Format::Jsonl => {
                write_dungeon(text, Layout::Line, seed, header, dungeon, locks);
                text.write_with(1, |cursor| cursor.push(b'\n'));
            }
            Format::Graph => {
                let indent = if self.many { 2 } else { 0 };
                crate::graph_json::write_graph(text, indent, seed, header.name(), dungeon);
            }
            // Pictures, steps and Tiled maps are made by `picture_cmd`, `record_cmd` and
            // `tiled_cmd`: `run` never sends them here.
            Format::Png | Format::Gif | Format::Steps | Format::Tmx | Format::Tmj => {}
        }
    }

    /// What comes before the first dungeon.
    pub(crate) fn begin(self, out: &mut impl Write) -> std::io::Result<()> {
        match (self.format, self.many) {
            (Format::Json | Format::Graph, true) => out.write_all(b"[\n"),
            _ => Ok(()),
        }
    }

    /// What comes before dungeon number `i` (from 0).
    pub(crate) fn separate(self, out: &mut impl Write, i: u64) -> std::io::Result<()> {
        match (self.format, i) {
            (Format::Ascii, 0) => Ok(()),
            (Format::Ascii, _) => out.write_all(b"\n"),
            (Format::Json | Format::Graph, _) if !self.many => Ok(()),
            (Format::Json | Format::Graph, 0) => out.write_all(b"  "),
            (Format::Json | Format::Graph, _) => out.write_all(b",\n  "),
            (Format::Jsonl | Format::Png | Format::Gif | Format::Steps, _) => Ok(()),
            (Format::Tmx | Format::Tmj, _) => Ok(()),
        }
    }

    /// What comes after the last dungeon written, `written` of them.
    pub(crate) fn end(self, out: &mut impl Write, written: u64) -> anyhow::Result<()> {
        match (self.format, self.many, written) {
            (Format::Json | Format::Graph, true, 0) => out.write_all(b"]\n")?,
            (Format::Json | Format::Graph, true, _) => out.write_all(b"\n]\n")?,
            (Format::Json | Format::Graph, false, 1) => out.write_all(b"\n")?,
            _ => {}
        }
        Ok(())
    }
}

/// The glyph of a spawned thing in ASCII output: a monster is the first letter of its
/// name (`o` for an orc), an item `!`.
pub(crate) fn spawn_glyph(spawn: &mapgen::spawns::Spawn) -> u8 {
    match spawn.kind {
        SpawnKind::Monster => spawn
            .name
            .bytes()
            .next()
            .filter(u8::is_ascii_graphic)
            .unwrap_or(b'M'),
        SpawnKind::Item => b'!',
    }
}

/// Draws `dungeon`'s spawns over its rows, written as ASCII into `rows` (a line of one
/// byte per tile and a line end for each row).
fn draw_spawns(dungeon: &Dungeon, rows: &mut [u8]) {
    let width = dungeon.map.width().max(0) as usize + 1;
    for spawn in &dungeon.spawns {
        if dungeon.map.in_bounds(spawn.at)
            && let Some(byte) = rows.get_mut(spawn.at.y as usize * width + spawn.at.x as usize)
        {
            *byte = spawn_glyph(spawn);
        }
    }
}

/// The last of `count` seeds from `seed` on (`count` is at least 1), or the error that
/// names both flags when it would run past `u64::MAX`.
pub(crate) fn last_seed(seed: u64, count: u64) -> anyhow::Result<u64> {
    seed.checked_add(count.saturating_sub(1)).with_context(|| {
        format!(
            "--count {count} from --seed {seed} runs past the largest seed {}",
            u64::MAX
        )
    })
}

#[cfg(test)]
mod tests {
    use super::job_count;

    #[test]
    fn jobs_are_bounded_by_cores_and_by_what_each_holds() {
        // --jobs 1024 on two cores ran 85 generations at once for no gain.
        assert_eq!(job_count(Some(1024), 2, 1 << 10), 2);
        assert_eq!(job_count(None, 8, 1 << 10), 8);
        assert_eq!(job_count(Some(3), 8, 1 << 10), 3);
        // 1000 x 1000 maps: about 48 MB a generation, 22 in a GiB.
        assert_eq!(job_count(Some(1024), 64, 1_000_000), 22);
        // The largest maps, one at a time, however many cores.
        assert_eq!(job_count(None, 64, 100_000_000), 1);
        assert_eq!(job_count(Some(1), 1, 0), 1);
    }
}
