//! Auto-explore, travel and the game's frame: `cargo bench -p mapgen-bench --bench explore`.
//!
//! * `explore step/...`: one decision of auto-explore (`Explorer::step`), continuing one
//!   exploration from call to call through the game's own rules (`Game::turn`: the
//!   move, the field of view of radius 10 and the memory), starting the next level when
//!   one is done (not timed). `plan, move and look` times the whole step the game makes.
//!   Peers in the same run: Brogue CE's way, a Dijkstra map from every frontier tile
//!   rebuilt each step (with mapgen's `DijkstraMap`), and the Rust roguelike tutorial's,
//!   the same with bracket-pathfinding's `DijkstraMap` (on 1000x1000 only with
//!   `EXPLORE_BENCH_BIG_PEERS=1`: about a tenth of a second a step).
//! * `hover route/...`: `Travel::plan` to tiles within 40 of the player on a fully known
//!   level, a different tile each call: just after a move (the Dijkstra map from the
//!   player is made again) and with the player still (it is reused); mapgen's A* alone to
//!   the same tiles beside it.
//! * `frame while exploring/...`: the game's work in one frame at 60 Hz with `o` running
//!   (a step every 20 ms): `Session::tick`, `Session::frame` and `scene::compose` of the
//!   80x55 console, everything but copying the cells into bracket-lib's console.
//! * `frame while sliding/...`: the same while the view slides between two rooms of a
//!   13 x 13 XL isaac floor (`--slide-ms 250`).

use std::hint::black_box;
use std::time::{Duration, Instant};

#[path = "path/peers.rs"]
#[allow(dead_code, reason = "the path benchmark's peers; this one uses two")]
mod peers;

use bracket_pathfinding::prelude::DijkstraMap as BracketDijkstraMap;
use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use game_app::action::{Input, Key};
use game_app::fonts::builtin_faces;
use game_app::scene::{CONSOLE_SIZE, Hud, Screen, compose, map_view};
use game_app::session::Session;
use game_core::direction::Direction;
use game_core::explore::{ExploreStep, Explorer, GAME_SEARCH_BUDGET};
use game_core::game::Game;
use game_core::goal::Monsters;
use game_core::knowledge::Knowledge;
use game_core::level::{Level, LevelOrder};
use game_core::travel::Travel;
use game_core::turn::Act;
use mapgen::Point;
use mapgen::generators::Generator;
use mapgen::generators::caves::CavesSettings;
use mapgen::generators::isaac::IsaacSettings;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::path::{AStar, DijkstraMap, Moves};
use mapgen_bench::configure;

/// The game's sight radius.
const RADIUS: u32 = 10;

/// Something that picks the next tile to step onto from what is known.
trait Planner {
    /// Forgets everything: a new level.
    fn reset(&mut self);
    /// The next tile, or `None` when done.
    fn next(&mut self, known: &Knowledge, at: Point) -> Option<Point>;
}

impl Planner for Explorer {
    fn reset(&mut self) {
        self.forget();
        self.begin();
    }
    fn next(&mut self, known: &Knowledge, at: Point) -> Option<Point> {
        loop {
            match self.step(known, at) {
                ExploreStep::Move(to) => return Some(to),
                ExploreStep::Searching => {}
                // A landmark stop: go on, as a player pressing `o` again.
                ExploreStep::Stop(game_core::explore::ExploreStop::Sighted(_)) => self.begin(),
                ExploreStep::Stop(_) => return None,
            }
        }
    }
}

/// Brogue CE's way (`getExploreMap` + `nextStep`, every step): a Dijkstra map from every
/// frontier tile, rebuilt each step, walked downhill; here with mapgen's `DijkstraMap`.
#[derive(Default)]
struct RebuildEveryStep {
    map: DijkstraMap,
    goals: Vec<Point>,
}

impl Planner for RebuildEveryStep {
    fn reset(&mut self) {}
    fn next(&mut self, known: &Knowledge, at: Point) -> Option<Point> {
        self.goals.clear();
        self.goals.extend(known.frontier());
        let map = known.as_map();
        self.map
            .compute(map, Moves::default(), self.goals.iter().copied())
            .ok()?;
        self.map.downhill(map, at)
    }
}

