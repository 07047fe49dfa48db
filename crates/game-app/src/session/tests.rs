use std::time::Duration;

use mapgen::generators::grid::GridSettings;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::generators::{Generate, Generator, GeneratorKind};
use mapgen::{Dungeon, Map, Point};

use super::*;

/// A 5x5 room with walls around and the `@` in the middle (the down stairs in the
/// top-left corner, the exit).
fn room_game() -> Game {
    let map =
        Map::from_ascii("#######\n#.....#\n#.....#\n#.....#\n#.....#\n#.....#\n#######\n").unwrap();
    dungeon_game(map, Point::new(3, 3))
}

/// A game on `map` with the `@` at `start`, said to come from the rooms generator at
/// seed 1, with a field-of-view radius of 10.
fn dungeon_game(map: Map, start: Point) -> Game {
    let dungeon = Dungeon::new(map, start);
    Game::from_dungeon(Generator::Rooms(RoomsSettings::default()), 1, dungeon, 10)
}
use crate::action::{Direction, Key, ModeKind};
use game_core::level::STAIRS_DOWN;

/// A 5x5 room with walls around and the `@` in the middle.
fn room() -> Session {
    Session::new(room_game())
}

fn rooms_session(seed: u64) -> Session {
    Session::new(Game::new(Generator::Rooms(RoomsSettings::default()), seed, 10).unwrap())
}

/// A seed source for actions that must not ask for one.
fn no_seeds() -> u64 {
    panic!("only R asks for a seed")
}

fn key(c: char) -> Input {
    Input::Key(Key::Char(c))
}

fn press(session: &mut Session, input: Input) -> Response {
    session.apply_input(input, &mut no_seeds).unwrap()
}

/// Everything the rules hold, to compare before and after an action.
fn rules_state(session: &Session) -> String {
    format!("{:?}", session.game())
}

fn last_line(session: &Session) -> String {
    session.log().last(1).pop().unwrap_or_default()
}

/// Explores until the level is done, pressing `o` again after each stop that is not the
/// end; the lines each stop gave.
fn explore_fully(session: &mut Session) -> Vec<String> {
    let mut stops = Vec::new();
    for _ in 0..200 {
        press(session, key('o'));
        session.run_plan(100_000);
        let line = last_line(session);
        stops.push(line.clone());
        if line.starts_with("Explored") {
            return stops;
        }
    }
    panic!("never done: {stops:?}")
}

#[test]
fn a_move_looks_at_once_and_only_a_move_does() {
    let mut session = room();
    let computations = session.game().fov_computations();
    assert_eq!(computations, 1, "the start");
    for action in [
        Action::Wait,
        Action::ToggleReveal,
        Action::ToggleLabels,
        Action::NextFont,
    ] {
        session.apply(action, &mut no_seeds).unwrap();
        session
            .tick(Duration::from_millis(16), &mut || true)
            .unwrap();
    }
    assert_eq!(session.game().fov_computations(), 1);
    // A blocked move changes nothing either.
    let mut walled = Session::new(dungeon_game(
        Map::from_ascii("###\n#.#\n###\n").unwrap(),
        Point::new(1, 1),
    ));
    walled
        .apply(Action::Move(Direction::North), &mut no_seeds)
        .unwrap();
    assert_eq!(walled.game().fov_computations(), 1);
    session
        .apply(Action::Move(Direction::East), &mut no_seeds)
        .unwrap();
    assert_eq!(session.game().fov_computations(), 2);
}

#[test]
fn r_starts_a_new_game_from_a_fresh_seed() {
    let generator = Generator::Rooms(RoomsSettings::default());
    let mut session = Session::new(Game::new(generator.clone(), 5, 10).unwrap());
    session
        .apply(Action::Move(Direction::East), &mut no_seeds)
        .unwrap();
    let mut seeds = [5, 5, 77].into_iter(); // the current seed is skipped
    let response = session
        .apply(Action::NewDungeon, &mut || seeds.next().unwrap())
        .unwrap();
    assert_eq!(response, Response::Continue);
    let game = session.game();
    assert_eq!((game.seed(), game.depth(), game.levels().len()), (77, 1, 1));
    let plain = generator.generate(77).unwrap();
    assert_eq!(game.dungeon().rooms, plain.rooms, "the seed names it");
    assert_eq!(game.player(), plain.start);
    assert!(game.is_visible(plain.start));
    let welcome = session.log().last(2);
    assert!(welcome[0].starts_with("Depth 1: a rooms level, seed 77."));
}

