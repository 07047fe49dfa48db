//! The room camera through the session: the view on the current room, the slide's
//! frames, no step and one kept key during it, and replays alike at any slide length.

use std::time::Duration;

use mapgen::Point;
use mapgen::generators::Generator;
use mapgen::generators::grid::{LinkKind, RoomKind};
use mapgen::generators::isaac::IsaacSettings;

use super::*;
use crate::action::{Direction, Key};
use crate::camera::Shown;
use crate::slide::{room_bounds, room_origin};

const VIEW: Viewport = Viewport {
    width: 80,
    height: 45,
};

fn isaac_session(seed: u64, slide_ms: u32) -> Session {
    let game = Game::new(Generator::Isaac(IsaacSettings::default()), seed, 10)
        .unwrap()
        .with_monsters(game_core::goal::Monsters::LeftOut);
    Session::new(game).with_slide_ms(slide_ms).with_step_ms(0)
}

fn no_seeds() -> u64 {
    panic!("only R asks for a seed")
}

/// The door of the start room to a room beside it (an open one), and the step
/// through it.
fn door_of_start(session: &Session) -> (Point, Direction) {
    let grid = session.game().dungeon().room_grid().unwrap();
    let start = grid
        .rooms()
        .iter()
        .find(|r| r.kind == RoomKind::Start)
        .unwrap()
        .cell;
    let link = grid
        .links()
        .iter()
        .find(|l| l.kind == LinkKind::Open && (l.a == start || l.b == start))
        .unwrap();
    let other = if link.a == start { link.b } else { link.a };
    let side = start.side_towards(other).unwrap();
    let (dx, dy) = side.step();
    let through = Direction::from_step(Point::new(dx, dy)).unwrap();
    (grid.door_tile(start, side), through)
}

/// Travels to the start room's door; the step through it.
fn travel_to_start_door(session: &mut Session) -> Direction {
    let (door, through) = door_of_start(session);
    session
        .apply(Action::TravelTo(door), &mut no_seeds)
        .unwrap();
    session.run_plan(1000);
    assert_eq!(session.game().player(), door);
    session.frame(VIEW);
    through
}

/// Walks to the start room's door, then steps through it with a key: the slide
/// begins, and that frame's tick does not count for it.
fn slide_into_next_room(session: &mut Session) {
    session.frame(VIEW);
    let through = travel_to_start_door(session);
    session.apply(Action::Move(through), &mut no_seeds).unwrap();
    assert!(
        session.is_sliding(),
        "the step into the room starts a slide"
    );
    session
        .tick(Duration::from_millis(16), &mut || true)
        .unwrap();
    session.frame(VIEW);
}

/// Ticks of a display at `hz` until the slide is over: frame `k` at `k / hz` s.
fn frames_to_end(session: &mut Session, hz: u64) -> u32 {
    let at = |k: u64| Duration::from_nanos(k * 1_000_000_000 / hz);
    let mut frames = 0;
    while session.is_sliding() {
        frames += 1;
        let player = session.game().player();
        let dt = at(u64::from(frames)) - at(u64::from(frames - 1));
        session.tick(dt, &mut || true).unwrap();
        session.frame(VIEW);
        if session.is_sliding() {
            assert_eq!(session.game().player(), player, "no step during a slide");
        }
        assert!(frames < 1000);
    }
    frames
}

#[test]
fn the_view_shows_the_current_room_centred_and_nothing_else() {
    let mut session = isaac_session(3, 250);
    session.frame(VIEW);
    let game = session.game();
    let grid = game.dungeon().room_grid().unwrap();
    let room = game.room_floor_index().unwrap();
    let bounds = room_bounds(grid, &grid.rooms()[room]);
    assert_eq!(session.camera().shown(), Shown::Room(bounds));
    assert_eq!(
        session.camera().origin(),
        room_origin(VIEW, bounds, game.player())
    );
    let centre = bounds.center();
    assert_eq!(
        session.camera().to_screen(VIEW, centre),
        Some((40 - 1, 22)),
        "a 15 x 9 room's middle in the view's middle"
    );
}

