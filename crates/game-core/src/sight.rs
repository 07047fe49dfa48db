//! What the `@` sees. Everywhere but a grid of rooms: the torch of the tutorial, a
//! field of view of a radius ([`FieldOfView`]). In a grid of rooms, as The Binding of
//! Isaac shows its floors: the whole room the `@` stands in ([`RoomView`]), its floor,
//! walls and doors, a large room whole, and nothing of the rooms beyond its doors; from a
//! doorway, both rooms the door joins.
//!
//! [`Sight`] is what the player's memory learns from ([`Knowledge::remember`]), either
//! way; [`HeroView`] is the one the `@` has, whichever the level calls for.
//!
//! [`Knowledge::remember`]: crate::knowledge::Knowledge::remember

use mapgen::fov::{FieldOfView, FovError, LightWalls, Radius};
use mapgen::generators::grid::{GridRoom, RoomCell, RoomGrid};
use mapgen::{Map, Point, Rect};

/// The torch of the tutorial: walls in sight are lit.
pub const LIGHT_WALLS: LightWalls = LightWalls::On;

/// Tiles in sight: what a [`FieldOfView`] or a [`RoomView`] shows.
pub trait Sight {
    /// True when `p` is in sight.
    fn is_visible(&self, p: Point) -> bool;

    /// Every tile in sight, in no set order.
    fn visible_cells(&self) -> impl Iterator<Item = Point> + '_;
}

impl Sight for FieldOfView {
    fn is_visible(&self, p: Point) -> bool {
        FieldOfView::is_visible(self, p)
    }

    fn visible_cells(&self) -> impl Iterator<Item = Point> + '_ {
        FieldOfView::visible_cells(self)
    }
}

/// What the `@` sees, the torch's field of view or, on a grid of rooms, a [`RoomView`]:
/// the one view the rules compute a turn, which the monsters' sight mirrors.
#[derive(Debug, Clone, Default)]
pub struct HeroView {
    /// The torch's field of view, on levels that are not a grid of rooms.
    torch: FieldOfView,
    /// The rooms the `@` stands in, whole, on a grid of rooms.
    rooms: RoomView,
    /// The last computation was on a grid of rooms: `rooms` is the view, not `torch`.
    in_rooms: bool,
}

impl HeroView {
    /// A view sized for a `width` x `height` map, so the first computation allocates
    /// nothing (a size [`FieldOfView::new`] refuses is sized by the first map instead).
    pub fn new(width: i32, height: i32) -> HeroView {
        HeroView {
            torch: FieldOfView::new(width, height).unwrap_or_default(),
            ..HeroView::default()
        }
    }

    /// Computes what the `@` at `at` sees on `map`: the rooms of `grid` it stands in,
    /// or without a grid the torch of `radius` (walls in sight lit).
    ///
    /// # Errors
    /// [`FovError`] when `at` is off the map (the torch; the previous view is kept).
    pub fn compute(
        &mut self,
        map: &Map,
        grid: Option<&RoomGrid>,
        at: Point,
        radius: Radius,
    ) -> Result<(), FovError> {
        self.in_rooms = grid.is_some();
        match grid {
            Some(grid) => {
                self.rooms.compute(map, grid, at);
                Ok(())
            }
            None => self.torch.compute(map, at, radius, LIGHT_WALLS),
        }
    }
}

impl Sight for HeroView {
    fn is_visible(&self, p: Point) -> bool {
        if self.in_rooms {
            self.rooms.is_visible(p)
        } else {
            self.torch.is_visible(p)
        }
    }

    fn visible_cells(&self) -> impl Iterator<Item = Point> + '_ {
        let (torch, rooms) = if self.in_rooms {
            (None, Some(&self.rooms))
        } else {
            (Some(&self.torch), None)
        };
        let torch = torch.into_iter().flat_map(FieldOfView::visible_cells);
        torch.chain(rooms.into_iter().flat_map(Sight::visible_cells))
    }
}

