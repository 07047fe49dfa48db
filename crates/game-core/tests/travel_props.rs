//! Travel's invariants over every generator, many seeds and partly explored levels:
//!
//! * a route exists exactly when the target is known floor reachable on known floor,
//!   and it costs what a Dijkstra map from the player says (a shortest known way);
//! * every step of it is one tile onto known floor;
//! * walking it step by step follows the hovered route exactly while nothing is learnt,
//!   and arrives;
//! * walking while learning arrives too, never dearer than planned;
//! * any tile, inside or outside the level, gives an answer, never a panic.

mod support;

use game_core::explore::{ExploreStep, Explorer};
use game_core::travel::{NoRoute, Travel, TravelStep};
use mapgen::Point;
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::path::{DijkstraMap, Moves};
use proptest::prelude::*;
use support::sim::SimPlayer;
use support::skips::Skips;

/// The cost of one step under the default moves.
fn step_cost(a: Point, b: Point) -> i32 {
    if a.x != b.x && a.y != b.y { 3 } else { 2 }
}

/// A player `prefix` auto-explore steps into a dungeon; `None` (a skip counted in
/// `skips`) when the generator gives up on the seed.
fn partly_explored(
    skips: &Skips,
    kind: usize,
    seed: u64,
    prefix: usize,
) -> Result<Option<SimPlayer>, TestCaseError> {
    skips.case();
    let kind = GeneratorKind::ALL[kind % GeneratorKind::ALL.len()];
    let dungeon = match Generator::with_defaults(kind).generate(seed) {
        Ok(dungeon) => dungeon,
        Err(e) => {
            return skips
                .skip(&format!("{kind} gave up on seed {seed}: {e}"))
                .map(|()| None);
        }
    };
    let mut player = SimPlayer::in_dungeon(&dungeon, 10);
    let mut explorer = Explorer::new();
    explorer.begin();
    for _ in 0..prefix {
        let ExploreStep::Move(to) = explorer.step(&player.known, player.at) else {
            break;
        };
        player
            .step_to(to)
            .map_err(|bad| TestCaseError::fail(format!("explore stepped wrong: {bad:?}")))?;
        player.look();
    }
    Ok(Some(player))
}

static ROUTES: Skips = Skips::new();
static WALKS: Skips = Skips::new();

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn routes_are_shortest_known_ways_or_say_why_not(
        kind in 0..GeneratorKind::ALL.len(),
        seed in any::<u64>(),
        prefix in 0usize..400,
        tx in -2i32..82,
        ty in -2i32..47,
    ) {
        let Some(player) = partly_explored(&ROUTES, kind, seed, prefix)? else { return Ok(()) };
        let (known, from, to) = (&player.known, player.at, Point::new(tx, ty));
        let mut from_player = DijkstraMap::default();
        from_player.compute(known.as_map(), Moves::default(), [from]).unwrap();
        let mut travel = Travel::new();
        let answer = travel.plan(known, from, to).map(<[Point]>::to_vec);
        let expected = if !known.as_map().in_bounds(to) {
            Err(NoRoute::OutsideLevel { at: to })
        } else if !known.is_known(to) {
            Err(NoRoute::Unknown { at: to })
        } else if !known.is_walkable(to) {
            Err(NoRoute::NotWalkable { at: to })
        } else if from_player.get(to).is_none() {
            Err(NoRoute::Unreachable { at: to })
        } else {
            Ok(())
        };
        match (answer, expected) {
            (Ok(route), Ok(())) => {
                prop_assert_eq!(route.first(), Some(&from));
                prop_assert_eq!(route.last(), Some(&to));
                let mut cost = 0;
                for pair in route.windows(2) {
                    prop_assert_eq!(pair[0].chebyshev(pair[1]), 1, "a jump in {:?}", route);
                    prop_assert!(known.is_walkable(pair[1]), "{} is not known floor", pair[1]);
                    cost += step_cost(pair[0], pair[1]);
                }
                prop_assert_eq!(Some(i64::from(cost)), from_player.get(to), "not a shortest way");

                // Walked with nothing learnt, the steps are the hovered route.
                let mut at = from;
                let mut walked = vec![at];
                loop {
                    match travel.step(known, at) {
                        TravelStep::Move(next) => { at = next; walked.push(at); }
                        TravelStep::Arrived => break,
                        TravelStep::Stop(why) => prop_assert!(false, "stopped: {why}"),
                    }
                    prop_assert!(walked.len() <= route.len(), "longer than the route");
                }
                prop_assert_eq!(walked, route);
            }
            (Err(got), Err(want)) => prop_assert_eq!(got, want),
            (got, want) => prop_assert!(false, "got {got:?}, expected {want:?}"),
        }
    }

    /// Walking while seeing: every step legal on the true map, arriving at no more than
    /// the planned cost (what is learnt only adds ways).
    #[test]
    fn walking_while_learning_arrives_no_dearer(
        kind in 0..GeneratorKind::ALL.len(),
        seed in any::<u64>(),
        prefix in 0usize..400,
        pick in any::<prop::sample::Index>(),
    ) {
        let Some(mut player) = partly_explored(&WALKS, kind, seed, prefix)? else { return Ok(()) };
        // Start from the dungeon's start again, and travel to a known floor tile.
        let floor: Vec<Point> = player.known.as_map().iter()
            .filter(|(_, t)| t.walkable).map(|(p, _)| p).collect();
        prop_assume!(!floor.is_empty());
        let to = floor[pick.index(floor.len())];
        let mut travel = Travel::new();
        let route = match travel.plan(&player.known, player.at, to) {
            Ok(route) => route,
            Err(no) => return WALKS.skip(&format!("no route from {} to {to}: {no}", player.at)),
        };
        let planned: i32 = route.windows(2).map(|w| step_cost(w[0], w[1])).sum();
        let mut spent = 0;
        loop {
            match travel.step(&player.known, player.at) {
                TravelStep::Move(next) => {
                    spent += step_cost(player.at, next);
                    player.step_to(next).map_err(|bad| TestCaseError::fail(format!("{bad:?}")))?;
                    player.look();
                }
                TravelStep::Arrived => break,
                TravelStep::Stop(why) => prop_assert!(false, "stopped: {why}"),
            }
            prop_assert!(spent <= planned, "spent {spent} of a planned {planned}");
        }
        prop_assert_eq!(player.at, to);
    }
}
