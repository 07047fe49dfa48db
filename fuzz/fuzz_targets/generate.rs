//! Every generator with arbitrary settings and seeds: `validate` and `generate` agree, bad
//! settings are an error, never a panic, and a dungeon keeps the promises every generator
//! makes (start walkable, room floors walkable and inside the map, exit walkable). Sides
//! and counts are taken modulo small bounds so that a run stays fast; the validation of
//! out-of-range values is fuzzed all the same through the raw fields below.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::generators::grid::{DoorWeights, GridSettings};
use mapgen::generators::isaac::IsaacSettings;
use mapgen::generators::rooms::RoomsSettings;

#[derive(Debug, Arbitrary)]
struct Input {
    kind: u8,
    seed: u64,
    /// Raw values: taken as they are when `raw` is set (mostly refused by validate),
    /// otherwise folded into small ranges.
    raw: bool,
    a: i32,
    b: i32,
    c: i32,
    d: i32,
    e: u32,
    f: u32,
    weights: [u32; 5],
}

impl Input {
    fn small(&self, v: i32, most: i32) -> i32 {
        if self.raw { v } else { v.rem_euclid(most + 1) }
    }

    fn small_u(&self, v: u32, most: u32) -> u32 {
        if self.raw { v } else { v % (most + 1) }
    }

    fn generator(&self) -> Generator {
        let kinds = GeneratorKind::ALL;
        let kind = kinds[usize::from(self.kind) % kinds.len()];
        match kind {
            GeneratorKind::Rooms => Generator::from(RoomsSettings {
                width: self.small(self.a, 300),
                height: self.small(self.b, 300),
                max_rooms: self.small_u(self.e, 3000),
                room_min_size: self.small(self.c, 40),
                room_max_size: self.small(self.d, 60),
            }),
            GeneratorKind::Grid => {
                let w = self.weights;
                Generator::from(GridSettings {
                    cols: self.small(self.a, 24),
                    rows: self.small(self.b, 24),
                    room_width: self.small(self.c, 20),
                    room_height: self.small(self.d, 20),
                    room_count: self.small_u(self.e, 600),
                    treasure_rooms: self.small_u(self.f, 600),
                    door_weights: DoorWeights {
                        dead_end: self.small_u(w[0], 40),
                        straight: self.small_u(w[1], 40),
                        turn: self.small_u(w[2], 40),
                        tee: self.small_u(w[3], 40),
                        cross: self.small_u(w[4], 40),
                    },
                })
            }
            GeneratorKind::Isaac => Generator::from(IsaacSettings {
                stage: self.small_u(self.e, 14),
                xl: self.f % 2 == 1,
                room_width: self.small(self.c, 20),
                room_height: self.small(self.d, 20),
            }),
            // A generator added to the list later: its defaults, with any seed.
            other => Generator::with_defaults(other),
        }
    }
}

fuzz_target!(|input: Input| {
    let generator = input.generator();
    let valid = generator.validate();
    match generator.generate(input.seed) {
        Err(err) => {
            if let Err(invalid) = valid {
                assert_eq!(err, invalid, "generate reports what validate found");
            }
        }
        Ok(dungeon) => {
            assert_eq!(valid, Ok(()));
            let map = &dungeon.map;
            assert!(map.is_walkable(dungeon.start), "start {}", dungeon.start);
            for room in &dungeon.rooms {
                assert!(room.inner_cells().all(|p| map.is_walkable(p)), "{room:?}");
            }
            assert!(map.is_walkable(dungeon.exit()));
        }
    }
});
