//! Auto-explore's invariants, with a simulated player, over every generator and many
//! seeds, sight radii and move rules:
//!
//! * it ends with every reachable tile seen, and says why it ended;
//! * it never steps on a blocked tile, nor more than one tile at a time;
//! * between two visits of the same tile the player learns something (no wasted loops);
//! * it ends within a bound (steps per reachable tile);
//! * it decides from knowledge only: two dungeons that look the same to the player get
//!   the same steps.
//!
//! More cases: `PROPTEST_CASES=2000 cargo test --release -p game-core --test explore_props`.

mod support;

use game_core::explore::{ExploreStep, ExploreStop, Explorer};
use game_core::knowledge::Knowledge;
use mapgen::fov::{FieldOfView, LightWalls, Radius};
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::path::{CornerCutting, Moves};
use mapgen::{Dungeon, DungeonRng, Point, Tile};
use proptest::prelude::*;
use support::sim::{SimPlayer, explore_all, reachable};
use support::skips::Skips;

/// The move rules tried: the game's, rook moves, no corner cutting, unit costs.
fn moves_rules() -> [Moves; 4] {
    [
        Moves::default(),
        Moves::FOUR,
        Moves::EIGHT.with_corner_cutting(CornerCutting::Forbidden),
        Moves::EIGHT.with_costs(1, 1),
    ]
}

/// Sight radii: the game's default (10), short ones, a long one and unlimited (0).
fn radii() -> impl Strategy<Value = u32> {
    prop_oneof![Just(10u32), 2u32..=6, Just(20), Just(0)]
}

/// The dungeon of generator `kind` (by index) for `seed`, counted in `skips`: `Err` is
/// a skip told (the generator gave up on the seed), `Ok(None)` the case not to check.
fn dungeon(skips: &Skips, kind: usize, seed: u64) -> Result<Option<Dungeon>, TestCaseError> {
    skips.case();
    let kind = GeneratorKind::ALL[kind % GeneratorKind::ALL.len()];
    match Generator::with_defaults(kind).generate(seed) {
        Ok(dungeon) => Ok(Some(dungeon)),
        Err(e) => skips
            .skip(&format!("{kind} gave up on seed {seed}: {e}"))
            .map(|()| None),
    }
}

static EXPLORES: Skips = Skips::new();
static DECISIONS: Skips = Skips::new();
static TARGETS: Skips = Skips::new();
static BUDGETS: Skips = Skips::new();

