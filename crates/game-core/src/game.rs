//! The rules: the levels, the `@`, moving, seeing, remembering and taking stairs, one
//! [turn](crate::turn) at a time.
//!
//! Only what the rules decide lives here; what happened comes out as [`Event`]s for the
//! session to tell. What the player looks at (the `M` and `T` toggles, the mode, the
//! camera), which generator the next level gets, and the window's own commands are the
//! session's (the `game-app` crate).

use mapgen::fov::{FovError, Radius};
use mapgen::generators::Generator;
use mapgen::generators::grid::GridRoom;
use mapgen::{Dungeon, DungeonRng, GenerateError, Map, Point, Rect, Tile};

use crate::direction::{Direction, Vertical};
use crate::doors::{DoorTouch, KeyKind};
use crate::entity::Thing;
use crate::event::Event;
use crate::goal::{DEFAULT_GOAL_DEPTH, Monsters, Status};
use crate::hero::Hero;
use crate::knowledge::Knowledge;
use crate::labels::RoomLabels;
use crate::level::{Level, LevelOrder};
use crate::minimap::Minimap;
use crate::room_memory::on_room_floor;
use crate::sight::{HeroView, Sight};
use crate::terrain::TileKind;
use crate::turn::{Act, Actor, Outcome};

pub use crate::sight::LIGHT_WALLS;

/// The default field-of-view radius, the tutorial's `TORCH_RADIUS`.
pub const DEFAULT_FOV_RADIUS: u32 = 10;

/// One step of the player's trail: where, on which level, and how many tiles of that
/// level the player remembers after the step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrailStep {
    /// Where the `@` stepped.
    pub at: Point,
    /// The level's depth.
    pub depth: u32,
    /// Tiles of the level the player remembers after the step.
    pub remembered: usize,
}

/// What the player is shown of one tile ([`Game::appearance`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Appearance {
    /// The tile, as it is in sight or as remembered.
    pub tile: Tile,
    /// What it is.
    pub kind: TileKind,
    /// The thing on it, if any (it shows instead of the tile).
    pub thing: Option<Thing>,
}

impl Appearance {
    /// The tile drawn: the thing's ([`Thing::tile`]) or the tile's own.
    pub fn shown(&self) -> Tile {
        self.thing.map_or(self.tile, Thing::tile)
    }

    /// What is there, with its article: the thing, else the tile's kind.
    pub fn name(&self) -> String {
        self.thing
            .map_or_else(|| self.kind.name(), |t| t.name().to_string())
    }
}

/// One game's rules: the levels entered so far (each with its memory), the `@`, what it
/// sees and when that is recomputed, the counts of turns, moves and field-of-view
/// computations, the trail, and the events of the turn under way.
///
/// Everything that grows with a map is made once per level ([`Level::new`], off the
/// frame loop in the window) and then kept up to date by what changes: a move costs
/// what the `@` sees, a frame what the screen shows.
#[derive(Debug, Clone)]
pub struct Game {
    /// Every level entered, by depth from 1.
    pub(crate) levels: Vec<Level>,
    /// The index in `levels` of the level the `@` is on.
    pub(crate) current: usize,
    /// The level below the deepest, made and waiting for the `@` to take the stairs.
    staged: Option<Level>,
    player: Point,
    fov_radius: u32,
    /// What the `@` sees: the torch, or in a grid of rooms the rooms it stands in.
    pub(crate) view: HeroView,
    /// Set while the field of view is not that of where the `@` stands: it moved, a
    /// door opened, the level changed, or a computation failed. Perception computes it.
    pub(crate) fov_dirty: bool,
    pub(crate) fov_computations: u64,
    /// Turns passed in this game.
    pub(crate) turns: u64,
    moves: u64,
    /// Where the `@` stepped this turn, for the trail once it has looked.
    stepped: Option<Point>,
    /// Keys held (Isaac's keys carry from floor to floor).
    keys: u32,
    trail: Vec<TrailStep>,
    pub(crate) events: Vec<Event>,
    /// The `@` as a fighter, and what it carries.
    pub(crate) hero: Hero,
    /// Every chance of the game after its levels are made (blows, wandering), drawn in
    /// turn order: a replay plays the same game.
    pub(crate) rng: DungeonRng,
    pub(crate) status: Status,
    /// The depth of the amulet's level, the deepest ([`DEFAULT_GOAL_DEPTH`] unless set).
    pub(crate) goal_depth: u32,
    /// Whether the levels keep their monsters.
    pub(crate) monsters: Monsters,
    /// The monsters in view at the last look, by id, sorted: one coming into view is news.
    pub(crate) in_view: Vec<u32>,
}

