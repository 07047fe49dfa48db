//! One wave function collapse attempt on a random `#`/`.` sample of 32x32 tiles (about
//! 1 KB), the sample whose floor stays in pieces: its block repairs are what this
//! measures. For instruction counts at two sizes, under callgrind:
//!
//! ```sh
//! cargo build --release -p mapgen-bench --example wfc_random_sample
//! valgrind --tool=callgrind target/release/examples/wfc_random_sample 100
//! valgrind --tool=callgrind target/release/examples/wfc_random_sample 200
//! ```

use mapgen::generators::Generate;
use mapgen::generators::wfc::{SampleMap, WfcSample, WfcSettings};
use mapgen::{DungeonRng, Map, Tile};

fn main() {
    let side: i32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let mut rng = DungeonRng::new(1);
    let mut map = Map::new(32, 32).unwrap();
    for y in 0..32 {
        for x in 0..32 {
            if rng.coin() {
                map.set((x, y), Tile::FLOOR);
            }
        }
    }
    let settings = WfcSettings {
        width: side,
        height: side,
        sample: WfcSample::Custom(SampleMap::new(map).unwrap()),
        attempts: 1,
        ..WfcSettings::default()
    };
    let result = settings.generate(7);
    println!(
        "{side}x{side}: {}",
        result.map_or_else(|e| e.to_string(), |_| "a dungeon".to_string())
    );
}
