//! What a search records per cell, in eight bytes: a search on a big map touches
//! thousands of cells scattered round its path, and their cache lines are much of its
//! time (sixteen-byte nodes cost a fifth more reads from beyond a 1 MB cache).
//!
//! A cell's cost from the start is kept in 32 bits when no cost the search may record
//! can reach `u32::MAX` (the map's size times its dearest step bound every path the
//! search keeps, or the caller's limit does); otherwise its upper 32 bits go to a side
//! array. One search loop serves both widths: it asks [`NodesMut::g`] and
//! [`NodesMut::set_g`], which test the width once per call, a branch that goes the same
//! way for the whole search, or, where the loop is compiled for one width ([`Width`]),
//! no test at all.

use crate::{Grid, Shape};

use super::{PathError, Walkable};

/// Per cell of the map: what the search under way learnt there, the estimate to the goal
/// and the low half of the cost of the best way found to it. Eight bytes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    /// The cost of the best way found from the start (its low 32 bits in a wide search);
    /// `u32::MAX` until reached.
    g: u32,
    /// The search's bound at the cell, once reached: a cell reached again by a cheaper
    /// way does not ask the bound twice (`u16::MAX`: ask again, it did not fit).
    pub(crate) h: u16,
    /// Bits 0-2: the step that reached the cell; bit 3: reached; bit 4: reached by the
    /// flood from the goal; bit 5: expanded.
    pub(crate) mark: u16,
}

impl Node {
    /// A cell no search has touched.
    const UNTOUCHED: Node = Node {
        g: u32::MAX,
        h: u16::MAX,
        mark: 0,
    };
}

impl Default for Node {
    fn default() -> Node {
        Node::UNTOUCHED
    }
}

/// The nodes of a map, the high halves of their costs for a wide search, and the cells
/// the search under way touched (put back to untouched when the next one starts, so a
/// neighbour reached as cheaply already is told by one comparison of its cost).
#[derive(Clone, Default)]
pub(crate) struct Nodes {
    nodes: Grid<Node>,
    /// Per cell, the high 32 bits of its cost in a wide search; `u32::MAX` for a cell
    /// untouched (every cell, between searches). Empty until a wide search needs it.
    high: Vec<u32>,
    /// True when this search's costs may not fit in 32 bits.
    wide: bool,
    /// The cells this search has touched (reached or flooded), each once.
    touched: Vec<u32>,
}

impl Nodes {
    /// Nodes sized ahead for a `width` x `height` map.
    pub(crate) fn new(width: i32, height: i32) -> Result<Nodes, crate::MapError> {
        Ok(Nodes {
            nodes: Grid::new(width, height, Node::UNTOUCHED)?,
            ..Nodes::default()
        })
    }

    /// Sizes the nodes for `shape`, puts the cells the last search touched back to
    /// untouched, and sets the cost width for a search on `walk` whose steps cost at
    /// most `largest_step` (plus the walkable's extra costs) and whose costs are at most
    /// `limit`.
    pub(crate) fn start(
        &mut self,
        walk: &impl Walkable,
        largest_step: u32,
        limit: u64,
    ) -> Result<(), PathError> {
        let shape = walk.shape();
        if shape == self.nodes.shape() {
            let nodes = self.nodes.cells_mut();
            for &i in &self.touched {
                if let Some(node) = nodes.get_mut(i as usize) {
                    *node = Node::UNTOUCHED;
                }
                if let Some(high) = self.high.get_mut(i as usize) {
                    *high = u32::MAX;
                }
            }
        } else {
            self.nodes = Grid::new(shape.width(), shape.height(), Node::UNTOUCHED)?;
            self.high.clear();
        }
        self.touched.clear();
        self.wide = !costs_fit_u32(shape, walk.has_extra_costs(), largest_step, limit);
        if self.wide && self.high.len() != shape.len() {
            self.high = vec![u32::MAX; shape.len()];
        }
        Ok(())
    }

    pub(crate) fn shape(&self) -> Shape {
        self.nodes.shape()
    }

