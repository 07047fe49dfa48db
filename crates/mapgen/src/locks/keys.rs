//! Where keys go: a node drawn among those that leave room for the locks still to place,
//! and a floor tile of it.
//!
//! A key goes in a node the start reaches that no lock placed so far shuts off and no key
//! holds yet, with a floor tile free for it. Among those, one is drawn (the nodes are
//! shuffled once; the first that fits is taken) from the nodes with at least as many
//! lockable links on their way from the start as locks remain to be placed before it, a
//! room or an area before a corridor or a doorway: then each remaining lock finds its
//! door on that way. When no node has that many, the node with the most is taken, and
//! fewer locks fit.

use super::tree::GateTree;
use crate::generators::grid::LinkKind;
use crate::graph::{NodeKind, RegionGraph};
use crate::{Dungeon, DungeonRng, Map, Point, Tile};

/// Not looked at yet.
const UNKNOWN: u8 = 2;

/// The nodes a key may go in, in drawn order, and which are shut off or taken.
pub(super) struct KeyPlaces {
    /// Reached nodes where keys may go, shuffled.
    offered: Vec<u32>,
    /// Whether each place of the depth-first order is shut off by a lock.
    shut: Vec<bool>,
    /// Whether each node holds a key (or the exit).
    taken: Vec<bool>,
    /// Whether each node has a floor tile free for a key (1) or not (0), looked at when
    /// first asked ([`UNKNOWN`] before).
    free: Vec<u8>,
}

/// The tiles no key goes on: the start, the exit.
#[derive(Debug, Clone, Copy)]
pub(super) struct Keep {
    pub(super) start: Point,
    pub(super) exit: Point,
}

impl KeyPlaces {
    /// The nodes `tree` reaches whose `open` is true, shuffled: draws one number per node
    /// but the first.
    pub(super) fn new(tree: &GateTree, open: &[bool], rng: &mut DungeonRng) -> KeyPlaces {
        let mut offered: Vec<u32> = tree
            .by_order
            .iter()
            .copied()
            .filter(|&n| open[n as usize])
            .collect();
        // Fisher-Yates.
        for i in (1..offered.len()).rev() {
            let j = rng.below((i + 1).min(u32::MAX as usize) as u32) as usize;
            offered.swap(i, j);
        }
        let n = open.len();
        KeyPlaces {
            offered,
            shut: vec![false; tree.by_order.len()],
            taken: vec![false; n],
            free: vec![UNKNOWN; n],
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

    /// A key's tile, and its node, in a node with at least `room` lockable links on its
    /// way from the start if there is one, else in the node with the most; `None` when no
    /// node has a tile for it.
    pub(super) fn take(
        &mut self,
        places: &Places,
        keep: Keep,
        room: u32,
        rng: &mut DungeonRng,
    ) -> Option<(Point, usize)> {
        let (graph, tree) = (places.graph, places.tree);
        // The first with enough room and roomy; else the first with enough room; else the
        // most room, roomy first.
        let mut best: Option<(usize, (bool, bool, u32))> = None;
        for k in 0..self.offered.len() {
            let node = self.offered[k] as usize;
            if self.taken[node] || self.shut[tree.order[node] as usize] {
                continue;
            }
            if self.free[node] == UNKNOWN {
                let mut any = false;
                places.free_tiles(node, keep, |_| {
                    any = true;
                    false
                });
                self.free[node] = u8::from(any);
            }
            if self.free[node] == 0 {
                continue;
            }
            let kind = graph.nodes()[node].kind;
            let roomy = kind == NodeKind::Area || kind.is_room();
            let depth = tree.depth[node];
            let enough = depth >= room;
            let rank = if enough {
                (true, roomy, 0)
            } else {
                (false, false, 2 * depth + u32::from(roomy))
            };
            if best.is_none_or(|(_, r)| rank > r) {
                best = Some((node, rank));
                if enough && roomy {
                    break;
                }
            }
        }
        let (node, _) = best?;
        self.taken[node] = true;
        // Count the free tiles, draw one, then find it: no list of them.
        let mut free = 0usize;
        places.free_tiles(node, keep, |_| {
            free += 1;
            true
        });
        let mut pick = rng.below(free.min(u32::MAX as usize) as u32) as usize;
        let mut picked = None;
        places.free_tiles(node, keep, |p| {
            if pick == 0 {
                picked = Some((p, node));
            }
            pick = pick.wrapping_sub(1);
            picked.is_none()
        });
        picked
    }
}

/// What choosing a key's tile reads.
pub(super) struct Places<'a> {
    pub(super) graph: &'a RegionGraph,
    pub(super) tree: &'a GateTree,
    pub(super) map: &'a Map,
    /// The tiles walled up.
    pub(super) walled: &'a [Point],
}

impl Places<'_> {
    /// The floor tiles of `node` a key may lie on, in row order, to `each` until it
    /// answers false: not the start or the exit, nor a door the node holds should its
    /// link be locked, nor a walled tile.
    fn free_tiles(&self, node: usize, keep: Keep, mut each: impl FnMut(Point) -> bool) {
        let doors = self.tree.doors_in[node];
        let (tiles, width) = (self.map.tiles(), self.map.width() as usize);
        for run in self.graph.runs(node) {
            // A node's runs are inside the map: its row's tiles, read in place.
            let row = run.y as usize * width;
            for x in run.x_from..=run.x_to {
                let p = Point::new(x, run.y);
                if tiles[row + x as usize] == Tile::FLOOR
                    && p != keep.start
                    && p != keep.exit
                    && !doors.contains(&Some(p))
                    && !self.walled.contains(&p)
                    && !each(p)
                {
                    return;
                }
            }
        }
    }
}

/// The nodes the start reaches without passing the dungeon's own locked and secret doors
/// (an `isaac` floor's, which the game opens with its own keys and bombs): where keys may
/// go and the exit must be. For other dungeons, every node (those the start reaches are
/// the tree's).
#[inline(never)]
pub(super) fn open_nodes(dungeon: &Dungeon, graph: &RegionGraph, root: usize) -> Vec<bool> {
    let mut shut = vec![false; graph.nodes().len()];
    let mut any = false;
    if let Some(grid) = dungeon.room_grid() {
        for link in grid.links().iter().filter(|l| l.kind != LinkKind::Open) {
            if let Some(node) = link
                .side()
                .and_then(|side| graph.node_at(grid.door_tile(link.a, side)))
            {
                shut[node] = true;
                any = true;
            }
        }
    }
    if !any {
        return vec![true; graph.nodes().len()];
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
