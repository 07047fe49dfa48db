//! What the `@` sees of the monsters: those in view now (drawn, looked at, and what
//! stops auto-explore), and one coming into view, which is news ("You see a goblin.").
//!
//! Monsters are seen only while in view: unlike the things on the floor, the player
//! remembers none of them (Brogue's way), so what the planners read of them is what is
//! in sight now.

use crate::event::Event;
use crate::game::Game;
use crate::monster::Body;

impl Game {
    /// The monsters in view now, in the order they act.
    pub fn monsters_in_view(&self) -> impl Iterator<Item = &Body> + '_ {
        self.level().monsters().filter(|b| self.is_visible(b.at))
    }

    /// The monster in view on `p`, if any.
    pub fn monster_seen_at(&self, p: mapgen::Point) -> Option<&Body> {
        self.level().body_at(p).filter(|b| self.is_visible(b.at))
    }

    /// Perception's part: a monster in view that was not at the last look is news.
    pub(crate) fn notice_monsters(&mut self) {
        let mut now: Vec<(u32, Body)> = self.monsters_in_view().map(|b| (b.id, *b)).collect();
        now.sort_unstable_by_key(|(id, _)| *id);
        for (id, body) in &now {
            if self.in_view.binary_search(id).is_err() {
                self.events.push(Event::SawMonster {
                    kind: body.kind,
                    at: body.at,
                });
            }
        }
        self.in_view.clear();
        self.in_view.extend(now.iter().map(|(id, _)| *id));
    }
}
