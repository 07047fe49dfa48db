//! The engine of [`PathFinder`](super::PathFinder): A* over any consistent lower bound
//! (the open-floor estimate, or landmarks) and either open list (the bucket queue for an
//! exact search, a heap for a weighted one).
//!
//! It is [`AStar`](super::AStar)'s search (the same node marks, flood from the goal and
//! trace-back, see `astar.rs`) made generic, with one change: a CLOSED bit marks the cells
//! expanded, where `AStar` recomputes `f` to spot stale entries, because a weighted key
//! cannot be recomputed from `g` alone and an expanded cell is never expanded again.

use crate::{Grid, Point};

use super::Weight;
use super::bucket_queue::BucketQueue;
use super::cells::{Cells, Lookup, with_lookup};
use super::moves::{Estimate, Steps};
use super::weighted_queue::WeightedQueue;
use super::{CornerCutting, Moves, PathError, Walkable};

/// How many expansions per cell of the flood from the goal (as in `AStar`).
const EXPANSIONS_PER_FLOOD_CELL: u32 = 8;

/// Per cell of the map: the search that last touched it, what it learnt there, and the
/// cost of the best way found to it.
#[derive(Debug, Clone, Copy, Default)]
struct Node {
    /// Bits 0-2: the step that reached the cell; bit 3: reached; bit 4: reached by the
    /// flood from the goal; bit 5: expanded; bits 6 and up: the search number.
    mark: u32,
    /// Cost of the best way found from the start, when bit 3 is set.
    g: u32,
}

const STEP_BITS: u32 = 0b111;
const SEEN: u32 = 1 << 3;
const FLOODED: u32 = 1 << 4;
const CLOSED: u32 = 1 << 5;
const SEARCH_SHIFT: u32 = 6;
/// The last search number before the marks are cleared and numbering starts again.
const LAST_SEARCH: u32 = u32::MAX >> SEARCH_SHIFT;

/// The buffers of one search, reused by the next.
#[derive(Clone, Default)]
pub(crate) struct Search {
    marks: Marks,
    open: BucketQueue,
    weighted: WeightedQueue,
}

/// What a search learns per cell, the flood from the goal and the path: all of a search
/// but its open list, so that the search can borrow both at once.
#[derive(Clone, Default)]
struct Marks {
    nodes: Grid<Node>,
    number: u32,
    /// The flood from the goal: cells in the order reached, and the next to expand.
    flood: Vec<u32>,
    flood_next: usize,
    path: Vec<Point>,
    expansions: u32,
}

/// The ends of a search and its cost limit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ends {
    pub(crate) from: Point,
    pub(crate) to: Point,
    pub(crate) limit: u64,
}

/// What one step of the flood from the goal found.
enum Flood {
    /// Nothing decisive yet.
    Growing,
    /// It reached a cell the search from the start had reached: a path exists.
    Met,
    /// It has no cell left: the goal is closed off from the start.
    Exhausted,
}

/// A consistent lower bound on the cost from a cell to the goal: never above the
/// cheapest cost, and never dropping by more than a step's cost from one cell to the next.
pub(crate) trait Bound {
    /// The bound at `p`, row-major index `i`.
    fn at(&self, p: Point, i: usize) -> u32;
}

/// The open-floor estimate ([`Moves::estimate`]) to the goal.
#[derive(Clone, Copy)]
pub(crate) struct Octile {
    estimate: Estimate,
    goal: Point,
}

impl Octile {
    pub(crate) fn new(moves: &Moves, goal: Point) -> Octile {
        Octile {
            estimate: moves.estimate(),
            goal,
        }
    }
}

impl Bound for Octile {
    #[inline]
    fn at(&self, p: Point, _: usize) -> u32 {
        // At most 2 * MAX_COST * MAX_SIDE, below 2^32.
        self.estimate.between(p, self.goal) as u32
    }
}

/// The larger of the open-floor estimate and the `L` landmark bounds
/// `|cost(landmark, goal) - cost(landmark, cell)|`. Each is consistent (a step changes it
/// by at most the step's cost), and so is their maximum.
pub(crate) struct ByLandmarks<'a, const L: usize> {
    octile: Octile,
    /// Per cell, its `L` costs from the landmarks: fixed-size rows, so the maximum over
    /// them is a loop the compiler unrolls and vectorises.
    rows: &'a [[u32; L]],
    at_goal: [u32; L],
}

impl<'a, const L: usize> ByLandmarks<'a, L> {
    pub(crate) fn new(octile: Octile, distances: &'a [u32], goal: usize) -> ByLandmarks<'a, L> {
        let (rows, _) = distances.as_chunks::<L>();
        let at_goal = rows.get(goal).copied().unwrap_or([0; L]);
        ByLandmarks {
            octile,
            rows,
            at_goal,
        }
    }
}

impl<const L: usize> Bound for ByLandmarks<'_, L> {
    #[inline(always)] // called for every neighbour pushed; left out of line otherwise
    fn at(&self, p: Point, i: usize) -> u32 {
        let mut best = self.octile.at(p, i);
        if let Some(row) = self.rows.get(i) {
            for (d, g) in row.iter().zip(&self.at_goal) {
                best = best.max(d.abs_diff(*g));
            }
        }
        best
    }
}

