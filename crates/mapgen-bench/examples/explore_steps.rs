//! Explores a whole level through the game's rules and prints the distribution of one
//! step's time (the auto-explore decision, the move, the field of view and the memory):
//! count, mean, median, 99th percentile, largest. Wall time: on a shared machine the
//! scheduler adds whole time slices to a few random steps.
//!
//! `cargo run --release -p mapgen-bench --example explore_steps -- [rooms|caves|tutorial] [seed]`

use std::time::{Duration, Instant};

use game_core::direction::Direction;
use game_core::explore::{ExploreStep, ExploreStop, Explorer, GAME_SEARCH_BUDGET};
use game_core::game::Game;
use game_core::level::LevelOrder;
use game_core::turn::Act;
use mapgen::generators::Generator;
use mapgen::generators::caves::CavesSettings;
use mapgen::generators::rooms::RoomsSettings;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("rooms", String::as_str);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let generator = match which {
        "caves" => Generator::Caves(CavesSettings {
            width: 1000,
            height: 1000,
            ..CavesSettings::default()
        }),
        "tutorial" => Generator::Rooms(RoomsSettings::default()),
        _ => Generator::Rooms(RoomsSettings {
            width: 1000,
            height: 1000,
            max_rooms: 5000,
            ..RoomsSettings::default()
        }),
    };
    let order = LevelOrder::first(generator, seed);
    let level = order.make().expect("valid settings");
    let mut game = Game::from_level(level, 10).with_monsters(game_core::goal::Monsters::LeftOut);
    // The game's budget for a far search on a huge level.
    let mut explorer = Explorer::new().with_search_budget(GAME_SEARCH_BUDGET);
    explorer.begin();
    let mut times: Vec<Duration> = Vec::new();
    let (mut plan_max, mut move_max) = (Duration::ZERO, Duration::ZERO);
    let stop = loop {
        let started = Instant::now();
        let step = explorer.step(game.known(), game.player());
        plan_max = plan_max.max(started.elapsed());
        if std::env::var_os("SLOW").is_some() && started.elapsed() > Duration::from_millis(3) {
            eprintln!(
                "step {} {:?}: {:.1} ms",
                times.len(),
                step,
                started.elapsed().as_secs_f64() * 1e3
            );
        }
        let moving = Instant::now();
        if let ExploreStep::Move(to) = step {
            let direction = Direction::from_step(to - game.player()).expect("a neighbour");
            assert!(game.turn(Act::Move(direction)).is_taken(), "a legal move");
        }
        move_max = move_max.max(moving.elapsed());
        times.push(started.elapsed());
        match step {
            ExploreStep::Stop(ExploreStop::Sighted(_)) => explorer.begin(),
            ExploreStep::Stop(why) => break why,
            _ => {}
        }
    };
    times.sort();
    let n = times.len();
    let total: Duration = times.iter().sum();
    let at = |q: f64| times[((n as f64 - 1.0) * q) as usize];
    println!(
        "{which} seed {seed}: {n} steps ({} moves), stop {stop:?}; mean {:.3} ms, median {:.3} ms, p99 {:.3} ms, max {:.3} ms (plan {:.3}, move and look {:.3})",
        game.moves(),
        total.as_secs_f64() * 1e3 / n as f64,
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3,
        plan_max.as_secs_f64() * 1e3,
        move_max.as_secs_f64() * 1e3,
    );
}
