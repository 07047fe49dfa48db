//! A route to one tile over what the player knows, kept as the list of tiles to walk, and
//! the searches that make routes ([`flood`]: bounded Dijkstra maps; [`far`]: the
//! resumable search for a far target).
//!
//! Shared by auto-explore (the route to its target) and travel (the route to the tile
//! clicked). Made by walking downhill on a Dijkstra map rooted at the target, cardinal
//! steps first among equally good ones (Brogue CE's `nextStep` order), or, for a far
//! target found by a search from the player, by tracing that search back from the target.
//! Following it costs nothing per step; it is made again only when asked.

pub(crate) mod far;
pub(crate) mod flood;

use mapgen::Point;
use mapgen::path::{CornerCutting, Directions, Moves};

use self::flood::Flood;
use crate::knowledge::Knowledge;

/// The eight steps, the four cardinal ones first: the first of equally good steps is
/// taken, so a walk goes straight where it can and a diagonal step never wins a tie.
pub(crate) const CARDINAL_FIRST: [Point; 8] = [
    Point::new(0, -1),
    Point::new(1, 0),
    Point::new(0, 1),
    Point::new(-1, 0),
    Point::new(1, -1),
    Point::new(1, 1),
    Point::new(-1, 1),
    Point::new(-1, -1),
];

/// A route: the tiles from where it was planned to its target, the cost left from each,
/// and the knowledge it was made from.
#[derive(Debug, Clone, Default)]
pub(crate) struct Route {
    /// The Dijkstra map rooted at the target.
    flood: Flood,
    path: Vec<Point>,
    /// `cost_left[i]`: the cost of walking from `path[i]` to the target.
    cost_left: Vec<i32>,
    /// Where the player is along `path`.
    at: usize,
    target: Option<Point>,
    /// [`Knowledge::revision`] when the route was made.
    revision: u64,
}

impl Route {
    /// Plans the route from `from` to `target` by a Dijkstra map rooted at `target`,
    /// limited to `bound` when that reaches `from`, else without a limit. The cost, or
    /// `None` (and no route) when `target` cannot be reached on what is known.
    pub(crate) fn plan(
        &mut self,
        known: &Knowledge,
        moves: Moves,
        from: Point,
        target: Point,
        bound: Option<i32>,
    ) -> Option<i32> {
        self.forget();
        let mut reached =
            self.flood.compute(known, moves, target, bound) && self.flood.get(from).is_some();
        if !reached && bound.is_some() {
            reached =
                self.flood.compute(known, moves, target, None) && self.flood.get(from).is_some();
        }
        if !reached {
            return None;
        }
        let mut here = from;
        while let Some(cost) = self.flood.get(here) {
            self.path.push(here);
            self.cost_left.push(cost);
            match downhill(&self.flood, known, moves, here) {
                Some(next) => here = next,
                None => break,
            }
        }
        self.finish(known, target)
    }

    /// Takes the route from a search from the player (`root`, and `cost_of` each tile
    /// it reached) by tracing it back from `target`: each tile's predecessor is a
    /// neighbour whose cost plus the step's is the tile's, cardinal first. No second
    /// search; the first steps then favour straight lines near the target rather than
    /// near the player.
    pub(crate) fn trace_back(
        &mut self,
        known: &Knowledge,
        moves: Moves,
        root: Point,
        target: Point,
        cost_of: impl Fn(Point) -> Option<i32>,
    ) -> Option<i32> {
        self.forget();
        let total = cost_of(target)?;
        let mut here = target;
        self.path.push(here);
        // Every step back lowers the cost by at least 1: at most `total` steps.
        while here != root && self.path.len() <= total as usize + 1 {
            here = uphill_predecessor(&cost_of, known, moves, here)?;
            self.path.push(here);
        }
        if here != root {
            self.forget();
            return None;
        }
        self.path.reverse();
        self.cost_left.extend(
            self.path
                .iter()
                .map(|&p| total - cost_of(p).unwrap_or(total)),
        );
        self.finish(known, target)
    }

