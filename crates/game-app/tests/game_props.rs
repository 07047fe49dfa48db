//! The game's promises through the session, as a player drives it, over every generator
//! and many seeds:
//!
//! * auto-explore (`o`, pressed again after each stop) ends with every reachable tile
//!   seen (`reachable_seen == reachable`), never steps on a blocked tile nor jumps, and
//!   learns something between two visits of the same tile (no wasted loops);
//! * a level is the same however it is reached (1, 2, 3 or 1, 2, 1, 2, 3), and is the
//!   one its order names (`mapgen generate` with the level's seed, stairs aside);
//! * leaving a level and coming back keeps what the player remembered of it;
//! * stairs are linked both ways: down arrives on the up stairs, up on the down stairs.
//!
//! More cases: `PROPTEST_CASES=1000 cargo test --release -p game-app --test game_props`.

mod support;

use game_app::action::{Input, Key};
use game_app::report::reachable_and_seen;
use game_app::session::{Request, Session};
use game_core::descent::{level_seed, stage_for_depth};
use game_core::game::Game;
use game_core::level::{LevelOrder, Purpose, STAIRS_DOWN};
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::{Map, Point};
use proptest::prelude::*;
use support::skips::Skips;

fn generator(kind: usize) -> Generator {
    Generator::with_defaults(GeneratorKind::ALL[kind % GeneratorKind::ALL.len()])
}

/// A session in the game of `seed` whose levels follow `kinds` (the last repeated).
fn session(skips: &Skips, kinds: &[usize], seed: u64) -> Result<Option<Session>, TestCaseError> {
    skips.case();
    let generators: Vec<Generator> = kinds.iter().map(|&k| generator(k)).collect();
    match Game::new(generators[0].clone(), seed, 10) {
        Ok(game) => Ok(Some(
            Session::new(game.with_monsters(game_core::goal::Monsters::LeftOut))
                .with_levels(generators)
                .with_step_ms(0),
        )),
        Err(e) => skips
            .skip(&format!(
                "{:?} gave up on seed {seed}: {e}",
                generators[0].kind()
            ))
            .map(|()| None),
    }
}

static EXPLORING: Skips = Skips::new();
static LEVELS: Skips = Skips::new();

/// Presses `c`, making any level it orders at once; false when that level fails.
fn press(session: &mut Session, c: char) -> bool {
    match session.input(Input::Key(Key::Char(c)), &mut || 1) {
        Request::Generate(order) => match order.make() {
            Ok(level) => {
                session.install(level);
                true
            }
            Err(_) => false,
        },
        Request::Done(_) => true,
    }
}

fn last_line(session: &Session) -> String {
    session.log().last(1).pop().unwrap_or_default()
}

/// Explores the current level to the end, `o` after every stop.
fn explore_level(session: &mut Session) {
    for _ in 0..1000 {
        press(session, 'o');
        session.run_plan(1_000_000);
        if last_line(session).starts_with("Explored") {
            return;
        }
    }
    panic!("exploring never ended: {:?}", session.log().last(5));
}

/// Explores until the down stairs are known, then `>` travels and `>` descends. False
/// when the level has none or the next level cannot be made.
fn go_down(session: &mut Session) -> bool {
    let knows_down = |s: &Session| {
        s.game()
            .known()
            .landmarks()
            .iter()
            .any(|l| l.tile == STAIRS_DOWN)
    };
    for _ in 0..1000 {
        if knows_down(session) || last_line(session).starts_with("Explored") {
            break;
        }
        press(session, 'o');
        session.run_plan(1_000_000);
    }
    if !knows_down(session) {
        return false;
    }
    let depth = session.game().depth();
    press(session, '>');
    session.run_plan(1_000_000);
    press(session, '>') && session.game().depth() == depth + 1
}

