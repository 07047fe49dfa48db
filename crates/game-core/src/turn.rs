//! One turn: the one way the world moves on ([`Game::turn`]).
//!
//! A turn runs, in order (after gridbugs/rip's turn pipeline and rot.js's scheduler):
//!
//! 1. the player's [`Act`]: a step (or a bump, a door found or unlocked), a wait, a
//!    search, the stairs; with a step, its arrival: the grid room entered, the thing on
//!    the tile picked up;
//! 2. every other [`Actor`] of the level, in order: the monsters ([`mind`](crate::mind)),
//!    each seeing the `@` exactly when the `@` sees it (the field of view of where the
//!    `@` now stands is computed first: it is symmetric, every body standing on a tile
//!    sight passes through, a door held open ([`doorway`](crate::doorway)); computed
//!    again when a monster opens or shuts a door), then the `@` mends and the game's
//!    [`Status`](crate::goal::Status) is settled (died, won);
//! 3. perception: the field of view when what the `@` sees may have changed, what the
//!    player learns from it (tiles, things, rooms seen, stairs), monsters come into
//!    view, the trail;
//!
//! and returns the turn's [`Event`]s, oldest first. An act that changes nothing (a wall
//! bumped, stairs that are not there) passes no turn: nothing else acts. Once the game
//! is over every act is refused.

use std::fmt;

use mapgen::fov::Radius;
use mapgen::generators::grid::RoomGrid;
use mapgen::{DungeonRng, Map, Point};

use crate::chase::{ChaseMaps, Way};
use crate::combat::{Blow, Fighter, roll};
use crate::direction::{Direction, Vertical};
use crate::doorway::Doorways;
use crate::entity::Entities;
use crate::event::Event;
use crate::game::Game;
use crate::hero::Hero;
use crate::monster::{Body, MonsterKind};
use crate::sight::{HeroView, Sight};

/// What the player does with a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Act {
    /// Step one tile (or walk into what is there).
    Move(Direction),
    /// Let a turn pass where the `@` stands.
    Wait,
    /// Search the eight tiles around the `@` for secret doors.
    Search,
    /// Take the stairs the `@` stands on.
    Stairs(Vertical),
    /// Drink a healing potion (refused without one, or unhurt).
    Drink,
}

/// How a turn went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The act was done and a turn passed: everything else acted.
    Taken,
    /// The act changed nothing (a wall or a locked door bumped, no stairs here, the game
    /// over): no turn.
    Refused,
    /// The stairs lead to a level still to be made, for this depth: make it, give it to
    /// [`Game::stage_level`] and act again. No turn passed.
    NeedsLevel(u32),
}

/// What a turn did: how it went and what happened, oldest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// How it went.
    pub outcome: Outcome,
    /// What happened.
    pub events: Vec<Event>,
}

impl Turn {
    /// True when the act was done (a turn passed).
    pub fn is_taken(&self) -> bool {
        self.outcome == Outcome::Taken
    }
}

/// Something on a level that acts after the player each turn.
///
/// An actor sees the level through a [`World`]: the map, the `@`, the things on the
/// level, and the turn's events to add to. `Send`: levels are made on a thread of their
/// own.
pub trait Actor: fmt::Debug + Send {
    /// Takes this actor's turn.
    fn act(&mut self, world: &mut World<'_>);

    /// A copy of this actor (levels are cloned whole).
    fn boxed_clone(&self) -> Box<dyn Actor>;

    /// The body it stands in on the map, if it has one (monsters do): what the `@`
    /// sees, walks into and strikes, and what other bodies cannot walk through.
    fn body(&self) -> Option<&Body> {
        None
    }

    /// The body, to hurt.
    fn body_mut(&mut self) -> Option<&mut Body> {
        None
    }
}

/// The actors of one level, in the order they act.
#[derive(Debug, Default)]
pub struct Actors {
    list: Vec<Box<dyn Actor>>,
}

impl Clone for Actors {
    fn clone(&self) -> Actors {
        Actors {
            list: self.list.iter().map(|a| a.boxed_clone()).collect(),
        }
    }
}

impl Actors {
    /// Adds `actor`, to act after those already there.
    pub fn push(&mut self, actor: Box<dyn Actor>) {
        self.list.push(actor);
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when nothing acts.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The bodies of the actors that have one, in the order they act.
    pub fn bodies(&self) -> impl Iterator<Item = &Body> + '_ {
        self.list.iter().filter_map(|a| a.body())
    }

