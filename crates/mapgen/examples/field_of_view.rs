//! What the `@` sees from the start of a dungeon: `cargo run -p mapgen --example field_of_view`.
//!
//! Visible tiles print as the map does (`#` wall, `.` floor), unseen ones as blanks.

use mapgen::fov::{FieldOfView, LightWalls, Radius};
use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;

pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dungeon = RoomsSettings::default().generate(42)?;
    let map = &dungeon.map;
    let mut fov = FieldOfView::new(map.width(), map.height())?;
    fov.compute(map, dungeon.start, Radius::Tiles(10), LightWalls::On)?;
    for y in 0..map.height() {
        let row: String = (0..map.width())
            .map(|x| match (x, y) {
                p if p == (dungeon.start.x, dungeon.start.y) => '@',
                p if !fov.is_visible(p) => ' ',
                p if map.is_transparent(p) => '.',
                _ => '#',
            })
            .collect();
        println!("{}", row.trim_end());
    }
    println!("{} tiles in view", fov.visible_cells().count());
    Ok(())
}
