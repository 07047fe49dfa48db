//! Coloured locks through the session: auto-explore picks up a key it sees and stops
//! beside the door it opens, the log names keys and doors by colour, a door refuses the
//! wrong key, and the panel and look mode name what the player holds and sees.

use mapgen::Point;
use mapgen::generators::{Generator, GeneratorKind};

use super::*;
use crate::action::Direction;
use crate::scene::{Hud, compose};
use game_core::doors::KeyKind;
use game_core::level::{LevelOrder, Purpose};
use game_core::look::describe;

fn locked_session(kind: GeneratorKind, seed: u64, locks: u8) -> Session {
    let order = LevelOrder {
        depth: 1,
        generator: Generator::with_defaults(kind),
        seed,
        purpose: Purpose::NewGame,
        vaults: None,
        locks,
    };
    let game = Game::from_level(order.make().unwrap(), 10);
    Session::new(game).with_step_ms(0).with_locks(locks)
}

/// Runs auto-explore until it stops; the log's last line then.
fn explore(session: &mut Session) -> String {
    session.apply(Action::Explore, &mut || 1).unwrap();
    for _ in 0..10_000 {
        if session.plan().is_none() {
            break;
        }
        session.run_plan(1);
    }
    assert!(session.plan().is_none(), "explore never stopped");
    session.log().last(1).concat()
}

/// The panel's status rows of a frame, as text.
fn panel(session: &mut Session) -> String {
    let font = &crate::fonts::builtin_faces()[0];
    let mut screen = crate::scene::Screen::new(80, 56);
    session.frame(crate::scene::map_view(&screen));
    compose(session, &Hud { font, notice: None }, &mut screen);
    screen.text().join("\n")
}

#[test]
fn explore_fetches_the_red_key_stops_at_the_red_door_and_the_log_names_them() {
    let mut checked = 0;
    for seed in 0..6 {
        let mut session = locked_session(GeneratorKind::Bsp, seed, 2);
        let Some(locks) = session.game().level().locks().cloned() else {
            continue;
        };
        let [red, blue, ..] = locks.locks[..] else {
            continue;
        };
        assert!(panel(&mut session).contains("Keys 0"), "seed {seed}");
        // Explore until the red key is held (stops at stairs or new sights on the way).
        let mut lines = Vec::new();
        for _ in 0..50 {
            lines.push(explore(&mut session));
            if session.game().level().holds(0) {
                break;
            }
        }
        assert!(session.game().level().holds(0), "seed {seed}: {lines:?}");
        assert!(
            session
                .log()
                .lines()
                .any(|l| l == "You pick up the red key."),
            "seed {seed}"
        );
        assert!(panel(&mut session).contains("Keys red"), "seed {seed}");
        // On to the red door, where the run stops (the run that took the key may have
        // gone on to it).
        let mut line = session.log().last(1).concat();
        for _ in 0..50 {
            if line.starts_with("You stand at") {
                break;
            }
            line = explore(&mut session);
        }
        assert_eq!(
            line, "You stand at the red door; walk into it to open it with the red key.",
            "seed {seed}"
        );
        let player = session.game().player();
        assert!((player.x - red.door.x).abs() <= 1 && (player.y - red.door.y).abs() <= 1);
        assert_eq!(describe(session.game(), red.door), "You see the red door.");
        // The blue door, if in sight, stays shut to the red key.
        let step = Direction::from_step(red.door - player).unwrap();
        session.apply(Action::Move(step), &mut || 1).unwrap();
        assert_eq!(
            session.log().last(1),
            ["You unlock the red door with the red key."]
        );
        assert!(!session.game().level().holds(0));
        assert!(panel(&mut session).contains("Keys 0"));
        assert_ne!(blue.door, red.door);
        assert_eq!(
            session.game().level().doors().key_for(blue.door),
            Some(KeyKind::Colour(1))
        );
        checked += 1;
    }
    assert!(checked >= 4, "{checked} levels");
}

/// The log's lines for coloured locks name the key and the door; Isaac's stay as they
/// were; without `--locks` a level has none.
#[test]
fn the_log_names_keys_and_doors_by_colour() {
    use game_core::event::Event;
    let session = locked_session(GeneratorKind::Grid, 3, 3);
    let game = session.game();
    let at = Point::new(1, 1);
    let line = |event| narrate::line(&event, game).unwrap();
    let blue = KeyKind::Colour(1);
    assert_eq!(
        line(Event::Locked { at, key: blue }),
        "The blue door is locked: the blue key opens it."
    );
    assert_eq!(
        line(Event::PickedKey { key: blue, keys: 0 }),
        "You pick up the blue key."
    );
    assert_eq!(
        line(Event::Unlocked {
            at,
            key: blue,
            keys: 0
        }),
        "You unlock the blue door with the blue key."
    );
    let any = KeyKind::Any;
    assert_eq!(
        line(Event::Locked { at, key: any }),
        "The door is locked, and you have no key."
    );
    assert_eq!(
        line(Event::PickedKey { key: any, keys: 2 }),
        "You pick up a key (2 held)."
    );
    assert_eq!(
        session.game().level().locks().map(|l| l.locks.len()),
        Some(3)
    );
    let plain = locked_session(GeneratorKind::Grid, 3, 0);
    assert!(plain.game().level().locks().is_none());
}

/// The rules name the locks' colours; the pictures draw them: the same names in the
/// same order.
#[test]
fn the_rules_colour_names_are_the_pictures() {
    let drawn: Vec<&str> = tileset::colors::LOCKS
        .iter()
        .map(|(name, _)| *name)
        .collect();
    assert_eq!(drawn, game_core::doors::LOCK_COLOURS);
}
