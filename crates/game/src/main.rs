//! `game`: explore a seeded dungeon in a bracket-lib tileset window.
//!
//! Everything is checked before the window opens, because bracket-lib panics on bad
//! fonts and on a missing display: the flags (clap, exit 2), the dungeon settings
//! (mapgen's message, exit 2), the fonts, the screenshot path and the display (one line
//! each, exit 2). The rules, the flags and the frame's cells live in `game_core`; `ui` is
//! the window.

mod ui;

use std::process::ExitCode;

use anyhow::{Context, Result, anyhow};
use game_core::cli::{GameArgs, check_screenshot_path};
use game_core::fonts::FontSet;
use game_core::session::Session;
use game_core::state::Game;
use mapgen::GeneratorKind;

fn main() -> ExitCode {
    quiet_panics();
    let args = parse_args();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// The flags, as `GameArgs::parse()` reads them, with this package's description as the
/// first line of `-h` (clap's derived `about` would be game-core's). clap prints its own
/// message and exits 2 on a usage error.
fn parse_args() -> GameArgs {
    game_core::cli::parse_args(env!("CARGO_PKG_DESCRIPTION"), std::env::args_os())
        .unwrap_or_else(|e| e.exit())
}

fn run(args: &GameArgs) -> Result<()> {
    let generator = args.generator()?;
    let fonts = FontSet::load(args.font.as_deref())?;
    if let Some(path) = &args.screenshot {
        check_screenshot_path(path).map_err(|e| anyhow!(e))?;
    }
    let seed = args.seed.unwrap_or_else(game_core::seed::fresh_seed);
    let choices = GeneratorKind::ALL
        .iter()
        .map(|&kind| args.dungeon.generator_for(kind))
        .collect::<Result<Vec<_>, _>>()?;
    let game =
        Game::new(generator, seed, args.fov_radius).with_context(|| format!("seed {seed}"))?;
    let session = Session::new(game).with_generator_choices(choices);
    game_core::display::check_environment().map_err(|e| anyhow!(e))?;
    let ctx = ui::window::open(args, &fonts)?;
    let app = ui::app::App::new(session, fonts, args);
    // On success bracket-lib (winit) ends the process itself with status 0.
    bracket_lib::prelude::main_loop(ctx, app).map_err(|e| anyhow!("the game loop failed: {e}"))
}

/// A panic (a bug, never bad input) prints one line, not a backtrace hint, and exits 101.
fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!(
            "error: the game crashed{place}: {}",
            ui::window::panic_text(info.payload())
        );
    }));
}