#[test]
fn a_slide_lasts_the_same_time_at_30_60_and_144_hz_with_no_step_during_it() {
    for (hz, frames) in [(30, 8), (60, 15), (144, 36)] {
        let mut session = isaac_session(3, 250);
        let through = travel_to_start_door(&mut session);
        let from = session.camera().origin();
        session.apply(Action::Move(through), &mut no_seeds).unwrap();
        session
            .tick(Duration::from_millis(16), &mut || true)
            .unwrap();
        session.frame(VIEW);
        assert_eq!(session.camera().origin(), from, "starts where the view was");
        let Shown::Rooms(old, new) = session.camera().shown() else {
            panic!("both rooms are drawn during a slide");
        };
        assert_ne!(old, new);
        assert_eq!(frames_to_end(&mut session, hz), frames, "{hz} Hz");
        assert_eq!(
            session.camera().shown(),
            Shown::Room(new),
            "ends on the new room"
        );
        assert_eq!(session.slides(), 1);
    }
}

#[test]
fn one_key_pressed_during_a_slide_is_kept_and_applied_after() {
    let mut session = isaac_session(3, 250);
    slide_into_next_room(&mut session);
    let player = session.game().player();
    for c in ['l', 'h', 'o'] {
        let request = session.input(Input::Key(Key::Char(c)), &mut no_seeds);
        assert_eq!(request, Request::Done(Response::Continue));
    }
    assert_eq!(
        session.game().player(),
        player,
        "no key acts during the slide"
    );
    assert_eq!(
        session.take_kept_input(),
        None,
        "not before the slide is over"
    );
    frames_to_end(&mut session, 60);
    assert_eq!(session.take_kept_input(), Some(Input::Key(Key::Char('l'))));
    assert_eq!(session.take_kept_input(), None, "only the first key");
}

#[test]
fn slide_ms_0_cuts_at_once() {
    let mut session = isaac_session(3, 0);
    let through = travel_to_start_door(&mut session);
    session.apply(Action::Move(through), &mut no_seeds).unwrap();
    assert!(!session.is_sliding());
    assert_eq!(session.slides(), 1);
    session.frame(VIEW);
    let room = session.game().room_floor_index().unwrap();
    let grid = session.game().dungeon().room_grid().unwrap();
    let bounds = room_bounds(grid, &grid.rooms()[room]);
    assert_eq!(session.camera().shown(), Shown::Room(bounds));
}

/// Plays `inputs` as the window does (one a frame once nothing runs, 60 Hz, the kept
/// key after a slide) until all are played and nothing runs; the report at the end.
fn play(seed: u64, slide_ms: u32, inputs: &[Input]) -> String {
    let game = Game::new(Generator::Isaac(IsaacSettings::default()), seed, 10)
        .unwrap()
        .with_monsters(game_core::goal::Monsters::LeftOut);
    let mut session = Session::new(game).with_slide_ms(slide_ms);
    let mut replay = crate::replay::Replay::new(inputs.to_vec());
    for _ in 0..100_000 {
        if let Some(input) = replay.next_when_idle(session.is_busy()) {
            let request = session.input(input, &mut no_seeds);
            session.fulfil(request).unwrap();
        }
        session
            .tick(Duration::from_micros(16_667), &mut || true)
            .unwrap();
        if let Some(kept) = session.take_kept_input() {
            let request = session.input(kept, &mut no_seeds);
            session.fulfil(request).unwrap();
        }
        session.frame(VIEW);
        if replay.remaining() == 0 && !session.is_busy() {
            return crate::report::report_json(
                &session,
                &crate::scene::Screen::new(0, 0),
                crate::report::Quit::NotAsked,
            );
        }
    }
    panic!("the replay never ended")
}

#[test]
fn a_replay_ends_the_same_with_a_cut_and_with_a_slide() {
    let mut inputs = vec![Input::Key(Key::Char('o')); 12];
    inputs.extend([Input::Key(Key::Char('>')), Input::Key(Key::Char('>'))]);
    inputs.extend([Input::Key(Key::Char('o')); 4]);
    for seed in [1, 2] {
        let cut = play(seed, 0, &inputs);
        let slid = play(seed, 250, &inputs);
        assert_eq!(cut, slid, "seed {seed}");
        let report: serde_json::Value = serde_json::from_str(&cut).unwrap();
        let slides = report["slides"].as_u64().unwrap();
        let moves = report["moves"].as_u64().unwrap();
        assert!(
            slides >= 5 && moves > 50,
            "seed {seed}: {slides} slides, {moves} moves"
        );
    }
}

