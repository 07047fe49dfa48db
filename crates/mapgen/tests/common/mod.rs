//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::collections::VecDeque;

use mapgen::{Map, Point};

/// Every walkable cell 4-connected to `start` (which must be walkable), as a mask.
pub fn reachable_from(map: &Map, start: Point) -> Vec<bool> {
    let mut seen = vec![false; map.tiles().len()];
    let mut queue = VecDeque::from([start]);
    if let Some(i) = map.index(start) {
        seen[i] = map.is_walkable(start);
    }
    while let Some(p) = queue.pop_front() {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (x, y) = (p.x + dx, p.y + dy);
            if let Some(i) = map.index((x, y))
                && !seen[i]
                && map.is_walkable((x, y))
            {
                seen[i] = true;
                queue.push_back(Point::new(x, y));
            }
        }
    }
    seen
}

/// The walkable cells that `start` cannot reach.
pub fn unreachable_walkable(map: &Map, start: Point) -> Vec<Point> {
    let seen = reachable_from(map, start);
    map.iter()
        .filter(|&(p, t)| t.walkable && !seen[map.index(p).unwrap()])
        .map(|(p, _)| p)
        .collect()
}

/// Compares `actual` with the snapshot file `tests/snapshots/<name>`; with
/// `UPDATE_SNAPSHOTS=1` it rewrites the file instead.
pub fn assert_snapshot(name: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_SNAPSHOTS=1 to create it",
            path.display()
        )
    });
    assert!(
        expected == actual,
        "{name} changed. A seed must keep naming the same dungeon: if the change is deliberate, \
         say so in CHANGELOG.md and rerun with UPDATE_SNAPSHOTS=1.\n--- expected\n{expected}\n--- actual\n{actual}"
    );
}
