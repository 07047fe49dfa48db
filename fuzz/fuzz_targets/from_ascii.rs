//! `Map::from_ascii` on any text: an error or a map, never a panic, and a map prints back
//! to text that reads as the same map.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mapgen::Map;

fuzz_target!(|text: &str| {
    if let Ok(map) = Map::from_ascii(text) {
        let printed = map.to_string();
        assert_eq!(Map::from_ascii(&printed).as_ref(), Ok(&map));
        assert_eq!(printed.len(), map.tiles().len() + map.height() as usize);
    }
});
