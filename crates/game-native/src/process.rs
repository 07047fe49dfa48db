//! The process around the window: one line instead of a panic's backtrace hint, and
//! pixels that are the screen's.

use std::any::Any;
use std::io::Write;

/// Source files of the window system's crates: a panic there means the window or the
/// display failed under the window library (another program destroyed the window, say).
const WINDOW_SYSTEM_CRATES: [&str; 5] = [
    "/bracket-terminal-",
    "/winit-",
    "/glutin",
    "/glow-",
    "/x11-dl-",
];

/// Makes a panic print one line, not a backtrace hint, and end the process: status 1
/// when the window system failed inside the window library, 101 for a bug of the game.
pub fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let text = panic_text(info.payload());
        let file = info.location().map_or("", |l| l.file());
        let mut stderr = std::io::stderr();
        if WINDOW_SYSTEM_CRATES.iter().any(|c| file.contains(c)) {
            let _ = writeln!(
                stderr,
                "error: the window failed (closed by another program, or the display went \
                 away): {text}"
            );
            std::process::exit(1);
        }
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let _ = writeln!(stderr, "error: the game crashed{place}: {text}");
        std::process::exit(101);
    }));
}

/// The window is sized in the screen's pixels ([`crate::window_size`]); winit would
/// multiply it by the desktop's scale factor (2 on a `HiDPI` screen) and open it larger
/// than the screen. A user who sets `WINIT_X11_SCALE_FACTOR` keeps theirs. Call first
/// thing in `main`, before any other thread exists.
#[allow(unsafe_code, reason = "set_var before any other thread exists")]
pub fn pixels_are_pixels() {
    const SCALE_FACTOR: &str = "WINIT_X11_SCALE_FACTOR";
    if std::env::var_os(SCALE_FACTOR).is_none() {
        // SAFETY: called first thing in main, before any other thread exists.
        unsafe { std::env::set_var(SCALE_FACTOR, "1") };
    }
}

/// The text of a panic payload, on one line.
pub fn panic_text(payload: &(dyn Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .map(std::string::ToString::to_string)
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown failure".to_string());
    one_line(&text)
}

/// `text` with every run of white space, line breaks included, as one space.
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_payload_is_one_line() {
        let text: Box<dyn Any + Send> = Box::new("a\n  b\tc".to_string());
        assert_eq!(panic_text(text.as_ref()), "a b c");
        let number: Box<dyn Any + Send> = Box::new(3);
        assert_eq!(panic_text(number.as_ref()), "unknown failure");
    }
}
