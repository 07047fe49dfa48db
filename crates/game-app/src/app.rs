//! The frame loop as a state machine: a front end calls [`App::frame`] once a frame with
//! the time since the last one and what the player did, then draws [`App::screen`]'s
//! cells in [`App::font_index`]'s font. That is the whole display contract: the app's
//! cells out; the input and the elapsed time in.
//!
//! Each frame: take a level made off the loop, if any; read the replay's next input (a
//! replayed key waits while a plan runs or a level is made) and the front end's events
//! (keys, clicks, the pointer over a new map tile); hand each to the session; advance
//! the running plan by the elapsed time; draw. Levels are made off the loop
//! ([`Loading`]): the first while the front end opens, those of `R` and of new depths
//! while the old one stays on screen with a "generating" notice, and `Esc` quits
//! meanwhile. Nothing here reads a clock: the frame's time comes in as a value, and the
//! front end says when the frame's budget for steps is spent.

use std::time::Duration;

use game_core::game::Game;
use mapgen::Point;

use crate::action::{Input, Key};
use crate::config::{Config, ExitAfter, GeneratorSetup};
use crate::fonts::{Fonts, Surface, console_cells, font_fits};
use crate::loading::Loading;
use crate::replay::Replay;
use crate::report::{Quit, report_json};
use crate::scene::{Hud, Screen, compose, compose_waiting, compose_watch, map_view};
use crate::session::{Request, Response, Session, a_level};
use crate::viewport::Viewport;
use crate::watch::{Playback, Progress};
use game_core::level::LevelOrder;

/// The notice while `order` is being made.
fn generating_notice(order: &LevelOrder) -> String {
    format!(
        "Generating {}, seed {} ...",
        a_level(order.generator.kind()),
        order.seed
    )
}

/// What the player did on the front end this frame, in the order it came. Positions
/// are console cells; the app turns them into map tiles through its camera.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UiEvent {
    /// A key press.
    Key(Key),
    /// A click (left button) on a console cell.
    Click((i32, i32)),
    /// The pointer came back over the surface.
    PointerEntered,
    /// The pointer left the surface.
    PointerLeft,
    /// The front end was asked to close (the window's close button).
    CloseRequested,
}

/// One frame's input.
pub struct FrameInput<'a> {
    /// The time since the last frame started (zero for the first).
    pub elapsed: Duration,
    /// What the player did.
    pub events: &'a [UiEvent],
    /// The console cell under the pointer; `None` for a front end without one.
    pub pointer: Option<(i32, i32)>,
    /// With `--step-ms 0`, asked between the steps of a running plan: true while the
    /// frame has time for another (the front end's clock, not the app's).
    pub time_left: &'a mut dyn FnMut() -> bool,
}

/// How a game ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// The player quit, or `--exit-after` was reached: draw this frame, then finish
    /// (exit status 0).
    Finished,
    /// The game cannot go on: one line to print and the exit status (2 for settings the
    /// generator gave up on before any level was made, 101 for a bug).
    Failed {
        /// The line, without "error: ".
        message: String,
        /// The exit status.
        status: u8,
    },
}

/// What a frame did, for the front end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameDone {
    /// The player did something or something runs: a front end that slows down when
    /// idle should not.
    pub active: bool,
    /// The frame began with the view sliding between rooms.
    pub sliding: bool,
    /// The game ends with this frame.
    pub ending: Option<Ending>,
}

/// The pointer over the console: where it was last frame, and whether it has moved at
/// all (a pointer that sits where it was when the window opened shows no route).
#[derive(Debug)]
struct Pointer {
    cell: Option<(i32, i32)>,
    moved: bool,
    /// False once the pointer left the surface (X tells no entering when the window
    /// opens under the pointer, so it starts true).
    inside: bool,
    /// The map tile last reported as hovered, and the camera it was seen through.
    reported: Option<(Point, Point)>,
}

