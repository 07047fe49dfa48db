//! What a click on the playground's map shows: the field of view from a tile, and the
//! cheapest path between two, on the dungeon `mapgen generate` makes.

use mapgen::fov::{FieldOfView, LightWalls, Radius};
use mapgen::path::{AStar, Moves};
use mapgen::{Dungeon, Point};
use serde_json::{Value, json};

/// The tiles visible from `from` (walls in sight included) as `[[x, y], ...]`, in rows;
/// none from a tile that blocks sight or lies off the map.
///
/// ```
/// use mapgen::{Dungeon, Map, Point};
/// let map = Map::from_ascii("#####\n#...#\n#####\n")?;
/// let dungeon = Dungeon::new(map, Point::new(1, 1));
/// let seen = mapgen_web::look::field_of_view(&dungeon, Point::new(1, 1));
/// assert_eq!(seen.as_array().unwrap().len(), 15);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn field_of_view(dungeon: &Dungeon, from: Point) -> Value {
    let map = &dungeon.map;
    let Ok(mut fov) = FieldOfView::new(map.width(), map.height()) else {
        return json!([]);
    };
    if !map.is_transparent(from)
        || fov
            .compute(map, from, Radius::Unlimited, LightWalls::On)
            .is_err()
    {
        return json!([]);
    }
    let mut seen = Vec::new();
    for y in 0..map.height() {
        for x in 0..map.width() {
            if fov.is_visible((x, y)) {
                seen.push(json!([x, y]));
            }
        }
    }
    Value::Array(seen)
}

/// The cheapest path from `from` to `to` in eight directions (`mapgen path`'s default
/// moves), as `mapgen path` writes it: `{"from", "to", "cost", "path"}`, `null` cost
/// and path when there is none.
///
/// ```
/// use mapgen::{Dungeon, Map, Point};
/// let map = Map::from_ascii("#####\n#...#\n#####\n")?;
/// let dungeon = Dungeon::new(map, Point::new(1, 1));
/// let path = mapgen_web::look::path(&dungeon, Point::new(1, 1), Point::new(3, 1));
/// assert_eq!(path["cost"], 2 * mapgen::path::Moves::default().cardinal_cost);
/// assert_eq!(path["path"].as_array().unwrap().len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn path(dungeon: &Dungeon, from: Point, to: Point) -> Value {
    let mut astar = AStar::default();
    let cost = astar
        .search(&dungeon.map, Moves::default(), from, to)
        .ok()
        .flatten();
    let tiles: Option<Vec<Value>> =
        cost.map(|_| astar.path().iter().map(|p| json!([p.x, p.y])).collect());
    json!({ "from": [from.x, from.y], "to": [to.x, to.y], "cost": cost, "path": tiles })
}
