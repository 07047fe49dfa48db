//! The frame loop: bracket-lib calls [`App::tick`] once per frame.
//!
//! Dungeons are made off the loop ([`Loading`]): the first one while the window opens,
//! and those of `R` and `G` while the old one stays on screen. Meanwhile each frame shows
//! a "generating" notice, and `Esc` quits.

use std::any::Any;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use bracket_lib::prelude::{BACKEND, BEvent, BTerm, GameState, INPUT};
use game_core::action::{Action, Key, action_for};
use game_core::cli::GameArgs;
use game_core::fonts::FontSet;
use game_core::frame_stats::FrameStats;
use game_core::loading::{DungeonOrder, Loading};
use game_core::pacing::frame_wait_ms;
use game_core::replay::Replay;
use game_core::scene::{Hud, Screen, compose, compose_waiting, compose_watch};
use game_core::screenshot::save_png;
use game_core::seed::fresh_seed;
use game_core::session::{Request, Response, Session};
use game_core::watch::{WATCH_TIME, Watch};
use game_core::window_size::{WindowPlan, console_cells, font_fits};
use glow::HasContext;
use mapgen::generators::Generator;

use super::watchdog::Heartbeat;
use super::{keys, render};

/// Everything the window keeps between frames.
pub struct App {
    /// The game, once its first dungeon is made.
    session: Option<Session>,
    /// A dungeon being made: the first, or one `R` or `G` asked for.
    loading: Option<Loading>,
    /// The generators `G` cycles through, for the session the first dungeon starts.
    choices: Vec<Generator>,
    fov_radius: u32,
    fonts: FontSet,
    /// The window's size in pixels, fixed at start-up.
    window_px: (u32, u32),
    /// A cell's size over the glyph's, kept when `F` switches fonts.
    scale: f32,
    screen: Screen,
    replay: Replay,
    exit_after: Option<u64>,
    screenshot: Option<PathBuf>,
    /// Set on the last frame: [`save_screenshot`] saves it once it is drawn.
    screenshot_due: bool,
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
    /// Beaten each frame, for the watchdog.
    heartbeat: Option<Heartbeat>,
    /// The level being made, played back (`W`), and when it started.
    watch: Option<(Watch, Instant)>,
    /// `--watch`: every new level starts with its playback.
    watch_new_levels: bool,
}

/// How long the finished level stays on screen after a playback, before play resumes.
const WATCH_HOLD: std::time::Duration = std::time::Duration::from_secs(1);

/// The notice while `order` is being made.
fn generating_notice(order: &DungeonOrder) -> String {
    format!(
        "Generating a {} dungeon, seed {} ...",
        order.generator.kind(),
        order.seed
    )
}

impl App {
    /// The app while `first` (the first dungeon) is being made, in a window of `plan`,
    /// with `G` cycling through `choices`, the fonts registered in the window and the
    /// scripted flags (`--replay`, `--exit-after`, `--screenshot`) from `args`.
    pub fn new(
        first: Loading,
        choices: Vec<Generator>,
        fonts: FontSet,
        plan: &WindowPlan,
        args: &GameArgs,
    ) -> App {
        App {
            session: None,
            notice: Some(generating_notice(first.order())),
            loading: Some(first),
            choices,
            fov_radius: args.fov_radius,
            fonts,
            window_px: plan.window_px(),
            scale: plan.scale,
            screen: Screen::new(plan.cells.0, plan.cells.1),
            replay: Replay::new(args.replay_keys()),
            exit_after: args.exit_after,
            screenshot: args.screenshot.clone(),
            screenshot_due: false,
            stats: FrameStats::default(),
            clock: Instant::now(),
            fps_cap: args.fps_cap,
            throttle_when_idle: args.exit_after.is_none(),
            last_input: Instant::now(),
            frame_wait_ms: None,
            quit_requested: false,
            finished: false,
            heartbeat: None,
            watch: None,
            watch_new_levels: args.watch,
        }
    }

    /// The same app, beating `heartbeat` each frame.
    #[must_use]
    pub fn with_heartbeat(mut self, heartbeat: Option<Heartbeat>) -> App {
        self.heartbeat = heartbeat;
        self
    }

