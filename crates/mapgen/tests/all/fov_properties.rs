//! Properties of the field of view over thousands of random maps:
//!
//! * it equals a line-by-line port of Ford's Python (recursive, no radius or map window,
//!   radius and `light_walls` filtered afterwards), so stopping the scan early changes
//!   nothing;
//! * floor-to-floor symmetry;
//! * the 8 symmetries of the square give the transformed answer;
//! * sight never passes an opaque cell: a visible floor cell's centre line from the origin
//!   crosses no opaque cell, a floor whose centre line is clear is visible (Ford's
//!   definition of floor-to-floor sight), and an opaque ring hides everything outside it;
//! * an empty room is fully visible within the radius, the radius is respected, the origin
//!   is visible, and `light_walls` off removes exactly the opaque cells.

use mapgen::fov::{FieldOfView, LightWalls, Radius};
use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::{Map, Point, Tile};
use proptest::prelude::*;

use crate::fov_reference;

use fov_reference::{d4, reference};

// ---------------------------------------------------------------------------------------
// Helpers.

fn map_of(width: usize, height: usize, walls: &[bool]) -> Map {
    let mut map = Map::new(width as i32, height as i32).unwrap();
    for (i, &wall) in walls.iter().enumerate() {
        let tile = if wall { Tile::WALL } else { Tile::FLOOR };
        map.set(((i % width) as i32, (i / width) as i32), tile);
    }
    map
}

/// The cases give a radius as libtcod does (0: unlimited) and light walls as a flag.
fn fov(map: &Map, origin: Point, radius: u32, light_walls: bool) -> FieldOfView {
    mapgen::fov::field_of_view(map, origin, Radius::or_unlimited(radius), lit(light_walls)).unwrap()
}

fn lit(on: bool) -> LightWalls {
    if on { LightWalls::On } else { LightWalls::Off }
}

fn transformed(map: &Map, t: u8) -> Map {
    let (_, _, w, h) = d4(t, map.width(), map.height(), 0, 0);
    let mut out = Map::new(w, h).unwrap();
    for (p, tile) in map.iter() {
        let (x, y, _, _) = d4(t, map.width(), map.height(), p.x, p.y);
        out.set((x, y), tile);
    }
    out
}

/// How the segment from the centre of `a` to the centre of `b` meets the opaque cells.
/// Along the major axis it meets each row (or column) in between once, either inside one
/// cell or exactly between two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Line {
    /// Every cell it meets is transparent, and where it passes between two cells both are.
    Clear,
    /// It only grazes opaque cells: where it passes between an opaque and a transparent
    /// cell. Ford's algorithm decides these by which side its sector lies on.
    Grazing,
    /// It passes through an opaque cell, or between two.
    Blocked,
}

fn line(map: &Map, a: Point, b: Point) -> Line {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let vertical = dy.abs() >= dx.abs();
    let (depth, other) = if vertical { (dy, dx) } else { (dx, dy) };
    let cell = |d: i32, o: i32| {
        if vertical {
            map.is_transparent((a.x + o, a.y + d))
        } else {
            map.is_transparent((a.x + d, a.y + o))
        }
    };
    let (n, sign) = (depth.abs(), depth.signum());
    let mut result = Line::Clear;
    for d in 1..n {
        // At depth d the segment is other * d / n across; in halves, 2 * other * d / n.
        let twice = 2 * other * d;
        if twice % n == 0 && (twice / n) % 2 != 0 {
            let lo = (twice / n - 1) / 2;
            match (cell(sign * d, lo), cell(sign * d, lo + 1)) {
                (true, true) => {}
                (false, false) => return Line::Blocked,
                _ => result = Line::Grazing,
            }
        } else {
            // The nearest cell, round(other * d / n); never a tie here.
            if !cell(sign * d, (2 * other * d + n).div_euclid(2 * n)) {
                return Line::Blocked;
            }
        }
    }
    result
}

// ---------------------------------------------------------------------------------------
// Strategies.

