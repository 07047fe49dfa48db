//! Golden paths of `PathFinder`: the same query on the same map gives the same path, on
//! every platform and release. The tutorial dungeon (seed 42), start to exit, drawn with
//! `*`, for the exact search with 8 landmarks and the weighted one at 1.5; a header line
//! gives the cost and the number of cells.

use crate::common;

use common::assert_snapshot;
use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::path::{PathFinder, PathSettings};
use mapgen::{Map, Point};

/// The map with the path drawn over it.
fn drawn(map: &Map, path: &[Point]) -> String {
    let mut rows: Vec<Vec<char>> = map
        .to_string()
        .lines()
        .map(|l| l.chars().collect())
        .collect();
    for p in path {
        if let Some(c) = rows
            .get_mut(p.y as usize)
            .and_then(|r| r.get_mut(p.x as usize))
        {
            *c = '*';
        }
    }
    rows.into_iter()
        .map(|r| r.into_iter().chain(['\n']).collect::<String>())
        .collect()
}

fn check(name: &str, settings: PathSettings) {
    let dungeon = RoomsSettings::default().generate(42).unwrap();
    let mut finder = PathFinder::new(settings).unwrap();
    let cost = finder
        .search(&dungeon.map, dungeon.start, dungeon.exit())
        .unwrap();
    let text = format!(
        "cost {cost:?}, {} steps\n{}",
        finder.path().len(),
        drawn(&dungeon.map, finder.path())
    );
    assert_snapshot(name, &text);
}

#[test]
fn tutorial_exact_with_landmarks() {
    check(
        "path-finder-tutorial-exact-8-landmarks.txt",
        PathSettings {
            landmarks: 8,
            ..PathSettings::default()
        },
    );
}

#[test]
fn tutorial_weighted_1_5() {
    check(
        "path-finder-tutorial-weighted-1.5.txt",
        PathSettings {
            weight: "1.5".parse().unwrap(),
            ..PathSettings::default()
        },
    );
}