/// A game on any front end: the session once its first level is made, the level being
/// made, the playback being watched, the replay, the fonts and the screen.
pub struct App {
    config: Config,
    /// The game, once its first level is made.
    session: Option<Session>,
    /// A level being made: the first, or one `R` or new stairs asked for.
    loading: Option<Loading>,
    /// The generators, for the session the first level starts.
    setup: Option<GeneratorSetup>,
    fonts: Fonts,
    surface: Surface,
    screen: Screen,
    replay: Replay,
    notice: Option<String>,
    pointer: Pointer,
    quit_requested: bool,
    /// The level's making, recorded and played back (`W`).
    watch: Option<Playback>,
    frames: u64,
    fresh_seed: Box<dyn FnMut() -> u64>,
}

impl App {
    /// A game of `config`, drawn in `fonts` on `surface` in a console of `cells`, its
    /// first level started at once (on a thread of its own where there is one).
    /// `fresh_seed` gives `R` its seeds (the front end's clock, say).
    pub fn new(
        config: Config,
        fonts: Fonts,
        surface: Surface,
        cells: (i32, i32),
        fresh_seed: Box<dyn FnMut() -> u64>,
    ) -> App {
        let first = Loading::start(LevelOrder {
            vaults: config.vaults.clone(),
            locks: config.locks,
            ..LevelOrder::first(config.generators.first.clone(), config.seed)
        });
        App {
            session: None,
            notice: Some(generating_notice(first.order())),
            loading: Some(first),
            setup: Some(config.generators.clone()),
            fonts,
            surface,
            screen: Screen::new(cells.0, cells.1),
            replay: Replay::new(config.replay.clone()),
            pointer: Pointer {
                cell: None,
                moved: false,
                inside: true,
                reported: None,
            },
            quit_requested: false,
            watch: None,
            frames: 0,
            fresh_seed,
            config,
        }
    }

    /// Plays one frame: see the [module](self).
    pub fn frame(&mut self, input: FrameInput<'_>) -> FrameDone {
        let FrameInput {
            elapsed,
            events,
            pointer,
            time_left,
        } = input;
        self.frames += 1;
        let sliding = self.session.as_ref().is_some_and(Session::is_sliding);
        if let Some(ending) = self.take_made_level() {
            return FrameDone {
                active: true,
                sliding,
                ending: Some(ending),
            };
        }
        let inputs = self.take_inputs(events, pointer);
        let typed = inputs.iter().any(|i| !matches!(i, Input::Hover(_)));
        // A playback takes this frame's inputs, and moves on at full frame rate.
        let watching = self.play_watch(&inputs, elapsed);
        if !watching {
            for input in inputs {
                self.perform(input);
            }
        }
        if let Some(session) = &mut self.session
            && let Err(e) = session.tick(elapsed, time_left)
        {
            // The movement rules keep the `@` on the map; this is a bug, not bad input.
            let message = format!("field of view: {e}");
            let ending = Some(Ending::Failed {
                message,
                status: 101,
            });
            return FrameDone {
                active: true,
                sliding,
                ending,
            };
        }
        // A key pressed while the view slid between rooms acts once it is over.
        if let Some(kept) = self.session.as_mut().and_then(Session::take_kept_input) {
            self.perform(kept);
        }
        let active = typed || self.is_busy() || watching;
        self.draw();
        FrameDone {
            active,
            sliding,
            ending: self.is_done().then_some(Ending::Finished),
        }
    }

    /// The cells of the last frame.
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The index of the font the cells are drawn in.
    pub fn font_index(&self) -> usize {
        self.fonts.active_index()
    }

    /// The game, once its first level is made.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// The surface changed size (a page resized): the console is laid out again for
    /// the font in use, and the map view scrolls if the map no longer fits.
    pub fn resize(&mut self, surface: Surface) {
        self.surface = surface;
        let glyph = self.fonts.active().glyph;
        let (cols, rows) = console_cells(surface.px, glyph, surface.scale);
        self.screen = Screen::new(cols, rows);
    }

