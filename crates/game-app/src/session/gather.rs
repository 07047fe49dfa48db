//! Auto-explore picks up what it knows of (DCSS's way): before looking for new ground
//! it walks to the nearest thing seen on the floor that walking over picks up (keys,
//! potions, gold, gear, the amulet), and says at the end what is left when it could not
//! reach everything ("a key out of reach", "a locked door").

use mapgen::Point;

use super::Session;
use game_core::entity::Thing;
use game_core::travel::TravelStep;

/// How many of the nearest things known a step tries to route to: each one found out
/// of reach is listed and not tried again on the level, so the work is bounded.
const FETCH_TRIES: usize = 4;

impl Session {
    /// A step toward the nearest known thing to pick up that a route reaches; `None`
    /// when there is none.
    pub(super) fn fetch_step(&mut self) -> Option<Point> {
        let player = self.game.player();
        let known = self.game.known();
        let wanted = |p: Point| known.things().at(p).is_some_and(|e| e.thing.is_picked_up());
        if let Some(target) = self.fetcher.target().filter(|&t| wanted(t)) {
            match self.fetcher.step(known, player) {
                TravelStep::Move(to) => return Some(to),
                TravelStep::Arrived => {}
                TravelStep::Stop(_) => self.out_of_reach.push(target),
            }
        }
        let mut things: Vec<Point> = known
            .things()
            .iter()
            .filter(|e| e.thing.is_picked_up() && !self.out_of_reach.contains(&e.at))
            .map(|e| e.at)
            .filter(|&p| p != player)
            .collect();
        let far = |p: Point| (p.x - player.x).abs().max((p.y - player.y).abs());
        things.sort_by_key(|&p| (far(p), p.y, p.x));
        for at in things.into_iter().take(FETCH_TRIES) {
            match self.fetcher.plan(known, player, at) {
                Ok(route) if route.len() > 1 => return Some(route[1]),
                _ => self.out_of_reach.push(at),
            }
        }
        None
    }

    /// What auto-explore leaves behind on this level, as the end of a sentence ("a key
    /// out of reach and a locked door"); `None` when nothing is left.
    pub(super) fn left_behind(&self) -> Option<String> {
        let known = self.game.known();
        let mut left: Vec<String> = self
            .out_of_reach
            .iter()
            .filter_map(|&p| known.things().at(p))
            .map(|e| format!("{} out of reach", thing_name(e.thing)))
            .collect();
        left.dedup();
        let locked = self
            .game
            .level()
            .doors()
            .locked()
            .iter()
            .filter(|&&door| known.is_known(door))
            .count();
        match locked {
            0 => {}
            1 => left.push("a locked door".to_string()),
            n => left.push(format!("{n} locked doors")),
        }
        let last = left.pop()?;
        Some(if left.is_empty() {
            last
        } else {
            format!("{} and {last}", left.join(", "))
        })
    }
}

/// "a key", "a healing potion", "gold".
fn thing_name(thing: Thing) -> &'static str {
    match thing {
        Thing::Key => "a key",
        Thing::Potion => "a healing potion",
        Thing::Gold(_) => "gold",
        Thing::Weapon => "a weapon",
        Thing::Armour => "armour",
        Thing::Amulet => "the amulet",
    }
}