/// At most this many steps per reachable tile. Seen: about 1.2 in mazes (every dead end
/// walked in and out), below 0.6 elsewhere, at the game's radius.
const STEPS_PER_REACHABLE_TILE: usize = 3;

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn explores_every_reachable_tile_without_waste(
        kind in 0..GeneratorKind::ALL.len(),
        seed in any::<u64>(),
        radius in radii(),
        rule in 0..4usize,
        budget in prop_oneof![Just(usize::MAX), 1usize..2000],
    ) {
        let Some(dungeon) = dungeon(&EXPLORES, kind, seed)? else { return Ok(()) };
        let moves = moves_rules()[rule];
        let reach = reachable(&dungeon.map, dungeon.start, moves);
        let bound = STEPS_PER_REACHABLE_TILE * reach.len() + 16;
        let mut player = SimPlayer::in_dungeon(&dungeon, radius);
        let mut explorer = Explorer::with_moves(moves).unwrap().with_search_budget(budget);
        // Never a blocked tile, never a jump: explore_all checks each move on the true map.
        let run = explore_all(&mut player, &mut explorer, bound);
        let run = run.map_err(|bad| TestCaseError::fail(format!("{bad:?}")))?;

        prop_assert!(run.stop.is_some(), "still going after {bound} steps");
        let unseen: Vec<Point> = reach.iter().copied().filter(|&p| !player.known.is_known(p)).collect();
        prop_assert!(unseen.is_empty(), "unseen reachable tiles {unseen:?}, stop {:?}", run.stop);
        prop_assert_eq!(run.stop, Some(ExploreStop::Explored));

        // No wasted loops: something learnt between two visits of a tile.
        let width = dungeon.map.width() as usize;
        let mut last_visit = vec![usize::MAX; width * dungeon.map.height() as usize];
        for (i, p) in run.trail.iter().enumerate() {
            let cell = p.y as usize * width + p.x as usize;
            let before = last_visit[cell];
            if before != usize::MAX {
                prop_assert!(
                    run.known_after[i] > run.known_after[before],
                    "{p} visited at steps {before} and {i} with nothing learnt between"
                );
            }
            last_visit[cell] = i;
        }
    }

    /// Two dungeons that differ only where the player has not looked yet: while the
    /// player knows the same of both, both get the same steps, and a fresh planner given
    /// that knowledge agrees.
    ///
    /// The player looks at the same cells in both (the first dungeon's field of view), so
    /// what differs is only what those cells hold.
    #[test]
    fn decisions_read_only_what_the_player_knows(
        kind in 0..GeneratorKind::ALL.len(),
        seed in any::<u64>(),
        radius in radii(),
        prefix in 0usize..200,
        flips in any::<u64>(),
    ) {
        let Some(dungeon) = dungeon(&DECISIONS, kind, seed)? else { return Ok(()) };
        // Walk the first dungeon `prefix` steps, then change the second one at random
        // where the player has not seen yet.
        let mut a = SimPlayer::in_dungeon(&dungeon, radius);
        let mut explorer = Explorer::new();
        explorer.begin();
        let mut walked = 0usize;
        for _ in 0..prefix {
            match explorer.step(&a.known, a.at) {
                ExploreStep::Move(to) => { a.step_to(to).unwrap(); a.look(); walked += 1; }
                ExploreStep::Searching => unreachable!("no search budget set"),
                ExploreStep::Stop(_) => break,
            }
        }
        let mut other = dungeon.map.clone();
        let mut rng = DungeonRng::new(flips);
        for (p, tile) in dungeon.map.iter() {
            if !a.known.is_known(p) && rng.below(3) == 0 && p != dungeon.start {
                other.set(p, if tile.walkable { Tile::WALL } else { Tile::FLOOR });
            }
        }
        prop_assume!(other != dungeon.map);

        let mut a = SimPlayer::in_dungeon(&dungeon, radius);
        let mut b = Knowledge::of_size(&other);
        let mut fov = FieldOfView::new(other.width(), other.height()).unwrap();
        let sight = Radius::or_unlimited(radius);
        let mut look_b = |b: &mut Knowledge, at: Point| {
            fov.compute(&dungeon.map, at, sight, LightWalls::On).unwrap();
            b.remember(&other, &fov);
        };
        look_b(&mut b, a.at);
        let (mut plan_a, mut plan_b) = (Explorer::new(), Explorer::new());
        plan_a.begin();
        plan_b.begin();
        let mut same_steps = 0usize;
        while a.known == b {
            let (step_a, step_b) = (plan_a.step(&a.known, a.at), plan_b.step(&b, a.at));
            prop_assert_eq!(step_a, step_b, "different steps at {} after {} steps", a.at, same_steps);
            let mut fresh = Explorer::new();
            fresh.begin();
            let fresh_a = fresh.step(&a.known, a.at);
            let mut fresh = Explorer::new();
            fresh.begin();
            prop_assert_eq!(fresh_a, fresh.step(&b, a.at));
            let ExploreStep::Move(to) = step_a else { break };
            a.step_to(to).unwrap();
            a.look();
            look_b(&mut b, a.at);
            same_steps += 1;
        }
        // The dungeons differ only out of sight of the first `walked` steps: the
        // comparison covered at least those.
        prop_assert!(same_steps >= walked, "knowledge differed after {same_steps} of {walked} steps");
    }

    /// No dithering: the target changes only once the player stands on it or it has
    /// left the frontier (everything around it seen).
    #[test]
    fn a_target_is_kept_until_reached_or_explored(
        kind in 0..GeneratorKind::ALL.len(),
        seed in any::<u64>(),
        radius in radii(),
    ) {
        let Some(dungeon) = dungeon(&TARGETS, kind, seed)? else { return Ok(()) };
        let mut player = SimPlayer::in_dungeon(&dungeon, radius);
        let mut explorer = Explorer::new();
        explorer.begin();
        let mut held: Option<Point> = None;
        for _ in 0..20_000 {
            let step = explorer.step(&player.known, player.at);
            let now = explorer.target();
            if let (Some(before), true) = (held, held != now) {
                prop_assert!(
                    before == player.at || !player.known.is_frontier(before),
                    "target {before} dropped for {now:?} from {} while still unexplored", player.at
                );
            }
            held = now;
            let ExploreStep::Move(to) = step else { break };
            player.step_to(to).unwrap();
            player.look();
        }
    }

    /// A far search spread over calls chooses as one that is not: the same trail.
    #[test]
    fn the_search_budget_changes_calls_not_choices(
        kind in 0..GeneratorKind::ALL.len(),
        seed in any::<u64>(),
        budget in 1usize..500,
    ) {
        let Some(dungeon) = dungeon(&BUDGETS, kind, seed)? else { return Ok(()) };
        let run = |explorer: &mut Explorer| {
            let mut player = SimPlayer::in_dungeon(&dungeon, 10);
            explore_all(&mut player, explorer, 20_000).unwrap()
        };
        let whole = run(&mut Explorer::new());
        let sliced = run(&mut Explorer::new().with_search_budget(budget));
        prop_assert_eq!(whole.searching, 0);
        prop_assert_eq!(&whole.trail, &sliced.trail);
        prop_assert_eq!(whole.stop, sliced.stop);
    }
}