    /// True once the replay is used up, nothing runs and no level is being made: a
    /// script's end (`--exit-after idle`).
    pub fn is_idle(&self) -> bool {
        self.session.is_some() && self.replay.remaining() == 0 && !self.is_busy()
    }

    /// The report of the game as JSON on one line (`--report`), the last frame's
    /// screen included; `None` before the first level is made.
    pub fn report(&self) -> Option<String> {
        let quit = if self.quit_requested {
            Quit::Asked
        } else {
            Quit::NotAsked
        };
        self.session
            .as_ref()
            .map(|s| report_json(s, &self.screen, quit))
    }

    /// The exit line's first part: the seed (what a bug report needs), the depth with
    /// its generator and level seed, the `@`'s position and the moves. The front end
    /// adds its frame timings.
    pub fn exit_line(&self) -> String {
        match (&self.session, &self.loading) {
            (Some(session), _) => {
                let game = session.game();
                let p = game.player();
                let level = game.level();
                format!(
                    "seed {}; depth {}, {} level seed {}; @ ({}, {}) after {} moves",
                    game.seed(),
                    game.depth(),
                    level.generator().kind(),
                    level.seed(),
                    p.x,
                    p.y,
                    game.moves(),
                )
            }
            (None, Some(loading)) => format!("seed {}; still generating", loading.order().seed),
            (None, None) => "no game".to_string(),
        }
    }

    /// A line for the log, or the notice before there is a game.
    fn note(&mut self, line: &str) {
        match &mut self.session {
            Some(session) => session.note(line),
            None => self.notice = Some(line.to_string()),
        }
    }

    /// Takes a level that has been made, if any: the first starts the session, a later
    /// one goes into it. A first level the generator gave up on ends the game.
    fn take_made_level(&mut self) -> Option<Ending> {
        let made = self.loading.as_mut()?.poll()?;
        let order = self.loading.take()?.order().clone();
        self.notice = None;
        match (made, &mut self.session) {
            (Ok(level), Some(session)) => {
                session.install(level);
                self.watch_if_asked();
            }
            (Ok(level), None) => {
                let setup = self.setup.take();
                let game = Game::with_goal(level, self.config.fov_radius, self.config.goal_depth)
                    .with_monsters(self.config.monsters);
                let mut session = Session::new(game)
                    .with_step_ms(self.config.step_ms)
                    .with_vaults(order.vaults.clone())
                    .with_locks(order.locks)
                    .with_slide_ms(self.config.slide_ms);
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
                let message = format!("seed {}: {e}", order.seed);
                return Some(Ending::Failed { message, status: 2 });
            }
        }
        None
    }

    /// A level being made or played back, or a plan running: the replay waits.
    fn is_busy(&self) -> bool {
        self.loading.is_some()
            || self.watch.is_some()
            || self.session.as_ref().is_some_and(Session::is_busy)
    }

    /// This frame's inputs: the replay's next (none while a level is made or a plan
    /// runs, so a replay plays as it was written), then the front end's keys and clicks
    /// in the order they came, then the pointer over a new map tile. A close request
    /// quits.
    fn take_inputs(&mut self, events: &[UiEvent], pointer: Option<(i32, i32)>) -> Vec<Input> {
        let mut inputs: Vec<Input> = self
            .replay
            .next_when_idle(self.is_busy())
            .into_iter()
            .collect();
        let view = map_view(&self.screen);
        for &event in events {
            match event {
                UiEvent::Key(key) => inputs.push(Input::Key(key)),
                UiEvent::Click(cell) => inputs.extend(self.tile_at(view, cell).map(Input::Click)),
                UiEvent::PointerEntered => self.pointer.inside = true,
                UiEvent::PointerLeft => self.pointer.inside = false,
                UiEvent::CloseRequested => self.quit_requested = true,
            }
        }
        if let Some(cell) = pointer {
            if self.pointer.cell.is_some_and(|last| last != cell) {
                self.pointer.moved = true;
            }
            self.pointer.cell = Some(cell);
            inputs.extend(self.hover(view, cell));
        }
        inputs
    }

