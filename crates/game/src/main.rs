//! `game`: explore a seeded dungeon, level after level, in a bracket-lib tileset window.
//!
//! Everything that can be checked is checked before the window opens, because
//! bracket-lib panics on bad fonts, on a missing display and on a window larger than the
//! driver draws: the flags (clap, exit 2), the dungeon settings (mapgen's message, exit
//! 2), the fonts, the screenshot path, the display and the window's size (one line each,
//! exit 2). The first dungeon is made on its own thread while the window opens. The
//! rules, the flags and the frame's cells live in `game_core`; `ui` is the window.
//!
//! Exit status: 0 when the player quits or `--exit-after` is reached; 1 when the window
//! or the display fails during play (another program closed the window, the X server
//! went away, the screenshot or the report cannot be saved); 2 for bad input, including
//! settings the generator gives up on; 101 for a bug. Each ends with one line.

mod ui;

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use bracket_lib::prelude::BACKEND;
use game_core::cli::{GameArgs, check_report_path, check_screenshot_path};
use game_core::fonts::FontSet;
use game_core::level::{LevelOrder, Purpose};
use game_core::loading::Loading;
use game_core::window_size::plan_window;

fn main() -> ExitCode {
    quiet_panics();
    pixels_are_pixels();
    let args = parse_args();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// The flags, with this package's description as the first line of `-h` (clap's derived
/// `about` would be game-core's). clap prints its own message and exits 2 on a usage
/// error.
fn parse_args() -> GameArgs {
    game_core::cli::parse_args(env!("CARGO_PKG_DESCRIPTION"), std::env::args_os())
        .unwrap_or_else(|e| cli_common::usage::exit(&e))
}

fn run(args: &GameArgs) -> Result<()> {
    for warning in args.dungeon.warnings() {
        let _ = writeln!(std::io::stderr(), "warning: {warning}");
    }
    // Only the generators the levels use are checked; G skips the kinds that cannot
    // make a level with these flags, and says so.
    let setup = args.generators().map_err(|e| anyhow!(e))?;
    let vaults = args.vaults.plan()?.map(|v| v.plan);
    let fonts = FontSet::load(args.font.as_deref())?;
    if let Some(path) = &args.screenshot {
        check_screenshot_path(path).map_err(|e| anyhow!(e))?;
    }
    if let Some(path) = &args.report {
        check_report_path(path).map_err(|e| anyhow!(e))?;
    }
    let seed = args.seed.unwrap_or_else(game_core::seed::fresh_seed);
    game_core::display::check_environment().map_err(|e| anyhow!(e))?;
    let (screen, connection) = ui::screen::screen_size();
    let plan = plan_window(screen, fonts.active(), args.scale)?;
    let first = Loading::start(LevelOrder {
        depth: 1,
        generator: setup.first.clone(),
        seed,
        purpose: Purpose::NewGame,
        vaults,
    });
    let vsync_supported = connection
        .as_ref()
        .is_none_or(ui::screen::Connection::vsync_supported);
    let ctx = ui::window::open(args, &fonts, &plan, vsync_supported)?;
    drop(connection);
    ui::screen::on_lost_display_exit();
    let heartbeat = ui::window::xlib_window().map(ui::watchdog::watch);
    let app = ui::app::App::new(first, setup, fonts, &plan, args).with_heartbeat(heartbeat);
    BACKEND.lock().gl_callback = Some(ui::app::save_screenshot);
    // On success bracket-lib (winit) ends the process itself with status 0.
    bracket_lib::prelude::main_loop(ctx, app).map_err(|e| anyhow!("the game loop failed: {e}"))
}

/// The window is sized in the screen's pixels (see `game_core::window_size`); winit
/// would multiply it by the desktop's scale factor (2 on a `HiDPI` screen) and open it
/// larger than the screen. A user who sets `WINIT_X11_SCALE_FACTOR` keeps theirs.
#[allow(unsafe_code, reason = "set_var before any other thread exists")]
fn pixels_are_pixels() {
    const SCALE_FACTOR: &str = "WINIT_X11_SCALE_FACTOR";
    if std::env::var_os(SCALE_FACTOR).is_none() {
        // SAFETY: called first thing in main, before any other thread exists.
        unsafe { std::env::set_var(SCALE_FACTOR, "1") };
    }
}

/// Source files of the window system's crates: a panic there means the window or the
/// display failed under bracket-lib (another program destroyed the window, say).
const WINDOW_SYSTEM_CRATES: [&str; 5] = [
    "/bracket-terminal-",
    "/winit-",
    "/glutin",
    "/glow-",
    "/x11-dl-",
];

/// A panic prints one line, not a backtrace hint, and ends the process: status 1 when
/// the window system failed inside bracket-lib, 101 for a bug of the game.
fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let text = ui::window::panic_text(info.payload());
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
