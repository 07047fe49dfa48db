//! What the monsters and the end of a game do to a session: auto-explore and travel
//! will not start, and stop, while a monster is in view (DCSS's "There are monsters
//! nearby!"), they stop when the `@` is struck, and a game that is over shows its end
//! screen.

use super::{Session, fights};
use crate::mode::Mode;
use game_core::combat::Fighter;
use game_core::event::Event;
use game_core::monster::MonsterKind;

impl Session {
    /// The mode to go back to from another: play, or the end screen once the game is
    /// over.
    pub(super) fn play_mode(&self) -> Mode {
        if self.game.status().is_over() {
            Mode::Ended
        } else {
            Mode::Play
        }
    }

    /// True (and a line for the log) when a plan may not start or go on: a monster is
    /// in view, or the game is over. Reads only what the player sees.
    pub(super) fn plans_held_back(&mut self, say: bool) -> bool {
        if self.game.status().is_over() {
            return true;
        }
        let kinds: Vec<MonsterKind> = self.game.monsters_in_view().map(|b| b.kind).collect();
        if kinds.is_empty() {
            return false;
        }
        if say {
            self.log
                .push(&format!("Not with {} in view.", fights::in_view(&kinds)));
        }
        true
    }

    /// After a turn: a game just over shows its end screen.
    pub(super) fn after_turn(&mut self) {
        if self.game.status().is_over() && self.mode != Mode::Ended {
            self.plan = None;
            self.mode = Mode::Ended;
        }
    }
}

/// True for the events that stop any running plan: a monster came into view, the `@`
/// was struck at, doors shut it in, the game ended.
pub(super) fn stops_plans(event: &Event) -> bool {
    match event {
        Event::SawMonster { .. } | Event::DoorsShut | Event::Died { .. } | Event::Won => true,
        Event::Blow(blow) => blow.target == Fighter::Hero,
        _ => false,
    }
}
