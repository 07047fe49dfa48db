//! Golden maps with vaults: a seed names the same vaults in the same places on every
//! platform. `UPDATE_SNAPSHOTS=1` rewrites the files after a deliberate change (say so in
//! CHANGELOG.md).

use crate::common;

use mapgen::DungeonRng;
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};

fn snapshot(kind: GeneratorKind, seed: u64, count: u32) -> String {
    let generator = Generator::with_defaults(kind);
    let settings = VaultSettings {
        count,
        ..VaultSettings::default()
    };
    let plan = VaultPlan::new(VaultLibrary::builtin().clone(), settings).unwrap();
    // The vaults draw from the generator's stream, after it: the seed names both, and the
    // dungeon under the vaults is the one the seed names without them.
    let mut rng = DungeonRng::new(seed);
    let mut dungeon = generator.generate_with(&mut rng).unwrap();
    assert_eq!(dungeon, generator.generate(seed).unwrap());
    plan.place(&mut dungeon, &mut rng);
    assert_eq!(plan.generate(&generator, seed).unwrap(), dungeon);
    let mut text = String::new();
    for p in &dungeon.vaults {
        text += &format!(
            "{} x={} y={} {}x{} mirror={} rotate={}\n",
            p.name,
            p.x,
            p.y,
            p.width,
            p.height,
            p.mirror,
            p.rotate.degrees()
        );
    }
    text += &format!(
        "start {} exit {} rooms {}\n",
        dungeon.start,
        dungeon.exit(),
        dungeon.rooms.len()
    );
    text + &dungeon.map.to_string()
}

#[test]
fn golden_maps_with_vaults() {
    for (kind, seed, count) in [
        (GeneratorKind::Rooms, 42, 5),
        (GeneratorKind::Bsp, 7, 6),
        (GeneratorKind::Caves, 1, 6),
        (GeneratorKind::Grid, 3, 4),
        (GeneratorKind::Maze, 5, 3),
    ] {
        let name = format!("vaults-{}-seed-{seed}-count-{count}.txt", kind.name());
        common::assert_snapshot(&name, &snapshot(kind, seed, count));
    }
}