/// The map of `order`'s level, made afresh (keys are things on it, not tiles, so
/// picking them up leaves the map as made).
fn made_map(order: &LevelOrder) -> Option<Map> {
    order.make().ok().map(|level| level.map().clone())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn exploring_sees_all_it_can_reach_without_waste_or_a_wrong_step(
        kind in 0..GeneratorKind::ALL.len(),
        seed in any::<u64>(),
    ) {
        let Some(mut session) = session(&EXPLORING, &[kind], seed)? else { return Ok(()) };
        let map = session.game().map().clone();
        // Exploring goes for the keys it sees: a step onto one picks it up.
        let things: Vec<Point> = session.game().level().entities().iter().map(|e| e.at).collect();
        explore_level(&mut session);
        let (reachable, seen) = reachable_and_seen(session.game().level());
        prop_assert_eq!(seen, reachable, "{}", last_line(&session));
        let trail = session.game().trail();
        let mut from = session.game().level().arrival();
        let mut last_visit: Vec<Option<usize>> = vec![None; map.tiles().len()];
        for (i, step) in trail.iter().enumerate() {
            prop_assert!(map.is_walkable(step.at), "stepped on {}", step.at);
            prop_assert_eq!(from.chebyshev(step.at), 1, "a jump to {}", step.at);
            let cell = map.index(step.at).unwrap();
            if let Some(before) = last_visit[cell] {
                let picked_up = trail[before + 1..i].iter().any(|s| things.contains(&s.at));
                prop_assert!(
                    step.remembered > trail[before].remembered || picked_up,
                    "{} visited at moves {} and {} with nothing learnt or picked up between",
                    step.at, before, i
                );
            }
            last_visit[cell] = Some(i);
            from = step.at;
        }
    }

    #[test]
    fn levels_are_the_same_by_any_route_and_stairs_link_both_ways(
        kinds in prop::collection::vec(0..GeneratorKind::ALL.len(), 1..4),
        seed in any::<u64>(),
    ) {
        let Some(mut direct) = session(&LEVELS, &kinds, seed)? else { return Ok(()) };
        let Some(mut roundabout) = session(&LEVELS, &kinds, seed)? else { return Ok(()) };
        // 1, 2, 3.
        prop_assume!(go_down(&mut direct));
        let direct_two = direct.game().map().clone();
        prop_assume!(go_down(&mut direct));
        // 1, 2, 1, 2, 3, checking the stairs and the memory on the way.
        prop_assert!(go_down(&mut roundabout));
        let second = roundabout.game().level();
        prop_assert_eq!(roundabout.game().player(), second.up().unwrap(), "arrived on the up stairs");
        let one_down = roundabout.game().levels()[0].down().unwrap();
        let known_two = roundabout.game().known().clone();
        press(&mut roundabout, '<');
        prop_assert_eq!(roundabout.game().depth(), 1);
        prop_assert_eq!(roundabout.game().player(), one_down, "arrived on the down stairs");
        press(&mut roundabout, '>');
        prop_assert_eq!(roundabout.game().depth(), 2);
        prop_assert_eq!(roundabout.game().known(), &known_two, "memory kept");
        prop_assert!(go_down(&mut roundabout));
        prop_assert_eq!(roundabout.game().levels()[1].map(), &direct_two);
        prop_assert_eq!(roundabout.game().map(), direct.game().map());
        // And each level is the one its order names.
        for level in roundabout.game().levels() {
            let order = LevelOrder {
                depth: level.depth(),
                generator: stage_for_depth(
                    &generator(kinds[(level.depth() as usize - 1).min(kinds.len() - 1)]),
                    level.depth(),
                ),
                seed: level_seed(seed, level.depth()),
                purpose: Purpose::Descend,
                vaults: None,
                locks: 0,
            };
            prop_assert_eq!(level.seed(), order.seed);
            let made = made_map(&order);
            prop_assert_eq!(Some(level.map().clone()), made);
        }
    }
}

/// The first level is exactly `mapgen generate --seed S` with the same generator, the
/// down stairs aside.
#[test]
fn the_first_level_is_mapgens_dungeon_for_the_seed() {
    for &kind in GeneratorKind::ALL {
        for seed in [0, 1, 42, u64::MAX] {
            let generator = Generator::with_defaults(kind);
            let game = Game::new(generator.clone(), seed, 10)
                .unwrap()
                .with_monsters(game_core::goal::Monsters::LeftOut);
            let plain = generator.generate(seed).unwrap();
            let mut map = game.map().clone();
            // The stairs, and an isaac floor's hidden and locked doors, aside.
            let down: Point = game.level().down().unwrap();
            let doors = game.level().doors();
            let secrets = doors.secrets().iter().map(|d| d.at);
            let changed = doors.locked().iter().map(|d| d.at);
            for p in secrets.chain(changed).chain([down]) {
                map.set(p, plain.map.tile(p));
            }
            assert_eq!(map, plain.map, "{kind} seed {seed}");
            assert_eq!(game.player(), plain.start);
        }
    }
}
