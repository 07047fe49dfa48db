//! The game state and its rules: moving, seeing, remembering, new dungeons.

use mapgen::{
    Dungeon, FieldOfView, FovError, GenerateError, Generator, GeneratorKind, GridRoom, Map, Point,
    Rect,
};

use crate::action::{Action, Direction};
use crate::memory::Explored;

/// The torch of the tutorial: walls in sight are lit.
pub const LIGHT_WALLS: bool = true;

/// The default field-of-view radius, the tutorial's `TORCH_RADIUS`.
pub const DEFAULT_FOV_RADIUS: u32 = 10;

/// What the window must do after an action the rules cannot carry out themselves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Response {
    /// Nothing beyond redrawing.
    Continue,
    /// Switch to the next font.
    NextFont,
    /// Leave the game.
    Quit,
}

/// One game: the dungeon, the `@`, what it sees and what it remembers.
#[derive(Debug, Clone)]
pub struct Game {
    generator: Generator,
    seed: u64,
    dungeon: Dungeon,
    player: Point,
    fov_radius: u32,
    fov: FieldOfView,
    /// Set when the `@` moved or the map changed; the only times sight can change.
    fov_dirty: bool,
    fov_computations: u64,
    moves: u64,
    explored: Explored,
    reveal_map: bool,
    show_labels: bool,
    /// Grid dungeons: which rooms of `dungeon.grid` the `@` has stood in, by index.
    visited_rooms: Vec<bool>,
    /// The generators `G` cycles through, one per kind, with the player's settings.
    generator_choices: Vec<Generator>,
}

impl Game {
    /// A game in the dungeon `generator` makes from `seed`, the `@` at its start.
    ///
    /// # Errors
    /// The generator's error for invalid settings.
    pub fn new(generator: Generator, seed: u64, fov_radius: u32) -> Result<Game, GenerateError> {
        let dungeon = generator.generate(seed)?;
        Ok(Game::from_dungeon(generator, seed, dungeon, fov_radius))
    }

    /// A game in a given dungeon (a hand-made one in tests), said to come from `seed`.
    pub fn from_dungeon(
        generator: Generator,
        seed: u64,
        dungeon: Dungeon,
        fov_radius: u32,
    ) -> Game {
        let map = &dungeon.map;
        let rooms_in_grid = dungeon.grid.as_ref().map_or(0, |g| g.rooms.len());
        let generator_choices = GeneratorKind::ALL
            .iter()
            .map(|&kind| {
                if kind == generator.kind() {
                    generator.clone()
                } else {
                    Generator::with_defaults(kind)
                }
            })
            .collect();
        let mut game = Game {
            fov: FieldOfView::new(map.width(), map.height()),
            explored: Explored::new(map),
            player: dungeon.start,
            generator,
            seed,
            dungeon,
            fov_radius,
            fov_dirty: true,
            fov_computations: 0,
            moves: 0,
            reveal_map: false,
            show_labels: false,
            visited_rooms: vec![false; rooms_in_grid],
            generator_choices,
        };
        game.visit_current_room();
        game
    }

    /// The same game, with `G` cycling through `choices` (one generator per kind; the
    /// binary builds them from the flags) instead of the other kinds' defaults.
    #[must_use]
    pub fn with_generator_choices(mut self, choices: Vec<Generator>) -> Game {
        for choice in choices {
            match self
                .generator_choices
                .iter_mut()
                .find(|g| g.kind() == choice.kind())
            {
                Some(slot) => *slot = choice,
                None => self.generator_choices.push(choice),
            }
        }
        self
    }

    /// Carries out `action`. `fresh_seed` is asked for seeds only by
    /// [`Action::NewDungeon`]; font changes and quitting are left to the window.
    ///
    /// # Errors
    /// Only from [`Action::NewDungeon`], when the generator fails; the old dungeon stays.
    pub fn apply(
        &mut self,
        action: Action,
        fresh_seed: &mut dyn FnMut() -> u64,
    ) -> Result<Response, GenerateError> {
        match action {
            Action::Move(direction) => {
                self.try_move(direction);
            }
            Action::Wait => {}
            Action::NewDungeon => self.new_dungeon(fresh_seed)?,
            Action::NextGenerator => self.next_generator(fresh_seed)?,
            Action::ToggleReveal => self.reveal_map = !self.reveal_map,
            Action::ToggleLabels => self.show_labels = !self.show_labels,
            Action::NextFont => return Ok(Response::NextFont),
            Action::Quit => return Ok(Response::Quit),
        }
        Ok(Response::Continue)
    }

