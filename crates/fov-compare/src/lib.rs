//! Shared maps for the field-of-view comparison benchmark (`cargo bench -p fov-compare`)
//! and for `scripts/bench_libtcod.py`, which times libtcod on the very same maps.
//!
//! * The tutorial map: [`RoomsSettings::default`] (80x45, the libtcod tutorial's
//!   generator) with seed [`TUTORIAL_SEED`], seen from the dungeon's start, the centre of
//!   its first room.
//! * The pillar map: 1000x1000, each cell a pillar with probability 1/10, drawn with
//!   [`SplitMix64`] (seed [`PILLARS_SEED`]) row by row: cell `(x, y)` takes the
//!   `(y * 1000 + x)`-th draw and is a pillar when `draw % 10 == 0`. The centre
//!   `(500, 500)` is then cleared and is the origin. The Python script regenerates the same
//!   map from this description and checks it against the dumped file.
//! * The open map: 1000x1000, all floor, seen from its centre `(500, 500)`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use fov_case::FovCase;
use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::{Map, Point, Tile};

/// The tutorial dungeon's seed.
pub const TUTORIAL_SEED: u64 = 42;
/// The pillar map's seed.
pub const PILLARS_SEED: u64 = 0x5EED;
/// The pillar map's side.
pub const PILLARS_SIDE: i32 = 1000;

/// A map and a point of view to benchmark.
#[derive(Debug, Clone)]
pub struct Scene {
    /// Short name, for the benchmark ids and the dumped file.
    pub name: &'static str,
    /// The map.
    pub map: Map,
    /// The point of view.
    pub origin: Point,
}

/// The 80x45 tutorial dungeon, seen from its start.
///
/// # Panics
/// Never: the default settings always generate.
pub fn tutorial() -> Scene {
    let dungeon = RoomsSettings::default()
        .generate(TUTORIAL_SEED)
        .expect("the default settings generate");
    Scene {
        name: "tutorial-80x45",
        origin: dungeon.start,
        map: dungeon.map,
    }
}

/// The 1000x1000 map with 10% random pillars, seen from its centre.
///
/// # Panics
/// Never: 1000 is a valid side.
pub fn pillars() -> Scene {
    let side = PILLARS_SIDE;
    let mut map = Map::new(side, side).expect("1000 is a valid side");
    let mut rng = SplitMix64(PILLARS_SEED);
    for y in 0..side {
        for x in 0..side {
            let tile = if rng.next_u64().is_multiple_of(10) {
                Tile::WALL
            } else {
                Tile::FLOOR
            };
            map.set((x, y), tile);
        }
    }
    let origin = Point::new(side / 2, side / 2);
    map.set((origin.x, origin.y), Tile::FLOOR);
    Scene {
        name: "pillars-1000x1000",
        map,
        origin,
    }
}

/// The 1000x1000 map with nothing in the way (all floor), seen from its centre: the
/// most cells any scan visits, and the case where the order of memory accesses decides.
///
/// # Panics
/// Never: 1000 is a valid side.
pub fn open() -> Scene {
    let side = PILLARS_SIDE;
    let mut map = Map::new(side, side).expect("1000 is a valid side");
    map.fill_rect(0..side, 0..side, Tile::FLOOR);
    Scene {
        name: "open-1000x1000",
        map,
        origin: Point::new(side / 2, side / 2),
    }
}

/// Every scene, in benchmark order.
pub fn scenes() -> [Scene; 3] {
    [tutorial(), pillars(), open()]
}

/// `SplitMix64` (Steele, Lea, Flood 2014), chosen because it fits in five lines of any
/// language: `state += 0x9E3779B97F4A7C15`, then two xor-shift-multiply rounds.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// `scene` as a FOV case file (the format of `mapgen fov`, written by [`FovCase`]) with
/// walls lit, after a comment line naming it, without expected sections.
pub fn case_text(scene: &Scene, radius: mapgen::fov::Radius) -> String {
    let case = FovCase {
        origin: scene.origin,
        radius,
        light_walls: mapgen::fov::LightWalls::On,
        map: scene.map.clone(),
        visible: None,
        libtcod: None,
    };
    format!("# {} (fov-compare)\n{case}", scene.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_published_sequence() {
        // The reference outputs for seed 1234567 (from the C reference implementation).
        let mut rng = SplitMix64(1234567);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                6457827717110365317,
                3203168211198807973,
                9817491932198370423
            ]
        );
    }

    #[test]
    fn scenes_are_as_documented() {
        let t = tutorial();
        assert_eq!((t.map.width(), t.map.height()), (80, 45));
        assert!(t.map.is_transparent((t.origin.x, t.origin.y)));
        let p = pillars();
        let walls = p.map.iter().filter(|(_, t)| !t.transparent).count();
        assert!((95_000..105_000).contains(&walls), "{walls} pillars");
        assert_eq!(p.origin, Point::new(500, 500));
        let o = open();
        assert!(o.map.tiles().iter().all(|t| t.transparent));
        assert_eq!(o.origin, Point::new(500, 500));
        let text = case_text(&t, mapgen::fov::Radius::Tiles(8));
        assert!(text.starts_with("# tutorial-80x45 (fov-compare)\nsize 80 45\n"));
        let case = FovCase::parse(&text).unwrap();
        assert_eq!(case.map, t.map);
        assert_eq!(
            (case.origin, case.radius, case.light_walls),
            (
                t.origin,
                mapgen::fov::Radius::Tiles(8),
                mapgen::fov::LightWalls::On
            )
        );
        assert_eq!((case.visible, case.libtcod), (None, None));
    }
}
