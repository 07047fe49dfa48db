//! Invariants of the Voronoi hive over random settings and seeds.

use crate::common;

use mapgen::Regions;
use mapgen::generators::Generate;
use mapgen::generators::voronoi::Distance;
use mapgen::generators::voronoi::VoronoiSettings;
use proptest::prelude::*;

fn settings() -> impl Strategy<Value = VoronoiSettings> {
    (3..=70i32, 3..=40i32)
        .prop_flat_map(|(width, height)| {
            let interior = ((width - 2) * (height - 2)) as u32;
            (
                Just((width, height)),
                prop_oneof![1..=interior.min(100), Just(interior)],
                prop::sample::select(Distance::ALL),
                prop_oneof![0..=100u32, Just(0), Just(100)],
            )
        })
        .prop_map(
            |((width, height), seeds, distance, extra_openings)| VoronoiSettings {
                width,
                height,
                seeds,
                distance,
                extra_openings,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_hive_keeps_the_promises(s in settings(), seed in any::<u64>()) {
        let d = common::generate_checked(&s, seed)?;
        prop_assert!(d.rooms.is_empty());
        prop_assert_eq!(Regions::of(&d.map).count(), 1);
        prop_assert_eq!(Some(d.start), common::nearest_walkable_to_centre(&d.map));
        common::same_dungeon_again(&s, seed, &d)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn extra_openings_only_add_floor(s in settings(), seed in any::<u64>()) {
        let closed = VoronoiSettings { extra_openings: 0, ..s }.generate(seed).unwrap();
        let open = VoronoiSettings { extra_openings: 100, ..s }.generate(seed).unwrap();
        for (p, tile) in closed.map.iter() {
            prop_assert!(!tile.walkable || open.map.is_walkable(p), "{} closed again", p);
        }
    }
}

#[test]
fn a_single_seed_is_one_open_cell() {
    let s = VoronoiSettings {
        width: 12,
        height: 7,
        seeds: 1,
        ..VoronoiSettings::default()
    };
    let d = s.generate(3).unwrap();
    assert_eq!(common::floor_count(&d.map), 10 * 5, "{}", d.map);
}

#[test]
fn cells_are_walled_off_except_at_openings() {
    // With no extra openings the hive is a tree of cells: far fewer openings than
    // boundary tiles, so most of the cells' shared boundaries stay wall.
    let s = VoronoiSettings {
        extra_openings: 0,
        ..VoronoiSettings::default()
    };
    for seed in 0..10 {
        let d = s.generate(seed).unwrap();
        let walls_inside = d
            .map
            .iter()
            .filter(|(p, t)| !t.walkable && p.x > 0 && p.y > 0 && p.x < 79 && p.y < 44)
            .count();
        assert!(
            walls_inside > 400,
            "seed {seed}: {walls_inside} walls\n{}",
            d.map
        );
    }
}

#[test]
fn smallest_maps_and_extreme_settings_work() {
    for (width, height) in common::map_sizes(3..=7) {
        let interior = ((width - 2) * (height - 2)) as u32;
        for seeds in [1, interior] {
            for &distance in Distance::ALL {
                for extra_openings in [0, 100] {
                    let s = VoronoiSettings {
                        width,
                        height,
                        seeds,
                        distance,
                        extra_openings,
                    };
                    for seed in 0..3 {
                        common::assert_generated(&s, seed, &s.generate(seed).unwrap());
                    }
                }
            }
        }
        let too_many = VoronoiSettings {
            width,
            height,
            seeds: interior + 1,
            ..VoronoiSettings::default()
        };
        let message = format!("seeds is {}; allowed 1..={interior}", interior + 1);
        common::assert_refused(&[(too_many, message.as_str())]);
    }
    let none = VoronoiSettings {
        seeds: 0,
        ..VoronoiSettings::default()
    };
    let extra = VoronoiSettings {
        extra_openings: 101,
        ..VoronoiSettings::default()
    };
    common::assert_refused(&[
        (none, "seeds is 0; allowed 1..=3354"),
        (extra, "extra_openings is 101; allowed 0..=100"),
    ]);
}
