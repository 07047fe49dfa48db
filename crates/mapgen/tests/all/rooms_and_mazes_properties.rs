//! Invariants of the rooms-and-mazes generator over random settings and seeds.

use crate::common;

use mapgen::generators::Generate;
use mapgen::generators::rooms_and_mazes::{DeadEnds, RoomsAndMazesSettings};
use mapgen::{Dungeon, Map, Point, Regions, Tile};
use proptest::prelude::*;

fn settings() -> impl Strategy<Value = RoomsAndMazesSettings> {
    (
        (
            3..=101i32,
            3..=71i32,
            prop_oneof![0..=300u32, Just(0)],
            0..=4u32,
        ),
        (
            prop_oneof![0..=100u32, Just(0), Just(100)],
            prop_oneof![0..=100u32, Just(0), Just(100)],
            prop_oneof![Just(DeadEnds::Remove), Just(DeadEnds::Keep)],
        ),
    )
        .prop_map(
            |(
                (width, height, room_tries, room_extra_size),
                (winding_percent, extra_connector_percent, dead_ends),
            )| RoomsAndMazesSettings {
                width,
                height,
                room_tries,
                room_extra_size,
                winding_percent,
                extra_connector_percent,
                dead_ends,
            },
        )
}

/// The floor share (doors included) the docs give for the default settings.
const DEFAULT_FLOOR: std::ops::RangeInclusive<f64> = 0.35..=0.65;

fn exits(map: &Map, p: Point) -> usize {
    p.neighbours4().filter(|&q| map.is_walkable(q)).count()
}