/// Walks the `@` to `to` over the true map (a breadth-first search; the rules see
/// ordinary moves), telling the events; slides are cut. False when `to` cannot be
/// reached (the @ stays).
fn walk_to(session: &mut Session, to: Point) -> bool {
    let map = session.game().map().clone();
    let from = session.game().player();
    let mut came = vec![None; map.tiles().len()];
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        for d in Direction::ALL {
            let q = p + d.step();
            let i = map.index(q);
            if let Some(i) = i.filter(|&i| map.is_walkable(q) && came[i].is_none() && q != from) {
                came[i] = Some((p, d));
                queue.push_back(q);
            }
        }
    }
    let mut steps = Vec::new();
    let mut at = to;
    while at != from {
        let Some((prev, d)) = came[map.index(at).unwrap()] else {
            return false;
        };
        steps.push(d);
        at = prev;
    }
    for d in steps.into_iter().rev() {
        assert_eq!(session.play(Act::Move(d)), Outcome::Taken);
        session.finish_slide();
    }
    true
}

/// A floor whose first secret door is reachable, the tile before it and the step in.
fn secret_floor() -> (Session, Point, Point, Direction) {
    for seed in 0..50 {
        let session = isaac_session(seed, 0);
        let level = session.game().level();
        let grid = level.dungeon().room_grid().unwrap();
        let Some(door) = level.doors().secrets().first().copied() else {
            continue;
        };
        for d in [
            Direction::North,
            Direction::East,
            Direction::South,
            Direction::West,
        ] {
            let front = door.at + d.step();
            let room = grid.room_index_at_tile(front);
            let plain = room.is_some_and(|r| !grid.rooms()[r].kind.is_secret());
            if plain && level.map().is_walkable(front) {
                let back = Direction::from_step(door.at - front).unwrap();
                return (session, door.at, front, back);
            }
        }
    }
    panic!("no floor with a secret door")
}

#[test]
fn a_secret_door_opens_at_the_second_bump_or_a_search_and_shows_its_room() {
    for search in [false, true] {
        let (mut session, door, front, step) = secret_floor();
        assert!(walk_to(&mut session, front));
        assert_eq!(
            session.game().map().tile(door),
            mapgen::Tile::WALL,
            "hidden"
        );
        if search {
            session.apply(Action::Search, &mut no_seeds).unwrap();
        } else {
            session.apply(Action::Move(step), &mut no_seeds).unwrap();
            assert_eq!(
                session.game().map().tile(door),
                mapgen::Tile::WALL,
                "one bump"
            );
            session.apply(Action::Move(step), &mut no_seeds).unwrap();
        }
        assert_eq!(session.game().map().tile(door), mapgen::Tile::DOOR);
        assert_eq!(session.game().known().tile(door), Some(mapgen::Tile::DOOR));
        let line = session.log().last(1).pop().unwrap();
        assert!(line.starts_with("You find a secret door to the "), "{line}");
        assert_eq!(session.game().level().found_secrets(), 1);
        let report = crate::report::report_json(
            &session,
            &crate::scene::Screen::new(0, 0),
            crate::report::Quit::NotAsked,
        );
        assert!(report.contains("\"found_secrets\":1"), "{report}");
        let secret = session.game().level().doors().secrets()[0].room;
        let grid = session.game().dungeon().room_grid().unwrap();
        let cell = grid.rooms()[secret.unwrap()].cell;
        let mark = session
            .game()
            .minimap()
            .unwrap()
            .mark((2 * cell.col, 2 * cell.row));
        assert!(mark.is_some(), "the secret room shows on the minimap");
        session.apply(Action::Move(step), &mut no_seeds).unwrap();
        assert_eq!(session.game().player(), door, "the door lets the @ through");
    }
}