/// What the `@` sees in a grid of rooms: the rooms whose tiles it stands on (one on a
/// room's floor, the two a door joins in a doorway), whole.
///
/// "Whole" is every tile of those rooms that sight can reach through see-through tiles
/// without leaving them (a flood, not a line of sight, so an L-shaped room shows round its
/// corner and pillars hide nothing behind them), with the walls and doors that close them
/// off. A vault's closed nook inside a room (behind a secret door) stays hidden, as a
/// torch would leave it. Kept as a bit per tile of the rooms' box.
///
/// ```
/// use game_core::sight::{RoomView, Sight};
/// use mapgen::generators::Generator;
/// use mapgen::generators::isaac::IsaacSettings;
/// use mapgen::Point;
/// let floor = Generator::Isaac(IsaacSettings::default()).generate(5)?;
/// let grid = floor.room_grid().unwrap();
/// let mut view = RoomView::default();
/// view.compute(&floor.map, grid, floor.start);
/// let start = grid.outline(grid.rooms()[0].cell);
/// // The start room, walls included, and nothing outside it.
/// let tiles = (start.x2 - start.x1 + 1) * (start.y2 - start.y1 + 1);
/// assert!(view.is_visible(start.center()) && view.is_visible(Point::new(start.x1, start.y1)));
/// assert_eq!(view.visible_cells().count() as i32, tiles);
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoomView {
    /// The map tile of the box's top-left corner.
    origin: Point,
    width: i32,
    height: i32,
    /// A bit per tile of the box, row by row: in sight.
    seen: Vec<bool>,
    /// Scratch: the flood's stack.
    stack: Vec<Point>,
}

impl RoomView {
    /// What the `@` at `at` sees on `map`, a grid of rooms laid out by `grid`: the rooms
    /// whose outlines hold `at` (nothing when none does, which the movement rules rule
    /// out).
    pub fn compute(&mut self, map: &Map, grid: &RoomGrid, at: Point) {
        let areas = rooms_at(grid, at);
        let inside = |p: Point| areas.iter().any(|r| contains(r, p));
        let bounds = areas.iter().copied().reduce(|a, b| Rect {
            x1: a.x1.min(b.x1),
            y1: a.y1.min(b.y1),
            x2: a.x2.max(b.x2),
            y2: a.y2.max(b.y2),
        });
        let Some(bounds) = bounds else {
            self.width = 0;
            self.height = 0;
            self.seen.clear();
            return;
        };
        self.origin = Point::new(bounds.x1, bounds.y1);
        self.width = bounds.x2 - bounds.x1 + 1;
        self.height = bounds.y2 - bounds.y1 + 1;
        self.seen.clear();
        self.seen.resize((self.width * self.height) as usize, false);
        // Flood the see-through tiles from the @, marking what closes them off too.
        self.stack.clear();
        self.mark(at);
        self.stack.push(at);
        while let Some(p) = self.stack.pop() {
            let through = p == at || map.is_transparent(p);
            if !through {
                continue;
            }
            for q in p.neighbours8() {
                if inside(q) && map.in_bounds(q) && !self.is_visible(q) {
                    self.mark(q);
                    self.stack.push(q);
                }
            }
        }
    }

    fn index(&self, p: Point) -> Option<usize> {
        let (x, y) = (p.x - self.origin.x, p.y - self.origin.y);
        let inside = x >= 0 && y >= 0 && x < self.width && y < self.height;
        inside.then(|| (y * self.width + x) as usize)
    }

    fn mark(&mut self, p: Point) {
        if let Some(i) = self.index(p) {
            self.seen[i] = true;
        }
    }
}

impl Sight for RoomView {
    fn is_visible(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.seen[i])
    }

    fn visible_cells(&self) -> impl Iterator<Item = Point> + '_ {
        let (origin, width) = (self.origin, self.width.max(1));
        self.seen
            .iter()
            .enumerate()
            .filter(|&(_, &seen)| seen)
            .map(move |(i, _)| {
                let i = i as i32;
                Point::new(origin.x + i % width, origin.y + i / width)
            })
    }
}

