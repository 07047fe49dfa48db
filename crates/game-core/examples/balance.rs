//! The game's balance, measured: the bot of `tests/support/bot.rs` (fight what it sees,
//! drink when low, rest when hurt, pick things up, explore, descend; with the amulet,
//! climb) plays many seeds, and this prints how deep it got and how often it won.
//!
//! ```text
//! cargo run --release -p game-core --example balance -- [SEEDS] [GENERATOR] [GOAL_DEPTH]
//! ```
//!
//! `SEEDS` defaults to 200 (seeds 0 to `SEEDS - 1`), `GENERATOR` to `rooms`, `GOAL_DEPTH` to 8.

#[path = "../tests/support/bot.rs"]
mod bot;

use std::collections::BTreeMap;

use bot::{End, play};
use game_core::goal::DEFAULT_GOAL_DEPTH;
use mapgen::generators::{Generator, GeneratorKind};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seeds: u64 = args
        .first()
        .map_or(200, |s| s.parse().expect("SEEDS: a number"));
    let kind: GeneratorKind = args.get(1).map_or(GeneratorKind::Rooms, |s| {
        s.parse().expect("GENERATOR: a generator's name")
    });
    let goal: u32 = args.get(2).map_or(DEFAULT_GOAL_DEPTH, |s| {
        s.parse().expect("GOAL_DEPTH: a number")
    });
    let generator = Generator::with_defaults(kind);
    let mut deepest = BTreeMap::new();
    let mut causes: BTreeMap<&str, u32> = BTreeMap::new();
    let (mut won, mut depth3, mut turns, mut kills) = (0, 0, 0, 0);
    let mut stuck = Vec::new();
    for seed in 0..seeds {
        let played = play(seed, generator.clone(), goal);
        *deepest.entry(played.deepest).or_insert(0) += 1;
        depth3 += u32::from(played.deepest >= 3);
        turns += played.turns;
        kills += u64::from(played.kills);
        match played.end {
            End::Won => won += 1,
            End::Stuck => stuck.push(seed),
            End::Died(kind) => *causes.entry(kind.name()).or_insert(0) += 1,
        }
    }
    let percent = |n: u32| 100.0 * f64::from(n) / seeds as f64;
    println!("{seeds} seeds, {kind}, amulet at depth {goal}");
    println!("reached depth 3: {depth3} ({:.0}%)", percent(depth3));
    println!("won: {won} ({:.0}%)", percent(won));
    println!("stuck: {} (seeds {stuck:?})", stuck.len());
    println!("deepest level: {deepest:?}");
    println!("killed by: {causes:?}");
    println!(
        "mean turns {:.0}, mean kills {:.1}",
        turns as f64 / seeds as f64,
        kills as f64 / seeds as f64
    );
}
