//! The cheapest path from a dungeon's start to its exit, and how far every tile is from
//! the start: `cargo run -p mapgen --example path`.
//!
//! Steps cost 2 orthogonally and 3 diagonally (`Moves::default()`); the path prints as `*`.

use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::path::{AStar, DijkstraMap, Moves};

pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dungeon = RoomsSettings::default().generate(42)?;
    let map = &dungeon.map;
    let (start, exit) = (dungeon.start, dungeon.exit());

    let mut astar = AStar::default();
    let cost = astar
        .search(map, Moves::default(), start, exit)?
        .ok_or("every walkable tile of a dungeon is reachable from its start")?;
    let on_path = |x, y| astar.path().contains(&mapgen::Point::new(x, y));
    for y in 0..map.height() {
        let row: String = (0..map.width())
            .map(|x| match (x, y) {
                p if p == (start.x, start.y) => '@',
                p if p == (exit.x, exit.y) => '>',
                _ if on_path(x, y) => '*',
                p if map.is_walkable(p) => '.',
                _ => '#',
            })
            .collect();
        println!("{row}");
    }
    println!("{} steps, cost {cost}", astar.path().len() - 1);

    // A Dijkstra map from the start: the exit's value is the same cost.
    let mut from_start = DijkstraMap::default();
    from_start.compute(map, Moves::default(), [start])?;
    let (farthest, value) = from_start.farthest().ok_or("the start is reached")?;
    println!(
        "cost to the exit {:?}; the dearest tile is {farthest:?} at {value}",
        from_start.get(exit)
    );
    Ok(())
}
