//! Golden maps with spawns: a seed, a depth and a table name the same things in the same
//! places on every platform. `UPDATE_SNAPSHOTS=1` rewrites the files after a deliberate
//! change (say so in CHANGELOG.md).

use crate::common;

use mapgen::generators::{Generator, GeneratorKind};
use mapgen::spawns::{SpawnKind, SpawnTable};
use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
use mapgen::{Dungeon, DungeonRng};

/// The dungeon of `kind` and `seed` with `vaults` vaults and `table` placed at `depth`,
/// all from the seed's stream, as `mapgen generate --spawns` makes it.
fn made(table: &SpawnTable, kind: GeneratorKind, seed: u64, vaults: u32, depth: u32) -> Dungeon {
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
    table.place(&mut dungeon, depth, &mut rng).unwrap();
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
        let dungeon = made(SpawnTable::builtin(), kind, seed, vaults, depth);
        common::assert_snapshot(&name, &snapshot(&dungeon));
    }
}

/// A table with a budget per level draws its places' counts first and thins them: the
/// built-in table with `level` lines on a bsp dungeon (whose many rooms draw far more than
/// the budget), pinned as the tables without them are.
#[test]
fn golden_map_with_a_budget() {
    let text = format!(
        "{}level monsters 1:6 3:8\nlevel items 1:3\n",
        SpawnTable::builtin()
    );
    let table = SpawnTable::parse("budget", &text).unwrap();
    let dungeon = made(&table, GeneratorKind::Bsp, 7, 0, 3);
    assert_eq!(dungeon.spawns.len(), 8 + 3);
    common::assert_snapshot(
        "spawns-budget-bsp-seed-7-depth-3.txt",
        &format!("{table}{}", snapshot(&dungeon)),
    );
}

/// The built-in table's text is pinned too: changing it changes every snapshot above.
#[test]
fn the_builtin_table_prints_as_pinned() {
    common::assert_snapshot(
        "spawns-builtin-table.txt",
        &SpawnTable::builtin().to_string(),
    );
}