/// A random map with walls at one of a few densities, an origin, a radius, `light_walls`.
fn scene(max_side: usize) -> impl Strategy<Value = (Map, Point, u32, bool)> {
    (
        1..=max_side,
        1..=max_side,
        prop::sample::select(vec![0.0, 0.1, 0.25, 0.45, 0.7]),
    )
        .prop_flat_map(|(w, h, density)| {
            (
                prop::collection::vec(prop::bool::weighted(density), w * h),
                0..w as i32,
                0..h as i32,
                prop_oneof![Just(0u32), 1u32..14],
                any::<bool>(),
            )
                .prop_map(move |(walls, x, y, radius, lw)| {
                    (map_of(w, h, &walls), Point::new(x, y), radius, lw)
                })
        })
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 3000,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn equals_fords_algorithm_run_to_the_end((map, origin, radius, lw) in scene(24)) {
        let ours = fov(&map, origin, radius, lw).to_string();
        prop_assert_eq!(ours, reference(&map, origin, radius, lw), "map:\n{}", map);
    }

    /// One `FieldOfView` computed again and again (it clears only what it revealed last)
    /// gives every time what a fresh one gives.
    #[test]
    fn a_reused_field_of_view_equals_a_fresh_one(
        (map, origin, radius, lw) in scene(24),
        again in prop::collection::vec((any::<u16>(), any::<u16>(), 0u32..14, any::<bool>()), 1..6),
    ) {
        let mut reused = FieldOfView::default();
        reused.compute(&map, origin, Radius::or_unlimited(radius), lit(lw)).unwrap();
        for (x, y, radius, lw) in again {
            let origin = Point::new(i32::from(x) % map.width(), i32::from(y) % map.height());
            reused.compute(&map, origin, Radius::or_unlimited(radius), lit(lw)).unwrap();
            prop_assert_eq!(reused.to_string(), fov(&map, origin, radius, lw).to_string());
        }
    }

    #[test]
    fn sight_is_symmetric_between_floor_cells((map, _o, radius, lw) in scene(14)) {
        let floors: Vec<Point> =
            map.iter().filter(|(_, t)| t.transparent).map(|(p, _)| p).collect();
        let views: Vec<FieldOfView> = floors.iter().map(|&p| fov(&map, p, radius, lw)).collect();
        for (i, &a) in floors.iter().enumerate() {
            for (j, &b) in floors.iter().enumerate().skip(i + 1) {
                prop_assert_eq!(
                    views[i].is_visible(b),
                    views[j].is_visible(a),
                    "{} and {} disagree, radius {}, map:\n{}", a, b, radius, map
                );
            }
        }
    }

    #[test]
    fn the_eight_symmetries_of_the_square_commute((map, origin, radius, lw) in scene(20)) {
        let base = fov(&map, origin, radius, lw);
        for t in 1..8u8 {
            let moved = transformed(&map, t);
            let (ox, oy, _, _) = d4(t, map.width(), map.height(), origin.x, origin.y);
            let view = fov(&moved, Point::new(ox, oy), radius, lw);
            for (p, _) in map.iter() {
                let (x, y, _, _) = d4(t, map.width(), map.height(), p.x, p.y);
                prop_assert_eq!(
                    base.is_visible(p), view.is_visible((x, y)),
                    "symmetry {} at {}, origin {}, map:\n{}", t, p, origin, map
                );
            }
        }
    }

    #[test]
    fn sight_never_passes_an_opaque_cell_and_a_clear_line_is_seen(
        (map, origin, radius, lw) in scene(24)
    ) {
        let view = fov(&map, origin, radius, lw);
        let r2 = i64::from(radius) * i64::from(radius);
        for (p, tile) in map.iter() {
            let (dx, dy) = (i64::from(p.x - origin.x), i64::from(p.y - origin.y));
            let inside = radius == 0 || dx * dx + dy * dy < r2;
            if !inside {
                prop_assert!(!view.is_visible(p), "{} beyond radius {}", p, radius);
            } else if p == origin {
                prop_assert_eq!(view.is_visible(p), lw || tile.transparent);
            } else if tile.transparent {
                // Ford's floor-to-floor sight: a clear centre line is seen, a blocked one
                // never; grazing lines go either way.
                match line(&map, origin, p) {
                    Line::Clear => prop_assert!(view.is_visible(p), "floor {} from {}:\n{}", p, origin, map),
                    Line::Blocked => prop_assert!(!view.is_visible(p), "floor {} from {}:\n{}", p, origin, map),
                    Line::Grazing => {}
                }
            }
        }
    }

    #[test]
    fn a_closure_view_gives_the_maps_answer((map, origin, radius, lw) in scene(24)) {
        // The closure goes cell by cell; the map takes the tile-slice fast path.
        let view = mapgen::fov::transparency_fn(map.shape(), |p| map.is_transparent(p));
        let by_call = mapgen::fov::field_of_view(&view, origin, Radius::or_unlimited(radius), lit(lw)).unwrap();
        prop_assert_eq!(by_call.to_string(), fov(&map, origin, radius, lw).to_string());
    }

    #[test]
    fn light_walls_off_removes_exactly_the_opaque_cells((map, origin, radius, _lw) in scene(24)) {
        let lit = fov(&map, origin, radius, true);
        let dark = fov(&map, origin, radius, false);
        for (p, tile) in map.iter() {
            prop_assert_eq!(dark.is_visible(p), lit.is_visible(p) && tile.transparent);
        }
    }

    #[test]
    fn an_opaque_ring_hides_everything_outside_it(
        (map, origin, radius, lw) in scene(24),
        ring in 1..6i32,
    ) {
        let mut map = map;
        for (p, _) in map.clone().iter() {
            if (p.x - origin.x).abs().max((p.y - origin.y).abs()) == ring {
                map.set(p, Tile::WALL);
            }
        }
        let view = fov(&map, origin, radius, lw);
        for p in view.visible_cells() {
            prop_assert!(
                (p.x - origin.x).abs().max((p.y - origin.y).abs()) <= ring,
                "{} seen through the ring at {} around {}:\n{}", p, ring, origin, map
            );
        }
    }

    #[test]
    fn an_empty_room_is_visible_within_the_radius(
        w in 1..40i32, h in 1..40i32, x in 0..40i32, y in 0..40i32,
        radius in prop_oneof![Just(0u32), 1u32..30], lw in any::<bool>(), walled in any::<bool>(),
    ) {
        let mut map = Map::new(w, h).unwrap();
        for (p, _) in map.clone().iter() {
            let border = p.x == 0 || p.y == 0 || p.x == w - 1 || p.y == h - 1;
            if !(walled && border) {
                map.set(p, Tile::FLOOR);
            }
        }
        // In a walled room the origin stands on the floor inside the walls.
        let origin = if walled {
            prop_assume!(w >= 3 && h >= 3);
            Point::new(1 + x % (w - 2), 1 + y % (h - 2))
        } else {
            Point::new(x % w, y % h)
        };
        let view = fov(&map, origin, radius, lw);
        let r2 = i64::from(radius) * i64::from(radius);
        for (p, tile) in map.iter() {
            let (dx, dy) = (i64::from(p.x - origin.x), i64::from(p.y - origin.y));
            let inside = radius == 0 || dx * dx + dy * dy < r2;
            // Every floor and, with light_walls, every wall of the room (corners too).
            let expect = inside && (tile.transparent || lw);
            prop_assert_eq!(view.is_visible(p), expect, "{} from {} r {}", p, origin, radius);
        }
    }
}

