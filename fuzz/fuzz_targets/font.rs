//! The game's font check on any bytes: a glyph size or a named problem, never a panic, and
//! never more memory than its decoding limit allows.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|png: &[u8]| {
    if let Ok(glyph) = game_native::fonts::glyph_size(png) {
        assert!(glyph.width > 0 && glyph.height > 0);
    }
});
