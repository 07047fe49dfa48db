//! Paths and Dijkstra maps against an oracle written here: a plain Dijkstra over a binary
//! heap that knows the step rules from their description, not from the library.
//!
//! Each case draws a small map (walls, per-cell extra costs, some one-way cells), moves
//! (4 or 8 directions, costs, corner rule) and the points to ask about.

use crate::common;

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use mapgen::path::{
    self, AStar, CornerCutting, DijkstraMap, Directions, Goal, Moves, Nearest, NearestSearch,
    Walkable,
};
use mapgen::{Map, Point, Shape, Shaped, Tile};
use proptest::prelude::*;

/// A test world: walls, an extra cost for entering each cell, and cells that may not be
/// left in some directions (bit `i` of `one_way` forbids `Point::ALL_DIRECTIONS[i]`).
#[derive(Debug, Clone)]
struct World {
    width: i32,
    height: i32,
    walkable: Vec<bool>,
    enter_cost: Vec<u32>,
    one_way: Vec<u8>,
}

impl World {
    fn index(&self, p: Point) -> Option<usize> {
        (p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height)
            .then(|| (p.y * self.width + p.x) as usize)
    }

    fn open(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.walkable[i])
    }

    fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Point::new(x, y)))
    }

    fn walkable_points(&self) -> Vec<Point> {
        self.points().filter(|&p| self.open(p)).collect()
    }

    /// The cost of stepping from `a` to `b` under `moves`, from the rules as documented:
    /// both ends inside and walkable, a move of the chosen directions, corners as chosen,
    /// and the world's own extra cost and one-way cells.
    fn step(&self, moves: &Moves, a: Point, b: Point) -> Option<u64> {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let dir = Point::ALL_DIRECTIONS
            .iter()
            .position(|&d| d == Point::new(dx, dy))?;
        let diagonal = dx != 0 && dy != 0;
        if diagonal && moves.directions == Directions::Four {
            return None;
        }
        if !self.open(a) || !self.open(b) {
            return None;
        }
        if diagonal
            && moves.corners == CornerCutting::Forbidden
            && !(self.open(Point::new(b.x, a.y)) && self.open(Point::new(a.x, b.y)))
        {
            return None;
        }
        if self.one_way[self.index(a)?] & (1 << dir) != 0 {
            return None;
        }
        let base = if diagonal {
            moves.diagonal_cost
        } else {
            moves.cardinal_cost
        };
        Some(u64::from(base) + u64::from(self.enter_cost[self.index(b)?]))
    }
}

impl Shaped for World {
    fn shape(&self) -> Shape {
        Shape::new(self.width, self.height).expect("worlds are small")
    }
}

impl Walkable for World {
    fn is_walkable(&self, p: Point) -> bool {
        self.open(p)
    }
    fn extra_cost(&self, from: Point, to: Point) -> Option<u32> {
        let dir = Point::ALL_DIRECTIONS.iter().position(|&d| d == to - from)?;
        let i = self.index(from)?;
        (self.one_way[i] & (1 << dir) == 0).then(|| self.enter_cost[self.index(to).unwrap()])
    }
}

/// The oracle: for every cell, the least `start value + cost of walking to that goal`
/// over `goals`, by Dijkstra's algorithm on a binary heap over reversed steps.
fn oracle(world: &World, moves: &Moves, goals: &[(Point, i64)]) -> Vec<Option<i64>> {
    let mut dist: Vec<Option<i64>> = vec![None; (world.width * world.height) as usize];
    let mut heap = BinaryHeap::new();
    for &(g, v) in goals {
        if let Some(i) = world.index(g).filter(|_| world.open(g))
            && dist[i].is_none_or(|d| v < d)
        {
            dist[i] = Some(v);
            heap.push(Reverse((v, g.x, g.y)));
        }
    }
    while let Some(Reverse((d, x, y))) = heap.pop() {
        let p = Point::new(x, y);
        if dist[world.index(p).unwrap()] != Some(d) {
            continue;
        }
        for q in p.neighbours8() {
            if let Some(c) = world.step(moves, q, p) {
                let j = world.index(q).unwrap();
                let offered = d + c as i64;
                if dist[j].is_none_or(|old| offered < old) {
                    dist[j] = Some(offered);
                    heap.push(Reverse((offered, q.x, q.y)));
                }
            }
        }
    }
    dist
}