#[test]
fn font_quit_and_toggles_never_touch_the_rules() {
    let mut session = rooms_session(3);
    for d in Direction::ALL {
        session.apply(Action::Move(d), &mut no_seeds).unwrap();
    }
    let rules = rules_state(&session);
    let responses = [
        (key('f'), Response::NextFont),
        (key('w'), Response::Watch),
        (Input::Key(Key::Escape), Response::Quit),
        (key('m'), Response::Continue),
        (key('t'), Response::Continue),
    ];
    for (input, response) in responses {
        assert_eq!(press(&mut session, input), response);
        assert_eq!(rules_state(&session), rules, "{input:?} changed the rules");
    }
    assert_eq!(
        (session.view().reveal_map, session.view().show_labels),
        (true, true)
    );
}

#[test]
fn help_shows_the_keys_of_the_mode_it_came_from_and_esc_closes_it_first() {
    let mut session = room();
    press(&mut session, key('?'));
    assert_eq!(session.mode().help_for(), Some(ModeKind::Play));
    press(&mut session, key('?'));
    assert_eq!(session.mode(), &Mode::Play, "? again closes it");
    press(&mut session, key('x'));
    press(&mut session, key('?'));
    assert_eq!(session.mode().help_for(), Some(ModeKind::Look));
    assert_eq!(
        press(&mut session, Input::Key(Key::Escape)),
        Response::Continue
    );
    assert_eq!(session.mode().kind(), ModeKind::Look, "back to look");
    press(&mut session, Input::Key(Key::Escape));
    assert_eq!(session.mode(), &Mode::Play);
    assert_eq!(press(&mut session, Input::Key(Key::Escape)), Response::Quit);
}

/// `o` explores a level step by step, says why it stops, and a key stops it midway.
#[test]
fn auto_explore_runs_a_step_per_tick_and_any_key_stops_it() {
    let mut session = rooms_session(42);
    press(&mut session, key('o'));
    assert_eq!(session.plan(), Some(Plan::Explore));
    let moves = session.game().moves();
    session.tick(Duration::ZERO, &mut || true).unwrap();
    assert_eq!(session.game().moves(), moves + 1, "the first step at once");
    session
        .tick(Duration::from_millis(10), &mut || true)
        .unwrap();
    assert_eq!(session.game().moves(), moves + 1, "the next after 20 ms");
    session
        .tick(Duration::from_millis(30), &mut || true)
        .unwrap();
    assert_eq!(session.game().moves(), moves + 3);
    let rules = rules_state(&session);
    press(&mut session, key('l'));
    assert_eq!(session.plan(), None, "a key stops it");
    assert_eq!(rules_state(&session), rules, "and does nothing else");
    // The mouse moving does not stop it.
    press(&mut session, key('o'));
    session
        .apply_input(Input::Hover(Point::new(1, 1)), &mut no_seeds)
        .unwrap();
    assert_eq!(session.plan(), Some(Plan::Explore));
}

#[test]
fn step_ms_0_takes_as_many_steps_as_the_frame_allows() {
    let mut session = rooms_session(42).with_step_ms(0);
    press(&mut session, key('o'));
    let mut budget = 25;
    session
        .tick(Duration::ZERO, &mut || {
            budget -= 1;
            budget > 0
        })
        .unwrap();
    assert_eq!(session.game().moves(), 25);
}

#[test]
fn exploring_stops_for_stairs_and_ends_explored_with_every_reachable_tile_seen() {
    for seed in [1, 2, 42] {
        let mut session = rooms_session(seed);
        let stops = explore_fully(&mut session);
        assert!(
            stops.contains(&"You see stairs down.".to_string()),
            "{stops:?}"
        );
        assert_eq!(stops.last().unwrap(), "Explored this level.");
        let (reachable, seen) = crate::report::reachable_and_seen(session.game().level());
        assert_eq!(seen, reachable, "seed {seed}");
    }
}

