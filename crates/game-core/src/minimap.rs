//! The minimap of grid dungeons: one cell per grid room, what the player has found.
//!
//! Rooms appear once visited, the boss and treasure rooms once any of their floor has been
//! seen, and a door once the rooms on both its sides are visited. Room `(col, row)` sits at
//! `(2 * col, 2 * row)`; the cells between rooms hold their doors, and the cells between
//! two cells of one large room (the `isaac` generator's) are that room.

use mapgen::generators::grid::{GridRoom, RoomCell, RoomGrid, RoomKind, Side};
use mapgen::{Grid, Point};

use crate::state::Game;

/// What one minimap cell shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// A room: its kind, whether the `@` stands in it, whether it was visited (boss and
    /// treasure rooms also show once seen).
    Room {
        /// The room's kind.
        kind: RoomKind,
        /// The `@` is in this room.
        current: bool,
        /// The `@` has been in this room.
        visited: bool,
    },
    /// A door between two rooms side by side.
    DoorWestEast,
    /// A door between two rooms one above the other.
    DoorNorthSouth,
}

/// The minimap's cells, `None` where nothing is known.
///
/// The game keeps one per grid dungeon and updates it as the `@` visits rooms and sees
/// their floors ([`Minimap::visit`], [`Minimap::see`], [`Minimap::set_current`]), so a
/// frame reads it without rebuilding it: on a grid of thousands of rooms a rebuild per
/// frame cost tens of milliseconds. [`Minimap::of`] builds the same from scratch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minimap {
    /// Rooms (never marked current here) and doors.
    cells: Grid<Option<Mark>>,
    /// The cells of the room the `@` stands in.
    current: Vec<Point>,
}

impl Minimap {
    /// The minimap of `game`'s dungeon, built from scratch from what the game knows;
    /// `None` unless it is a grid dungeon. [`Game::minimap`] is the same, kept up to date.
    pub fn of(game: &Game) -> Option<Minimap> {
        let grid = game.dungeon().room_grid()?;
        let mut minimap = Minimap::blank(grid)?;
        for (i, room) in grid.rooms().iter().enumerate() {
            let visited = game.is_room_visited(i);
            let special = matches!(room.kind, RoomKind::Boss | RoomKind::Treasure);
            if visited || (special && game.is_room_seen(i)) {
                minimap.set_room(room, visited);
            }
            if !visited {
                continue;
            }
            // Each door once, from its west or north cell, when both sides are visited.
            for cell in room.cells() {
                for side in [Side::East, Side::South] {
                    let neighbour = grid.room_index(cell.neighbour(side));
                    let both = neighbour.is_some_and(|n| game.is_room_visited(n));
                    if grid.cell_doors(cell).has(side) && both {
                        minimap.set_door(cell, side);
                    }
                }
            }
        }
        minimap.set_current(grid, game.current_room_index());
        Some(minimap)
    }

    /// Nothing known yet of `grid`'s rooms; `None` for a grid too large to map, which
    /// the generator's limits rule out.
    pub fn blank(grid: &RoomGrid) -> Option<Minimap> {
        let size = |rooms: i32| rooms.saturating_mul(2) - 1;
        let cells = Grid::new(size(grid.cols()), size(grid.rows()), None).ok()?;
        Some(Minimap {
            cells,
            current: Vec::new(),
        })
    }

    /// Room `index` has been visited (its `visited` flags in `visited`, by room index):
    /// it shows, with the doors to the visited rooms beside it.
    pub fn visit(&mut self, grid: &RoomGrid, index: usize, visited: &[bool]) {
        let Some(room) = grid.rooms().get(index) else {
            return;
        };
        self.set_room(room, true);
        for cell in room.cells() {
            for side in [Side::North, Side::East, Side::South, Side::West] {
                let neighbour = grid.room_index(cell.neighbour(side));
                let both = neighbour.is_some_and(|n| visited.get(n).copied().unwrap_or(false));
                if grid.cell_doors(cell).has(side) && both {
                    self.set_door(cell, side);
                }
            }
        }
    }

