//! Standard output that names itself in its errors: `mapgen generate > /dev/full` says
//! what could not be written, as `--output FILE` does.

use std::io::{self, Write};

/// `inner`, whose errors say "standard output: cannot write it: ..." and keep their kind
/// (a closed pipe is still a closed pipe).
pub struct StandardOutput<W>(pub W);

fn named(err: &io::Error) -> io::Error {
    io::Error::new(
        err.kind(),
        format!("standard output: cannot write it: {err}"),
    )
}

impl<W: Write> Write for StandardOutput<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(|e| named(&e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(|e| named(&e))
    }
}
