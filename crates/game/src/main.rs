//! `game`: explore a seeded dungeon, level after level, in a bracket-lib tileset window.
//!
//! Everything that can be checked is checked before the window opens, because
//! bracket-lib panics on bad fonts, on a missing display and on a window larger than the
//! driver draws: the flags (clap, exit 2), the dungeon settings (mapgen's message, exit
//! 2), the fonts, the screenshot path, the display and the window's size (one line each,
//! exit 2). The first dungeon is made on its own thread while the window opens. The
//! game itself is `game_app` (over the rules of `game_core`), the flags `game_flags`,
//! the native jobs `game_native`; this crate is the bracket-lib window around them:
//! [`window`] opens it, [`shell`] is the frame loop's shell, [`keys`] turns its key
//! codes into the game's keys, [`wake`] brings an idle window back at the first input.
//!
//! Exit status: 0 when the player quits or `--exit-after` is reached; 1 when the window
//! or the display fails during play (another program closed the window, the X server
//! went away, the screenshot or the report cannot be saved); 2 for bad input, including
//! settings the generator gives up on; 101 for a bug. Each ends with one line.

mod keys;
mod shell;
mod wake;
mod window;

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use bracket_lib::prelude::BACKEND;
use game_app::app::App;
use game_app::fonts::Surface;
use game_flags::GameArgs;
use game_native::fonts::FontSet;
use game_native::paths::{check_report_path, check_screenshot_path};
use game_native::window_size::plan_window;
use game_native::{display, process, seed, watchdog, x11_screen};
use shell::Shell;

fn main() -> ExitCode {
    process::quiet_panics();
    process::pixels_are_pixels();
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
    game_flags::parse_args(env!("CARGO_PKG_DESCRIPTION"), std::env::args_os())
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
    let seed = args.seed.unwrap_or_else(seed::fresh_seed);
    display::check_environment().map_err(|e| anyhow!(e))?;
    let (screen, connection) = x11_screen::screen_size();
    let plan = plan_window(screen, &fonts.active().face(), args.scale)?;
    // The first level is made on its own thread from here on, while the window opens.
    let surface = Surface {
        px: plan.window_px(),
        scale: plan.scale,
    };
    let config = args.config(seed, setup, vaults);
    let app = App::new(
        config,
        fonts.faces().ok_or_else(|| anyhow!("no fonts"))?,
        surface,
        plan.cells,
        Box::new(seed::fresh_seed),
    );
    let vsync_supported = connection
        .as_ref()
        .is_none_or(x11_screen::Connection::vsync_supported);
    let ctx = window::open(args, &fonts, &plan, vsync_supported)?;
    drop(connection);
    x11_screen::on_lost_display_exit();
    let heartbeat = window::xlib_window().map(watchdog::watch);
    let shell = Shell::new(app, plan.window_px(), args).with_heartbeat(heartbeat);
    BACKEND.lock().gl_callback = Some(shell::save_screenshot);
    // Without the watcher an idle window still wakes, at its next idle frame.
    let _ = wake::watch_input();
    // On success bracket-lib (winit) ends the process itself with status 0.
    bracket_lib::prelude::main_loop(ctx, shell).map_err(|e| anyhow!("the game loop failed: {e}"))
}
