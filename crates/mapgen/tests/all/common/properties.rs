//! Checks the property tests of every generator share: the promises every generator
//! keeps (`check_dungeon`) on a generated dungeon, a seed naming one dungeon, settings
//! refused by name, sweeps over small maps, the floor share.

use std::fmt::Debug;
use std::ops::{Range, RangeInclusive};

use mapgen::generators::{Generate, Generator, GeneratorKind};
use mapgen::vaults::{VaultLibrary, VaultSettings, place_vaults};
use mapgen::{Dungeon, DungeonRng, GenerateError, Map, Point};
use proptest::prelude::*;

use super::check_dungeon;

/// [`check_dungeon`] on the dungeon of `settings` and `seed`; `Err` names the settings,
/// the seed and the broken promise, and shows the map.
fn described(settings: &impl Debug, seed: u64, d: &Dungeon) -> Result<(), String> {
    check_dungeon(d).map_err(|broken| format!("{settings:?} seed {seed}: {broken}\n{}", d.map))
}

/// [`check_dungeon`] as a property: fails naming the settings and the seed.
pub fn check_generated(settings: &impl Debug, seed: u64, d: &Dungeon) -> Result<(), TestCaseError> {
    described(settings, seed, d).map_err(TestCaseError::fail)
}

/// [`check_dungeon`] in a plain test (a sweep): panics naming the settings and the seed.
pub fn assert_generated(settings: &impl Debug, seed: u64, d: &Dungeon) {
    if let Err(broken) = described(settings, seed, d) {
        panic!("{broken}");
    }
}

/// The dungeon of valid `settings`: fails when they are refused.
fn generate<G: Generate>(settings: &G, seed: u64) -> Result<Dungeon, TestCaseError> {
    settings
        .generate(seed)
        .map_err(|e| TestCaseError::fail(format!("{settings:?} seed {seed}: {e}")))
}

/// The dungeon of valid `settings`, checked by [`check_dungeon`].
pub fn generate_checked<G: Generate>(settings: &G, seed: u64) -> Result<Dungeon, TestCaseError> {
    let d = generate(settings, seed)?;
    check_generated(settings, seed, &d)?;
    Ok(d)
}

/// Valid `settings` make the same dungeon every time from one seed.
pub fn same_seed_same_dungeon<G: Generate>(settings: &G, seed: u64) -> Result<(), TestCaseError> {
    same_dungeon_again(settings, seed, &generate(settings, seed)?)
}

/// Generating `settings` from `seed` again gives `d`, their dungeon, again.
pub fn same_dungeon_again<G: Generate>(
    settings: &G,
    seed: u64,
    d: &Dungeon,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(d, &generate(settings, seed)?, "same seed, same dungeon");
    Ok(())
}

/// From one seed, `settings` give the same dungeon every time, or the same error (for
/// generators that may give up).
pub fn same_seed_same_result<G: Generate>(settings: &G, seed: u64) -> Result<(), TestCaseError> {
    prop_assert_eq!(settings.generate(seed), settings.generate(seed));
    Ok(())
}

/// Any settings, in range or not: a dungeon (only from settings `validate` accepts) whose
/// start is walkable, or an error whose message begins with one of `fields`.
pub fn dungeon_or_named_error<G: Generate>(
    settings: &G,
    seed: u64,
    fields: &[&str],
) -> Result<(), TestCaseError> {
    match settings.generate(seed) {
        Ok(d) => prop_assert!(settings.validate().is_ok() && d.map.is_walkable(d.start)),
        Err(e) => {
            let message = e.to_string();
            prop_assert!(fields.iter().any(|f| message.starts_with(f)), "{}", message);
        }
    }
    Ok(())
}

/// Each of `cases` is refused with its message (settings are checked before any draw, so
/// the seed does not matter).
pub fn assert_refused<G: Generate>(cases: &[(G, &str)]) {
    for (settings, message) in cases {
        let err: GenerateError = settings.generate(1).unwrap_err();
        assert_eq!(err.to_string(), *message, "{settings:?}");
    }
}

/// Every map size with both sides in `sides`, width by width.
pub fn map_sizes(sides: RangeInclusive<i32>) -> impl Iterator<Item = (i32, i32)> {
    sides
        .clone()
        .flat_map(move |width| sides.clone().map(move |height| (width, height)))
}

/// The walkable tiles of `map`.
pub fn floor_count(map: &Map) -> usize {
    map.tiles().iter().filter(|t| t.walkable).count()
}

/// The share of walkable tiles stays in `share` on the dungeon of every seed in `seeds`.
pub fn assert_floor_share<G: Generate>(
    settings: &G,
    seeds: Range<u64>,
    share: RangeInclusive<f64>,
) {
    for seed in seeds {
        let d = settings.generate(seed).unwrap();
        let floor = floor_count(&d.map) as f64 / d.map.tiles().len() as f64;
        assert!(share.contains(&floor), "seed {seed}: {floor}");
    }
}

/// The start rule of the caves and the hive, written out: the walkable tile nearest the
/// centre, first in row order among equals.
pub fn nearest_walkable_to_centre(map: &Map) -> Option<Point> {
    let centre = Point::new(map.width() / 2, map.height() / 2);
    map.iter()
        .filter(|(_, t)| t.walkable)
        .min_by_key(|&(p, _)| (p.distance_squared(centre), p.y, p.x))
        .map(|(p, _)| p)
}

/// A generator of `kind` with its map size or room count drawn from `pick` where it has
/// one, the rest default (its defaults when the pick is refused).
pub fn sized_generator(kind: GeneratorKind, pick: u32) -> Generator {
    let mut generator = Generator::with_defaults(kind);
    let (w, h) = (9 + (pick % 120) as i32, 9 + (pick / 120 % 80) as i32);
    match &mut generator {
        Generator::Rooms(s) => (s.width, s.height, s.room_max_size) = (w, h, 8),
        Generator::Maze(s) => (s.width, s.height) = (w | 1, h | 1),
        Generator::RoomsAndMazes(s) => (s.width, s.height) = (w | 1, h | 1),
        Generator::Caves(s) => (s.width, s.height) = (w, h),
        Generator::Drunkard(s) => (s.width, s.height) = (w, h),
        Generator::Dla(s) => (s.width, s.height) = (w, h),
        Generator::Voronoi(s) => (s.width, s.height) = (w.max(20), h.max(20)),
        Generator::Bsp(s) => (s.width, s.height) = (w.max(40), h.max(40)),
        Generator::BspInterior(s) => (s.width, s.height) = (w.max(30), h.max(30)),
        Generator::Grid(s) => s.room_count = 2 + pick % 20,
        _ => {}
    }
    if generator.validate().is_err() {
        generator = Generator::with_defaults(kind);
    }
    generator
}

/// The dungeon of `generator` and `seed` with `vaults` built-in vaults placed (none for
/// 0) from the seed's stream; `None` when the generator gives up.
pub fn generated_with_vaults(generator: &Generator, seed: u64, vaults: u32) -> Option<Dungeon> {
    let mut dungeon = generator.generate(seed).ok()?;
    if vaults > 0 {
        let settings = VaultSettings {
            count: vaults,
            ..VaultSettings::default()
        };
        place_vaults(
            &mut dungeon,
            VaultLibrary::builtin(),
            &settings,
            &mut DungeonRng::new(seed),
        )
        .unwrap();
    }
    Some(dungeon)
}