/// The Rust roguelike tutorial's way: bracket-lib's `DijkstraMap::new` from every
/// frontier tile each step, then `find_lowest_exit`.
#[derive(Default)]
struct BracketEveryStep {
    starts: Vec<usize>,
}

impl Planner for BracketEveryStep {
    fn reset(&mut self) {}
    fn next(&mut self, known: &Knowledge, at: Point) -> Option<Point> {
        let map = known.as_map();
        let width = map.width() as usize;
        self.starts.clear();
        self.starts.extend(
            known
                .frontier()
                .map(|p| p.y as usize * width + p.x as usize),
        );
        if self.starts.is_empty() {
            return None;
        }
        let to_point = |i: usize| Point::new((i % width) as i32, (i / width) as i32);
        let base = peers::BracketMap::new(map);
        let goals: Vec<Point> = self.starts.iter().map(|&i| to_point(i)).collect();
        let dm = peers::bracket_dijkstra_map(&base, &goals);
        // Its start tiles keep the map's initial value: a frontier neighbour goes first.
        if let Some(&start) = self
            .starts
            .iter()
            .find(|&&s| to_point(s).chebyshev(at) == 1)
        {
            return Some(to_point(start));
        }
        let here = at.y as usize * width + at.x as usize;
        BracketDijkstraMap::find_lowest_exit(&dm, here, &base).map(to_point)
    }
}

/// An exploration in progress through the game's rules, over several levels in turn.
struct Walk<P> {
    starts: Vec<Game>,
    next_start: usize,
    game: Game,
    planner: P,
}

impl<P: Planner> Walk<P> {
    fn new(levels: &[Level], planner: P) -> Walk<P> {
        let starts: Vec<Game> = levels.iter().map(|level| peaceful(level.clone())).collect();
        let mut walk = Walk {
            game: starts[0].clone(),
            next_start: 1,
            starts,
            planner,
        };
        walk.planner.reset();
        walk
    }

    /// Starts the next level (not timed).
    fn restart(&mut self) {
        self.game = self.starts[self.next_start % self.starts.len()].clone();
        self.next_start += 1;
        self.planner.reset();
    }

    fn step_to(&mut self, to: Point) {
        let direction = Direction::from_step(to - self.game.player()).expect("a neighbour");
        assert!(
            self.game.turn(Act::Move(direction)).is_taken(),
            "a legal move"
        );
    }

    /// Times `iters` decisions; the moves and looks between them are not timed.
    fn time_plans(&mut self, iters: u64) -> Duration {
        let mut total = Duration::ZERO;
        for _ in 0..iters {
            let started = Instant::now();
            let next = self.planner.next(self.game.known(), self.game.player());
            total += started.elapsed();
            match next {
                Some(to) => self.step_to(to),
                None => self.restart(),
            }
        }
        total
    }

    /// Times `iters` whole steps: decision, move and look.
    fn time_steps(&mut self, iters: u64) -> Duration {
        let mut total = Duration::ZERO;
        for _ in 0..iters {
            let started = Instant::now();
            match self.planner.next(self.game.known(), self.game.player()) {
                Some(to) => {
                    self.step_to(to);
                    total += started.elapsed();
                }
                None => {
                    total += started.elapsed();
                    self.restart();
                }
            }
        }
        total
    }
}

/// A game on `level` without its monsters: the explorer's work alone, as before the
/// monsters came (the `monsters` benchmark times their turns; auto-explore does not
/// start with one in view).
fn peaceful(level: Level) -> Game {
    Game::from_level(level, RADIUS).with_monsters(Monsters::LeftOut)
}

fn level(generator: Generator, seed: u64) -> Level {
    let order = LevelOrder::first(generator, seed);
    order.make().expect("valid settings")
}

/// The tutorial's dungeons of seeds 1 to 8.
fn tutorial_levels() -> Vec<Level> {
    (1..=8)
        .map(|seed| level(Generator::Rooms(RoomsSettings::default()), seed))
        .collect()
}

