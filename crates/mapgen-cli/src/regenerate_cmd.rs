//! `mapgen regenerate FILE`: dungeons saved by `mapgen generate --format json|jsonl`, made
//! again from what they record (generator, settings, seed), checked equal to what was
//! saved, and printed.
//!
//! The saved objects load through `mapgen`'s serde forms: `Generator` takes `generator`
//! and `settings` (refusing settings out of range), `Dungeon` takes the map, start, rooms,
//! grid and vaults (refusing a map that disagrees with its size), and the other fields
//! (`exit`) are ignored. A dungeon saved with `vault_settings` has its vaults placed
//! again from the library recorded there ([`VaultRecord`]: the built-in one, or a vault
//! file's text saved whole), so it regenerates without the vault file.

use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Args;
use mapgen::Dungeon;
use mapgen::generators::Generator;
use serde::Deserialize;
use serde_json::Value;

use crate::generate_cmd::{Format, Output, make};
use crate::json::{Buffer, Header};
use crate::vault_record::VaultRecord;
use mapgen_flags::vaults::Vaults;

/// Arguments of `mapgen regenerate`.
#[derive(Debug, Args)]
pub struct RegenerateArgs {
    /// A file written by `mapgen generate --format json` or `--format jsonl`: one object, an
    /// array of them, or one object per line; `-` reads standard input.
    pub file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    pub format: Format,
}

/// One saved dungeon and what it was made with.
struct Saved {
    seed: u64,
    generator: Generator,
    vaults: Option<VaultRecord>,
    dungeon: Dungeon,
}

/// Reads every saved dungeon, checks that its generator makes it again, and writes them.
pub fn run(args: &RegenerateArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let path = args.file.display();
    let input: Box<dyn Read> = if args.file == Path::new("-") {
        Box::new(io::stdin().lock())
    } else {
        Box::new(cli_common::files::open_regular(&args.file).with_context(|| format!("{path}"))?)
    };
    let mut saved = Vec::new();
    let values = serde_json::Deserializer::from_reader(BufReader::new(input)).into_iter::<Value>();
    for value in values {
        match value.with_context(|| format!("{path}: not JSON"))? {
            Value::Array(items) => {
                for item in items {
                    saved.push(load(&item, saved.len()).with_context(|| format!("{path}"))?);
                }
            }
            item => saved.push(load(&item, saved.len()).with_context(|| format!("{path}"))?),
        }
    }
    if saved.is_empty() {
        bail!("{path}: holds no dungeon");
    }
    let output = Output {
        format: args.format,
        many: saved.len() > 1,
    };
    output.begin(out)?;
    let mut text = Buffer::default();
    // Each vault library once, however many dungeons name it.
    let mut libraries: Vec<(VaultRecord, Vaults)> = Vec::new();
    for (i, saved) in (0..).zip(&saved) {
        let vaults = match &saved.vaults {
            Some(record) => Some(
                vaults_of(record, &mut libraries)
                    .with_context(|| format!("{path}: dungeon {i}: vault_settings"))?,
            ),
            None => None,
        };
        let made = make(&saved.generator, vaults.as_ref(), saved.seed)
            .with_context(|| format!("{path}: dungeon {i}, seed {}", saved.seed))?;
        if made != saved.dungeon {
            bail!(
                "{path}: dungeon {i} is not what {} makes from seed {} and its settings",
                saved.generator.name(),
                saved.seed
            );
        }
        text.clear();
        let header = Header::of(&saved.generator, vaults.as_ref());
        output.render_dungeon(&header, saved.seed, &made, &mut text);
        output.separate(out, i)?;
        out.write_all(text.as_bytes())?;
    }
    output.end(out, saved.len() as u64)
}

/// Dungeon number `i` of the file, from its JSON object.
fn load(value: &Value, i: usize) -> anyhow::Result<Saved> {
    let at = || format!("dungeon {i}");
    let seed = value
        .get("seed")
        .and_then(Value::as_u64)
        .with_context(|| format!("{}: no \"seed\" (a whole number 0..={})", at(), u64::MAX))?;
    let generator = Generator::deserialize(value).with_context(at)?;
    let vaults = match value.get("vault_settings") {
        Some(record) => Some(
            VaultRecord::deserialize(record)
                .with_context(|| format!("{}: vault_settings", at()))?,
        ),
        None => None,
    };
    let dungeon = Dungeon::deserialize(value).with_context(at)?;
    Ok(Saved {
        seed,
        generator,
        vaults,
        dungeon,
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
