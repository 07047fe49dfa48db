//! The goal: the amulet lies on the deepest level (`--goal-depth`, where the down stairs
//! would be, in an `isaac` floor's boss room); carried back up to depth 1, it wins. The
//! `@` dies when its hit points run out. Either ends the game: every act is refused
//! after ([`Status::is_over`]).

use mapgen::Point;

use crate::entity::{Entity, Thing};
use crate::event::Event;
use crate::game::Game;
use crate::level::Level;
use crate::monster::MonsterKind;

/// The depth of the amulet's level unless set.
pub const DEFAULT_GOAL_DEPTH: u32 = 8;

/// The deepest the amulet may lie.
pub const MAX_GOAL_DEPTH: u32 = 99;

/// Whether a game's levels keep the monsters their spawn table placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Monsters {
    /// Every monster the table placed (the game).
    #[default]
    Placed,
    /// None: the same levels and items without their monsters (`--peaceful`, a tour of
    /// the generators; the explorer's tests).
    LeftOut,
}

/// How a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Under way.
    Playing,
    /// The `@` died.
    Died(Death),
    /// The `@` carried the amulet back to depth 1.
    Won,
}

impl Status {
    /// True once the game has ended.
    pub const fn is_over(self) -> bool {
        !matches!(self, Status::Playing)
    }

    /// `playing`, `died` or `won`, as the report writes it.
    pub const fn word(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Died(_) => "died",
            Status::Won => "won",
        }
    }
}

/// How the `@` died.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Death {
    /// What killed it.
    pub by: MonsterKind,
    /// On which level.
    pub depth: u32,
}

/// The seed of a game's stream of chance (blows, wandering), from its first level's
/// seed: a stream of its own, so that the levels' making and the play draw apart.
pub const fn chance_seed(level_seed: u64) -> u64 {
    level_seed ^ 0x5EED_F0E5_0F00_D0D5
}

impl Game {
    /// The depth of the amulet's level.
    pub fn goal_depth(&self) -> u32 {
        self.goal_depth
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The `@` as a fighter, and what it carries.
    pub fn hero(&self) -> &crate::hero::Hero {
        &self.hero
    }

    /// Whether the levels keep their monsters.
    pub fn monsters(&self) -> Monsters {
        self.monsters
    }

    /// The same game with its levels' monsters kept or left out, from the level the `@`
    /// is on to every one entered later.
    #[must_use]
    pub fn with_monsters(mut self, monsters: Monsters) -> Game {
        self.monsters = monsters;
        if monsters == Monsters::LeftOut {
            for level in &mut self.levels {
                level.actors_mut().take();
            }
            self.in_view.clear();
        }
        self
    }

    /// Readies a level the `@` enters for the first time: the amulet on the goal's
    /// level, the monsters left out when the game has none.
    pub(crate) fn settle(&self, level: &mut Level) {
        if self.monsters == Monsters::LeftOut {
            level.actors_mut().take();
        }
        self.lay_goal(level);
    }

    /// Lays the amulet on `level` if it is the goal's: where its down stairs were (the
    /// exit, or a grid's boss room), or, without stairs, its start.
    fn lay_goal(&self, level: &mut Level) {
        if level.depth() != self.goal_depth || self.hero.amulet {
            return;
        }
        let at: Point = level.remove_down_stairs().unwrap_or(level.arrival());
        level.put_thing(Entity {
            at,
            thing: Thing::Amulet,
        });
    }

    /// A monster of `kind` killed the `@`.
    pub(crate) fn die(&mut self, by: MonsterKind) {
        if self.status.is_over() {
            return;
        }
        self.status = crate::goal::Status::Died(Death {
            by,
            depth: self.depth(),
        });
        self.events.push(Event::Died { by });
    }

    /// After everything acted: the `@` mends, and carrying the amulet on depth 1 wins.
    pub(crate) fn after_others(&mut self) {
        if self.status.is_over() {
            return;
        }
        self.hero.mend(self.turns);
        if self.hero.amulet && self.depth() == 1 {
            self.status = Status::Won;
            self.events.push(Event::Won);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::direction::{Direction, Vertical};
    use crate::turn::Act;
    use mapgen::generators::Generator;
    use mapgen::generators::rooms::RoomsSettings;
    use mapgen::{Dungeon, Map};

    /// A game on `map` from (1, 1), the amulet at `goal_depth`.
    fn goal_game(map: Map, goal_depth: u32) -> Game {
        let generator = Generator::Rooms(RoomsSettings::default());
        let level = Level::new(1, generator, 1, Dungeon::new(map, Point::new(1, 1)));
        Game::with_goal(level, 10, goal_depth)
    }

    /// A corridor: the amulet on the first level lies where the down stairs were (its
    /// east end); walking onto it picks it up and wins at once, on depth 1.
    #[test]
    fn the_amulet_on_depth_one_wins_when_picked_up() {
        let map = Map::from_ascii("#######\n#.....#\n#######\n").unwrap();
        let mut game = goal_game(map, 1);
        assert_eq!(game.level().down(), None, "no way further down");
        let amulet = game.level().entities().iter().next().copied().unwrap();
        assert_eq!((amulet.at, amulet.thing), (Point::new(5, 1), Thing::Amulet));
        for _ in 0..3 {
            game.turn(Act::Move(Direction::East));
            assert_eq!(game.status(), Status::Playing);
        }
        let last = game.turn(Act::Move(Direction::East));
        assert!(last.events.contains(&Event::Won), "{:?}", last.events);
        assert_eq!(game.status(), Status::Won);
        assert!(game.hero().amulet);
        let after = game.turn(Act::Move(Direction::West));
        assert!(!after.is_taken(), "nothing after the end");
        assert_eq!(
            game.turn(Act::Stairs(Vertical::Down)).outcome,
            crate::turn::Outcome::Refused
        );
    }

    #[test]
    fn goal_depths_are_kept_in_range() {
        let map = Map::from_ascii("#####\n#...#\n#####\n").unwrap();
        let game = goal_game(map.clone(), 0);
        assert_eq!(game.goal_depth(), 1);
        let deep = goal_game(map, u32::MAX);
        assert_eq!(deep.goal_depth(), MAX_GOAL_DEPTH);
        assert!(deep.level().down().is_some());
    }
}
