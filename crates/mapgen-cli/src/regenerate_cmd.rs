//! `mapgen regenerate FILE`: dungeons saved by `mapgen generate --format json|jsonl`, made
//! again from what they record (generator, settings, seed), checked equal to what was
//! saved, and printed.
//!
//! The saved objects load through `mapgen`'s serde forms: `Generator` takes `generator`
//! and `settings` (refusing settings out of range), `Dungeon` takes the map, start, rooms,
//! grid and vaults (refusing a map that disagrees with its size), and the other fields
//! (`exit`) are skipped. A dungeon saved with `vault_settings` has its vaults placed
//! again from the library recorded there ([`VaultRecord`]: the built-in one, or a vault
//! file's text saved whole), so it regenerates without the vault file; likewise its
//! spawns from `spawn_settings` ([`SpawnRecord`]); one saved with `lock_settings` has its
//! locks placed again (they are not compared: they follow from the dungeon and the seed).
//! They are read one
//! at a time ([`crate::saved`]): each is made again and written before the next is read,
//! so memory holds about one dungeon, as `generate`'s does, whatever the input's length.
//! Only the first waits for the second: whether there is a second decides the layout (one
//! JSON object or an array).

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Args;
use mapgen::Dungeon;
use mapgen::generators::Generator;
use mapgen::locks::Locks;

use crate::generate_cmd::{Format, Output, make_with_spawns};
use crate::json::{Buffer, Header};
use crate::record_cmd;
use crate::saved::{MAX_DUNGEON_BYTES, Saved, for_each_saved};
use crate::spawn_record::SpawnRecord;
use crate::vault_record::VaultRecord;
use mapgen_flags::vaults::Vaults;

/// Arguments of `mapgen regenerate`.
#[derive(Debug, Args)]
pub struct RegenerateArgs {
    /// A file written by `mapgen generate --format json` or `--format jsonl`: one object, an
    /// array of them, or one object per line; `-` reads standard input. At most about 1.3 GB
    /// a dungeon, what one of the largest map takes.
    pub file: PathBuf,
    /// Output format; `png` draws the picture of a file holding one dungeon, `gif` and
    /// `steps` show its making, as `generate` does.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    pub format: Format,
}

/// Reads every saved dungeon, checks that its generator makes it again, and writes them.
///
/// A dungeon that fails stops the run, naming it; what was written before it stays, and a
/// JSON array is closed so that the output is still valid JSON.
pub fn run(args: &RegenerateArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let path = args.file.display();
    match args.format {
        Format::Png => crate::picture_cmd::check_picture_target(None, "PNG")?,
        Format::Gif => crate::picture_cmd::check_picture_target(None, "GIF")?,
        _ => {}
    }
    if matches!(args.format, Format::Tmx | Format::Tmj) {
        bail!(
            "regenerate does not write Tiled maps: use `mapgen generate --format tmx --output FILE` with the dungeon's generator, settings and seed"
        );
    }
    let input: Box<dyn Read> = if args.file == Path::new("-") {
        Box::new(io::stdin().lock())
    } else {
        Box::new(cli_common::files::open_regular(&args.file).with_context(|| format!("{path}"))?)
    };
    let mut writer = Writer {
        format: args.format,
        out,
        first: None,
        many: false,
        written: 0,
        text: Buffer::default(),
        libraries: Vec::new(),
    };
    let result = for_each_saved(input, MAX_DUNGEON_BYTES, |i, saved| writer.take(i, &saved));
    match result {
        Ok(0) => bail!("{path}: holds no dungeon"),
        Ok(_) => writer.finish().with_context(|| format!("{path}")),
        Err(err) => {
            writer.close()?;
            Err(err.context(format!("{path}")))
        }
    }
}

/// A dungeon made again and checked, waiting to be written.
struct Made {
    seed: u64,
    header: Header,
    dungeon: Dungeon,
    /// Its locks, placed again (`lock_settings`).
    locks: Option<Locks>,
    /// What made it, for the formats that show its making.
    generator: Generator,
    vaults: Option<Vaults>,
}

/// Writes dungeons as they come; holds the first until it is known whether a second
/// follows.
struct Writer<'o, W> {
    format: Format,
    out: &'o mut W,
    first: Option<Made>,
    many: bool,
    written: u64,
    text: Buffer,
    /// Each vault library once, however many dungeons name it.
    libraries: Vec<(VaultRecord, Vaults)>,
}

