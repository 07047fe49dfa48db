//! The X server, asked before bracket-lib opens the window: the screen's size (bracket-lib
//! 0.8.7 cannot tell it before `build()`, and winit allows one event loop per process, the
//! one bracket-lib makes), and a handler for a connection the server closes.
//!
//! Both go through Xlib and `XRandR` as `x11-dl` loads them: the same libraries winit
//! loads, already in the program, so nothing new is linked. Without an X server
//! (Wayland alone) the size is unknown and the game assumes a small laptop screen.
#![allow(
    unsafe_code,
    reason = "Xlib is C: these calls ask the X server for the screen and install its error handler"
)]

use std::ffi::{CStr, c_int};
use std::io::Write;
use std::ptr;

use x11_dl::glx::Glx;
use x11_dl::xlib::{self, Xlib};
use x11_dl::xrandr::Xrandr;

/// A connection to the X server, closed when dropped.
///
/// Keep it open until the window is: closing the server's last client makes a bare Xvfb
/// reset, and winit connecting meanwhile fails ("`XOpenDisplayFailed`").
pub struct Connection {
    xlib: Xlib,
    display: *mut xlib::Display,
}

impl Connection {
    /// Whether glutin will find a way to wait for the display's refresh: a GLX
    /// swap-control extension on this display, or else an EGL library, which glutin falls
    /// back to. Without either, asking for vsync fails inside bracket-lib's `build()`,
    /// and winit allows one event loop per process, so there is no second try.
    pub fn vsync_supported(&self) -> bool {
        self.glx_swap_control() || egl_library_present()
    }

    fn glx_swap_control(&self) -> bool {
        let (Ok(glx), Ok(xlib)) = (Glx::open(), Xlib::open()) else {
            return false;
        };
        // SAFETY: `display` is open; the default screen's number is valid for it; the
        // extension string is null or a C string owned by GLX, read before any other call.
        unsafe {
            let screen = (xlib.XDefaultScreen)(self.display);
            let names = (glx.glXQueryExtensionsString)(self.display, screen);
            if names.is_null() {
                return false;
            }
            let names = CStr::from_ptr(names).to_string_lossy();
            GLX_SWAP_CONTROL
                .iter()
                .any(|ext| names.split(' ').any(|n| n == *ext))
        }
    }
}

/// The GLX extensions glutin sets a swap interval with.
const GLX_SWAP_CONTROL: [&str; 3] = [
    "GLX_EXT_swap_control",
    "GLX_MESA_swap_control",
    "GLX_SGI_swap_control",
];

/// Whether `libEGL.so.1` (what glutin loads for EGL) is in `LD_LIBRARY_PATH` or one of the
/// usual library folders.
fn egl_library_present() -> bool {
    let arch = std::env::consts::ARCH;
    let usual = [
        format!("/usr/lib/{arch}-linux-gnu"),
        format!("/lib/{arch}-linux-gnu"),
        "/usr/lib64".to_string(),
        "/lib64".to_string(),
        "/usr/lib".to_string(),
        "/lib".to_string(),
        "/usr/local/lib".to_string(),
    ];
    let from_env = std::env::var_os("LD_LIBRARY_PATH")
        .map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .unwrap_or_default();
    from_env
        .into_iter()
        .chain(usual.into_iter().map(std::path::PathBuf::from))
        .any(|dir| dir.join("libEGL.so.1").exists())
}

impl Drop for Connection {
    fn drop(&mut self) {
        // SAFETY: `display` was opened by XOpenDisplay and is closed only here.
        unsafe { (self.xlib.XCloseDisplay)(self.display) };
    }
}

/// The size in pixels of the monitor the window will open on: `XRandR`'s primary monitor
/// (else its first), or the whole X screen when `XRandR` has no monitors to give; `None`
/// when there is no X display to ask. Also the connection that asked, to keep open
/// until the window is.
pub fn screen_size() -> (Option<(u32, u32)>, Option<Connection>) {
    let Ok(xlib) = Xlib::open() else {
        return (None, None);
    };
    // SAFETY: XOpenDisplay takes a null name to mean $DISPLAY and returns null on failure.
    let display = unsafe { (xlib.XOpenDisplay)(ptr::null()) };
    if display.is_null() {
        return (None, None);
    }
    let size = monitor_size(display).or_else(|| {
        // SAFETY: `display` is open; the default screen's number is valid for it.
        unsafe {
            let screen = (xlib.XDefaultScreen)(display);
            positive(
                (xlib.XDisplayWidth)(display, screen),
                (xlib.XDisplayHeight)(display, screen),
            )
        }
    });
    (size, Some(Connection { xlib, display }))
}

/// The primary (else the first) active monitor's size, from `XRandR` 1.5.
fn monitor_size(display: *mut xlib::Display) -> Option<(u32, u32)> {
    let xlib = Xlib::open().ok()?;
    let xrandr = Xrandr::open().ok()?;
    let mut count: c_int = 0;
    // SAFETY: `display` is open; XRRGetMonitors fills `count` and returns null or an
    // array of `count` monitors, freed below with XRRFreeMonitors.
    unsafe {
        let (mut event_base, mut error_base) = (0, 0);
        if (xrandr.XRRQueryExtension)(display, &mut event_base, &mut error_base) == 0 {
            return None;
        }
        let root = (xlib.XDefaultRootWindow)(display);
        let monitors = (xrandr.XRRGetMonitors)(display, root, xlib::True, &mut count);
        if monitors.is_null() {
            return None;
        }
        let list = std::slice::from_raw_parts(monitors, usize::try_from(count).unwrap_or(0));
        let chosen = list.iter().find(|m| m.primary != 0).or(list.first());
        let size = chosen.and_then(|m| positive(m.width, m.height));
        (xrandr.XRRFreeMonitors)(monitors);
        size
    }
}

fn positive(width: c_int, height: c_int) -> Option<(u32, u32)> {
    let side = |v: c_int| u32::try_from(v).ok().filter(|&v| v > 0);
    Some((side(width)?, side(height)?))
}

/// Makes a lost connection to the X server (the server gone, or the game's client killed
/// by another program) end the game with one line and exit status 1, instead of Xlib's
/// own message. Does nothing without Xlib.
pub fn on_lost_display_exit() {
    let Ok(xlib) = Xlib::open() else {
        return;
    };
    // SAFETY: the handler is a plain function that never returns into Xlib. (x11-dl
    // never unloads a library it opened, so the handler stays.)
    unsafe { (xlib.XSetIOErrorHandler)(Some(lost_display)) };
}

/// Xlib's IO error handler: Xlib would exit after it returns; it exits first, with one
/// line. Nothing here may unwind into C, so the line is written without `eprintln!`.
unsafe extern "C" fn lost_display(_display: *mut xlib::Display) -> c_int {
    let _ = writeln!(
        std::io::stderr(),
        "error: the connection to the display was lost (the X server closed it)"
    );
    std::process::exit(1)
}