#[test]
fn a_locked_door_needs_a_key_and_a_key_opens_it() {
    let mut checked = 0;
    for seed in 0..30 {
        let mut session = isaac_session(seed, 0);
        let level = session.game().level();
        let first_key = level
            .entities()
            .iter()
            .find(|e| matches!(e.thing, game_core::entity::Thing::Key(_)))
            .map(|e| e.at);
        let (Some(door), Some(key)) = (level.doors().locked().first().map(|d| d.at), first_key)
        else {
            continue;
        };
        let map = level.map().clone();
        let things = level.entities().clone();
        let front = [
            Direction::North,
            Direction::East,
            Direction::South,
            Direction::West,
        ]
        .into_iter()
        .map(|d| (door + d.step(), d))
        .filter(|&(p, _)| map.is_walkable(p) && things.at(p).is_none())
        .find(|&(p, _)| walk_to(&mut session.clone(), p));
        let Some((front, out)) = front else { continue };
        let into = Direction::from_step(Point::new(0, 0) - out.step()).unwrap();
        assert!(walk_to(&mut session, front));
        if session.game().keys() > 0 {
            continue; // the way went over a key
        }
        session.apply(Action::Move(into), &mut no_seeds).unwrap();
        assert_eq!(
            session.log().last(1),
            ["The door is locked, and you have no key."]
        );
        assert_eq!(
            session.game().map().tile(door),
            game_core::doors::LOCKED_DOOR
        );
        assert!(walk_to(&mut session, key));
        let keys = session.game().keys();
        assert!(keys >= 1);
        assert_eq!(
            session.log().last(1),
            [format!("You pick up a key ({keys} held).")]
        );
        assert!(
            session.game().level().entities().at(key).is_none(),
            "picked up"
        );
        assert!(
            session.game().known().things().at(key).is_none(),
            "and known so"
        );
        assert!(walk_to(&mut session, front));
        session.apply(Action::Move(into), &mut no_seeds).unwrap();
        let left = keys - 1;
        assert_eq!(
            session.log().last(1),
            [format!("You unlock the door ({left} keys left).")]
        );
        assert_eq!(session.game().keys(), left);
        assert_eq!(session.game().map().tile(door), mapgen::Tile::DOOR);
        checked += 1;
    }
    assert!(checked > 5, "{checked} floors");
}

#[test]
fn tab_opens_the_large_map_and_esc_closes_it() {
    let mut session = isaac_session(3, 250);
    session
        .apply_input(Input::Key(Key::Tab), &mut no_seeds)
        .unwrap();
    assert_eq!(session.mode(), &Mode::Map);
    session
        .apply_input(Input::Key(Key::Escape), &mut no_seeds)
        .unwrap();
    assert_eq!(session.mode(), &Mode::Play);
    session
        .apply_input(Input::Key(Key::Tab), &mut no_seeds)
        .unwrap();
    session
        .apply_input(Input::Key(Key::Tab), &mut no_seeds)
        .unwrap();
    assert_eq!(session.mode(), &Mode::Play, "Tab again closes it too");
    let rooms = Game::new(
        Generator::Rooms(mapgen::generators::rooms::RoomsSettings::default()),
        1,
        10,
    )
    .unwrap()
    .with_monsters(game_core::goal::Monsters::LeftOut);
    let mut session = Session::new(rooms);
    session
        .apply_input(Input::Key(Key::Tab), &mut no_seeds)
        .unwrap();
    assert_eq!(session.mode(), &Mode::Play);
    assert_eq!(
        session.log().last(1),
        ["There is no map of rooms on this level."]
    );
}

/// In a doorway the panel named the next room while the view still showed the old one;
/// it names the room the view shows.
#[test]
fn in_a_doorway_the_room_named_is_the_room_shown() {
    for seed in 0..8 {
        let mut session = isaac_session(seed, 0);
        let through = travel_to_start_door(&mut session);
        let shown = session.room_shown().map(|r| r.kind);
        assert_eq!(shown, Some(RoomKind::Start), "seed {seed}: on the door");
        session.apply(Action::Move(through), &mut no_seeds).unwrap();
        session.frame(VIEW);
        let grid = session.game().dungeon().room_grid().unwrap();
        let here = session.game().room_floor_index().unwrap();
        assert_eq!(
            session.room_shown().map(|r| r.cell),
            Some(grid.rooms()[here].cell),
            "seed {seed}: past the door"
        );
    }
}