/// The open list: the bucket queue for the exact search, a heap for a weighted one.
trait Open {
    /// True when a cell already expanded may be reached more cheaply later, and must be
    /// passed over then (a weighted search expands each cell once): never in an exact
    /// search, whose bound is consistent, so it skips the test.
    const CLOSED_MAY_IMPROVE: bool;
    /// Queues `item`, `g` from the start and at least `h` from the goal.
    fn push(&mut self, g: u32, h: u32, item: u32);
    /// Takes the next item to expand.
    fn pop(&mut self) -> Option<u32>;
}

impl Open for BucketQueue {
    const CLOSED_MAY_IMPROVE: bool = false;
    #[inline]
    fn push(&mut self, g: u32, h: u32, item: u32) {
        // g + h <= limit <= u32::MAX, checked before every push.
        BucketQueue::push(self, u64::from(g.saturating_add(h)), item);
    }
    #[inline]
    fn pop(&mut self) -> Option<u32> {
        BucketQueue::pop(self).map(|(_, item)| item)
    }
}

impl Open for WeightedQueue {
    const CLOSED_MAY_IMPROVE: bool = true;
    #[inline]
    fn push(&mut self, g: u32, h: u32, item: u32) {
        WeightedQueue::push(self, g, h, item);
    }
    #[inline]
    fn pop(&mut self) -> Option<u32> {
        WeightedQueue::pop(self)
    }
}

impl Search {
    /// Sizes the buffers for `walk`, empties the queues and takes the next search number.
    pub(crate) fn start(
        &mut self,
        walk: &impl Walkable,
        moves: &Moves,
        weight: Weight,
    ) -> Result<(), PathError> {
        // A step raises an exact key by its cost and the bound's change, at most its cost.
        self.open.clear(moves.largest_cost().saturating_mul(2));
        self.weighted.clear(weight);
        self.marks.start(walk.width(), walk.height())
    }

    /// The path of the last search.
    pub(crate) fn path(&self) -> &[Point] {
        &self.marks.path
    }

    /// How many cells the last search expanded.
    pub(crate) fn expansions(&self) -> u32 {
        self.marks.expansions
    }

    /// Checks the start against the limit, then runs A* with `bound` over the open list
    /// the weight needs. Both ends are walkable cells of `walk`.
    pub(crate) fn run_with<W: Walkable, B: Bound>(
        &mut self,
        walk: &W,
        moves: Moves,
        weight: Weight,
        ends: Ends,
        bound: &B,
    ) -> Option<u32> {
        let cells = Cells::of(walk);
        if u64::from(bound.at(ends.from, cells.index_of(ends.from))) > ends.limit {
            return None;
        }
        let marks = &mut self.marks;
        if weight.is_exact() {
            let open = &mut self.open;
            with_lookup!(walk, cells, |look| marks
                .run(walk, look, moves, ends, bound, open))
        } else {
            let open = &mut self.weighted;
            with_lookup!(walk, cells, |look| marks
                .run(walk, look, moves, ends, bound, open))
        }
    }
}

impl Marks {
    /// Sizes the buffers for a `width` x `height` map and takes the next search number.
    fn start(&mut self, width: i32, height: i32) -> Result<(), PathError> {
        self.path.clear();
        self.expansions = 0;
        if (width, height) != (self.nodes.width(), self.nodes.height()) {
            self.nodes = Grid::new(width, height, Node::default())?;
            self.number = 0;
        }
        if self.number >= LAST_SEARCH {
            self.nodes.fill(Node::default());
            self.number = 0;
        }
        self.number += 1;
        self.flood.clear();
        self.flood_next = 0;
        Ok(())
    }