fn contains(r: &Rect, p: Point) -> bool {
    p.x >= r.x1 && p.x <= r.x2 && p.y >= r.y1 && p.y <= r.y2
}

/// The outlines of the cells of the rooms whose tiles hold `p` (neighbouring cells share
/// their walls, so a door or a wall between two rooms is in both).
fn rooms_at(grid: &RoomGrid, p: Point) -> Vec<Rect> {
    rooms_holding(grid, p)
        .iter()
        .filter_map(|&i| grid.rooms().get(i))
        .flat_map(|room| room_outlines(grid, room))
        .collect()
}

/// The indices of the rooms of `grid` whose tiles (walls and doors included) hold `p`,
/// in order: one for a room's floor, the two a door joins for a doorway, none off the
/// grid's rooms. What the `@` standing on `p` sees ([`RoomView`]).
///
/// ```
/// use game_core::sight::rooms_holding;
/// use mapgen::generators::Generator;
/// use mapgen::generators::isaac::IsaacSettings;
/// let floor = Generator::Isaac(IsaacSettings::default()).generate(5)?;
/// let grid = floor.room_grid().unwrap();
/// let link = grid.links()[0];
/// let door = grid.door_tile(link.a, link.side().unwrap());
/// let mut both = vec![grid.room_index(link.a).unwrap(), grid.room_index(link.b).unwrap()];
/// both.sort();
/// assert_eq!(rooms_holding(grid, door), both);
/// assert_eq!(rooms_holding(grid, floor.start).len(), 1);
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
pub fn rooms_holding(grid: &RoomGrid, p: Point) -> Vec<usize> {
    let Some(cell) = grid.cell_at_tile(p) else {
        // A corner four cells share: floor only inside a large room that holds all four.
        return grid.room_index_at_tile(p).into_iter().collect();
    };
    // The tile's cell, and the cells east and south of it when the tile is on their
    // shared wall.
    let mut cells = vec![cell];
    let outline = grid.outline(cell);
    if p.x == outline.x2 {
        cells.push(RoomCell::new(cell.col + 1, cell.row));
    }
    if p.y == outline.y2 {
        cells.push(RoomCell::new(cell.col, cell.row + 1));
    }
    let mut rooms: Vec<usize> = cells.iter().filter_map(|&c| grid.room_index(c)).collect();
    rooms.sort_unstable();
    rooms.dedup();
    rooms
}

