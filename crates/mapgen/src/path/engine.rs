//! The one search engine of `mapgen::path`: best-first search over the cells of a
//! [`Walkable`], with the estimate (a [`Bound`]) and the open list (an [`Open`]) as
//! parameters. [`AStar`](super::AStar) runs it with the open-floor estimate and the bucket
//! queue; [`PathFinder`](super::PathFinder) with landmarks, or a heap for a weighted
//! search; [`NearestSearch`](super::NearestSearch) with no estimate at all (Dijkstra's
//! order), a cost level at a time, stopping where a cell of interest is found.
//!
//! Based on: Hart, Nilsson, Raphael, "A Formal Basis for the Heuristic Determination of
//! Minimum Cost Paths", IEEE Trans. SSC 4(2), 1968
//! (<https://doi.org/10.1109/TSSC.1968.300136>); Dijkstra's order over Dial's buckets
//! (see [`BucketQueue`]).
//!
//! Costs are `u64` from end to end: no path on the largest map at the largest costs
//! overflows them, so "no path" means only that the goal cannot be reached (or not within
//! the caller's limit). A search keeps them in 32 bits per cell where they fit (see
//! [`Nodes`]), a width chosen per search, not a second copy of the loop's source. The
//! landmarks' search on a walkable without extra costs, the common case, has its loop
//! compiled per width and without the flood from the goal (see [`Engine::astar`]):
//! generic parameters of the one loop, which let the compiler drop what cannot apply.

use crate::Point;

use super::bucket_queue::BucketQueue;
use super::cells::{ByMasks, Cells, Lookup, with_lookup};
use super::moves::{Estimate, Steps};
use super::nodes::{AsStarted, Narrow, Nodes, NodesMut, Wide, Width};
use super::weighted_queue::WeightedQueue;
use super::{CornerCutting, Moves, PathError, Walkable, Weight};

/// How many expansions per cell of the flood from the goal (see [`AStar`](super::AStar)).
const EXPANSIONS_PER_FLOOD_CELL: u32 = 8;
/// The same when the map joins the ends ([`Ends::joined`]): only a walkable that forbids
/// steps can close the goal off then, so the flood runs eight times more slowly.
const EXPANSIONS_PER_FLOOD_CELL_JOINED: u32 = 64;

const STEP_BITS: u16 = 0b111;
const SEEN: u16 = 1 << 3;
const FLOODED: u16 = 1 << 4;
const CLOSED: u16 = 1 << 5;

/// A consistent lower bound on the cost from a cell to the goal: never above the
/// cheapest cost, and never dropping by more than a step's cost from one cell to the next.
pub(crate) trait Bound {
    /// The bound at `p`, row-major index `i`.
    fn at(&self, p: Point, i: usize) -> u64;
}

/// No estimate: Dijkstra's order.
pub(crate) struct Zero;

impl Bound for Zero {
    #[inline]
    fn at(&self, _: Point, _: usize) -> u64 {
        0
    }
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
    fn at(&self, p: Point, _: usize) -> u64 {
        self.estimate.between(p, self.goal)
    }
}

/// The open list: the bucket queue for an exact search, a heap for a weighted one.
pub(crate) trait Open {
    /// True when a cell already expanded may be reached more cheaply later, and must be
    /// passed over then (a weighted search expands each cell once): never in an exact
    /// search, whose bound is consistent, so it skips the test.
    const CLOSED_MAY_IMPROVE: bool;
    /// Queues `item`, `g` from the start and at least `h` from the goal.
    fn push(&mut self, g: u64, h: u64, item: u32);
    /// Takes the next item to expand.
    fn pop(&mut self) -> Option<u32>;
}

impl Open for BucketQueue {
    const CLOSED_MAY_IMPROVE: bool = false;
    #[inline]
    fn push(&mut self, g: u64, h: u64, item: u32) {
        // g + h <= limit, checked before every push.
        BucketQueue::push(self, g + h, item);
    }
    #[inline(always)] // once per cell expanded: a call costs as much as the pop
    fn pop(&mut self) -> Option<u32> {
        BucketQueue::pop(self).map(|(_, item)| item)
    }
}

impl Open for WeightedQueue {
    const CLOSED_MAY_IMPROVE: bool = true;
    #[inline]
    fn push(&mut self, g: u64, h: u64, item: u32) {
        WeightedQueue::push(self, g, h, item);
    }
    #[inline]
    fn pop(&mut self) -> Option<u32> {
        WeightedQueue::pop(self)
    }
}

