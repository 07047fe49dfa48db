//! Invariants of diffusion-limited aggregation over random settings and seeds.

mod common;

use mapgen::generators::Symmetry;
use mapgen::generators::dla::DlaAlgorithm;
use mapgen::{DlaSettings, Generate, GenerateError, Map, Point};
use proptest::prelude::*;

fn settings(max_side: i32) -> impl Strategy<Value = DlaSettings> {
    (
        (3..=max_side, 3..=max_side),
        prop::sample::select(DlaAlgorithm::ALL),
        prop_oneof![1..=4i32, 1..=DlaSettings::MAX_BRUSH],
        prop::sample::select(Symmetry::ALL),
        prop_oneof![0..=100u32, Just(0), Just(1), Just(99), Just(100)],
    )
        .prop_map(
            |((width, height), algorithm, brush_size, symmetry, cluster_percent)| DlaSettings {
                width,
                height,
                algorithm,
                brush_size,
                symmetry,
                cluster_percent,
            },
        )
}

fn floor_count(map: &Map) -> u64 {
    map.iter().filter(|(_, t)| t.walkable).count() as u64
}

fn interior(s: &DlaSettings) -> u64 {
    (s.width as u64 - 2) * (s.height as u64 - 2)
}

fn target(s: &DlaSettings) -> u64 {
    (u64::from(s.cluster_percent) * interior(s))
        .div_ceil(100)
        .max(1)
}

fn stroke(s: &DlaSettings) -> u64 {
    let images = match s.symmetry {
        Symmetry::None => 1,
        Symmetry::Horizontal | Symmetry::Vertical => 2,
        Symmetry::Both => 4,
    };
    (s.brush_size as u64).pow(2) * images
}

fn check(s: &DlaSettings, seed: u64) -> Result<(), TestCaseError> {
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
            let (w, h) = (s.width, s.height);
            for (p, tile) in d.map.iter() {
                if matches!(s.symmetry, Symmetry::Horizontal | Symmetry::Both) {
                    prop_assert_eq!(tile, d.map.tile((w - 1 - p.x, p.y)));
                }
                if matches!(s.symmetry, Symmetry::Vertical | Symmetry::Both) {
                    prop_assert_eq!(tile, d.map.tile((p.x, h - 1 - p.y)));
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
            prop_assert_eq!(generator, "dla");
            prop_assert_eq!(field, "cluster_percent");
            prop_assert_eq!(t, target(s));
            prop_assert!(reached < t);
            prop_assert_eq!(budget, DlaSettings::STEPS_PER_TILE * interior(s));
        }
        Err(other) => prop_assert!(false, "unexpected error {}", other),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn targets_are_met_or_the_budget_says_so(s in settings(48), seed in any::<u64>()) {
        check(&s, seed)?;
    }

    #[test]
    fn same_seed_same_dungeon(s in settings(32), seed in any::<u64>()) {
        prop_assert_eq!(s.generate(seed), s.generate(seed));
    }
}

#[test]
fn smallest_maps_and_extreme_settings_end() {
    for width in 3..=7 {
        for height in 3..=7 {
            for &algorithm in DlaAlgorithm::ALL {
                for brush_size in [1, 2, DlaSettings::MAX_BRUSH] {
                    for &symmetry in Symmetry::ALL {
                        for cluster_percent in [0, 1, 99, 100] {
                            let s = DlaSettings {
                                width,
                                height,
                                algorithm,
                                brush_size,
                                symmetry,
                                cluster_percent,
                            };
                            check(&s, 7).unwrap();
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn default_algorithms_reach_their_target_at_80x45() {
    for &algorithm in DlaAlgorithm::ALL {
        for seed in 0..10 {
            let s = DlaSettings {
                algorithm,
                ..DlaSettings::default()
            };
            assert!(s.generate(seed).is_ok(), "{algorithm} seed {seed}");
        }
    }
}

#[test]
fn settings_out_of_range_are_named() {
    let base = DlaSettings::default();
    let cases = [
        (
            DlaSettings { width: 0, ..base },
            "width is 0; allowed 3..=10000",
        ),
        (
            DlaSettings {
                brush_size: 0,
                ..base
            },
            "brush_size is 0; allowed 1..=16",
        ),
        (
            DlaSettings {
                brush_size: 17,
                ..base
            },
            "brush_size is 17; allowed 1..=16",
        ),
        (
            DlaSettings {
                cluster_percent: 101,
                ..base
            },
            "cluster_percent is 101; allowed 0..=100",
        ),
    ];
    for (s, message) in cases {
        assert_eq!(s.generate(1).unwrap_err().to_string(), message);
    }
}
