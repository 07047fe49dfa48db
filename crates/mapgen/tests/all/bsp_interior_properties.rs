//! Invariants of the BSP interior generator over random settings and seeds.

use crate::common;

use mapgen::generators::Generate;
use mapgen::generators::bsp_interior::BspInteriorSettings;
use mapgen::{Point, Tile};
use proptest::prelude::*;

/// Valid settings: any size up to 150 x 100, any room size that fits.
fn settings() -> impl Strategy<Value = BspInteriorSettings> {
    (3..=150i32, 3..=100i32)
        .prop_flat_map(|(width, height)| {
            let largest = width.min(height) - 1;
            (Just((width, height)), 2..=largest.min(16))
        })
        .prop_map(|((width, height), min_room_size)| BspInteriorSettings {
            width,
            height,
            min_room_size,
        })
}

/// The floor share (doors included) the docs give for the default settings.
const DEFAULT_FLOOR: std::ops::RangeInclusive<f64> = 0.70..=0.80;

/// Which room's floor each tile is, by index into `rooms`.
fn owners(d: &mapgen::Dungeon) -> Vec<Option<usize>> {
    let mut owner = vec![None; d.map.tiles().len()];
    for (i, room) in d.rooms.iter().enumerate() {
        for p in room.inner_cells() {
            owner[d.map.index(p).unwrap()] = Some(i);
        }
    }
    owner
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// Border, connectivity from the start, the exit, room floors carved and disjoint.
    #[test]
    fn keeps_every_generators_promises(s in settings(), seed in any::<u64>()) {
        let d = common::generate_checked(&s, seed)?;
        prop_assert_eq!(d.start, d.rooms[0].center());
    }

    #[test]
    fn same_seed_same_dungeon(s in settings(), seed in any::<u64>()) {
        common::same_seed_same_dungeon(&s, seed)?;
    }

    /// The rooms' outlines tile the map's outline exactly (no gap, no corridor), every
    /// room is at least `min_room_size` on each side, and every walkable tile is a room's
    /// floor or a door.
    #[test]
    fn rooms_fill_the_whole_map(s in settings(), seed in any::<u64>()) {
        let d = s.generate(seed).unwrap();
        let cells: u64 = d.rooms.iter().map(|r| u64::from(r.width()) * u64::from(r.height())).sum();
        prop_assert_eq!(cells, (s.width as u64 - 1) * (s.height as u64 - 1));
        for r in &d.rooms {
            prop_assert!(r.x1 >= 0 && r.y1 >= 0 && r.x2 < s.width && r.y2 < s.height, "{:?}", r);
            prop_assert!(r.width() as i32 >= s.min_room_size && r.height() as i32 >= s.min_room_size, "{:?}", r);
        }
        let owner = owners(&d);
        for (p, tile) in d.map.iter() {
            let i = d.map.index(p).unwrap();
            prop_assert_eq!(tile == Tile::FLOOR, owner[i].is_some(), "{} {:?}", p, tile);
        }
    }

    /// One door per cut: `rooms - 1` doors, each in a wall between the floors of two
    /// different rooms, so with connectivity the rooms and doors form a tree.
    #[test]
    fn one_door_joins_each_pair_of_sibling_rooms(s in settings(), seed in any::<u64>()) {
        let d = s.generate(seed).unwrap();
        let owner = owners(&d);
        let owner_of = |p: Point| d.map.index(p).and_then(|i| owner[i]);
        let mut doors = 0;
        for (p, tile) in d.map.iter().filter(|&(_, t)| t == Tile::DOOR) {
            let _ = tile;
            doors += 1;
            let across = [(Point::WEST, Point::EAST), (Point::NORTH, Point::SOUTH)]
                .into_iter()
                .filter_map(|(a, b)| Some((owner_of(p + a)?, owner_of(p + b)?)))
                .collect::<Vec<_>>();
            prop_assert_eq!(across.len(), 1, "door {} between rooms on one axis only", p);
            prop_assert_ne!(across[0].0, across[0].1, "door {} inside one room", p);
        }
        prop_assert_eq!(doors, d.rooms.len() - 1);
    }

    /// Every room is at least `min_room_size` across, so its floor is at least
    /// `(1 - 1 / min_room_size)²` of its outline's cells, and the rooms' cells are the
    /// map's outline: a lower bound on the floor share that holds for every seed.
    #[test]
    fn floor_share_has_a_proven_lower_bound(s in settings(), seed in any::<u64>()) {
        let d = s.generate(seed).unwrap();
        let floor = d.map.tiles().iter().filter(|t| t.walkable).count() as f64;
        let m = f64::from(s.min_room_size);
        let bound = f64::from(s.width - 1) * f64::from(s.height - 1) * (1.0 - 1.0 / m).powi(2);
        prop_assert!(floor >= bound - 1e-9, "{} < {}", floor, bound);
    }

    #[test]
    fn any_settings_give_a_dungeon_or_a_named_error(
        width in -5..200i32, height in -5..200i32, min_room_size in -3..60i32,
        seed in any::<u64>(),
    ) {
        let s = BspInteriorSettings { width, height, min_room_size };
        common::dungeon_or_named_error(&s, seed, &["width", "height", "min_room_size"])?;
    }
}

#[test]
fn default_floor_share_stays_in_the_documented_range() {
    common::assert_floor_share(&BspInteriorSettings::default(), 0..2000, DEFAULT_FLOOR);
}

/// Every map from 3 x 3 to 14 x 14 with every room size: a dungeon that keeps its
/// promises, or (a room larger than the map) an error naming `min_room_size`.
#[test]
fn small_maps_work_or_name_the_setting() {
    for (width, height) in common::map_sizes(3..=14) {
        for min_room_size in 1..=14 {
            let s = BspInteriorSettings {
                width,
                height,
                min_room_size,
            };
            for seed in 0..4 {
                match s.generate(seed) {
                    Ok(d) => common::assert_generated(&s, seed, &d),
                    Err(e) => {
                        assert!(min_room_size < 2 || min_room_size >= width.min(height));
                        assert!(e.to_string().starts_with("min_room_size is "), "{e}");
                    }
                }
            }
        }
    }
}
