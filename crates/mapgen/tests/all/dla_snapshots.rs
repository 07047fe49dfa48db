//! Golden aggregates: a seed must keep naming the same dungeon across releases.

use crate::common;

use common::render_with_exit;
use mapgen::generators::Symmetry;
use mapgen::generators::dla::DlaAlgorithm;
use mapgen::generators::dla::DlaSettings;

#[test]
fn default_settings_seeds() {
    common::assert_default_snapshots::<DlaSettings>("dla-80x45", render_with_exit);
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
        common::assert_snapshots(
            &format!("dla-40x20-{algorithm}"),
            &settings,
            &[7],
            render_with_exit,
        );
    }
}
