//! Golden drunkard's walks: a seed must keep naming the same dungeon across releases.

mod common;

use mapgen::generators::Symmetry;
use mapgen::generators::drunkard::DrunkardMode;
use mapgen::{DrunkardSettings, Generate};

fn render(settings: &DrunkardSettings, seed: u64) -> String {
    let d = settings.generate(seed).unwrap();
    format!("{}start {}\nexit {}\n", d.map, d.start, d.exit())
}

#[test]
fn default_settings_seeds() {
    for seed in [0, 1, 42] {
        common::assert_snapshot(
            &format!("drunkard-80x45-seed-{seed}.txt"),
            &render(&DrunkardSettings::default(), seed),
        );
    }
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
        common::assert_snapshot(
            &format!("drunkard-40x20-{mode}-seed-7.txt"),
            &render(&settings, 7),
        );
    }
}