/// The ends of a search, its cost limit and what is known of them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ends {
    pub(crate) from: Point,
    pub(crate) to: Point,
    pub(crate) limit: u64,
    /// True when the map joins the ends (the landmarks' regions say so): the flood from
    /// the goal, which stops a search that cannot succeed, then runs more slowly (a
    /// walkable's forbidden steps may still close the goal off).
    pub(crate) joined: bool,
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

/// The buffers of a search, reused by the next: the marks per cell, both open lists and
/// the cells of the cost level being settled.
#[derive(Clone, Default)]
pub(crate) struct Engine {
    marks: Marks,
    exact: BucketQueue,
    weighted: WeightedQueue,
    level: Vec<u32>,
    /// [`Moves::reached_by_parent`] of the last moves searched with: worked out once, as
    /// a search of a few tiles would spend more on them than on itself.
    parent_masks: Option<(Moves, [u8; 8])>,
}

/// What a search learns per cell, the flood from the goal and the path: all of a search
/// but its open lists, so that a search can borrow both at once.
#[derive(Clone, Default)]
struct Marks {
    nodes: Nodes,
    flood: FloodFill,
    path: Vec<Point>,
    expansions: u32,
}

impl Engine {
    /// An engine sized ahead for a `width` x `height` map.
    pub(crate) fn new(width: i32, height: i32) -> Result<Engine, crate::MapError> {
        Ok(Engine {
            marks: Marks {
                nodes: Nodes::new(width, height)?,
                ..Marks::default()
            },
            ..Engine::default()
        })
    }

    /// Sizes the buffers for `walk`'s map, empties the open lists for keys growing by at
    /// most the dearest step of `moves` (and ordered by `weight`), forgets the last path
    /// and the cells the last search touched, and chooses the width of the costs for a
    /// search of costs at most `limit`.
    pub(crate) fn start(
        &mut self,
        walk: &impl Walkable,
        moves: &Moves,
        weight: Weight,
        limit: u64,
    ) -> Result<(), PathError> {
        // A step raises an exact key by its cost and the bound's change, at most its cost.
        self.exact.clear(moves.largest_cost().saturating_mul(2));
        self.weighted.clear(weight);
        self.level.clear();
        self.marks.start(walk, moves.largest_cost(), limit)
    }

    /// The path of the last search.
    pub(crate) fn path(&self) -> &[Point] {
        &self.marks.path
    }

    /// Replaces the path (a search loaded from its saved form).
    #[cfg(feature = "serde")]
    pub(crate) fn set_path(&mut self, path: Vec<Point>) {
        self.marks.path = path;
    }

    /// How many cells the last search expanded.
    pub(crate) fn expansions(&self) -> u32 {
        self.marks.expansions
    }

    /// A* from `ends.from` to `ends.to` on `walk`, both walkable cells of it, with
    /// `bound` and the open list `weight` needs: the cost, the path then in
    /// [`Engine::path`]; `None` when the goal is closed off or dearer than the limit.
    /// Called right after [`Engine::start`].
    /// `masks`, when given, are [`Cells::step_masks`] of `walk`'s own tiles under `moves`.
    pub(crate) fn astar<W: Walkable, B: Bound>(
        &mut self,
        walk: &W,
        moves: Moves,
        weight: Weight,
        ends: Ends,
        bound: &B,
        masks: Option<&[u8]>,
    ) -> Option<u64> {
        let cells = Cells::of(walk);
        if bound.at(ends.from, cells.index_of(ends.from)) > ends.limit {
            return None;
        }
        // Per step that reached a cell, the neighbours its parent offered as cheaply.
        let by_parent = if walk.has_extra_costs() {
            [0; 8]
        } else {
            self.reached_by_parent(moves)
        };
        let marks = &mut self.marks;
        let tiles = walk.row_major_tiles().filter(|t| t.len() == cells.len());
        let moves = (moves, by_parent);
        if let (Some(tiles), Some(masks), true) = (tiles, masks, weight.is_exact()) {
            let look = &ByMasks { tiles, masks };
            let open = &mut self.exact;
            // The masks are the steps of the landmarks' map, which joins the ends (their
            // bound is asked only then): with no extra cost to forbid a step, a path
            // exists, and the loop is compiled without the flood, for one cost width.
            return match (walk.has_extra_costs(), marks.nodes.is_wide()) {
                (false, false) => {
                    marks.astar::<_, _, _, _, Narrow, false>(walk, look, moves, ends, bound, open)
                }
                (false, true) => {
                    marks.astar::<_, _, _, _, Wide, false>(walk, look, moves, ends, bound, open)
                }
                (true, _) => {
                    marks.astar::<_, _, _, _, AsStarted, true>(walk, look, moves, ends, bound, open)
                }
            };
        }
        if weight.is_exact() {
            let open = &mut self.exact;
            with_lookup!(walk, cells, |look| marks
                .astar::<_, _, _, _, AsStarted, true>(
                    walk, look, moves, ends, bound, open
                ))
        } else {
            let open = &mut self.weighted;
            with_lookup!(walk, cells, |look| marks
                .astar::<_, _, _, _, AsStarted, true>(
                    walk, look, moves, ends, bound, open
                ))
        }
    }

