//! The peers, each given the same moves: 8 directions, cardinal 2, diagonal 3, corners
//! may be cut, the octile estimate.

use std::collections::HashMap;

use bracket_pathfinding::prelude::{BaseMap, DijkstraMap, SmallVec, a_star_search};
use mapgen::{Map, Point};

/// The cost of a step by `d`.
fn step_cost(d: Point) -> u32 {
    if d.x != 0 && d.y != 0 { 3 } else { 2 }
}

/// The octile estimate of the default moves.
fn octile(a: Point, b: Point) -> u32 {
    let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
    2 * dx.max(dy) + dx.min(dy)
}

fn index(map: &Map, p: Point) -> u32 {
    map.index(p).expect("a cell of the map") as u32
}

fn point(map: &Map, i: u32) -> Point {
    let w = map.width() as u32;
    Point::new((i % w) as i32, (i / w) as i32)
}

/// The walkable neighbours of cell `i` with the cost of stepping there.
fn neighbours(map: &Map, i: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
    let p = point(map, i);
    Point::ALL_DIRECTIONS.into_iter().filter_map(move |d| {
        let q = p + d;
        map.is_walkable(q).then(|| (index(map, q), step_cost(d)))
    })
}

/// A map as bracket-lib's tutorial gives one to its pathfinding: a `BaseMap` listing the
/// exits of each tile.
pub struct BracketMap<'a> {
    map: &'a Map,
}

impl BracketMap<'_> {
    pub fn new(map: &Map) -> BracketMap<'_> {
        BracketMap { map }
    }
}

impl BaseMap for BracketMap<'_> {
    fn get_available_exits(&self, idx: usize) -> SmallVec<[(usize, f32); 10]> {
        neighbours(self.map, idx as u32)
            .map(|(j, cost)| (j as usize, cost as f32))
            .collect()
    }

    fn get_pathing_distance(&self, a: usize, b: usize) -> f32 {
        octile(point(self.map, a as u32), point(self.map, b as u32)) as f32
    }
}

/// bracket-pathfinding's A*: the cost of the path it returns, `None` when it gives up.
pub fn bracket_astar(map: &BracketMap<'_>, from: Point, to: Point) -> Option<u32> {
    let path = a_star_search(index(map.map, from), index(map.map, to), map);
    path.success.then(|| {
        path.steps
            .windows(2)
            .map(|w| {
                let (a, b) = (point(map.map, w[0] as u32), point(map.map, w[1] as u32));
                step_cost(b - a)
            })
            .sum()
    })
}

/// bracket-pathfinding's Dijkstra map from `goals`, with no depth limit.
pub fn bracket_dijkstra_map(map: &BracketMap<'_>, goals: &[Point]) -> DijkstraMap {
    let starts: Vec<usize> = goals.iter().map(|&g| index(map.map, g) as usize).collect();
    DijkstraMap::new(map.map.width(), map.map.height(), &starts, map, f32::MAX)
}

/// bracket-pathfinding's Dijkstra map as costs per cell. It never writes 0 on the goals
/// themselves (a neighbour's step back sets them), so they are read as 0 here.
pub fn bracket_dijkstra(map: &BracketMap<'_>, m: &Map, goals: &[Point]) -> Vec<Option<u32>> {
    let dm = bracket_dijkstra_map(map, goals);
    let mut values: Vec<Option<u32>> = dm
        .map
        .iter()
        .map(|&v| (v < f32::MAX).then_some(v as u32))
        .collect();
    for &g in goals {
        values[index(m, g) as usize] = Some(0);
    }
    values
}

/// `pathfinding`'s A*: the cost of a cheapest path.
pub fn pathfinding_astar(map: &Map, from: Point, to: Point) -> Option<u32> {
    let goal = index(map, to);
    pathfinding::prelude::astar(
        &index(map, from),
        |&i| neighbours(map, i),
        |&i| octile(point(map, i), to),
        |&i| i == goal,
    )
    .map(|(_, cost)| cost)
}

/// A node before every goal, for `pathfinding`'s one-start Dijkstra.
const VIRTUAL_START: u32 = u32::MAX;

/// `pathfinding`'s `dijkstra_all` from `goals`: one goal is the start; several hang off a
/// virtual start by free steps.
pub fn pathfinding_dijkstra_all(map: &Map, goals: &[Point]) -> HashMap<u32, (u32, u32)> {
    let start = match goals {
        [one] => index(map, *one),
        _ => VIRTUAL_START,
    };
    pathfinding::prelude::dijkstra_all(&start, |&i| {
        let from_virtual = i == VIRTUAL_START;
        let to_goals = goals
            .iter()
            .filter(move |_| from_virtual)
            .map(|&g| (index(map, g), 0));
        let steps = Some(i)
            .filter(|_| !from_virtual)
            .into_iter()
            .flat_map(|i| neighbours(map, i));
        to_goals.chain(steps)
    })
}

/// [`pathfinding_dijkstra_all`] as costs per cell.
pub fn pathfinding_dijkstra(map: &Map, goals: &[Point]) -> Vec<Option<u32>> {
    let mut values = vec![None; map.as_grid().len()];
    for (&i, &(_, cost)) in &pathfinding_dijkstra_all(map, goals) {
        if i != VIRTUAL_START {
            values[i as usize] = Some(cost);
        }
    }
    for &g in goals {
        values[index(map, g) as usize] = Some(0);
    }
    values
}
