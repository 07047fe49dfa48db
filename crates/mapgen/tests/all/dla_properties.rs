//! Invariants of diffusion-limited aggregation over random settings and seeds.

use crate::common;

use mapgen::generators::Generate;
use mapgen::generators::Symmetry;
use mapgen::generators::dla::DlaAlgorithm;
use mapgen::generators::dla::DlaSettings;
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

/// What the settings promise about the floor they paint.
fn painted(s: &DlaSettings) -> common::PaintedFloor {
    common::PaintedFloor {
        generator: mapgen::generators::GeneratorKind::Dla,
        field: "cluster_percent",
        percent: s.cluster_percent,
        width: s.width,
        height: s.height,
        brush_tiles: (s.brush_size as u64).pow(2),
        mirror: s.symmetry,
        steps_per_tile: DlaSettings::STEPS_PER_TILE,
    }
}

fn check(s: &DlaSettings, seed: u64) -> Result<(), TestCaseError> {
    painted(s).check(s, seed)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn targets_are_met_or_the_budget_says_so(s in settings(48), seed in any::<u64>()) {
        check(&s, seed)?;
    }

    #[test]
    fn same_seed_same_dungeon(s in settings(32), seed in any::<u64>()) {
        common::same_seed_same_result(&s, seed)?;
    }
}

#[test]
fn smallest_maps_and_extreme_settings_end() {
    for (width, height) in common::map_sizes(3..=7) {
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
    common::assert_refused(&cases);
}