    /// The node of cell `i`.
    pub(crate) fn get(&self, i: usize) -> Option<Node> {
        self.nodes.cells().get(i).copied()
    }

    /// The cost of the best way found to cell `i`, whose node is `node`: at least
    /// `u32::MAX` for a cell not reached.
    pub(crate) fn g(&self, i: usize, node: Node) -> u64 {
        cost_of(node, &self.high, self.wide, i)
    }

    /// True when this search's costs may not fit in 32 bits.
    pub(crate) fn is_wide(&self) -> bool {
        self.wide
    }

    /// The nodes for a search to change: see [`NodesMut`].
    #[inline(always)]
    pub(crate) fn view(&mut self) -> NodesMut<'_> {
        self.view_as::<AsStarted>()
    }

    /// [`Nodes::view`], the width known to be `C`'s (a search loop compiled for it).
    #[inline(always)]
    pub(crate) fn view_as<C: Width>(&mut self) -> NodesMut<'_> {
        debug_assert_eq!(
            C::is_wide(self.wide),
            self.wide,
            "a loop of the other width"
        );
        NodesMut {
            cells: self.nodes.cells_mut(),
            high: &mut self.high,
            wide: C::is_wide(self.wide),
            touched: &mut self.touched,
        }
    }
}

/// The width of a search's costs as its loop knows it: fixed ([`Narrow`], [`Wide`]), so
/// that the compiler drops the other width's code from a loop compiled for one, or as
/// [`Nodes::start`] chose it ([`AsStarted`]), tested per read.
pub(crate) trait Width {
    /// Whether costs are wide, given whether the nodes say so.
    fn is_wide(started_wide: bool) -> bool;
}

/// Costs in 32 bits.
pub(crate) struct Narrow;
/// Costs in 64 bits, their high halves on the side.
pub(crate) struct Wide;
/// Either width, as the search was started.
pub(crate) struct AsStarted;

impl Width for Narrow {
    #[inline(always)]
    fn is_wide(_: bool) -> bool {
        false
    }
}

impl Width for Wide {
    #[inline(always)]
    fn is_wide(_: bool) -> bool {
        true
    }
}

impl Width for AsStarted {
    #[inline(always)]
    fn is_wide(started_wide: bool) -> bool {
        started_wide
    }
}

/// The nodes as a search changes them: the addresses and lengths of their slices held
/// as values, which the compiler keeps in registers through the search's loop, instead
/// of fields it reads again after every push (a push may grow a vector, a call it
/// cannot see through).
pub(crate) struct NodesMut<'a> {
    cells: &'a mut [Node],
    high: &'a mut [u32],
    wide: bool,
    touched: &'a mut Vec<u32>,
}

impl NodesMut<'_> {
    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    /// The node of cell `i`.
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> Option<Node> {
        self.cells.get(i).copied()
    }

    /// The node of cell `i`, to change its `h` and `mark`.
    #[inline(always)]
    pub(crate) fn get_mut(&mut self, i: usize) -> Option<&mut Node> {
        self.cells.get_mut(i)
    }

    /// The cost of the best way found to cell `i`, whose node is `node`: at least
    /// `u32::MAX` for a cell not reached.
    #[inline(always)]
    pub(crate) fn g(&self, i: usize, node: Node) -> u64 {
        cost_of(node, self.high, self.wide, i)
    }

    /// Records `g` as the cost of the best way found to cell `i`; in a narrow search `g`
    /// is below `u32::MAX` (see [`costs_fit_u32`]).
    #[inline(always)]
    pub(crate) fn set_g(&mut self, i: usize, g: u64) {
        if let Some(node) = self.cells.get_mut(i) {
            node.g = g as u32; // the low half; the high one below when wide
        }
        self.set_high(i, g);
    }

    /// Records cell `i` reached at cost `g` with the bound `h` and `mark`, in one write
    /// of its node (and of its high half when wide). `h` past 16 bits is asked again.
    #[inline(always)]
    pub(crate) fn reach(&mut self, i: usize, g: u64, h: u64, mark: u16) {
        let h = u16::try_from(h).unwrap_or(u16::MAX);
        if let Some(node) = self.cells.get_mut(i) {
            *node = Node {
                g: g as u32, // the low half; the high one below when wide
                h,
                mark,
            };
        }
        self.set_high(i, g);
    }

    /// Records the high half of cost `g` of cell `i` in a wide search.
    #[inline(always)]
    fn set_high(&mut self, i: usize, g: u64) {
        if self.wide
            && let Some(high) = self.high.get_mut(i)
        {
            *high = (g >> 32) as u32;
        }
    }

    /// Notes that cell `i` was touched for the first time by this search.
    #[inline(always)]
    pub(crate) fn touch(&mut self, i: usize) {
        self.touched.push(i as u32);
    }
}

