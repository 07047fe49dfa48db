//! The minimap of grid dungeons: one cell per grid room, what the player has found, by
//! The Binding of Isaac's rules (`IsaacDocs`' `RoomDescriptor.DisplayFlags`: visible, with
//! its shape; icon; and the wiki's HUD page).
//!
//! - A room the `@` has stood in shows in full; the one it stands in is highlighted.
//! - A room behind a door of a visited room shows as an outline (there, not entered),
//!   with its icon when it is a special room (boss, shop, treasure, ...).
//! - Secret and super secret rooms show only once found (a secret door opened, or
//!   entered), as Isaac hides them until bombed into.
//! - A door shows once the rooms on both its sides are visited; a large room (the
//!   `isaac` generator's) shows in its shape.
//! - `M` (the whole map revealed) shows every room and door ([`Minimap::revealed_mark`]).
//!
//! Room `(col, row)` sits at `(2 * col, 2 * row)`; the cells between rooms hold their
//! doors, and the cells between two cells of one large room are that room.

use mapgen::generators::grid::{GridRoom, RoomCell, RoomGrid, RoomKind, Side};
use mapgen::{Grid, Point};

/// What one minimap cell shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// A room: its kind, whether the `@` stands in it, whether it was visited (an
    /// unvisited room beside a visited one shows as an outline).
    Room {
        /// The room's kind.
        kind: RoomKind,
        /// The `@` is in this room.
        current: bool,
        /// The `@` has been in this room; false for an outline.
        visited: bool,
    },
    /// A door between two rooms side by side.
    DoorWestEast,
    /// A door between two rooms one above the other.
    DoorNorthSouth,
}

/// The minimap's cells, `None` where nothing is known.
///
/// The game keeps one per grid dungeon and updates it as the `@` visits rooms and finds
/// secret ones ([`Minimap::visit`], [`Minimap::find`], [`Minimap::set_current`]), so a
/// frame reads it without rebuilding it: on a grid of thousands of rooms a rebuild per
/// frame cost tens of milliseconds. [`Minimap::of`] builds the same from scratch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minimap {
    /// Rooms (never marked current here) and doors.
    cells: Grid<Option<Mark>>,
    /// The cells of the room the `@` stands in.
    current: Vec<Point>,
}

/// Which rooms of a grid the player has stood in and which secret rooms were found, by
/// room index: what the minimap's rules read.
#[derive(Debug, Clone, Copy)]
pub struct Found<'a> {
    /// Rooms the `@` has stood in.
    pub visited: &'a [bool],
    /// Secret and super secret rooms whose door was opened.
    pub secrets: &'a [bool],
}

impl Found<'_> {
    fn visited(&self, index: usize) -> bool {
        self.visited.get(index).copied().unwrap_or(false)
    }

    /// True when room `index` may show: any room but a secret one not found yet.
    fn may_show(&self, grid: &RoomGrid, index: usize) -> bool {
        let secret = grid.rooms().get(index).is_some_and(|r| r.kind.is_secret());
        !secret || self.secrets.get(index).copied().unwrap_or(false) || self.visited(index)
    }
}

