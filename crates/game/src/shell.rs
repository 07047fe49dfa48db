//! The frame loop's shell: bracket-lib calls [`Shell::tick`] once a frame; the shell
//! turns bracket's keys and mouse into the app's events, hands them to
//! [`App::frame`] with the time since the last frame, copies the app's cells into the
//! console, and does the window's own jobs: the font switch, the frame rate, the
//! timings, the watchdog's heartbeat, and at the end the exit line, the report and the
//! screenshot.

use std::any::Any;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bracket_lib::prelude::{BACKEND, BEvent, BTerm, GameState, INPUT, RGB};
use game_app::app::{App, Ending, FrameInput, UiEvent};
use game_flags::GameArgs;
use game_native::frame_stats::FrameStats;
use game_native::pacing::frame_wait_ms;
use game_native::screenshot::save_png;
use game_native::watchdog::Heartbeat;
use glow::HasContext;

use crate::keys;

/// With `--step-ms 0`, a running plan takes steps until this much of the frame is used.
const PLAN_BUDGET: Duration = Duration::from_millis(8);

/// The window's side of the game: the app, and what only a window has.
pub struct Shell {
    app: App,
    /// The window's size in pixels, for the screenshot.
    window_px: (u32, u32),
    /// The font and console size last given to bracket-lib.
    applied: (usize, (i32, i32)),
    keys: keys::Modifiers,
    screenshot: Option<PathBuf>,
    report: Option<PathBuf>,
    /// Set on the last frame: [`save_screenshot`] saves it once it is drawn.
    screenshot_due: bool,
    stats: FrameStats,
    /// The frames that began with the view sliding between rooms.
    slide_stats: FrameStats,
    clock: Instant,
    last_frame: Option<Instant>,
    fps_cap: u32,
    /// Off for scripted runs (`--exit-after`), whose timings should be steady.
    throttle_when_idle: bool,
    last_input: Instant,
    /// The game ends: one more frame is drawn as it is (bracket-lib shows a tick's cells
    /// at the next frame), then [`Shell::finish`].
    closing: bool,
    finished: bool,
    heartbeat: Option<Heartbeat>,
}

impl Shell {
    /// The shell around `app`, in a window of `window_px` pixels, with the flags of
    /// `args` that only a window has.
    pub fn new(app: App, window_px: (u32, u32), args: &GameArgs) -> Shell {
        let applied = (
            app.font_index(),
            (app.screen().width(), app.screen().height()),
        );
        Shell {
            app,
            window_px,
            applied,
            keys: keys::Modifiers::default(),
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
            closing: false,
            finished: false,
            heartbeat: None,
        }
    }

    /// The same shell, beating `heartbeat` each frame.
    #[must_use]
    pub fn with_heartbeat(mut self, heartbeat: Option<Heartbeat>) -> Shell {
        self.heartbeat = heartbeat;
        self
    }

    /// bracket-lib's queued events as the app's, and the mouse's cell.
    fn events(&mut self) -> (Vec<UiEvent>, (i32, i32)) {
        let mut events = Vec::new();
        let mut input = INPUT.lock();
        let cell = input.mouse_tile_pos(0);
        while let Some(event) = input.pop() {
            match event {
                BEvent::KeyboardInput { key, pressed, .. } => {
                    self.keys.note(key, pressed);
                    if pressed {
                        events.extend(self.keys.key_from(key).map(UiEvent::Key));
                    }
                }
                BEvent::Character { c } => {
                    events.extend(keys::key_from_char(c).map(UiEvent::Key));
                }
                BEvent::MouseClick {
                    button: 0,
                    pressed: true,
                } => events.push(UiEvent::Click(cell)),
                BEvent::CursorEntered => events.push(UiEvent::PointerEntered),
                BEvent::CursorLeft => events.push(UiEvent::PointerLeft),
                BEvent::CloseRequested => events.push(UiEvent::CloseRequested),
                _ => {}
            }
        }
        (events, cell)
    }

    /// Gives bracket-lib the app's font and console size when they changed (`F`).
    fn apply_font(&mut self, ctx: &mut BTerm) {
        let screen = self.app.screen();
        let now = (self.app.font_index(), (screen.width(), screen.height()));
        if now != self.applied {
            ctx.set_active_font(now.0, false);
            ctx.set_char_size(now.1.0 as u32, now.1.1 as u32);
            self.applied = now;
        }
    }

    /// Copies every cell of the app's screen into the console.
    fn draw(&self, ctx: &mut BTerm) {
        for (p, cell) in self.app.screen().cells() {
            let (fg, bg) = (RGB::named(cell.fg), RGB::named(cell.bg));
            ctx.set(p.x, p.y, fg, bg, cell.glyph);
        }
    }

    /// Slows the frame rate down while no key comes and nothing runs, and back up when
    /// something does, by setting bracket-lib's wait between frames (every frame: the
    /// wake watcher, [`crate::wake`], may have dropped it).
    fn pace(&mut self, active: bool) {
        if active {
            self.last_input = Instant::now();
        }
        let wait = frame_wait_ms(
            self.fps_cap,
            self.last_input.elapsed(),
            self.throttle_when_idle,
        );
        BACKEND.lock().frame_sleep_time = Some(wait);
    }

    /// Ends the game after this frame: the exit line with the frame timings, the
    /// report, the screenshot (saved by [`save_screenshot`] once the frame is drawn).
    fn finish(&mut self, ctx: &mut BTerm) {
        self.screenshot_due = self.screenshot.is_some();
        let slides = match self.slide_stats.frames() {
            0 => String::new(),
            _ => format!("; while sliding: {}", self.slide_stats.summary()),
        };
        let line = format!("{}; {}{slides}", self.app.exit_line(), self.stats.summary());
        // A closed standard output is no reason to fail the exit.
        let _ = writeln!(std::io::stdout(), "{line}");
        if let (Some(path), Some(report)) = (&self.report, self.app.report())
            && let Err(e) = std::fs::write(path, report)
        {
            let path = path.display();
            let _ = writeln!(std::io::stderr(), "error: --report {path}: {e}");
            std::process::exit(1);
        }
        self.finished = true;
        ctx.quit();
    }
}

impl GameState for Shell {
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
        let (events, cell) = self.events();
        let done = self.app.frame(FrameInput {
            elapsed,
            events: &events,
            pointer: Some(cell),
            time_left: &mut || start.elapsed() < PLAN_BUDGET,
        });
        if let Some(Ending::Failed { message, status }) = &done.ending {
            let _ = writeln!(std::io::stderr(), "error: {message}");
            std::process::exit(i32::from(*status));
        }
        self.pace(done.active);
        self.apply_font(ctx);
        self.draw(ctx);
        let work = start.elapsed();
        self.stats.record(start - self.clock, work);
        if done.sliding {
            self.slide_stats.record(start - self.clock, work);
        } else {
            self.slide_stats.pause();
        }
        self.closing = done.ending.is_some();
    }
}

/// bracket-lib's hook after each frame is drawn into its frame buffer (which is bound
/// then): on the last frame, reads the pixels back and saves `--screenshot`. A failure
/// (its directory removed during play, say) is one line and exit status 1; bracket-lib's
/// own screenshot would panic.
#[allow(unsafe_code, reason = "glow's read_pixels is a C call into OpenGL")]
pub fn save_screenshot(state: &mut dyn Any, gl: &glow::Context) {
    let Some(shell) = state.downcast_mut::<Shell>() else {
        return;
    };
    if !std::mem::take(&mut shell.screenshot_due) {
        return;
    }
    let Some(path) = &shell.screenshot else {
        return;
    };
    let (width, height) = shell.window_px;
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