impl Game {
    /// A game whose first level `generator` makes from `seed`, the `@` at its start.
    ///
    /// # Errors
    /// The generator's error for invalid settings.
    pub fn new(generator: Generator, seed: u64, fov_radius: u32) -> Result<Game, GenerateError> {
        let order = LevelOrder::first(generator, seed);
        Ok(Game::from_level(order.make()?, fov_radius))
    }

    /// A game whose first level is `dungeon` (a hand-made one in tests), said to come
    /// from `generator` and `seed`; its down stairs go on its exit.
    pub fn from_dungeon(
        generator: Generator,
        seed: u64,
        dungeon: Dungeon,
        fov_radius: u32,
    ) -> Game {
        Game::from_level(Level::new(1, generator, seed, dungeon), fov_radius)
    }

    /// A game whose first level is `level`, the `@` on its arrival tile, the amulet at
    /// [`DEFAULT_GOAL_DEPTH`].
    pub fn from_level(level: Level, fov_radius: u32) -> Game {
        Game::with_goal(level, fov_radius, DEFAULT_GOAL_DEPTH)
    }

    /// [`Game::from_level`], the amulet on the level at `goal_depth` (1 to
    /// [`MAX_GOAL_DEPTH`](crate::goal::MAX_GOAL_DEPTH); outside that, the nearest end),
    /// which has no down stairs.
    pub fn with_goal(level: Level, fov_radius: u32, goal_depth: u32) -> Game {
        let goal_depth = goal_depth.clamp(1, crate::goal::MAX_GOAL_DEPTH);
        let level_seed = level.seed();
        let map = level.map();
        // Sized for the map now, so the first computation allocates nothing.
        let view = HeroView::new(map.width(), map.height());
        let mut game = Game {
            player: level.arrival(),
            levels: vec![level],
            current: 0,
            staged: None,
            view,
            fov_radius,
            fov_dirty: true,
            fov_computations: 0,
            turns: 0,
            moves: 0,
            stepped: None,
            keys: 0,
            trail: Vec::new(),
            events: Vec::new(),
            hero: Hero::new(),
            rng: DungeonRng::new(crate::goal::chance_seed(level_seed)),
            status: Status::Playing,
            goal_depth,
            monsters: Monsters::Placed,
            in_view: Vec::new(),
        };
        let mut first = std::mem::take(&mut game.levels);
        game.settle(&mut first[0]);
        game.levels = first;
        game.arrive(game.player);
        game.perceive();
        game.events.clear(); // the start is not news
        game
    }

    /// Step 1 of a turn: the player's act and, for a step, its arrival.
    pub(crate) fn player_acts(&mut self, act: Act) -> Outcome {
        match act {
            Act::Move(direction) => self.step(direction),
            Act::Wait => Outcome::Taken,
            Act::Search => {
                let found = self.search();
                self.events.push(Event::Searched { found });
                Outcome::Taken
            }
            Act::Stairs(Vertical::Down) => self.descend(),
            Act::Stairs(Vertical::Up) => self.climb(),
            Act::Drink => self.drink(),
        }
    }

    /// Steps the `@` one tile unless a monster stands there (then it strikes it) or the
    /// target is not walkable (walls, and everything outside the map, which [`Map`] reads
    /// as wall): then it walks into it.
    fn step(&mut self, direction: Direction) -> Outcome {
        let from = self.player;
        let target = from + direction.step();
        if self.level().body_at(target).is_some() {
            return self.strike(target);
        }
        let map = self.level().map();
        // in_bounds is implied by is_walkable; checked anyway so the rule reads plainly.
        if !map.in_bounds(target) || !map.is_walkable(target) {
            return self.walk_into(target);
        }
        self.moves += 1;
        self.events.push(Event::Moved { from, to: target });
        self.level_mut().leave(from);
        self.arrive(target);
        self.pick_up_here();
        self.stepped = Some(target);
        Outcome::Taken
    }