/// The cost recorded in `node`, cell `i`, its high half in `high` when `wide`.
#[inline(always)]
fn cost_of(node: Node, high: &[u32], wide: bool, i: usize) -> u64 {
    let low = u64::from(node.g);
    if wide {
        high.get(i)
            .map_or(u64::MAX, |&high| (u64::from(high) << 32) | low)
    } else {
        low
    }
}

/// True when every cost a search records fits below `u32::MAX`: its limit does, or the
/// walkable adds no costs and a path that visits every cell once at the dearest step
/// does. A search records only costs of paths through cells it expanded, each at its
/// cheapest cost, so of a path that visits each cell at most once, plus one step.
fn costs_fit_u32(shape: Shape, extra_costs: bool, largest_step: u32, limit: u64) -> bool {
    let most = if extra_costs {
        limit
    } else {
        (shape.len() as u64)
            .saturating_mul(u64::from(largest_step))
            .min(limit)
    };
    most < u64::from(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Map;

    /// A search keeps 32-bit costs only where no cost it records can reach `u32::MAX`.
    #[test]
    fn costs_are_narrow_only_where_they_fit() {
        let shape = Map::new(1000, 1000).expect("a valid size").shape();
        // 10^6 cells at 3 a step: 3 * 10^6.
        assert!(costs_fit_u32(shape, false, 3, u64::MAX));
        // At 100,000 a step: 10^11, past u32::MAX, unless the limit is lower.
        assert!(!costs_fit_u32(shape, false, 100_000, u64::MAX));
        assert!(costs_fit_u32(shape, false, 100_000, 1_000_000));
        // Extra costs are unbounded: only the limit bounds them.
        assert!(!costs_fit_u32(shape, true, 3, u64::MAX));
        assert!(costs_fit_u32(shape, true, 3, u64::from(u32::MAX) - 1));
        assert!(!costs_fit_u32(shape, true, 3, u64::from(u32::MAX)));
    }

    /// A wide search keeps costs past 32 bits, and the next search (narrow) finds every
    /// cell untouched again.
    #[test]
    fn wide_costs_round_trip_and_are_put_back() {
        let map = Map::new(4, 3).expect("a valid size");
        let mut nodes = Nodes::new(4, 3).expect("a valid size");
        let walk = crate::path::with_costs(&map, |_, _| Some(0));
        nodes.start(&walk, 3, u64::MAX).expect("same shape");
        assert!(nodes.wide);
        let big = (7u64 << 32) + 5;
        nodes.view().touch(2);
        nodes.view().set_g(2, big);
        assert_eq!(nodes.g(2, nodes.get(2).expect("a cell")), big);
        assert_eq!(nodes.g(3, nodes.get(3).expect("a cell")), u64::MAX);
        nodes.start(&map, 3, u64::MAX).expect("same shape");
        assert!(!nodes.wide);
        assert_eq!(
            nodes.g(2, nodes.get(2).expect("a cell")),
            u64::from(u32::MAX)
        );
        nodes.start(&walk, 3, u64::MAX).expect("same shape");
        assert_eq!(nodes.g(2, nodes.get(2).expect("a cell")), u64::MAX);
    }
}