/// The oracle from one cell outward: the cost of walking from `from` to every cell, by
/// Dijkstra's algorithm over the steps as documented (a step from `a` to `b` as
/// `World::step(a, b)`).
fn oracle_from(world: &World, moves: &Moves, from: Point) -> Vec<Option<u64>> {
    let mut dist: Vec<Option<u64>> = vec![None; (world.width * world.height) as usize];
    let Some(start) = world.index(from).filter(|_| world.open(from)) else {
        return dist;
    };
    dist[start] = Some(0);
    let mut heap = BinaryHeap::from([Reverse((0u64, from.x, from.y))]);
    while let Some(Reverse((d, x, y))) = heap.pop() {
        let p = Point::new(x, y);
        if dist[world.index(p).unwrap()] != Some(d) {
            continue;
        }
        for q in p.neighbours8() {
            if let Some(c) = world.step(moves, p, q) {
                let j = world.index(q).unwrap();
                if dist[j].is_none_or(|old| d + c < old) {
                    dist[j] = Some(d + c);
                    heap.push(Reverse((d + c, q.x, q.y)));
                }
            }
        }
    }
    dist
}

/// A small deterministic generator for the worlds (proptest draws its seed).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// What a case draws: the world's shape and the moves.
#[derive(Debug, Clone)]
struct Case {
    world: World,
    moves: Moves,
    seed: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (
        1..=14i32,
        1..=14i32,
        0..=55u64,
        any::<u64>(),
        any::<bool>(),
        1..=5u32,
        1..=8u32,
        any::<bool>(),
        0..=3u32,
    )
        .prop_map(
            |(width, height, wall_percent, seed, eight, cardinal, diagonal, strict, terrain)| {
                let mut rng = SplitMix(seed);
                let cells = (width * height) as usize;
                let walkable = (0..cells).map(|_| rng.below(100) >= wall_percent).collect();
                // terrain 0: plain floor; otherwise extra costs up to terrain * 3 on some
                // cells and, with terrain 3, one-way cells.
                let enter_cost = (0..cells)
                    .map(|_| match terrain {
                        0 => 0,
                        t if rng.below(4) == 0 => rng.below(u64::from(t) * 3 + 1) as u32,
                        _ => 0,
                    })
                    .collect();
                let one_way = (0..cells)
                    .map(|_| {
                        if terrain == 3 && rng.below(5) == 0 {
                            rng.next() as u8
                        } else {
                            0
                        }
                    })
                    .collect();
                let moves = Moves {
                    directions: if eight {
                        Directions::Eight
                    } else {
                        Directions::Four
                    },
                    corners: if strict {
                        CornerCutting::Forbidden
                    } else {
                        CornerCutting::Allowed
                    },
                    ..Moves::EIGHT.with_costs(cardinal, diagonal)
                };
                let world = World {
                    width,
                    height,
                    walkable,
                    enter_cost,
                    one_way,
                };
                Case { world, moves, seed }
            },
        )
}

/// Any cell of the world, walkable or not, and now and then one just outside it.
fn pick(world: &World, rng: &mut SplitMix) -> Point {
    let x = rng.below(world.width as u64 + 2) as i32 - 1;
    let y = rng.below(world.height as u64 + 2) as i32 - 1;
    if rng.below(8) == 0 {
        Point::new(x, y)
    } else {
        Point::new(x.clamp(0, world.width - 1), y.clamp(0, world.height - 1))
    }
}