    /// Steps the `@` one tile unless the target is not walkable (walls, and everything
    /// outside the map, which [`Map`] reads as wall). Returns whether it moved.
    pub fn try_move(&mut self, direction: Direction) -> bool {
        let (dx, dy) = direction.delta();
        let target = Point::new(self.player.x + dx, self.player.y + dy);
        let map = &self.dungeon.map;
        // in_bounds is implied by is_walkable; checked anyway so the rule reads plainly.
        if !map.in_bounds(target.x, target.y) || !map.is_walkable(target.x, target.y) {
            return false;
        }
        self.player = target;
        self.fov_dirty = true;
        self.moves += 1;
        self.visit_current_room();
        true
    }

    /// Replaces the dungeon with the one made from a fresh seed (never the current one)
    /// and puts the `@` at its start, with nothing explored.
    ///
    /// # Errors
    /// The generator's error; the current dungeon is kept.
    pub fn new_dungeon(
        &mut self,
        fresh_seed: &mut dyn FnMut() -> u64,
    ) -> Result<(), GenerateError> {
        self.regenerate(self.generator.clone(), fresh_seed)
    }

    /// `G`: the next kind of generator (rooms, grid, ...) with the player's settings for
    /// it, in a dungeon from a fresh seed.
    ///
    /// # Errors
    /// The generator's error; the current dungeon and generator are kept.
    pub fn next_generator(
        &mut self,
        fresh_seed: &mut dyn FnMut() -> u64,
    ) -> Result<(), GenerateError> {
        let kind = self.generator.kind().next();
        let next = self
            .generator_choices
            .iter()
            .find(|g| g.kind() == kind)
            .cloned()
            .unwrap_or_else(|| Generator::with_defaults(kind));
        self.regenerate(next, fresh_seed)
    }

    /// Replaces the game with a fresh one in `generator`'s dungeon for a new seed,
    /// keeping the player's display toggles and counters.
    fn regenerate(
        &mut self,
        generator: Generator,
        fresh_seed: &mut dyn FnMut() -> u64,
    ) -> Result<(), GenerateError> {
        let seed = different_seed(self.seed, fresh_seed);
        let dungeon = generator.generate(seed)?;
        *self = Game {
            reveal_map: self.reveal_map,
            show_labels: self.show_labels,
            fov_computations: self.fov_computations,
            moves: self.moves,
            generator_choices: std::mem::take(&mut self.generator_choices),
            ..Game::from_dungeon(generator, seed, dungeon, self.fov_radius)
        };
        Ok(())
    }

    /// Marks the grid room the `@` stands in as visited.
    fn visit_current_room(&mut self) {
        if let Some(i) = self.current_room_index() {
            self.visited_rooms[i] = true;
        }
    }

    /// Grid dungeons: the index of the room the `@` stands in (a door counts as the
    /// room west or north of it).
    pub fn current_room_index(&self) -> Option<usize> {
        self.dungeon.grid.as_ref()?.room_index_at(self.player)
    }

    /// Grid dungeons: the room the `@` stands in.
    pub fn current_room(&self) -> Option<&GridRoom> {
        let i = self.current_room_index()?;
        self.dungeon.grid.as_ref().map(|g| &g.rooms[i])
    }

    /// Grid dungeons: true once the `@` has stood in room `index`.
    pub fn is_room_visited(&self, index: usize) -> bool {
        self.visited_rooms.get(index).copied().unwrap_or(false)
    }

    /// Grid dungeons: true once any floor tile of room `index` has been seen.
    pub fn is_room_seen(&self, index: usize) -> bool {
        let Some(grid) = self.dungeon.grid.as_ref() else {
            return false;
        };
        grid.rooms.get(index).is_some_and(|room| {
            let floor = grid.outline(room.col, room.row);
            floor
                .inner_cells()
                .any(|p| self.explored.is_explored(p.x, p.y))
        })
    }