    /// Takes a dungeon that has been made, if any: the first starts the session, a later
    /// one replaces the dungeon in play.
    fn take_made_dungeon(&mut self) {
        let Some(loading) = &mut self.loading else {
            return;
        };
        let Some(made) = loading.poll() else {
            return;
        };
        let order = loading.order().clone();
        self.loading = None;
        match (made, &mut self.session) {
            (Ok(game), Some(session)) => {
                session.install(game);
                let kind = order.generator.kind();
                self.notice = Some(format!("New {kind} dungeon: seed {}", order.seed));
                if self.watch_new_levels {
                    self.start_watch();
                }
            }
            (Ok(game), None) => {
                let choices = std::mem::take(&mut self.choices);
                self.session = Some(Session::new(game).with_generator_choices(choices));
                self.notice = None;
                if self.watch_new_levels {
                    self.start_watch();
                }
            }
            (Err(e), Some(_)) => self.notice = Some(format!("No new dungeon: {e}")),
            (Err(e), None) => {
                // Settings that validate but cannot be grown (the generator gave up).
                let _ = writeln!(std::io::stderr(), "error: seed {}: {e}", order.seed);
                std::process::exit(2);
            }
        }
    }

    /// This frame's keys: the next replay key (none while a dungeon is being made, so a
    /// replay plays in the dungeon it was written for), then whatever was typed. A close
    /// request from the window manager quits (bracket-lib leaves that to us with the
    /// event queue).
    fn take_keys(&mut self) -> Vec<Key> {
        let mut keys = Vec::new();
        if self.loading.is_none() {
            keys.extend(self.replay.next_key());
        }
        let mut input = INPUT.lock();
        while let Some(event) = input.pop() {
            match event {
                BEvent::KeyboardInput {
                    key, pressed: true, ..
                } => keys.extend(keys::key_from(key)),
                BEvent::Character { c } => keys.extend(keys::key_from_char(c)),
                BEvent::CloseRequested => self.quit_requested = true,
                _ => {}
            }
        }
        keys
    }

