//! Golden files: a seed must keep naming the same dungeon across releases.

use mapgen::Dungeon;
use mapgen::generators::Generate;

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

/// Compares the dungeon of each seed, as `render` writes it, with the snapshot file
/// `<prefix>-seed-<seed>.txt`.
pub fn assert_snapshots<G: Generate>(
    prefix: &str,
    settings: &G,
    seeds: &[u64],
    render: fn(&Dungeon) -> String,
) {
    for &seed in seeds {
        let dungeon = settings.generate(seed).unwrap();
        assert_snapshot(&format!("{prefix}-seed-{seed}.txt"), &render(&dungeon));
    }
}

/// The seeds every generator's default settings are pinned at (`rooms` pins more).
pub const DEFAULT_SEEDS: [u64; 3] = [0, 1, 42];

/// [`assert_snapshots`] of the default settings at [`DEFAULT_SEEDS`].
pub fn assert_default_snapshots<G: Generate>(prefix: &str, render: fn(&Dungeon) -> String) {
    assert_snapshots(prefix, &G::default(), &DEFAULT_SEEDS, render);
}

/// The map and a line `start x,y`: how every snapshot begins.
pub fn render_map_and_start(d: &Dungeon) -> String {
    format!("{}start {}\n", d.map, d.start)
}

/// The map, the start and a line of the room outlines (`x1,y1,x2,y2` each, in the
/// dungeon's order): the snapshots of the generators that make rooms.
pub fn render_with_rooms(d: &Dungeon) -> String {
    let rooms: Vec<String> = d
        .rooms
        .iter()
        .map(|r| format!("{},{},{},{}", r.x1, r.y1, r.x2, r.y2))
        .collect();
    format!("{}rooms {}\n", render_map_and_start(d), rooms.join(" "))
}

/// The map, the start and the exit: the snapshots of the generators without rooms.
pub fn render_with_exit(d: &Dungeon) -> String {
    format!("{}exit {}\n", render_map_and_start(d), d.exit())
}
