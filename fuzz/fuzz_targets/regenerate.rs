//! `mapgen regenerate`'s input on any bytes: the reader the command uses (its
//! `saved.rs`, included as it is), with a small bound per dungeon. It never panics; each
//! dungeon it hands on was loaded through `mapgen`'s serde forms, is numbered in order, and
//! its generator, when its map is small, makes a dungeon (equal or not) without panicking;
//! a refusal is an error, never a panic or an endless loop.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mapgen::generators::Generator;

#[path = "../../crates/mapgen-cli/src/saved.rs"]
#[allow(dead_code)]
mod saved;

/// Whether the generator's settings name a map of at most 64 x 64 tiles (generating a
/// large one would only slow the fuzzer down).
fn small(generator: &Generator) -> bool {
    let Ok(value) = serde_json::to_value(generator) else {
        return false;
    };
    let side = |name: &str| value["settings"][name].as_i64().unwrap_or(0);
    side("width") <= 64 && side("height") <= 64 && side("cols") <= 8 && side("rows") <= 8
}

fuzz_target!(|data: &[u8]| {
    let mut next = 0;
    let result = saved::for_each_saved(data, 1 << 16, |i, saved| {
        assert_eq!(i, next, "dungeons are numbered in order");
        next += 1;
        let map = &saved.dungeon.map;
        assert!(map.in_bounds(saved.dungeon.start));
        if small(&saved.generator) {
            if let Ok(made) = saved.generator.generate(saved.seed) {
                let _same = made == saved.dungeon;
            }
        }
        Ok(())
    });
    if let Err(err) = result {
        assert!(!format!("{err:#}").is_empty());
    }
});
