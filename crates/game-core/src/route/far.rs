//! The search for a far target: Dijkstra's algorithm from the player over the known
//! walkable tiles that stops at the first cost holding a frontier tile, and can be run a
//! slice at a time.
//!
//! mapgen's [`DijkstraMap`](mapgen::path::DijkstraMap) computes a whole map (or all of it
//! within a cost bound) in one call. For the nearest frontier tile that is more than
//! needed (the search can stop at the first), and on a 1000x1000 level a far one takes
//! longer than a frame. This search stops at the first cost level holding a frontier
//! tile and does at most a given number of tiles per call; its per-tile marks are
//! stamped with a search number, so starting one costs nothing. A candidate for
//! `mapgen::path` (a resumable search with a stop condition), where it would share the
//! bucket queue of the Dijkstra maps.
//!
//! Based on: Dial's algorithm (R. B. Dial, "Algorithm 360: Shortest-path forest with
//! topological ordering", CACM 12(11), 1969, <https://doi.org/10.1145/363269.363610>):
//! integer step costs of at most `c` need only `c + 1` buckets, used in turn.

use mapgen::Point;
use mapgen::path::{CornerCutting, Directions, Moves};

use super::CARDINAL_FIRST;
use crate::knowledge::Knowledge;

/// What a slice of the search ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Progress {
    /// The nearest tile of interest (first in row order among equally near ones) and its
    /// cost.
    Found(Point, i32),
    /// Every reachable tile was searched and none is of interest.
    Exhausted,
    /// The slice's budget ran out: call again.
    Unfinished,
}

/// A resumable nearest-tile search. See the module documentation.
#[derive(Debug, Clone, Default)]
pub(crate) struct FarSearch {
    width: i32,
    height: i32,
    /// Per tile: the number of the search that last reached it.
    stamp: Vec<u32>,
    /// Per tile: its cost in that search.
    cost: Vec<i32>,
    search: u32,
    /// Dial's buckets: the tiles (row-major indices) of cost `k` are in `k % len`.
    buckets: Vec<Vec<u32>>,
    /// The cost level being searched.
    level: i32,
    queued: usize,
    root: Option<Point>,
    moves: Moves,
    /// The steps of `moves`, cardinal first: offset, row-major index offset, cost,
    /// diagonal.
    steps: Vec<(Point, isize, i32, bool)>,
    /// What the knowledge was when the search began: (revision, known tiles).
    known_as: (u64, usize),
    /// The answer, once there is one.
    done: Option<Progress>,
}

impl FarSearch {
    /// True when a search from `root` under `moves` on `known` as it is now is under way
    /// or done.
    pub(crate) fn is_for(&self, known: &Knowledge, moves: Moves, root: Point) -> bool {
        self.root == Some(root)
            && self.moves == moves
            && self.known_as == (known.revision(), known.known_tiles())
    }

