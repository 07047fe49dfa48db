//! Golden caves: a seed must keep naming the same cave across releases.

use crate::common;

use common::render_with_exit;
use mapgen::generators::caves::CaveRegions;
use mapgen::generators::caves::CavesSettings;

#[test]
fn default_settings_seeds() {
    common::assert_default_snapshots::<CavesSettings>("caves-80x45", render_with_exit);
}

#[test]
fn keep_start_on_a_small_map() {
    let settings = CavesSettings {
        width: 40,
        height: 20,
        floor_chance: 50,
        iterations: 6,
        regions: CaveRegions::KeepStart,
        ..CavesSettings::default()
    };
    common::assert_snapshots("caves-40x20-keep-start", &settings, &[7], render_with_exit);
}