/// An isaac floor (large rooms, special rooms): explored to the end with every reachable
/// tile and every room seen; `Tab` in look mode visits the special rooms, and look
/// names their kinds.
#[test]
fn isaac_floors_are_explored_and_looked_at_by_room_kind() {
    use mapgen::generators::grid::RoomKind;
    use mapgen::generators::isaac::IsaacSettings;
    let mut named = std::collections::BTreeSet::new();
    for seed in [1, 5] {
        let generator = Generator::Isaac(IsaacSettings {
            stage: 6,
            ..IsaacSettings::default()
        });
        let mut session = Session::new(Game::new(generator, seed, 10).unwrap());
        let stops = explore_fully(&mut session);
        assert!(stops.last().unwrap().starts_with("Explored"), "{stops:?}");
        let game = session.game();
        let (reachable, seen) = crate::report::reachable_and_seen(game.level());
        assert_eq!(seen, reachable, "seed {seed}");
        let grid = game.dungeon().room_grid().unwrap();
        let locked = |i: usize| {
            let cells: Vec<_> = grid.rooms()[i].cells().collect();
            grid.links().iter().any(|l| {
                l.kind == mapgen::generators::grid::LinkKind::Locked && cells.contains(&l.b)
            })
        };
        for (i, room) in grid.rooms().iter().enumerate() {
            // Secret rooms have no open door, locked ones need a key: exploring alone
            // reaches neither.
            assert!(
                room.kind.is_secret() || locked(i) || game.is_room_seen(i),
                "seed {seed} room {i}"
            );
        }
        press(&mut session, key('x'));
        for _ in 0..game_core::look::interesting_tiles(session.game()).len() {
            press(&mut session, Input::Key(Key::Tab));
            let text = session.look_text().unwrap();
            if let Some(kind) = text.split(" in the ").nth(1) {
                named.insert(kind.trim_end_matches(" room.").to_string());
            }
        }
    }
    // The shop and (from stage 2) the treasure room are behind locked doors, which
    // exploring does not open.
    for kind in [RoomKind::Boss, RoomKind::Challenge] {
        assert!(named.contains(&kind.to_string()), "{kind} not in {named:?}");
    }
    assert_eq!(
        crate::session::a_level(GeneratorKind::Isaac),
        "an isaac level"
    );
}

/// Auto-explore walked past a key in sight and said "Explored this level." at 73 % with
/// the key and a locked shop left; now it picks up every key it has seen and can reach,
/// and when it stops with places left it says what is left.
#[test]
fn exploring_picks_up_the_keys_seen_and_says_what_is_left() {
    use mapgen::generators::isaac::IsaacSettings;
    use mapgen::path::{DijkstraMap, Moves};
    let (mut picked, mut locked_left) = (0, 0);
    for seed in 0..12 {
        let generator = Generator::Isaac(IsaacSettings {
            stage: 1 + (seed % 6) as u32,
            ..IsaacSettings::default()
        });
        let mut session = Session::new(Game::new(generator, seed, 10).unwrap());
        let stops = explore_fully(&mut session);
        let last = stops.last().unwrap();
        let game = session.game();
        let mut from_player = DijkstraMap::default();
        from_player
            .compute(game.known().as_map(), Moves::default(), [game.player()])
            .unwrap();
        for key in game.known().things().iter() {
            assert_eq!(
                from_player.get(key.at),
                None,
                "seed {seed}: a key left at {}",
                key.at
            );
        }
        let locked = game.level().known_locked_doors();
        assert_eq!(
            last.contains("locked door"),
            locked > 0,
            "seed {seed}: {last}"
        );
        if locked == 0 && game.known().things().is_empty() {
            assert_eq!(last, "Explored this level.", "seed {seed}");
        }
        locked_left += usize::from(locked > 0);
        picked += session
            .log()
            .lines()
            .filter(|l| l.starts_with("You pick up a key"))
            .count();
    }
    assert!(
        picked > 3 && locked_left > 3,
        "{picked} keys picked, {locked_left} floors locked"
    );
}

