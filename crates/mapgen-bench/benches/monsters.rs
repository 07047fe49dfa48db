//! The monsters' turn: `cargo bench -p mapgen-bench --bench monsters`.
//!
//! * `monsters turn/tutorial 80x45`: one `Game::turn(Act::Wait)` on the tutorial's
//!   dungeons (rooms 80x45, seeds 1 to 8) with 50 goblins on random floor tiles beside
//!   the same turn with no monster and auto-explore's step (plan, move and look) on the
//!   same levels: the bound is 0.5 ms a turn with 50 monsters. The goblins chase
//!   along the turn's Dijkstra map, strike and are struck; the game is started afresh
//!   (untimed) every 16 turns or when the `@` dies, so the turns timed are of the first
//!   minutes of a fight.
//! * `monsters turn/caves 1000x1000`: the same with 5000 goblins on a 1000x1000 caves
//!   level: only those within `chase::ACTIVE_RANGE` of the `@` act, and the Dijkstra
//!   maps cover `chase::CHASE_STEPS` round it, so the turn costs what that box holds.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use game_core::direction::Direction;
use game_core::explore::{ExploreStep, Explorer};
use game_core::game::Game;
use game_core::goal::Monsters;
use game_core::level::{Level, LevelOrder};
use game_core::mind::Monster;
use game_core::monster::{Body, Hp, MonsterKind};
use game_core::turn::Act;
use mapgen::generators::Generator;
use mapgen::generators::caves::CavesSettings;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::{DungeonRng, Point};
use mapgen_bench::configure;

/// The game's sight radius.
const RADIUS: u32 = 10;

/// Turns timed before a game is started afresh.
const TURNS_PER_GAME: u64 = 16;

fn level(generator: Generator, seed: u64) -> Level {
    let order = LevelOrder::first(generator, seed);
    order.make().expect("valid settings")
}

/// A game on `level` with its own monsters left out and `count` goblins on floor tiles
/// drawn from `seed` (not on the `@`).
fn game_with_goblins(level: Level, count: usize, seed: u64) -> Game {
    let mut game = Game::from_level(level, RADIUS).with_monsters(Monsters::LeftOut);
    let mut rng = DungeonRng::new(seed);
    let map = game.map().clone();
    let floor: Vec<Point> = map
        .iter()
        .filter(|&(p, tile)| tile.walkable && p != game.player())
        .map(|(p, _)| p)
        .collect();
    let mut taken = std::collections::HashSet::new();
    while taken.len() < count.min(floor.len()) {
        let at = floor[rng.below_u64(floor.len() as u64) as usize];
        if !taken.insert(at) {
            continue;
        }
        let body = Body {
            id: taken.len() as u32,
            kind: MonsterKind::Goblin,
            at,
            hp: Hp::full(MonsterKind::Goblin.max_hp(1)),
            depth: 1,
        };
        game.add_actor(Box::new(Monster::new(body, None)));
    }
    game
}

/// Times `iters` waits over the games of `starts`, each played `TURNS_PER_GAME` turns or
/// until it ends, then the next one (untimed).
fn time_waits(starts: &[Game], next: &mut usize, game: &mut Game, iters: u64) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        if game.status().is_over() || game.turns() >= TURNS_PER_GAME {
            *game = starts[*next % starts.len()].clone();
            *next += 1;
        }
        let started = Instant::now();
        let turn = game.turn(Act::Wait);
        total += started.elapsed();
        std::hint::black_box(turn);
    }
    total
}

/// Times `iters` steps of auto-explore (plan, move and look) on peaceful copies of
/// `starts`.
fn time_explore(starts: &[Game], iters: u64) -> Duration {
    let mut next = 0;
    let mut game = starts[0].clone();
    let mut explorer = Explorer::new();
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let started = Instant::now();
        let step = explorer.step(game.known(), game.player());
        if let ExploreStep::Move(to) = step {
            let d = Direction::from_step(to - game.player()).expect("a neighbour");
            game.turn(Act::Move(d));
            total += started.elapsed();
        } else {
            total += started.elapsed();
            next += 1;
            game = starts[next % starts.len()].clone();
            explorer.forget();
        }
    }
    total
}

fn monster_turns(c: &mut Criterion) {
    let tutorial: Vec<Level> = (1..=8)
        .map(|seed| level(Generator::Rooms(RoomsSettings::default()), seed))
        .collect();
    let mut group = c.benchmark_group("monsters turn/tutorial 80x45");
    configure(&mut group, false);
    for count in [0, 50] {
        let starts: Vec<Game> = tutorial
            .iter()
            .zip(1..)
            .map(|(l, seed)| game_with_goblins(l.clone(), count, seed))
            .collect();
        let (mut next, mut game) = (1, starts[0].clone());
        group.bench_function(format!("wait, {count} goblins"), |b| {
            b.iter_custom(|iters| time_waits(&starts, &mut next, &mut game, iters));
        });
    }
    let peaceful: Vec<Game> = tutorial
        .iter()
        .map(|l| Game::from_level(l.clone(), RADIUS).with_monsters(Monsters::LeftOut))
        .collect();
    group.bench_function("explore step, plan, move and look", |b| {
        b.iter_custom(|iters| time_explore(&peaceful, iters));
    });
    group.finish();

    let caves = CavesSettings {
        width: 1000,
        height: 1000,
        ..CavesSettings::default()
    };
    let big = level(Generator::Caves(caves), 1);
    let mut group = c.benchmark_group("monsters turn/caves 1000x1000");
    configure(&mut group, true);
    for count in [0, 5000] {
        let starts = vec![game_with_goblins(big.clone(), count, 7)];
        let (mut next, mut game) = (1, starts[0].clone());
        group.bench_function(format!("wait, {count} goblins"), |b| {
            b.iter_custom(|iters| time_waits(&starts, &mut next, &mut game, iters));
        });
    }
    group.finish();
}

criterion_group!(benches, monster_turns);
criterion_main!(benches);