    /// The body standing on `at`.
    pub fn body_at(&self, at: Point) -> Option<&Body> {
        self.bodies().find(|b| b.at == at)
    }

    /// The body standing on `at`, to hurt.
    pub(crate) fn body_at_mut(&mut self, at: Point) -> Option<&mut Body> {
        self.list
            .iter_mut()
            .filter_map(|a| a.body_mut())
            .find(|b| b.at == at)
    }

    /// Takes the actor whose body is `id` off the level.
    pub(crate) fn remove(&mut self, id: u32) {
        self.list.retain(|a| a.body().is_none_or(|b| b.id != id));
    }

    pub(crate) fn take(&mut self) -> Vec<Box<dyn Actor>> {
        std::mem::take(&mut self.list)
    }

    pub(crate) fn put_back(&mut self, mut acted: Vec<Box<dyn Actor>>) {
        // Actors added while the others acted come after them.
        acted.append(&mut self.list);
        self.list = acted;
    }
}

/// What the `@` sees this turn, which the monsters' sight mirrors, and what it takes
/// to look again when a monster opens or shuts a door.
#[derive(Debug)]
pub(crate) struct Lookout<'a> {
    pub(crate) view: &'a mut HeroView,
    pub(crate) grid: Option<&'a RoomGrid>,
    pub(crate) radius: Radius,
    /// Views computed during the turn.
    pub(crate) computed: u64,
}

/// The level as an [`Actor`] sees it during its turn.
#[derive(Debug)]
pub struct World<'a> {
    pub(crate) map: &'a mut Map,
    /// The doors held open by bodies.
    pub(crate) doorways: &'a mut Doorways,
    pub(crate) entities: &'a mut Entities,
    pub(crate) player: Point,
    pub(crate) turn: u64,
    pub(crate) events: &'a mut Vec<Event>,
    /// What the `@` sees from where it stands, as the map is now.
    pub(crate) sight: Lookout<'a>,
    pub(crate) hero: &'a mut Hero,
    pub(crate) rng: &'a mut DungeonRng,
    pub(crate) chase: &'a mut ChaseMaps,
    /// The tiles bodies stand on, sorted by (y, x).
    pub(crate) occupied: Vec<(i32, i32)>,
    /// Grid dungeons: the room whose floor the `@` stands on.
    pub(crate) player_room: Option<usize>,
    /// The kind of monster that killed the `@` this turn.
    pub(crate) killer: Option<MonsterKind>,
}

