//! Golden aggregates: a seed must keep naming the same dungeon across releases.

mod common;

use mapgen::generators::Symmetry;
use mapgen::generators::dla::DlaAlgorithm;
use mapgen::{DlaSettings, Generate};

fn render(settings: &DlaSettings, seed: u64) -> String {
    let d = settings.generate(seed).unwrap();
    format!("{}start {}\nexit {}\n", d.map, d.start, d.exit())
}

#[test]
fn default_settings_seeds() {
    for seed in [0, 1, 42] {
        common::assert_snapshot(
            &format!("dla-80x45-seed-{seed}.txt"),
            &render(&DlaSettings::default(), seed),
        );
    }
}

#[test]
fn every_algorithm_with_a_brush_and_symmetry() {
    for &algorithm in DlaAlgorithm::ALL {
        let settings = DlaSettings {
            width: 40,
            height: 20,
            algorithm,
            brush_size: 2,
            symmetry: Symmetry::Horizontal,
            cluster_percent: 30,
        };
        common::assert_snapshot(
            &format!("dla-40x20-{algorithm}-seed-7.txt"),
            &render(&settings, 7),
        );
    }
}
