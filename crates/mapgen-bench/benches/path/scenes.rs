//! The maps and queries of the path benchmark, shared with the `path_work` example that
//! counts their instructions under callgrind.

use fov_compare::SplitMix64;
use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::path::{DijkstraMap, Moves};
use mapgen::{Map, Point, Tile};

/// The tutorial dungeon's seed (the field-of-view benchmark's too).
pub const TUTORIAL_SEED: u64 = 42;
/// The seed of the random 1000x1000 map.
pub const BIG_SEED: u64 = 0x9A7B;
/// The seed of the 1000x1000 `rooms` dungeon.
pub const ROOMS_SEED: u64 = 1;
pub const BIG_SIDE: i32 = 1000;
/// How many joined pairs the pairs rows search.
pub const PAIRS: usize = 64;
/// The seed the pairs are drawn from.
pub const PAIRS_SEED: u64 = 7;

/// A map with the points each row asks about.
pub struct Scene {
    pub name: &'static str,
    pub map: Map,
    pub from: Point,
    pub to: Point,
    pub goals: Vec<Point>,
}

/// The tutorial's dungeon: start to exit, and 64 goals on its floor.
pub fn tutorial() -> Scene {
    let dungeon = RoomsSettings::default()
        .generate(TUTORIAL_SEED)
        .expect("the default settings are valid");
    let goals = floor_sample(&dungeon.map, 64, 1);
    Scene {
        name: "tutorial 80x45",
        from: dungeon.start,
        to: dungeon.exit(),
        map: dungeon.map,
        goals,
    }
}

/// 1000x1000, each cell a wall with probability 3/10 (`SplitMix64` draws in row order,
/// `draw % 10 < 3`), the corners floor; the first seed from `BIG_SEED` on whose corners
/// are joined. A* goes from the top-left corner to the bottom-right one.
pub fn big() -> Scene {
    let mut seed = BIG_SEED;
    loop {
        let mut rng = SplitMix64(seed);
        let mut map = Map::new(BIG_SIDE, BIG_SIDE).expect("a valid size");
        for y in 0..BIG_SIDE {
            for x in 0..BIG_SIDE {
                let wall = rng.next_u64() % 10 < 3;
                map.set((x, y), if wall { Tile::WALL } else { Tile::FLOOR });
            }
        }
        let (from, to) = (Point::new(0, 0), Point::new(BIG_SIDE - 1, BIG_SIDE - 1));
        map.set(from, Tile::FLOOR);
        map.set(to, Tile::FLOOR);
        let mut dm = DijkstraMap::default();
        dm.compute(&map, Moves::default(), [to])
            .expect("a valid map");
        if dm.get(from).is_some() {
            let goals = floor_sample(&map, 64, seed);
            return Scene {
                name: "random 1000x1000",
                map,
                from,
                to,
                goals,
            };
        }
        seed += 1;
    }
}

/// A `rooms` dungeon of 1000x1000 with 5,000 room tries (the generation benchmark's),
/// seed `ROOMS_SEED`: its corridors cover most of the map, leaving walls in short runs
/// where no corridor passed. Start to exit.
pub fn rooms() -> Scene {
    let dungeon = RoomsSettings {
        width: BIG_SIDE,
        height: BIG_SIDE,
        max_rooms: 5000,
        ..RoomsSettings::default()
    }
    .generate(ROOMS_SEED)
    .expect("valid settings");
    let goals = floor_sample(&dungeon.map, 64, ROOMS_SEED);
    Scene {
        name: "rooms 1000x1000",
        from: dungeon.start,
        to: dungeon.exit(),
        map: dungeon.map,
        goals,
    }
}

/// `count` distinct walkable cells drawn with `SplitMix64` from `seed`.
pub fn floor_sample(map: &Map, count: usize, seed: u64) -> Vec<Point> {
    let floor: Vec<Point> = map
        .iter()
        .filter(|(_, t)| t.walkable)
        .map(|(p, _)| p)
        .collect();
    let mut rng = SplitMix64(seed);
    let mut picked = Vec::new();
    while picked.len() < count.min(floor.len()) {
        let p = floor[(rng.next_u64() % floor.len() as u64) as usize];
        if !picked.contains(&p) {
            picked.push(p);
        }
    }
    picked
}

/// The big map with its goal corner walled in.
pub fn walled_in(scene: &Scene) -> Scene {
    let mut map = scene.map.clone();
    for p in scene.to.neighbours8() {
        map.set(p, Tile::WALL);
    }
    Scene {
        name: "random 1000x1000, goal walled in",
        map,
        from: scene.from,
        to: scene.to,
        goals: Vec::new(),
    }
}

/// `count` pairs of walkable cells joined to the first walkable cell in row order (the
/// largest region on every map here), drawn with `SplitMix64` from `seed`.
pub fn random_pairs(map: &Map, count: usize, seed: u64) -> Vec<(Point, Point)> {
    let first = map
        .iter()
        .find(|(_, t)| t.walkable)
        .map_or(Point::new(0, 0), |(p, _)| p);
    let mut dm = DijkstraMap::default();
    dm.compute(map, Moves::default(), [first])
        .expect("a valid map");
    let joined: Vec<Point> = dm
        .iter()
        .filter(|(_, v)| v.is_some())
        .map(|(p, _)| p)
        .collect();
    let mut rng = SplitMix64(seed);
    let mut pick = || joined[(rng.next_u64() % joined.len() as u64) as usize];
    (0..count).map(|_| (pick(), pick())).collect()
}