    /// The `@` walks into `at`, which it cannot enter: a bump (no turn), or a secret
    /// door found (at the second bump), or a locked door opened with a key (a turn) or
    /// refused without one.
    fn walk_into(&mut self, at: Point) -> Outcome {
        match self.level_mut().touch_door(at, false) {
            DoorTouch::Found(room) => {
                self.find_secret(at, room);
                Outcome::Taken
            }
            DoorTouch::Locked(key) if self.holds(key) => {
                match key {
                    KeyKind::Any => self.keys -= 1,
                    KeyKind::Colour(id) => self.level_mut().use_key(id),
                }
                self.level_mut().open_door(at);
                self.fov_dirty = true;
                let keys = self.keys;
                self.events.push(Event::Unlocked { at, key, keys });
                Outcome::Taken
            }
            DoorTouch::Locked(key) => {
                self.events.push(Event::Locked { at, key });
                Outcome::Refused
            }
            DoorTouch::Hidden | DoorTouch::Nothing => {
                self.events.push(Event::Bumped { at });
                Outcome::Refused
            }
        }
    }

    /// Picks up what lies where the `@` stands, if it is taken by walking over it.
    fn pick_up_here(&mut self) {
        let at = self.player;
        let level = self.level_mut();
        if !level
            .entities()
            .at(at)
            .is_some_and(|e| e.thing.is_picked_up())
        {
            return;
        }
        let Some(entity) = level.take_thing(at) else {
            return;
        };
        match entity.thing {
            Thing::Key(key) => {
                match key {
                    KeyKind::Any => self.keys += 1,
                    KeyKind::Colour(id) => self.level_mut().hold(id),
                }
                let keys = self.keys;
                self.events.push(Event::PickedKey { key, keys });
            }
            item => self.take_item(item),
        }
    }

    /// True when the player holds a key that opens a door taking `key`: any of Isaac's
    /// keys, or the key of that colour (picked up on this level).
    pub fn holds(&self, key: KeyKind) -> bool {
        match key {
            KeyKind::Any => self.keys > 0,
            KeyKind::Colour(id) => self.level().holds(id),
        }
    }

    /// `s`: searches the eight tiles around the `@`; every secret door there opens.
    /// Returns how many were found.
    fn search(&mut self) -> usize {
        let mut found = 0;
        for d in Direction::ALL {
            let at = self.player + d.step();
            if let DoorTouch::Found(room) = self.level_mut().touch_door(at, true) {
                self.find_secret(at, room);
                found += 1;
            }
        }
        found
    }

    /// Opens secret door `at` (to secret room `room` of a grid, which shows on the
    /// minimap from now on, or a vault's).
    fn find_secret(&mut self, at: Point, room: Option<usize>) {
        let level = self.level_mut();
        level.open_door(at);
        let kind = room.and_then(|room| {
            level.find_secret_room(room);
            level
                .dungeon()
                .room_grid()?
                .rooms()
                .get(room)
                .map(|r| r.kind)
        });
        self.events.push(Event::FoundSecret { at, kind });
        // What the @ sees changes once the door is open.
        self.fov_dirty = true;
    }

    /// Isaac's keys held (a coloured lock's key is the level's:
    /// [`Level::held_keys`]).
    pub fn keys(&self) -> u32 {
        self.keys
    }

    /// The stairs the `@` stands on, if any (the level's, by place).
    pub fn stairs_here(&self) -> Option<Vertical> {
        self.level().stairs_at(self.player)
    }

    /// `>` on the down stairs: down to the level below (the `@` on its up stairs), if
    /// it was entered before or is staged; else the level to make.
    fn descend(&mut self) -> Outcome {
        if self.stairs_here() != Some(Vertical::Down) {
            return Outcome::Refused;
        }
        let below = self.current + 1;
        if below == self.levels.len() {
            match self.staged.take() {
                Some(mut level) => {
                    self.settle(&mut level);
                    self.levels.push(level);
                }
                None => return Outcome::NeedsLevel(self.depth() + 1),
            }
            self.leave_level();
            self.current = below;
            self.push_level_change(Vertical::Down, true);
            self.arrive(self.level().arrival());
            return Outcome::Taken;
        }
        let level = &self.levels[below];
        let arrival = level.up().unwrap_or(level.arrival());
        self.leave_level();
        self.current = below;
        self.push_level_change(Vertical::Down, false);
        self.arrive(arrival);
        Outcome::Taken
    }

