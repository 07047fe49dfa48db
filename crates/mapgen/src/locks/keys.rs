//! Where keys go: the nodes in the order they are offered, and a floor tile of each.
//!
//! A key goes in the node the start reaches with the most lockable links on its way (so
//! the locks placed before it have the most room), a room or an area before a corridor or
//! a doorway, and among equals one drawn from the stream. Nodes shut off by the locks
//! placed so far are passed over; since that set only grows, one pass over the nodes
//! serves every key.

use super::tree::GateTree;
use crate::generators::grid::LinkKind;
use crate::graph::{NodeKind, RegionGraph};
use crate::{Dungeon, DungeonRng, Map, Point, Tile};

/// The nodes a key may go in, best first, and which are shut off.
pub(super) struct KeyPlaces {
    /// Reached nodes, best first.
    offered: Vec<u32>,
    /// How many of `offered` have been taken or passed over.
    next: usize,
    /// Whether each place of the depth-first order is shut off by a lock.
    shut: Vec<bool>,
}

/// The tiles no key goes on: the start, the exit.
#[derive(Debug, Clone, Copy)]
pub(super) struct Keep {
    pub(super) start: Point,
    pub(super) exit: Point,
}

impl KeyPlaces {
    /// The nodes `tree` reaches whose `open` is true, in the order keys go in them; draws
    /// one number per node but the first to order equals.
    pub(super) fn new(
        graph: &RegionGraph,
        tree: &GateTree,
        open: &[bool],
        rng: &mut DungeonRng,
    ) -> KeyPlaces {
        let mut nodes: Vec<u32> = tree
            .by_order
            .iter()
            .copied()
            .filter(|&n| open[n as usize])
            .collect();
        // Fisher-Yates, then a stable counting sort by rank: equals in drawn order.
        for i in (1..nodes.len()).rev() {
            let j = rng.below((i + 1).min(u32::MAX as usize) as u32) as usize;
            nodes.swap(i, j);
        }
        let rank = |node: u32| -> usize {
            let n = node as usize;
            let kind = graph.nodes()[n].kind;
            let roomy = kind == NodeKind::Area || kind.is_room();
            2 * tree.depth[n] as usize + usize::from(roomy)
        };
        let top = nodes.iter().map(|&n| rank(n)).max().unwrap_or(0);
        // Counts of each rank, highest first.
        let mut start = vec![0usize; top + 2];
        for &n in &nodes {
            start[top - rank(n) + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut offered = vec![0u32; nodes.len()];
        for &n in &nodes {
            let at = &mut start[top - rank(n)];
            offered[*at] = n;
            *at += 1;
        }
        KeyPlaces {
            offered,
            next: 0,
            shut: vec![false; tree.by_order.len()],
        }
    }

    /// Shuts off the nodes below `gate` (and `gate`), passing over those already shut.
    pub(super) fn shut_below(&mut self, tree: &GateTree, gate: usize) {
        let mut place = tree.order[gate];
        let end = tree.end[gate];
        while place < end {
            let node = tree.by_order[place as usize] as usize;
            if self.shut[place as usize] {
                // Shut before: a whole subtree, which starts here.
                place = tree.end[node];
            } else {
                self.shut[place as usize] = true;
                place += 1;
            }
        }
    }

    /// A key's tile in the best node not shut off and not yet holding a key, with the node;
    /// `None` when no such node has a tile for it.
    pub(super) fn take(
        &mut self,
        graph: &RegionGraph,
        tree: &GateTree,
        map: &Map,
        keep: Keep,
        rng: &mut DungeonRng,
    ) -> Option<(Point, usize)> {
        while let Some(&node) = self.offered.get(self.next) {
            self.next += 1;
            let node = node as usize;
            if self.shut[tree.order[node] as usize] {
                continue;
            }
            // The doors the node holds, should their links be locked later.
            let doors = tree.doors_in[node];
            let free = |p: &Point| {
                *p != keep.start
                    && *p != keep.exit
                    && !doors.contains(&Some(*p))
                    && map.tile(*p) == Tile::FLOOR
            };
            let count = graph.tiles(node).filter(free).count();
            if count == 0 {
                continue;
            }
            let pick = rng.below(count.min(u32::MAX as usize) as u32) as usize;
            if let Some(tile) = graph.tiles(node).filter(free).nth(pick) {
                return Some((tile, node));
            }
        }
        None
    }
}

/// The nodes the start reaches without passing the dungeon's own locked and secret doors
/// (an `isaac` floor's, which the game opens with its own keys and bombs): where keys may
/// go and the exit must be. Every node the start reaches for other dungeons.
pub(super) fn open_nodes(dungeon: &Dungeon, graph: &RegionGraph, root: usize) -> Vec<bool> {
    let mut shut = vec![false; graph.nodes().len()];
    if let Some(grid) = dungeon.room_grid() {
        for link in grid.links().iter().filter(|l| l.kind != LinkKind::Open) {
            if let Some(node) = link
                .side()
                .and_then(|side| graph.node_at(grid.door_tile(link.a, side)))
            {
                shut[node] = true;
            }
        }
    }
    let mut open = vec![false; graph.nodes().len()];
    open[root] = true;
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        for (other, _) in graph.neighbours(node) {
            if !shut[other] && !open[other] {
                open[other] = true;
                stack.push(other);
            }
        }
    }
    open
}
