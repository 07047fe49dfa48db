//! Isaac's keys on floors with vaults (issue 38, item 4). The keys were laid after the
//! vaults were stamped, wherever the room's seed said: about 30 % of them on a built-in
//! vault's wall, and with a user's vault of one solid block, 318 of 1,315 keys walled in
//! and 167 of 600 floors with fewer keys the start reaches than locked doors (a shop that
//! can never be opened). Now, over random floors, stages and vaults:
//!
//! * every key lies on plain floor (`Tile::FLOOR`: no wall, door, stairs or vault tile),
//!   and the start reaches it over the level's map as the game has it (locked doors and
//!   secret doors not found are walls there);
//! * there are at least as many such keys as locked doors.
//!
//! More cases: `PROPTEST_CASES=3000 cargo test --release -p game-core --test keys_props`.

mod support;

use game_core::doors::KeyKind;
use game_core::entity::Thing;
use game_core::level::LevelOrder;
use mapgen::Tile;
use mapgen::generators::Generator;
use mapgen::generators::isaac::IsaacSettings;
use mapgen::path::walking_steps;
use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
use proptest::prelude::*;
use support::skips::Skips;

/// A user's vault file of one solid 9x5 block, the hostile case of the issue.
const SOLID_BLOCK: &str = "\
name: block
map:
#########
#########
####@####
";

/// The vault libraries tried: the built-in one, and the solid block.
fn library(which: u8) -> VaultLibrary {
    match which {
        0 => VaultLibrary::builtin().clone(),
        _ => VaultLibrary::parse("block.txt", SOLID_BLOCK).unwrap(),
    }
}

static SKIPS: Skips = Skips::new();

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn keys_lie_on_floor_the_start_reaches_and_are_enough(
        seed in any::<u64>(),
        stage in 1u32..=12,
        which in 0u8..2,
        count in 1u32..=16,
    ) {
        SKIPS.case();
        check_keys(seed, stage, which, count)?;
    }
}

/// The floor proptest found with two locked doors and one key (no shrinking, proptest's
/// saved seed of it was lost): isaac stage 1 with one built-in vault. Kept as its own
/// test because a proptest-regressions line holds the random generator's seed, not the
/// values, and cannot be written from them.
#[test]
fn two_locked_doors_two_keys_with_one_builtin_vault() {
    check_keys(4473027020821567609, 1, 0, 1).unwrap();
}

/// The property for one floor: every key on plain floor the start reaches, and at least
/// as many keys as locked doors. A floor the generator refuses is a counted skip.
fn check_keys(seed: u64, stage: u32, which: u8, count: u32) -> Result<(), TestCaseError> {
    let settings = VaultSettings {
        count,
        ..VaultSettings::default()
    };
    let plan = VaultPlan::new(library(which), settings).unwrap();
    let isaac = Generator::Isaac(IsaacSettings {
        stage,
        ..IsaacSettings::default()
    });
    let order = LevelOrder {
        vaults: Some(plan),
        ..LevelOrder::first(isaac, seed)
    };
    let level = match order.make() {
        Ok(level) => level,
        Err(e) => return SKIPS.skip(&e.to_string()),
    };
    let map = level.map();
    let reach = walking_steps(map, level.arrival());
    let mut reachable_keys = 0;
    for key in level
        .entities()
        .iter()
        .filter(|e| e.thing == Thing::Key(KeyKind::Any))
    {
        prop_assert_eq!(map.tile(key.at), Tile::FLOOR, "key at {}", key.at);
        prop_assert!(
            reach.get_or_default(key.at).is_some(),
            "key at {} walled in",
            key.at
        );
        reachable_keys += 1;
    }
    let locked = level.doors().locked().len();
    prop_assert!(
        reachable_keys >= locked,
        "{reachable_keys} keys for {locked} locked doors (seed {seed}, stage {stage})"
    );
    Ok(())
}

/// The same floors without vaults keep their keys where they were: the fix changes
/// only keys a vault was in the way of.
#[test]
fn floors_without_vaults_keep_their_keys() {
    for seed in 0..40 {
        let order = LevelOrder::first(Generator::Isaac(IsaacSettings::default()), seed);
        let level = order.make().unwrap();
        let grid = level.dungeon().room_grid().unwrap();
        for key in level
            .entities()
            .iter()
            .filter(|e| e.thing == Thing::Key(KeyKind::Any))
        {
            let room = &grid.rooms()[grid.room_index_at_tile(key.at).unwrap()];
            assert_eq!(
                Some(key.at),
                game_core::entity::key_place(grid, room),
                "seed {seed}"
            );
        }
    }
}
