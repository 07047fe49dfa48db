//! The rules' events and the planners' answers as lines of the message log.

use mapgen::generators::GeneratorKind;
use mapgen::generators::grid::RoomKind;

use crate::action::Vertical;
use game_core::event::Event;
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
        Event::FoundSecret { kind, .. } => {
            Some(format!("You find a secret door to the {kind} room."))
        }
        Event::Unlocked { keys, .. } => Some(format!("You unlock the door ({keys} keys left).")),
        Event::Locked { .. } => Some("The door is locked, and you have no key.".to_string()),
        Event::PickedKey { keys } => Some(format!("You pick up a key ({keys} held).")),
        Event::ChangedLevel { depth, way, new } => Some(match (way, new) {
            (Vertical::Down, true) => format!(
                "You go down to depth {depth}: {}.",
                a_level(game.generator().kind())
            ),
            (Vertical::Down, false) => format!("You go down to depth {depth}."),
            (Vertical::Up, _) => format!("You climb up to depth {depth}."),
        }),
        Event::Moved { .. } | Event::Bumped { .. } => None,
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
