//! An `isaac` floor played room by room, through the session as a player drives it:
//!
//! * auto-explore (`o` again after each stop, which a new room is) and travel see
//!   every room that is neither secret nor behind a locked door (whole, from its doorway
//!   at least), and open no door by themselves;
//! * travelling to the keys seen (walking over one picks it up) and walking into the
//!   locked doors seen opens them, and then every room but the secret ones is seen;
//! * keys and found secrets are as the report says.
//!
//! More cases: `PROPTEST_CASES=500 cargo test --release -p game-app --test isaac_props`.

use game_app::action::{Action, Direction};
use game_app::session::Session;
use game_core::doors::LOCKED_DOOR;
use game_core::entity::Thing;
use game_core::game::Game;
use mapgen::Point;
use mapgen::generators::Generator;
use mapgen::generators::grid::{LinkKind, RoomGrid};
use mapgen::generators::isaac::IsaacSettings;
use proptest::prelude::*;

fn act(session: &mut Session, action: Action) {
    session.apply(action, &mut || 1).unwrap();
}

fn last_line(session: &Session) -> String {
    session.log().last(1).pop().unwrap_or_default()
}

/// `o` until the level is explored as far as it can be.
fn explore(session: &mut Session) {
    for _ in 0..500 {
        act(session, Action::Explore);
        session.run_plan(1_000_000);
        if last_line(session).starts_with("Explored") {
            return;
        }
    }
    panic!("exploring never ended: {:?}", session.log().last(5));
}

/// Travels to `target` (stopping at each new room, so again until there or stuck).
fn travel(session: &mut Session, target: Point) {
    for _ in 0..50 {
        if session.game().player() == target {
            return;
        }
        let moves = session.game().moves();
        act(session, Action::TravelTo(target));
        session.run_plan(1_000_000);
        if session.game().moves() == moves {
            return;
        }
    }
}

/// Known tiles of `tile` on the current level.
fn known(session: &Session, tile: mapgen::Tile) -> Vec<Point> {
    let known = session.game().known();
    known
        .as_map()
        .iter()
        .filter(|&(p, t)| t == tile && known.is_known(p))
        .map(|(p, _)| p)
        .collect()
}

/// Picks up every key seen and walks into every locked door seen while keys last;
/// true when a door opened.
fn use_keys(session: &mut Session) -> bool {
    let keys: Vec<_> = session
        .game()
        .known()
        .things()
        .iter()
        .filter(|e| matches!(e.thing, Thing::Key(_)))
        .map(|e| e.at)
        .collect();
    for key in keys {
        travel(session, key);
    }
    let mut opened = false;
    for door in known(session, LOCKED_DOOR) {
        if session.game().keys() == 0 {
            break;
        }
        let front = Direction::ALL.iter().find_map(|d| {
            let p = door + d.step();
            let step = Direction::from_step(door - p)?;
            (session.game().known().is_walkable(p) && d.step().x * d.step().y == 0)
                .then_some((p, step))
        });
        let Some((front, step)) = front else { continue };
        travel(session, front);
        if session.game().player() == front {
            act(session, Action::Move(step));
            opened |= session.game().map().tile(door) != LOCKED_DOOR;
        }
    }
    opened
}

/// True when room `index` is behind a door of `kind` (on its far side from the start).
fn behind(grid: &RoomGrid, index: usize, kind: LinkKind) -> bool {
    let cells: Vec<_> = grid.rooms()[index].cells().collect();
    grid.links()
        .iter()
        .any(|l| l.kind == kind && cells.contains(&l.b))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn explore_and_travel_reach_every_open_room_and_with_keys_the_locked_ones(
        seed in any::<u64>(),
        stage in 1u32..=8,
        xl in any::<bool>(),
    ) {
        let settings = IsaacSettings { stage, xl, ..IsaacSettings::default() };
        let game = Game::new(Generator::Isaac(settings), seed, 10).unwrap()
            .with_monsters(game_core::goal::Monsters::LeftOut);
        let mut session = Session::new(game).with_step_ms(0).with_slide_ms(0);
        explore(&mut session);
        let grid = session.game().dungeon().room_grid().unwrap().clone();
        let rooms = grid.rooms().len();
        let locked_rooms = (0..rooms).filter(|&i| behind(&grid, i, LinkKind::Locked));
        let locked_rooms: Vec<usize> = locked_rooms.collect();
        // Reached means seen: from a doorway both rooms are in sight whole, so exploring
        // may see a dead end's room all from its door and turn back.
        for (i, room) in grid.rooms().iter().enumerate() {
            let open = !room.kind.is_secret() && !locked_rooms.contains(&i);
            prop_assert_eq!(
                session.game().is_room_seen(i), open,
                "room {} ({}) after exploring", i, room.kind
            );
        }
        prop_assert_eq!(session.game().level().found_secrets(), 0, "no secret opened");
        let locked = session.game().level().doors().locked().len();
        prop_assert_eq!(known(&session, LOCKED_DOOR).len(), locked, "every locked door seen");
        // With the keys: every locked door opens and every room but the secret ones is
        // reached.
        for _ in 0..10 {
            if !use_keys(&mut session) {
                break;
            }
            explore(&mut session);
        }
        prop_assert!(session.game().level().doors().locked().is_empty(), "all unlocked");
        for (i, room) in grid.rooms().iter().enumerate() {
            prop_assert_eq!(
                session.game().is_room_seen(i), !room.kind.is_secret(),
                "room {} ({}) with keys", i, room.kind
            );
        }
    }
}