    /// The map tile at console cell `cell`, through the session's camera.
    fn tile_at(&self, view: Viewport, cell: (i32, i32)) -> Option<Point> {
        self.session.as_ref()?.camera().to_map(view, cell)
    }

    /// The pointer over a map tile it was not over last frame (it moved, or the map
    /// scrolled under it); the hover is forgotten when it leaves the map view.
    fn hover(&mut self, view: Viewport, cell: (i32, i32)) -> Option<Input> {
        if !self.pointer.moved {
            return None;
        }
        let session = self.session.as_mut()?;
        let origin = session.camera().origin();
        let tile = session
            .camera()
            .to_map(view, cell)
            .filter(|_| self.pointer.inside);
        let Some(tile) = tile else {
            if self.pointer.reported.take().is_some() {
                session.clear_hover();
            }
            return None;
        };
        if self.pointer.reported == Some((tile, origin)) {
            return None;
        }
        self.pointer.reported = Some((tile, origin));
        Some(Input::Hover(tile))
    }

    fn perform(&mut self, input: Input) {
        // While a level is being made, only Esc acts: there is nothing to play yet, or
        // the level on screen is about to go.
        if self.loading.is_some() {
            self.quit_requested |= input == Input::Key(Key::Escape);
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        match session.input(input, &mut self.fresh_seed) {
            Request::Done(Response::Continue) => {}
            Request::Done(Response::NextFont) => self.next_font(),
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
        if self.config.watch_new_levels {
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
        let vaults = session.descent().vaults();
        self.watch = Some(Playback::start(level.generator(), level.seed(), vaults));
    }

    /// Moves the playback on by this frame's time. Any input but the pointer's moving
    /// skips to the end and back to play, as does the end of the playback once the level
    /// has shown for a moment. True while it goes on: the inputs are then its own.
    fn play_watch(&mut self, inputs: &[Input], elapsed: Duration) -> bool {
        let Some(playback) = &mut self.watch else {
            return false;
        };
        let skipped = inputs.iter().any(|i| !matches!(i, Input::Hover(_)));
        match playback.advance(elapsed, skipped) {
            Progress::Goes => {}
            Progress::Over => self.watch = None,
            Progress::Failed(why) => {
                self.watch = None;
                self.note(&format!("Cannot replay this level: {why}"));
            }
        }
        true
    }

    /// Switches to the next font that fits the surface, at its own size: the surface
    /// stays as it is, so the console gets as many cells as fit and the map view scrolls
    /// if the map no longer fits. A font too large for the surface is skipped, with a
    /// notice.
    fn next_font(&mut self) {
        let start = self.fonts.active_index();
        let Surface { px, scale } = self.surface;
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
            if font_fits(px, font.glyph, scale) {
                let (cols, rows) = console_cells(px, font.glyph, scale);
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

    fn draw(&mut self) {
        let caption = self.watch.as_ref().map(Playback::caption);
        let hud = Hud {
            font: self.fonts.active(),
            notice: caption.as_deref().or(self.notice.as_deref()),
        };
        match (&self.watch, &mut self.session) {
            (Some(Playback::Playing(watch, _)), _) => {
                compose_watch(watch, &hud, &mut self.screen);
            }
            (_, Some(session)) => {
                session.frame(map_view(&self.screen));
                compose(session, &hud, &mut self.screen);
            }
            (_, None) => compose_waiting(&hud, &mut self.screen),
        }
    }

    /// The player quit, or `--exit-after` is reached with this frame.
    fn is_done(&self) -> bool {
        self.quit_requested
            || match self.config.exit_after {
                Some(ExitAfter::Frames(n)) => self.frames >= n,
                Some(ExitAfter::Idle) => self.is_idle(),
                None => false,
            }
    }
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("frames", &self.frames)
            .field("loading", &self.loading.as_ref().map(Loading::order))
            .field("screen", &(self.screen.width(), self.screen.height()))
            .finish_non_exhaustive()
    }
}