fn is_room_floor(d: &Dungeon, p: Point) -> bool {
    d.rooms.iter().any(|r| r.inner_contains(p))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Border, connectivity from the start, the exit, room floors carved and disjoint.
    #[test]
    fn keeps_every_generators_promises(s in settings(), seed in any::<u64>()) {
        let d = common::generate_checked(&s, seed)?;
        let first_walkable = d.map.iter().find(|(_, t)| t.walkable).map(|(p, _)| p);
        match d.rooms.first() {
            Some(room) => prop_assert_eq!(d.start, room.center()),
            None => prop_assert_eq!(Some(d.start), first_walkable),
        }
    }

    #[test]
    fn same_seed_same_dungeon(s in settings(), seed in any::<u64>()) {
        common::same_seed_same_dungeon(&s, seed)?;
    }

    /// With dead ends removed, no walkable tile has exactly one walkable neighbour (a map
    /// reduced to one tile, when there are no rooms, has none).
    #[test]
    fn no_dead_end_is_left(s in settings(), seed in any::<u64>()) {
        let s = RoomsAndMazesSettings { dead_ends: DeadEnds::Remove, ..s };
        let d = s.generate(seed).unwrap();
        for (p, t) in d.map.iter() {
            prop_assert!(!(t.walkable && exits(&d.map, p) == 1), "dead end {}\n{}", p, d.map);
        }
        if d.rooms.is_empty() {
            prop_assert_eq!(common::floor_count(&d.map), 1);
        }
    }

    /// Rooms are Nystrom's: odd position, odd sides of at least 3, the shorter at most
    /// `5 + 2 * room_extra_size` and the longer less than twice the shorter, floors
    /// carved, outlines of wall and doors only (nothing else touches a room).
    #[test]
    fn rooms_are_odd_aligned_and_walled(s in settings(), seed in any::<u64>()) {
        let d = s.generate(seed).unwrap();
        for r in &d.rooms {
            let (w, h) = (r.width() as i32 - 1, r.height() as i32 - 1);
            prop_assert!((r.x1 + 1) % 2 == 1 && (r.y1 + 1) % 2 == 1, "{:?}", r);
            prop_assert!(w % 2 == 1 && h % 2 == 1 && w.min(h) >= 3, "{:?}", r);
            prop_assert!(w.min(h) <= 5 + 2 * s.room_extra_size as i32 && w.max(h) < 2 * w.min(h), "{:?}", r);
            for y in r.y1..=r.y2 {
                for x in r.x1..=r.x2 {
                    let p = Point::new(x, y);
                    let t = d.map.tile(p);
                    if r.inner_contains(p) {
                        prop_assert_eq!(t, Tile::FLOOR);
                    } else {
                        prop_assert!(t == Tile::WALL || t == Tile::DOOR, "{} on {:?}", p, r);
                    }
                }
            }
        }
    }

    /// Every door is a connector opened between a room and something else: it touches a
    /// room's floor and, once dead ends are gone, leads somewhere on the other side.
    #[test]
    fn doors_open_onto_rooms(s in settings(), seed in any::<u64>()) {
        let d = s.generate(seed).unwrap();
        for (p, t) in d.map.iter() {
            if t == Tile::DOOR {
                prop_assert!(p.neighbours4().any(|q| is_room_floor(&d, q)), "door {} touches no room\n{}", p, d.map);
                prop_assert!(exits(&d.map, p) >= 2 || s.dead_ends == DeadEnds::Keep, "door {}", p);
            }
        }
    }

    /// Without extra connectors and with the mazes kept, the regions (rooms and mazes,
    /// doors closed) are joined as a tree: one door fewer than regions, and the mazes
    /// fill every odd cell outside the rooms.
    #[test]
    fn without_extras_regions_are_joined_as_a_tree(s in settings(), seed in any::<u64>()) {
        let s = RoomsAndMazesSettings { extra_connector_percent: 0, dead_ends: DeadEnds::Keep, ..s };
        let d = s.generate(seed).unwrap();
        let doors = d.map.tiles().iter().filter(|&&t| t == Tile::DOOR).count();
        let mut closed = d.map.clone();
        for (p, t) in d.map.iter() {
            if t == Tile::DOOR {
                closed.set(p, Tile::WALL);
            }
        }
        prop_assert_eq!(doors + 1, Regions::of(&closed).count());
        for y in (1..s.height - 1).step_by(2) {
            for x in (1..s.width - 1).step_by(2) {
                prop_assert!(d.map.is_walkable((x, y)), "cell ({}, {}) is wall", x, y);
            }
        }
    }

    #[test]
    fn any_settings_give_a_dungeon_or_a_named_error(
        width in -5..120i32, height in -5..120i32, room_tries in 0..2_000_000u32,
        room_extra_size in 0..2000u32, winding_percent in 0..200u32,
        extra_connector_percent in 0..200u32, seed in any::<u64>(),
    ) {
        // Keep the work small: the tries only matter for the range check.
        let room_tries = if room_tries > 1_000_000 { room_tries } else { room_tries % 50 };
        let s = RoomsAndMazesSettings {
            width, height, room_tries, room_extra_size, winding_percent,
            extra_connector_percent, dead_ends: DeadEnds::Remove,
        };
        let fields = ["width", "height", "room_tries", "room_extra_size",
            "winding_percent", "extra_connector_percent"];
        common::dungeon_or_named_error(&s, seed, &fields)?;
    }
}

#[test]
fn default_floor_share_stays_in_the_documented_range() {
    common::assert_floor_share(&RoomsAndMazesSettings::default(), 0..2000, DEFAULT_FLOOR);
}

/// Every map from 3 x 3 to 15 x 15 with edge settings: a dungeon that keeps its promises
/// (no size in range is refused; a map too small for a room is a maze, or one tile).
#[test]
fn small_maps_all_work() {
    for (width, height) in common::map_sizes(3..=15) {
        for (room_tries, room_extra_size) in [(0, 0), (1, 0), (100, 0), (100, 5)] {
            for (winding_percent, extra_connector_percent) in [(0, 0), (100, 100), (30, 5)] {
                for dead_ends in [DeadEnds::Remove, DeadEnds::Keep] {
                    let s = RoomsAndMazesSettings {
                        width,
                        height,
                        room_tries,
                        room_extra_size,
                        winding_percent,
                        extra_connector_percent,
                        dead_ends,
                    };
                    for seed in 0..2 {
                        common::assert_generated(&s, seed, &s.generate(seed).unwrap());
                    }
                }
            }
        }
    }
}