    /// Some floor of room `index` has been seen: a boss or treasure room shows from then
    /// on (other rooms show once visited).
    pub fn see(&mut self, grid: &RoomGrid, index: usize) {
        let Some(room) = grid.rooms().get(index) else {
            return;
        };
        let shown = matches!(
            self.cells.get_or_default(Self::point(room.cell)),
            Some(Mark::Room { .. })
        );
        if !shown && matches!(room.kind, RoomKind::Boss | RoomKind::Treasure) {
            self.set_room(room, false);
        }
    }

    /// The `@` stands in room `index` (or in none).
    pub fn set_current(&mut self, grid: &RoomGrid, index: Option<usize>) {
        self.current = index
            .and_then(|i| grid.rooms().get(i))
            .map(Self::room_points)
            .unwrap_or_default();
    }

    fn point(cell: RoomCell) -> Point {
        Point::new(2 * cell.col, 2 * cell.row)
    }

    /// Where `room` shows: its cells, and the cells between two of its own.
    fn room_points(room: &GridRoom) -> Vec<Point> {
        let cells: Vec<RoomCell> = room.cells().collect();
        let mut points = Vec::with_capacity(2 * cells.len() + 1);
        for &cell in &cells {
            let p = Self::point(cell);
            points.push(p);
            let east = cells.contains(&cell.neighbour(Side::East));
            let south = cells.contains(&cell.neighbour(Side::South));
            let south_east = cells.contains(&RoomCell::new(cell.col + 1, cell.row + 1));
            for (between, offset) in [
                (east, (1, 0)),
                (south, (0, 1)),
                (east && south && south_east, (1, 1)),
            ] {
                if between {
                    points.push(p.offset(offset.0, offset.1));
                }
            }
        }
        points
    }

    fn set_room(&mut self, room: &GridRoom, visited: bool) {
        let mark = Mark::Room {
            kind: room.kind,
            current: false,
            visited,
        };
        for p in Self::room_points(room) {
            self.cells.set(p, Some(mark));
        }
    }

    fn set_door(&mut self, cell: RoomCell, side: Side) {
        let (dc, dr) = side.step();
        let mark = if dr == 0 {
            Mark::DoorWestEast
        } else {
            Mark::DoorNorthSouth
        };
        self.cells.set(Self::point(cell).offset(dc, dr), Some(mark));
    }

    /// Width in cells: `2 * cols - 1`.
    pub fn width(&self) -> i32 {
        self.cells.width()
    }

    /// Height in cells: `2 * rows - 1`.
    pub fn height(&self) -> i32 {
        self.cells.height()
    }