fn big_levels() -> Vec<(&'static str, Level)> {
    let rooms = RoomsSettings {
        width: 1000,
        height: 1000,
        max_rooms: 5000,
        ..RoomsSettings::default()
    };
    let caves = CavesSettings {
        width: 1000,
        height: 1000,
        ..CavesSettings::default()
    };
    vec![
        (
            "rooms 1000x1000 5000/6/10",
            level(Generator::Rooms(rooms), 1),
        ),
        ("caves 1000x1000", level(Generator::Caves(caves), 1)),
    ]
}

fn bench_plans<P: Planner>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    levels: &[Level],
    planner: P,
) {
    let mut walk = Walk::new(levels, planner);
    group.bench_function(name, |b| b.iter_custom(|iters| walk.time_plans(iters)));
}

fn explore_steps(c: &mut Criterion) {
    let tutorial = tutorial_levels();
    let mut group = c.benchmark_group("explore step/tutorial 80x45");
    configure(&mut group, false);
    bench_plans(&mut group, "plan (ours)", &tutorial, Explorer::new());
    let mut walk = Walk::new(&tutorial, Explorer::new());
    group.bench_function("plan, move and look (ours)", |b| {
        b.iter_custom(|iters| walk.time_steps(iters));
    });
    bench_plans(
        &mut group,
        "plan, rebuilt every step (mapgen DijkstraMap)",
        &tutorial,
        RebuildEveryStep::default(),
    );
    bench_plans(
        &mut group,
        "plan, rebuilt every step (bracket-pathfinding)",
        &tutorial,
        BracketEveryStep::default(),
    );
    group.finish();

    for (name, level) in big_levels() {
        let levels = [level];
        let mut group = c.benchmark_group(format!("explore step/{name}"));
        configure(&mut group, true);
        let explorer = || Explorer::new().with_search_budget(GAME_SEARCH_BUDGET);
        bench_plans(&mut group, "plan (ours)", &levels, explorer());
        let mut walk = Walk::new(&levels, explorer());
        group.bench_function("plan, move and look (ours)", |b| {
            b.iter_custom(|iters| walk.time_steps(iters));
        });
        if std::env::var_os("EXPLORE_BENCH_BIG_PEERS").is_some() {
            bench_plans(
                &mut group,
                "plan, rebuilt every step (mapgen DijkstraMap)",
                &levels,
                RebuildEveryStep::default(),
            );
        }
        group.finish();
    }
}

/// A fully known level, its start, and floor tiles within 40 of the start.
fn hover_case(level: &Level) -> (Knowledge, Point, Vec<Point>) {
    let map = level.map();
    let mut known = Knowledge::of_size(map);
    for (p, tile) in map.iter() {
        known.learn(p, tile);
    }
    let start = level.arrival();
    let near = map
        .iter()
        .filter(|&(p, t)| t.walkable && p.chebyshev(start) <= 40)
        .map(|(p, _)| p)
        .collect();
    (known, start, near)
}

fn hover_routes(c: &mut Criterion) {
    let tutorial = level(Generator::Rooms(RoomsSettings::default()), 1);
    let (_, big) = big_levels().swap_remove(0);
    for (name, level) in [
        ("tutorial 80x45", &tutorial),
        ("rooms 1000x1000 5000/6/10", &big),
    ] {
        let mut group = c.benchmark_group(format!("hover route/{name}"));
        configure(&mut group, false);
        let (known, start, near) = hover_case(level);
        // Places the player might stand: near tiles spread out, each in turn.
        let step = (near.len() / 16).max(1);
        let places: Vec<Point> = near.iter().step_by(step).copied().collect();
        let mut travel = Travel::new();
        let mut i = 0usize;
        group.bench_function("Travel::plan, player just moved (ours)", |b| {
            b.iter(|| {
                i += 1;
                let (from, to) = (places[i % places.len()], near[(i * 7) % near.len()]);
                black_box(travel.plan(&known, from, to).map(<[Point]>::len))
            });
        });
        group.bench_function("Travel::plan, player still (ours)", |b| {
            b.iter(|| {
                i += 1;
                black_box(
                    travel
                        .plan(&known, start, near[i % near.len()])
                        .map(<[Point]>::len),
                )
            });
        });
        let mut astar = AStar::default();
        group.bench_function("AStar::search alone, player just moved (mapgen)", |b| {
            b.iter(|| {
                i += 1;
                let (from, to) = (places[i % places.len()], near[(i * 7) % near.len()]);
                black_box(astar.search(known.as_map(), Moves::default(), from, to))
            });
        });
        group.finish();
    }
}

