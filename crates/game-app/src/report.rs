//! `--report FILE`: the game as JSON when it ends, for scripts and tests.
//!
//! ```json
//! {"seed": 42, "depth": 2, "player": {"x": 3, "y": 4}, "moves": 120, "turn": 131,
//!  "hp": {"now": 24, "max": 30}, "kills": 5, "outcome": "playing",
//!  "log": ["Depth 1: ...", "..."], "trail": [[x, y, depth, remembered], ...],
//!  "levels": [{"depth": 1, "generator": "rooms", "seed": 42, "settings": {...},
//!              "up": null, "down": {"x": 70, "y": 30}, "reachable": 900,
//!              "reachable_seen": 900,
//!              "monsters": [{"name": "goblin", "x": 12, "y": 7, "hp": 10}]}, ...],
//!  "screen": ["################    ", ...]}
//! ```
//!
//! `turn` counts the turns of this game (moves, waits, searches, stairs, blows, potions;
//! a wall bumped is none; `R` starts again at 0). `hp` is the `@`'s hit points, `kills`
//! the monsters it killed, `outcome` how the game stands: `playing`, `died`, `won`, or
//! `quit` when the player left (Esc, the window closed) a game under way. Each level's
//! `monsters` are the living ones, in the order they act, with their hit points (the
//! true state, not what the player saw). `screen` is the last frame's console, a string per
//! row, every row as long as the console is wide, each glyph as the Unicode character of
//! its CP437 code (`tileset::cp437`).
//!
//! `trail` has one entry per move: where, on which level, and how many tiles of that
//! level the player remembers after it. `reachable` counts the walkable tiles of a level
//! reachable from where the player first arrived (walking as the `@` does), and
//! `reachable_seen` how many of them the player has seen.
//!
//! On a grid of rooms (`grid`, `isaac`) the report also has `room` (the index of the
//! room the `@` is in, as in the generator's JSON), `keys` (held), `found_secrets`
//! (secret rooms of this level found) and `slides` (how many times the view went from
//! one room to another; a cut of `--slide-ms 0` counts).

use mapgen::Point;
use mapgen::path::{DijkstraMap, Moves};
use serde_json::{Value, json};

use game_core::goal::Status;
use game_core::level::Level;

use crate::scene::Screen;
use crate::session::Session;

/// Whether the player asked to leave: a game under way then reports `quit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quit {
    /// The player left (Esc, the window closed).
    Asked,
    /// A script ended the game (`--exit-after`), or nothing did yet.
    NotAsked,
}

/// The report of `session` whose last frame is `screen`, as JSON on one line.
pub fn report_json(session: &Session, screen: &Screen, quit: Quit) -> String {
    let game = session.game();
    let player = game.player();
    let hero = game.hero();
    let outcome = match (game.status(), quit) {
        (Status::Playing, Quit::Asked) => "quit",
        (status, _) => status.word(),
    };
    let mut report = json!({
        "seed": game.seed(),
        "depth": game.depth(),
        "player": point(player),
        "moves": game.moves(),
        "turn": game.turns(),
        "hp": {"now": hero.hp.now, "max": hero.hp.max},
        "kills": hero.kills,
        "outcome": outcome,
        "log": session.log().lines().collect::<Vec<_>>(),
        "trail": game
            .trail()
            .iter()
            .map(|s| json!([s.at.x, s.at.y, s.depth, s.remembered]))
            .collect::<Vec<_>>(),
        "levels": game.levels().iter().map(level_json).collect::<Vec<_>>(),
    });
    if let (Some(room), Value::Object(fields)) = (game.current_room_index(), &mut report) {
        fields.insert("room".into(), json!(room));
        fields.insert("keys".into(), json!(game.keys()));
        fields.insert("found_secrets".into(), json!(game.level().found_secrets()));
        fields.insert("slides".into(), json!(session.slides()));
    }
    if let Value::Object(fields) = &mut report {
        fields.insert("screen".into(), json!(screen.text()));
    }
    let mut text = report.to_string();
    text.push('\n');
    text
}