    /// A* proper, each cell expanded at most once, with the flood from the goal alongside;
    /// both ends are walkable cells.
    fn run<W: Walkable, L: Lookup, B: Bound, Q: Open>(
        &mut self,
        walk: &W,
        look: &L,
        moves: Moves,
        Ends { from, to, limit }: Ends,
        bound: &B,
        open: &mut Q,
    ) -> Option<u32> {
        let cells = Cells::of(walk);
        let this = self.number << SEARCH_SHIFT;
        let steps = moves.steps_on(cells.width());
        self.mark(cells.index_of(to), FLOODED, 0);
        self.flood.push(Cells::pack(to));
        let start = cells.index_of(from);
        self.mark(start, SEEN, 0);
        if let Some(node) = self.nodes.cells_mut().get_mut(start) {
            node.g = 0;
        }
        open.push(0, bound.at(from, start), Cells::pack(from));
        let mut met = from == to;
        while let Some(item) = open.pop() {
            let p = Cells::unpack(item);
            let i = cells.index_of(p);
            let Some(node) = self.nodes.cells_mut().get_mut(i) else {
                continue;
            };
            if node.mark & CLOSED != 0 {
                continue; // a stale entry: the cell was expanded from a cheaper one
            }
            node.mark |= CLOSED;
            let g = node.g;
            if p == to {
                self.trace_back(&cells, &moves, from, to);
                return Some(g);
            }
            self.expansions += 1;
            let interior = cells.is_interior(p);
            for (s, step) in steps.as_slice().iter().enumerate() {
                let Some((q, j)) = cells.neighbour(p, i, interior, step) else {
                    continue;
                };
                let Some(&node) = self.nodes.cells().get(j) else {
                    continue;
                };
                let same_search = node.mark >> SEARCH_SHIFT == self.number;
                let reached = same_search && node.mark & SEEN != 0;
                // Extra costs only add: a neighbour reached as cheaply already is passed
                // over before asking the map anything.
                let least = u64::from(g) + u64::from(step.cost);
                if Q::CLOSED_MAY_IMPROVE && same_search && node.mark & CLOSED != 0
                    || reached && u64::from(node.g) <= least
                    || !Cells::passable(look, p, i, (q, j), step, moves.corners)
                {
                    continue;
                }
                let Some(extra) = walk.extra_cost(p, q) else {
                    continue;
                };
                let g_q = least + u64::from(extra);
                if reached && u64::from(node.g) <= g_q || g_q > limit {
                    continue;
                }
                let h_q = bound.at(q, j);
                if g_q + u64::from(h_q) > limit {
                    continue;
                }
                met |= same_search && node.mark & FLOODED != 0;
                let kept = if same_search {
                    node.mark & FLOODED
                } else {
                    this
                };
                if let Some(node) = self.nodes.cells_mut().get_mut(j) {
                    node.mark = kept | this | SEEN | s as u32;
                    node.g = g_q as u32; // g_q <= limit <= u32::MAX
                }
                open.push(g_q as u32, h_q, Cells::pack(q));
            }
            if !met && self.expansions.is_multiple_of(EXPANSIONS_PER_FLOOD_CELL) {
                match self.flood_step(walk, look, &steps, moves.corners) {
                    Flood::Growing => {}
                    Flood::Met => met = true,
                    Flood::Exhausted => return None,
                }
            }
        }
        None
    }

    /// Expands the next cell of the flood from the goal: every walkable neighbour that can
    /// step onto it joins the flood.
    #[inline]
    fn flood_step<W: Walkable, L: Lookup>(
        &mut self,
        walk: &W,
        look: &L,
        steps: &Steps,
        corners: CornerCutting,
    ) -> Flood {
        let cells = Cells::of(walk);
        let this = self.number << SEARCH_SHIFT;
        let Some(p) = self.flood.get(self.flood_next).map(|&c| Cells::unpack(c)) else {
            return Flood::Exhausted;
        };
        self.flood_next += 1;
        let i = cells.index_of(p);
        let interior = cells.is_interior(p);
        for step in steps.as_slice() {
            let Some((q, j)) = cells.step(look, p, i, interior, step, corners) else {
                continue;
            };
            if walk.extra_cost(q, p).is_none() {
                continue;
            }
            let Some(node) = self.nodes.cells_mut().get_mut(j) else {
                continue;
            };
            if node.mark >> SEARCH_SHIFT != self.number {
                node.mark = this | FLOODED;
            } else if node.mark & SEEN != 0 {
                return Flood::Met;
            } else if node.mark & FLOODED != 0 {
                continue;
            } else {
                node.mark |= FLOODED;
            }
            self.flood.push(Cells::pack(q));
        }
        Flood::Growing
    }

    /// Fills `path` by following the steps back from `to` to `from`.
    fn trace_back(&mut self, cells: &Cells, moves: &Moves, from: Point, to: Point) {
        let deltas = moves.deltas();
        let mut at = to;
        self.path.push(at);
        // A path visits each cell at most once; the bound only guards the loop.
        for _ in 0..self.nodes.len() {
            if at == from {
                break;
            }
            let Some(node) = self.nodes.cells().get(cells.index_of(at)) else {
                break;
            };
            let Some(&delta) = deltas.get((node.mark & STEP_BITS) as usize) else {
                break;
            };
            at -= delta;
            self.path.push(at);
        }
        self.path.reverse();
    }

    /// Marks cell `i` as reached by this search, by A* (`SEEN`, with the step that
    /// reached it) or by the flood (`FLOODED`), keeping what the search knew of it.
    fn mark(&mut self, i: usize, flag: u32, step: u32) {
        let this = self.number << SEARCH_SHIFT;
        if let Some(node) = self.nodes.cells_mut().get_mut(i) {
            let kept = if node.mark >> SEARCH_SHIFT == self.number {
                node.mark & (SEEN | FLOODED | STEP_BITS)
            } else {
                0
            };
            let kept = if flag == SEEN { kept & FLOODED } else { kept };
            node.mark = this | kept | flag | step;
        }
    }
}
