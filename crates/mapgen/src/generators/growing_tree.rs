//! Perfect mazes on the odd cells of a map, by the growing tree algorithm: the maze
//! generator's whole work, and the corridors between the rooms of rooms-and-mazes.
//!
//! Based on: Jamis Buck, "Maze Generation: Growing Tree algorithm"
//! (<https://weblog.jamisbuck.org/2011/1/27/maze-generation-growing-tree-algorithm>), and
//! the straight-ahead bias of Bob Nystrom's `_growMaze`
//! (<https://journal.stuffwithstuff.com/2014/12/21/rooms-and-mazes/>).
//!
//! A *cell* is a tile at odd `x` and odd `y` with `x <= width - 2` and `y <= height - 2`;
//! neighbouring cells are two tiles apart and the tile between them is their *passage*.
//! Growing carves a cell, keeps a list of *active* cells, and repeatedly takes one of
//! them (the newest, or with the `branching` chance a random one): if it has a neighbour
//! cell that is still wall, it carves the passage and that cell and makes it active;
//! otherwise it drops it. Each step carves or drops a cell, so a growth takes at most
//! twice as many steps as there are cells, and every cell carved is joined to the tree by
//! exactly one passage.

#[cfg(test)]
use crate::record::NoRecorder;
use crate::record::Recorder;
use crate::{DungeonRng, Map, Point, Tile};

/// How a maze grows.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Growth {
    /// Percent chance that a step works on a random active cell rather than the newest:
    /// 0 is the recursive backtracker (long corridors), 100 Prim-like (many branches).
    pub(crate) branching: u32,
    /// Percent chance that a step turns when it could go on in the direction of the last
    /// step (Nystrom's `windingPercent`); 100 draws every direction uniformly.
    pub(crate) winding: u32,
}

/// The four steps between neighbouring cells, in the order directions are listed when one
/// is drawn.
const STEPS: [Point; 4] = [Point::NORTH, Point::EAST, Point::SOUTH, Point::WEST];

/// The odd cells of a map and the bookkeeping of one growth at a time, kept between
/// growths so that filling a map with many mazes allocates once.
#[derive(Debug, Clone)]
pub(crate) struct Lattice {
    /// Cells across and down.
    cols: u32,
    rows: u32,
    /// The active cells, in no particular order (removal swaps in the last one).
    active: Vec<u32>,
    /// Each cell's index in `active`, or `NOT_ACTIVE`.
    slot: Vec<u32>,
    /// Active cells in the order they were added; cells dropped since are skipped when
    /// the newest is wanted.
    added: Vec<u32>,
}

const NOT_ACTIVE: u32 = u32::MAX;

impl Lattice {
    /// The odd cells of `map`.
    pub(crate) fn of(map: &Map) -> Lattice {
        let side = |tiles: i32| ((tiles - 1).max(0) / 2) as u32;
        let (cols, rows) = (side(map.width()), side(map.height()));
        Lattice {
            cols,
            rows,
            active: Vec::new(),
            slot: vec![NOT_ACTIVE; cols as usize * rows as usize],
            added: Vec::new(),
        }
    }

    /// Every cell's tile, row by row.
    pub(crate) fn cells(&self) -> impl Iterator<Item = Point> + use<> {
        let (cols, rows) = (self.cols as i32, self.rows as i32);
        (0..rows).flat_map(move |r| (0..cols).map(move |c| Point::new(2 * c + 1, 2 * r + 1)))
    }

    /// The cell at tile `p`, if `p` is a cell.
    fn cell_at(&self, p: Point) -> Option<u32> {
        let on_lattice = p.x > 0 && p.y > 0 && p.x % 2 == 1 && p.y % 2 == 1;
        let (c, r) = ((p.x / 2) as u32, (p.y / 2) as u32);
        (on_lattice && c < self.cols && r < self.rows).then(|| r * self.cols + c)
    }

    /// Grows a maze from `start` (a cell that is still wall) into every cell of the map
    /// that is still wall and reachable through such cells, carving cells and passages
    /// as floor and calling `carved` with each tile it carves. Does nothing if `start` is
    /// not a wall cell.
    #[cfg(test)]
    pub(crate) fn grow(
        &mut self,
        map: &mut Map,
        start: Point,
        growth: Growth,
        rng: &mut DungeonRng,
        carved: impl FnMut(Point),
    ) {
        self.grow_recorded(map, start, growth, rng, carved, &mut NoRecorder);
    }

