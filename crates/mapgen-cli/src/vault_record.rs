//! What a dungeon's JSON records about its vaults, `vault_settings`: enough for `mapgen
//! regenerate` to place them again without the vault file.
//!
//! `{"library": "builtin", "fingerprint": "5c1e...", "count": 5, "tags": ["water"]}`, and
//! for a vault file also `"text"`, the library in the printer's form:
//! * `library`: `builtin`, or the vault file's path as `--vaults` was given it (a name
//!   only: the file is not read again);
//! * `fingerprint`: the library's [`VaultLibrary::fingerprint`] in 16 hex digits; the
//!   built-in library of the `mapgen` that regenerates must have it, and a saved `text`
//!   must still print to it (a text edited into another library is refused; problems in
//!   it are named `text:LINE:COLUMN`);
//! * `text`: the vault file's library as printed (`Display`), which parses back to the
//!   same library: a dungeon made from a file regenerates when the file is gone or edited;
//! * `count` and `tags`: `--vault-count` and `--vault-tags`.
//!
//! Dungeons made without `--vaults` have no `vault_settings` and no `vaults`.

use anyhow::bail;
use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
use mapgen_flags::vaults::{VaultSource, Vaults};
use serde::{Deserialize, Serialize};

/// The `vault_settings` of a dungeon's JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VaultRecord {
    /// `builtin`, or the path of the vault file.
    pub library: String,
    /// The library's fingerprint, 16 hex digits.
    pub fingerprint: String,
    /// A vault file's library in the printer's form; `None` for the built-in library.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// `--vault-count`.
    pub count: u32,
    /// `--vault-tags`.
    #[serde(default)]
    pub tags: Vec<String>,
}

impl VaultRecord {
    /// The record of the vaults the flags asked for.
    pub fn of(vaults: &Vaults) -> VaultRecord {
        let settings = vaults.plan.settings();
        let library = vaults.plan.library();
        VaultRecord {
            library: vaults.source.to_string(),
            fingerprint: fingerprint(library),
            text: match vaults.source {
                VaultSource::Builtin => None,
                VaultSource::File(_) => Some(library.to_string()),
            },
            count: settings.count,
            tags: settings.tags.clone(),
        }
    }

    /// The plan that places these vaults again: the built-in library, or the saved text
    /// parsed; refused when its fingerprint is not the recorded one.
    ///
    /// # Errors
    /// A text that does not parse, a fingerprint that differs, settings out of range.
    pub fn plan(&self) -> anyhow::Result<Vaults> {
        let (source, library) = match (self.library.as_str(), &self.text) {
            (VaultSource::BUILTIN, None) => (VaultSource::Builtin, VaultLibrary::builtin().clone()),
            (VaultSource::BUILTIN, Some(_)) => {
                bail!("library builtin has a \"text\"; only a vault file's is saved")
            }
            (_, None) => bail!("no \"text\": the vault file's library is not saved"),
            (path, Some(text)) => {
                let source = path.parse().map_err(|e| anyhow::anyhow!("library: {e}"))?;
                // Its lines are counted in `text`, so errors name it.
                (source, VaultLibrary::parse("text", text)?)
            }
        };
        let now = fingerprint(&library);
        if now != self.fingerprint {
            let which = match &source {
                VaultSource::Builtin => "this mapgen's built-in vault library has",
                VaultSource::File(_) => "the saved text prints to",
            };
            bail!(
                "fingerprint {:?}, but {which} {now}: not the library the dungeon was made with",
                cli_common::quote::short(&self.fingerprint)
            );
        }
        let settings = VaultSettings {
            count: self.count,
            tags: self.tags.clone(),
        };
        let plan = VaultPlan::new(library, settings)?;
        Ok(Vaults { source, plan })
    }
}

/// A library's fingerprint as the JSON writes it.
fn fingerprint(library: &VaultLibrary) -> String {
    format!("{:016x}", library.fingerprint())
}