    fn perform(&mut self, action: Action, ctx: &mut BTerm) {
        // While a dungeon is being made, only Esc acts: there is nothing to play yet, or
        // the dungeon on screen is about to go.
        if self.loading.is_some() {
            self.quit_requested |= action == Action::Quit;
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        match session.request(action, &mut fresh_seed) {
            Request::Done(Response::Continue) => {}
            Request::Done(Response::NextFont) => self.next_font(ctx),
            Request::Done(Response::Watch) => self.start_watch(),
            Request::Done(Response::Quit) => self.quit_requested = true,
            Request::Generate(order) => {
                self.notice = Some(generating_notice(&order));
                self.loading = Some(Loading::start(order, self.fov_radius));
            }
        }
    }

    /// Starts playing back the making of the level in play (its generation recorded again
    /// from its generator and seed).
    fn start_watch(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let game = session.game();
        match Watch::new(game.generator(), game.seed()) {
            Ok(watch) => self.watch = Some((watch, Instant::now())),
            Err(e) => self.notice = Some(format!("Cannot replay this level: {e}")),
        }
    }

    /// Moves the playback on to this frame's time; any key skips to the end and back to
    /// play, as does the end of the playback once the level has shown for a moment. True
    /// while it goes on (the keys are then its own).
    fn play_watch(&mut self, keys: &[Key]) -> bool {
        let Some((watch, started)) = &mut self.watch else {
            return false;
        };
        let elapsed = started.elapsed();
        watch.show_until(elapsed);
        if !keys.is_empty() || elapsed >= WATCH_TIME + WATCH_HOLD {
            self.watch = None;
            return !keys.is_empty();
        }
        true
    }

    /// Switches to the next font that fits the window, at its own size: the window stays
    /// as it is (bracket-lib 0.8.7 cannot resize it), so the console gets as many cells
    /// as fit and the map view scrolls if the map no longer fits. A font too large for
    /// the window is skipped, with a notice.
    fn next_font(&mut self, ctx: &mut BTerm) {
        let start = self.fonts.active_index();
        let mut skipped = Vec::new();
        loop {
            let index = self.fonts.advance();
            if index == start {
                self.notice = Some(format!(
                    "No other font fits this window: {} too large",
                    skipped.join(", ")
                ));
                return;
            }
            let font = self.fonts.active();
            if font_fits(self.window_px, font.glyph, self.scale) {
                ctx.set_active_font(index, false);
                let (cols, rows) = console_cells(self.window_px, font.glyph, self.scale);
                ctx.set_char_size(cols as u32, rows as u32);
                self.screen = Screen::new(cols, rows);
                self.notice = (!skipped.is_empty())
                    .then(|| format!("Skipped {}: too large for this window", skipped.join(", ")));
                return;
            }
            skipped.push(format!("{} ({})", font.name, font.glyph));
        }
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

    fn draw(&mut self, ctx: &mut BTerm) {
        let caption = self
            .watch
            .as_ref()
            .map(|(watch, _)| format!("Making the level: {} (any key skips)", watch.caption()));
        let hud = Hud {
            font: self.fonts.active(),
            notice: caption.as_deref().or(self.notice.as_deref()),
        };
        match (&self.watch, &self.session) {
            (Some((watch, _)), _) => compose_watch(watch, &hud, &mut self.screen),
            (None, Some(session)) => {
                compose(session.game(), session.view(), &hud, &mut self.screen);
            }
            (None, None) => compose_waiting(&hud, &mut self.screen),
        }
        render::draw(&self.screen, ctx);
    }

    fn frame_done(&self) -> bool {
        self.quit_requested || self.exit_after.is_some_and(|n| self.stats.frames() >= n)
    }

    /// Ends the game after this frame: a line with the seed, position and frame timings,
    /// the screenshot (saved by [`save_screenshot`] once the frame is drawn), then exit
    /// status 0.
    fn finish(&mut self, ctx: &mut BTerm) {
        self.screenshot_due = self.screenshot.is_some();
        // The seed first: it is what a bug report needs.
        let line = match (&self.session, &self.loading) {
            (Some(session), _) => {
                let game = session.game();
                let p = game.player();
                format!(
                    "seed {}; @ ({}, {}) after {} moves; {}",
                    game.seed(),
                    p.x,
                    p.y,
                    game.moves(),
                    self.stats.summary()
                )
            }
            (None, Some(loading)) => format!(
                "seed {}; still generating; {}",
                loading.order().seed,
                self.stats.summary()
            ),
            (None, None) => format!("no dungeon; {}", self.stats.summary()),
        };
        // A closed standard output is no reason to fail the exit.
        let _ = writeln!(std::io::stdout(), "{line}");
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
        if let Some(heartbeat) = &self.heartbeat {
            heartbeat.beat();
        }
        self.take_made_dungeon();
        let keys = self.take_keys();
        let watching = self.play_watch(&keys);
        // A playback moves on its own: no slowing down while it runs.
        self.pace(!keys.is_empty() || watching);
        let keys = if watching { Vec::new() } else { keys };
        for key in keys {
            if let Some(action) = action_for(key) {
                self.perform(action, ctx);
            }
        }
        if let Some(session) = &mut self.session
            && let Err(e) = session.game_mut().update_fov()
        {
            // The movement rules keep the `@` on the map; this is a bug, not bad input.
            let _ = writeln!(std::io::stderr(), "error: field of view: {e}");
            std::process::exit(101);
        }
        self.draw(ctx);
        self.stats.record(start - self.clock, start.elapsed());
        if self.frame_done() {
            self.finish(ctx);
        }
    }
}

/// bracket-lib's hook after each frame is drawn into its frame buffer (which is bound
/// then): on the last frame, reads the pixels back and saves `--screenshot`. A failure
/// (its directory removed during play, say) is one line and exit status 1; bracket-lib's
/// own screenshot would panic.
#[allow(unsafe_code, reason = "glow's read_pixels is a C call into OpenGL")]
pub fn save_screenshot(state: &mut dyn Any, gl: &glow::Context) {
    let Some(app) = state.downcast_mut::<App>() else {
        return;
    };
    if !std::mem::take(&mut app.screenshot_due) {
        return;
    }
    let Some(path) = &app.screenshot else {
        return;
    };
    let (width, height) = app.window_px;
    let mut pixels = vec![0; width as usize * height as usize * 4];
    // SAFETY: `pixels` holds exactly width x height RGBA bytes, packed with alignment 1,
    // and bracket-lib's frame buffer of the window's size is bound.
    unsafe {
        gl.pixel_store_i32(glow::PACK_ALIGNMENT, 1);
        gl.read_pixels(
            0,
            0,
            width as i32,
            height as i32,
            glow::RGBA,
            glow::UNSIGNED_BYTE,
            glow::PixelPackData::Slice(&mut pixels),
        );
    }
    if let Err(e) = save_png(path, width, height, &pixels) {
        let _ = writeln!(std::io::stderr(), "error: {e}");
        std::process::exit(1);
    }
}
