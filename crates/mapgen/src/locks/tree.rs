//! The region graph as a tree rooted at the start's node, with the links a lock can close.
//!
//! A depth-first search from the start numbers the nodes (Tarjan, "A note on finding the
//! bridges of a graph", 1974): a tree link is a bridge when nothing below it reaches back
//! above it, and the nodes it leads to are then exactly the search's subtree below it, a
//! range of the numbering. Iterative, linear in the nodes plus the links.
//!
//! A link is *lockable* when one door tile closes it, closing it shuts off more than that
//! tile, and nothing on the start's side is lost but the door: a bridge with a single
//! tile, and either
//!
//! * that tile is in the node below it, with more than that tile below; or
//! * that tile is in the node above (a room's doorway that is a corridor's last tile), is
//!   not the start, the node's tiles around it are 8-connected among themselves (so the
//!   node without it is still in one piece), and any other node beside it touches the
//!   node above elsewhere too; one such door a node at most, so two doors shut at once
//!   never cut a node in two.
//!
//! Links walled up by [`Walled`] (passages collapsed to close a loop) are not in the
//! tree, and no door stands within two tiles of a walled tile, so each stays what its own
//! check said it was.

use super::walled::Walled;
use crate::Point;
use crate::graph::RegionGraph;

/// No node, no link, no place.
pub(super) const NONE: u32 = u32::MAX;

/// The search tree of the nodes the start reaches.
#[derive(Debug)]
pub(super) struct GateTree {
    /// Each node's place in depth-first order; [`NONE`] for nodes not reached.
    pub(super) order: Vec<u32>,
    /// One past the last place of each node's subtree: the nodes below `n` (and `n`) are
    /// those whose place is in `order[n]..end[n]`.
    pub(super) end: Vec<u32>,
    /// The nodes in depth-first order.
    pub(super) by_order: Vec<u32>,
    /// The node each node was reached from; [`NONE`] for the start's.
    parent: Vec<u32>,
    /// The link each node was reached by; [`NONE`] for the start's.
    parent_link: Vec<u32>,
    /// The nearest node at or above each node entered by a lockable link: that link is the
    /// last lockable one on the way from the start. [`NONE`] when there is none.
    gate: Vec<u32>,
    /// How many lockable links lie on the way from the start to each node.
    pub(super) depth: Vec<u32>,
    /// The door tiles each node holds, should their links be locked: the door of its own
    /// lockable link, and the one door of a lockable link below it that it may hold.
    pub(super) doors_in: Vec<[Option<Point>; 2]>,
    /// The search's own tables, which [`GateTree::wall_loop`] starts from.
    scratch: Scratch,
}

/// What the search keeps per node while it runs.
#[derive(Debug, Default)]
struct Scratch {
    /// The lowest place reached from each node's subtree by a link off the tree.
    low: Vec<u32>,
    /// Whether the link into each node is a bridge.
    bridge: Vec<bool>,
    /// Tiles of each subtree, summed as the search leaves it.
    below: Vec<u64>,
}

/// `table` holding `n` times `value`, in the room it had.
fn refill<T: Clone>(table: &mut Vec<T>, n: usize, value: T) {
    table.clear();
    table.resize(n, value);
}

impl GateTree {
    /// The tree of `graph` from node `root`, no link walled.
    pub(super) fn new(graph: &RegionGraph, root: usize, start: Point) -> GateTree {
        let n = graph.nodes().len();
        let mut tree = GateTree {
            order: vec![NONE; n],
            end: vec![0; n],
            by_order: Vec::with_capacity(n),
            parent: vec![NONE; n],
            parent_link: vec![NONE; n],
            gate: vec![NONE; n],
            depth: vec![0; n],
            doors_in: vec![[None; 2]; n],
            scratch: Scratch {
                low: vec![0; n],
                bridge: vec![false; n],
                below: vec![0; n],
            },
        };
        let mut scratch = std::mem::take(&mut tree.scratch);
        tree.search(graph, root, &mut scratch);
        tree.gates_and_depths(graph, start, &Walled::default(), &scratch);
        tree.scratch = scratch;
        tree
    }