impl World<'_> {
    /// The level's map.
    pub fn map(&self) -> &Map {
        self.map
    }

    /// Where the `@` stands.
    pub fn player(&self) -> Point {
        self.player
    }

    /// The turn being played, 1 for the first.
    pub fn turn(&self) -> u64 {
        self.turn
    }

    /// The things on the level.
    pub fn entities(&self) -> &Entities {
        self.entities
    }

    /// The things on the level, to move, add or take.
    pub fn entities_mut(&mut self) -> &mut Entities {
        self.entities
    }

    /// Reports `event` as part of this turn.
    pub fn tell(&mut self, event: Event) {
        self.events.push(event);
    }

    /// True when a body at `at` sees the `@`: exactly when the `@` sees `at`, sight
    /// being symmetric (mapgen's symmetric shadowcasting with the same radius between
    /// tiles sight passes through, which every body stands on; in a grid of rooms, the
    /// same room).
    pub fn sees_player(&self, at: Point) -> bool {
        self.sight.view.is_visible(at)
    }

    /// Grid dungeons: the room whose floor the `@` stands on.
    pub fn player_room(&self) -> Option<usize> {
        self.player_room
    }

    /// Grid dungeons: the room whose tiles hold `p` (a door counts as the room west or
    /// north of it), as a shut room counts its monsters.
    pub fn room_at(&self, p: Point) -> Option<usize> {
        self.sight.grid?.room_index_at_tile(p)
    }

    /// The game's stream of chance.
    pub fn rng(&mut self) -> &mut DungeonRng {
        self.rng
    }

    /// True when a body may step onto `p`: walkable, and neither the `@` nor another
    /// body there.
    pub fn is_free(&self, p: Point) -> bool {
        self.map.is_walkable(p) && p != self.player && !self.is_occupied(p)
    }

    fn is_occupied(&self, p: Point) -> bool {
        self.occupied.binary_search(&(p.y, p.x)).is_ok()
    }

    /// Moves `body` one step onto `to` if it is a free neighbour; true when it moved. A
    /// door it leaves shuts and one it enters opens; then the `@` looks again.
    pub fn step_body(&mut self, body: &mut Body, to: Point) -> bool {
        let d = to - body.at;
        if d.x.abs() > 1 || d.y.abs() > 1 || !self.is_free(to) {
            return false;
        }
        if let Ok(i) = self.occupied.binary_search(&(body.at.y, body.at.x)) {
            self.occupied.remove(i);
        }
        if let Err(i) = self.occupied.binary_search(&(to.y, to.x)) {
            self.occupied.insert(i, (to.y, to.x));
        }
        let from = std::mem::replace(&mut body.at, to);
        let shut = self.doorways.leave(self.map, from);
        let opened = self.doorways.enter(self.map, to);
        if shut || opened {
            self.look_again();
        }
        true
    }

    /// The map changed where sight goes: what the `@` sees is computed again.
    fn look_again(&mut self) {
        let sight = &mut self.sight;
        // The @ stands on the map: the computation cannot fail.
        let _ = sight
            .view
            .compute(self.map, sight.grid, self.player, sight.radius);
        sight.computed += 1;
    }

    /// Moves `body` one step down this turn's map `way` (toward the `@`, or away from it
    /// on the safety map): the best free step that lowers its value. True when it moved.
    pub fn step_along(&mut self, body: &mut Body, way: Way) -> bool {
        let steps = self
            .chase
            .downhill(self.map, self.turn, self.player, way, body.at);
        steps.into_iter().any(|to| self.step_body(body, to))
    }

    /// The monster in `body` strikes (or, `ranged`, shoots) at the `@`; true when the
    /// `@` is still alive.
    pub fn strike_player(&mut self, body: &Body, ranged: bool) -> bool {
        if !self.hero.hp.is_alive() {
            return false;
        }
        let kind = body.kind;
        let damage = kind.damage(body.depth);
        let done = roll(self.rng, kind.stats().accuracy, damage, self.hero.armour);
        self.events.push(Event::Blow(Blow {
            by: Fighter::Monster(kind),
            target: Fighter::Hero,
            damage: done,
            ranged,
        }));
        if let Some(damage) = done {
            self.hero.hp.lose(damage);
        }
        if !self.hero.hp.is_alive() {
            self.killer.get_or_insert(kind);
        }
        self.hero.hp.is_alive()
    }
}

impl Game {
    /// Plays one turn: the player's `act`, then every other actor, then perception (see
    /// the [module](self)). Every act of the player goes through here.
    ///
    /// ```
    /// use game_core::direction::Direction;
    /// use game_core::game::Game;
    /// use game_core::turn::{Act, Outcome};
    /// use mapgen::generators::Generator;
    /// use mapgen::generators::rooms::RoomsSettings;
    /// let mut game = Game::new(Generator::Rooms(RoomsSettings::default()), 42, 10)?;
    /// assert_eq!(game.turn(Act::Wait).outcome, Outcome::Taken);
    /// assert_eq!(game.turns(), 1);
    /// let down = game.turn(Act::Stairs(game_core::direction::Vertical::Down));
    /// assert_eq!(down.outcome, Outcome::Refused, "not on the stairs");
    /// assert_eq!(game.turns(), 1);
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    pub fn turn(&mut self, act: Act) -> Turn {
        let outcome = if self.status().is_over() {
            Outcome::Refused
        } else {
            self.player_acts(act)
        };
        if outcome == Outcome::Taken {
            self.turns += 1;
            // What the monsters see is what the @ sees from where it now stands.
            self.shut_room_doors();
            let _ = self.update_fov();
            self.others_act();
            self.after_others();
        }
        self.perceive();
        Turn {
            outcome,
            events: self.take_events(),
        }
    }

