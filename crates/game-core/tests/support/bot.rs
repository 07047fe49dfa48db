//! A bot that plays the game through its rules, as a careful player would: it fights
//! what it sees (nearest first), drinks a potion when low, rests when hurt and alone,
//! picks up what it knows of, explores, and takes the stairs down; with the amulet, it
//! goes back up. It reads only what the player knows (the planners' knowledge, the
//! monsters in view), as auto-explore does. The balance example runs it over many seeds
//! (`cargo run --release -p game-core --example balance`).
#![allow(dead_code, reason = "the example and the tests use different parts")]

use game_core::descent::Descent;
use game_core::direction::{Direction, Vertical};
use game_core::explore::{ExploreStep, Explorer};
use game_core::game::Game;
use game_core::goal::Status;
use game_core::level::Purpose;
use game_core::travel::Travel;
use game_core::turn::{Act, Outcome};
use mapgen::Point;
use mapgen::generators::Generator;

/// Drinks a potion at or below this percent of its hit points.
pub const DRINK_AT: i32 = 40;
/// Rests (with nothing in view) below this percent.
pub const REST_BELOW: i32 = 70;
/// A game longer than this many turns counts as stuck.
pub const MAX_TURNS: u64 = 30_000;

/// How a bot's game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Died, on this depth, to this monster.
    Died(game_core::monster::MonsterKind),
    /// Won.
    Won,
    /// Could not go on (no stairs found) or ran out of turns.
    Stuck,
}

/// One game's result.
#[derive(Debug, Clone, Copy)]
pub struct Played {
    /// How it ended.
    pub end: End,
    /// The deepest level entered.
    pub deepest: u32,
    /// Turns played.
    pub turns: u64,
    /// Monsters killed.
    pub kills: u32,
}

/// The bot's state over one game.
struct Bot {
    game: Game,
    descent: Descent,
    explorer: Explorer,
    travel: Travel,
    /// The monster it is after, and how many turns it has been.
    chasing: Option<(u32, u32)>,
    /// Monsters it gave up chasing on this level (they run faster than it closes in).
    ignored: Vec<u32>,
    /// Things it could not reach on this level.
    unreachable: Vec<Point>,
    level_depth: u32,
}

/// Plays the game of `seed` with `generator`, the amulet at `goal_depth`.
pub fn play(seed: u64, generator: Generator, goal_depth: u32) -> Played {
    let descent = Descent::new(seed, generator);
    let first = descent
        .order(1, Purpose::NewGame)
        .make()
        .expect("the first level");
    let game = Game::with_goal(first, game_core::game::DEFAULT_FOV_RADIUS, goal_depth);
    let mut bot = Bot {
        game,
        descent,
        explorer: Explorer::new(),
        travel: Travel::new(),
        chasing: None,
        ignored: Vec::new(),
        unreachable: Vec::new(),
        level_depth: 1,
    };
    let end = bot.run();
    Played {
        end,
        deepest: bot.game.levels().len() as u32,
        turns: bot.game.turns(),
        kills: bot.game.hero().kills,
    }
}

impl Bot {
    fn run(&mut self) -> End {
        let mut idle = 0;
        while self.game.turns() < MAX_TURNS {
            match self.game.status() {
                Status::Died(death) => return End::Died(death.by),
                Status::Won => return End::Won,
                Status::Playing => {}
            }
            if self.game.depth() != self.level_depth {
                self.level_depth = self.game.depth();
                self.explorer.forget();
                self.travel = Travel::new();
                self.ignored.clear();
                self.unreachable.clear();
                self.chasing = None;
            }
            // Nothing to do (a room's doors shut on a monster out of sight): wait for it.
            let act = self.decide();
            let outcome = self.act(act.unwrap_or(Act::Wait));
            idle = if outcome == Outcome::Taken && act.is_some() {
                0
            } else {
                idle + 1
            };
            if idle > 300 {
                if std::env::var_os("BOT_DEBUG").is_some() {
                    eprintln!(
                        "stuck at {:?} depth {} act {act:?} turn {} in view {:?} keys {}",
                        self.game.player(),
                        self.game.depth(),
                        self.game.turns(),
                        self.game.monsters_in_view().collect::<Vec<_>>(),
                        self.game.keys()
                    );
                    let down = self.game.level().down();
                    eprintln!(
                        "down {down:?} known {:?}; monsters {:?}",
                        down.map(|d| self.game.known().is_known(d)),
                        self.game
                            .level()
                            .monsters()
                            .map(|b| (b.kind, b.at))
                            .collect::<Vec<_>>()
                    );
                    let me = self.game.player();
                    for y in me.y - 12..me.y + 12 {
                        let row: String = (me.x - 30..me.x + 30)
                            .map(|x| {
                                let p = Point::new(x, y);
                                if p == me {
                                    '@'
                                } else if let Some(b) = self.game.level().body_at(p) {
                                    b.kind.glyph()
                                } else {
                                    self.game
                                        .appearance(p, false)
                                        .map_or(' ', |t| t.tile.glyph())
                                }
                            })
                            .collect();
                        eprintln!("{row}");
                    }
                }
                return End::Stuck;
            }
        }
        End::Stuck
    }

