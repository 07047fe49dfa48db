//! Is there a display to open a window on? Asked before bracket-lib is, because with
//! none, `BTermBuilder::build()` panics inside winit.

use std::ffi::OsStr;

/// The problem with the graphical session described by the values of `DISPLAY` and
/// `WAYLAND_DISPLAY`, or `None` when one of them names a display.
pub fn display_problem(display: Option<&OsStr>, wayland_display: Option<&OsStr>) -> Option<String> {
    let named = |v: Option<&OsStr>| v.is_some_and(|v| !v.is_empty());
    if named(display) || named(wayland_display) {
        return None;
    }
    Some(
        "no display: neither DISPLAY nor WAYLAND_DISPLAY is set. The game opens a window; \
         run it in a graphical session, or under Xvfb: xvfb-run -a game ..."
            .to_string(),
    )
}

/// [`display_problem`] for this process's environment.
///
/// # Errors
/// The problem, as [`display_problem`] words it.
pub fn check_environment() -> Result<(), String> {
    let display = std::env::var_os("DISPLAY");
    let wayland = std::env::var_os("WAYLAND_DISPLAY");
    display_problem(display.as_deref(), wayland.as_deref()).map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_variable_names_a_display() {
        let some = |s: &'static str| Some(OsStr::new(s));
        assert_eq!(display_problem(some(":0"), None), None);
        assert_eq!(display_problem(None, some("wayland-0")), None);
        assert_eq!(display_problem(some(":99"), some("wayland-1")), None);
    }

    #[test]
    fn none_or_empty_is_a_clear_error() {
        let msg = display_problem(None, None).unwrap();
        assert!(msg.starts_with("no display: neither DISPLAY nor WAYLAND_DISPLAY is set"));
        assert!(msg.contains("xvfb-run"));
        assert!(display_problem(Some(OsStr::new("")), Some(OsStr::new(""))).is_some());
    }
}