    /// Holds `level`, just made for the depth below the deepest (after
    /// [`Outcome::NeedsLevel`]), for the `@` to go down into at its next `>`. A level of
    /// another depth is refused (false): the order it came from is stale.
    pub fn stage_level(&mut self, level: Level) -> bool {
        if level.depth() as usize != self.levels.len() + 1 {
            return false;
        }
        self.staged = Some(level);
        true
    }

    /// `<` on the up stairs: up to the level above, the `@` on its down stairs. Refused
    /// when not on up stairs (none on the first level).
    fn climb(&mut self) -> Outcome {
        if self.stairs_here() != Some(Vertical::Up) || self.current == 0 {
            return Outcome::Refused;
        }
        self.leave_level();
        self.current -= 1;
        let level = self.level();
        let arrival = level.down().unwrap_or(level.arrival());
        self.push_level_change(Vertical::Up, false);
        self.arrive(arrival);
        Outcome::Taken
    }

    /// Starts a new game on `level` (`R`): the levels so far are gone, and the turns
    /// start again. The field-of-view radius, the counts of moves and computations and
    /// the trail carry on: they are the session's.
    pub fn restart(&mut self, level: Level) {
        let next =
            Game::with_goal(level, self.fov_radius, self.goal_depth).with_monsters(self.monsters);
        *self = Game {
            fov_computations: self.fov_computations + next.fov_computations,
            moves: self.moves,
            trail: std::mem::take(&mut self.trail),
            ..next
        };
    }

    /// Puts `actor` on the level the `@` is on: it acts after the player from the next
    /// turn on.
    pub fn add_actor(&mut self, actor: Box<dyn Actor>) {
        let at = actor.body().map(|b| b.at);
        let level = self.level_mut();
        level.actors_mut().push(actor);
        if at.is_some_and(|at| level.enter(at)) {
            self.fov_dirty = true;
        }
    }

    /// The `@` leaves the current level (by the stairs): a door it held open would
    /// shut.
    fn leave_level(&mut self) {
        let at = self.player;
        self.level_mut().leave(at);
    }

    fn push_level_change(&mut self, way: Vertical, new: bool) {
        // Monsters are numbered per level: those of the new one in view are news.
        self.in_view.clear();
        self.events.push(Event::ChangedLevel {
            depth: self.depth(),
            way,
            new,
        });
    }

    /// Puts the `@` at `p` on the current level: a door there opens, the grid room
    /// there is visited, and what it sees is to be computed.
    fn arrive(&mut self, p: Point) {
        self.player = p;
        self.level_mut().enter(p);
        self.fov_dirty = true;
        self.visit_room_here();
    }

    /// Marks the grid room the `@` stands in as visited, with an event the first time.
    fn visit_room_here(&mut self) {
        let player = self.player;
        let level = &mut self.levels[self.current];
        if let Some(index) = level.visit(player)
            && let Some(room) = level
                .dungeon()
                .room_grid()
                .and_then(|g| g.rooms().get(index))
        {
            self.events.push(Event::EnteredRoom {
                index,
                kind: room.kind,
            });
        }
    }

    /// Step 3 of a turn: computes the field of view if what the `@` sees may have
    /// changed, and remembers what it shows; then the trail of a step. On error (which
    /// the movement rules rule out) the view stays to be computed, so that
    /// [`Game::update_fov`] reports it.
    pub(crate) fn perceive(&mut self) {
        if self.fov_dirty {
            let _ = self.look();
        } else {
            // Things move without changing what the @ sees.
            self.levels[self.current].remember_things(&self.view);
        }
        self.notice_monsters();
        if let Some(at) = self.stepped.take() {
            let level = self.level();
            self.trail.push(TrailStep {
                at,
                depth: level.depth(),
                remembered: level.known().known_tiles(),
            });
        }
    }