    /// Takes `path` (from its first tile to its last, each a step allowed by `moves` on
    /// what is known: an A* search's) as the route. The cost, or `None` (and no route)
    /// when a step is not allowed.
    pub(crate) fn follow_path(
        &mut self,
        known: &Knowledge,
        moves: Moves,
        path: &[Point],
    ) -> Option<i32> {
        self.forget();
        let (&first, &target) = (path.first()?, path.last()?);
        let mut left = 0i32;
        self.cost_left.push(0);
        for pair in path.windows(2).rev() {
            let step = step_cost(known, moves, pair[0], pair[1])?;
            left = left.saturating_add(step as i32);
            self.cost_left.push(left);
        }
        self.cost_left.reverse();
        self.path.extend_from_slice(path);
        debug_assert_eq!(self.path.first(), Some(&first));
        self.finish(known, target)
    }

    fn finish(&mut self, known: &Knowledge, target: Point) -> Option<i32> {
        if self.path.last() != Some(&target) {
            self.forget();
            return None;
        }
        self.target = Some(target);
        self.revision = known.revision();
        self.cost_left.first().copied()
    }

    /// The next tile from `player`, when `player` is on the route and not at its end.
    /// Advances along the route.
    pub(crate) fn next_step(&mut self, player: Point) -> Option<Point> {
        self.target?;
        if self.path.get(self.at) != Some(&player) {
            self.at = self.at
                + 1
                + self
                    .path
                    .get(self.at + 1..)?
                    .iter()
                    .position(|&p| p == player)?;
        }
        self.path.get(self.at + 1).copied()
    }

    /// The cost left from `player` when it is on the route.
    pub(crate) fn cost_left(&self, player: Point) -> Option<i32> {
        self.target?;
        let i = self.at
            + self
                .path
                .get(self.at..)?
                .iter()
                .position(|&p| p == player)?;
        self.cost_left.get(i).copied()
    }

    /// True when the route leads to `target` and was made from `known` as it is now.
    pub(crate) fn is_current(&self, known: &Knowledge, target: Point) -> bool {
        self.target == Some(target) && self.revision == known.revision()
    }

    /// The target the route leads to.
    pub(crate) fn target(&self) -> Option<Point> {
        self.target
    }

    /// The tiles left to walk from `player`, `player` first, into `out` (cleared first);
    /// empty when `player` is not on the route.
    pub(crate) fn rest(&self, player: Point, out: &mut Vec<Point>) {
        out.clear();
        if self.target.is_none() {
            return;
        }
        let rest = self.path.get(self.at..).unwrap_or(&[]);
        if let Some(i) = rest.iter().position(|&p| p == player) {
            out.extend_from_slice(&rest[i..]);
        }
    }

    /// Forgets the route (a new level, a cancelled plan).
    pub(crate) fn forget(&mut self) {
        self.target = None;
        self.path.clear();
        self.cost_left.clear();
        self.at = 0;
    }
}

/// The neighbour of `from` that a step allowed by `moves` onto a known walkable tile
/// reaches and that makes `cost there + step cost` least, if not above `from`'s own, the
/// first in [`CARDINAL_FIRST`] order among equals; `None` at the root.
fn downhill(flood: &Flood, known: &Knowledge, moves: Moves, from: Point) -> Option<Point> {
    let here = i64::from(flood.get(from)?);
    let mut best: Option<(i64, Point)> = None;
    for &d in steps(moves) {
        let to = from + d;
        let Some(value) = flood.get(to) else {
            continue;
        };
        let Some(cost) = step_cost(known, moves, from, to) else {
            continue;
        };
        let total = i64::from(value) + i64::from(cost);
        if total <= here && best.is_none_or(|(b, _)| total < b) {
            best = Some((total, to));
        }
    }
    best.map(|(_, to)| to)
}

/// The first neighbour `p` of `to`, in [`CARDINAL_FIRST`] order, from which a step onto
/// `to` costs exactly what `cost_of` says separates them.
fn uphill_predecessor(
    cost_of: &impl Fn(Point) -> Option<i32>,
    known: &Knowledge,
    moves: Moves,
    to: Point,
) -> Option<Point> {
    let there = i64::from(cost_of(to)?);
    steps(moves).iter().map(|&d| to + d).find(|&p| {
        let (Some(value), Some(cost)) = (cost_of(p), step_cost(known, moves, p, to)) else {
            return false;
        };
        i64::from(value) + i64::from(cost) == there
    })
}

fn steps(moves: Moves) -> &'static [Point] {
    match moves.directions {
        Directions::Four => &CARDINAL_FIRST[..4],
        Directions::Eight => &CARDINAL_FIRST,
    }
}

