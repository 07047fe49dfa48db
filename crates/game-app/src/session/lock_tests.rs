//! Coloured locks through the session: auto-explore picks up a key it sees and stops
//! beside the door it opens, the log names keys and doors by colour, a door refuses the
//! wrong key, and the panel and look mode name what the player holds and sees.

use mapgen::Point;
use mapgen::generators::{Generator, GeneratorKind};

use super::*;
use crate::action::Direction;
use crate::scene::{Hud, compose};
use game_core::doors::KeyKind;
use game_core::level::LevelOrder;
use game_core::look::describe;

fn locked_session(kind: GeneratorKind, seed: u64, locks: u8) -> Session {
    let order = LevelOrder {
        locks,
        ..LevelOrder::first(Generator::with_defaults(kind), seed)
    };
    // Peaceful, as the explorer's other tests: a monster in view holds explore back.
    let game = Game::from_level(order.make().unwrap(), 10)
        .with_monsters(game_core::goal::Monsters::LeftOut);
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
            line, "You stand at the red door: walk in or press o to use the red key.",
            "seed {seed}"
        );
        let player = session.game().player();
        assert!((player.x - red.door.x).abs() <= 1 && (player.y - red.door.y).abs() <= 1);
        assert_eq!(describe(session.game(), red.door), "You see the red door.");
        // Open it by walking into it, or (odd seeds) by exploring again, which steps
        // into it and goes on. The blue door, if in sight, stays shut to the red key.
        let unlocked = "You unlock the red door with the red key.";
        if seed % 2 == 0 {
            let step = Direction::from_step(red.door - player).unwrap();
            session.apply(Action::Move(step), &mut || 1).unwrap();
            assert_eq!(session.log().last(1), [unlocked]);
            assert!(panel(&mut session).contains("Keys 0"));
        } else {
            let before = session.log().lines().filter(|l| l == unlocked).count();
            explore(&mut session);
            let after = session.log().lines().filter(|l| l == unlocked).count();
            assert_eq!(
                after,
                before + 1,
                "seed {seed}: explore again opens the door"
            );
            assert!(!panel(&mut session).contains("Keys red"));
        }
        assert!(!session.game().level().holds(0));
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

/// With the monsters: auto-explore stops when one comes into view (and will not start
/// while one is in view); the player fights it (walks into it, or waits for it to come;
/// drinks a potion below half its hit points), and explore goes on, fetches the red key among the monsters and items and stops at
/// the red door. Look mode names a monster in view and what it stands on.
#[test]
fn among_monsters_explore_stops_for_them_then_fetches_the_key_and_stops_at_the_door() {
    let mut reached = 0;
    let mut fights = 0;
    for seed in 0..8 {
        let order = LevelOrder {
            locks: 2,
            ..LevelOrder::first(Generator::with_defaults(GeneratorKind::Bsp), seed)
        };
        let game = Game::from_level(order.make().unwrap(), 10);
        let mut session = Session::new(game).with_step_ms(0).with_locks(2);
        let Some(red) = session
            .game()
            .level()
            .locks()
            .and_then(|l| l.locks.first().copied())
        else {
            continue;
        };
        let mut at_door = false;
        for _ in 0..400 {
            if session.game().status().is_over() {
                break;
            }
            let game = session.game();
            let hero = game.hero();
            if hero.hp.now * 2 < hero.hp.max && hero.potions > 0 {
                session.apply(Action::Drink, &mut || 1).unwrap();
                continue;
            }
            let player = game.player();
            let nearest = game
                .monsters_in_view()
                .min_by_key(|b| (player.chebyshev(b.at), b.id))
                .map(|b| (b.at, b.kind));
            if let Some((at, kind)) = nearest {
                let look = describe(game, at);
                assert!(
                    look.starts_with(&format!("You see {} on ", kind.a())),
                    "{look}"
                );
                // Explore refuses while it is in view.
                session.apply(Action::Explore, &mut || 1).unwrap();
                assert!(
                    session.plan().is_none(),
                    "seed {seed}: explore with {kind:?} in view"
                );
                let step = Point::new((at.x - player.x).signum(), (at.y - player.y).signum());
                let act = match Direction::from_step(step) {
                    Some(d) if session.game().map().is_walkable(player + d.step()) => {
                        Action::Move(d)
                    }
                    _ => Action::Wait,
                };
                session.apply(act, &mut || 1).unwrap();
                fights += 1;
                continue;
            }
            let line = explore(&mut session);
            if line.starts_with("You stand at the red door") {
                at_door = true;
                break;
            }
        }
        if !at_door {
            continue;
        }
        let game = session.game();
        assert!(game.level().holds(0), "seed {seed}");
        let player = game.player();
        assert!(player.chebyshev(red.door) <= 1, "seed {seed}");
        assert_eq!(describe(game, red.door), "You see the red door.");
        assert!(panel(&mut session).contains("Keys red"), "seed {seed}");
        reached += 1;
    }
    assert!(fights > 0, "no monster came into view");
    assert!(
        reached >= 5,
        "{reached} of 8 levels reached the red door among monsters"
    );
}