    /// Begins a search from `root`.
    pub(crate) fn start(&mut self, known: &Knowledge, moves: Moves, root: Point) {
        let (w, h) = (known.width(), known.height());
        let cells = w as usize * h as usize;
        if (w, h) != (self.width, self.height) || self.stamp.len() != cells {
            self.stamp = vec![0; cells];
            self.cost = vec![0; cells];
            (self.width, self.height) = (w, h);
        }
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            // Numbers wrapped: clear the stamps once, and start from 1.
            self.stamp.fill(0);
            self.search = 1;
        }
        let largest = moves.cardinal_cost.max(moves.diagonal_cost) as usize;
        self.buckets.resize_with(largest + 1, Vec::new);
        self.buckets.iter_mut().for_each(Vec::clear);
        self.level = 0;
        self.queued = 0;
        self.moves = moves;
        let deltas = match moves.directions {
            Directions::Four => &CARDINAL_FIRST[..4],
            Directions::Eight => &CARDINAL_FIRST[..],
        };
        self.steps.clear();
        self.steps.extend(deltas.iter().map(|&d| {
            let diagonal = d.x != 0 && d.y != 0;
            let cost = if diagonal {
                moves.diagonal_cost
            } else {
                moves.cardinal_cost
            };
            (
                d,
                d.y as isize * w as isize + d.x as isize,
                cost as i32,
                diagonal,
            )
        }));
        self.known_as = (known.revision(), known.known_tiles());
        self.done = None;
        self.root = Some(root);
        if let Some(i) = self.index(root).filter(|_| known.is_walkable(root)) {
            self.reach(i, 0);
        } else {
            self.done = Some(Progress::Exhausted);
        }
    }

    /// Searches on, through at most `budget` tiles (at least one cost level), for the
    /// nearest tile `of_interest` accepts.
    pub(crate) fn advance(
        &mut self,
        known: &Knowledge,
        budget: usize,
        of_interest: impl Fn(Point) -> bool,
    ) -> Progress {
        let mut searched = 0;
        while self.done.is_none() {
            if self.queued == 0 {
                self.done = Some(Progress::Exhausted);
                break;
            }
            if searched > 0 && searched >= budget {
                return Progress::Unfinished;
            }
            searched += self.search_level(known, &of_interest);
        }
        self.done.unwrap_or(Progress::Exhausted)
    }

    /// Settles the tiles of the current cost level: stops with the first of them (in row
    /// order) that is of interest, else offers their neighbours the level plus a step.
    /// Returns how many tiles it settled.
    fn search_level(&mut self, known: &Knowledge, of_interest: &impl Fn(Point) -> bool) -> usize {
        let slot = self.level as usize % self.buckets.len();
        let tiles = std::mem::take(&mut self.buckets[slot]);
        self.queued -= tiles.len();
        let level = self.level;
        let settled = tiles
            .iter()
            .filter(|&&i| self.cost_at(i as usize) == Some(level));
        let best = settled
            .clone()
            .map(|&i| self.point(i as usize))
            .filter(|&p| of_interest(p))
            .min_by_key(|p| (p.y, p.x));
        let count = settled.clone().count();
        if let Some(p) = best {
            self.done = Some(Progress::Found(p, level));
        } else {
            for &i in &tiles {
                if self.cost_at(i as usize) == Some(level) {
                    self.offer_neighbours(known, i as usize);
                }
            }
        }
        let mut tiles = tiles;
        tiles.clear();
        self.buckets[slot] = tiles;
        self.level += 1;
        count
    }

    /// Offers each neighbour a step allowed onto known floor the level plus the step's
    /// cost. Reads the remembered tiles by index: tiles inside the map's edge need no
    /// bounds check per step.
    fn offer_neighbours(&mut self, known: &Knowledge, i: usize) {
        let tiles = known.as_map().tiles();
        let walkable = |j: usize| tiles.get(j).is_some_and(|t| t.walkable);
        let from = self.point(i);
        let interior =
            from.x > 0 && from.y > 0 && from.x < self.width - 1 && from.y < self.height - 1;
        let forbid_corners = self.moves.corners == CornerCutting::Forbidden;
        for k in 0..self.steps.len() {
            let (d, offset, cost, diagonal) = self.steps[k];
            if !interior && self.index(from + d).is_none() {
                continue;
            }
            let j = i.wrapping_add_signed(offset);
            if !walkable(j) {
                continue;
            }
            if diagonal && forbid_corners {
                let across = i.wrapping_add_signed(d.x as isize);
                let down = i.wrapping_add_signed(offset - d.x as isize);
                if !(walkable(across) && walkable(down)) {
                    continue;
                }
            }
            let offered = self.level.saturating_add(cost);
            if self.cost_at(j).is_none_or(|c| offered < c) {
                self.reach(j, offered);
            }
        }
    }

    fn reach(&mut self, i: usize, cost: i32) {
        self.stamp[i] = self.search;
        self.cost[i] = cost;
        let slot = cost as usize % self.buckets.len();
        self.buckets[slot].push(i as u32);
        self.queued += 1;
    }

    /// The cost of `p` in this search: final for tiles settled, the best found so far for
    /// tiles waiting; `None` for tiles not reached.
    pub(crate) fn get(&self, p: Point) -> Option<i32> {
        self.index(p).and_then(|i| self.cost_at(i))
    }

    fn cost_at(&self, i: usize) -> Option<i32> {
        (self.stamp.get(i) == Some(&self.search)).then(|| self.cost[i])
    }

    fn index(&self, p: Point) -> Option<usize> {
        let inside = p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height;
        inside.then(|| p.y as usize * self.width as usize + p.x as usize)
    }

    fn point(&self, i: usize) -> Point {
        let w = self.width.max(1) as usize;
        Point::new((i % w) as i32, (i / w) as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::Map;
    use mapgen::generators::Generate;
    use mapgen::generators::rooms::RoomsSettings;
    use mapgen::path::DijkstraMap;

    fn knowing(map: &Map) -> Knowledge {
        let mut known = Knowledge::new(map.width(), map.height()).unwrap();
        for (p, tile) in map.iter() {
            known.learn(p, tile);
        }
        known
    }

    /// Searched to the end a slice at a time, the costs are mapgen's Dijkstra map's.
    #[test]
    fn costs_agree_with_mapgens_dijkstra_maps_in_any_slices() {
        for seed in 0..12 {
            let map = RoomsSettings::default().generate(seed).unwrap().map;
            let known = knowing(&map);
            let root = map.iter().find(|(_, t)| t.walkable).unwrap().0;
            for moves in [
                Moves::default(),
                Moves::FOUR,
                Moves::EIGHT.with_costs(1, 1),
                Moves::EIGHT.with_corner_cutting(CornerCutting::Forbidden),
            ] {
                let mut dm = DijkstraMap::default();
                dm.compute(known.as_map(), moves, [root]).unwrap();
                let mut search = FarSearch::default();
                search.start(&known, moves, root);
                let mut calls = 0;
                while search.advance(&known, 1 + seed as usize * 7, |_| false)
                    == Progress::Unfinished
                {
                    calls += 1;
                }
                assert!(calls > 0 || seed == 0);
                for (p, _) in map.iter() {
                    assert_eq!(
                        search.get(p).map(i64::from),
                        dm.get(p),
                        "seed {seed} {moves:?} {p}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_nearest_tile_of_interest_first_in_row_order() {
        let map = Map::from_ascii(".....\n.....\n.....\n").unwrap();
        let known = knowing(&map);
        let mut search = FarSearch::default();
        search.start(&known, Moves::default(), Point::new(2, 1));
        let corners = [Point::new(4, 2), Point::new(0, 2), Point::new(4, 0)];
        let found = search.advance(&known, usize::MAX, |p| corners.contains(&p));
        assert_eq!(
            found,
            Progress::Found(Point::new(4, 0), 5),
            "one diagonal, one straight step"
        );
        assert!(search.is_for(&known, Moves::default(), Point::new(2, 1)));
        assert_eq!(
            search.advance(&known, 1, |_| true),
            found,
            "done stays done"
        );
    }
}
