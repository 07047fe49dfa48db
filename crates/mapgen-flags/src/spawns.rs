//! `--spawns` and `--spawn-depth`: monsters and items from a spawn table placed in each
//! dungeon ([`mapgen::spawns`]).
//!
//! A table file is read as a vault file is, with [`cli_common::files::read_regular`] (a
//! regular file of at most [`MAX_FILE_BYTES`] bytes); its problems are one line,
//! `FILE:LINE:COLUMN: PROBLEM`.

use std::path::PathBuf;
use std::str::FromStr;

use clap::Args;
use cli_common::files::{ReadError, read_regular};
use cli_common::quote::short_path;
use mapgen::spawns::{MAX_FILE_BYTES, SpawnFileError, SpawnTable};

/// Where the table comes from: `builtin`, or the path of a table file.
///
/// ```
/// use mapgen_flags::spawns::SpawnSource;
/// assert_eq!("builtin".parse(), Ok(SpawnSource::Builtin));
/// let file: SpawnSource = "./builtin".parse().unwrap();
/// assert_eq!(file.to_string(), "./builtin"); // a file named builtin
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpawnSource {
    /// The built-in table ([`SpawnTable::builtin`]).
    Builtin,
    /// A table file.
    File(PathBuf),
}

impl SpawnSource {
    /// The word that names the built-in table.
    pub const BUILTIN: &'static str = "builtin";

    /// The table: the built-in one, or the file read and parsed.
    ///
    /// # Errors
    /// [`SpawnFlagError::Read`] when the file cannot be read (missing, not a regular
    /// file, too large), [`SpawnFlagError::Parse`] when it is not a spawn table.
    pub fn load(&self) -> Result<SpawnTable, SpawnFlagError> {
        match self {
            SpawnSource::Builtin => Ok(SpawnTable::builtin().clone()),
            SpawnSource::File(path) => {
                let read = |error| SpawnFlagError::Read {
                    path: short_path(path),
                    error,
                };
                let bytes = read_regular(path, MAX_FILE_BYTES as u64).map_err(read)?;
                Ok(SpawnTable::parse_bytes(&short_path(path), &bytes)?)
            }
        }
    }
}

impl FromStr for SpawnSource {
    type Err = String;

    /// `builtin`, or any other text as a path.
    fn from_str(text: &str) -> Result<SpawnSource, String> {
        match text {
            "" => Err("an empty path; give `builtin` or the path of a spawn table".to_string()),
            SpawnSource::BUILTIN => Ok(SpawnSource::Builtin),
            path => Ok(SpawnSource::File(PathBuf::from(path))),
        }
    }
}

impl std::fmt::Display for SpawnSource {
    /// `builtin`, or the path as given (lossy where it is not UTF-8).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpawnSource::Builtin => f.write_str(SpawnSource::BUILTIN),
            SpawnSource::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// The spawn flags of a command that makes dungeons.
///
/// `--spawn-depth` rather than `--depth`: `--depth` is the `bsp` generator's tree depth.
///
/// ```
/// use clap::Parser;
/// use mapgen_flags::spawns::{SpawnFlags, SpawnSource};
///
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     spawns: SpawnFlags,
/// }
///
/// let cli = Cli::parse_from(["mapgen", "--spawns", "builtin", "--spawn-depth", "4"]);
/// let spawns = cli.spawns.table()?.unwrap();
/// assert_eq!((spawns.source, spawns.depth), (SpawnSource::Builtin, 4));
/// assert!(Cli::parse_from(["mapgen"]).spawns.table()?.is_none());
/// assert!(Cli::try_parse_from(["mapgen", "--spawn-depth", "4"]).is_err()); // needs --spawns
/// assert!(Cli::try_parse_from(["mapgen", "--spawns", "builtin", "--spawn-depth", "0"]).is_err());
/// # Ok::<(), mapgen_flags::spawns::SpawnFlagError>(())
/// ```
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Spawns")]
pub struct SpawnFlags {
    /// Place monsters and items in each dungeon from a spawn table: `builtin` for the
    /// built-in table, or the path of a table file (`./builtin` for a file named builtin;
    /// the format is in docs/spawns.md).
    #[arg(long, value_name = "builtin|PATH")]
    pub spawns: Option<SpawnSource>,
    /// The depth the table is read at, from 1 (the first level): deeper levels get more
    /// things, and tougher ones.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "spawns", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub spawn_depth: u32,
}

/// The spawns the flags ask for: where the table came from, the table, and the depth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spawns {
    /// `--spawns`.
    pub source: SpawnSource,
    /// The table.
    pub table: SpawnTable,
    /// `--spawn-depth`, 1 or more.
    pub depth: u32,
}

impl SpawnFlags {
    /// The spawns to place, read and checked; `None` without `--spawns`.
    ///
    /// # Errors
    /// As [`SpawnSource::load`].
    pub fn table(&self) -> Result<Option<Spawns>, SpawnFlagError> {
        let Some(source) = &self.spawns else {
            return Ok(None);
        };
        Ok(Some(Spawns {
            source: source.clone(),
            table: source.load()?,
            depth: self.spawn_depth,
        }))
    }
}

/// Why the spawn flags do not make a table. Each message is one line.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpawnFlagError {
    /// The file cannot be read.
    #[error("--spawns {path}: {error}")]
    Read {
        /// The path, as typed (cut short).
        path: String,
        /// Why.
        error: ReadError,
    },
    /// The file is not a spawn table: `FILE:LINE:COLUMN: PROBLEM`.
    #[error(transparent)]
    Parse(#[from] SpawnFileError),
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn temp(name: &str, text: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("mapgen-flags-spawns-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    fn load(path: &Path) -> Result<SpawnTable, String> {
        SpawnSource::File(path.to_path_buf())
            .load()
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_table_file_is_read_and_its_problems_named_in_one_line() {
        let good = temp("good.txt", b"monsters 1:2\nmonster orc weight 1:80\n");
        assert_eq!(load(&good).unwrap().entries()[0].name, "orc");
        let bad = temp("bad.txt", b"monsters 1:2\nmonster orc weight 1:80 0:5\n");
        assert_eq!(
            load(&bad).unwrap_err(),
            format!(
                "{}:2:25: \"0\" is not a depth; allowed a whole number in 1..=4294967295",
                short_path(&bad)
            )
        );
        let binary = temp("binary.bin", b"\x00\xff\n");
        assert_eq!(
            load(&binary).unwrap_err(),
            format!(
                "{}:1:2: not UTF-8 text (a binary file?)",
                short_path(&binary)
            )
        );
    }

    #[test]
    fn what_is_not_a_table_file_is_refused_by_kind_and_size() {
        let dir = std::env::temp_dir();
        assert_eq!(
            load(&dir).unwrap_err(),
            format!(
                "--spawns {}: is a directory, not a regular file",
                short_path(&dir)
            )
        );
        #[cfg(unix)]
        assert_eq!(
            load(Path::new("/dev/zero")).unwrap_err(),
            "--spawns /dev/zero: is a character device, not a regular file"
        );
        assert_eq!(
            load(Path::new("/no/such/spawns.txt")).unwrap_err(),
            "--spawns /no/such/spawns.txt: does not exist"
        );
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
                "--spawns {}: is larger than 1048576 bytes",
                short_path(&huge)
            )
        );
        std::fs::remove_file(&huge).unwrap();
    }
}
