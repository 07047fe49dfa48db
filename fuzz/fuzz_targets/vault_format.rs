//! `VaultLibrary::parse_bytes` on any bytes: an error of one line that names the file, or a
//! library whose printed form parses back to the same library and prints alike; its vaults
//! are placed on a small map without a panic, never more than asked.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mapgen::prelude::*;
use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};

fuzz_target!(|bytes: &[u8]| {
    let library = match VaultLibrary::parse_bytes("fuzz.txt", bytes) {
        Ok(library) => library,
        Err(err) => {
            let message = err.to_string();
            assert!(message.starts_with("fuzz.txt:"), "{message}");
            assert!(!message.contains('\n'), "{message}");
            return;
        }
    };
    let printed = library.to_string();
    let again = VaultLibrary::parse("printed.txt", &printed).expect("the printed form parses");
    assert_eq!(again, library);
    assert_eq!(again.to_string(), printed);

    let settings = VaultSettings {
        count: 4,
        ..VaultSettings::default()
    };
    let plan = VaultPlan::new(library, settings).expect("no tags, count in range");
    let small = Generator::Rooms(RoomsSettings {
        width: 40,
        height: 25,
        ..RoomsSettings::default()
    });
    let dungeon = plan.generate(&small, bytes.len() as u64).expect("valid settings");
    assert!(dungeon.vaults.len() <= 4);
    assert!(dungeon.map.is_walkable(dungeon.start));
});