/// The cost of the step from `from` to its neighbour `to`, when `moves` allow it on what
/// is known: `to` walkable, and for a diagonal the corner rule met.
pub(crate) fn step_cost(known: &Knowledge, moves: Moves, from: Point, to: Point) -> Option<u32> {
    if !known.is_walkable(to) {
        return None;
    }
    let diagonal = from.x != to.x && from.y != to.y;
    if !diagonal {
        return Some(moves.cardinal_cost);
    }
    let corner_open = moves.corners == CornerCutting::Allowed
        || (known.is_walkable(Point::new(to.x, from.y))
            && known.is_walkable(Point::new(from.x, to.y)));
    corner_open.then_some(moves.diagonal_cost)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::Map;

    fn knowing(ascii: &str) -> Knowledge {
        let map = Map::from_ascii(ascii).unwrap();
        let mut known = Knowledge::new(map.width(), map.height()).unwrap();
        for (p, tile) in map.iter() {
            known.learn(p, tile);
        }
        known
    }

    /// On an open floor a diagonal-then-straight walk and a straight-then-diagonal one
    /// cost the same; the walk goes straight first.
    #[test]
    fn cardinal_steps_win_ties() {
        let known = knowing("....\n....\n");
        let mut route = Route::default();
        let cost = route.plan(
            &known,
            Moves::default(),
            Point::new(0, 0),
            Point::new(3, 1),
            None,
        );
        assert_eq!(
            cost,
            Some(7),
            "two straight steps of 2 and a diagonal one of 3"
        );
        let mut walk = Vec::new();
        route.rest(Point::new(0, 0), &mut walk);
        assert_eq!(
            walk,
            [
                Point::new(0, 0),
                Point::new(1, 0),
                Point::new(2, 0),
                Point::new(3, 1)
            ]
        );
    }

    #[test]
    fn corners_are_not_cut_when_forbidden() {
        let known = knowing("#.\n.#\n");
        let strict = Moves::EIGHT.with_corner_cutting(CornerCutting::Forbidden);
        let mut route = Route::default();
        assert_eq!(
            route.plan(&known, strict, Point::new(0, 1), Point::new(1, 0), None),
            None
        );
        assert_eq!(
            route.plan(
                &known,
                Moves::default(),
                Point::new(0, 1),
                Point::new(1, 0),
                None
            ),
            Some(3)
        );
        assert_eq!(route.next_step(Point::new(0, 1)), Some(Point::new(1, 0)));
    }

    /// A bound too small to reach the start: planned again without one.
    #[test]
    fn a_short_bound_is_lifted() {
        let known = knowing("........\n");
        let mut route = Route::default();
        let cost = route.plan(
            &known,
            Moves::default(),
            Point::new(0, 0),
            Point::new(7, 0),
            Some(4),
        );
        assert_eq!(cost, Some(14));
    }

    #[test]
    fn tracing_back_a_search_from_the_player_gives_a_cheapest_route() {
        let known = knowing("#####\n#...#\n#.#.#\n#####\n");
        let mut search = Flood::default();
        assert!(search.compute(&known, Moves::default(), Point::new(1, 2), None));
        let mut route = Route::default();
        let cost = route.trace_back(
            &known,
            Moves::default(),
            Point::new(1, 2),
            Point::new(3, 2),
            |p| search.get(p),
        );
        assert_eq!(cost, Some(6));
        let mut walk = Vec::new();
        route.rest(Point::new(1, 2), &mut walk);
        assert_eq!(walk, [Point::new(1, 2), Point::new(2, 1), Point::new(3, 2)]);
        assert_eq!(route.cost_left(Point::new(2, 1)), Some(3));
    }

    #[test]
    fn a_bounded_search_runs_on_a_box_and_agrees_with_a_whole_one() {
        use mapgen::generators::Generate;
        let map = mapgen::generators::rooms::RoomsSettings::default()
            .generate(3)
            .unwrap()
            .map;
        let mut known = Knowledge::new(map.width(), map.height()).unwrap();
        for (p, tile) in map.iter() {
            known.learn(p, tile);
        }
        let root = map.iter().find(|(_, t)| t.walkable).unwrap().0;
        let (mut boxed, mut whole) = (Flood::default(), Flood::default());
        boxed.compute(&known, Moves::default(), root, Some(40));
        whole.compute(&known, Moves::default(), root, None);
        for (p, _) in map.iter() {
            let expected = whole.get(p).filter(|&v| v <= 40);
            assert_eq!(boxed.get(p), expected, "{p}");
        }
    }
}
