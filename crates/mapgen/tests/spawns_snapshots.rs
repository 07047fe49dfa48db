//! Golden maps with spawns: a seed, a depth and a table name the same things in the same
//! places on every platform. `UPDATE_SNAPSHOTS=1` rewrites the files after a deliberate
//! change (say so in CHANGELOG.md).

mod common;

use mapgen::generators::{Generator, GeneratorKind};
use mapgen::spawns::{SpawnKind, SpawnTable};
use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
use mapgen::{Dungeon, DungeonRng};

/// The dungeon of `kind` and `seed` with `vaults` vaults and the built-in table placed at
/// `depth`, all from the seed's stream, as `mapgen generate --spawns builtin` makes it.
fn made(kind: GeneratorKind, seed: u64, vaults: u32, depth: u32) -> Dungeon {
    let generator = Generator::with_defaults(kind);
    let mut rng = DungeonRng::new(seed);
    let mut dungeon = generator.generate_with(&mut rng).unwrap();
    if vaults > 0 {
        let settings = VaultSettings {
            count: vaults,
            ..VaultSettings::default()
        };
        let plan = VaultPlan::new(VaultLibrary::builtin().clone(), settings).unwrap();
        plan.place(&mut dungeon, &mut rng);
    }
    SpawnTable::builtin()
        .place(&mut dungeon, depth, &mut rng)
        .unwrap();
    dungeon
}

/// The things, one a line, then the map with each drawn over its tile (a monster as the
/// first letter of its name, an item as `!`), as `mapgen generate --spawns` prints it.
fn snapshot(dungeon: &Dungeon) -> String {
    let mut text = String::new();
    let mut rows: Vec<Vec<char>> = (0..dungeon.map.height())
        .map(|y| dungeon.map.row_glyphs(y).chars().collect())
        .collect();
    for s in &dungeon.spawns {
        text += &format!("{} {} {}\n", s.kind, s.name, s.at);
        let glyph = match s.kind {
            SpawnKind::Monster => s.name.chars().next().unwrap(),
            SpawnKind::Item => '!',
        };
        rows[s.at.y as usize][s.at.x as usize] = glyph;
    }
    text += &format!("start {} exit {}\n", dungeon.start, dungeon.exit());
    for row in rows {
        text.extend(row);
        text.push('\n');
    }
    text
}

#[test]
fn golden_maps_with_spawns() {
    for (kind, seed, vaults, depth) in [
        (GeneratorKind::Rooms, 42, 0, 1),
        (GeneratorKind::Rooms, 42, 0, 8),
        (GeneratorKind::Caves, 1, 3, 4),
        (GeneratorKind::Isaac, 0, 0, 2),
        (GeneratorKind::Maze, 5, 0, 6),
    ] {
        let name = format!(
            "spawns-{}-seed-{seed}-vaults-{vaults}-depth-{depth}.txt",
            kind.name()
        );
        common::assert_snapshot(&name, &snapshot(&made(kind, seed, vaults, depth)));
    }
}

/// The built-in table's text is pinned too: changing it changes every snapshot above.
#[test]
fn the_builtin_table_prints_as_pinned() {
    common::assert_snapshot(
        "spawns-builtin-table.txt",
        &SpawnTable::builtin().to_string(),
    );
}
