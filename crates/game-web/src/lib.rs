//! The game in a web page: `web/game.js` draws the app's cells on a canvas in the
//! built-in CP437 fonts, and this module is the app behind it.
//!
//! The page and the module talk through a plain wasm interface of numbers (no bindings
//! generator; see `docs/web.md` for why): the functions below, each a line or two over
//! [`page::PageGame`], and text through the byte buffers of [`web_page::io`]. The
//! display contract is the window's: the elapsed time and the player's input in
//! ([`game_key`], [`game_click`], [`game_frame`]), the cells out ([`game_cells`],
//! [`game_font`]). The settings are the URL's parameters, read by the game's own flags
//! (`game-flags`), so a bad value gets the window's message.
//!
//! Exports that take no game before [`game_start`] succeeds do nothing (or return 0).

pub mod keys;
pub mod page;

use std::cell::RefCell;
use std::time::Duration;

use game_app::app::UiEvent;
use page::PageGame;
use web_page::io;

thread_local! {
    static GAME: RefCell<Option<PageGame>> = const { RefCell::new(None) };
}

/// `f` on the game, or `none` before there is one.
fn with_game<T>(none: T, f: impl FnOnce(&mut PageGame) -> T) -> T {
    GAME.with_borrow_mut(|game| game.as_mut().map_or(none, f))
}

/// The page's clock, `performance.now()` in milliseconds.
#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    #[allow(unsafe_code, reason = "an import of the page's JavaScript: its clock")]
    #[link(wasm_import_module = "env")]
    unsafe extern "C" {
        safe fn now_ms() -> f64;
    }
    now_ms()
}

/// Native builds (the tests) have no page: no time passes.
#[cfg(not(target_arch = "wasm32"))]
fn now_ms() -> f64 {
    0.0
}

/// With `--step-ms 0`, a running plan takes steps until this much of the frame is used,
/// as in the window.
const PLAN_BUDGET_MS: f64 = 8.0;

/// An inbox of `len` bytes for the page to write text into ([`web_page::io::inbox`]).
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_inbox(len: usize) -> *mut u8 {
    io::inbox(len)
}

/// Where the text an export left is.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_outbox_ptr() -> *const u8 {
    io::outbox_ptr()
}

/// How long the text an export left is, in bytes.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_outbox_len() -> usize {
    io::outbox_len()
}

/// The built-in fonts as JSON, `[{"name": "terminal8x8", "width": 8, "height": 8}, ...]`
/// in `F`'s order, into the outbox. The page loads each from `fonts/NAME.png`, a copy of
/// the sheet the window embeds (`assets/fonts/`): the module links only their names and
/// glyph sizes (`tileset::sheets::GLYPH_SIZES`), 84 KB less than the images.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_fonts() {
    let faces: Vec<String> = game_app::fonts::builtin_faces()
        .iter()
        .map(|f| {
            format!(
                r#"{{"name":{:?},"width":{},"height":{}}}"#,
                f.name, f.glyph.width, f.glyph.height
            )
        })
        .collect();
    io::set_outbox(format!("[{}]", faces.join(",")));
}

/// Starts a game of the URL query in the inbox on a viewport of `width` x `height` CSS
/// pixels; `entropy_low` and `entropy_high` seed `R`'s fresh seeds. 1 when it started;
/// 0 when the settings are refused, the message in the outbox.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_start(width: u32, height: u32, entropy_low: u32, entropy_high: u32) -> u32 {
    io::keep_panic_messages();
    let query = io::take_inbox();
    let entropy = u64::from(entropy_high) << 32 | u64::from(entropy_low);
    match PageGame::start(&query, (width, height), entropy) {
        Ok(game) => {
            GAME.set(Some(game));
            1
        }
        Err(message) => {
            io::set_outbox(message);
            0
        }
    }
}

/// A key pressed, its `KeyboardEvent.key` and `.code` in the inbox as `key\ncode`; 1 when
/// the game takes it (the page then keeps it from the browser).
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_key(shift: u32, ctrl: u32) -> u32 {
    let text = io::take_inbox();
    let (key, code) = text.split_once('\n').unwrap_or((&text, ""));
    let event = keys::KeyEvent {
        key,
        code,
        shift: shift != 0,
        ctrl: ctrl != 0,
    };
    match keys::key_from(event) {
        Some(key) => with_game(0, |game| {
            game.push(UiEvent::Key(key));
            1
        }),
        None => 0,
    }
}

/// A click (left button) on console cell (`col`, `row`).
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_click(col: i32, row: i32) {
    with_game((), |game| game.push(UiEvent::Click((col, row))));
}

/// The pointer over console cell (`col`, `row`); `inside` 0 when it left the canvas.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_pointer(col: i32, row: i32, inside: u32) {
    with_game((), |game| {
        if inside == 0 {
            game.push(UiEvent::PointerLeft);
        } else {
            game.push(UiEvent::PointerEntered);
            game.point_at((col, row));
        }
    });
}

/// Plays a frame `elapsed_ms` after the last. Bit 1: something happened or runs (the
/// page draws); bit 2: the game has ended ([`game_ending`] says how).
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_frame(elapsed_ms: f64) -> u32 {
    let start = now_ms();
    let elapsed = Duration::from_secs_f64(elapsed_ms.max(0.0) / 1000.0);
    with_game(0, |game| {
        let done = game.frame(elapsed, &mut || now_ms() - start < PLAN_BUDGET_MS);
        u32::from(done.active) | u32::from(done.ending.is_some()) << 1
    })
}

/// The last frame's cells, row by row, three `u32` each: the CP437 glyph, the
/// foreground and the background as `0xRRGGBB`.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_cells() -> *const u32 {
    with_game(std::ptr::null(), |game| game.cells().as_ptr())
}

/// The console's width in cells.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_cols() -> i32 {
    with_game(0, |game| game.app().screen().width())
}

/// The console's height in cells.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_rows() -> i32 {
    with_game(0, |game| game.app().screen().height())
}

/// The index of the font the cells are drawn in, in [`game_fonts`]' order.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_font() -> u32 {
    with_game(0, |game| game.app().font_index() as u32)
}

/// A cell's size over its glyph's.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_scale() -> f32 {
    with_game(1.0, |game| game.scale())
}

/// The page's viewport is now `width` x `height` CSS pixels.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_resize(width: u32, height: u32) {
    with_game((), |game| game.resize((width, height)));
}

/// The report (`--report`'s JSON) into the outbox; 0 before the first level is made.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_report() -> u32 {
    match with_game(None, |game| game.app().report()) {
        Some(report) => {
            io::set_outbox(report);
            1
        }
        None => 0,
    }
}

/// 1 once the replay is used up, no plan runs and no level is being made.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_idle() -> u32 {
    with_game(0, |game| u32::from(game.app().is_idle()))
}

/// The seed of the game in play (it changes with `R`) into the outbox, in decimal;
/// empty before the first level is made.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_seed() {
    let seed = with_game(None, |game| {
        game.app().session().map(|s| s.game().seed().to_string())
    });
    io::set_outbox(seed.unwrap_or_default());
}

/// How the game ended into the outbox (the window's exit line, or its `error:` line);
/// empty while it goes on.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn game_ending() {
    io::set_outbox(with_game(None, |game| game.ending_line()).unwrap_or_default());
}