    /// Computes what the `@` sees (in a grid of rooms the room it stands in, else the
    /// torch's field of view) and remembers it; stairs seen for the first time are
    /// events.
    fn look(&mut self) -> Result<(), FovError> {
        self.fov_dirty = true;
        let level = &mut self.levels[self.current];
        let dungeon = level.dungeon();
        let radius = Radius::or_unlimited(self.fov_radius);
        self.view
            .compute(&dungeon.map, dungeon.room_grid(), self.player, radius)?;
        let landmarks = level.remember(&self.view).to_vec();
        for landmark in landmarks {
            if let Some(way) = level.stairs_at(landmark.at) {
                self.events.push(Event::SawStairs {
                    at: landmark.at,
                    way,
                });
            }
        }
        self.fov_dirty = false;
        self.fov_computations += 1;
        Ok(())
    }

    /// Computes the field of view if a computation failed since the last call (turns
    /// compute it themselves). Returns whether it computed.
    ///
    /// # Errors
    /// [`FovError`] if the `@` is off the map, which the movement rules prevent.
    pub fn update_fov(&mut self) -> Result<bool, FovError> {
        if !self.fov_dirty {
            return Ok(false);
        }
        self.look()?;
        Ok(true)
    }

    /// The events since the last call, oldest first: those of a field of view computed
    /// by [`Game::update_fov`] (a turn returns its own).
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    pub(crate) fn push_events(&mut self, events: Vec<Event>) {
        self.events.extend(events);
    }

    pub(crate) fn level_mut(&mut self) -> &mut Level {
        &mut self.levels[self.current]
    }

    /// The level the `@` is on.
    pub fn level(&self) -> &Level {
        &self.levels[self.current]
    }

    /// Every level entered, by depth from 1.
    pub fn levels(&self) -> &[Level] {
        &self.levels
    }

    /// The depth of the level the `@` is on, 1 for the first.
    pub fn depth(&self) -> u32 {
        self.level().depth()
    }

    /// What the player knows of the current level.
    pub fn known(&self) -> &Knowledge {
        self.level().known()
    }

    /// Grid dungeons: the rooms in sight, those whose tiles the `@` stands on (one on a
    /// room's floor, the two a door joins in a doorway), by index; empty in other
    /// dungeons.
    pub fn rooms_in_sight(&self) -> Vec<usize> {
        self.dungeon()
            .room_grid()
            .map(|grid| crate::sight::rooms_holding(grid, self.player))
            .unwrap_or_default()
    }

    /// Grid dungeons: the index of the room the `@` stands in (a door counts as the
    /// room west or north of it).
    pub fn current_room_index(&self) -> Option<usize> {
        self.dungeon().room_grid()?.room_index_at_tile(self.player)
    }

    /// Grid dungeons: the index of the room whose floor the `@` stands on; `None` on a
    /// door between two rooms (it belongs to both) and in other dungeons.
    pub fn room_floor_index(&self) -> Option<usize> {
        let grid = self.dungeon().room_grid()?;
        let i = grid.room_index_at_tile(self.player)?;
        let room = grid.rooms().get(i)?;
        on_room_floor(grid, room, self.player).then_some(i)
    }

    /// Grid dungeons: the room the `@` stands in.
    pub fn current_room(&self) -> Option<&GridRoom> {
        let i = self.current_room_index()?;
        self.dungeon().room_grid()?.rooms().get(i)
    }

    /// Grid dungeons: true once the `@` has stood in room `index` of this level.
    pub fn is_room_visited(&self, index: usize) -> bool {
        self.level().is_room_visited(index)
    }

    /// Grid dungeons: true once any floor tile of room `index` of this level was seen.
    pub fn is_room_seen(&self, index: usize) -> bool {
        self.level().is_room_seen(index)
    }

    /// Grid dungeons: the rooms of this level found so far; `None` for other dungeons.
    pub fn minimap(&self) -> Option<&Minimap> {
        self.level().minimap()
    }

    /// Where this level's room labels go.
    pub fn room_labels(&self) -> &RoomLabels {
        self.level().room_labels()
    }

