//! Reading a field-of-view case file without trusting what the path names.
//!
//! A path may name a directory, a device that never ends (`/dev/zero`), a named pipe that
//! blocks until someone writes to it, or a huge file. Only a regular file is read, the
//! kind is checked before opening (opening a pipe would block) and again on the opened
//! file (the path may have changed in between; on Unix the file is opened non-blocking, so
//! a pipe swapped in cannot hang it), and at most [`MAX_CASE_BYTES`] are read.

use std::fs::{self, File, Metadata};
use std::io::{self, Read};
use std::path::Path;

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
    /// The system refused.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// The text of the case file at `path`: a regular file of at most [`MAX_CASE_BYTES`]
/// bytes of UTF-8.
pub fn read(path: &Path) -> Result<String, ReadError> {
    check(&fs::metadata(path)?)?;
    let file = open(path)?;
    check(&file.metadata()?)?;
    let mut bytes = Vec::new();
    file.take(MAX_CASE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_CASE_BYTES {
        return Err(ReadError::TooLarge);
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotText)
}

/// The regular file at `path`, opened for reading, of any size: for readers that stream.
pub fn open_regular(path: &Path) -> io::Result<File> {
    let regular = |meta: &Metadata| match meta.is_file() {
        true => Ok(()),
        false => Err(io::Error::other(format!(
            "is {}, not a regular file",
            kind(meta)
        ))),
    };
    regular(&fs::metadata(path)?)?;
    let file = open(path)?;
    regular(&file.metadata()?)?;
    Ok(file)
}

fn check(meta: &Metadata) -> Result<(), ReadError> {
    if !meta.is_file() {
        return Err(ReadError::NotAFile(kind(meta)));
    }
    if meta.len() > MAX_CASE_BYTES {
        return Err(ReadError::TooLarge);
    }
    Ok(())
}

#[cfg(unix)]
fn open(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open(path: &Path) -> io::Result<File> {
    File::open(path)
}

/// What a file that is not a regular file is, for the message.
fn kind(meta: &Metadata) -> &'static str {
    let file_type = meta.file_type();
    if file_type.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
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
            "is a device, not a case file (a regular text file)"
        );
    }
}
