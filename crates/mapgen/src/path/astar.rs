//! A*: the cheapest path between two cells.
//!
//! Based on: Hart, Nilsson, Raphael, "A Formal Basis for the Heuristic Determination of
//! Minimum Cost Paths", IEEE Trans. SSC 4(2), 1968
//! (<https://doi.org/10.1109/TSSC.1968.300136>); the octile estimate as in Amit Patel's
//! notes (<https://theory.stanford.edu/~amitp/GameProgramming/Heuristics.html>).

use std::fmt;

use crate::{Grid, Point};

use super::bucket_queue::BucketQueue;
use super::cells::{Cells, Lookup, with_lookup};
use super::{Moves, PathError, Walkable};

/// How many A* expansions per cell of the flood from the goal (see [`AStar::search`]).
const EXPANSIONS_PER_FLOOD_CELL: u32 = 8;

/// Per cell of the map: the search that last touched it, what it learnt there, and the
/// cost of the best way found to it. Twelve bytes: the cost in two halves keeps the
/// `u32` alignment.
#[derive(Debug, Clone, Copy, Default)]
struct Node {
    /// Bits 0-2: the step that reached the cell; bit 3: reached by A*; bit 4: reached by
    /// the flood from the goal; bits 5 and up: the search number.
    mark: u32,
    /// Cost of the best way found from the start, when bit 3 is set: low and high halves.
    g: [u32; 2],
}

impl Node {
    #[inline]
    fn g(self) -> u64 {
        u64::from(self.g[0]) | u64::from(self.g[1]) << 32
    }

    #[inline]
    fn set_g(&mut self, g: u64) {
        self.g = [g as u32, (g >> 32) as u32];
    }
}

const STEP_BITS: u32 = 0b111;
const SEEN: u32 = 1 << 3;
const FLOODED: u32 = 1 << 4;
const SEARCH_SHIFT: u32 = 5;
/// The last search number before the marks are cleared and numbering starts again.
const LAST_SEARCH: u32 = u32::MAX >> SEARCH_SHIFT;

/// A reusable A* search: the cheapest path between two cells under [`Moves`], or `None`
/// when there is none.
///
/// Keep one and call [`AStar::search`] again and again: the per-cell buffers are sized to
/// the map once and then reused without clearing (each search has its own number), so a
/// search on a map of the same size allocates only if its queue or path outgrows every
/// earlier one.
///
/// * **Exact.** The estimate is the cost of the cheapest walk across an open floor under
///   the moves (the octile distance `2 * max(dx, dy) + min(dx, dy)` with the default
///   costs); extra costs only add, so the estimate never exceeds the real cost and never
///   drops by more than a step's cost. The path found is a cheapest one.
/// * **Deterministic.** No hashing and no chance: the same query on the same map gives the
///   same path. Among paths of equal cost the search follows the cell it reached last.
/// * **No path, quickly.** Besides the search from the start, a flood grows from the goal
///   (one cell for every eight cells the search expands), following the steps that lead
///   into the goal. When the flood runs out before meeting anything the search has
///   reached, the goal is closed off and the answer is `None` at once, instead of after
///   searching the whole region of the start.
///
/// ```
/// use mapgen::path::{AStar, Moves};
/// use mapgen::{Map, Point};
/// let map = Map::from_ascii(concat!(
///     "#######\n",
///     "#..#..#\n",
///     "#..#..#\n",
///     "#.....#\n",
///     "#######\n",
/// ))?;
/// let mut astar = AStar::default();
/// let cost = astar.search(&map, Moves::default(), Point::new(1, 1), Point::new(5, 1))?;
/// assert_eq!(cost, Some(4 * 3)); // four diagonal steps, under the wall
/// assert_eq!(astar.path().first(), Some(&Point::new(1, 1)));
/// assert_eq!(astar.path().last(), Some(&Point::new(5, 1)));
/// // A cost limit below the cheapest path: no path.
/// assert_eq!(astar.search_within(&map, Moves::default(), Point::new(1, 1), Point::new(5, 1), 11)?, None);
/// assert!(astar.path().is_empty());
/// # Ok::<(), mapgen::path::PathError>(())
/// ```
#[derive(Clone, Default)]
pub struct AStar {
    nodes: Grid<Node>,
    search: u32,
    open: BucketQueue,
    /// The flood from the goal: cells in the order reached, and the next to expand.
    flood: Vec<u32>,
    flood_next: usize,
    path: Vec<Point>,
}