    /// The game's seed: the first level's.
    pub fn seed(&self) -> u64 {
        self.levels[0].seed()
    }

    /// The generator and settings of the current level.
    pub fn generator(&self) -> &Generator {
        self.level().generator()
    }

    /// The current level's dungeon, stairs included.
    pub fn dungeon(&self) -> &Dungeon {
        self.level().dungeon()
    }

    /// The current level's map.
    pub fn map(&self) -> &Map {
        self.level().map()
    }

    /// The current level's rooms in the order they were placed.
    pub fn rooms(&self) -> &[Rect] {
        &self.dungeon().rooms
    }

    /// Where the `@` stands.
    pub fn player(&self) -> Point {
        self.player
    }

    /// The field-of-view radius (0 is unlimited).
    pub fn fov_radius(&self) -> u32 {
        self.fov_radius
    }

    /// What the player is shown at `p`: in sight (or everywhere with `reveal`, the
    /// whole map) the tile as it is, else as remembered, `None` if never seen; what the
    /// tile is ([`Level::kind_at`]), and the thing on it. Drawing and look mode read
    /// tiles and things through this alone.
    pub fn appearance(&self, p: Point, reveal: bool) -> Option<Appearance> {
        let level = self.level();
        let (tile, things) = if reveal || self.is_visible(p) {
            (Some(level.map().tile(p)), level.entities())
        } else {
            (level.known().tile(p), level.known().things())
        };
        let tile = tile?;
        Some(Appearance {
            tile,
            kind: level.kind_at(p, tile),
            thing: things.at(p).map(|e| e.thing),
        })
    }

    /// True when `p` is in sight now: in a grid of rooms, in the room (or the two rooms
    /// of a doorway) the `@` stands in; elsewhere in the torch's field of view.
    pub fn is_visible(&self, p: impl Into<Point>) -> bool {
        self.view.is_visible(p.into())
    }

    /// How many times the field of view has been computed since the game began.
    pub fn fov_computations(&self) -> u64 {
        self.fov_computations
    }

    /// Steps the `@` has taken since the session began (blocked moves do not count).
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// Turns passed in this game (a new game starts again at 0).
    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// The levels, for tests that change a level's state directly.
    #[cfg(test)]
    pub(crate) fn levels_mut_for_tests(&mut self) -> &mut [Level] {
        &mut self.levels
    }

    /// Every step the `@` has taken since the session began, oldest first.
    pub fn trail(&self) -> &[TrailStep] {
        &self.trail
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::level::{STAIRS_DOWN, STAIRS_UP};
    use mapgen::generators::grid::GridSettings;
    use mapgen::generators::rooms::RoomsSettings;

    /// A 5x5 room with walls around and the `@` in the middle (the down stairs in the
    /// top-left corner, the exit).
    pub(crate) fn room() -> Game {
        let map =
            Map::from_ascii("#######\n#.....#\n#.....#\n#.....#\n#.....#\n#.....#\n#######\n")
                .unwrap();
        dungeon_game(map, Point::new(3, 3))
    }

    /// A game on `map` with the `@` at `start`, said to come from the rooms generator
    /// at seed 1, with a field-of-view radius of 10.
    pub(crate) fn dungeon_game(map: Map, start: Point) -> Game {
        let dungeon = Dungeon::new(map, start);
        Game::from_dungeon(Generator::Rooms(RoomsSettings::default()), 1, dungeon, 10)
    }

    fn stepped(from: Point, d: Direction) -> Point {
        from + d.step()
    }

    #[test]
    fn moves_in_all_eight_directions_on_open_floor() {
        for d in Direction::ALL {
            let mut game = room();
            let turn = game.turn(Act::Move(d));
            assert!(turn.is_taken(), "{d:?}");
            assert_eq!(game.player(), stepped(Point::new(3, 3), d));
            assert_eq!(
                turn.events[0],
                Event::Moved {
                    from: Point::new(3, 3),
                    to: game.player()
                }
            );
        }
    }

    #[test]
    fn walls_block_in_all_eight_directions() {
        let map = Map::from_ascii("###\n#.#\n###\n").unwrap();
        for d in Direction::ALL {
            let mut game = dungeon_game(map.clone(), Point::new(1, 1));
            let turn = game.turn(Act::Move(d));
            assert_eq!(turn.outcome, Outcome::Refused, "{d:?} went through a wall");
            assert_eq!(game.player(), Point::new(1, 1));
            assert_eq!(game.moves(), 0, "a blocked move is no move");
            assert_eq!(game.turns(), 0, "nor a turn");
            assert_eq!(
                turn.events,
                [Event::Bumped {
                    at: stepped(Point::new(1, 1), d)
                }]
            );
        }
    }

    #[test]
    fn only_the_blocked_directions_are_blocked() {
        // Walls to the north and east only.
        let map = Map::from_ascii("#####\n#..##\n#...#\n#...#\n#####\n").unwrap();
        let open: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| {
                let mut game = dungeon_game(map.clone(), Point::new(2, 2));
                game.turn(Act::Move(d)).is_taken()
            })
            .collect();
        use Direction::*;
        assert_eq!(
            open,
            vec![North, East, SouthEast, South, SouthWest, West, NorthWest]
        );
    }

