//! `--vaults`, `--vault-count` and `--vault-tags`: the hand-made vaults stamped into each
//! dungeon ([`mapgen::vaults`]), shared by `mapgen generate` and the game.
//!
//! A vault file is read with [`cli_common::files::read_regular`] (a regular file of at
//! most [`MAX_FILE_BYTES`] bytes); its problems are one line,
//! `FILE:LINE:COLUMN: FIELD: PROBLEM`.

use std::path::PathBuf;
use std::str::FromStr;

use clap::Args;
use cli_common::files::{ReadError, read_regular};
use cli_common::quote::short_path;
use mapgen::vaults::{
    MAX_FILE_BYTES, VaultError, VaultFileError, VaultLibrary, VaultPlan, VaultSettings,
};

/// Where the vaults come from: `builtin`, or the path of a vault file.
///
/// ```
/// use mapgen_flags::vaults::VaultSource;
/// assert_eq!("builtin".parse(), Ok(VaultSource::Builtin));
/// let file: VaultSource = "./builtin".parse().unwrap();
/// assert_eq!(file.to_string(), "./builtin"); // a file named builtin
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VaultSource {
    /// The built-in library ([`VaultLibrary::builtin`]).
    Builtin,
    /// A vault file.
    File(PathBuf),
}

impl VaultSource {
    /// The word that names the built-in library.
    pub const BUILTIN: &'static str = "builtin";

    /// The library: the built-in one, or the file read and parsed.
    ///
    /// # Errors
    /// [`VaultFlagError::Read`] when the file cannot be read (missing, not a regular file,
    /// too large), [`VaultFlagError::Parse`] when it is not a vault file.
    pub fn load(&self) -> Result<VaultLibrary, VaultFlagError> {
        match self {
            VaultSource::Builtin => Ok(VaultLibrary::builtin().clone()),
            VaultSource::File(path) => {
                let read = |error| VaultFlagError::Read {
                    path: short_path(path),
                    error,
                };
                let bytes = read_regular(path, MAX_FILE_BYTES as u64).map_err(read)?;
                let library = VaultLibrary::parse_bytes(&short_path(path), &bytes)?;
                Ok(library)
            }
        }
    }
}

impl FromStr for VaultSource {
    type Err = String;

    /// `builtin`, or any other text as a path.
    fn from_str(text: &str) -> Result<VaultSource, String> {
        match text {
            "" => Err("an empty path; give `builtin` or the path of a vault file".to_string()),
            VaultSource::BUILTIN => Ok(VaultSource::Builtin),
            path => Ok(VaultSource::File(PathBuf::from(path))),
        }
    }
}

impl std::fmt::Display for VaultSource {
    /// `builtin`, or the path as given (lossy where it is not UTF-8).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VaultSource::Builtin => f.write_str(VaultSource::BUILTIN),
            VaultSource::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// `--vaults` alone, defaulting to the built-in library: for the commands that look at a
/// library rather than place its vaults (`mapgen vaults list`).
#[derive(Debug, Clone, Args)]
pub struct VaultSourceFlag {
    /// The vault library: `builtin`, or the path of a vault file (`./builtin` for a
    /// file named builtin).
    #[arg(long = "vaults", value_name = "builtin|PATH", default_value = VaultSource::BUILTIN)]
    pub source: VaultSource,
}

/// The vault flags of a command that makes dungeons.
///
/// ```
/// use clap::Parser;
/// use mapgen_flags::vaults::{VaultFlags, VaultSource};
///
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     vaults: VaultFlags,
/// }
///
/// let cli = Cli::parse_from(["mapgen", "--vaults", "builtin", "--vault-count", "5", "--vault-tags", "water,shrine"]);
/// let vaults = cli.vaults.plan()?.unwrap();
/// assert_eq!(vaults.source, VaultSource::Builtin);
/// assert_eq!(vaults.plan.settings().count, 5);
/// assert_eq!(vaults.plan.settings().tags, ["water", "shrine"]);
/// assert!(Cli::parse_from(["mapgen"]).vaults.plan()?.is_none());
///
/// let err = Cli::parse_from(["mapgen", "--vaults", "builtin", "--vault-tags", "kitchen"]).vaults.plan();
/// assert!(err.unwrap_err().to_string().starts_with("--vault-tags: no vault has the tag \"kitchen\""));
/// # Ok::<(), mapgen_flags::vaults::VaultFlagError>(())
/// ```
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Vaults")]
pub struct VaultFlags {
    /// Stamp hand-made vaults into each dungeon: `builtin` for the built-in library (see
    /// `mapgen vaults list`), or the path of a vault file (`./builtin` for a file named
    /// builtin).
    #[arg(long, value_name = "builtin|PATH")]
    pub vaults: Option<VaultSource>,
    /// How many vaults to place in each dungeon, 0 to 64; fewer when fewer fit.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "vaults", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(VaultSettings::MAX_COUNT)))]
    pub vault_count: u32,
    /// Only vaults with at least one of these tags.
    #[arg(
        long,
        value_name = "TAG,...",
        value_delimiter = ',',
        requires = "vaults"
    )]
    pub vault_tags: Vec<String>,
}