/// The game's work in a frame at 60 Hz while exploring: the plan's step when due, the
/// camera and the route, and the whole console composed.
fn frames_while_exploring(c: &mut Criterion) {
    for (name, generator) in [
        ("tutorial 80x45", Generator::Rooms(RoomsSettings::default())),
        (
            "grid 9x7",
            Generator::with_defaults(mapgen::generators::GeneratorKind::Grid),
        ),
    ] {
        let starts: Vec<Session> = (1..=8)
            .map(|seed| Session::new(peaceful(level(generator.clone(), seed))))
            .collect();
        bench_frames(
            c,
            &format!("frame while exploring/{name}"),
            &starts,
            Timed::Every,
        );
    }
}

/// The game's work in a frame at 60 Hz while the view slides between two rooms of a
/// 13 x 13 XL isaac floor (stage 8): the slide's tick (no step), the room camera and the
/// console with both rooms. Between slides the game explores on, untimed.
fn frames_while_sliding(c: &mut Criterion) {
    let settings = IsaacSettings {
        stage: 8,
        xl: true,
        ..IsaacSettings::default()
    };
    let starts: Vec<Session> = (1..=4)
        .map(|seed| {
            let game = peaceful(level(Generator::Isaac(settings), seed));
            Session::new(game).with_step_ms(0).with_slide_ms(250)
        })
        .collect();
    let name = "frame while sliding/isaac 13x13 XL stage 8";
    bench_frames(c, name, &starts, Timed::Sliding);
}

/// Which frames [`bench_frames`] times.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Timed {
    /// Every frame.
    Every,
    /// The frames of a slide between rooms; the others are played untimed.
    Sliding,
}

/// Times frames at 60 Hz of sessions exploring from `starts` (the next one when a level
/// is done).
fn bench_frames(c: &mut Criterion, name: &str, starts: &[Session], timed: Timed) {
    let fonts = builtin_faces();
    let hud = Hud {
        font: &fonts[0],
        notice: None,
    };
    let frame = Duration::from_micros(16_667);
    let mut group = c.benchmark_group(name);
    configure(&mut group, false);
    let mut n = 0;
    let mut session = starts[0].clone();
    let mut screen = Screen::new(CONSOLE_SIZE.0, CONSOLE_SIZE.1);
    group.bench_function("tick, frame and compose", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                explore_on(&mut session, starts, &mut n);
                while timed == Timed::Sliding && !session.is_sliding() {
                    session.tick(frame, &mut || true).expect("on the map");
                    session.frame(map_view(&screen));
                    explore_on(&mut session, starts, &mut n);
                }
                total += timed_frame(&mut session, &hud, &mut screen, frame);
            }
            total
        });
    });
    group.finish();
}

/// `o` again once the running plan stopped; the next of `starts` (counted by `n`) once
/// the level is explored.
fn explore_on(session: &mut Session, starts: &[Session], n: &mut usize) {
    if session.is_busy() {
        return;
    }
    if session.log().last(1)[0].starts_with("Explored") {
        *n += 1;
        *session = starts[*n % starts.len()].clone();
    }
    let o = Input::Key(Key::Char('o'));
    session.apply_input(o, &mut || 1).expect("no new level");
}

/// One frame of the game's own work, timed: `elapsed` passes for the session, the camera
/// is set for the map view, and the whole console is composed.
fn timed_frame(
    session: &mut Session,
    hud: &Hud,
    screen: &mut Screen,
    elapsed: Duration,
) -> Duration {
    let started = Instant::now();
    session.tick(elapsed, &mut || true).expect("on the map");
    session.frame(map_view(screen));
    compose(session, hud, screen);
    let took = started.elapsed();
    black_box(screen.cell((0, 0)));
    took
}

criterion_group!(
    benches,
    explore_steps,
    hover_routes,
    frames_while_exploring,
    frames_while_sliding
);
criterion_main!(benches);
