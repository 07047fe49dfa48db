//! The generators' playground page: `web/playground.js` builds its form from
//! `mapgen generate`'s flags ([`form`]), runs the command's own code on them
//! ([`command`]) for the map as ASCII, as the PNG picture and as the GIF of its making,
//! and shows what a click asks for ([`look`]).
//!
//! The page and the module talk through a plain wasm interface of numbers, as the game's
//! page does (`docs/web.md`): the functions below, and text through the byte buffers of
//! [`web_page::io`]. Words of a command line cross it separated by NUL bytes.

pub mod command;
pub mod form;
pub mod look;

use std::cell::RefCell;

use mapgen::generators::GeneratorKind;
use mapgen::{Dungeon, Point};
use web_page::io;

thread_local! {
    /// The last dungeon looked at, and the words that made it.
    static LOOKED_AT: RefCell<Option<(String, Dungeon)>> = const { RefCell::new(None) };
}

/// The inbox's words, separated by NUL bytes.
fn inbox_words() -> Vec<String> {
    let text = io::take_inbox();
    text.split('\0')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// An inbox of `len` bytes for the page to write text into ([`web_page::io::inbox`]).
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn playground_inbox(len: usize) -> *mut u8 {
    io::inbox(len)
}

/// Where the text an export left is.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn playground_outbox_ptr() -> *const u8 {
    io::outbox_ptr()
}

/// How long the text an export left is, in bytes.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn playground_outbox_len() -> usize {
    io::outbox_len()
}

/// The form ([`form::form`]) as JSON into the outbox.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn playground_form() {
    io::keep_panic_messages();
    io::set_outbox(form::form().to_string());
}

/// The ranges of the generator named in the inbox ([`form::ranges`]) as JSON into the
/// outbox; `{}` for a name that is not a generator's.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn playground_ranges() {
    let ranges = io::take_inbox()
        .parse::<GeneratorKind>()
        .map_or_else(|_| serde_json::json!({}), form::ranges);
    io::set_outbox(ranges.to_string());
}

/// The words of `mapgen generate` for the URL query in the inbox (`?generator=caves&xl`
/// is `--generator caves --xl`), into the outbox.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn playground_query_words() {
    let pairs = web_page::params::split_query(&io::take_inbox());
    let words = web_page::params::words(&command::generate_command(), &pairs);
    io::set_outbox(words.join("\0"));
}

/// Runs `mapgen` with the words in the inbox. 1: its standard output is in the outbox;
/// 0: the message it would print before exiting with status 2 is.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn playground_run() -> u32 {
    match command::run(&inbox_words()) {
        Ok(out) => {
            io::set_outbox_bytes(out);
            1
        }
        Err(message) => {
            io::set_outbox(message);
            0
        }
    }
}

/// On the dungeon `mapgen generate` makes for the words in the inbox (those after
/// `generate`): the field of view from (`x`, `y`) when `path` is 0, else the path from
/// (`x`, `y`) to (`to_x`, `to_y`) ([`look`]), as JSON into the outbox. 0 when the words
/// make no dungeon, the message in the outbox.
#[allow(unsafe_code, reason = "an export of the page's module")]
#[unsafe(no_mangle)]
pub extern "C" fn playground_look(x: i32, y: i32, to_x: i32, to_y: i32, path: u32) -> u32 {
    let words = inbox_words();
    let key = words.join("\0");
    LOOKED_AT.with_borrow_mut(|looked_at| {
        if looked_at
            .as_ref()
            .is_none_or(|(made_by, _)| *made_by != key)
        {
            match command::dungeon(&words) {
                Ok(dungeon) => *looked_at = Some((key, dungeon)),
                Err(message) => {
                    io::set_outbox(message);
                    return 0;
                }
            }
        }
        let Some((_, dungeon)) = looked_at.as_ref() else {
            return 0;
        };
        let from = Point::new(x, y);
        let answer = if path == 0 {
            look::field_of_view(dungeon, from)
        } else {
            look::path(dungeon, from, Point::new(to_x, to_y))
        };
        io::set_outbox(answer.to_string());
        1
    })
}
