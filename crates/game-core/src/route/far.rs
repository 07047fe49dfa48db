//! The search for a far target: mapgen's [`NearestSearch`] from the player over the known
//! walkable tiles, which stops at the first cost holding a frontier tile and runs a slice
//! at a time.
//!
//! mapgen's [`DijkstraMap`](mapgen::path::DijkstraMap) computes a whole map (or all of it
//! within a cost bound) in one call. For the nearest frontier tile that is more than
//! needed (the search can stop at the first), and on a 1000x1000 level a far one takes
//! longer than a frame. [`NearestSearch`] stops at the first cost level holding a frontier
//! tile and does at most a given number of tiles per call; starting one costs nothing. It
//! runs on the engine of mapgen's A*, so the game has no search loop of its own.

use mapgen::Point;
use mapgen::path::{Moves, Nearest, NearestSearch};

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
    search: NearestSearch,
    /// What the knowledge was when the search began: (revision, known tiles).
    known_as: (u64, usize),
}

impl FarSearch {
    /// True when a search from `root` under `moves` on `known` as it is now is under way
    /// or done.
    pub(crate) fn is_for(&self, known: &Knowledge, moves: Moves, root: Point) -> bool {
        self.search.from() == Some(root)
            && self.search.moves() == moves
            && self.known_as == (known.revision(), known.known_tiles())
    }

    /// Begins a search from `root`. Moves the planners validated and a level's size never
    /// fail; if they did, the search would find nothing.
    pub(crate) fn start(&mut self, known: &Knowledge, moves: Moves, root: Point) {
        self.known_as = (known.revision(), known.known_tiles());
        if self.search.start(known.as_map(), moves, root).is_err() {
            self.search = NearestSearch::default();
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
        match self.search.advance(known.as_map(), budget, of_interest) {
            Ok(Nearest::Found { at, cost }) => {
                Progress::Found(at, i32::try_from(cost).unwrap_or(i32::MAX))
            }
            Ok(Nearest::Unfinished) => Progress::Unfinished,
            _ => Progress::Exhausted,
        }
    }

    /// The cost of `p` in this search: final for tiles settled, the best found so far for
    /// tiles waiting; `None` for tiles not reached.
    pub(crate) fn get(&self, p: Point) -> Option<i32> {
        self.search.cost(p).and_then(|c| i32::try_from(c).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::Map;
    use mapgen::generators::Generate;
    use mapgen::generators::rooms::RoomsSettings;
    use mapgen::path::{CornerCutting, DijkstraMap};

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
