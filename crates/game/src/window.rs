//! Opening the window: sized for the screen, every font registered up front,
//! bracket-lib's panics caught.

use std::panic::{self, AssertUnwindSafe};

use anyhow::{Result, bail};
use bracket_lib::prelude::{BACKEND, BTerm, BTermBuilder, EMBED};
use game_flags::GameArgs;
use game_native::fonts::FontSet;
use game_native::process;
use game_native::window_size::WindowPlan;

/// The window title.
pub const TITLE: &str = "mapgen - the dungeon";

/// The resource name font `index` is registered under. bracket-lib looks fonts up as
/// `resources/<name>` in its embedded-resource dictionary before the file system, so
/// these names never touch the disk.
fn resource_name(index: usize) -> String {
    format!("game-font-{index}.png")
}

/// Makes every font's checked bytes available to bracket-lib. A user's font is leaked
/// once: bracket-lib keeps `'static` slices for the life of the process.
fn embed_fonts(fonts: &FontSet) {
    let mut dictionary = EMBED.lock();
    for (i, font) in fonts.fonts().iter().enumerate() {
        let bytes: &'static [u8] = match &font.png {
            std::borrow::Cow::Borrowed(b) => b,
            std::borrow::Cow::Owned(v) => Box::leak(v.clone().into_boxed_slice()),
        };
        dictionary.add_resource(format!("resources/{}", resource_name(i)), bytes);
    }
}

/// The builder: a simple console of `plan`'s cells in the active font, each cell of
/// `plan`'s size, all fonts registered (they cannot be added after `build()`), the
/// advanced input queue, `vsync`, and the frame cap as the flags say.
fn builder(args: &GameArgs, fonts: &FontSet, plan: &WindowPlan, vsync: bool) -> BTermBuilder {
    let (cols, rows) = plan.cells;
    let mut builder = BTermBuilder::new()
        .with_title(TITLE)
        .with_dimensions(cols, rows)
        .with_tile_dimensions(plan.cell.0, plan.cell.1)
        .with_vsync(vsync)
        .with_advanced_input(true)
        // 0 means no cap: a wait of 0 ms (bracket-lib's own default would be 33 ms).
        .with_fps_cap(if args.fps_cap == 0 {
            f32::INFINITY
        } else {
            args.fps_cap as f32
        });
    for (i, font) in fonts.fonts().iter().enumerate() {
        builder = builder.with_font(resource_name(i), font.glyph.width, font.glyph.height);
    }
    builder.with_simple_console(cols, rows, resource_name(fonts.active_index()))
}

/// Opens the window `plan` describes. bracket-lib reports some failures by panicking
/// (winit without a reachable display, for one); those become errors here, with no
/// panic message.
///
/// `vsync_supported` says whether the display can wait for its refresh (see
/// `screen::Connection::vsync_supported`); when it cannot, the window opens without vsync
/// and a note says so, rather than not at all.
///
/// # Errors
/// Why the window could not be opened.
pub fn open(
    args: &GameArgs,
    fonts: &FontSet,
    plan: &WindowPlan,
    vsync_supported: bool,
) -> Result<BTerm> {
    embed_fonts(fonts);
    let vsync = args.vsync.is_on() && vsync_supported;
    if args.vsync.is_on() && !vsync {
        eprintln!(
            "note: this display offers no way to wait for vsync (no GLX swap control and no \
             libEGL.so.1); running without it"
        );
    }
    build(builder(args, fonts, plan, vsync)).or_else(|problem| {
        let hint = if vsync && problem.contains("vsync") {
            " (try --vsync off)"
        } else {
            ""
        };
        bail_on(&format!("{problem}{hint}"))
    })
}

/// Builds the window, turning bracket-lib's errors and panics into one line of text.
fn build(builder: BTermBuilder) -> std::result::Result<BTerm, String> {
    let previous_hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let built = panic::catch_unwind(AssertUnwindSafe(|| builder.build()));
    panic::set_hook(previous_hook);
    match built {
        Ok(Ok(ctx)) => Ok(ctx),
        Ok(Err(e)) => Err(process::one_line(&e.to_string())),
        Err(payload) => Err(process::panic_text(payload.as_ref())),
    }
}

fn bail_on(problem: &str) -> Result<BTerm> {
    let display = std::env::var("DISPLAY")
        .or_else(|_| std::env::var("WAYLAND_DISPLAY"))
        .unwrap_or_default();
    bail!("cannot open a window on display {display:?}: {problem}")
}

/// The X window id of the window [`open`] made; `None` before, or without X (Wayland).
pub fn xlib_window() -> Option<std::ffi::c_ulong> {
    use glutin::platform::unix::WindowExtUnix;
    let backend = BACKEND.lock();
    backend.context_wrapper.as_ref()?.wc.window().xlib_window()
}
