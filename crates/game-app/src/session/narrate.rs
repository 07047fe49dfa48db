//! The rules' events and the planners' answers as lines of the message log.

use mapgen::generators::GeneratorKind;
use mapgen::generators::grid::RoomKind;

use crate::action::Vertical;
use game_core::doors::KeyKind;
use game_core::entity::Thing;
use game_core::event::Event;
use game_core::explore::ExploreStop;
use game_core::game::Game;
use game_core::travel::NoRoute;

/// The log line for `event` in `game` (after it happened), or `None` for events the
/// player needs no line for (a step, a bump).
pub(super) fn line(event: &Event, game: &Game) -> Option<String> {
    match *event {
        Event::EnteredRoom { kind, .. } => Some(match kind {
            RoomKind::Normal => "You enter a new room.".to_string(),
            kind => format!("You enter the {kind} room."),
        }),
        // The stairs one arrives on are no news.
        Event::SawStairs { at, .. } if at == game.player() => None,
        Event::SawStairs { way, .. } => Some(format!("You see stairs {}.", way_name(way))),
        Event::FoundSecret {
            kind: Some(kind), ..
        } => Some(format!("You find a secret door to the {kind} room.")),
        Event::FoundSecret { kind: None, .. } => Some("You find a secret door.".to_string()),
        Event::Searched { found: 0 } => Some("You search the walls and find nothing.".to_string()),
        Event::Searched { .. } => None,
        Event::Unlocked {
            key: KeyKind::Any,
            keys,
            ..
        } => Some(format!("You unlock the door ({keys} keys left).")),
        Event::Unlocked { key, .. } => Some(format!(
            "You unlock {} with {}.",
            key.door_name(),
            key.key_name()
        )),
        Event::Locked {
            key: KeyKind::Any, ..
        } => Some("The door is locked, and you have no key.".to_string()),
        Event::Locked { key, .. } => Some(format!(
            "{} is locked: {} opens it.",
            capitalised(&key.door_name()),
            key.key_name()
        )),
        Event::PickedKey {
            key: KeyKind::Any,
            keys,
        } => Some(format!("You pick up a key ({keys} held).")),
        Event::PickedKey { key, .. } => Some(format!("You pick up {}.", key.key_name())),
        Event::ChangedLevel { depth, way, new } => Some(match (way, new) {
            (Vertical::Down, true) => format!(
                "You go down to depth {depth}: {}.",
                a_level(game.generator().kind())
            ),
            (Vertical::Down, false) => format!("You go down to depth {depth}."),
            (Vertical::Up, _) => format!("You climb up to depth {depth}."),
        }),
        Event::Moved { .. } | Event::Bumped { .. } => None,
        Event::SawMonster { .. }
        | Event::Blow(_)
        | Event::Killed { .. }
        | Event::Fled { .. }
        | Event::LevelUp { .. }
        | Event::PickedUp { .. }
        | Event::Drank { .. }
        | Event::NoDrink { .. }
        | Event::DoorsShut
        | Event::DoorsOpened
        | Event::Died { .. }
        | Event::Won => super::fights::line(event),
    }
}

/// "a rooms level", "an isaac level": a level of `kind` with its article.
///
/// ```
/// use game_app::session::a_level;
/// use mapgen::generators::GeneratorKind;
/// assert_eq!(a_level(GeneratorKind::Rooms), "a rooms level");
/// assert_eq!(a_level(GeneratorKind::Isaac), "an isaac level");
/// ```
pub fn a_level(kind: GeneratorKind) -> String {
    let name = kind.name();
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name} level")
}

/// `down` or `up`.
pub(super) fn way_name(way: Vertical) -> &'static str {
    match way {
        Vertical::Down => "down",
        Vertical::Up => "up",
    }
}

/// Why travel cannot go somewhere, as a log line (Brogue CE's answers).
pub(super) fn no_route(no: NoRoute) -> String {
    match no {
        NoRoute::Unknown { .. } => "You have not explored that place.".to_string(),
        NoRoute::NotWalkable { .. } => "You cannot stand there.".to_string(),
        NoRoute::Unreachable { .. } => "No known way leads there.".to_string(),
        NoRoute::OutsideLevel { .. } => "That is outside the map.".to_string(),
        NoRoute::StartNotKnown { .. } | NoRoute::NoTarget => "You have nowhere to go.".to_string(),
    }
}

/// Why auto-explore stopped, as a log line; `None` when an event has said it already.
/// When places are left that the player knows of (a locked door, a key out of reach),
/// the line says what is left rather than that the level is explored.
pub(super) fn explore_stop(why: ExploreStop, game: &Game) -> Option<String> {
    let left = what_is_left(game);
    match why {
        ExploreStop::Explored if left.is_empty() => Some("Explored this level.".to_string()),
        ExploreStop::Explored | ExploreStop::PartlyExplored { .. } => {
            Some(format!("Explored all you can reach.{left}"))
        }
        ExploreStop::Sighted(_) => None,
        ExploreStop::NotOnKnownFloor => Some("You cannot tell where to go from here.".to_string()),
        ExploreStop::AtDoor(at) => {
            let key = game.level().doors().key_for(at).unwrap_or(KeyKind::Any);
            Some(format!(
                "You stand at {}: walk in or press o to use {}.",
                key.door_name(),
                key.key_name()
            ))
        }
    }
}

/// "The red door" from "the red door".
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// What the player knows is left on the level, as sentences each after a space: the
/// locked doors seen (and the keys held for them), and keys seen out of reach; Isaac's
/// counted, coloured ones by name.
fn what_is_left(game: &Game) -> String {
    let level = game.level();
    let is_isaacs = |key: KeyKind| key == KeyKind::Any;
    let locked = level.known_locks().filter(|d| is_isaacs(d.key)).count();
    // Auto-explore picks up every thing it reaches: those still seen are out of reach.
    let things = game.known().things();
    let keys = things
        .iter()
        .filter(|e| e.thing == Thing::Key(KeyKind::Any))
        .count();
    let coloured: Vec<KeyKind> = things
        .iter()
        .filter_map(|e| match e.thing {
            Thing::Key(key @ KeyKind::Colour(_)) => Some(key),
            _ => None,
        })
        .collect();
    let others = things.len() - keys - coloured.len();
    let mut left = String::new();
    match locked {
        0 => {}
        1 => left.push_str(" A locked door remains"),
        n => left.push_str(&format!(" {n} locked doors remain")),
    }
    if locked > 0 {
        left.push_str(&match game.keys() {
            0 => ".".to_string(),
            1 => "; you hold a key.".to_string(),
            n => format!("; you hold {n} keys."),
        });
    }
    match keys {
        0 => {}
        1 => left.push_str(" A key lies out of reach."),
        n => left.push_str(&format!(" {n} keys lie out of reach.")),
    }
    for door in level.known_locks().filter(|d| !is_isaacs(d.key)) {
        let held = if game.holds(door.key) {
            "; you hold its key"
        } else {
            ""
        };
        let name = capitalised(&door.key.door_name());
        left.push_str(&format!(" {name} is locked{held}."));
    }
    for key in coloured {
        let name = capitalised(&key.key_name());
        left.push_str(&format!(" {name} lies out of reach."));
    }
    match others {
        0 => {}
        1 => left.push_str(" A thing lies out of reach."),
        n => left.push_str(&format!(" {n} things lie out of reach.")),
    }
    left
}