impl Minimap {
    /// The minimap of `grid` built from scratch from what the player `found`, the `@`
    /// in room `current`. The one a level keeps
    /// ([`RoomMemory::minimap`](crate::room_memory::RoomMemory::minimap)) is the same,
    /// kept up to date.
    pub fn of(grid: &RoomGrid, found: Found, current: Option<usize>) -> Option<Minimap> {
        let mut minimap = Minimap::blank(grid)?;
        for (i, room) in grid.rooms().iter().enumerate() {
            if room.kind.is_secret() && found.may_show(grid, i) {
                minimap.set_room(room, false);
            }
        }
        for i in (0..grid.rooms().len()).filter(|&i| found.visited(i)) {
            minimap.visit(grid, i, found);
        }
        minimap.set_current(grid, current);
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

    /// Room `index` has been visited (`found` already says so): it shows in full, the
    /// doors to the visited rooms beside it show, and the rooms behind its other doors
    /// show as outlines (secret rooms only once found).
    pub fn visit(&mut self, grid: &RoomGrid, index: usize, found: Found) {
        let Some(room) = grid.rooms().get(index) else {
            return;
        };
        self.set_room(room, true);
        for cell in room.cells() {
            for side in grid.cell_doors(cell).sides() {
                let Some(neighbour) = grid.room_index(cell.neighbour(side)) else {
                    continue;
                };
                if found.visited(neighbour) {
                    self.set_door(cell, side);
                } else if found.may_show(grid, neighbour) {
                    self.set_room(&grid.rooms()[neighbour], false);
                }
            }
        }
    }

    /// Secret room `index` was found: it shows, as an outline until visited.
    pub fn find(&mut self, grid: &RoomGrid, index: usize) {
        let Some(room) = grid.rooms().get(index) else {
            return;
        };
        if !matches!(
            self.cells.get_or_default(Self::point(room.cell)),
            Some(Mark::Room { visited: true, .. })
        ) {
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
        self.cells
            .set(Self::point(cell).offset(dc, dr), Some(door_mark(side)));
    }

    /// The cells of the room the `@` stands in (none outside every room).
    pub fn current_cells(&self) -> &[Point] {
        &self.current
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

    /// The mark at `p` with the whole map revealed (`M`): every room as visited and
    /// every door, read from `grid` for this cell alone (a frame reads only the cells it
    /// draws); the current room as in [`Minimap::mark`].
    pub fn revealed_mark(&self, grid: &RoomGrid, p: impl Into<Point>) -> Option<Mark> {
        let p = p.into();
        let current = self.current.contains(&p);
        let room_mark = |index: usize| {
            let kind = grid.rooms().get(index)?.kind;
            Some(Mark::Room {
                kind,
                current,
                visited: true,
            })
        };
        let cell = |x: i32, y: i32| RoomCell::new(x.div_euclid(2), y.div_euclid(2));
        let (x, y) = (p.x, p.y);
        if x < 0 || y < 0 || x >= self.width() || y >= self.height() {
            return None;
        }
        let (odd_x, odd_y) = (x % 2 == 1, y % 2 == 1);
        let first = cell(x - i32::from(odd_x), y - i32::from(odd_y));
        let here = grid.room_index(first);
        if !odd_x && !odd_y {
            return here.and_then(room_mark);
        }
        // Between cells: the room itself when all its cells around are one room's, else
        // a door when the first cell has one on that side.
        let others: &[(i32, i32)] = match (odd_x, odd_y) {
            (true, false) => &[(1, 0)],
            (false, true) => &[(0, 1)],
            _ => &[(1, 0), (0, 1), (1, 1)],
        };
        let same = others.iter().all(|&(dc, dr)| {
            here.is_some() && grid.room_index(RoomCell::new(first.col + dc, first.row + dr)) == here
        });
        if same {
            return here.and_then(room_mark);
        }
        let side = match (odd_x, odd_y) {
            (true, false) => Side::East,
            (false, true) => Side::South,
            _ => return None,
        };
        let door = here.is_some() && grid.cell_doors(first).has(side);
        door.then_some(door_mark(side))
    }
}

/// The mark of a door on `side` of a cell.
fn door_mark(side: Side) -> Mark {
    match side {
        Side::East | Side::West => Mark::DoorWestEast,
        Side::North | Side::South => Mark::DoorNorthSouth,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::direction::Direction;
    use crate::game::Game;
    use crate::turn::Act;

    /// The minimap of `game`'s level built from scratch; `None` unless it is a grid.
    fn from_scratch(game: &Game) -> Option<Minimap> {
        let grid = game.dungeon().room_grid()?;
        Minimap::of(grid, game.level().found(), game.current_room_index())
    }
    use mapgen::generators::Generator;
    use mapgen::generators::grid::{GridSettings, LinkKind, RoomPlan, RoomShape};
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
        assert_eq!(from_scratch(&game), None);
    }

    #[test]
    fn at_the_start_only_the_start_room_shows_and_it_is_current() {
        let game = grid_game(3);
        let map = from_scratch(&game).unwrap();
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
            assert!(
                game.turn(Act::Move(step)).is_taken(),
                "blocked at {}",
                game.player()
            );
        }
        side
    }

    #[test]
    fn visiting_a_room_shows_it_and_the_door_between() {
        let mut game = grid_game(3);
        let side = walk_through_first_door(&mut game);
        game.update_fov().unwrap();
        let map = from_scratch(&game).unwrap();
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

    fn isaac_game(seed: u64, stage: u32) -> Game {
        let settings = IsaacSettings {
            stage,
            ..IsaacSettings::default()
        };
        Game::new(Generator::Isaac(settings), seed, 10).unwrap()
    }

    /// The mark at the first cell of room `index`.
    fn mark_of(game: &Game, index: usize) -> Option<Mark> {
        let grid = game.dungeon().room_grid().unwrap();
        let cell = grid.rooms()[index].cell;
        game.minimap().unwrap().mark((2 * cell.col, 2 * cell.row))
    }

    /// The rooms behind `index`'s doors, with the kinds of those doors.
    fn behind_doors(grid: &RoomGrid, index: usize) -> Vec<(usize, LinkKind)> {
        let cells: Vec<RoomCell> = grid.rooms()[index].cells().collect();
        grid.links()
            .iter()
            .filter_map(|l| {
                let other = match (cells.contains(&l.a), cells.contains(&l.b)) {
                    (true, false) => l.b,
                    (false, true) => l.a,
                    _ => return None,
                };
                Some((grid.room_index(other)?, l.kind))
            })
            .collect()
    }

    /// At the start of an isaac floor: the start room in full and current, each room
    /// behind its open or locked doors as an outline (special ones with their kind), a
    /// secret room beside it hidden; nothing else. Once the secret room is found it
    /// shows as an outline too. Large rooms show on all their cells.
    #[test]
    fn outlines_behind_visited_doors_and_secrets_hidden_until_found() {
        let (mut secrets_beside, mut outlines, mut special_outlines) = (0, 0, 0);
        for seed in 0..40 {
            let mut game = isaac_game(seed, 1 + (seed % 6) as u32);
            let grid = game.dungeon().room_grid().unwrap().clone();
            let start = game.current_room_index().unwrap();
            let at_start = Mark::Room {
                kind: RoomKind::Start,
                current: true,
                visited: true,
            };
            assert_eq!(mark_of(&game, start), Some(at_start));
            let beside = behind_doors(&grid, start);
            for &(room, door) in &beside {
                let kind = grid.rooms()[room].kind;
                let mark = mark_of(&game, room);
                if door == LinkKind::Secret {
                    assert_eq!(mark, None, "seed {seed}: secret room {room} shows");
                    secrets_beside += 1;
                    continue;
                }
                let outline = Mark::Room {
                    kind,
                    current: false,
                    visited: false,
                };
                assert_eq!(mark, Some(outline), "seed {seed} room {room}");
                for p in Minimap::room_points(&grid.rooms()[room]) {
                    assert_eq!(game.minimap().unwrap().mark(p), Some(outline), "shape");
                }
                outlines += 1;
                special_outlines += usize::from(kind != RoomKind::Normal);
            }
            let shown = (0..grid.rooms().len())
                .filter(|&i| mark_of(&game, i).is_some())
                .count();
            let not_secret = beside.iter().filter(|(_, d)| *d != LinkKind::Secret);
            let mut expected: Vec<usize> = not_secret.map(|&(r, _)| r).collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(shown, 1 + expected.len(), "seed {seed}: nothing else shows");
            // Found: the secret room shows, as an outline.
            if let Some(&(secret, _)) = beside.iter().find(|(_, d)| *d == LinkKind::Secret) {
                let door = game
                    .level()
                    .doors()
                    .secrets()
                    .iter()
                    .find(|d| d.room == Some(secret));
                let door = door.unwrap().at;
                game.levels_mut_for_tests()[0].touch_door(door, true);
                game.levels_mut_for_tests()[0].find_secret_room(secret);
                assert!(matches!(
                    mark_of(&game, secret),
                    Some(Mark::Room { visited: false, .. })
                ));
                assert_eq!(game.minimap(), from_scratch(&game).as_ref());
            }
        }
        assert!(secrets_beside > 5 && outlines > 80 && special_outlines > 0);
    }

    /// `M` shows every room of the grid in full and every door, whatever was found; the
    /// kept minimap does not change.
    #[test]
    fn revealed_marks_show_every_room_and_door() {
        let game = isaac_game(7, 4);
        let grid = game.dungeon().room_grid().unwrap();
        let minimap = game.minimap().unwrap();
        let before = minimap.clone();
        for (i, room) in grid.rooms().iter().enumerate() {
            for p in Minimap::room_points(room) {
                let Some(Mark::Room { kind, visited, .. }) = minimap.revealed_mark(grid, p) else {
                    panic!("room {i} not shown at {p}");
                };
                assert!(visited && kind == room.kind, "room {i} at {p}");
            }
        }
        for link in grid.links() {
            let side = link.side().unwrap();
            let (dc, dr) = side.step();
            let p = Minimap::point(link.a).offset(dc, dr);
            assert_eq!(
                minimap.revealed_mark(grid, p),
                Some(door_mark(side)),
                "{link:?}"
            );
        }
        assert_eq!(minimap.revealed_mark(grid, (-1, 0)), None);
        assert_eq!(game.minimap().unwrap(), &before);
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
                        game.turn(Act::Move(d));
                    }
                    game.update_fov().unwrap();
                    assert_eq!(
                        game.minimap(),
                        from_scratch(&game).as_ref(),
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