impl<W: Write> Writer<'_, W> {
    /// Dungeon number `i`, checked against what its generator makes, and written.
    fn take(&mut self, i: u64, saved: &Saved) -> anyhow::Result<()> {
        let made = make_again(i, saved, &mut self.libraries)?;
        if i == 0 {
            self.first = Some(made);
            return Ok(());
        }
        if let Some(first) = self.first.take() {
            if let Some(format) = self.format.one_dungeon() {
                bail!(
                    "--format {format} shows one dungeon and this file holds more: use --format json, jsonl or ascii"
                );
            }
            self.many = true;
            self.output().begin(self.out)?;
            self.write(&first)?;
        }
        self.write(&made)
    }

    /// After the last dungeon: the first, if it was the only one, and the end of the layout.
    fn finish(&mut self) -> anyhow::Result<()> {
        if let Some(only) = self.first.take() {
            let (generator, vaults) = (&only.generator, only.vaults.as_ref());
            match self.format {
                Format::Png => {
                    return crate::picture_cmd::dungeon_png(
                        &only.dungeon,
                        only.locks.as_ref(),
                        self.out,
                    );
                }
                Format::Gif => {
                    return record_cmd::dungeon_gif(
                        generator,
                        vaults,
                        only.seed,
                        &only.dungeon,
                        self.out,
                    );
                }
                Format::Steps => {
                    return record_cmd::dungeon_steps(generator, vaults, only.seed, self.out);
                }
                // Tiled maps were refused before the file was read.
                Format::Ascii
                | Format::Json
                | Format::Jsonl
                | Format::Graph
                | Format::Tmx
                | Format::Tmj => {}
            }
            self.output().begin(self.out)?;
            self.write(&only)?;
        }
        self.output().end(self.out, self.written)
    }

    /// After a failure: what was written stays well-formed.
    fn close(&mut self) -> anyhow::Result<()> {
        if self.written > 0 {
            self.output().end(self.out, self.written)?;
        }
        Ok(())
    }

    fn output(&self) -> Output {
        Output {
            format: self.format,
            many: self.many,
        }
    }

    fn write(&mut self, made: &Made) -> anyhow::Result<()> {
        let output = self.output();
        self.text.clear();
        let locks = made.locks.as_ref();
        output.render_dungeon(
            &made.header,
            made.seed,
            &made.dungeon,
            locks,
            &mut self.text,
        );
        output.separate(self.out, self.written)?;
        self.out.write_all(self.text.as_bytes())?;
        self.written += 1;
        Ok(())
    }
}

/// The dungeon `saved` records, made again by its generator (and its vaults, from
/// `libraries` or loaded now), if it is the one saved.
fn make_again(
    i: u64,
    saved: &Saved,
    libraries: &mut Vec<(VaultRecord, Vaults)>,
) -> anyhow::Result<Made> {
    let Saved {
        seed,
        generator,
        dungeon,
        vault_settings,
        lock_settings,
        spawn_settings,
    } = saved;
    let vaults = match vault_settings {
        Some(raw) => {
            let at = || format!("dungeon {i}: vault_settings");
            let record: VaultRecord = serde_json::from_str(raw.get()).with_context(at)?;
            Some(vaults_of(&record, libraries).with_context(at)?)
        }
        None => None,
    };
    let spawns = match spawn_settings {
        Some(raw) => {
            let at = || format!("dungeon {i}: spawn_settings");
            let record: SpawnRecord = serde_json::from_str(raw.get()).with_context(at)?;
            Some(record.spawns().with_context(at)?)
        }
        None if !dungeon.spawns.is_empty() => bail!(
            "dungeon {i} has \"spawns\" but no \"spawn_settings\" saying which table and depth placed them"
        ),
        None => None,
    };
    let locks = match lock_settings {
        Some(raw) => Some(
            crate::lock_marks::count_of(raw.get())
                .with_context(|| format!("dungeon {i}: lock_settings"))?,
        ),
        None => None,
    };
    // Locks wall up loops, so the saved tiles are those of the dungeon with its locks.
    let (made, placed) =
        make_with_spawns(generator, vaults.as_ref(), spawns.as_ref(), locks, *seed)
            .with_context(|| format!("dungeon {i}, seed {seed}"))?;
    if made != *dungeon {
        bail!(
            "dungeon {i} is not what {} makes from seed {seed} and its settings",
            generator.name()
        );
    }
    Ok(Made {
        seed: *seed,
        header: Header::of(generator, vaults.as_ref())
            .with_spawns(spawns.as_ref())
            .with_locks(locks),
        dungeon: made,
        locks: placed,
        generator: generator.clone(),
        vaults,
    })
}

/// The vaults `record` names, from `known` or made now (and kept in `known`).
fn vaults_of(
    record: &VaultRecord,
    known: &mut Vec<(VaultRecord, Vaults)>,
) -> anyhow::Result<Vaults> {
    if let Some((_, vaults)) = known.iter().find(|(r, _)| r == record) {
        return Ok(vaults.clone());
    }
    let vaults = record.plan()?;
    known.push((record.clone(), vaults.clone()));
    Ok(vaults)
}
