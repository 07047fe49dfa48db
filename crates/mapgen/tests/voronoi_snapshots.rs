//! Golden hives: a seed must keep naming the same dungeon across releases.

mod common;

use mapgen::generators::voronoi::Distance;
use mapgen::{Generate, VoronoiSettings};

fn render(settings: &VoronoiSettings, seed: u64) -> String {
    let d = settings.generate(seed).unwrap();
    format!("{}start {}\nexit {}\n", d.map, d.start, d.exit())
}

#[test]
fn default_settings_seeds() {
    for seed in [0, 1, 42] {
        common::assert_snapshot(
            &format!("voronoi-80x45-seed-{seed}.txt"),
            &render(&VoronoiSettings::default(), seed),
        );
    }
}

#[test]
fn every_distance_on_a_small_map() {
    for &distance in Distance::ALL {
        let settings = VoronoiSettings {
            width: 40,
            height: 20,
            seeds: 12,
            distance,
            extra_openings: 0,
        };
        common::assert_snapshot(
            &format!("voronoi-40x20-{distance}-seed-7.txt"),
            &render(&settings, 7),
        );
    }
}
