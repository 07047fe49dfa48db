//! The hostile inputs of issue 38 at a given size, one run each, for instruction counts
//! under callgrind at two sizes (linear work: four times the tiles, about four times the
//! instructions):
//!
//! ```sh
//! cargo build --release -p mapgen-bench --example hostile_bounds
//! valgrind --tool=callgrind target/release/examples/hostile_bounds vaults 201
//! valgrind --tool=callgrind target/release/examples/hostile_bounds vaults 401
//! valgrind --tool=callgrind target/release/examples/hostile_bounds record 501
//! valgrind --tool=callgrind target/release/examples/hostile_bounds record 1001
//! ```
//!
//! `vaults N`: four solid 40x40 vaults placed on an N x N maze (every position passes
//! rules 1 to 4 and fails rule 5). `record N`: the recording of an N x N maze's making.

use mapgen::DungeonRng;
use mapgen::generators::Generate;
use mapgen::generators::maze::MazeSettings;
use mapgen::vaults::{VaultLibrary, VaultSettings, place_vaults};

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    let side: i32 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(201);
    let maze = MazeSettings {
        width: side,
        height: side,
        ..MazeSettings::default()
    };
    match what.as_str() {
        "vaults" => {
            let mut text = String::new();
            for v in 0..4 {
                let mut rows = vec!["#".repeat(40); 40];
                rows[0] = format!("{}@{}", "#".repeat(20), "#".repeat(19));
                text.push_str(&format!("name: solid{v}\nmap:\n{}\n---\n", rows.join("\n")));
            }
            let library = VaultLibrary::parse("solid.txt", text.trim_end_matches("---\n")).unwrap();
            let settings = VaultSettings {
                count: 4,
                ..VaultSettings::default()
            };
            let mut rng = DungeonRng::new(3);
            let mut dungeon = maze.generate_with(&mut rng).unwrap();
            let placed = place_vaults(&mut dungeon, &library, &settings, &mut rng).unwrap();
            println!("{side}x{side} maze: {placed} solid vaults placed");
        }
        "record" => {
            let (_, recording) = maze.record(3).unwrap();
            println!("{side}x{side} maze: {} steps recorded", recording.len());
        }
        _ => eprintln!("hostile_bounds vaults|record SIDE"),
    }
}