    #[test]
    fn the_player_never_leaves_the_map() {
        // Floor right up to the edges: only the map's border stops the `@`.
        let map = Map::from_ascii("...\n...\n...\n").unwrap();
        for start in [(0, 0), (2, 0), (0, 2), (2, 2), (1, 0), (0, 1)] {
            let start = Point::from(start);
            for d in Direction::ALL {
                let mut game = dungeon_game(map.clone(), start);
                let target = stepped(start, d);
                assert_eq!(
                    game.turn(Act::Move(d)).is_taken(),
                    map.in_bounds(target),
                    "{start} {d:?}"
                );
                assert!(map.in_bounds(game.player()));
            }
        }
    }

    #[test]
    fn the_player_sees_around_and_walls_are_lit() {
        let game = room();
        assert!(game.is_visible((3, 3)));
        assert!(game.is_visible((1, 1)));
        assert!(game.is_visible((0, 3)), "walls in sight are lit");
    }

    /// Each move looks at once, so nothing passed on the way is missed; `update_fov` then
    /// has nothing to do until the `@` comes to a level.
    #[test]
    fn a_move_looks_at_once_and_memory_only_grows() {
        let mut game = Game::new(Generator::Rooms(RoomsSettings::default()), 3, 4).unwrap();
        assert!(!game.update_fov().unwrap(), "the start looked already");
        let computations = game.fov_computations();
        let mut last = game.known().known_tiles();
        assert!(last > 0);
        let start = game.player();
        let mut moved = 0;
        for d in [Direction::East; 30]
            .into_iter()
            .chain([Direction::South; 30])
        {
            moved += u64::from(game.turn(Act::Move(d)).is_taken());
            assert!(!game.update_fov().unwrap());
            let now = game.known().known_tiles();
            assert!(now >= last, "memory shrank from {last} to {now}");
            last = now;
            assert!(game.known().is_known(start), "the start stays remembered");
        }
        assert_eq!(game.fov_computations(), computations + moved);
        assert_eq!(game.trail().len() as u64, moved);
        assert_eq!(game.trail().last().unwrap().remembered, last);
        assert!(game.level().explored_percent() > 0.0);
    }

    #[test]
    fn rooms_are_visited_by_standing_in_them() {
        let game = Game::new(Generator::Grid(GridSettings::default()), 8, 10).unwrap();
        assert_eq!(game.current_room_index(), Some(0));
        assert!(game.is_room_visited(0));
        let rooms = game.dungeon().room_grid().unwrap().rooms().len();
        assert!((1..rooms).all(|i| !game.is_room_visited(i)));
        assert!(
            !game.is_room_visited(rooms + 5),
            "out of range is not visited"
        );
    }

    /// A corridor with the down stairs at its east end (the exit).
    fn corridor_game() -> Game {
        let map = Map::from_ascii("#######\n#.....#\n#######\n").unwrap();
        dungeon_game(map, Point::new(1, 1))
    }

    fn walk_east_to_stairs(game: &mut Game) {
        while game.stairs_here() != Some(Vertical::Down) {
            assert!(game.turn(Act::Move(Direction::East)).is_taken());
        }
    }

