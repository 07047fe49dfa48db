//! Golden caves: a seed must keep naming the same cave across releases.

mod common;

use mapgen::generators::caves::CaveRegions;
use mapgen::{CavesSettings, Generate};

fn render(settings: &CavesSettings, seed: u64) -> String {
    let d = settings.generate(seed).unwrap();
    format!("{}start {}\nexit {}\n", d.map, d.start, d.exit())
}

#[test]
fn default_settings_seeds() {
    for seed in [0, 1, 42] {
        common::assert_snapshot(
            &format!("caves-80x45-seed-{seed}.txt"),
            &render(&CavesSettings::default(), seed),
        );
    }
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
    common::assert_snapshot("caves-40x20-keep-start-seed-7.txt", &render(&settings, 7));
}
