//! The frame loop: bracket-lib calls [`App::tick`] once per frame.
//!
//! Each frame: take a level made off the loop, if any; read the replay's next input (a
//! replayed key waits while a plan runs or a level is made) and the window's events
//! (keys, clicks, the mouse over the map); hand each to the session; advance the running
//! plan by the time since the last frame; draw. Levels are made off the loop
//! ([`Loading`]): the first while the window opens, those of `R` and of new depths while
//! the old one stays on screen with a "generating" notice, and `Esc` quits meanwhile.

use std::any::Any;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bracket_lib::prelude::{BACKEND, BEvent, BTerm, GameState, INPUT};
use game_core::action::{Input, Key};
use game_core::cli::{ExitAfter, GameArgs, GeneratorSetup};
use game_core::fonts::FontSet;
use game_core::frame_stats::FrameStats;
use game_core::game::Game;
use game_core::level::LevelOrder;
use game_core::loading::Loading;
use game_core::pacing::frame_wait_ms;
use game_core::replay::Replay;
use game_core::report::report_json;
use game_core::scene::{Hud, Screen, compose, compose_waiting, compose_watch, map_view};
use game_core::screenshot::save_png;
use game_core::seed::fresh_seed;
use game_core::session::{Request, Response, Session, a_level};
use game_core::watch::{WATCH_TIME, Watch};
use game_core::window_size::{WindowPlan, console_cells, font_fits};
use glow::HasContext;
use mapgen::Point;

use super::watchdog::Heartbeat;
use super::{keys, render};

/// With `--step-ms 0`, a running plan takes steps until this much of the frame is used.
const PLAN_BUDGET: Duration = Duration::from_millis(8);

/// Everything the window keeps between frames.
pub struct App {
    /// The game, once its first level is made.
    session: Option<Session>,
    /// A level being made: the first, or one `R` or new stairs asked for.
    loading: Option<Loading>,
    /// The generators, for the session the first level starts.
    setup: Option<GeneratorSetup>,
    fov_radius: u32,
    step_ms: u32,
    slide_ms: u32,
    fonts: FontSet,
    /// The window's size in pixels, fixed at start-up.
    window_px: (u32, u32),
    /// A cell's size over the glyph's, kept when `F` switches fonts.
    scale: f32,
    screen: Screen,
    replay: Replay,
    exit_after: Option<ExitAfter>,
    screenshot: Option<PathBuf>,
    report: Option<PathBuf>,
    /// Set on the last frame: [`save_screenshot`] saves it once it is drawn.
    screenshot_due: bool,
    stats: FrameStats,
    /// The frames that began with the view sliding between rooms.
    slide_stats: FrameStats,
    clock: Instant,
    /// When the last frame started: the plan's time passes between frames.
    last_frame: Option<Instant>,
    notice: Option<String>,
    fps_cap: u32,
    /// Off for scripted runs (`--exit-after`), whose timings should be steady.
    throttle_when_idle: bool,
    last_input: Instant,
    frame_wait_ms: Option<u64>,
    keys: keys::Modifiers,
    mouse: Mouse,
    quit_requested: bool,
    /// The game ends: one more frame is drawn as it is (bracket-lib shows a tick's cells
    /// at the next frame), then [`App::finish`].
    closing: bool,
    finished: bool,
    /// Beaten each frame, for the watchdog.
    heartbeat: Option<Heartbeat>,
    /// The level being made, played back (`W`), and when it started.
    watch: Option<(Watch, Instant)>,
    /// `--watch`: every new level starts with its playback.
    watch_new_levels: bool,
}

/// How long the finished level stays on screen after a playback, before play resumes.
const WATCH_HOLD: Duration = Duration::from_secs(1);

/// The mouse over the console: where it was last frame, and whether it has moved at
/// all (a pointer that sits where it was when the window opened shows no route).
#[derive(Debug)]
struct Mouse {
    cell: Option<(i32, i32)>,
    moved: bool,
    /// False once the pointer left the window (X tells no entering when the window
    /// opens under the pointer, so it starts true).
    in_window: bool,
    /// The map tile last reported as hovered, and the camera it was seen through.
    reported: Option<(Point, Point)>,
}

