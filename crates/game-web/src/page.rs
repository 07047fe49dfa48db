//! A game in a page: the app started from the page's URL parameters (read by the game's
//! own flags), the browser's events queued for the next frame, and the frame's cells
//! packed for the page's JavaScript to draw.

use std::time::Duration;

use clap::CommandFactory;
use game_app::app::{App, Ending, FrameDone, FrameInput, UiEvent};
use game_app::fonts::{FontFace, Fonts, GlyphSize, Surface, builtin_faces, console_cells};
use game_app::scene::CONSOLE_SIZE;
use game_flags::GameArgs;
use mapgen::DungeonRng;
use mapgen_flags::vaults::VaultSource;
use web_page::params::{refused, split_query, words};

/// The first line of `?help`.
const ABOUT: &str = "Explore mapgen dungeons in a web page.";

/// The game's flags a page does not take, and why.
pub const NOT_IN_A_PAGE: [(&str, &str); 7] = [
    ("font", "a page reads no files; F cycles the built-in fonts"),
    ("vsync", "the browser paces the frames"),
    ("fps-cap", "the browser paces the frames"),
    (
        "exit-after",
        "a page does not exit; window.mapgen.idle() says when the replay is played",
    ),
    ("screenshot", "a page writes no files"),
    (
        "report",
        "a page writes no files; window.mapgen.report() returns the report",
    ),
    // clap's help and usage rendering would add 37 KB to the module (docs/web.md).
    (
        "help",
        "the page takes the window's flags; `game --help` lists them, as docs/game.md does",
    ),
];

/// The largest whole scale at which the game's console ([`CONSOLE_SIZE`]) of `glyph`
/// fits `viewport`, at least 1: pixel fonts stay crisp, as in the window.
///
/// ```
/// use game_app::fonts::GlyphSize;
/// let terminal = GlyphSize { width: 8, height: 8 };
/// assert_eq!(game_web::page::fitted_scale((1280, 880), terminal), 2.0);
/// assert_eq!(game_web::page::fitted_scale((1279, 880), terminal), 1.0);
/// assert_eq!(game_web::page::fitted_scale((300, 200), terminal), 1.0);
/// ```
pub fn fitted_scale(viewport: (u32, u32), glyph: GlyphSize) -> f32 {
    let whole = |px: u32, cells: i32, glyph: u32| px / (cells.max(1) as u32 * glyph.max(1));
    let k = whole(viewport.0, CONSOLE_SIZE.0, glyph.width)
        .min(whole(viewport.1, CONSOLE_SIZE.1, glyph.height))
        .max(1);
    k as f32
}

/// A game in a page.
pub struct PageGame {
    app: App,
    /// What the browser reported since the last frame.
    events: Vec<UiEvent>,
    /// The console cell under the pointer, once it has moved over the canvas.
    pointer: Option<(i32, i32)>,
    /// The fonts, in the app's order.
    faces: Vec<FontFace>,
    /// `?scale`, when given; else the scale follows the viewport.
    asked_scale: Option<f32>,
    /// A cell's size over its glyph's, now.
    scale: f32,
    /// The last frame's cells: glyph, foreground and background (`0xRRGGBB`) each.
    cells: Vec<u32>,
    ending: Option<Ending>,
}