/// Checks that `path` runs from `from` to `to` by legal steps costing `cost` in all.
fn check_path(world: &World, moves: &Moves, path: &[Point], from: Point, to: Point, cost: u64) {
    assert_eq!(path.first(), Some(&from));
    assert_eq!(path.last(), Some(&to));
    let mut total = 0u64;
    for pair in path.windows(2) {
        let step = world.step(moves, pair[0], pair[1]);
        assert!(step.is_some(), "illegal step {} -> {}", pair[0], pair[1]);
        total += step.unwrap();
    }
    assert_eq!(total, cost, "the steps of {path:?} do not add up");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// A* cost == Dijkstra map value == oracle; no path exactly when the oracle finds
    /// none; the path is legal and adds up; a cost limit cuts exactly the dearer paths.
    #[test]
    fn astar_equals_dijkstra_equals_the_oracle(case in case()) {
        let Case { world, moves, seed } = case;
        let mut rng = SplitMix(seed ^ 0xA5A5);
        let mut astar = AStar::default();
        let mut dm = DijkstraMap::default();
        for _ in 0..4 {
            let (from, to) = (pick(&world, &mut rng), pick(&world, &mut rng));
            let truth = world.index(from).and_then(|i| oracle(&world, &moves, &[(to, 0)])[i]);
            let cost = astar.search(&world, moves, from, to).unwrap();
            prop_assert_eq!(cost.map(|c| c as i64), truth, "A* {} -> {}", from, to);
            dm.compute(&world, moves, [to]).unwrap();
            prop_assert_eq!(dm.get(from), truth, "Dijkstra {} -> {}", from, to);
            match cost {
                Some(cost) => check_path(&world, &moves, astar.path(), from, to, cost),
                None => prop_assert!(astar.path().is_empty()),
            }
            if let Some(truth) = truth {
                let limit = rng.below(truth as u64 * 2 + 2);
                let limited = astar.search_within(&world, moves, from, to, limit).unwrap();
                let expected = (truth as u64 <= limit).then_some(truth as u64);
                prop_assert_eq!(limited, expected, "limit {}", limit);
            }
        }
    }

    /// The nearest search, sliced by any budget: the nearest accepted cell (the first in
    /// row order among the nearest) at the oracle's cost, `Exhausted` exactly when the
    /// start reaches none, and the oracle's cost at every cell it settled on the way;
    /// searched to the end, every cell's cost. Again after walls change (a new start).
    #[test]
    fn nearest_search_equals_the_oracle_in_any_slices(case in case()) {
        let Case { mut world, moves, seed } = case;
        let mut rng = SplitMix(seed ^ 0x6B6B);
        let mut search = NearestSearch::default();
        for round in 0..3 {
            let from = pick(&world, &mut rng);
            let truth = oracle_from(&world, &moves, from);
            let wanted: Vec<bool> = (0..truth.len()).map(|_| rng.below(6) == 0).collect();
            let accept = |p: Point| world.index(p).is_some_and(|i| wanted[i]);
            let budget = 1 + rng.below(12) as usize;
            search.start(&world, moves, from).unwrap();
            let answer = loop {
                match search.advance(&world, budget, accept).unwrap() {
                    Nearest::Unfinished => continue,
                    answer => break answer,
                }
            };
            let best = world
                .points()
                .filter_map(|p| Some((truth[world.index(p)?]?, p.y, p.x)).filter(|_| accept(p)))
                .min();
            match best {
                Some((cost, y, x)) => {
                    prop_assert_eq!(answer, Nearest::Found { at: Point::new(x, y), cost }, "round {}", round);
                }
                None => prop_assert_eq!(answer, Nearest::Exhausted, "round {}", round),
            }
            prop_assert_eq!(search.advance(&world, budget, accept).unwrap(), answer, "done stays done");
            // Every cell no dearer than the answer was reached at its exact cost.
            let reach = match answer {
                Nearest::Found { cost, .. } => cost,
                _ => u64::MAX,
            };
            for p in world.points() {
                let t = truth[world.index(p).unwrap()];
                if t.is_some_and(|t| t <= reach) {
                    prop_assert_eq!(search.cost(p), t, "cost at {}", p);
                }
            }
            // Walls change: some cells flip before the next round.
            for _ in 0..rng.below(4) {
                let i = rng.below(world.walkable.len() as u64) as usize;
                world.walkable[i] = !world.walkable[i];
            }
        }
    }

    /// A map from several goals with starting values is the least over the goals of the
    /// start value plus that goal's single-goal map; a cost limit leaves exactly the cells
    /// above it unreached.
    #[test]
    fn multi_goal_maps_are_the_least_of_single_goal_maps(case in case()) {
        let Case { world, moves, seed } = case;
        let mut rng = SplitMix(seed ^ 0x5A5A);
        let count = 1 + rng.below(5) as usize;
        let goals: Vec<Goal> = (0..count)
            .map(|_| Goal::new(pick(&world, &mut rng), rng.below(21) as i32 - 10))
            .collect();
        let mut dm = DijkstraMap::default();
        let mut single = DijkstraMap::default();
        let mut expected: Vec<Option<i64>> = vec![None; (world.width * world.height) as usize];
        for goal in &goals {
            single.compute(&world, moves, [goal.point]).unwrap();
            for (p, v) in single.iter() {
                let i = world.index(p).unwrap();
                if let Some(v) = v {
                    let total = v + i64::from(goal.value);
                    expected[i] = Some(expected[i].map_or(total, |e| e.min(total)));
                }
            }
        }
        let oracle_values = oracle(
            &world,
            &moves,
            &goals.iter().map(|g| (g.point, i64::from(g.value))).collect::<Vec<_>>(),
        );
        prop_assert_eq!(&expected, &oracle_values);
        let max_cost = (rng.below(3) == 0).then(|| rng.below(30) as i64 - 5);
        match max_cost {
            Some(max_cost) => dm.compute_within(&world, moves, goals.iter().copied(), max_cost).unwrap(),
            None => dm.compute(&world, moves, goals.iter().copied()).unwrap(),
        }
        for (p, v) in dm.iter() {
            let i = world.index(p).unwrap();
            let want = expected[i].filter(|&e| max_cost.is_none_or(|m| e <= m));
            prop_assert_eq!(v, want, "at {} with limit {:?}", p, max_cost);
        }
    }

    /// Walking downhill from any reached cell takes legal steps, each costing what the
    /// value drops, and stops on a goal at its starting value: a walk from a cell costs
    /// exactly its value less that goal's start.
    #[test]
    fn downhill_walks_reach_a_goal_in_exactly_the_distance(case in case()) {
        let Case { world, moves, seed } = case;
        let mut rng = SplitMix(seed ^ 0x3C3C);
        let count = 1 + rng.below(4) as usize;
        let goals: Vec<Goal> = (0..count)
            .map(|_| Goal::new(pick(&world, &mut rng), rng.below(9) as i32))
            .collect();
        let mut dm = DijkstraMap::default();
        dm.compute(&world, moves, goals.iter().copied()).unwrap();
        for start in world.walkable_points() {
            let Some(value) = dm.get(start) else {
                prop_assert_eq!(dm.downhill(&world, start), None);
                continue;
            };
            let mut at = start;
            let mut walked = 0u64;
            while let Some(next) = dm.downhill(&world, at) {
                let step = world.step(&moves, at, next);
                prop_assert!(step.is_some(), "illegal downhill step {} -> {}", at, next);
                let step = step.unwrap();
                prop_assert_eq!(
                    dm.get(at).unwrap() - dm.get(next).unwrap(),
                    step as i64
                );
                walked += step;
                at = next;
            }
            let end = dm.get(at).unwrap();
            prop_assert!(
                goals.iter().any(|g| g.point == at && i64::from(g.value) == end),
                "the walk from {} stopped at {}, not a goal at its start value", start, at
            );
            prop_assert_eq!(walked as i64, value - end);
        }
    }

    /// A flee map is the map rescanned from every reached cell at its value times -6/5.
    #[test]
    fn flee_maps_rescan_from_scaled_values(case in case()) {
        let Case { world, moves, seed } = case;
        let mut rng = SplitMix(seed ^ 0x7E7E);
        let goal = pick(&world, &mut rng);
        let mut dm = DijkstraMap::default();
        dm.compute(&world, moves, [goal]).unwrap();
        let seeds: Vec<(Point, i64)> = dm
            .iter()
            .filter_map(|(p, v)| v.map(|v| (p, v * -6 / 5)))
            .collect();
        dm.flee(&world).unwrap();
        let expected = oracle(&world, &moves, &seeds);
        for (p, v) in dm.iter() {
            prop_assert_eq!(v, expected[world.index(p).unwrap()], "at {}", p);
        }
    }

    /// The same query gives the same answer, whether the search is fresh or reused after
    /// other queries on other maps.
    #[test]
    fn searches_are_deterministic_and_reusable(case in case(), other in case()) {
        let Case { world, moves, seed } = case;
        let mut rng = SplitMix(seed ^ 0x1111);
        let (from, to) = (pick(&world, &mut rng), pick(&world, &mut rng));
        let mut fresh = AStar::default();
        let first = fresh.search(&world, moves, from, to).unwrap();
        let first_path = fresh.path().to_vec();
        let mut reused = AStar::default();
        let _ = reused.search(&other.world, other.moves, from, to).unwrap();
        let _ = reused.search(&world, moves, to, from).unwrap();
        prop_assert_eq!(reused.search(&world, moves, from, to).unwrap(), first);
        prop_assert_eq!(reused.path(), &first_path[..]);

        let mut dm = DijkstraMap::default();
        dm.compute(&other.world, other.moves, [from]).unwrap();
        dm.compute_within(&world, moves, [to, from], 7).unwrap();
        dm.compute(&world, moves, [to]).unwrap();
        let mut once = DijkstraMap::default();
        once.compute(&world, moves, [to]).unwrap();
        prop_assert_eq!(dm.to_grid(), once.to_grid());
    }

    /// A Map is read through its tile slice, anything else by calls: both agree with each
    /// other and with the oracle, with doors walkable like floors.
    #[test]
    fn maps_read_by_tiles_agree_with_maps_read_by_calls(case in case()) {
        let Case { mut world, moves, seed } = case;
        world.enter_cost.fill(0);
        world.one_way.fill(0);
        let mut map = Map::new(world.width, world.height).unwrap();
        for p in world.walkable_points() {
            map.set(p, if (p.x + p.y) % 4 == 0 { Tile::DOOR } else { Tile::FLOOR });
        }
        let by_calls = path::walkable_fn(map.shape(), |p| map.is_walkable(p));
        let mut rng = SplitMix(seed ^ 0x2222);
        let (mut a, mut b) = (AStar::default(), AStar::default());
        let (mut da, mut db) = (DijkstraMap::default(), DijkstraMap::default());
        for _ in 0..3 {
            let (from, to) = (pick(&world, &mut rng), pick(&world, &mut rng));
            let cost = a.search(&map, moves, from, to).unwrap();
            prop_assert_eq!(cost, b.search(&by_calls, moves, from, to).unwrap());
            prop_assert_eq!(a.path(), b.path());
            let truth = world.index(from).and_then(|i| oracle(&world, &moves, &[(to, 0)])[i]);
            prop_assert_eq!(cost.map(|c| c as i64), truth);
            da.compute(&map, moves, [to, from]).unwrap();
            db.compute(&by_calls, moves, [to, from]).unwrap();
            prop_assert_eq!(da.to_grid(), db.to_grid());
            for p in world.walkable_points() {
                prop_assert_eq!(da.downhill(&map, p), db.downhill(&by_calls, p));
            }
        }
    }

    /// The 4-connected helpers on a Map: walking steps are a breadth-first walk, the
    /// farthest tile is the first in row order at the greatest of them, and culling
    /// walls exactly the tiles the walk does not reach.
    #[test]
    fn walking_steps_farthest_and_cull_agree_with_a_breadth_first_walk(case in case()) {
        let Case { world, seed, .. } = case;
        let mut map = Map::new(world.width, world.height).unwrap();
        for p in world.walkable_points() {
            map.set(p, if p.x % 3 == 0 { Tile::DOOR } else { Tile::FLOOR });
        }
        let start = pick(&world, &mut SplitMix(seed));
        let bfs = common::bfs_distances(&map, start);
        let steps = path::walking_steps(&map, start);
        prop_assert_eq!(steps.cells(), &bfs[..]);
        let farthest = bfs.iter().flatten().max().and_then(|&far| {
            bfs.iter().position(|&d| d == Some(far)).map(|i| map.as_grid().point(i).unwrap())
        });
        prop_assert_eq!(path::farthest_walkable(&map, start), farthest);
        let reached = bfs.iter().flatten().count();
        let walkable = map.iter().filter(|(_, t)| t.walkable).count();
        let mut culled = map.clone();
        prop_assert_eq!(path::cull_unreachable(&mut culled, start), walkable - reached);
        for (p, tile) in culled.iter() {
            let kept = bfs[map.index(p).unwrap()].is_some();
            prop_assert_eq!(tile.walkable, kept, "at {}", p);
        }
    }
}

/// A breadth-first walk in the test, to check the oracle itself on unit costs.
#[test]
fn the_oracle_agrees_with_a_breadth_first_walk_on_unit_costs() {
    let world = World {
        width: 6,
        height: 3,
        walkable: ".#....\n.#.##.\n......"
            .lines()
            .flat_map(|l| l.chars().map(|c| c == '.'))
            .collect(),
        enter_cost: vec![0; 18],
        one_way: vec![0; 18],
    };
    let dist = oracle(&world, &Moves::STEPS4, &[(Point::new(0, 0), 0)]);
    let mut bfs = vec![None; 18];
    bfs[0] = Some(0i64);
    let mut queue = VecDeque::from([Point::new(0, 0)]);
    while let Some(p) = queue.pop_front() {
        let d = bfs[world.index(p).unwrap()].unwrap();
        for q in p.neighbours4() {
            if let Some(j) = world.index(q).filter(|_| world.open(q))
                && bfs[j].is_none()
            {
                bfs[j] = Some(d + 1);
                queue.push_back(q);
            }
        }
    }
    assert_eq!(dist, bfs);
    assert_eq!(dist[world.index(Point::new(2, 0)).unwrap()], Some(6));
}
