//! Invariants of the drunkard's walk over random settings and seeds.

mod common;

use mapgen::generators::Symmetry;
use mapgen::generators::drunkard::DrunkardMode;
use mapgen::{DrunkardSettings, Generate, GenerateError, Map, Point};
use proptest::prelude::*;

fn settings(max_side: i32) -> impl Strategy<Value = DrunkardSettings> {
    (
        (3..=max_side, 3..=max_side),
        prop::sample::select(DrunkardMode::ALL),
        prop_oneof![0..=100u32, Just(0), Just(1), Just(99), Just(100)],
        prop::sample::select(Symmetry::ALL),
    )
        .prop_map(
            |((width, height), mode, floor_percent, mirror)| DrunkardSettings {
                width,
                height,
                mode,
                floor_percent,
                mirror,
            },
        )
}

fn floor_count(map: &Map) -> u64 {
    map.iter().filter(|(_, t)| t.walkable).count() as u64
}

fn interior(s: &DrunkardSettings) -> u64 {
    (s.width as u64 - 2) * (s.height as u64 - 2)
}

/// The target in tiles, as documented: rounded up, at least one.
fn target(s: &DrunkardSettings) -> u64 {
    (u64::from(s.floor_percent) * interior(s))
        .div_ceil(100)
        .max(1)
}

/// The most tiles one stroke paints.
fn stroke(s: &DrunkardSettings) -> u64 {
    let brush = if s.mode == DrunkardMode::FatPassages {
        4
    } else {
        1
    };
    let images = match (s.mode, s.mirror) {
        (DrunkardMode::Symmetric, Symmetry::Both) => 4,
        (DrunkardMode::Symmetric, Symmetry::Horizontal | Symmetry::Vertical) => 2,
        _ => 1,
    };
    brush * images
}

/// Either the target is met within one stroke, or the typed error says why not.
fn check(s: &DrunkardSettings, seed: u64) -> Result<(), TestCaseError> {
    match s.generate(seed) {
        Ok(d) => {
            prop_assert_eq!(common::check_dungeon(&d), Ok(()));
            prop_assert_eq!(d.start, Point::new(s.width / 2, s.height / 2));
            prop_assert!(d.rooms.is_empty());
            let floor = floor_count(&d.map);
            prop_assert!(floor >= target(s), "{} < target {}", floor, target(s));
            prop_assert!(
                floor < target(s) + stroke(s),
                "{} overshoots {}",
                floor,
                target(s)
            );
            if s.mode == DrunkardMode::Symmetric {
                let (w, h) = (s.width, s.height);
                for (p, tile) in d.map.iter() {
                    if matches!(s.mirror, Symmetry::Horizontal | Symmetry::Both) {
                        prop_assert_eq!(tile, d.map.tile((w - 1 - p.x, p.y)));
                    }
                    if matches!(s.mirror, Symmetry::Vertical | Symmetry::Both) {
                        prop_assert_eq!(tile, d.map.tile((p.x, h - 1 - p.y)));
                    }
                }
            }
        }
        Err(GenerateError::BudgetExhausted {
            generator,
            field,
            target: t,
            reached,
            budget,
            ..
        }) => {
            prop_assert_eq!(generator, "drunkard");
            prop_assert_eq!(field, "floor_percent");
            prop_assert_eq!(t, target(s));
            prop_assert!(reached < t);
            prop_assert_eq!(budget, DrunkardSettings::STEPS_PER_TILE * interior(s));
        }
        Err(other) => prop_assert!(false, "unexpected error {}", other),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn targets_are_met_or_the_budget_says_so(s in settings(60), seed in any::<u64>()) {
        check(&s, seed)?;
    }

    #[test]
    fn same_seed_same_dungeon(s in settings(40), seed in any::<u64>()) {
        prop_assert_eq!(s.generate(seed), s.generate(seed));
    }
}

#[test]
fn smallest_maps_and_extreme_targets_end() {
    for width in 3..=8 {
        for height in 3..=8 {
            for &mode in DrunkardMode::ALL {
                for floor_percent in [0, 1, 99, 100] {
                    for &mirror in Symmetry::ALL {
                        let s = DrunkardSettings {
                            width,
                            height,
                            mode,
                            floor_percent,
                            mirror,
                        };
                        for seed in 0..3 {
                            check(&s, seed).unwrap();
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn default_modes_reach_their_target_at_80x45() {
    for &mode in DrunkardMode::ALL {
        for seed in 0..20 {
            let s = DrunkardSettings {
                mode,
                ..DrunkardSettings::default()
            };
            assert!(s.generate(seed).is_ok(), "{mode} seed {seed}");
        }
    }
}

#[test]
fn a_full_map_on_a_large_open_area_runs_out_of_budget() {
    let s = DrunkardSettings {
        width: 300,
        height: 300,
        mode: DrunkardMode::OpenArea,
        floor_percent: 100,
        ..DrunkardSettings::default()
    };
    let err = s.generate(5).unwrap_err();
    assert!(
        matches!(err, GenerateError::BudgetExhausted { .. }),
        "{err}"
    );
    assert!(err.to_string().contains("floor_percent (100)"), "{err}");
}

#[test]
fn settings_out_of_range_are_named() {
    let base = DrunkardSettings::default();
    let cases = [
        (
            DrunkardSettings { width: 2, ..base },
            "width is 2; allowed 3..=10000",
        ),
        (
            DrunkardSettings { height: -1, ..base },
            "height is -1; allowed 3..=10000",
        ),
        (
            DrunkardSettings {
                floor_percent: 101,
                ..base
            },
            "floor_percent is 101; allowed 0..=100",
        ),
    ];
    for (s, message) in cases {
        assert_eq!(s.generate(1).unwrap_err().to_string(), message);
    }
}