    /// [`Lattice::grow`], reporting each passage carved to `recorder`.
    pub(crate) fn grow_recorded(
        &mut self,
        map: &mut Map,
        start: Point,
        growth: Growth,
        rng: &mut DungeonRng,
        mut carved: impl FnMut(Point),
        recorder: &mut impl Recorder,
    ) {
        let Some(first) = self.cell_at(start).filter(|_| !map.is_walkable(start)) else {
            return;
        };
        map.set(start, Tile::FLOOR);
        carved(start);
        self.activate(first);
        let mut last_step: Option<u32> = None;
        while let Some(cell) = self.pick(growth.branching, rng) {
            let (c, r) = (cell % self.cols, cell / self.cols);
            let open = self.wall_neighbours(map, c, r);
            if open == 0 {
                self.deactivate(cell);
                last_step = None;
                continue;
            }
            let step = match last_step.filter(|&s| open & (1 << s) != 0) {
                Some(ahead) if keeps_straight(growth.winding, rng) => ahead,
                _ => nth_set_bit(open, rng.below(open.count_ones())),
            };
            let (next, delta) = match step {
                0 => (cell - self.cols, STEPS[0]),
                1 => (cell + 1, STEPS[1]),
                2 => (cell + self.cols, STEPS[2]),
                _ => (cell - 1, STEPS[3]),
            };
            let tile = Point::new(2 * c as i32 + 1, 2 * r as i32 + 1);
            for p in [tile + delta, tile + delta * 2] {
                map.set(p, Tile::FLOOR);
                carved(p);
            }
            recorder.step("passage", map);
            self.activate(next);
            last_step = Some(step);
        }
        self.added.clear();
    }

    /// The neighbour cells of cell `(c, r)` that are still wall: bit `i` is set when the
    /// one in direction `STEPS[i]` is.
    fn wall_neighbours(&self, map: &Map, c: u32, r: u32) -> u8 {
        let (tiles, width) = (map.tiles(), map.width() as usize);
        let tile = (2 * r as usize + 1) * width + 2 * c as usize + 1;
        let wall = |i: Option<usize>| i.and_then(|i| tiles.get(i)).is_some_and(|t| !t.walkable);
        let north = r > 0 && wall(tile.checked_sub(2 * width));
        let east = c + 1 < self.cols && wall(tile.checked_add(2));
        let south = r + 1 < self.rows && wall(tile.checked_add(2 * width));
        let west = c > 0 && wall(tile.checked_sub(2));
        u8::from(north) | u8::from(east) << 1 | u8::from(south) << 2 | u8::from(west) << 3
    }

    fn activate(&mut self, cell: u32) {
        if let Some(slot) = self.slot.get_mut(cell as usize) {
            *slot = self.active.len() as u32;
            self.active.push(cell);
            self.added.push(cell);
        }
    }

    fn deactivate(&mut self, cell: u32) {
        let Some(&slot) = self.slot.get(cell as usize) else {
            return;
        };
        if slot == NOT_ACTIVE {
            return;
        }
        self.active.swap_remove(slot as usize);
        if let Some(&moved) = self.active.get(slot as usize) {
            self.slot[moved as usize] = slot;
        }
        self.slot[cell as usize] = NOT_ACTIVE;
    }

    /// The active cell to work on: a random one with `branching` percent chance, else the
    /// newest. `None` when none is left.
    #[inline] // called by the generation with and without a recorder
    fn pick(&mut self, branching: u32, rng: &mut DungeonRng) -> Option<u32> {
        if self.active.is_empty() {
            return None;
        }
        let random = match branching {
            0 => false,
            100.. => true,
            p => rng.below(100) < p,
        };
        if random {
            return Some(self.active[rng.below(self.active.len() as u32) as usize]);
        }
        while let Some(&newest) = self.added.last() {
            if self.slot[newest as usize] != NOT_ACTIVE {
                return Some(newest);
            }
            self.added.pop();
        }
        None
    }
}

/// The index of the `n`th set bit of `bits` (counting from 0, lowest first); 0 if there
/// are not that many.
fn nth_set_bit(bits: u8, n: u32) -> u32 {
    let mut rest = bits;
    for _ in 0..n {
        rest &= rest.wrapping_sub(1);
    }
    if rest == 0 { 0 } else { rest.trailing_zeros() }
}

