//! Invariants of the maze generator over random settings and seeds.

use crate::common;

use mapgen::generators::Generate;
use mapgen::generators::maze::MazeSettings;
use mapgen::{DungeonRng, Map, Point, Tile};
use proptest::prelude::*;

fn settings() -> impl Strategy<Value = MazeSettings> {
    (
        3..=101i32,
        3..=71i32,
        prop_oneof![0..=100u32, Just(0), Just(100)],
    )
        .prop_map(|(width, height, branching)| MazeSettings {
            width,
            height,
            branching,
        })
}

/// Walkable 4-neighbour pairs, each counted once.
fn walkable_pairs(map: &Map) -> usize {
    map.iter()
        .filter(|(_, t)| t.walkable)
        .map(|(p, _)| {
            [Point::EAST, Point::SOUTH]
                .into_iter()
                .filter(|&d| map.is_walkable(p + d))
                .count()
        })
        .sum()
}

/// The cells: `(width - 1) / 2` by `(height - 1) / 2`.
fn cells(s: &MazeSettings) -> usize {
    ((s.width - 1) / 2) as usize * ((s.height - 1) / 2) as usize
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// Border, connectivity from the start, the exit; no rooms.
    #[test]
    fn keeps_every_generators_promises(s in settings(), seed in any::<u64>()) {
        let d = common::generate_checked(&s, seed)?;
        prop_assert_eq!(d.start, Point::new(1, 1));
        prop_assert!(d.rooms.is_empty());
    }

    #[test]
    fn same_seed_same_dungeon(s in settings(), seed in any::<u64>()) {
        common::same_seed_same_dungeon(&s, seed)?;
    }

    /// Connected (above) and walkable pairs = walkable tiles - 1: the floor is a tree, so
    /// there is exactly one path between any two floor tiles.
    #[test]
    fn is_a_perfect_maze(s in settings(), seed in any::<u64>()) {
        let d = s.generate(seed).unwrap();
        prop_assert_eq!(walkable_pairs(&d.map) + 1, common::floor_count(&d.map), "{:?} seed {}\n{}", s, seed, d.map);
    }

    /// Every cell is floor, the floor is cells and the passages between them (nothing at
    /// an even column and even row), and there are exactly `2 * cells - 1` floor tiles:
    /// the floor share is exactly `(2 * cells - 1) / (width * height)`.
    #[test]
    fn floor_is_every_cell_and_a_spanning_tree_of_passages(s in settings(), seed in any::<u64>()) {
        let d = s.generate(seed).unwrap();
        prop_assert_eq!(common::floor_count(&d.map), 2 * cells(&s) - 1);
        for (p, t) in d.map.iter() {
            let cell = p.x % 2 == 1 && p.y % 2 == 1 && p.x <= s.width - 2 && p.y <= s.height - 2;
            if cell {
                prop_assert!(t.walkable, "cell {} is wall", p);
            }
            prop_assert!(!(t.walkable && p.x % 2 == 0 && p.y % 2 == 0), "{} is floor", p);
            prop_assert!(t == Tile::WALL || t == Tile::FLOOR);
        }
    }

    /// With `branching` 0 the growing tree is the recursive backtracker, written here the
    /// textbook way: a stack of cells, a uniform draw among the unvisited neighbours listed
    /// north, east, south, west.
    #[test]
    fn branching_zero_is_the_recursive_backtracker(
        width in 3..=80i32, height in 3..=60i32, seed in any::<u64>(),
    ) {
        let s = MazeSettings { width, height, branching: 0 };
        prop_assert_eq!(s.generate(seed).unwrap().map, backtracker(width, height, seed));
    }

    #[test]
    fn any_settings_give_a_dungeon_or_a_named_error(
        width in -5..200i32, height in -5..200i32, branching in 0..300u32, seed in any::<u64>(),
    ) {
        let s = MazeSettings { width, height, branching };
        common::dungeon_or_named_error(&s, seed, &["width", "height", "branching"])?;
    }
}

fn backtracker(width: i32, height: i32, seed: u64) -> Map {
    let mut rng = DungeonRng::new(seed);
    let mut map = Map::new(width, height).unwrap();
    let is_cell = |p: Point| p.x >= 1 && p.y >= 1 && p.x <= width - 2 && p.y <= height - 2;
    let start = Point::new(1, 1);
    map.set(start, Tile::FLOOR);
    let mut stack = vec![start];
    while let Some(&cell) = stack.last() {
        let open: Vec<Point> = Point::ORTHOGONAL
            .into_iter()
            .filter(|&d| is_cell(cell + d * 2) && !map.is_walkable(cell + d * 2))
            .collect();
        if open.is_empty() {
            stack.pop();
            continue;
        }
        let d = open[rng.below(open.len() as u32) as usize];
        map.set(cell + d, Tile::FLOOR);
        map.set(cell + d * 2, Tile::FLOOR);
        stack.push(cell + d * 2);
    }
    map
}

/// The design's intent: more branching, more dead ends (cells with one passage). Over 40
/// seeds of the default 79 x 45 maze (858 cells), the backtracker leaves about a tenth of
/// its cells as dead ends (10.4 %), half and half about a fifth (21.6 %), a random pick
/// every time over a quarter (27.2 %).
#[test]
fn branching_trades_long_corridors_for_dead_ends() {
    let dead_ends = |branching| {
        let s = MazeSettings {
            branching,
            ..MazeSettings::default()
        };
        let total: usize = (0..40)
            .map(|seed| {
                let d = s.generate(seed).unwrap();
                d.map
                    .iter()
                    .filter(|&(p, t)| {
                        t.walkable && p.neighbours4().filter(|&q| d.map.is_walkable(q)).count() == 1
                    })
                    .count()
            })
            .sum();
        total as f64 / 40.0 / cells(&s) as f64
    };
    let (low, mid, high) = (dead_ends(0), dead_ends(50), dead_ends(100));
    assert!(low < 0.13 && high > 0.24, "{low} {mid} {high}");
    assert!(low < mid && mid < high, "{low} {mid} {high}");
}

/// Every map from 3 x 3 to 16 x 16 at the edges of `branching`: a perfect maze that keeps
/// every promise (no size in range is refused).
#[test]
fn small_maps_all_work() {
    for (width, height) in common::map_sizes(3..=16) {
        for branching in [0, 1, 50, 99, 100] {
            let s = MazeSettings {
                width,
                height,
                branching,
            };
            for seed in 0..3 {
                let d = s.generate(seed).unwrap();
                common::assert_generated(&s, seed, &d);
                assert_eq!(
                    walkable_pairs(&d.map) + 1,
                    common::floor_count(&d.map),
                    "{s:?}"
                );
            }
        }
    }
}
