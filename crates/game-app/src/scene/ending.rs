//! The end screen, over the map once the game is over: died (what killed the `@`,
//! where, when) or won, then the seed, the depth reached, the turns, the kills and the
//! gold, and the keys that work now (`R` plays again).

use super::Screen;
use crate::action::{ModeKind, key_line};
use crate::session::Session;
use crate::viewport::Viewport;
use game_core::goal::Status;
use tileset::colors;

/// The end screen's lines: a title, then what happened and the game's numbers.
pub fn ending_lines(session: &Session) -> Vec<String> {
    let game = session.game();
    let hero = game.hero();
    let deepest = game.levels().len();
    let (title, how) = match game.status() {
        Status::Died(death) => (
            "You died.".to_string(),
            format!(
                "Killed by {} on depth {}, turn {}.",
                death.by.a(),
                death.depth,
                game.turns()
            ),
        ),
        Status::Won => (
            "You win!".to_string(),
            format!(
                "You carried the amulet up from depth {} to depth 1 in {} turns.",
                game.goal_depth(),
                game.turns()
            ),
        ),
        Status::Playing => ("The game goes on.".to_string(), String::new()),
    };
    vec![
        title,
        String::new(),
        how,
        format!(
            "Seed {}   Deepest {deepest}   Turns {}   Kills {}   Gold {}   Level {}",
            game.seed(),
            game.turns(),
            hero.kills,
            hero.gold,
            hero.level
        ),
        String::new(),
        key_line(ModeKind::Ended, session.works(), false),
    ]
}

/// Draws the end screen in a box in the middle of the map view.
pub(super) fn draw_ending(session: &Session, view: Viewport, screen: &mut Screen) {
    let lines = ending_lines(session);
    let longest = lines.iter().map(String::len).max().unwrap_or(0) as i32;
    let width = (longest + 4).min(view.width);
    let height = (lines.len() as i32 + 2).min(view.height);
    if width < 3 || height < 3 {
        return;
    }
    let (left, top) = ((view.width - width) / 2, (view.height - height) / 2);
    super::help::draw_frame((left, top), (width, height), screen);
    let room = (width - 3).max(0) as usize;
    for (i, (row, text)) in (top + 1..top + height - 1).zip(&lines).enumerate() {
        let fg = if i == 0 {
            colors::NOTICE
        } else {
            colors::WHITE
        };
        let text: String = text.chars().take(room).collect();
        screen.print(left + 2, row, &text, fg, colors::HELP_BG);
    }
}