impl fmt::Debug for AStar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AStar")
            .field("width", &self.nodes.width())
            .field("height", &self.nodes.height())
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// The ends of a search and its cost limit.
#[derive(Debug, Clone, Copy)]
struct Ends {
    from: Point,
    to: Point,
    limit: u64,
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

impl AStar {
    /// A search sized ahead for a `width` x `height` map, so the first search does not
    /// allocate its per-cell buffer; [`AStar::default`] is sized by its first map instead.
    ///
    /// ```
    /// let mut astar = mapgen::path::AStar::new(80, 45)?; // no allocation on the first search
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    ///
    /// # Errors
    /// [`MapError::Size`](crate::MapError::Size) for a side that
    /// [`Map::new`](crate::Map::new) would refuse.
    pub fn new(width: i32, height: i32) -> Result<AStar, crate::MapError> {
        Ok(AStar {
            nodes: Grid::new(width, height, Node::default())?,
            ..AStar::default()
        })
    }

    /// The cost of a cheapest path from `from` to `to` on `walk` under `moves`, or `None`
    /// when there is none: an end outside the map or not walkable, or the goal closed off.
    /// The cost is a `u64`, which no path can overflow (at most 10⁸ steps of at most
    /// [`Moves::MAX_COST`] plus a `u32` extra cost each). The path itself is then
    /// [`AStar::path`].
    ///
    /// ```
    /// use mapgen::path::{AStar, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("#####\n#...#\n#.#.#\n#####\n")?;
    /// let mut astar = AStar::default();
    /// let cost = astar.search(&map, Moves::default(), Point::new(1, 2), Point::new(3, 2))?;
    /// assert_eq!(cost, Some(6)); // two diagonal steps round the pillar
    /// assert_eq!(astar.path(), [Point::new(1, 2), Point::new(2, 1), Point::new(3, 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PathError::OutOfRange`] for step costs that [`Moves::validate`] refuses, and
    /// [`PathError::Size`] for a map larger than [`Map::MAX_SIDE`](crate::Map::MAX_SIDE)
    /// a side.
    pub fn search(
        &mut self,
        walk: &impl Walkable,
        moves: Moves,
        from: Point,
        to: Point,
    ) -> Result<Option<u64>, PathError> {
        self.search_within(walk, moves, from, to, u64::MAX)
    }

    /// [`AStar::search`] for a path that costs at most `max_cost`: `None` when every path
    /// is dearer. The search gives up as soon as the cheapest path it could still find is
    /// dearer, so a near limit makes a far or missing goal cheap to refuse.
    ///
    /// ```
    /// use mapgen::path::{AStar, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("#####\n#...#\n#.#.#\n#####\n")?;
    /// let mut astar = AStar::default();
    /// let (from, to) = (Point::new(1, 2), Point::new(3, 2));
    /// assert_eq!(astar.search_within(&map, Moves::default(), from, to, 6)?, Some(6));
    /// assert_eq!(astar.search_within(&map, Moves::default(), from, to, 5)?, None);
    /// assert!(astar.path().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`AStar::search`].
    pub fn search_within(
        &mut self,
        walk: &impl Walkable,
        moves: Moves,
        from: Point,
        to: Point,
        max_cost: u64,
    ) -> Result<Option<u64>, PathError> {
        moves.validate()?;
        self.path.clear();
        // A step raises the key by its cost and the estimate's change, at most its cost.
        let largest_step = moves.largest_cost().saturating_mul(2);
        self.start_search(walk.width(), walk.height(), largest_step)?;
        let cells = Cells::of(walk);
        let limit = max_cost;
        let ends_walkable = |p: Point| cells.contains(p) && walk.is_walkable(p);
        if !ends_walkable(from) || !ends_walkable(to) || moves.estimate().between(from, to) > limit
        {
            return Ok(None);
        }
        let ends = Ends { from, to, limit };
        Ok(with_lookup!(walk, cells, |look| self.run(walk, look, moves, ends)))
    }

    /// The path of the last search, from its start to its goal, both included; empty when
    /// it found none.
    ///
    /// ```
    /// use mapgen::path::{AStar, Moves};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("...\n")?;
    /// let mut astar = AStar::default();
    /// astar.search(&map, Moves::FOUR, Point::new(0, 0), Point::new(2, 0))?;
    /// assert_eq!(astar.path(), [Point::new(0, 0), Point::new(1, 0), Point::new(2, 0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path(&self) -> &[Point] {
        &self.path
    }

    /// A search whose last path was `path`, as a saved search loads.
    #[cfg(feature = "serde")]
    pub(crate) fn with_path(path: Vec<Point>) -> AStar {
        AStar {
            path,
            ..AStar::default()
        }
    }