    /// The mark at `p`; `None` where nothing is known or outside.
    pub fn mark(&self, p: impl Into<Point>) -> Option<Mark> {
        let p = p.into();
        match self.cells.get_or_default(p) {
            Some(Mark::Room { kind, visited, .. }) => Some(Mark::Room {
                kind,
                visited,
                current: self.current.contains(&p),
            }),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{Action, Direction};
    use crate::session::Session;
    use mapgen::generators::Generator;
    use mapgen::generators::grid::{GridSettings, RoomPlan, RoomShape};
    use mapgen::generators::isaac::IsaacSettings;
    use mapgen::generators::rooms::RoomsSettings;

    fn grid_game(seed: u64) -> Game {
        let mut game = Game::new(Generator::Grid(GridSettings::default()), seed, 10).unwrap();
        game.update_fov().unwrap();
        game
    }

    fn rooms_shown(map: &Minimap) -> usize {
        (0..map.height())
            .flat_map(|y| (0..map.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| matches!(map.mark((x, y)), Some(Mark::Room { visited: true, .. })))
            .count()
    }

    /// A large room shows as one block: its cells and the cells between them.
    #[test]
    fn a_large_room_shows_on_all_its_cells() {
        let room = |shape| GridRoom {
            cell: RoomCell::new(2, 1),
            doors: mapgen::generators::grid::Doors::EMPTY,
            kind: RoomKind::Normal,
            doors_from_start: 1,
            plan: Some(RoomPlan { shape, seed: 0 }),
        };
        let points = |shape| -> Vec<(i32, i32)> {
            let mut points: Vec<_> = Minimap::room_points(&room(shape))
                .into_iter()
                .map(|p| (p.x, p.y))
                .collect();
            points.sort_unstable();
            points
        };
        assert_eq!(points(RoomShape::OneByOne), [(4, 2)]);
        assert_eq!(points(RoomShape::TwoByOne), [(4, 2), (5, 2), (6, 2)]);
        assert_eq!(points(RoomShape::TwoByTwo).len(), 9);
        // An L (its box from (1, 1), without the top left): three cells, two between.
        assert_eq!(
            points(RoomShape::LackingTopLeft),
            [(2, 4), (3, 4), (4, 2), (4, 3), (4, 4)]
        );
    }

    #[test]
    fn rooms_dungeons_have_no_minimap() {
        let game = Game::new(Generator::Rooms(RoomsSettings::default()), 1, 10).unwrap();
        assert_eq!(Minimap::of(&game), None);
    }

    #[test]
    fn at_the_start_only_the_start_room_shows_and_it_is_current() {
        let game = grid_game(3);
        let map = Minimap::of(&game).unwrap();
        assert_eq!((map.width(), map.height()), (17, 13));
        assert_eq!(rooms_shown(&map), 1);
        let start = Mark::Room {
            kind: RoomKind::Start,
            current: true,
            visited: true,
        };
        assert_eq!(
            map.mark((8, 6)),
            Some(start),
            "the start room is the grid's centre"
        );
        assert_eq!(map.mark((9, 6)), None, "no door shown to an unvisited room");
    }

    /// Walks the `@` through the start room's first door to the centre of the next room.
    fn walk_through_first_door(game: &mut Game) -> Side {
        let grid = game.dungeon().room_grid().unwrap().clone();
        let start = grid.rooms()[0];
        let side = start.doors.sides().next().unwrap();
        let next = grid.outline(start.cell.neighbour(side)).center();
        for step in path(game, game.player(), next) {
            assert!(game.try_move(step), "blocked at {}", game.player());
        }
        side
    }

    #[test]
    fn visiting_a_room_shows_it_and_the_door_between() {
        let mut game = grid_game(3);
        let side = walk_through_first_door(&mut game);
        game.update_fov().unwrap();
        let map = Minimap::of(&game).unwrap();
        assert_eq!(rooms_shown(&map), 2);
        let (dc, dr) = side.step();
        let door = map.mark((8 + dc, 6 + dr));
        let expected = if dr == 0 {
            Mark::DoorWestEast
        } else {
            Mark::DoorNorthSouth
        };
        assert_eq!(door, Some(expected));
        let here = map.mark((8 + 2 * dc, 6 + 2 * dr));
        assert!(
            matches!(
                here,
                Some(Mark::Room {
                    current: true,
                    visited: true,
                    ..
                })
            ),
            "{here:?}"
        );
        assert!(matches!(
            map.mark((8, 6)),
            Some(Mark::Room { current: false, .. })
        ));
    }

    /// The steps of a shortest 8-way walk from `from` to `to` over walkable tiles.
    fn path(game: &Game, from: mapgen::Point, to: mapgen::Point) -> Vec<Direction> {
        use std::collections::{HashMap, VecDeque};
        let map = game.map();
        let mut came: HashMap<mapgen::Point, (mapgen::Point, Direction)> = HashMap::new();
        let mut queue = VecDeque::from([from]);
        while let Some(p) = queue.pop_front() {
            if p == to {
                break;
            }
            for d in Direction::ALL {
                let (dx, dy): (i32, i32) = d.step().into();
                let q = mapgen::Point::new(p.x + dx, p.y + dy);
                if map.is_walkable((q.x, q.y)) && q != from && !came.contains_key(&q) {
                    came.insert(q, (p, d));
                    queue.push_back(q);
                }
            }
        }
        let mut steps = Vec::new();
        let mut at = to;
        while at != from {
            let (prev, d) = came[&at];
            steps.push(d);
            at = prev;
        }
        steps.reverse();
        steps
    }

    #[test]
    fn the_boss_room_shows_once_seen_and_revealing_is_not_seeing() {
        let mut session = Session::new(grid_game(5));
        session.apply(Action::ToggleReveal, &mut || 1).unwrap();
        assert!(session.view().reveal_map);
        let game = session.game_mut();
        let grid = game.dungeon().room_grid().unwrap().clone();
        let boss = grid
            .rooms()
            .iter()
            .position(|r| r.kind == RoomKind::Boss)
            .unwrap();
        let at = (
            2 * grid.rooms()[boss].cell.col,
            2 * grid.rooms()[boss].cell.row,
        );
        assert!(!game.is_room_seen(boss));
        assert_eq!(Minimap::of(game).unwrap().mark(at), None);
        // Walk towards the boss room's centre until its floor comes into sight.
        let centre = grid.outline(grid.rooms()[boss].cell).center();
        for step in path(game, game.player(), centre) {
            assert!(game.try_move(step));
            game.update_fov().unwrap();
            if game.is_room_seen(boss) {
                break;
            }
        }
        assert!(game.is_room_seen(boss));
        let mark = Minimap::of(game).unwrap().mark(at);
        assert!(
            matches!(
                mark,
                Some(Mark::Room {
                    kind: RoomKind::Boss,
                    ..
                })
            ),
            "{mark:?}"
        );
    }

    /// The minimap was rebuilt every frame (54 ms a frame on a 2499 x 2499 grid); now the
    /// game keeps one up to date. After every move it equals the one built from scratch,
    /// and a room counts as seen exactly when one of its floor tiles is explored.
    #[test]
    fn the_kept_minimap_is_the_one_built_from_scratch_after_every_move() {
        let settings = [
            Generator::Grid(GridSettings::default()),
            Generator::Grid(GridSettings {
                cols: 6,
                rows: 5,
                room_width: 5,
                room_height: 4,
                room_count: 20,
                treasure_rooms: 4,
                ..GridSettings::default()
            }),
            // Large rooms, doors as links.
            Generator::Isaac(IsaacSettings {
                stage: 4,
                room_width: 5,
                room_height: 4,
                ..IsaacSettings::default()
            }),
        ];
        let (mut walks, mut rooms_visited, mut specials_seen) = (0, 0, 0);
        for (n, generator) in settings.into_iter().enumerate() {
            for seed in 0..12 {
                walks += 1;
                let mut game = Game::new(generator.clone(), seed, 6).unwrap();
                game.update_fov().unwrap();
                // A fixed walk: runs of steps in one direction, changing every few steps.
                let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                for step in 0..400 {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let d = Direction::ALL[(state % 8) as usize];
                    for _ in 0..(step % 5) {
                        game.try_move(d);
                    }
                    game.update_fov().unwrap();
                    assert_eq!(
                        game.minimap(),
                        Minimap::of(&game).as_ref(),
                        "settings {n}, seed {seed}, step {step}"
                    );
                }
                let dungeon_grid = game.dungeon().room_grid().unwrap();
                for (i, room) in dungeon_grid.rooms().iter().enumerate() {
                    let floor = dungeon_grid.outline(room.cell);
                    let seen = floor.inner_cells().any(|p| game.known().is_known(p));
                    assert_eq!(game.is_room_seen(i), seen, "room {i}");
                    rooms_visited += usize::from(game.is_room_visited(i));
                    let special = matches!(room.kind, RoomKind::Boss | RoomKind::Treasure);
                    specials_seen += usize::from(special && seen);
                }
            }
        }
        // The walks went places: more rooms than the start rooms, and special ones seen.
        assert!(
            rooms_visited > 2 * walks,
            "{rooms_visited} rooms in {walks} walks"
        );
        assert!(specials_seen > 0);
    }
}
