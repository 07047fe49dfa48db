//! Generate a dungeon from a seed and print it: `cargo run -p mapgen --example generate`.
//!
//! `#` wall, `.` floor, `@` the start, `>` the exit (the walkable tile farthest from the start).

use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;

pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = 42; // any u64: each names one dungeon, on every platform
    let dungeon = RoomsSettings::default().generate(seed)?;
    let (start, exit) = (dungeon.start, dungeon.exit());
    for y in 0..dungeon.map.height() {
        let row: String = (0..dungeon.map.width())
            .map(|x| match (x, y) {
                p if p == (start.x, start.y) => '@',
                p if p == (exit.x, exit.y) => '>',
                p if dungeon.map.is_walkable(p) => '.',
                _ => '#',
            })
            .collect();
        println!("{row}");
    }
    println!(
        "seed {seed}: {} rooms, start {start:?}, exit {exit:?}",
        dungeon.rooms.len()
    );
    Ok(())
}