    /// A tree of no nodes, to make a [`wall_loop`](GateTree::wall_loop) in.
    pub(super) fn empty() -> GateTree {
        GateTree {
            order: Vec::new(),
            end: Vec::new(),
            by_order: Vec::new(),
            parent: Vec::new(),
            parent_link: Vec::new(),
            gate: Vec::new(),
            depth: Vec::new(),
            doors_in: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// Makes this the tree of `base` with one more link walled up: `walled` is `base`'s
    /// walls and that link, which closes a loop of `base` ([`GateTree::closes_loop`]).
    /// A link off the tree only lowers the lowest place reached, so the search would
    /// visit the nodes in the same order: the places, parents and tiles below are
    /// `base`'s, the lowest places and bridges change only along the loop, and the
    /// gates and depths are worked out again in one pass over the nodes, with no search:
    /// the tree a search without those links would make, in the tables this one has.
    pub(super) fn wall_loop(
        &mut self,
        base: &GateTree,
        graph: &RegionGraph,
        start: Point,
        walled: &Walled,
    ) {
        let n = graph.nodes().len();
        self.order.clone_from(&base.order);
        self.end.clone_from(&base.end);
        self.by_order.clone_from(&base.by_order);
        self.parent.clone_from(&base.parent);
        self.parent_link.clone_from(&base.parent_link);
        refill(&mut self.gate, n, NONE);
        refill(&mut self.depth, n, 0);
        refill(&mut self.doors_in, n, [None; 2]);
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.below.clone_from(&base.scratch.below);
        self.lows(base, graph, walled, &mut scratch);
        self.gates_and_depths(graph, start, walled, &scratch);
        self.scratch = scratch;
    }

    /// The lowest place each node's subtree reaches by a link off the tree, and the
    /// bridges: `base`'s, but along the loop the last wall closed, from its lower end up
    /// to (not with) its upper end, the only nodes whose subtree held that link going up.
    fn lows(&self, base: &GateTree, graph: &RegionGraph, walled: &Walled, scratch: &mut Scratch) {
        let Scratch { low, bridge, .. } = scratch;
        low.clone_from(&base.scratch.low);
        bridge.clone_from(&base.scratch.bridge);
        let Some(link) = walled.last() else {
            return;
        };
        let l = &graph.links()[link];
        // A link off a depth-first tree joins a node and one of its ancestors.
        let (mut node, top) = if self.order[l.a] > self.order[l.b] {
            (l.a, l.b)
        } else {
            (l.b, l.a)
        };
        while node != top && self.parent[node] != NONE {
            let mut lowest = self.order[node];
            for (other, link) in graph.neighbours(node) {
                if link as u32 == self.parent_link[node] || walled.closes(link) {
                    continue;
                }
                let child = self.parent_link[other] == link as u32;
                lowest = lowest.min(if child { low[other] } else { self.order[other] });
            }
            low[node] = lowest;
            let parent = self.parent[node] as usize;
            bridge[node] = lowest > self.order[parent];
            node = parent;
        }
    }

    /// The depth-first search from `root`: places, subtrees, bridges, tiles below.
    fn search(&mut self, graph: &RegionGraph, root: usize, scratch: &mut Scratch) {
        let Scratch { low, bridge, below } = scratch;
        self.enter(root, NONE, NONE, low);
        let mut stack = Vec::with_capacity(graph.nodes().len());
        stack.push((root, graph.neighbours(root)));
        while let Some((node, neighbours)) = stack.last_mut() {
            let node = *node;
            if let Some((other, link)) = neighbours.next() {
                if self.order[other] == NONE {
                    self.enter(other, node as u32, link as u32, low);
                    stack.push((other, graph.neighbours(other)));
                } else if link as u32 != self.parent_link[node] {
                    low[node] = low[node].min(self.order[other]);
                }
                continue;
            }
            stack.pop();
            self.end[node] = self.by_order.len() as u32;
            below[node] += graph.nodes()[node].size as u64;
            let parent = self.parent[node];
            if parent != NONE {
                let parent = parent as usize;
                low[parent] = low[parent].min(low[node]);
                below[parent] += below[node];
                bridge[node] = low[node] > self.order[parent];
            }
        }
    }

    /// Gates and depths, parents before children.
    fn gates_and_depths(
        &mut self,
        graph: &RegionGraph,
        start: Point,
        walled: &Walled,
        scratch: &Scratch,
    ) {
        let (bridge, below) = (&scratch.bridge, &scratch.below);
        for place in 1..self.by_order.len() {
            let node = self.by_order[place] as usize;
            let parent = self.parent[node] as usize;
            let link = self.parent_link[node] as usize;
            let lockable = match *graph.link_tiles(link) {
                [door] if walled.near(door) => false,
                [door] if bridge[node] && graph.node_at(door) == Some(node) => {
                    self.doors_in[node][0] = Some(door);
                    below[node] > 1
                }
                [door]
                    if bridge[node]
                        && self.doors_in[parent][1].is_none()
                        && door != start
                        && only_between(graph, door, parent, node) =>
                {
                    self.doors_in[parent][1] = Some(door);
                    true
                }
                _ => false,
            };
            if lockable {
                self.gate[node] = node as u32;
                self.depth[node] = self.depth[parent] + 1;
            } else {
                self.gate[node] = self.gate[parent];
                self.depth[node] = self.depth[parent];
            }
        }
    }

    /// Numbers `node`, reached from `parent` by `link`.
    #[inline]
    fn enter(&mut self, node: usize, parent: u32, link: u32, low: &mut [u32]) {
        let place = self.by_order.len() as u32;
        self.order[node] = place;
        low[node] = place;
        self.parent[node] = parent;
        self.parent_link[node] = link;
        self.by_order.push(node as u32);
    }

    /// The node entered by the last lockable link on the way from the start to `node`
    /// (`node` itself when its own link is lockable).
    pub(super) fn gate(&self, node: usize) -> Option<usize> {
        Some(self.gate[node])
            .filter(|&g| g != NONE)
            .map(|g| g as usize)
    }

    /// The gate above gate `node`: the one before it on the way from the start.
    pub(super) fn gate_above(&self, node: usize) -> Option<usize> {
        Some(self.parent[node])
            .filter(|&p| p != NONE)
            .and_then(|p| self.gate(p as usize))
    }

    /// True when `link` joins two reached nodes and is not in the tree: it closes a loop.
    pub(super) fn closes_loop(&self, graph: &RegionGraph, link: usize) -> bool {
        let l = &graph.links()[link];
        self.order[l.a] != NONE
            && self.order[l.b] != NONE
            && self.parent_link[l.a] != link as u32
            && self.parent_link[l.b] != link as u32
    }

    /// How many lockable links the tree has.
    pub(super) fn gates(&self) -> usize {
        self.by_order
            .iter()
            .filter(|&&n| self.gate[n as usize] == n)
            .count()
    }

    /// The link by which `node` is entered; for a gate, its lockable link.
    pub(super) fn link_into(&self, node: usize) -> Option<usize> {
        Some(self.parent_link[node])
            .filter(|&l| l != NONE)
            .map(|l| l as usize)
    }
}

/// True when closing `door`, a tile of node `above` touching node `below`, takes nothing
/// from the rest of the graph but the door: the tiles of `above` around it are
/// 8-connected among themselves (so `above` without it is in one piece: any step through
/// it goes round it), and each tile of a third node beside it also touches `above`
/// elsewhere (so no other link needs it).
pub(super) fn only_between(graph: &RegionGraph, door: Point, above: usize, below: usize) -> bool {
    // The eight neighbours clockwise from north; orthogonal ones at even places.
    let mut inside = [false; 8];
    for (k, p) in door.neighbours8().enumerate() {
        match graph.node_at(p) {
            Some(n) if n == above => inside[k] = true,
            Some(n) if n == below => {}
            Some(_) => {
                let elsewhere = p
                    .neighbours8()
                    .any(|q| q != door && graph.node_at(q) == Some(above));
                if !elsewhere {
                    return false;
                }
            }
            None => {}
        }
    }
    // Count the groups of `inside` round the ring, where two orthogonal neighbours two
    // places apart (north and east) also touch across the diagonal between them.
    let touches = |a: usize, b: usize| {
        let gap = (b + 8 - a) % 8;
        inside[a]
            && inside[b]
            && (gap == 1 || gap == 7 || (a.is_multiple_of(2) && (gap == 2 || gap == 6)))
    };
    let (mut seen, mut groups) = (0u8, 0);
    for (k, &here) in inside.iter().enumerate() {
        if !here || seen & (1 << k) != 0 {
            continue;
        }
        groups += 1;
        seen |= 1 << k;
        let mut frontier = 1u8 << k;
        while frontier != 0 {
            let a = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            for b in 0..8 {
                if seen & (1 << b) == 0 && touches(a, b) {
                    seen |= 1 << b;
                    frontier |= 1 << b;
                }
            }
        }
    }
    groups == 1
}