    /// [`Moves::reached_by_parent`], kept from the last search with the same moves.
    fn reached_by_parent(&mut self, moves: Moves) -> [u8; 8] {
        match self.parent_masks {
            Some((kept, masks)) if kept == moves => masks,
            _ => {
                let masks = moves.reached_by_parent();
                self.parent_masks = Some((moves, masks));
                masks
            }
        }
    }

    /// Starts Dijkstra's algorithm from `from`, a walkable cell of the map the engine was
    /// started for; [`Engine::settle_level`] and [`Engine::expand_level`] then take it on.
    pub(crate) fn seed(&mut self, from: Point) {
        let i = self.marks.nodes.shape().index_inside(from);
        let nodes = &mut self.marks.nodes.view();
        mark(nodes, i, SEEN, 0);
        nodes.set_g(i, 0);
        self.exact.push(0, Cells::pack(from));
    }

    /// True when the search from [`Engine::seed`] has nothing left to settle.
    pub(crate) fn is_exhausted(&self) -> bool {
        self.exact.is_empty()
    }

    /// Settles the cells of the next cost level: returns the level, the cells in
    /// [`Engine::settled`]; `None` when no cell is left.
    pub(crate) fn settle_level(&mut self) -> Option<u64> {
        let level = self.exact.pop_level(&mut self.level)?;
        let marks = &mut self.marks;
        let shape = marks.nodes.shape();
        let nodes = &mut marks.nodes.view();
        self.level.retain(|&item| {
            let i = shape.index_inside(Cells::unpack(item));
            match nodes.get_mut(i) {
                // Reached more cheaply after this entry was queued: settled already.
                Some(node) if node.mark & CLOSED == 0 => {
                    node.mark |= CLOSED;
                    true
                }
                _ => false,
            }
        });
        Some(level)
    }

    /// The cells of the level [`Engine::settle_level`] settled last.
    pub(crate) fn settled(&self) -> impl Iterator<Item = Point> + '_ {
        self.level.iter().map(|&c| Cells::unpack(c))
    }

    /// Offers the neighbours of the cells settled last the level's cost plus a step's.
    pub(crate) fn expand_level<W: Walkable>(&mut self, walk: &W, moves: Moves, level: u64) {
        let cells = Cells::of(walk);
        let steps = moves.steps_on(cells.width());
        let (open, settled) = (&mut self.exact, &self.level);
        let nodes = &mut self.marks.nodes.view();
        with_lookup!(walk, cells, |look| {
            for &item in settled {
                let p = Cells::unpack(item);
                let at = (p, cells.index_of(p), level);
                relax::<_, _, _, _, false>(
                    nodes,
                    walk,
                    look,
                    &steps,
                    moves.corners,
                    at,
                    0,
                    &Zero,
                    open,
                    u64::MAX,
                );
            }
        });
    }

    /// The cost of the best way found to `p` by the search under way: final once `p` is
    /// settled; `None` where the search has not reached.
    pub(crate) fn cost(&self, p: Point) -> Option<u64> {
        let marks = &self.marks;
        let i = marks.nodes.shape().index(p)?;
        let node = marks.nodes.get(i)?;
        (node.mark & SEEN != 0).then_some(marks.nodes.g(i, node))
    }
}