/// Whether a step that could go straight on does (no draw at 0 or 100 percent).
fn keeps_straight(winding: u32, rng: &mut DungeonRng) -> bool {
    match winding {
        0 => true,
        100.. => false,
        p => rng.below(100) >= p,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn perfect(map: &Map) -> bool {
        let walkable = map.iter().filter(|(_, t)| t.walkable).count();
        let pairs = map
            .iter()
            .filter(|(_, t)| t.walkable)
            .map(|(p, _)| {
                [Point::EAST, Point::SOUTH]
                    .iter()
                    .filter(|&&d| map.is_walkable(p + d))
                    .count()
            })
            .sum::<usize>();
        pairs + 1 == walkable
    }

    #[test]
    fn one_growth_fills_every_cell_as_a_tree() {
        for (w, h) in [(3, 3), (4, 4), (9, 7), (10, 8), (21, 5), (5, 21)] {
            for branching in [0, 30, 100] {
                for winding in [0, 50, 100] {
                    let mut map = Map::new(w, h).unwrap();
                    let mut lattice = Lattice::of(&map);
                    let growth = Growth { branching, winding };
                    lattice.grow(
                        &mut map,
                        Point::new(1, 1),
                        growth,
                        &mut DungeonRng::new(3),
                        |_| {},
                    );
                    let cells = lattice.cells().count();
                    assert!(lattice.cells().all(|c| map.is_walkable(c)));
                    let floor = map.iter().filter(|(_, t)| t.walkable).count();
                    assert_eq!(floor, 2 * cells - 1, "{w}x{h}\n{map}");
                    assert!(perfect(&map), "{w}x{h}\n{map}");
                }
            }
        }
    }

    #[test]
    fn growth_stays_out_of_floor_and_off_non_cells() {
        let mut map = Map::new(9, 9).unwrap();
        map.fill_rect(3..6, 3..6, Tile::FLOOR); // a room over the middle cells
        let before = map.clone();
        let mut lattice = Lattice::of(&map);
        let growth = Growth {
            branching: 0,
            winding: 100,
        };
        lattice.grow(
            &mut map,
            Point::new(3, 3),
            growth,
            &mut DungeonRng::new(1),
            |_| {},
        );
        lattice.grow(
            &mut map,
            Point::new(2, 1),
            growth,
            &mut DungeonRng::new(1),
            |_| {},
        );
        assert_eq!(map, before, "a floor cell and a non-cell grow nothing");
        lattice.grow(
            &mut map,
            Point::new(1, 1),
            growth,
            &mut DungeonRng::new(1),
            |_| {},
        );
        for p in [(3, 3), (4, 4), (5, 5)] {
            assert!(map.is_walkable(p));
        }
        // The ring of cells around the room is one corridor, not joined to the room.
        let steps = crate::path::walking_steps(&map, Point::new(1, 1));
        assert_eq!(steps.get_or_default((4, 4)), None);
        assert!(steps.get_or_default((7, 7)).is_some());
    }

    /// The share of corridor tiles that go straight through (floor on two opposite sides
    /// only), over several mazes.
    fn straight_share(growth: Growth) -> f64 {
        let (mut straight, mut corridor) = (0, 0);
        for seed in 0..10 {
            let mut map = Map::new(41, 41).unwrap();
            let mut lattice = Lattice::of(&map);
            let mut rng = DungeonRng::new(seed);
            lattice.grow(&mut map, Point::new(1, 1), growth, &mut rng, |_| {});
            for (p, _) in map.iter().filter(|(_, t)| t.walkable) {
                let open = STEPS.map(|s| map.is_walkable(p + s));
                if open.iter().filter(|&&o| o).count() == 2 {
                    corridor += 1;
                    straight += usize::from(
                        open == [true, false, true, false] || open == [false, true, false, true],
                    );
                }
            }
        }
        straight as f64 / f64::from(corridor)
    }

    #[test]
    fn winding_trades_straight_runs_for_turns() {
        let straight = |winding| {
            straight_share(Growth {
                branching: 0,
                winding,
            })
        };
        let (never, half, always) = (straight(0), straight(50), straight(100));
        assert!(
            never > half + 0.1 && half > always + 0.05,
            "{never} {half} {always}"
        );
    }
}