    fn act(&mut self, act: Act) -> Outcome {
        let turn = self.game.turn(act);
        if std::env::var_os("BOT_TRACE").is_some() {
            for e in &turn.events {
                if !matches!(e, game_core::event::Event::Moved { .. }) {
                    eprintln!("{} {:?} {e:?}", self.game.turns(), self.game.player());
                }
            }
        }
        let outcome = turn.outcome;
        if let Outcome::NeedsLevel(depth) = outcome {
            let level = self
                .descent
                .order(depth, Purpose::Descend)
                .make()
                .expect("a level");
            self.game.stage_level(level);
            return self.game.turn(act).outcome;
        }
        outcome
    }

    /// The next act: fight, drink, rest, fetch, explore, or the stairs.
    fn decide(&mut self) -> Option<Act> {
        let hero = self.game.hero().clone();
        let hurt = |percent: i32| hero.hp.now * 100 <= hero.hp.max * percent;
        let me = self.game.player();
        let next_to = |p: Point| (p.x - me.x).abs().max((p.y - me.y).abs()) == 1;
        let in_view: Vec<(u32, Point)> = self
            .game
            .monsters_in_view()
            .filter(|b| !self.ignored.contains(&b.id) || next_to(b.at))
            .map(|b| (b.id, b.at))
            .collect();
        if hurt(DRINK_AT) && hero.potions > 0 && !in_view.is_empty() {
            return Some(Act::Drink);
        }
        if let Some(act) = self.fight(&in_view) {
            return Some(act);
        }
        if hurt(REST_BELOW) && self.game.monsters_in_view().next().is_none() {
            return Some(Act::Wait);
        }
        if hero.amulet {
            return self.stairs(Vertical::Up);
        }
        if let Some(act) = self.fetch() {
            return Some(act);
        }
        self.explorer.begin();
        for _ in 0..4 {
            match self.explorer.step(self.game.known(), self.game.player()) {
                ExploreStep::Move(to) => return self.step_to(to),
                ExploreStep::Searching => {}
                ExploreStep::Stop(_) => break,
            }
        }
        self.stairs(Vertical::Down)
    }

    /// Attack or close in on the nearest monster in view.
    fn fight(&mut self, in_view: &[(u32, Point)]) -> Option<Act> {
        let me = self.game.player();
        let far = |p: Point| (p.x - me.x).abs().max((p.y - me.y).abs());
        let &(id, at) = in_view.iter().min_by_key(|(_, p)| far(*p))?;
        let turns = match self.chasing {
            Some((chased, n)) if chased == id => n + 1,
            _ => 1,
        };
        self.chasing = Some((id, turns));
        if turns > 25 && far(at) > 1 {
            self.ignored.push(id);
            return None;
        }
        if far(at) == 1 {
            return Direction::from_step(at - me).map(Act::Move);
        }
        let next = self
            .travel
            .plan(self.game.known(), me, at)
            .ok()
            .and_then(|route| route.get(1).copied())?;
        self.step_to(next)
    }

    /// Walk toward the nearest known thing worth having.
    fn fetch(&mut self) -> Option<Act> {
        let me = self.game.player();
        let far = |p: Point| (p.x - me.x).abs().max((p.y - me.y).abs());
        let mut things: Vec<Point> = self
            .game
            .known()
            .things()
            .iter()
            .map(|e| e.at)
            .filter(|p| !self.unreachable.contains(p))
            .collect();
        things.sort_by_key(|&p| far(p));
        for at in things {
            match self.travel.plan(self.game.known(), me, at) {
                Ok(route) if route.len() > 1 => {
                    let next = route[1];
                    return self.step_to(next);
                }
                _ => self.unreachable.push(at),
            }
        }
        None
    }

    /// Take the stairs `way` here, or walk to the known ones.
    fn stairs(&mut self, way: Vertical) -> Option<Act> {
        if self.game.stairs_here() == Some(way) {
            return Some(Act::Stairs(way));
        }
        let at = self.game.level().stairs(way)?;
        if !self.game.known().is_known(at) {
            return None;
        }
        let me = self.game.player();
        let next = self
            .travel
            .plan(self.game.known(), me, at)
            .ok()
            .and_then(|route| route.get(1).copied())?;
        self.step_to(next)
    }

    fn step_to(&self, to: Point) -> Option<Act> {
        Direction::from_step(to - self.game.player()).map(Act::Move)
    }
}
