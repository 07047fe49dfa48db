//! Reading a field-of-view case file without trusting what the path names: only a
//! regular file, at most [`MAX_CASE_BYTES`] of UTF-8 text (see [`cli_common::files`]).

use std::path::Path;

use cli_common::files::{self, ReadError as FileError};

/// The largest case file read, in bytes: a 10000 x 10000 map and its `visible` and
/// `libtcod` sections with `\r\n` line ends, plus 1 MiB for the header and comments.
pub const MAX_CASE_BYTES: u64 = 3 * 10_000 * 10_002 + (1 << 20);

/// Why a case file could not be read. Each message is one line.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Not a regular file.
    #[error("is {0}, not a case file (a regular text file)")]
    NotAFile(&'static str),
    /// Larger than any case file can be.
    #[error(
        "is larger than {MAX_CASE_BYTES} bytes, the most a case file can need (a 10000x10000 map with its visible and libtcod sections)"
    )]
    TooLarge,
    /// Not UTF-8 text.
    #[error("is not UTF-8 text")]
    NotText,
    /// Missing, or the system refused.
    #[error(transparent)]
    File(FileError),
}

/// The text of the case file at `path`: a regular file of at most [`MAX_CASE_BYTES`]
/// bytes of UTF-8.
pub fn read(path: &Path) -> Result<String, ReadError> {
    let bytes = files::read_regular(path, MAX_CASE_BYTES).map_err(|err| match err {
        FileError::NotAFile(kind) => ReadError::NotAFile(kind),
        FileError::TooLarge { .. } => ReadError::TooLarge,
        other => ReadError::File(other),
    })?;
    String::from_utf8(bytes).map_err(|_| ReadError::NotText)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_and_directories_are_refused_by_kind() {
        let dir = std::env::temp_dir();
        assert_eq!(
            read(&dir).unwrap_err().to_string(),
            "is a directory, not a case file (a regular text file)"
        );
        #[cfg(unix)]
        assert_eq!(
            read(Path::new("/dev/zero")).unwrap_err().to_string(),
            "is a character device, not a case file (a regular text file)"
        );
    }
}