/// `>` away from the stairs travels to them, `>` on them goes down (a new level to
/// make), `<` comes back up onto the same stairs, with the level as it was left.
#[test]
fn stairs_travel_descend_and_climb_back() {
    let mut session = rooms_session(7);
    press(&mut session, key('>'));
    assert_eq!(last_line(&session), "You have not found stairs down yet.");
    while !session
        .game()
        .known()
        .landmarks()
        .iter()
        .any(|l| l.tile == STAIRS_DOWN)
    {
        press(&mut session, key('o'));
        session.run_plan(100_000);
    }
    press(&mut session, key('>'));
    assert!(matches!(session.plan(), Some(Plan::Travel { .. })));
    session.run_plan(100_000);
    let down = session.game().level().down().unwrap();
    assert_eq!(session.game().player(), down);
    let above = session.game().known().clone();
    let request = session.input(key('>'), &mut no_seeds);
    let Request::Generate(order) = request else {
        panic!("the level below is to be made: {request:?}")
    };
    assert_eq!((order.depth, order.purpose), (2, Purpose::Descend));
    assert_eq!(order.seed, game_core::descent::level_seed(7, 2));
    session.install(order.make().unwrap());
    assert_eq!(session.game().depth(), 2);
    assert!(last_line(&session).starts_with("You go down to depth 2: a rooms level."));
    let up = session.game().level().up().unwrap();
    assert_eq!(session.game().player(), up);
    press(&mut session, key('<'));
    assert_eq!(session.game().depth(), 1);
    assert_eq!(session.game().player(), down, "on the stairs it took");
    assert_eq!(session.game().known(), &above);
    assert_eq!(last_line(&session), "You climb up to depth 1.");
    press(&mut session, key('>'));
    assert_eq!((session.game().depth(), session.game().player()), (2, up));
}

#[test]
fn the_log_folds_repeated_lines() {
    let mut session = room();
    for _ in 0..3 {
        press(&mut session, key('<'));
    }
    assert_eq!(
        last_line(&session),
        "There is no way up from the first level. (x3)"
    );
}

#[test]
fn look_mode_describes_cycles_and_travels() {
    let mut session = rooms_session(42);
    press(&mut session, key('x'));
    assert_eq!(session.look_text().unwrap(), "You stand on the floor.");
    press(&mut session, key('L'));
    let cursor = session.mode().look().unwrap().cursor();
    assert_eq!(cursor, session.game().player() + Point::new(5, 0));
    press(&mut session, Input::Key(Key::Escape));
    let stops = explore_fully(&mut session);
    assert!(!stops.is_empty());
    press(&mut session, key('x'));
    press(&mut session, Input::Key(Key::Tab));
    let target = session.mode().look().unwrap().cursor();
    assert_eq!(session.look_text().unwrap().split(' ').next(), Some("You"));
    press(&mut session, Input::Key(Key::Enter));
    assert_eq!(session.mode(), &Mode::Play);
    session.run_plan(100_000);
    assert_eq!(session.game().player(), target);
}

#[test]
fn a_click_travels_and_says_why_not_when_it_cannot() {
    let mut session = room();
    press(&mut session, Input::Click(Point::new(5, 5)));
    session.run_plan(100);
    assert_eq!(session.game().player(), Point::new(5, 5));
    press(&mut session, Input::Click(Point::new(0, 0)));
    assert_eq!(last_line(&session), "You cannot stand there.");
    press(&mut session, Input::Click(Point::new(50, 2)));
    assert_eq!(last_line(&session), "That is outside the map.");
}

#[test]
fn the_hover_route_is_the_walk_a_click_makes() {
    let mut session = rooms_session(42);
    explore_fully(&mut session);
    let view = Viewport {
        width: 80,
        height: 45,
    };
    let target = session.game().level().down().unwrap();
    press(&mut session, Input::Hover(target));
    session.frame(view);
    let shown = session.route().to_vec();
    assert_eq!(shown.first(), Some(&session.game().player()));
    assert_eq!(shown.last(), Some(&target));
    press(&mut session, Input::Click(target));
    let mut session = session.with_step_ms(0);
    let mut walked = vec![session.game().player()];
    while session.is_busy() {
        // One step a tick: the first, then no time left.
        session.tick(Duration::ZERO, &mut || false).unwrap();
        if walked.last() != Some(&session.game().player()) {
            walked.push(session.game().player());
        }
    }
    assert_eq!(walked, shown);
}

#[test]
fn the_archive_scrolls_and_closes() {
    let mut session = room();
    for i in 0..30 {
        session.note(&format!("line {i}"));
    }
    press(&mut session, Input::Key(Key::Ctrl('p')));
    assert_eq!(session.mode(), &Mode::Messages { scroll: 0 });
    press(&mut session, Input::Key(Key::PageUp));
    assert_eq!(session.mode(), &Mode::Messages { scroll: 10 });
    for _ in 0..20 {
        press(&mut session, Input::Key(Key::PageUp));
    }
    let most = session.log().len() - 1;
    assert_eq!(session.mode(), &Mode::Messages { scroll: most });
    press(&mut session, Input::Key(Key::PageDown));
    press(&mut session, Input::Key(Key::Escape));
    assert_eq!(session.mode(), &Mode::Play);
}

