//! `SpawnTable::parse_bytes` on any bytes: an error of one line that names the file, or a
//! table whose printed form parses back to the same table and prints alike; the table is
//! placed on small maps of a room generator and of one without rooms, never on a tile that
//! is not plain floor, the start or the exit, never two things on one tile, and never more
//! of a kind than the table's budget for the level.
#![no_main]

use std::collections::HashSet;

use libfuzzer_sys::fuzz_target;
use mapgen::prelude::*;
use mapgen::spawns::{SpawnKind, SpawnTable};

fuzz_target!(|bytes: &[u8]| {
    let table = match SpawnTable::parse_bytes("fuzz.txt", bytes) {
        Ok(table) => table,
        Err(err) => {
            let message = err.to_string();
            assert!(message.starts_with("fuzz.txt:"), "{message}");
            assert!(!message.contains('\n'), "{message}");
            return;
        }
    };
    let printed = table.to_string();
    let again = SpawnTable::parse("printed.txt", &printed).expect("the printed form parses");
    assert_eq!(again, table);
    assert_eq!(again.to_string(), printed);

    let depth = 1 + bytes.len() as u32 % 20;
    let small: [Generator; 2] = [
        Generator::Rooms(RoomsSettings {
            width: 40,
            height: 25,
            ..RoomsSettings::default()
        }),
        Generator::Caves(CavesSettings {
            width: 40,
            height: 25,
            ..CavesSettings::default()
        }),
    ];
    for generator in small {
        let mut rng = DungeonRng::new(bytes.len() as u64);
        let mut dungeon = generator.generate_with(&mut rng).expect("valid settings");
        let placed = table.place(&mut dungeon, depth, &mut rng).expect("depth from 1");
        assert_eq!(placed, dungeon.spawns.len());
        let exit = dungeon.exit();
        let mut seen = HashSet::new();
        for spawn in &dungeon.spawns {
            assert_eq!(dungeon.map.tile(spawn.at), Tile::FLOOR);
            assert!(spawn.at != dungeon.start && spawn.at != exit);
            assert!(seen.insert(spawn.at), "two things at {}", spawn.at);
            assert!(table.get(&spawn.name).is_some_and(|e| e.kind == spawn.kind));
        }
        for kind in SpawnKind::ALL {
            let count = dungeon.spawns.iter().filter(|s| s.kind == kind).count();
            let budget = table.most_per_level(kind, depth);
            assert!(budget.is_none_or(|b| count <= b as usize), "{count} {kind}s");
        }
    }
});
