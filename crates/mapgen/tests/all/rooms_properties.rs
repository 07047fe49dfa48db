//! Invariants of the rooms-and-corridors generator over random settings and seeds.

use crate::common;

use mapgen::carve::{Bend, create_room, tunnel_between};
use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::{Dungeon, DungeonRng, Map, Rect};
use proptest::prelude::*;

/// Valid settings: every size in range, room sizes that fit the map.
fn settings() -> impl Strategy<Value = RoomsSettings> {
    (3..=120i32, 3..=80i32, 1..=120u32)
        .prop_flat_map(|(width, height, max_rooms)| {
            let largest = width.min(height) - 1;
            (Just((width, height, max_rooms)), 2..=largest, 2..=largest)
        })
        .prop_map(|((width, height, max_rooms), a, b)| RoomsSettings {
            width,
            height,
            max_rooms,
            room_min_size: a.min(b),
            room_max_size: a.max(b),
        })
}

/// The tutorial's loop, word for word: every new room tested against every earlier one.
fn tutorial_reference(s: &RoomsSettings, seed: u64) -> Dungeon {
    let mut rng = DungeonRng::new(seed);
    let mut map = Map::new(s.width, s.height).unwrap();
    let mut rooms: Vec<Rect> = Vec::new();
    for _ in 0..s.max_rooms {
        let w = rng.range_inclusive(s.room_min_size, s.room_max_size);
        let h = rng.range_inclusive(s.room_min_size, s.room_max_size);
        let x = rng.range_inclusive(0, s.width - w - 1);
        let y = rng.range_inclusive(0, s.height - h - 1);
        let new_room = Rect::new(x, y, w, h);
        if rooms.iter().any(|other| new_room.intersects(other)) {
            continue;
        }
        create_room(&mut map, &new_room);
        if let Some(prev) = rooms.last() {
            let bend = if rng.coin() {
                Bend::HorizontalFirst
            } else {
                Bend::VerticalFirst
            };
            tunnel_between(&mut map, prev.center(), new_room.center(), bend);
        }
        rooms.push(new_room);
    }
    Dungeon::new(map, rooms[0].center()).with_rooms(rooms)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn same_seed_same_dungeon(s in settings(), seed in any::<u64>()) {
        common::same_seed_same_dungeon(&s, seed)?;
    }

    #[test]
    fn occupancy_grid_accepts_exactly_the_tutorials_rooms(s in settings(), seed in any::<u64>()) {
        prop_assert_eq!(s.generate(seed).unwrap(), tutorial_reference(&s, seed));
    }

    #[test]
    fn rooms_lie_inside_and_the_border_stays_wall(s in settings(), seed in any::<u64>()) {
        let d = s.generate(seed).unwrap();
        let (w, h) = (d.map.width(), d.map.height());
        prop_assert_eq!((w, h), (s.width, s.height));
        for r in &d.rooms {
            prop_assert!(r.x1 >= 0 && r.y1 >= 0 && r.x2 < w && r.y2 < h, "{:?} outside {}x{}", r, w, h);
            let side = |a: i32, b: i32| (s.room_min_size..=s.room_max_size).contains(&(b - a));
            prop_assert!(side(r.x1, r.x2) && side(r.y1, r.y2), "{:?} size", r);
        }
        for (p, t) in d.map.iter() {
            let border = p.x == 0 || p.y == 0 || p.x == w - 1 || p.y == h - 1;
            prop_assert!(!(border && t.walkable), "border cell {} is floor", p);
        }
    }

    #[test]
    fn no_two_rooms_intersect(s in settings(), seed in any::<u64>()) {
        let d = s.generate(seed).unwrap();
        for (i, a) in d.rooms.iter().enumerate() {
            for b in &d.rooms[i + 1..] {
                prop_assert!(!a.intersects(b), "{:?} and {:?}", a, b);
            }
        }
    }

    #[test]
    fn every_floor_tile_is_reachable_from_the_start(s in settings(), seed in any::<u64>()) {
        let d = s.generate(seed).unwrap();
        prop_assert!(d.map.tile(d.start).walkable, "start {} is not floor", d.start);
        prop_assert_eq!(d.start, d.rooms[0].center());
        let lost = common::unreachable_walkable(&d.map, d.start);
        prop_assert!(lost.is_empty(), "unreachable: {:?}\n{}", lost, d.map);
    }

    #[test]
    fn room_count_and_floors(s in settings(), seed in any::<u64>()) {
        let d = s.generate(seed).unwrap();
        prop_assert!(!d.rooms.is_empty() && d.rooms.len() <= s.max_rooms as usize);
        for r in &d.rooms {
            prop_assert!(r.inner_cells().all(|p| d.map.tile(p).walkable), "{:?} not carved", r);
        }
    }

    #[test]
    fn any_settings_give_a_dungeon_or_a_named_error(
        width in -5..200i32, height in -5..200i32, max_rooms in 0..50u32,
        room_min_size in -3..60i32, room_max_size in -3..60i32, seed in any::<u64>(),
    ) {
        let s = RoomsSettings { width, height, max_rooms, room_min_size, room_max_size };
        let fields = ["width", "height", "max_rooms", "room_min_size", "room_max_size"];
        common::dungeon_or_named_error(&s, seed, &fields)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The promises every generator keeps: border, connectivity, the exit, room floors.
    #[test]
    fn keeps_every_generators_promises(s in settings(), seed in any::<u64>()) {
        common::generate_checked(&s, seed)?;
    }
}