#[test]
fn g_picks_the_generator_of_new_levels_and_skips_those_that_cannot_be_had() {
    let mut session = rooms_session(5).with_skipped_generators(vec![(
        GeneratorKind::Grid,
        "--cols is 0; allowed 2..=2499".to_string(),
    )]);
    let rules = rules_state(&session);
    press(&mut session, key('g'));
    assert_eq!(rules_state(&session), rules, "the level in play stays");
    let next = GeneratorKind::ALL[2];
    assert_eq!(session.descent().generator_for(2).kind(), next);
    let log = session.log().last(2);
    assert_eq!(log[0], "G skips grid: --cols is 0; allowed 2..=2499");
    assert_eq!(log[1], format!("New levels will be made by {next}."));
    // R makes the new first level with it.
    session.apply(Action::NewDungeon, &mut || 9).unwrap();
    assert_eq!(session.game().generator().kind(), next);
}

#[test]
fn g_uses_the_players_settings_for_the_other_generator() {
    let grid = GridSettings {
        cols: 5,
        rows: 5,
        room_count: 6,
        ..Default::default()
    };
    let mut session = rooms_session(5).with_generator_choices(vec![Generator::Grid(grid)]);
    press(&mut session, key('g'));
    assert_eq!(session.descent().generator_for(2), &Generator::Grid(grid));
}

#[test]
fn a_failed_level_keeps_the_game_and_reports_the_error() {
    let bad = Generator::Rooms(RoomsSettings {
        room_min_size: 12,
        room_max_size: 8,
        ..RoomsSettings::default()
    });
    let dungeon = RoomsSettings::default().generate(4).unwrap();
    let mut session = Session::new(Game::from_dungeon(bad, 4, dungeon, 10));
    let rules = rules_state(&session);
    let err = session.apply(Action::NewDungeon, &mut || 5).unwrap_err();
    assert_eq!(
        err.to_string(),
        "room_min_size (12) is larger than room_max_size (8)"
    );
    assert_eq!(rules_state(&session), rules, "the old game stays");
}

#[test]
fn levels_follow_the_list_and_the_last_repeats() {
    let kinds = [GeneratorKind::Maze, GeneratorKind::Caves];
    let generators: Vec<Generator> = kinds.iter().map(|&k| Generator::with_defaults(k)).collect();
    let first = Game::new(generators[0].clone(), 3, 10).unwrap();
    let session = Session::new(first).with_levels(generators);
    let order = |d| {
        session
            .descent()
            .order(d, Purpose::Descend)
            .generator
            .kind()
    };
    assert_eq!(
        [order(2), order(3)],
        [GeneratorKind::Caves, GeneratorKind::Caves]
    );
}

#[test]
fn a_one_tile_level_is_explored_at_once() {
    let dungeon = Dungeon::new(
        Map::from_ascii("###\n#.#\n###\n").unwrap(),
        Point::new(1, 1),
    );
    let game = Game::from_dungeon(Generator::Rooms(RoomsSettings::default()), 1, dungeon, 10);
    let mut session = Session::new(game);
    press(&mut session, key('o'));
    session.run_plan(10);
    assert_eq!(last_line(&session), "Explored this level.");
}