impl Default for Mouse {
    fn default() -> Mouse {
        Mouse {
            cell: None,
            moved: false,
            in_window: true,
            reported: None,
        }
    }
}

/// The notice while `order` is being made.
fn generating_notice(order: &LevelOrder) -> String {
    format!(
        "Generating {}, seed {} ...",
        a_level(order.generator.kind()),
        order.seed
    )
}

impl App {
    /// The app while `first` (the first level) is being made, in a window of `plan`,
    /// with the generators of `setup`, the fonts registered in the window and the
    /// scripted flags (`--replay`, `--exit-after`, `--screenshot`, `--report`) from
    /// `args`.
    pub fn new(
        first: Loading,
        setup: GeneratorSetup,
        fonts: FontSet,
        plan: &WindowPlan,
        args: &GameArgs,
    ) -> App {
        App {
            session: None,
            notice: Some(generating_notice(first.order())),
            loading: Some(first),
            setup: Some(setup),
            fov_radius: args.fov_radius,
            step_ms: args.step_ms,
            slide_ms: args.slide_ms,
            fonts,
            window_px: plan.window_px(),
            scale: plan.scale,
            screen: Screen::new(plan.cells.0, plan.cells.1),
            replay: Replay::new(args.replay_inputs()),
            exit_after: args.exit_after,
            screenshot: args.screenshot.clone(),
            report: args.report.clone(),
            screenshot_due: false,
            stats: FrameStats::default(),
            slide_stats: FrameStats::default(),
            clock: Instant::now(),
            last_frame: None,
            fps_cap: args.fps_cap,
            throttle_when_idle: args.exit_after.is_none(),
            last_input: Instant::now(),
            frame_wait_ms: None,
            keys: keys::Modifiers::default(),
            mouse: Mouse::default(),
            quit_requested: false,
            closing: false,
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

    /// A line for the log, or the notice before there is a game.
    fn note(&mut self, line: &str) {
        match &mut self.session {
            Some(session) => session.note(line),
            None => self.notice = Some(line.to_string()),
        }
    }

    /// Takes a level that has been made, if any: the first starts the session, a later
    /// one goes into it.
    fn take_made_level(&mut self) {
        let Some(loading) = &mut self.loading else {
            return;
        };
        let Some(made) = loading.poll() else {
            return;
        };
        let order = loading.order().clone();
        self.loading = None;
        self.notice = None;
        match (made, &mut self.session) {
            (Ok(level), Some(session)) => {
                session.install(level);
                self.watch_if_asked();
            }
            (Ok(level), None) => {
                let setup = self.setup.take();
                let game = Game::from_level(level, self.fov_radius);
                let mut session = Session::new(game)
                    .with_step_ms(self.step_ms)
                    .with_vaults(order.vaults.clone())
                    .with_slide_ms(self.slide_ms);
                if let Some(setup) = setup {
                    session = session
                        .with_generator_choices(setup.choices)
                        .with_skipped_generators(setup.skipped)
                        .with_levels(setup.levels);
                }
                self.session = Some(session);
                self.watch_if_asked();
            }
            (Err(e), Some(session)) => session.note(&format!("No new level: {e}")),
            (Err(e), None) => {
                // Settings that validate but cannot be grown (the generator gave up).
                let _ = writeln!(std::io::stderr(), "error: seed {}: {e}", order.seed);
                std::process::exit(2);
            }
        }
    }

    /// A level being made or played back, or a plan running: the replay waits.
    fn is_busy(&self) -> bool {
        self.loading.is_some()
            || self.watch.is_some()
            || self.session.as_ref().is_some_and(Session::is_busy)
    }

    /// This frame's inputs: the replay's next (none while a level is made or a plan
    /// runs, so a replay plays as it was written), then the window's keys and clicks in
    /// the order they came, then the mouse over a new map tile. A close request from the
    /// window manager quits (bracket-lib leaves that to us with the event queue).
    fn take_inputs(&mut self) -> Vec<Input> {
        let mut inputs: Vec<Input> = self
            .replay
            .next_when_idle(self.is_busy())
            .into_iter()
            .collect();
        let view = map_view(&self.screen);
        let mut input = INPUT.lock();
        let cell = input.mouse_tile_pos(0);
        while let Some(event) = input.pop() {
            match event {
                BEvent::KeyboardInput { key, pressed, .. } => {
                    self.keys.note(key, pressed);
                    if pressed {
                        inputs.extend(self.keys.key_from(key).map(Input::Key));
                    }
                }
                BEvent::Character { c } => {
                    inputs.extend(keys::key_from_char(c).map(Input::Key));
                }
                BEvent::MouseClick {
                    button: 0,
                    pressed: true,
                } => {
                    let tile = self.tile_at(view, cell);
                    inputs.extend(tile.map(Input::Click));
                }
                BEvent::CursorEntered => self.mouse.in_window = true,
                BEvent::CursorLeft => self.mouse.in_window = false,
                BEvent::CloseRequested => self.quit_requested = true,
                _ => {}
            }
        }
        drop(input);
        if self.mouse.cell.is_some_and(|last| last != cell) {
            self.mouse.moved = true;
        }
        self.mouse.cell = Some(cell);
        inputs.extend(self.hover(view, cell));
        inputs
    }

    /// The map tile under the mouse, through the session's camera.
    fn tile_at(&self, view: game_core::viewport::Viewport, cell: (i32, i32)) -> Option<Point> {
        let session = self.session.as_ref()?;
        session.camera().to_map(view, cell)
    }

    /// The mouse over a map tile it was not over last frame (it moved, or the map
    /// scrolled under it); the hover is forgotten when it leaves the map view.
    fn hover(&mut self, view: game_core::viewport::Viewport, cell: (i32, i32)) -> Option<Input> {
        if !self.mouse.moved {
            return None;
        }
        let session = self.session.as_mut()?;
        let origin = session.camera().origin();
        let tile = session
            .camera()
            .to_map(view, cell)
            .filter(|_| self.mouse.in_window);
        let Some(tile) = tile else {
            if self.mouse.reported.take().is_some() {
                session.clear_hover();
            }
            return None;
        };
        if self.mouse.reported == Some((tile, origin)) {
            return None;
        }
        self.mouse.reported = Some((tile, origin));
        Some(Input::Hover(tile))
    }

    fn perform(&mut self, input: Input, ctx: &mut BTerm) {
        // While a level is being made, only Esc acts: there is nothing to play yet, or
        // the level on screen is about to go.
        if self.loading.is_some() {
            self.quit_requested |= input == Input::Key(Key::Escape);
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        match session.input(input, &mut fresh_seed) {
            Request::Done(Response::Continue) => {}
            Request::Done(Response::NextFont) => self.next_font(ctx),
            Request::Done(Response::Watch) => self.start_watch(),
            Request::Done(Response::Quit) => self.quit_requested = true,
            Request::Generate(order) => {
                self.notice = Some(generating_notice(&order));
                self.loading = Some(Loading::start(order));
            }
        }
    }

    /// `--watch`: a new level starts with its playback.
    fn watch_if_asked(&mut self) {
        if self.watch_new_levels {
            self.start_watch();
        }
    }

    /// Starts playing back the making of the level in play (its generation recorded again
    /// from its generator and seed).
    fn start_watch(&mut self) {
        let Some(session) = &mut self.session else {
            return;
        };
        let level = session.game().level();
        match Watch::new(level.generator(), level.seed(), session.descent().vaults()) {
            Ok(watch) => self.watch = Some((watch, Instant::now())),
            Err(e) => session.note(&format!("Cannot replay this level: {e}")),
        }
    }

    /// Moves the playback on to this frame's time. Any input but the mouse's moving
    /// skips to the end and back to play, as does the end of the playback once the level
    /// has shown for a moment. True while it goes on: the inputs are then its own.
    fn play_watch(&mut self, inputs: &[Input]) -> bool {
        let Some((watch, started)) = &mut self.watch else {
            return false;
        };
        let elapsed = started.elapsed();
        watch.show_until(elapsed);
        let skipped = inputs.iter().any(|i| !matches!(i, Input::Hover(_)));
        if skipped || elapsed >= WATCH_TIME + WATCH_HOLD {
            self.watch = None;
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
                self.note(&format!(
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
                if !skipped.is_empty() {
                    self.note(&format!(
                        "Skipped {}: too large for this window",
                        skipped.join(", ")
                    ));
                }
                return;
            }
            skipped.push(format!("{} ({})", font.name, font.glyph));
        }
    }

    /// Slows the frame rate down while no key comes and no plan runs, and back up when
    /// one does, by setting bracket-lib's wait between frames (a public field of its
    /// backend).
    fn pace(&mut self, active: bool) {
        if active {
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
        match (&self.watch, &mut self.session) {
            (Some((watch, _)), _) => compose_watch(watch, &hud, &mut self.screen),
            (None, Some(session)) => {
                session.frame(map_view(&self.screen));
                compose(session, &hud, &mut self.screen);
            }
            (None, None) => compose_waiting(&hud, &mut self.screen),
        }
        render::draw(&self.screen, ctx);
    }

    fn frame_done(&self) -> bool {
        let idle = || self.session.is_some() && self.replay.remaining() == 0 && !self.is_busy();
        self.quit_requested
            || match self.exit_after {
                Some(ExitAfter::Frames(n)) => self.stats.frames() >= n,
                Some(ExitAfter::Idle) => idle(),
                None => false,
            }
    }

    /// Ends the game after this frame: a line with the seed, the level, the position and
    /// frame timings, the report, the screenshot (saved by [`save_screenshot`] once the
    /// frame is drawn), then exit status 0.
    fn finish(&mut self, ctx: &mut BTerm) {
        self.screenshot_due = self.screenshot.is_some();
        // The seed first: it is what a bug report needs.
        let line = match (&self.session, &self.loading) {
            (Some(session), _) => {
                let game = session.game();
                let p = game.player();
                let level = game.level();
                format!(
                    "seed {}; depth {}, {} level seed {}; @ ({}, {}) after {} moves; {}",
                    game.seed(),
                    game.depth(),
                    level.generator().kind(),
                    level.seed(),
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
            (None, None) => format!("no game; {}", self.stats.summary()),
        };
        let slides = match self.slide_stats.frames() {
            0 => String::new(),
            _ => format!("; while sliding: {}", self.slide_stats.summary()),
        };
        // A closed standard output is no reason to fail the exit.
        let _ = writeln!(std::io::stdout(), "{line}{slides}");
        if let (Some(path), Some(session)) = (&self.report, &self.session)
            && let Err(e) = std::fs::write(path, report_json(session))
        {
            let path = path.display();
            let _ = writeln!(std::io::stderr(), "error: --report {path}: {e}");
            std::process::exit(1);
        }
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
        let elapsed = self.last_frame.map_or(Duration::ZERO, |last| start - last);
        self.last_frame = Some(start);
        if let Some(heartbeat) = &self.heartbeat {
            heartbeat.beat();
        }
        if self.closing {
            // bracket-lib draws the cells of the last tick now; this tick's are the same,
            // and the screenshot is taken after they are drawn.
            self.draw(ctx);
            self.finish(ctx);
            return;
        }
        // A frame of a slide already under way: no input acts and no step is taken.
        let sliding = self.session.as_ref().is_some_and(Session::is_sliding);
        self.take_made_level();
        let inputs = self.take_inputs();
        let typed = inputs.iter().any(|i| !matches!(i, Input::Hover(_)));
        // A playback takes this frame's inputs, and moves on at full frame rate.
        let watching = self.play_watch(&inputs);
        let inputs = if watching { Vec::new() } else { inputs };
        for input in inputs {
            self.perform(input, ctx);
        }
        if let Some(session) = &mut self.session
            && let Err(e) = session.tick(elapsed, &mut || start.elapsed() < PLAN_BUDGET)
        {
            // The movement rules keep the `@` on the map; this is a bug, not bad input.
            let _ = writeln!(std::io::stderr(), "error: field of view: {e}");
            std::process::exit(101);
        }
        // A key pressed while the view slid between rooms acts once it is over.
        if let Some(kept) = self.session.as_mut().and_then(Session::take_kept_input) {
            self.perform(kept, ctx);
        }
        let busy = self.is_busy();
        self.pace(typed || busy || watching);
        self.draw(ctx);
        let work = start.elapsed();
        self.stats.record(start - self.clock, work);
        if sliding {
            self.slide_stats.record(start - self.clock, work);
        }
        self.closing = self.frame_done();
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
