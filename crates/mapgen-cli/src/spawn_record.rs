//! What a dungeon's JSON records about its spawns, `spawn_settings`: enough for `mapgen
//! regenerate` to place them again without the table file.
//!
//! `{"table": "builtin", "fingerprint": "5c1e...", "depth": 3}`, and for a table file
//! also `"text"`, the table in the printer's form:
//! * `table`: `builtin`, or the table file's path as `--spawns` was given it (a name only:
//!   the file is not read again);
//! * `fingerprint`: the table's [`SpawnTable::fingerprint`] in 16 hex digits; the built-in
//!   table of the `mapgen` that regenerates must have it, and a saved `text` must still
//!   print to it (problems in the text are named `text:LINE:COLUMN`);
//! * `text`: the table file's table as printed (`Display`), which parses back to the same
//!   table: a dungeon made from a file regenerates when the file is gone or edited;
//! * `depth`: `--spawn-depth`.
//!
//! Dungeons made without `--spawns` have no `spawn_settings` and no `spawns`.

use anyhow::bail;
use mapgen::spawns::SpawnTable;
use mapgen_flags::spawns::{SpawnSource, Spawns};
use serde::{Deserialize, Serialize};

/// The `spawn_settings` of a dungeon's JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpawnRecord {
    /// `builtin`, or the path of the table file.
    pub table: String,
    /// The table's fingerprint, 16 hex digits.
    pub fingerprint: String,
    /// A table file's table in the printer's form; `None` for the built-in table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// `--spawn-depth`.
    pub depth: u32,
}

impl SpawnRecord {
    /// The record of the spawns the flags asked for.
    pub fn of(spawns: &Spawns) -> SpawnRecord {
        SpawnRecord {
            table: spawns.source.to_string(),
            fingerprint: fingerprint(&spawns.table),
            text: match spawns.source {
                SpawnSource::Builtin => None,
                SpawnSource::File(_) => Some(spawns.table.to_string()),
            },
            depth: spawns.depth,
        }
    }

    /// The spawns to place again: the built-in table, or the saved text parsed; refused
    /// when its fingerprint is not the recorded one.
    ///
    /// # Errors
    /// A text that does not parse, a fingerprint that differs, a depth of 0.
    pub fn spawns(&self) -> anyhow::Result<Spawns> {
        let (source, table) = match (self.table.as_str(), &self.text) {
            (SpawnSource::BUILTIN, None) => (SpawnSource::Builtin, SpawnTable::builtin().clone()),
            (SpawnSource::BUILTIN, Some(_)) => {
                bail!("table builtin has a \"text\"; only a table file's is saved")
            }
            (_, None) => bail!("no \"text\": the table file's table is not saved"),
            (path, Some(text)) => {
                let source = path.parse().map_err(|e| anyhow::anyhow!("table: {e}"))?;
                // Its lines are counted in `text`, so errors name it.
                (source, SpawnTable::parse("text", text)?)
            }
        };
        let now = fingerprint(&table);
        if now != self.fingerprint {
            let which = match &source {
                SpawnSource::Builtin => "this mapgen's built-in spawn table has",
                SpawnSource::File(_) => "the saved text prints to",
            };
            bail!(
                "fingerprint {:?}, but {which} {now}: not the table the dungeon was made with",
                cli_common::quote::short(&self.fingerprint)
            );
        }
        if self.depth == 0 {
            bail!("depth is 0; allowed 1..={}", u32::MAX);
        }
        Ok(Spawns {
            source,
            table,
            depth: self.depth,
        })
    }
}

/// A table's fingerprint as the JSON writes it.
fn fingerprint(table: &SpawnTable) -> String {
    format!("{:016x}", table.fingerprint())
}