/// A storm of inputs of every kind in every mode, on every generator, with ticks
/// between: the `@` is on a walkable tile after every one, and nothing panics.
#[test]
fn an_input_storm_never_enters_a_wall() {
    let mut inputs: Vec<Input> = "hjklyubnHJKL.rgfmt?xo><".chars().map(key).collect();
    inputs.extend((0..=9).map(|n| Input::Key(Key::Numpad(n))));
    inputs.extend(Direction::ALL.map(|d| Input::Key(Key::Arrow(d))));
    inputs.extend(
        [
            Key::Escape,
            Key::Tab,
            Key::Enter,
            Key::Ctrl('p'),
            Key::PageUp,
            Key::PageDown,
        ]
        .map(Input::Key),
    );
    for &kind in GeneratorKind::ALL {
        let game = Game::new(Generator::with_defaults(kind), 3, 10).unwrap();
        let mut session = Session::new(game);
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut seed = 1000;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..3_000 {
            let r = next();
            let map = session.game().map();
            let tile = Point::new(
                (r >> 20) as i32 % (map.width() + 4) - 2,
                (r >> 40) as i32 % (map.height() + 4) - 2,
            );
            // Moves far more often than the rest, so the `@` walks about.
            let input = match r % 16 {
                0 => Input::Click(tile),
                1 => Input::Hover(tile),
                2..=5 => inputs[(r >> 8) as usize % inputs.len()],
                _ => key(b"hjklyubn"[(r >> 8) as usize % 8] as char),
            };
            let request = session.input(input, &mut || {
                seed += 1;
                seed
            });
            if let Request::Generate(order) = request {
                session.install(order.make().unwrap());
            }
            session
                .tick(Duration::from_millis(r % 40), &mut || true)
                .unwrap();
            session.frame(Viewport {
                width: 80,
                height: 45,
            });
            let game = session.game();
            let p = game.player();
            assert!(
                game.map().is_walkable(p),
                "{kind}: the @ at {p} after {input:?}"
            );
        }
        assert!(session.game().moves() > 300, "{kind}: the @ walked");
    }
}

/// What the session shows and holds that a key can change: the mode (cursor and scroll
/// included), the rules' state, the toggles, the log, the plan, the hover, the
/// generator chosen for new levels.
fn reaction_state(session: &Session) -> String {
    format!(
        "{:?} | {} | {:?} | {:?} | {:?} | {:?} | {:?}",
        session.mode,
        rules_state(session),
        session.view,
        session.log.lines().collect::<Vec<_>>(),
        session.plan,
        session.hover,
        session.descent.chosen(),
    )
}

/// A session in `mode`, set up so that every key of the mode has something to do: the
/// `@` in the open, a long log scrolled half way back in the archive, the look cursor in
/// the middle of the map, a grid of rooms for the large map.
fn session_in(mode: ModeKind) -> Session {
    let mut session = match mode {
        ModeKind::Map => {
            let game = Game::new(
                Generator::Isaac(mapgen::generators::isaac::IsaacSettings::default()),
                3,
                10,
            )
            .unwrap();
            Session::new(game)
        }
        ModeKind::Play | ModeKind::Look | ModeKind::Help | ModeKind::Messages => rooms_session(42),
    };
    for i in 0..30 {
        session.note(&format!("line {i}"));
    }
    let player = session.game().player();
    session.mode = match mode {
        ModeKind::Play => Mode::Play,
        ModeKind::Look => Mode::Look(game_core::look::LookState::new(player)),
        ModeKind::Help => Mode::Help {
            from: Box::new(Mode::Play),
        },
        ModeKind::Messages => Mode::Messages { scroll: 15 },
        ModeKind::Map => Mode::Map,
    };
    session
}

/// The key table against what the session does: in every mode, every key the table
/// binds changes what the session holds or asks the front end for something, and every
/// key it does not bind changes nothing; so do a click and the pointer's moving. (The
/// help screen is made from the same table: `action::tests` checks it lists every
/// binding.)
#[test]
fn the_session_reacts_to_exactly_the_keys_the_table_binds() {
    let mut checked = 0;
    for &mode in ModeKind::ALL {
        let player = session_in(mode).game().player();
        let elsewhere = player + Direction::East.step() + Direction::East.step();
        let mut inputs: Vec<Input> = crate::action::tests::every_key()
            .into_iter()
            .map(Input::Key)
            .collect();
        inputs.extend([Input::Click(elsewhere), Input::Hover(elsewhere)]);
        for input in inputs {
            let mut session = session_in(mode);
            let before = reaction_state(&session);
            let request = session.input(input, &mut || 99);
            let asked = request != Request::Done(Response::Continue);
            let reacted = asked || reaction_state(&session) != before;
            let bound = action_for(mode, input);
            assert_eq!(
                reacted,
                bound.is_some(),
                "{mode:?} {input:?}: the table says {bound:?}, the session {}",
                if reacted { "reacted" } else { "did nothing" }
            );
            checked += 1;
        }
    }
    assert!(checked > 5 * 150, "{checked} inputs tried");
}
