//! The rules: the dungeon, the `@`, moving, seeing and remembering.
//!
//! Only what the rules decide lives here. What the player looks at (the `M` and `T`
//! toggles), which generator `G` picks, and the window's own commands are the
//! [`Session`](crate::session::Session)'s.

use mapgen::fov::{FieldOfView, FovError, LightWalls, Radius};
use mapgen::generators::Generator;
use mapgen::generators::grid::GridRoom;
use mapgen::{Dungeon, GenerateError, Map, Point, Rect};

use crate::action::Direction;
use crate::labels::RoomLabels;
use crate::memory::Explored;
use crate::minimap::Minimap;

/// The torch of the tutorial: walls in sight are lit.
pub const LIGHT_WALLS: LightWalls = LightWalls::On;

/// The default field-of-view radius, the tutorial's `TORCH_RADIUS`.
pub const DEFAULT_FOV_RADIUS: u32 = 10;

/// One game's rules: the dungeon and the generator and seed that made it, the `@`, what it
/// sees and when that is recomputed, what it remembers, the grid rooms it has stood in and
/// seen, and the counts of moves and field-of-view computations.
///
/// Everything that grows with the map is made once per dungeon ([`Game::from_dungeon`],
/// off the frame loop in the window) and then kept up to date by what changes: a move
/// costs what the `@` sees, a frame what the screen shows.
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
    /// Grid dungeons: which rooms of `dungeon.grid` the `@` has stood in, by index.
    visited_rooms: Vec<bool>,
    /// Grid dungeons: which rooms have had a floor tile seen, by index.
    seen_rooms: Vec<bool>,
    /// Grid dungeons: the rooms found so far, kept up to date as they are found.
    minimap: Option<Minimap>,
    /// Where the room labels go.
    labels: RoomLabels,
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
        let rooms_in_grid = dungeon.room_grid().map_or(0, |g| g.rooms().len());
        // Sized for the map now, so the first computation allocates nothing. A map is
        // never larger than FieldOfView allows; should it be, compute() says so.
        let fov = FieldOfView::new(map.width(), map.height()).unwrap_or_default();
        let mut game = Game {
            fov,
            explored: Explored::new(map),
            minimap: dungeon.room_grid().and_then(Minimap::blank),
            labels: RoomLabels::new(&dungeon.rooms),
            seen_rooms: vec![false; rooms_in_grid],
            player: dungeon.start,
            generator,
            seed,
            dungeon,
            fov_radius,
            fov_dirty: true,
            fov_computations: 0,
            moves: 0,
            visited_rooms: vec![false; rooms_in_grid],
        };
        game.visit_current_room();
        game
    }

    /// Steps the `@` one tile unless the target is not walkable (walls, and everything
    /// outside the map, which [`Map`] reads as wall). Returns whether it moved.
    pub fn try_move(&mut self, direction: Direction) -> bool {
        let target = self.player + direction.step();
        let map = &self.dungeon.map;
        // in_bounds is implied by is_walkable; checked anyway so the rule reads plainly.
        if !map.in_bounds(target) || !map.is_walkable(target) {
            return false;
        }
        self.player = target;
        self.fov_dirty = true;
        self.moves += 1;
        self.visit_current_room();
        true
    }

    /// Lets a turn pass with the `@` where it is. Nothing else in the dungeon acts yet, so
    /// no rule changes anything: the field of view stays as it is and no move is counted.
    pub fn wait(&mut self) {}

    /// Puts the `@` at the start of `dungeon`, made by `generator` from `seed`, with
    /// nothing explored and, of a grid's rooms, only the start room visited. The
    /// field-of-view radius and the counts of moves and computations carry on: they are
    /// the whole game's.
    pub fn replace_dungeon(&mut self, generator: Generator, seed: u64, dungeon: Dungeon) {
        self.take_over(Game::from_dungeon(
            generator,
            seed,
            dungeon,
            self.fov_radius,
        ));
    }

    /// Becomes `next` (a game in another dungeon, made with this game's radius), keeping
    /// this game's counts of moves and field-of-view computations: they are the whole
    /// game's.
    pub fn take_over(&mut self, next: Game) {
        *self = Game {
            fov_computations: self.fov_computations,
            moves: self.moves,
            ..next
        };
    }

    /// Marks the grid room the `@` stands in as visited, and as current on the minimap.
    fn visit_current_room(&mut self) {
        let Some(grid) = self.dungeon.room_grid() else {
            return;
        };
        let current = grid.room_index_at_tile(self.player);
        if let Some(i) = current
            && let Some(visited) = self.visited_rooms.get_mut(i)
            && !*visited
        {
            *visited = true;
            if let Some(minimap) = &mut self.minimap {
                minimap.visit(grid, i, &self.visited_rooms);
            }
        }
        if let Some(minimap) = &mut self.minimap {
            minimap.set_current(grid, current);
        }
    }

    /// Grid dungeons: the index of the room the `@` stands in (a door counts as the
    /// room west or north of it).
    pub fn current_room_index(&self) -> Option<usize> {
        self.dungeon.room_grid()?.room_index_at_tile(self.player)
    }

    /// Grid dungeons: the room the `@` stands in.
    pub fn current_room(&self) -> Option<&GridRoom> {
        let i = self.current_room_index()?;
        self.dungeon.room_grid().map(|g| &g.rooms()[i])
    }

    /// Grid dungeons: true once the `@` has stood in room `index`.
    pub fn is_room_visited(&self, index: usize) -> bool {
        self.visited_rooms.get(index).copied().unwrap_or(false)
    }

    /// Grid dungeons: true once any floor tile of room `index` has been seen.
    pub fn is_room_seen(&self, index: usize) -> bool {
        self.seen_rooms.get(index).copied().unwrap_or(false)
    }

    /// Grid dungeons: the rooms found so far; `None` for other dungeons.
    pub fn minimap(&self) -> Option<&Minimap> {
        self.minimap.as_ref()
    }

    /// Where the room labels go.
    pub fn room_labels(&self) -> &RoomLabels {
        &self.labels
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
        self.fov.compute(
            map,
            self.player,
            Radius::or_unlimited(self.fov_radius),
            LIGHT_WALLS,
        )?;
        let grid = self.dungeon.room_grid();
        let (seen_rooms, minimap) = (&mut self.seen_rooms, &mut self.minimap);
        // Only tiles seen for the first time can make a grid room seen.
        self.explored.remember_each(map, &self.fov, |p| {
            let Some(grid) = grid else {
                return;
            };
            let Some(i) = grid.room_index_at_tile(p) else {
                return;
            };
            let Some(room) = grid.rooms().get(i) else {
                return;
            };
            let on_floor = grid.outline(room.cell).inner_contains(p);
            if let Some(seen) = seen_rooms.get_mut(i)
                && on_floor
                && !*seen
            {
                *seen = true;
                if let Some(minimap) = minimap.as_mut() {
                    minimap.see(grid, i);
                }
            }
        });
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

    /// True when `p` is in sight now (as of the last [`Game::update_fov`]).
    pub fn is_visible(&self, p: impl Into<Point>) -> bool {
        self.fov.is_visible(p)
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
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use mapgen::generators::rooms::RoomsSettings;

    /// A 5x5 room with walls around and the `@` in the middle.
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
        let (dx, dy): (i32, i32) = d.step().into();
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
                assert_eq!(moved, map.in_bounds((target.x, target.y)), "{start} {d:?}");
                assert!(map.in_bounds((game.player().x, game.player().y)));
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
    fn the_player_sees_around_and_walls_are_lit() {
        let mut game = room();
        game.update_fov().unwrap();
        assert!(game.is_visible((3, 3)));
        assert!(game.is_visible((1, 1)));
        assert!(game.is_visible((0, 3)), "walls in sight are lit");
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
            seen_start &= game.explored().is_explored((start.x, start.y));
        }
        assert!(seen_start, "the start stays remembered");
        assert!(game.explored().percent() > 0.0);
    }

    #[test]
    fn rooms_are_visited_by_standing_in_them() {
        let game = Game::new(
            Generator::Grid(mapgen::generators::grid::GridSettings::default()),
            8,
            10,
        )
        .unwrap();
        assert_eq!(game.current_room_index(), Some(0));
        assert!(game.is_room_visited(0));
        let rooms = game.dungeon().room_grid().unwrap().rooms().len();
        assert!((1..rooms).all(|i| !game.is_room_visited(i)));
        assert!(
            !game.is_room_visited(rooms + 5),
            "out of range is not visited"
        );
    }

    #[test]
    fn a_replaced_dungeon_starts_afresh_and_the_counters_carry_on() {
        let mut game = Game::new(Generator::Rooms(RoomsSettings::default()), 5, 7).unwrap();
        game.update_fov().unwrap();
        let moved = Direction::ALL
            .into_iter()
            .filter(|&d| game.try_move(d))
            .count();
        assert!(moved > 0, "the start room has room to move");
        game.update_fov().unwrap();
        let (moves, computations) = (game.moves(), game.fov_computations());
        let grid = Generator::Grid(mapgen::generators::grid::GridSettings::default());
        let dungeon = grid.generate(11).unwrap();
        game.replace_dungeon(grid.clone(), 11, dungeon.clone());
        assert_eq!((game.generator(), game.seed()), (&grid, 11));
        assert_eq!(game.dungeon(), &dungeon);
        assert_eq!(game.player(), dungeon.start);
        assert_eq!(game.explored().seen_cells(), 0, "memory starts afresh");
        let rooms = dungeon.room_grid().unwrap().rooms().len();
        assert!(game.is_room_visited(0), "the @ stands in the start room");
        assert!((1..rooms).all(|i| !game.is_room_visited(i)));
        assert_eq!(game.fov_radius(), 7);
        assert_eq!(
            (game.moves(), game.fov_computations()),
            (moves, computations)
        );
        assert!(game.update_fov().unwrap(), "a new map is seen afresh");
        assert_eq!(game.fov_computations(), computations + 1);
    }

    /// `Game::new` with a huge field-of-view radius must not overflow: a radius beyond
    /// the map's corners sees what an unlimited one does.
    #[test]
    fn a_huge_radius_sees_what_an_unlimited_one_does() {
        let rooms = Generator::Rooms(RoomsSettings::default());
        let mut huge = Game::new(rooms.clone(), 4, u32::MAX).unwrap();
        let mut unlimited = Game::new(rooms, 4, 0).unwrap();
        for d in [Direction::East, Direction::South, Direction::West] {
            huge.try_move(d);
            unlimited.try_move(d);
            huge.update_fov().unwrap();
            unlimited.update_fov().unwrap();
            let map = huge.map();
            for p in map.as_grid().points() {
                assert_eq!(huge.is_visible(p), unlimited.is_visible(p), "{p}");
            }
        }
        assert_eq!(huge.explored(), unlimited.explored());
    }
}