    /// Step 2: every actor of the level takes its turn, in order.
    fn others_act(&mut self) {
        let (player, turn) = (self.player(), self.turns);
        let radius = Radius::or_unlimited(self.fov_radius());
        let player_room = self.room_floor_index();
        let level = &mut self.levels[self.current];
        let mut actors = level.actors_mut().take();
        if actors.is_empty() {
            return;
        }
        let mut occupied: Vec<(i32, i32)> = actors
            .iter()
            .filter_map(|a| a.body())
            .map(|b| (b.at.y, b.at.x))
            .collect();
        occupied.sort_unstable();
        let mut events = Vec::new();
        let parts = level.acting_parts();
        let mut world = World {
            map: parts.map,
            doorways: parts.doorways,
            entities: parts.entities,
            player,
            turn,
            events: &mut events,
            sight: Lookout {
                view: &mut self.view,
                grid: parts.grid,
                radius,
                computed: 0,
            },
            hero: &mut self.hero,
            rng: &mut self.rng,
            chase: parts.chase,
            occupied,
            player_room,
            killer: None,
        };
        for actor in &mut actors {
            actor.act(&mut world);
        }
        let killer = world.killer;
        let looked = world.sight.computed;
        level.actors_mut().put_back(actors);
        if looked > 0 {
            // Doors opened or shut: the player learns what the @ sees now.
            self.fov_computations += looked;
            self.fov_dirty = true;
        }
        self.push_events(events);
        if let Some(kind) = killer {
            self.die(kind);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doors::KeyKind;
    use crate::entity::{Entity, Thing};
    use crate::game::tests::{dungeon_game, room};
    use mapgen::Map;

    /// A test actor: each turn it carries the first thing on the level one tile east,
    /// and notes the turn and where the `@` stood when it acted.
    #[derive(Debug, Clone, Default)]
    struct Pusher {
        acted: Vec<(u64, Point)>,
    }

    impl Actor for Pusher {
        fn act(&mut self, world: &mut World<'_>) {
            self.acted.push((world.turn(), world.player()));
            let Some(first) = world.entities().iter().next().copied() else {
                return;
            };
            let to = first.at + Direction::East.step();
            if world.map().is_walkable(to) {
                world.entities_mut().take(first.at);
                world.entities_mut().put(Entity { at: to, ..first });
                world.tell(Event::Bumped { at: to });
            }
        }

        fn boxed_clone(&self) -> Box<dyn Actor> {
            Box::new(self.clone())
        }
    }

    fn key_at(x: i32, y: i32) -> Entity {
        Entity {
            at: Point::new(x, y),
            thing: Thing::Key(KeyKind::Any),
        }
    }

    /// The actor acts after the player's act and before perception: it sees where the
    /// `@` went this turn, and the player sees the thing where the actor left it, in the
    /// same turn; its events follow the player's.
    #[test]
    fn others_act_after_the_player_and_before_perception() {
        let mut game = room();
        game.level_mut().map_and_entities_mut().1.put(key_at(1, 1));
        game.add_actor(Box::new(Pusher::default()));
        let start = game.player();
        let turn = game.turn(Act::Move(Direction::South));
        assert!(turn.is_taken());
        assert_eq!(
            turn.events,
            [
                Event::Moved {
                    from: start,
                    to: game.player()
                },
                Event::Bumped {
                    at: Point::new(2, 1)
                }
            ]
        );
        assert_eq!(game.known().things().iter().next(), Some(&key_at(2, 1)));
        // A wait is a turn too: the actor acts, and what the player sees follows it
        // though the @ did not move.
        assert!(game.turn(Act::Wait).is_taken());
        assert_eq!(game.known().things().iter().next(), Some(&key_at(3, 1)));
        assert_eq!(game.turns(), 2);
        // A bump is no turn: nothing else acts.
        let walled = Map::from_ascii("###\n#.#\n###\n").unwrap();
        let mut boxed = dungeon_game(walled, Point::new(1, 1));
        boxed.add_actor(Box::new(Pusher::default()));
        let bump = boxed.turn(Act::Move(Direction::North));
        assert_eq!((bump.outcome, boxed.turns()), (Outcome::Refused, 0));
        assert_eq!(
            bump.events,
            [Event::Bumped {
                at: Point::new(1, 0)
            }]
        );
    }

    /// Each actor acts once a turn, in the order added, and sees the turn's number and
    /// the `@` where the player's act left it.
    #[test]
    fn every_actor_acts_once_a_turn_in_order() {
        let mut game = room();
        game.add_actor(Box::new(Pusher::default()));
        game.add_actor(Box::new(Pusher::default()));
        for _ in 0..3 {
            game.turn(Act::Move(Direction::East));
            game.turn(Act::Move(Direction::West));
        }
        let actors = game.level_mut().actors_mut().take();
        let seen: Vec<String> = actors.iter().map(|a| format!("{a:?}")).collect();
        assert_eq!(seen.len(), 2);
        assert_eq!(seen[0], seen[1], "both saw the same turns");
        let (east, back) = (Point::new(4, 3), Point::new(3, 3));
        let first = format!(
            "{:?}",
            Pusher {
                acted: vec![
                    (1, east),
                    (2, back),
                    (3, east),
                    (4, back),
                    (5, east),
                    (6, back)
                ]
            }
        );
        assert_eq!(seen[0], first);
    }

    /// The player picks up a key by walking over it, in the turn's first step, and no
    /// longer sees it there.
    /// Auto-explore walked past a key in plain sight and said the level was explored;
    /// now a key seen is a place to go, and the run ends with it picked up.
    #[test]
    fn auto_explore_goes_for_a_key_it_has_seen() {
        use crate::explore::{ExploreStep, ExploreStop, Explorer};
        // Every tile of the room is in sight at once: nothing is left to explore.
        let mut game = room();
        game.level_mut().map_and_entities_mut().1.put(key_at(5, 5));
        game.turn(Act::Wait);
        assert_eq!(game.known().frontier_tiles(), 0);
        assert_eq!(game.known().things().len(), 1);
        let mut explorer = Explorer::new();
        explorer.begin();
        let stop = loop {
            match explorer.step(game.known(), game.player()) {
                ExploreStep::Move(to) => {
                    let d = Direction::from_step(to - game.player()).unwrap();
                    assert!(game.turn(Act::Move(d)).is_taken());
                }
                ExploreStep::Searching => {}
                ExploreStep::Stop(why) => break why,
            }
            assert!(game.turns() < 100, "never stops");
        };
        assert_eq!((stop, game.keys()), (ExploreStop::Explored, 1));
        assert_eq!(game.player(), Point::new(5, 5));
    }

    #[test]
    fn walking_over_a_key_picks_it_up() {
        let mut game = room();
        game.level_mut().map_and_entities_mut().1.put(key_at(4, 3));
        game.turn(Act::Wait);
        let seen = game.appearance(Point::new(4, 3), false).unwrap();
        assert_eq!(
            (seen.shown(), seen.name()),
            (Thing::Key(KeyKind::Any).tile(), "a key".to_string())
        );
        let turn = game.turn(Act::Move(Direction::East));
        assert_eq!(
            turn.events[1],
            Event::PickedKey {
                key: KeyKind::Any,
                keys: 1
            }
        );
        assert_eq!(game.keys(), 1);
        assert!(game.level().entities().is_empty());
        assert!(game.known().things().is_empty());
        let seen = game.appearance(Point::new(4, 3), false).unwrap();
        assert_eq!((seen.shown(), seen.thing), (mapgen::Tile::FLOOR, None));
    }
}