/// The outlines of `room`'s cells, walls included: its tiles.
pub fn room_outlines<'a>(
    grid: &'a RoomGrid,
    room: &'a GridRoom,
) -> impl Iterator<Item = Rect> + 'a {
    room.cells().map(|cell| grid.outline(cell))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::Generator;
    use mapgen::generators::isaac::IsaacSettings;

    fn floor(seed: u64, stage: u32) -> mapgen::Dungeon {
        let settings = IsaacSettings {
            stage,
            ..IsaacSettings::default()
        };
        Generator::Isaac(settings).generate(seed).unwrap()
    }

    /// From any floor tile of any room, large ones included, the view is that room's
    /// tiles exactly: all of it (a torch from a door saw a lit blob of a boss room), and
    /// nothing of the rooms beyond.
    #[test]
    fn from_a_rooms_floor_the_whole_room_and_nothing_else() {
        let (mut large, mut tiles) = (0, 0);
        let mut view = RoomView::default();
        for seed in 0..12 {
            let dungeon = floor(seed, 1 + (seed % 8) as u32);
            let grid = dungeon.room_grid().unwrap();
            for room in grid.rooms() {
                let outlines: Vec<Rect> = room_outlines(grid, room).collect();
                let in_room = |p: Point| outlines.iter().any(|r| contains(r, p));
                let floor_tile = outlines[0].center();
                view.compute(&dungeon.map, grid, floor_tile);
                for r in &outlines {
                    for p in cells(r) {
                        assert!(view.is_visible(p), "seed {seed} {room:?} {p}");
                    }
                }
                for p in view.visible_cells() {
                    assert!(in_room(p), "seed {seed}: {p} is outside the room");
                }
                large += usize::from(outlines.len() > 1);
                tiles += view.visible_cells().count();
            }
        }
        assert!(
            large > 5 && tiles > 10_000,
            "{large} large rooms, {tiles} tiles"
        );
    }

    /// From every walkable tile of a room, its middle shows: also from the corner four
    /// cells of a large room share, which belongs to no one cell (a monster there saw
    /// nothing of its room while the `@` beside it saw it).
    #[test]
    fn from_every_tile_of_a_room_its_middle() {
        let mut corners = 0;
        let mut view = RoomView::default();
        for seed in 0..12 {
            let dungeon = floor(seed, 1 + (seed % 8) as u32);
            let grid = dungeon.room_grid().unwrap();
            for room in grid.rooms() {
                let outlines: Vec<Rect> = room_outlines(grid, room).collect();
                let middle = outlines[0].center();
                for p in outlines.iter().flat_map(cells) {
                    if !dungeon.map.is_walkable(p) {
                        continue;
                    }
                    view.compute(&dungeon.map, grid, p);
                    assert!(view.is_visible(middle), "seed {seed}: from {p}");
                    corners += usize::from(grid.cell_at_tile(p).is_none());
                }
            }
        }
        assert!(corners > 0, "no large room's inner corner was walked");
    }

    /// In a doorway, both rooms the door joins.
    #[test]
    fn from_a_door_both_rooms() {
        let dungeon = floor(3, 1);
        let grid = dungeon.room_grid().unwrap();
        let link = grid.links()[0];
        let door = grid.door_tile(link.a, link.side().unwrap());
        let mut view = RoomView::default();
        view.compute(&dungeon.map, grid, door);
        for cell in [link.a, link.b] {
            let room = &grid.rooms()[grid.room_index(cell).unwrap()];
            for r in room_outlines(grid, room) {
                assert!(cells(&r).all(|p| view.is_visible(p)), "{cell:?}");
            }
        }
    }

    /// Walls inside the room close off what is behind them: a nook walled in on all
    /// sides stays unseen, a pillar is seen and so is what is behind it.
    #[test]
    fn a_walled_in_nook_stays_hidden() {
        let map = Map::from_ascii(concat!(
            "###############\n",
            "#.............#\n",
            "#.###.........#\n",
            "#.#.#....#....#\n",
            "#.###.........#\n",
            "#.............#\n",
            "###############\n",
        ))
        .unwrap();
        // A one-room grid laid over the map by hand.
        let grid = one_room_grid(15, 7);
        let mut view = RoomView::default();
        view.compute(&map, &grid, Point::new(7, 1));
        assert!(!view.is_visible(Point::new(3, 3)), "the nook");
        assert!(view.is_visible(Point::new(2, 2)), "its wall");
        assert!(view.is_visible(Point::new(9, 3)), "the pillar");
        assert!(view.is_visible(Point::new(10, 3)), "behind the pillar");
        assert!(view.is_visible(Point::new(0, 0)), "the room's corner");
    }

    /// Every tile of `r`, its edge included.
    fn cells(r: &Rect) -> impl Iterator<Item = Point> + '_ {
        (r.y1..=r.y2).flat_map(move |y| (r.x1..=r.x2).map(move |x| Point::new(x, y)))
    }

    fn one_room_grid(width: i32, height: i32) -> RoomGrid {
        use mapgen::generators::grid::{Doors, RoomKind};
        let room = GridRoom {
            cell: RoomCell::new(0, 0),
            doors: Doors::EMPTY,
            kind: RoomKind::Start,
            doors_from_start: 0,
            plan: None,
        };
        RoomGrid::new(1, 1, width, height, vec![room]).unwrap()
    }
}