    #[test]
    fn stairs_link_both_ways_and_levels_keep_their_memory() {
        let mut game = corridor_game();
        assert_eq!(game.map().tile((5, 1)), STAIRS_DOWN);
        let up = Act::Stairs(Vertical::Up);
        let down = Act::Stairs(Vertical::Down);
        assert_eq!(game.turn(up).outcome, Outcome::Refused, "no stairs up");
        assert_eq!(game.turn(down).outcome, Outcome::Refused, "not on stairs");
        walk_east_to_stairs(&mut game);
        let known_above = game.known().clone();
        assert_eq!(game.turn(down).outcome, Outcome::NeedsLevel(2));
        let map = Map::from_ascii("#####\n#...#\n#####\n").unwrap();
        let below = Level::new(
            2,
            game.generator().clone(),
            77,
            Dungeon::new(map, Point::new(3, 1)),
        );
        assert!(!game.stage_level(Level::new(
            3,
            game.generator().clone(),
            1,
            game.dungeon().clone()
        )));
        assert!(game.stage_level(below));
        let entered = game.turn(down);
        assert!(entered.is_taken());
        assert_eq!(
            entered.events[0],
            Event::ChangedLevel {
                depth: 2,
                way: Vertical::Down,
                new: true
            }
        );
        assert_eq!((game.depth(), game.player()), (2, Point::new(3, 1)));
        assert_eq!(game.map().tile(game.player()), STAIRS_UP);
        assert!(game.turn(Act::Move(Direction::West)).is_taken());
        assert!(game.turn(Act::Move(Direction::East)).is_taken());
        let known_below = game.known().clone();
        let climbed = game.turn(up);
        assert!(climbed.is_taken());
        assert_eq!(
            climbed.events,
            [Event::ChangedLevel {
                depth: 1,
                way: Vertical::Up,
                new: false
            }]
        );
        assert_eq!(
            (game.depth(), game.player()),
            (1, Point::new(5, 1)),
            "on the down stairs"
        );
        assert_eq!(game.known(), &known_above, "memory kept");
        assert!(game.turn(down).is_taken());
        assert_eq!(
            (game.depth(), game.player()),
            (2, Point::new(3, 1)),
            "on the up stairs"
        );
        assert_eq!(game.known(), &known_below);
        assert_eq!(game.levels().len(), 2);
    }

    #[test]
    fn a_restart_starts_afresh_and_the_counters_carry_on() {
        let mut game = Game::new(Generator::Rooms(RoomsSettings::default()), 5, 7).unwrap();
        let moved = Direction::ALL
            .into_iter()
            .filter(|&d| game.turn(Act::Move(d)).is_taken())
            .count();
        assert!(moved > 0, "the start room has room to move");
        let (moves, computations) = (game.moves(), game.fov_computations());
        let grid = Generator::Grid(GridSettings::default());
        let order = LevelOrder::first(grid.clone(), 11);
        game.restart(order.make().unwrap());
        assert_eq!((game.generator(), game.seed()), (&grid, 11));
        assert_eq!(game.player(), game.dungeon().start);
        assert_eq!(game.fov_radius(), 7);
        assert_eq!(game.moves(), moves);
        assert_eq!(
            game.fov_computations(),
            computations + 1,
            "the new map seen"
        );
        assert_eq!(game.trail().len(), moved);
    }

    /// A huge radius must not overflow: it sees what an unlimited one does.
    #[test]
    fn a_huge_radius_sees_what_an_unlimited_one_does() {
        let rooms = Generator::Rooms(RoomsSettings::default());
        let mut huge = Game::new(rooms.clone(), 4, u32::MAX).unwrap();
        let mut unlimited = Game::new(rooms, 4, 0).unwrap();
        for d in [Direction::East, Direction::South, Direction::West] {
            huge.turn(Act::Move(d)).is_taken();
            unlimited.turn(Act::Move(d)).is_taken();
            for p in huge.map().as_grid().points() {
                assert_eq!(huge.is_visible(p), unlimited.is_visible(p), "{p}");
            }
        }
        assert_eq!(huge.known(), unlimited.known());
    }
}