impl Marks {
    /// Sizes the buffers for `walk`'s map, forgets the last path and puts the cells the
    /// last search touched back to untouched (see [`Nodes::start`]).
    fn start(
        &mut self,
        walk: &impl Walkable,
        largest_step: u32,
        limit: u64,
    ) -> Result<(), PathError> {
        self.path.clear();
        self.expansions = 0;
        self.flood.clear();
        self.nodes.start(walk, largest_step, limit)
    }

    /// A* proper, each cell expanded at most once; both ends are walkable cells. With
    /// `FLOOD`, the flood from the goal runs alongside, to stop a search whose goal is
    /// closed off; without it, a path is known to exist. `C` is the width of the costs.
    fn astar<W: Walkable, L: Lookup, B: Bound, Q: Open, C: Width, const FLOOD: bool>(
        &mut self,
        walk: &W,
        look: &L,
        (moves, reached_by_parent): (Moves, [u8; 8]),
        Ends {
            from,
            to,
            limit,
            joined,
        }: Ends,
        bound: &B,
        open: &mut Q,
    ) -> Option<u64> {
        let cells = Cells::of(walk);
        let steps = moves.steps_on(cells.width());
        let Marks {
            nodes,
            flood,
            path,
            expansions,
        } = self;
        let nodes = &mut nodes.view_as::<C>();
        let (start, goal) = (cells.index_of(from), cells.index_of(to));
        mark(nodes, goal, FLOODED, 0);
        flood.cells.push(Cells::pack(to));
        mark(nodes, start, SEEN, 0);
        nodes.set_g(start, 0);
        open.push(0, bound.at(from, start), Cells::pack(from));
        // "Met": a path is known to exist, so the flood has nothing left to find.
        let mut met = from == to || !FLOOD;
        let flood_every = if joined {
            EXPANSIONS_PER_FLOOD_CELL_JOINED
        } else {
            EXPANSIONS_PER_FLOOD_CELL
        };
        let mut flood_in = flood_every;
        while let Some(item) = open.pop() {
            let p = Cells::unpack(item);
            let i = cells.index_of(p);
            let Some(node) = nodes.get_mut(i) else {
                continue;
            };
            if node.mark & CLOSED != 0 {
                continue; // a stale entry: the cell was expanded from a cheaper one
            }
            node.mark |= CLOSED;
            let node = *node;
            if i == goal {
                trace_back(nodes, path, &cells, &moves, from, to);
                return Some(nodes.g(i, node));
            }
            let skip = if i == start {
                0
            } else {
                reached_by_parent[(node.mark & STEP_BITS) as usize]
            };
            *expansions += 1;
            let at = (p, i, nodes.g(i, node));
            met |= relax::<_, _, _, _, FLOOD>(
                nodes,
                walk,
                look,
                &steps,
                moves.corners,
                at,
                skip.into(),
                bound,
                open,
                limit,
            );
            if FLOOD && !met {
                flood_in -= 1;
                if flood_in == 0 {
                    flood_in = flood_every;
                    match flood.step(nodes, walk, look, &steps, moves.corners) {
                        Flood::Growing => {}
                        Flood::Met => met = true,
                        Flood::Exhausted => return None,
                    }
                }
            }
        }
        None
    }
}

