//! Golden drunkard's walks: a seed must keep naming the same dungeon across releases.

use crate::common;

use common::render_with_exit;
use mapgen::generators::Symmetry;
use mapgen::generators::drunkard::DrunkardMode;
use mapgen::generators::drunkard::DrunkardSettings;

#[test]
fn default_settings_seeds() {
    common::assert_default_snapshots::<DrunkardSettings>("drunkard-80x45", render_with_exit);
}

#[test]
fn every_mode_on_a_small_map() {
    for &mode in DrunkardMode::ALL {
        let settings = DrunkardSettings {
            width: 40,
            height: 20,
            mode,
            floor_percent: 40,
            mirror: Symmetry::Horizontal,
        };
        common::assert_snapshots(
            &format!("drunkard-40x20-{mode}"),
            &settings,
            &[7],
            render_with_exit,
        );
    }
}
