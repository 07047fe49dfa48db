//! Golden hives: a seed must keep naming the same dungeon across releases.

use crate::common;

use common::render_with_exit;
use mapgen::generators::voronoi::Distance;
use mapgen::generators::voronoi::VoronoiSettings;

#[test]
fn default_settings_seeds() {
    common::assert_default_snapshots::<VoronoiSettings>("voronoi-80x45", render_with_exit);
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
        common::assert_snapshots(
            &format!("voronoi-40x20-{distance}"),
            &settings,
            &[7],
            render_with_exit,
        );
    }
}