/// Entering a room shows all of it at once (a boss room, an L room, a 2x2 room), and
/// it stays remembered after the `@` leaves it.
#[test]
fn entering_a_room_shows_all_of_it_and_it_stays_remembered() {
    let mut rooms = 0;
    for seed in 0..6 {
        let mut session = isaac_session(seed, 0);
        for _ in 0..4 {
            press_key(&mut session, 'o');
            session.run_plan(100_000);
            let game = session.game();
            let grid = game.dungeon().room_grid().unwrap();
            let Some(i) = game.room_floor_index() else {
                continue;
            };
            let room = &grid.rooms()[i];
            for cell in room.cells() {
                let outline = grid.outline(cell);
                for y in outline.y1..=outline.y2 {
                    for x in outline.x1..=outline.x2 {
                        let p = Point::new(x, y);
                        if game.map().is_transparent(p) {
                            assert!(game.is_visible(p), "seed {seed} room {i}: {p}");
                        }
                        assert!(game.known().is_known(p) || !game.map().is_walkable(p));
                    }
                }
            }
            rooms += 1;
        }
        // Every room visited is remembered whole: its floor known.
        let game = session.game();
        let grid = game.dungeon().room_grid().unwrap();
        for (i, room) in grid.rooms().iter().enumerate() {
            if game.is_room_visited(i) {
                for cell in room.cells() {
                    let inner = grid.outline(cell).inner_cells();
                    for p in inner.filter(|&p| game.map().is_walkable(p)) {
                        assert!(game.known().is_known(p), "seed {seed} room {i} {p}");
                    }
                }
            }
        }
    }
    assert!(rooms > 10, "{rooms} rooms entered");
}

fn press_key(session: &mut Session, c: char) {
    session
        .apply_input(Input::Key(Key::Char(c)), &mut no_seeds)
        .unwrap();
}

/// The room camera keeps the current room clear of the minimap's corner, on every
/// built-in font's console: no tile of the room is drawn under the minimap.
#[test]
fn the_minimap_never_covers_the_current_room() {
    use crate::viewport::{minimap_box, minimap_reserve};
    // The consoles of the built-in fonts in the default window (80x45, 80x22, 53x13
    // and 106x26 of map), and a tiny one.
    let views = [(80, 45), (80, 22), (53, 13), (106, 26), (30, 12)];
    let mut checked = 0;
    for seed in 0..6 {
        let mut session = isaac_session(seed, 0);
        for step in 0..12 {
            press_key(&mut session, 'o');
            session.run_plan(100_000);
            for (width, height) in views {
                let view = Viewport { width, height };
                session.frame(view);
                let game = session.game();
                let minimap = game.minimap().unwrap();
                let Some(shown) = minimap_box(view, (minimap.width(), minimap.height())) else {
                    continue;
                };
                assert!(shown.width <= width / 5, "a fifth of the view at most");
                let reserve = minimap_reserve(shown, view);
                let grid = game.dungeon().room_grid().unwrap();
                let room = &grid.rooms()[session.room.unwrap()];
                let bounds = room_bounds(grid, room);
                let fits = bounds.x2 - bounds.x1 < reserve.x;
                for cell in room.cells() {
                    let outline = grid.outline(cell);
                    for y in outline.y1..=outline.y2 {
                        for x in outline.x1..=outline.x2 {
                            let Some(at) = session.camera().to_screen(view, Point::new(x, y))
                            else {
                                continue;
                            };
                            assert!(
                                !(fits && reserve.contains(at)),
                                "seed {seed} step {step} view {width}x{height}: {x},{y} at {at:?}"
                            );
                        }
                    }
                }
                let player = session.camera().to_screen(view, game.player()).unwrap();
                assert!(!reserve.contains(player), "the @ under the minimap");
                checked += 1;
            }
        }
    }
    assert!(checked > 200, "{checked} frames");
}

/// `s` said nothing when it found nothing; it says so (and a search that finds a
/// secret door says what it found, not this).
#[test]
fn a_search_that_finds_nothing_says_so() {
    for seed in 0..4 {
        let mut session = isaac_session(seed, 0);
        // The middle of the start room: no wall, let alone a secret door, beside it.
        session.apply(Action::Search, &mut no_seeds).unwrap();
        assert_eq!(
            session.log().last(1),
            ["You search the walls and find nothing."],
            "seed {seed}"
        );
    }
}