    /// Recomputes the field of view if the `@` moved or the map changed since the last
    /// call, and adds what it sees to the explored tiles. Returns whether it recomputed.
    ///
    /// # Errors
    /// [`FovError`] if the `@` is off the map, which the movement rules prevent.
    pub fn update_fov(&mut self) -> Result<bool, FovError> {
        if !self.fov_dirty {
            return Ok(false);
        }
        let map = &self.dungeon.map;
        self.fov
            .compute(map, self.player, self.fov_radius, LIGHT_WALLS)?;
        self.explored
            .remember(map, &self.fov, self.player, self.fov_radius);
        self.fov_dirty = false;
        self.fov_computations += 1;
        Ok(true)
    }

    /// The seed of the current dungeon.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The generator and its settings.
    pub fn generator(&self) -> &Generator {
        &self.generator
    }

    /// The current dungeon.
    pub fn dungeon(&self) -> &Dungeon {
        &self.dungeon
    }

    /// The current map.
    pub fn map(&self) -> &Map {
        &self.dungeon.map
    }

    /// The rooms in the order they were placed.
    pub fn rooms(&self) -> &[Rect] {
        &self.dungeon.rooms
    }

    /// Where the `@` stands.
    pub fn player(&self) -> Point {
        self.player
    }

    /// The field-of-view radius (0 is unlimited).
    pub fn fov_radius(&self) -> u32 {
        self.fov_radius
    }

    /// True when `(x, y)` is in sight now (as of the last [`Game::update_fov`]).
    pub fn is_visible(&self, x: i32, y: i32) -> bool {
        self.fov.is_visible(x, y)
    }

    /// The tiles seen so far.
    pub fn explored(&self) -> &Explored {
        &self.explored
    }

    /// How many times the field of view has been computed since the game began.
    pub fn fov_computations(&self) -> u64 {
        self.fov_computations
    }

    /// Steps the `@` has taken since the game began (blocked moves do not count).
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// True while `M` shows the whole map.
    pub fn reveal_map(&self) -> bool {
        self.reveal_map
    }

    /// True while `T` shows room labels.
    pub fn show_labels(&self) -> bool {
        self.show_labels
    }
}

