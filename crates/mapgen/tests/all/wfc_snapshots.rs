//! Golden dungeons: a seed must keep naming the same dungeon across releases.

use crate::common;

use common::render_with_exit;
use mapgen::generators::Generate;
use mapgen::generators::wfc::{BuiltinSample, PatternSymmetry, WfcSample, WfcSettings};

#[test]
fn every_builtin_sample_at_the_default_size() {
    for &sample in BuiltinSample::ALL {
        let s = WfcSettings {
            sample: WfcSample::Builtin(sample),
            ..WfcSettings::default()
        };
        for seed in [0, 42] {
            let d = s.generate(seed).unwrap();
            common::assert_snapshot(
                &format!("wfc-{sample}-80x45-seed-{seed}.txt"),
                &render_with_exit(&d),
            );
        }
    }
}

#[test]
fn small_maps_other_pattern_sizes_and_symmetries() {
    let cases = [
        (BuiltinSample::Rooms, 2, PatternSymmetry::Eight),
        (BuiltinSample::Caves, 3, PatternSymmetry::Two),
        (BuiltinSample::RuinedHall, 3, PatternSymmetry::Four),
    ];
    for (sample, n, symmetry) in cases {
        let s = WfcSettings {
            width: 40,
            height: 20,
            sample: WfcSample::Builtin(sample),
            pattern_size: n,
            pattern_symmetry: symmetry,
            ..WfcSettings::default()
        };
        let d = s.generate(7).unwrap();
        common::assert_snapshot(
            &format!("wfc-{sample}-40x20-n{n}-sym{symmetry}-seed-7.txt"),
            &render_with_exit(&d),
        );
    }
}