    /// Sizes the buffers for a `width` x `height` map, empties the queue for keys growing
    /// by at most `largest_step`, and takes the next search number.
    fn start_search(
        &mut self,
        width: i32,
        height: i32,
        largest_step: u32,
    ) -> Result<(), PathError> {
        if (width, height) != (self.nodes.width(), self.nodes.height()) {
            self.nodes = Grid::new(width, height, Node::default())?;
            self.search = 0;
        }
        if self.search >= LAST_SEARCH {
            self.nodes.fill(Node::default());
            self.search = 0;
        }
        self.search += 1;
        self.open.clear(largest_step);
        self.flood.clear();
        self.flood_next = 0;
        Ok(())
    }

    /// A* proper, with the flood from the goal alongside; both ends are walkable cells.
    fn run<W: Walkable, L: Lookup>(
        &mut self,
        walk: &W,
        look: &L,
        moves: Moves,
        Ends { from, to, limit }: Ends,
    ) -> Option<u64> {
        let cells = Cells::of(walk);
        let this = self.search << SEARCH_SHIFT;
        let steps = moves.steps_on(cells.width());
        let estimate = moves.estimate();
        self.mark(cells.index_of(to), FLOODED, 0);
        self.flood.push(Cells::pack(to));
        let start = cells.index_of(from);
        self.mark(start, SEEN, 0);
        if let Some(node) = self.nodes.cells_mut().get_mut(start) {
            node.set_g(0);
        }
        self.open
            .push(estimate.between(from, to), Cells::pack(from));
        let mut met = from == to;
        let mut expansions = 0u32;
        while let Some((f, item)) = self.open.pop() {
            let p = Cells::unpack(item);
            let i = cells.index_of(p);
            let g = self.nodes.cells().get(i).map_or(0, |n| n.g());
            if f != g + estimate.between(p, to) {
                continue; // a stale entry: a cheaper way to p was found after this push
            }
            if p == to {
                self.trace_back(&cells, &moves, from, to);
                return Some(g);
            }
            let interior = cells.is_interior(p);
            for (s, step) in steps.as_slice().iter().enumerate() {
                let Some((q, j)) = cells.neighbour(p, i, interior, step) else {
                    continue;
                };
                let Some(&node) = self.nodes.cells().get(j) else {
                    continue;
                };
                let same_search = node.mark >> SEARCH_SHIFT == self.search;
                let reached = same_search && node.mark & SEEN != 0;
                // Extra costs only add: a neighbour reached as cheaply already is passed
                // over before asking the map anything.
                let least = g + u64::from(step.cost);
                if reached && node.g() <= least
                    || !Cells::passable(look, p, i, (q, j), step, moves.corners)
                {
                    continue;
                }
                let Some(extra) = walk.extra_cost(p, q) else {
                    continue;
                };
                let g_q = least + u64::from(extra);
                let f_q = g_q + estimate.between(q, to);
                if f_q > limit || reached && node.g() <= g_q {
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
                    node.set_g(g_q);
                }
                self.open.push(f_q, Cells::pack(q));
            }
            if !met {
                expansions += 1;
                if expansions.is_multiple_of(EXPANSIONS_PER_FLOOD_CELL) {
                    match self.flood_step(walk, look, &moves) {
                        Flood::Growing => {}
                        Flood::Met => met = true,
                        Flood::Exhausted => return None,
                    }
                }
            }
        }
        None
    }

    /// Expands the next cell of the flood from the goal: every walkable neighbour that can
    /// step onto it joins the flood.
    fn flood_step<W: Walkable, L: Lookup>(&mut self, walk: &W, look: &L, moves: &Moves) -> Flood {
        let cells = Cells::of(walk);
        let this = self.search << SEARCH_SHIFT;
        let Some(p) = self.flood.get(self.flood_next).map(|&c| Cells::unpack(c)) else {
            return Flood::Exhausted;
        };
        self.flood_next += 1;
        let i = cells.index_of(p);
        let interior = cells.is_interior(p);
        for step in moves.steps_on(cells.width()).as_slice() {
            let Some((q, j)) = cells.step(look, p, i, interior, step, moves.corners) else {
                continue;
            };
            if walk.extra_cost(q, p).is_none() {
                continue;
            }
            let Some(node) = self.nodes.cells_mut().get_mut(j) else {
                continue;
            };
            if node.mark >> SEARCH_SHIFT != self.search {
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
        let this = self.search << SEARCH_SHIFT;
        if let Some(node) = self.nodes.cells_mut().get_mut(i) {
            let kept = if node.mark >> SEARCH_SHIFT == self.search {
                node.mark & (SEEN | FLOODED | STEP_BITS)
            } else {
                0
            };
            let kept = if flag == SEEN { kept & FLOODED } else { kept };
            node.mark = this | kept | flag | step;
        }
    }
}