#[test]
fn tutorial_dungeons_match_the_reference_from_every_room() {
    let mut view = FieldOfView::default();
    for seed in 0..40 {
        let dungeon = RoomsSettings::default().generate(seed).unwrap();
        let map = &dungeon.map;
        for room in &dungeon.rooms {
            let c = room.center();
            for (radius, lw) in [(0, true), (8, true), (8, false), (20, true)] {
                view.compute(map, c, Radius::or_unlimited(radius), lit(lw))
                    .unwrap();
                assert_eq!(
                    view.to_string(),
                    reference(map, c, radius, lw),
                    "seed {seed} from {c} radius {radius}"
                );
            }
        }
    }
}

/// Big, mostly open maps: the north and south scans see far, so the east and west scans
/// read the map through transposed blocks. Still Ford's algorithm exactly, and the same as
/// through a closure (which never takes that path).
#[test]
fn open_views_read_through_blocks_equal_the_reference() {
    let mut rng = mapgen::DungeonRng::new(21);
    let mut reused = FieldOfView::default();
    for (w, h, walls_per_mille) in [(300, 240, 0), (257, 301, 20), (320, 200, 60), (200, 310, 5)] {
        let mut map = Map::new(w, h).unwrap();
        map.fill_rect(0..w, 0..h, Tile::FLOOR);
        for p in map.as_grid().points().collect::<Vec<_>>() {
            if rng.below(1000) < walls_per_mille {
                map.set(p, Tile::WALL);
            }
        }
        for _ in 0..3 {
            let origin = Point::new(rng.range_inclusive(0, w - 1), rng.range_inclusive(0, h - 1));
            map.set(origin, Tile::FLOOR);
            let radius = if rng.coin() {
                0
            } else {
                rng.range_inclusive(100, 400) as u32
            };
            let lw = rng.coin();
            reused
                .compute(&map, origin, Radius::or_unlimited(radius), lit(lw))
                .unwrap();
            let expected = reference(&map, origin, radius, lw);
            assert!(reused.to_string() == expected, "{w}x{h} {origin} r{radius}");
            let view = mapgen::fov::transparency_fn(map.shape(), |p| map.is_transparent(p));
            let by_call =
                mapgen::fov::field_of_view(&view, origin, Radius::or_unlimited(radius), lit(lw))
                    .unwrap();
            assert!(by_call.to_string() == expected);
        }
    }
}
