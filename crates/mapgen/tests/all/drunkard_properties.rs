//! Invariants of the drunkard's walk over random settings and seeds.

use crate::common;

use mapgen::GenerateError;
use mapgen::generators::Generate;
use mapgen::generators::Symmetry;
use mapgen::generators::drunkard::DrunkardMode;
use mapgen::generators::drunkard::DrunkardSettings;
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

/// What the settings promise about the floor they paint: fat passages paint 2 x 2,
/// and only the symmetric mode mirrors.
fn painted(s: &DrunkardSettings) -> common::PaintedFloor {
    let fat = s.mode == DrunkardMode::FatPassages;
    let symmetric = s.mode == DrunkardMode::Symmetric;
    common::PaintedFloor {
        generator: mapgen::generators::GeneratorKind::Drunkard,
        field: "floor_percent",
        percent: s.floor_percent,
        width: s.width,
        height: s.height,
        brush_tiles: if fat { 4 } else { 1 },
        mirror: if symmetric { s.mirror } else { Symmetry::None },
        steps_per_tile: DrunkardSettings::STEPS_PER_TILE,
    }
}

/// Either the target is met within one stroke, or the typed error says why not.
fn check(s: &DrunkardSettings, seed: u64) -> Result<(), TestCaseError> {
    painted(s).check(s, seed)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn targets_are_met_or_the_budget_says_so(s in settings(60), seed in any::<u64>()) {
        check(&s, seed)?;
    }

    #[test]
    fn same_seed_same_dungeon(s in settings(40), seed in any::<u64>()) {
        common::same_seed_same_result(&s, seed)?;
    }
}

#[test]
fn smallest_maps_and_extreme_targets_end() {
    for (width, height) in common::map_sizes(3..=8) {
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
    common::assert_refused(&cases);
}