fn point(p: Point) -> Value {
    json!({"x": p.x, "y": p.y})
}

fn level_json(level: &Level) -> Value {
    let settings = serde_json::to_value(level.generator())
        .ok()
        .and_then(|mut v| v.get_mut("settings").map(Value::take))
        .unwrap_or(Value::Null);
    let (reachable, seen) = reachable_and_seen(level);
    let mut entry = json!({
        "depth": level.depth(),
        "generator": level.generator().kind().name(),
        "seed": level.seed(),
        "settings": settings,
        "up": level.up().map(point),
        "down": level.down().map(point),
        "reachable": reachable,
        "reachable_seen": seen,
        "monsters": level.monsters().map(|b| json!({
            "name": b.kind.name(), "x": b.at.x, "y": b.at.y, "hp": b.hp.now,
        })).collect::<Vec<_>>(),
    });
    // `--locks`: each lock as placed, whether it is open, and the keys held.
    if let (Some(locks), Value::Object(fields)) = (level.locks(), &mut entry) {
        let doors = level.doors();
        let locks: Vec<Value> = locks
            .locks
            .iter()
            .map(|l| {
                json!({
                    "id": l.id,
                    "colour": tileset::colors::lock(l.id).0,
                    "door": point(l.door),
                    "key": point(l.key),
                    "open": !doors.is_locked(l.door),
                })
            })
            .collect();
        fields.insert("locks".into(), json!(locks));
        let held = level.held_keys().iter();
        let held = held.map(|&id| tileset::colors::lock(usize::from(id)).0);
        fields.insert("keys_held".into(), json!(held.collect::<Vec<_>>()));
    }
    entry
}

/// How many walkable tiles of `level` the `@` can reach from its arrival tile, and how
/// many of those the player has seen.
pub fn reachable_and_seen(level: &Level) -> (usize, usize) {
    let mut from_arrival = DijkstraMap::default();
    if from_arrival
        .compute(level.map(), Moves::default(), [level.arrival()])
        .is_err()
    {
        return (0, 0);
    }
    let known = level.known();
    from_arrival
        .iter()
        .filter(|(_, cost)| cost.is_some())
        .fold((0, 0), |(all, seen), (p, _)| {
            (all + 1, seen + usize::from(known.is_known(p)))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use game_core::game::Game;
    use mapgen::generators::Generator;
    use mapgen::generators::rooms::RoomsSettings;

    #[test]
    fn the_report_has_every_field_the_issue_lists() {
        let game = Game::new(Generator::Rooms(RoomsSettings::default()), 42, 10)
            .unwrap()
            .with_monsters(game_core::goal::Monsters::LeftOut);
        let mut session = Session::new(game);
        // Explore until the level is done (stairs seen stop it on the way).
        while !session.log().last(1)[0].starts_with("Explored") {
            session.apply(Action::Explore, &mut || 1).unwrap();
            session.run_plan(100_000);
        }
        let screen = Screen::new(4, 2);
        let report: Value =
            serde_json::from_str(&report_json(&session, &screen, Quit::NotAsked)).unwrap();
        let keys: Vec<&str> = report
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "seed", "depth", "player", "moves", "turn", "hp", "kills", "outcome", "log",
                "trail", "levels", "screen"
            ]
        );
        assert_eq!(report["seed"], 42);
        assert_eq!(report["screen"], json!(["    ", "    "]));
        let moves = report["moves"].as_u64().unwrap();
        assert_eq!(report["trail"].as_array().unwrap().len() as u64, moves);
        let level = &report["levels"][0];
        assert_eq!(level["generator"], "rooms");
        assert_eq!(level["settings"]["max_rooms"], 30);
        assert_eq!(level["up"], Value::Null);
        assert!(level["down"]["x"].is_i64());
        assert_eq!(level["reachable"], level["reachable_seen"], "explored");
        let log = report["log"].as_array().unwrap();
        assert!(log.contains(&json!("You see stairs down.")), "{log:?}");
        assert_eq!(log.last().unwrap(), "Explored this level.");
    }
}
