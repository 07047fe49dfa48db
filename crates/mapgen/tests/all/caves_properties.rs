//! Invariants of the cellular-automaton caves over random settings and seeds.

use crate::common;

use mapgen::generators::Generate;
use mapgen::generators::caves::CaveRegions;
use mapgen::generators::caves::CavesSettings;
use mapgen::{GenerateError, Map, Point, Regions};
use proptest::prelude::*;

fn regions() -> impl Strategy<Value = CaveRegions> {
    prop::sample::select(CaveRegions::ALL)
}

/// Valid settings on maps up to 70 x 40.
fn settings() -> impl Strategy<Value = CavesSettings> {
    (
        (3..=70i32, 3..=40i32),
        0..=100u32,
        0..=8u32,
        (0..=9u32, 0..=9u32),
        regions(),
    )
        .prop_map(
            |(
                (width, height),
                floor_chance,
                iterations,
                (birth_limit, survival_limit),
                regions,
            )| {
                CavesSettings {
                    width,
                    height,
                    floor_chance,
                    iterations,
                    birth_limit,
                    survival_limit,
                    regions,
                }
            },
        )
}

fn floor(map: &Map) -> Vec<Point> {
    map.iter()
        .filter(|(_, t)| t.walkable)
        .map(|(p, _)| p)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_cave_keeps_the_promises(s in settings(), seed in any::<u64>()) {
        let d = common::generate_checked(&s, seed)?;
        prop_assert!(d.rooms.is_empty());
        prop_assert_eq!(Regions::of(&d.map).count(), 1);
        prop_assert_eq!((d.map.width(), d.map.height()), (s.width, s.height));
        common::same_dungeon_again(&s, seed, &d)?;
    }

    #[test]
    fn joining_keeps_every_cave_that_keep_start_keeps(s in settings(), seed in any::<u64>()) {
        let joined = CavesSettings { regions: CaveRegions::Join, ..s }.generate(seed).unwrap();
        let kept = CavesSettings { regions: CaveRegions::KeepStart, ..s }.generate(seed).unwrap();
        prop_assert_eq!(joined.start, kept.start);
        for p in floor(&kept.map) {
            prop_assert!(joined.map.is_walkable(p), "{} lost by joining", p);
        }
        // The start rule holds for the automaton's floor, which keep-start leaves alone
        // around the start.
        prop_assert_eq!(Some(kept.start), common::nearest_walkable_to_centre(&kept.map));
    }
}

#[test]
fn smallest_maps_and_extreme_settings_work() {
    for (width, height) in common::map_sizes(3..=6) {
        for floor_chance in [0, 1, 50, 99, 100] {
            for (birth_limit, survival_limit) in [(0, 0), (9, 9), (0, 9), (9, 0), (5, 4)] {
                for regions in CaveRegions::ALL.iter().copied() {
                    let s = CavesSettings {
                        width,
                        height,
                        floor_chance,
                        iterations: CavesSettings::MAX_ITERATIONS,
                        birth_limit,
                        survival_limit,
                        regions,
                    };
                    for seed in 0..3 {
                        common::assert_generated(&s, seed, &s.generate(seed).unwrap());
                    }
                }
            }
        }
    }
}

#[test]
fn settings_out_of_range_are_named() {
    let base = CavesSettings::default();
    let cases = [
        (
            CavesSettings { width: 2, ..base },
            "width is 2; allowed 3..=10000",
        ),
        (
            CavesSettings {
                height: 10_001,
                ..base
            },
            "height is 10001; allowed 3..=10000",
        ),
        (
            CavesSettings {
                floor_chance: 101,
                ..base
            },
            "floor_chance is 101; allowed 0..=100",
        ),
        (
            CavesSettings {
                iterations: 101,
                ..base
            },
            "iterations is 101; allowed 0..=100",
        ),
        (
            CavesSettings {
                birth_limit: 10,
                ..base
            },
            "birth_limit is 10; allowed 0..=9",
        ),
        (
            CavesSettings {
                survival_limit: 10,
                ..base
            },
            "survival_limit is 10; allowed 0..=9",
        ),
    ];
    common::assert_refused(&cases);
    for (s, _) in cases {
        let err = s.generate(1).unwrap_err();
        assert!(matches!(err, GenerateError::OutOfRange { .. }), "{err}");
    }
}

#[test]
fn default_caves_join_many_pockets() {
    // The automaton leaves pockets on most default maps; joining reaches all of them.
    let mut joined_any = false;
    for seed in 0..20 {
        let d = CavesSettings::default().generate(seed).unwrap();
        let kept = CavesSettings {
            regions: CaveRegions::KeepStart,
            ..CavesSettings::default()
        }
        .generate(seed)
        .unwrap();
        joined_any |= floor(&d.map).len() > floor(&kept.map).len();
        let share = floor(&d.map).len() * 100 / (78 * 43);
        assert!((35..=80).contains(&share), "seed {seed}: {share} % floor");
    }
    assert!(joined_any);
}