impl PageGame {
    /// A game of the settings in `query` (a URL's query string) on a page of `viewport`
    /// CSS pixels; `entropy` gives `R` its seeds, and the seed when `query` has none.
    ///
    /// # Errors
    /// What the window would print for the same flags and exit on: clap's message, the
    /// settings' `error:` line, or a flag a page does not take (`?help` among them).
    pub fn start(query: &str, viewport: (u32, u32), entropy: u64) -> Result<PageGame, String> {
        let pairs = split_query(query);
        if let Some(line) = refused(&pairs, &NOT_IN_A_PAGE) {
            return Err(format!("error: {line}"));
        }
        let argv = std::iter::once("game".to_string()).chain(words(&GameArgs::command(), &pairs));
        let args =
            game_flags::parse_args(ABOUT, argv).map_err(|e| cli_common::usage::message(&e))?;
        let error = |e: String| format!("error: {e}");
        let setup = args.generators().map_err(error)?;
        if let Some(VaultSource::File(path)) = &args.vaults.vaults {
            return Err(error(format!(
                "--vaults {}: a page reads no files; use --vaults builtin",
                path.display()
            )));
        }
        let vaults = args
            .vaults
            .plan()
            .map_err(|e| error(e.to_string()))?
            .map(|v| v.plan);
        let mut seeds = DungeonRng::new(entropy);
        let seed = args.seed.unwrap_or_else(|| next_seed(&mut seeds));
        let faces = builtin_faces();
        let fonts = Fonts::new(faces.clone(), 0).ok_or_else(|| error("no fonts".into()))?;
        let glyph = fonts.active().glyph;
        let scale = args.scale.unwrap_or_else(|| fitted_scale(viewport, glyph));
        let surface = Surface {
            px: viewport,
            scale,
        };
        let cells = console_cells(viewport, glyph, scale);
        let config = args.config(seed, setup, vaults);
        let fresh_seed = Box::new(move || next_seed(&mut seeds));
        Ok(PageGame {
            app: App::new(config, fonts, surface, cells, fresh_seed),
            faces,
            events: Vec::new(),
            pointer: None,
            asked_scale: args.scale,
            scale,
            cells: Vec::new(),
            ending: None,
        })
    }

    /// The app.
    pub fn app(&self) -> &App {
        &self.app
    }

    /// Queues `event` for the next frame.
    pub fn push(&mut self, event: UiEvent) {
        self.events.push(event);
    }

    /// The pointer moved over console cell `cell`.
    pub fn point_at(&mut self, cell: (i32, i32)) {
        self.pointer = Some(cell);
    }

    /// Plays a frame `elapsed` after the last, with the events queued since;
    /// `time_left` says whether the frame has time for another step of a plan. Nothing
    /// once the game has ended.
    pub fn frame(&mut self, elapsed: Duration, time_left: &mut dyn FnMut() -> bool) -> FrameDone {
        if self.ending.is_some() {
            self.events.clear();
            return FrameDone {
                active: false,
                sliding: false,
                ending: self.ending.clone(),
            };
        }
        let events = std::mem::take(&mut self.events);
        let done = self.app.frame(FrameInput {
            elapsed,
            events: &events,
            pointer: self.pointer,
            time_left,
        });
        self.pack_cells();
        self.ending.clone_from(&done.ending);
        done
    }

    /// The last frame's cells, row by row: glyph, foreground and background each, the
    /// colours as `0xRRGGBB`.
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// A cell's size over its glyph's.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The glyph size of the font the cells are drawn in.
    pub fn glyph(&self) -> GlyphSize {
        self.faces.get(self.app.font_index()).map_or(
            GlyphSize {
                width: 8,
                height: 8,
            },
            |f| f.glyph,
        )
    }

    /// The page's viewport is now `viewport` CSS pixels: the console is laid out again,
    /// at `?scale` or at the scale that fits.
    pub fn resize(&mut self, viewport: (u32, u32)) {
        let scale = self
            .asked_scale
            .unwrap_or_else(|| fitted_scale(viewport, self.glyph()));
        self.scale = scale;
        self.app.resize(Surface {
            px: viewport,
            scale,
        });
    }

    /// How the game ended, once it has: the exit line the window prints.
    pub fn ending_line(&self) -> Option<String> {
        match self.ending.as_ref()? {
            Ending::Finished => Some(self.app.exit_line()),
            Ending::Failed { message, .. } => Some(format!("error: {message}")),
        }
    }

    fn pack_cells(&mut self) {
        let rgb = |(r, g, b): tileset::Rgb| u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b);
        self.cells.clear();
        for (_, cell) in self.app.screen().cells() {
            self.cells
                .extend([u32::from(cell.glyph), rgb(cell.fg), rgb(cell.bg)]);
        }
    }
}

/// A seed from `rng`'s stream.
fn next_seed(rng: &mut DungeonRng) -> u64 {
    let low = rng.next_u32();
    u64::from(rng.next_u32()) << 32 | u64::from(low)
}