/// A seed from `fresh_seed` that differs from `current`; after a few equal draws (a
/// broken source) it steps past `current` instead of looping.
fn different_seed(current: u64, fresh_seed: &mut dyn FnMut() -> u64) -> u64 {
    (0..8)
        .map(|_| fresh_seed())
        .find(|&s| s != current)
        .unwrap_or_else(|| current.wrapping_add(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::RoomsSettings;

    /// A 5x5 room with walls around and the `@` in the middle.
    fn room() -> Game {
        let map =
            Map::from_ascii("#######\n#.....#\n#.....#\n#.....#\n#.....#\n#.....#\n#######\n")
                .unwrap();
        dungeon_game(map, Point::new(3, 3))
    }

    fn dungeon_game(map: Map, start: Point) -> Game {
        let dungeon = Dungeon {
            map,
            rooms: vec![],
            start,
            grid: None,
        };
        Game::from_dungeon(Generator::Rooms(RoomsSettings::default()), 1, dungeon, 10)
    }

    fn stepped(from: Point, d: Direction) -> Point {
        let (dx, dy) = d.delta();
        Point::new(from.x + dx, from.y + dy)
    }

    #[test]
    fn moves_in_all_eight_directions_on_open_floor() {
        for d in Direction::ALL {
            let mut game = room();
            assert!(game.try_move(d), "{d:?}");
            assert_eq!(game.player(), stepped(Point::new(3, 3), d));
        }
    }

    #[test]
    fn walls_block_in_all_eight_directions() {
        // A floor cell walled in on every side.
        let map = Map::from_ascii("###\n#.#\n###\n").unwrap();
        for d in Direction::ALL {
            let mut game = dungeon_game(map.clone(), Point::new(1, 1));
            assert!(!game.try_move(d), "{d:?} went through a wall");
            assert_eq!(game.player(), Point::new(1, 1));
            assert_eq!(game.moves(), 0, "a blocked move is no move");
        }
    }

    #[test]
    fn only_the_blocked_directions_are_blocked() {
        // Walls to the north and east only.
        let map = Map::from_ascii("#####\n#..##\n#...#\n#...#\n#####\n").unwrap();
        let open: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| dungeon_game(map.clone(), Point::new(2, 2)).try_move(d))
            .collect();
        use Direction::*;
        assert_eq!(
            open,
            vec![North, East, SouthEast, South, SouthWest, West, NorthWest]
        );
        let mut game = dungeon_game(map, Point::new(2, 2));
        assert!(!game.try_move(NorthEast));
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
                let moved = game.try_move(d);
                assert_eq!(moved, map.in_bounds(target.x, target.y), "{start} {d:?}");
                assert!(map.in_bounds(game.player().x, game.player().y));
            }
        }
        // Walking into an edge forever keeps the `@` on the map.
        let mut game = dungeon_game(map, Point::new(1, 1));
        for _ in 0..10 {
            game.try_move(Direction::NorthWest);
        }
        assert_eq!(game.player(), Point::new(0, 0));
    }

    #[test]
    fn fov_is_recomputed_only_when_the_player_moves_or_the_map_changes() {
        let mut game = room();
        assert!(game.update_fov().unwrap(), "first frame computes");
        assert_eq!(game.fov_computations(), 1);
        for _ in 0..5 {
            assert!(!game.update_fov().unwrap(), "idle frames do not");
        }
        let mut seeds = || 99;
        for action in [
            Action::Wait,
            Action::ToggleReveal,
            Action::ToggleLabels,
            Action::NextFont,
        ] {
            game.apply(action, &mut seeds).unwrap();
            assert!(!game.update_fov().unwrap(), "{action:?}");
        }
        assert_eq!(game.fov_computations(), 1);
        // A blocked move changes nothing either.
        let mut walled = dungeon_game(
            Map::from_ascii("###\n#.#\n###\n").unwrap(),
            Point::new(1, 1),
        );
        walled.update_fov().unwrap();
        walled
            .apply(Action::Move(Direction::North), &mut seeds)
            .unwrap();
        assert!(!walled.update_fov().unwrap());
        // A real move does, once.
        game.apply(Action::Move(Direction::East), &mut seeds)
            .unwrap();
        assert!(game.update_fov().unwrap());
        assert!(!game.update_fov().unwrap());
        assert_eq!(game.fov_computations(), 2);
        // A new map does.
        game.apply(Action::NewDungeon, &mut seeds).unwrap();
        assert!(game.update_fov().unwrap());
        assert_eq!(game.fov_computations(), 3);
    }

    #[test]
    fn the_player_sees_around_and_walls_are_lit() {
        let mut game = room();
        game.update_fov().unwrap();
        assert!(game.is_visible(3, 3));
        assert!(game.is_visible(1, 1));
        assert!(game.is_visible(0, 3), "walls in sight are lit");
    }

    #[test]
    fn explored_tiles_accumulate_as_the_player_walks() {
        let settings = RoomsSettings::default();
        let mut game = Game::new(Generator::Rooms(settings), 3, 4).unwrap();
        game.update_fov().unwrap();
        let mut last = game.explored().seen_cells();
        assert!(last > 0);
        let start = game.player();
        let mut seen_start = true;
        // Walk east then south as far as the map allows; memory only grows.
        for d in [Direction::East; 30]
            .into_iter()
            .chain([Direction::South; 30])
        {
            game.try_move(d);
            game.update_fov().unwrap();
            let now = game.explored().seen_cells();
            assert!(now >= last, "explored shrank from {last} to {now}");
            last = now;
            seen_start &= game.explored().is_explored(start.x, start.y);
        }
        assert!(seen_start, "the start stays remembered");
        assert!(game.explored().percent() > 0.0);
    }

    #[test]
    fn new_dungeon_gives_a_different_valid_dungeon() {
        let generator = Generator::Rooms(RoomsSettings::default());
        let mut game = Game::new(generator.clone(), 5, 10).unwrap();
        game.update_fov().unwrap();
        game.try_move(Direction::East);
        game.update_fov().unwrap();
        let old = game.dungeon().clone();
        let mut seeds = [5, 5, 77].into_iter(); // the current seed is skipped
        let response = game
            .apply(Action::NewDungeon, &mut || seeds.next().unwrap())
            .unwrap();
        assert_eq!(response, Response::Continue);
        assert_eq!(game.seed(), 77);
        assert_ne!(game.dungeon(), &old);
        assert_eq!(
            game.dungeon(),
            &generator.generate(77).unwrap(),
            "the seed names it"
        );
        let start = game.dungeon().start;
        assert_eq!(game.player(), start);
        assert!(game.map().is_walkable(start.x, start.y));
        assert_eq!(game.explored().seen_cells(), 0, "memory starts afresh");
        game.update_fov().unwrap();
        assert!(game.is_visible(start.x, start.y));
    }

    #[test]
    fn a_stuck_seed_source_still_gives_a_new_seed() {
        assert_eq!(different_seed(4, &mut || 4), 5);
        assert_eq!(different_seed(u64::MAX, &mut || u64::MAX), 0);
        assert_eq!(different_seed(4, &mut || 9), 9);
    }

    #[test]
    fn toggles_and_window_commands() {
        let mut game = room();
        let mut seeds = || 1;
        assert!(!game.reveal_map() && !game.show_labels());
        game.apply(Action::ToggleReveal, &mut seeds).unwrap();
        game.apply(Action::ToggleLabels, &mut seeds).unwrap();
        assert!(game.reveal_map() && game.show_labels());
        game.apply(Action::ToggleReveal, &mut seeds).unwrap();
        assert!(!game.reveal_map());
        assert_eq!(
            game.apply(Action::NextFont, &mut seeds),
            Ok(Response::NextFont)
        );
        assert_eq!(game.apply(Action::Quit, &mut seeds), Ok(Response::Quit));
    }

    #[test]
    fn toggles_survive_a_new_dungeon() {
        let mut game = Game::new(Generator::Rooms(RoomsSettings::default()), 1, 10).unwrap();
        let mut seeds = || 2;
        game.apply(Action::ToggleLabels, &mut seeds).unwrap();
        game.apply(Action::NewDungeon, &mut seeds).unwrap();
        assert!(game.show_labels());
    }

    #[test]
    fn g_switches_generator_and_back_with_fresh_seeds() {
        let mut game = Game::new(Generator::Rooms(RoomsSettings::default()), 5, 10).unwrap();
        let mut seeds = [11, 12].into_iter();
        game.apply(Action::NextGenerator, &mut || seeds.next().unwrap())
            .unwrap();
        assert_eq!(game.generator().kind(), GeneratorKind::Grid);
        assert_eq!(game.seed(), 11);
        assert!(game.dungeon().grid.is_some());
        assert_eq!(game.player(), game.dungeon().start);
        assert!(
            game.current_room()
                .is_some_and(|r| r.kind == mapgen::RoomKind::Start)
        );
        game.apply(Action::NextGenerator, &mut || seeds.next().unwrap())
            .unwrap();
        assert_eq!(
            game.generator(),
            &Generator::Rooms(RoomsSettings::default())
        );
        assert_eq!(game.seed(), 12);
    }

    #[test]
    fn g_uses_the_players_settings_for_the_other_generator() {
        let grid = mapgen::GridSettings {
            cols: 5,
            rows: 5,
            room_count: 6,
            ..Default::default()
        };
        let mut game = Game::new(Generator::Rooms(RoomsSettings::default()), 5, 10)
            .unwrap()
            .with_generator_choices(vec![Generator::Grid(grid)]);
        game.apply(Action::NextGenerator, &mut || 9).unwrap();
        assert_eq!(game.generator(), &Generator::Grid(grid));
        assert_eq!(game.dungeon().grid.as_ref().unwrap().rooms.len(), 6);
        // R keeps the chosen generator; G still knows both.
        game.apply(Action::NewDungeon, &mut || 10).unwrap();
        assert_eq!(game.generator(), &Generator::Grid(grid));
        game.apply(Action::NextGenerator, &mut || 11).unwrap();
        assert_eq!(game.generator().kind(), GeneratorKind::Rooms);
    }

    #[test]
    fn rooms_are_visited_by_standing_in_them() {
        let game = Game::new(Generator::Grid(mapgen::GridSettings::default()), 8, 10).unwrap();
        assert_eq!(game.current_room_index(), Some(0));
        assert!(game.is_room_visited(0));
        let rooms = game.dungeon().grid.as_ref().unwrap().rooms.len();
        assert!((1..rooms).all(|i| !game.is_room_visited(i)));
        assert!(
            !game.is_room_visited(rooms + 5),
            "out of range is not visited"
        );
    }
}
