//! The frame loop: bracket-lib calls [`App::tick`] once per frame.

use std::path::PathBuf;
use std::time::Instant;

use bracket_lib::prelude::{BACKEND, BEvent, BTerm, GameState, INPUT};
use game_core::action::{Action, Key, action_for};
use game_core::cli::GameArgs;
use game_core::fonts::FontSet;
use game_core::frame_stats::FrameStats;
use game_core::pacing::frame_wait_ms;
use game_core::replay::Replay;
use game_core::scene::{CONSOLE_SIZE, Hud, Screen, compose, console_cells};
use game_core::seed::fresh_seed;
use game_core::session::{Response, Session};

use super::{keys, render};

/// Everything the window keeps between frames.
pub struct App {
    session: Session,
    fonts: FontSet,
    /// The window's size in pixels, fixed at start-up.
    window_px: (u32, u32),
    scale: f32,
    screen: Screen,
    replay: Replay,
    exit_after: Option<u64>,
    screenshot: Option<PathBuf>,
    stats: FrameStats,
    clock: Instant,
    notice: Option<String>,
    fps_cap: u32,
    /// Off for scripted runs (`--exit-after`), whose timings should be steady.
    throttle_when_idle: bool,
    last_input: Instant,
    frame_wait_ms: Option<u64>,
    quit_requested: bool,
    finished: bool,
}

impl App {
    /// The app for `session`, with the fonts registered in the window and the scripted
    /// flags (`--replay`, `--exit-after`, `--screenshot`) from `args`.
    pub fn new(session: Session, fonts: FontSet, args: &GameArgs) -> App {
        let (cell_w, cell_h) = fonts.active().glyph.scaled(args.scale.unwrap_or(1.0));
        let (cols, rows) = CONSOLE_SIZE;
        App {
            session,
            fonts,
            window_px: (cols as u32 * cell_w, rows as u32 * cell_h),
            scale: args.scale.unwrap_or(1.0),
            screen: Screen::new(cols, rows),
            replay: Replay::new(args.replay_keys()),
            exit_after: args.exit_after,
            screenshot: args.screenshot.clone(),
            stats: FrameStats::default(),
            clock: Instant::now(),
            notice: None,
            fps_cap: args.fps_cap,
            throttle_when_idle: args.exit_after.is_none(),
            last_input: Instant::now(),
            frame_wait_ms: None,
            quit_requested: false,
            finished: false,
        }
    }

    /// This frame's keys: the next replay key, then whatever was typed. A close request
    /// from the window manager quits (bracket-lib leaves that to us with the event queue).
    fn take_keys(&mut self) -> Vec<Key> {
        let mut keys: Vec<Key> = self.replay.next_key().into_iter().collect();
        let mut input = INPUT.lock();
        while let Some(event) = input.pop() {
            match event {
                BEvent::KeyboardInput {
                    key, pressed: true, ..
                } => keys.extend(keys::key_from(key)),
                BEvent::CloseRequested => self.quit_requested = true,
                _ => {}
            }
        }
        keys
    }

    fn perform(&mut self, action: Action, ctx: &mut BTerm) {
        match self.session.apply(action, &mut fresh_seed) {
            Ok(Response::Continue) => {
                if matches!(action, Action::NewDungeon | Action::NextGenerator) {
                    let game = self.session.game();
                    let (kind, seed) = (game.generator().kind(), game.seed());
                    self.notice = Some(format!("New {kind} dungeon: seed {seed}"));
                }
            }
            Ok(Response::NextFont) => self.next_font(ctx),
            Ok(Response::Quit) => self.quit_requested = true,
            Err(e) => self.notice = Some(format!("No new dungeon: {e}")),
        }
    }

    /// Switches to the next font at its own size: the window stays as it is (bracket-lib
    /// 0.8.7 cannot resize it), so the console gets as many cells as fit and the map
    /// view scrolls if the map no longer fits.
    fn next_font(&mut self, ctx: &mut BTerm) {
        let index = self.fonts.advance();
        ctx.set_active_font(index, false);
        let (cols, rows) = console_cells(self.window_px, self.fonts.active().glyph, self.scale);
        ctx.set_char_size(cols as u32, rows as u32);
        self.screen = Screen::new(cols, rows);
    }

    /// Slows the frame rate down while no key comes, and back up when one does, by
    /// setting bracket-lib's wait between frames (a public field of its backend).
    fn pace(&mut self, had_input: bool) {
        if had_input {
            self.last_input = Instant::now();
        }
        let wait = frame_wait_ms(
            self.fps_cap,
            self.last_input.elapsed(),
            self.throttle_when_idle,
        );
        if self.frame_wait_ms != Some(wait) {
            BACKEND.lock().frame_sleep_time = Some(wait);
            self.frame_wait_ms = Some(wait);
        }
    }

    fn frame_done(&self) -> bool {
        self.quit_requested || self.exit_after.is_some_and(|n| self.stats.frames() >= n)
    }

    /// Ends the game after this frame: the screenshot (taken by bracket-lib once the
    /// frame is drawn), a line with the seed, position and frame timings, then exit
    /// status 0.
    fn finish(&mut self, ctx: &mut BTerm) {
        if let Some(path) = &self.screenshot {
            ctx.screenshot(path.display().to_string());
        }
        // The seed first: it is what a bug report needs.
        let game = self.session.game();
        let p = game.player();
        let (seed, moves) = (game.seed(), game.moves());
        println!(
            "seed {seed}; @ ({}, {}) after {moves} moves; {}",
            p.x,
            p.y,
            self.stats.summary()
        );
        self.finished = true;
        ctx.quit();
    }
}

impl GameState for App {
    fn tick(&mut self, ctx: &mut BTerm) {
        // bracket-lib may call once more between quit() and the loop's exit.
        if self.finished {
            return;
        }
        let start = Instant::now();
        let keys = self.take_keys();
        self.pace(!keys.is_empty());
        for key in keys {
            if let Some(action) = action_for(key) {
                self.perform(action, ctx);
            }
        }
        if let Err(e) = self.session.game_mut().update_fov() {
            // The movement rules keep the `@` on the map; this is a bug, not bad input.
            eprintln!("error: field of view: {e}");
            std::process::exit(1);
        }
        let hud = Hud {
            font: self.fonts.active(),
            notice: self.notice.as_deref(),
        };
        let (game, view) = (self.session.game(), self.session.view());
        compose(game, view, &hud, &mut self.screen);
        render::draw(&self.screen, ctx);
        self.stats.record(start - self.clock, start.elapsed());
        if self.frame_done() {
            self.finish(ctx);
        }
    }
}