/// Offers each neighbour of `p` (index `i`, cost `g` from the start) that a step may
/// reach, but those of the steps `skip` (bits as in the open steps), the cost through
/// `p`, when that is cheaper than any way known and, with the neighbour's bound, within
/// `limit`. With `FLOOD`, true when a neighbour it reached had been reached by the flood
/// from the goal.
#[inline(always)] // the inner loop of every search
#[allow(clippy::too_many_arguments)]
fn relax<W: Walkable, L: Lookup, B: Bound, Q: Open, const FLOOD: bool>(
    nodes: &mut NodesMut<'_>,
    walk: &W,
    look: &L,
    steps: &Steps,
    corners: CornerCutting,
    (p, i, g): (Point, usize, u64),
    skip: u32,
    bound: &B,
    open: &mut Q,
    limit: u64,
) -> bool {
    let cells = Cells::of(walk);
    let interior = cells.is_interior(p);
    let mut open_steps = cells.open_steps(look, p, i, interior, steps, corners) & !skip;
    let packed = Cells::pack(p);
    let mut met = false;
    while open_steps != 0 {
        let s = open_steps.trailing_zeros();
        open_steps &= open_steps - 1;
        let step = steps.get(s as usize);
        let j = i.wrapping_add_signed(step.offset);
        let Some(node) = nodes.get(j) else {
            continue;
        };
        let node_g = nodes.g(j, node);
        // Extra costs only add: a neighbour reached as cheaply already (an untouched
        // one's cost is past any the search records) is passed over before asking the
        // map anything.
        let least = g + u64::from(step.cost);
        if node_g <= least || Q::CLOSED_MAY_IMPROVE && node.mark & CLOSED != 0 {
            continue;
        }
        // Inside the map (open steps only), so no overflow.
        let q = Point::new(
            p.x.wrapping_add(step.delta.x),
            p.y.wrapping_add(step.delta.y),
        );
        let Some(extra) = walk.extra_cost(p, q) else {
            continue;
        };
        let g_q = least + u64::from(extra);
        if node_g <= g_q || g_q > limit {
            continue;
        }
        // The bound is the search's own: asked once per cell.
        let h_q = if node.h != u16::MAX {
            u64::from(node.h)
        } else {
            bound.at(q, j)
        };
        if g_q + h_q > limit {
            continue;
        }
        met |= FLOOD && node.mark & FLOODED != 0;
        if node.mark & (SEEN | FLOODED) == 0 {
            nodes.touch(j);
        }
        let mark = (node.mark & FLOODED) | SEEN | s as u16;
        nodes.reach(j, g_q, h_q, mark);
        open.push(g_q, h_q, packed.wrapping_add(step.packed));
    }
    met
}

/// The flood from the goal: cells in the order reached, and the next to expand.
#[derive(Clone, Default)]
struct FloodFill {
    cells: Vec<u32>,
    next: usize,
}

impl FloodFill {
    fn clear(&mut self) {
        self.cells.clear();
        self.next = 0;
    }

    /// Expands the next cell of the flood from the goal: every walkable neighbour that can
    /// step onto it joins the flood.
    #[inline]
    fn step<W: Walkable, L: Lookup>(
        &mut self,
        nodes: &mut NodesMut<'_>,
        walk: &W,
        look: &L,
        steps: &Steps,
        corners: CornerCutting,
    ) -> Flood {
        let cells = Cells::of(walk);
        let Some(p) = self.cells.get(self.next).map(|&c| Cells::unpack(c)) else {
            return Flood::Exhausted;
        };
        self.next += 1;
        let i = cells.index_of(p);
        let interior = cells.is_interior(p);
        for step in steps.as_slice() {
            let Some((q, j)) = cells.step(look, p, i, interior, step, corners) else {
                continue;
            };
            if walk.extra_cost(q, p).is_none() {
                continue;
            }
            let Some(node) = nodes.get_mut(j) else {
                continue;
            };
            if node.mark & SEEN != 0 {
                return Flood::Met;
            } else if node.mark & FLOODED != 0 {
                continue;
            }
            node.mark |= FLOODED;
            nodes.touch(j);
            self.cells.push(Cells::pack(q));
        }
        Flood::Growing
    }
}

/// Fills `path` by following the steps back from `to` to `from`.
fn trace_back(
    nodes: &NodesMut<'_>,
    path: &mut Vec<Point>,
    cells: &Cells,
    moves: &Moves,
    from: Point,
    to: Point,
) {
    let deltas = moves.deltas();
    let mut at = to;
    path.push(at);
    // A path visits each cell at most once; the bound only guards the loop.
    for _ in 0..nodes.len() {
        if at == from {
            break;
        }
        let Some(node) = nodes.get(cells.index_of(at)) else {
            break;
        };
        let Some(&delta) = deltas.get((node.mark & STEP_BITS) as usize) else {
            break;
        };
        at -= delta;
        path.push(at);
    }
    path.reverse();
}

/// Marks cell `i` as reached by this search, by A* (`SEEN`, with the step that reached
/// it) or by the flood (`FLOODED`), keeping what the search knew of it.
fn mark(nodes: &mut NodesMut<'_>, i: usize, flag: u16, step: u16) {
    let Some(node) = nodes.get_mut(i) else {
        return;
    };
    let kept = node.mark & (SEEN | FLOODED | STEP_BITS);
    let kept_now = if flag == SEEN { kept & FLOODED } else { kept };
    node.mark = kept_now | flag | step;
    if kept == 0 {
        nodes.touch(i);
    }
}