/// The vaults the flags ask for: where the library came from, and the checked plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vaults {
    /// `--vaults`.
    pub source: VaultSource,
    /// The library and the settings (`--vault-count`, `--vault-tags`).
    pub plan: VaultPlan,
}

impl VaultFlags {
    /// The vaults to place, read and checked; `None` without `--vaults`.
    ///
    /// # Errors
    /// As [`VaultSource::load`]; [`VaultFlagError::Invalid`] for settings the library
    /// refuses (a tag none of its vaults has), naming the flag.
    pub fn plan(&self) -> Result<Option<Vaults>, VaultFlagError> {
        let Some(source) = &self.vaults else {
            return Ok(None);
        };
        let settings = VaultSettings {
            count: self.vault_count,
            tags: self.vault_tags.clone(),
        };
        let library = source.load()?;
        let plan = VaultPlan::new(library, settings).map_err(flag_names)?;
        Ok(Some(Vaults {
            source: source.clone(),
            plan,
        }))
    }
}

/// `err` speaking of the flags: `--vault-count` for `count`, `--vault-tags` for a tag.
fn flag_names(err: VaultError) -> VaultFlagError {
    let message = match err {
        VaultError::Settings(e) => e
            .rename_fields(|field| (field == "count").then(|| "--vault-count".to_string()))
            .to_string(),
        VaultError::UnknownTag { .. } => format!("--vault-tags: {err}"),
        other => other.to_string(),
    };
    VaultFlagError::Invalid(message)
}

/// Why the vault flags do not make a plan. Each message is one line.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum VaultFlagError {
    /// The file cannot be read.
    #[error("--vaults {path}: {error}")]
    Read {
        /// The path, as typed (cut short).
        path: String,
        /// Why.
        error: ReadError,
    },
    /// The file is not a vault file: `FILE:LINE:COLUMN: FIELD: PROBLEM`.
    #[error(transparent)]
    Parse(#[from] VaultFileError),
    /// The settings do not suit the library; the message names the flag.
    #[error("{0}")]
    Invalid(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn temp(name: &str, text: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("mapgen-flags-vaults-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    fn load(path: &Path) -> Result<VaultLibrary, String> {
        VaultSource::File(path.to_path_buf())
            .load()
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_vault_file_is_read_and_its_problems_named_in_one_line() {
        let good = temp("good.txt", b"name: closet\nmap:\n###\n#.#\n#@#\n");
        assert_eq!(load(&good).unwrap().vaults()[0].name(), "closet");
        let bad = temp("bad.txt", b"name: closet\nmap:\n###\n#x#\n#@#\n");
        assert_eq!(
            load(&bad).unwrap_err(),
            format!(
                "{}:4:2: map: unknown glyph 'x'; allowed '#', '.', '+', '~', '@', ' ' and the legend's",
                short_path(&bad)
            )
        );
        let binary = temp("binary.bin", b"name: a\nmap:\n\x00\xff\n");
        assert_eq!(
            load(&binary).unwrap_err(),
            format!(
                "{}:3:2: file: not UTF-8 text (a binary file?)",
                short_path(&binary)
            )
        );
    }

    #[test]
    fn what_is_not_a_vault_file_is_refused_by_kind_and_size() {
        let dir = std::env::temp_dir();
        assert_eq!(
            load(&dir).unwrap_err(),
            format!(
                "--vaults {}: is a directory, not a regular file",
                short_path(&dir)
            )
        );
        #[cfg(unix)]
        assert_eq!(
            load(Path::new("/dev/zero")).unwrap_err(),
            "--vaults /dev/zero: is a character device, not a regular file"
        );
        assert_eq!(
            load(Path::new("/no/such/vaults.txt")).unwrap_err(),
            "--vaults /no/such/vaults.txt: does not exist"
        );
        // A huge sparse file: refused from its size, nothing read.
        let huge = temp("huge.txt", b"");
        std::fs::File::options()
            .write(true)
            .open(&huge)
            .unwrap()
            .set_len(1 << 40)
            .unwrap();
        assert_eq!(
            load(&huge).unwrap_err(),
            format!(
                "--vaults {}: is larger than 1048576 bytes",
                short_path(&huge)
            )
        );
        std::fs::remove_file(&huge).unwrap();
    }
}
