//! The monsters on the map: those in view (with `M`, every one), each its glyph in its
//! kind's colour on the tile under it. Colours are dark enough to read on the lit
//! ground and light enough on the remembered one (`contrast` checks them).

use mapgen::Point;
use tileset::{Cell, Rgb};

use super::Screen;
use crate::camera::Shown;
use crate::viewport::Viewport;
use game_core::game::Game;
use game_core::monster::MonsterKind;

/// The colour a kind of monster is drawn in.
pub const fn monster_colour(kind: MonsterKind) -> Rgb {
    match kind {
        MonsterKind::Rat => (90, 45, 10),
        MonsterKind::Kobold => (160, 30, 30),
        MonsterKind::Goblin => (20, 110, 30),
        MonsterKind::Archer => (30, 40, 160),
        MonsterKind::Orc => (70, 100, 0),
        MonsterKind::Troll => (120, 20, 120),
        MonsterKind::Ogre => (190, 0, 0),
    }
}

/// Draws the monsters in view through the camera (every one with `reveal`).
pub(super) fn draw_monsters(
    game: &Game,
    reveal: bool,
    view: Viewport,
    (origin, shown): (Point, Shown),
    screen: &mut Screen,
) {
    for body in game.level().monsters() {
        if !(reveal || game.is_visible(body.at)) || !shown.includes(body.at) {
            continue;
        }
        let Some(at) = view.to_screen(origin, body.at) else {
            continue;
        };
        let under = screen.cell(at);
        screen.set(
            at,
            Cell {
                glyph: body.kind.glyph() as u16,
                fg: monster_colour(body.kind),
                bg: under.bg,
            },
        );
    }
}
