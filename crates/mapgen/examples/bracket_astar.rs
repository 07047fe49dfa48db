//! bracket-lib's A*, Dijkstra map and field of view run on a `mapgen::Map` directly:
//! `cargo run -p mapgen --example bracket_astar --features bracket`.

use bracket_pathfinding::prelude::{DijkstraMap, Point, a_star_search, field_of_view};
use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;

pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dungeon = RoomsSettings::default().generate(42)?;
    let map = &dungeon.map;
    let (start, exit) = (dungeon.start, dungeon.exit());
    let start_idx = map.index(start).ok_or("the start is on the map")?;
    let exit_idx = map.index(exit).ok_or("the exit is on the map")?;

    let path = a_star_search(start_idx, exit_idx, map);
    if path.success {
        println!(
            "bracket's A*: {} steps from {start:?} to {exit:?}",
            path.steps.len() - 1
        );
    } else {
        println!("bracket's A* gave up between {start:?} and {exit:?}");
    }

    // Costs are mapgen::path's: 2 per orthogonal step, 3 per diagonal one.
    let to_start = DijkstraMap::new(map.width(), map.height(), &[start_idx], map, 10_000.0);
    let exit_cost = to_start.map.get(exit_idx).copied().unwrap_or(f32::MAX);
    println!("bracket's Dijkstra map: the exit costs {exit_cost} from the start");

    let seen = field_of_view(Point::new(start.x, start.y), 8, map);
    println!(
        "bracket's field of view: {} tiles from the start",
        seen.len()
    );
    Ok(())
}
