//! Every rule of vault placement, on dungeons of every generator in the list, many seeds
//! and vault counts; and the promises every dungeon keeps, after the stamps.

use crate::common;

use mapgen::DungeonRng;
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::vaults::{VaultLibrary, VaultSettings, place_vaults};
use proptest::prelude::*;

fn generator() -> impl Strategy<Value = GeneratorKind> {
    proptest::sample::select(GeneratorKind::ALL.to_vec())
}

/// Tag filters: none, or a few of the library's tags.
fn tags() -> impl Strategy<Value = Vec<String>> {
    let known: Vec<String> = VaultLibrary::builtin()
        .tags()
        .into_iter()
        .map(String::from)
        .collect();
    prop_oneof![
        3 => Just(Vec::new()),
        1 => proptest::sample::subsequence(known, 1..4),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The rules hold (in two calls, the second keeping to the first's vaults), the
    /// dungeon keeps its promises, and the same seed gives the same vaults and map.
    #[test]
    fn every_rule_holds_on_every_generator(
        kind in generator(),
        seed in any::<u64>(),
        place_seed in any::<u64>(),
        count in 0u32..=16,
        more in 0u32..=4,
        tags in tags(),
    ) {
        let before = Generator::with_defaults(kind).generate(seed).unwrap();
        let library = VaultLibrary::builtin();
        let settings = VaultSettings { count, tags };
        let mut rng = DungeonRng::new(place_seed);
        let mut after = before.clone();
        let placed = place_vaults(&mut after, library, &settings, &mut rng).unwrap();
        prop_assert_eq!(placed, after.vaults.len());
        if let Err(broken) = common::vaults::check_rules(&before, &after, library, &settings) {
            return Err(TestCaseError::fail(format!("{kind:?} seed {seed} place {place_seed}: {broken}\n{:#?}\n{}", after.vaults, after.map)));
        }
        let second = VaultSettings { count: more, tags: Vec::new() };
        let mut twice = after.clone();
        place_vaults(&mut twice, library, &second, &mut rng).unwrap();
        if let Err(broken) = common::vaults::check_rules(&after, &twice, library, &second) {
            return Err(TestCaseError::fail(format!("{kind:?} seed {seed} place {place_seed}, second call: {broken}\n{}", twice.map)));
        }
        let mut again = before.clone();
        place_vaults(&mut again, library, &settings, &mut DungeonRng::new(place_seed)).unwrap();
        prop_assert_eq!(again, after);
    }
}

/// The tutorial map has room for several vaults: the search finds them.
#[test]
fn the_tutorial_map_takes_five_vaults() {
    for seed in 0..20 {
        let mut dungeon = Generator::with_defaults(GeneratorKind::Rooms)
            .generate(seed)
            .unwrap();
        let settings = VaultSettings {
            count: 5,
            ..VaultSettings::default()
        };
        let placed = place_vaults(
            &mut dungeon,
            VaultLibrary::builtin(),
            &settings,
            &mut DungeonRng::new(seed),
        )
        .unwrap();
        assert_eq!(placed, 5, "seed {seed}");
    }
}

/// A grid of rooms takes vaults too, each in the middle of one room.
#[test]
fn grid_dungeons_take_vaults_in_their_rooms() {
    let generator = Generator::with_defaults(GeneratorKind::Grid);
    let library = VaultLibrary::builtin();
    let settings = VaultSettings {
        count: 4,
        ..VaultSettings::default()
    };
    let mut placed = 0;
    for seed in 0..20 {
        let before = generator.generate(seed).unwrap();
        let mut after = before.clone();
        placed += place_vaults(&mut after, library, &settings, &mut DungeonRng::new(seed)).unwrap();
        common::vaults::check_rules(&before, &after, library, &settings)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{}", after.map));
    }
    assert!(placed >= 40, "only {placed} vaults in 20 grid dungeons");
}

/// Larger maps, where positions are first drawn from the whole range.
#[test]
fn every_rule_holds_on_large_maps() {
    use mapgen::generators::caves::CavesSettings;
    use mapgen::generators::drunkard::DrunkardSettings;
    use mapgen::generators::maze::MazeSettings;
    use mapgen::generators::rooms::RoomsSettings;
    let generators: Vec<Generator> = vec![
        RoomsSettings {
            width: 240,
            height: 160,
            max_rooms: 200,
            ..RoomsSettings::default()
        }
        .into(),
        CavesSettings {
            width: 240,
            height: 160,
            ..CavesSettings::default()
        }
        .into(),
        MazeSettings {
            width: 161,
            height: 121,
            ..MazeSettings::default()
        }
        .into(),
        DrunkardSettings {
            width: 240,
            height: 160,
            ..DrunkardSettings::default()
        }
        .into(),
    ];
    let library = VaultLibrary::builtin();
    for generator in &generators {
        for seed in 0..6 {
            let before = generator.generate(seed).unwrap();
            let settings = VaultSettings {
                count: 12,
                ..VaultSettings::default()
            };
            let mut after = before.clone();
            let placed =
                place_vaults(&mut after, library, &settings, &mut DungeonRng::new(seed)).unwrap();
            assert!(placed > 0, "{:?} seed {seed}", generator.kind());
            if let Err(broken) = common::vaults::check_rules(&before, &after, library, &settings) {
                panic!("{:?} seed {seed}: {broken}", generator.kind());
            }
        }
    }
}
