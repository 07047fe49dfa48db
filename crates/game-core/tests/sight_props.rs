//! Monsters see as the `@` does: over every generator, many seeds and sight radii, and a
//! random walk with the monsters acting, a monster the `@` sees (drawn, listed, news)
//! sees the `@` from where it stands with its own field of view, and a monster that
//! sees the `@` so is seen. The rules decide a monster's sight from the `@`'s view
//! (one computation a turn, not one per monster); this checks that shortcut against each
//! monster looking for itself with the same radius on the same map, doors included (in
//! a grid of rooms, where the `@` sees the rooms it stands in whole, the monster's own
//! rooms).
//!
//! Doors: a body holds the door it stands in open ([`game_core::doorway`]), so the map
//! every view reads has each body on a tile sight passes through, where mapgen's
//! shadowcasting is symmetric.
//!
//! More cases: `PROPTEST_CASES=20000 cargo test --release -p game-core --test sight_props`.

use game_core::descent::Descent;
use game_core::direction::Direction;
use game_core::doorway::OPEN_DOOR;
use game_core::game::{Game, LIGHT_WALLS};
use game_core::level::Purpose;
use game_core::sight::{RoomView, Sight};
use game_core::turn::Act;
use mapgen::fov::{FieldOfView, Radius};
use mapgen::generators::{Generator, GeneratorKind};
use proptest::prelude::*;

/// Sight radii: the game's default (10), short ones, and unlimited (0).
fn radii() -> impl Strategy<Value = u32> {
    prop_oneof![Just(10u32), 3u32..=8, Just(0)]
}

/// What a walk checked.
#[derive(Debug, Default)]
struct Checked {
    /// Monster-turns checked.
    pairs: usize,
    /// Those in which the monster and the `@` saw each other.
    seeing: usize,
    /// Those in which the monster or the `@` stood in a doorway (a door held open).
    in_doorways: usize,
}

/// Walks `walk` in the game of `seed` made by generator `kind` at depth 3 with sight
/// `radius`, checking every monster after every turn. `None` when the generator gave
/// up.
fn check(kind: usize, seed: u64, radius: u32, walk: &[usize]) -> Option<Checked> {
    let generator = Generator::with_defaults(GeneratorKind::ALL[kind]);
    let descent = Descent::new(seed, generator);
    let level = descent.order(3, Purpose::Descend).make().ok()?;
    let mut game = Game::with_goal(level, radius, 8);
    let mut own = FieldOfView::new(game.map().width(), game.map().height()).unwrap();
    let mut rooms = RoomView::default();
    let mut checked = Checked::default();
    for &d in walk {
        if game.status().is_over() {
            break;
        }
        game.turn(Act::Move(Direction::ALL[d % Direction::ALL.len()]));
        let hero = game.player();
        let map = game.map();
        assert!(map.is_transparent(hero), "the @ stands in a shut door");
        for body in game.level().monsters() {
            assert!(
                map.is_transparent(body.at),
                "{body:?} stands in a shut door"
            );
            let sees = if let Some(grid) = game.dungeon().room_grid() {
                rooms.compute(game.map(), grid, body.at);
                rooms.is_visible(hero)
            } else {
                own.compute(
                    game.map(),
                    body.at,
                    Radius::or_unlimited(radius),
                    LIGHT_WALLS,
                )
                .unwrap();
                own.is_visible(hero)
            };
            assert_eq!(
                sees,
                game.is_visible(body.at),
                "{:?} at {:?}, the @ at {hero:?}, seed {seed}",
                body.kind,
                body.at
            );
            checked.pairs += 1;
            checked.seeing += usize::from(sees);
            let open = |p| map.tile(p) == OPEN_DOOR;
            checked.in_doorways += usize::from(open(hero) || open(body.at));
        }
        let listed: Vec<u32> = game.monsters_in_view().map(|b| b.id).collect();
        let in_sight: Vec<u32> = game
            .level()
            .monsters()
            .filter(|b| game.is_visible(b.at))
            .map(|b| b.id)
            .collect();
        assert_eq!(listed, in_sight);
    }
    Some(checked)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    // Saved cases (sight_props.proptest-regressions) failed while a body could stand in
    // a shut door: lit as a wall is, from tiles it could not see (see game_core::doorway).
    #[test]
    fn a_monster_sees_the_hero_exactly_when_the_hero_sees_it(
        kind in 0..GeneratorKind::ALL.len(),
        seed in any::<u64>(),
        radius in radii(),
        walk in prop::collection::vec(0..Direction::ALL.len(), 1..60),
    ) {
        check(kind, seed, radius, &walk);
    }
}

/// The property has something to check: on rooms levels at depth 3, monsters are
/// there and some see the `@` (a fight follows); on `bsp_interior` levels (a door in
/// every cut) bodies stand in doorways.
#[test]
fn the_walks_meet_monsters_and_doorways() {
    let kind = |k| GeneratorKind::ALL.iter().position(|&g| g == k).unwrap();
    let walk: Vec<usize> = (0..80).map(|i| (i / 6) % 8).collect();
    let mut rooms = Checked::default();
    let mut doors = Checked::default();
    for seed in 0..20 {
        let c = check(kind(GeneratorKind::Rooms), seed, 10, &walk).unwrap();
        rooms.pairs += c.pairs;
        rooms.seeing += c.seeing;
        let c = check(kind(GeneratorKind::BspInterior), seed, 10, &walk).unwrap();
        doors.in_doorways += c.in_doorways;
    }
    assert!(
        rooms.pairs > 1000 && rooms.seeing > 20 && doors.in_doorways > 20,
        "{rooms:?} {doors:?}"
    );
}
