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
#[derive(Debug, Default)]
pub(super) struct GateTree {
    /// What the tree says of each node, by node.
    nodes: Vec<InTree>,
    /// The nodes in depth-first order.
    pub(super) by_order: Vec<u32>,
    /// How many lockable links it has, counted as the gates are worked out.
    gates: usize,
}

/// What the tree says of one node: one record, so that a tree is two tables to make or
/// copy.
#[derive(Debug, Clone, Copy)]
struct InTree {
    /// Its place in depth-first order; [`NONE`] for a node not reached.
    order: u32,
    /// One past the last place of its subtree: the nodes below it (and it) are those
    /// whose place is in `order..end`.
    end: u32,
    /// The node it was reached from; [`NONE`] for the start's.
    parent: u32,
    /// The link it was reached by; [`NONE`] for the start's.
    parent_link: u32,
    /// The nearest node at or above it entered by a lockable link: that link is the last
    /// lockable one on the way from the start. [`NONE`] when there is none.
    gate: u32,
    /// How many lockable links lie on the way from the start to it.
    depth: u32,
    /// The lowest place reached from its subtree by a link off the tree.
    low: u32,
    /// Whether the link into it is a bridge.
    bridge: bool,
    /// The door tiles it holds, should their links be locked: the door of its own
    /// lockable link, and the one door of a lockable link below it that it may hold.
    doors_in: [Option<Point>; 2],
}

impl InTree {
    /// A node the search has not reached.
    const UNREACHED: InTree = InTree {
        order: NONE,
        end: 0,
        parent: NONE,
        parent_link: NONE,
        gate: NONE,
        depth: 0,
        low: 0,
        bridge: false,
        doors_in: [None; 2],
    };
}

impl GateTree {
    /// The tree of `graph` from node `root`, no link walled.
    pub(super) fn new(
        graph: &RegionGraph,
        root: usize,
        start: Point,
        between: &mut Between,
    ) -> GateTree {
        let n = graph.nodes().len();
        let mut tree = GateTree {
            nodes: vec![InTree::UNREACHED; n],
            by_order: Vec::with_capacity(n),
            gates: 0,
        };
        tree.search(graph, root);
        tree.gates_and_depths(graph, start, &Walled::default(), between);
        tree
    }

    /// Makes this the tree of `base` with one more link walled up: `walled` is `base`'s
    /// walls and that link, which closes a loop of `base` ([`GateTree::closes_loop`]).
    /// A link off the tree only lowers the lowest place reached, so the search would
    /// visit the nodes in the same order: the places, subtrees and parents are
    /// `base`'s, the lowest places and bridges change only along the loop, and the
    /// gates and depths are worked out again in one pass over the nodes, with no search:
    /// the tree a search without those links would make, in the tables this one has.
    pub(super) fn wall_loop(
        &mut self,
        base: &GateTree,
        graph: &RegionGraph,
        start: Point,
        walled: &Walled,
        between: &mut Between,
    ) {
        self.nodes.clone_from(&base.nodes);
        self.by_order.clone_from(&base.by_order);
        self.lows(graph, walled);
        self.gates_and_depths(graph, start, walled, between);
    }

    /// The lowest place each node's subtree reaches by a link off the tree, and the
    /// bridges, where they were the base tree's: along the loop the last wall closed,
    /// from its lower end up to (not with) its upper end, the only nodes whose subtree
    /// held that link going up.
    fn lows(&mut self, graph: &RegionGraph, walled: &Walled) {
        let Some(link) = walled.last() else {
            return;
        };
        let l = &graph.links()[link];
        let nodes = &mut self.nodes;
        // A link off a depth-first tree joins a node and one of its ancestors.
        let (mut node, top) = if nodes[l.a].order > nodes[l.b].order {
            (l.a, l.b)
        } else {
            (l.b, l.a)
        };
        while node != top && nodes[node].parent != NONE {
            let mut lowest = nodes[node].order;
            for (other, link) in graph.neighbours(node) {
                if link as u32 == nodes[node].parent_link || walled.closes(link) {
                    continue;
                }
                let child = nodes[other].parent_link == link as u32;
                lowest = lowest.min(if child {
                    nodes[other].low
                } else {
                    nodes[other].order
                });
            }
            let parent = nodes[node].parent as usize;
            nodes[node].low = lowest;
            nodes[node].bridge = lowest > nodes[parent].order;
            node = parent;
        }
    }

    /// The depth-first search from `root`: places, subtrees, bridges.
    fn search(&mut self, graph: &RegionGraph, root: usize) {
        /// A node being searched: its lowest place reached so far, the link it was
        /// entered by and the links not yet followed, kept here rather than read back
        /// from its record each time the search returns to it.
        struct Frame<I> {
            node: u32,
            place: u32,
            parent_link: u32,
            low: u32,
            rest: I,
        }
        self.enter(root, NONE, NONE);
        let mut stack = Vec::with_capacity(graph.nodes().len());
        stack.push(Frame {
            node: root as u32,
            place: 0,
            parent_link: NONE,
            low: 0,
            rest: graph.neighbours(root),
        });
        while let Some(top) = stack.last_mut() {
            // The links to nodes reached before lower `low`; the first to a new node
            // goes down.
            let mut down = None;
            for (other, link) in top.rest.by_ref() {
                let other_order = self.nodes[other].order;
                if other_order == NONE {
                    down = Some((other, link));
                    break;
                }
                // No branch on the parent's link: it lowers nothing, read as NONE.
                let parent = u32::from(link as u32 == top.parent_link).wrapping_neg();
                top.low = top.low.min(other_order | parent);
            }
            let parent = top.node;
            if let Some((other, link)) = down {
                let place = self.enter(other, parent, link as u32);
                stack.push(Frame {
                    node: other as u32,
                    place,
                    parent_link: link as u32,
                    low: place,
                    rest: graph.neighbours(other),
                });
                continue;
            }
            let Some(Frame { node, low, .. }) = stack.pop() else {
                break;
            };
            let end = self.by_order.len() as u32;
            let here = &mut self.nodes[node as usize];
            (here.end, here.low) = (end, low);
            if let Some(up) = stack.last_mut() {
                up.low = up.low.min(low);
                here.bridge = low > up.place;
            }
        }
    }

    /// Gates, depths and doors, parents before children.
    fn gates_and_depths(
        &mut self,
        graph: &RegionGraph,
        start: Point,
        walled: &Walled,
        between: &mut Between,
    ) {
        let nodes = &mut self.nodes;
        let mut gates = 0;
        if let Some(&root) = self.by_order.first() {
            let root = &mut nodes[root as usize];
            (root.gate, root.depth, root.doors_in) = (NONE, 0, [None; 2]);
        }
        for &node in self.by_order.iter().skip(1) {
            let node = node as usize;
            let here = &mut nodes[node];
            here.doors_in = [None; 2];
            let InTree {
                order,
                end,
                parent,
                parent_link,
                bridge,
                ..
            } = *here;
            let parent = parent as usize;
            // Only a bridge is lockable: most links of a maze are not (three corridors
            // meeting at a junction touch one another), so their tiles go unread.
            let lockable = bridge
                && match *graph.link_tiles(parent_link as usize) {
                    [door] if walled.near(door) => false,
                    [door] if graph.node_at(door) == Some(node) => {
                        nodes[node].doors_in[0] = Some(door);
                        // More than the door below it: another node, or more of its own.
                        end - order > 1 || graph.nodes()[node].size > 1
                    }
                    [door]
                        if nodes[parent].doors_in[1].is_none()
                            && door != start
                            && between.only_between(graph, parent_link as usize, door) =>
                    {
                        nodes[parent].doors_in[1] = Some(door);
                        true
                    }
                    _ => false,
                };
            let (above_gate, above_depth) = (nodes[parent].gate, nodes[parent].depth);
            let here = &mut nodes[node];
            if lockable {
                (here.gate, here.depth) = (node as u32, above_depth + 1);
                gates += 1;
            } else {
                (here.gate, here.depth) = (above_gate, above_depth);
            }
        }
        self.gates = gates;
    }

    /// Numbers `node`, reached from `parent` by `link`; its place.
    #[inline]
    fn enter(&mut self, node: usize, parent: u32, link: u32) -> u32 {
        let place = self.by_order.len() as u32;
        let here = &mut self.nodes[node];
        (here.order, here.low) = (place, place);
        (here.parent, here.parent_link) = (parent, link);
        self.by_order.push(node as u32);
        place
    }

    /// The place of `node` in depth-first order; [`NONE`] for a node not reached.
    pub(super) fn order(&self, node: usize) -> u32 {
        self.nodes[node].order
    }

    /// One past the last place of the subtree of `node`.
    pub(super) fn end(&self, node: usize) -> u32 {
        self.nodes[node].end
    }

    /// How many lockable links lie on the way from the start to `node`.
    pub(super) fn depth(&self, node: usize) -> u32 {
        self.nodes[node].depth
    }

    /// The door tiles `node` holds, should their links be locked.
    pub(super) fn doors_in(&self, node: usize) -> [Option<Point>; 2] {
        self.nodes[node].doors_in
    }

    /// The node entered by the last lockable link on the way from the start to `node`
    /// (`node` itself when its own link is lockable).
    pub(super) fn gate(&self, node: usize) -> Option<usize> {
        Some(self.nodes[node].gate)
            .filter(|&g| g != NONE)
            .map(|g| g as usize)
    }

    /// The gate above gate `node`: the one before it on the way from the start.
    pub(super) fn gate_above(&self, node: usize) -> Option<usize> {
        Some(self.nodes[node].parent)
            .filter(|&p| p != NONE)
            .and_then(|p| self.gate(p as usize))
    }

    /// True when `link` joins two reached nodes and is not in the tree: it closes a loop.
    pub(super) fn closes_loop(&self, graph: &RegionGraph, link: usize) -> bool {
        let l = &graph.links()[link];
        let (a, b) = (&self.nodes[l.a], &self.nodes[l.b]);
        a.order != NONE
            && b.order != NONE
            && a.parent_link != link as u32
            && b.parent_link != link as u32
    }

    /// How many lockable links the tree has.
    pub(super) fn gates(&self) -> usize {
        self.gates
    }

    /// The link by which `node` is entered; for a gate, its lockable link.
    pub(super) fn link_into(&self, node: usize) -> Option<usize> {
        Some(self.nodes[node].parent_link)
            .filter(|&l| l != NONE)
            .map(|l| l as usize)
    }
}

/// [`only_between`] for each link of one tile, worked out when first asked: the same for
/// every tree of the walls tried and for the walls' candidates.
pub(super) struct Between {
    /// [`UNKNOWN`], [`ONLY`] or [`NOT_ONLY`], by link.
    known: Vec<u8>,
}

/// Not worked out yet.
const UNKNOWN: u8 = 0;
/// [`only_between`] is true.
const ONLY: u8 = 1;
/// [`only_between`] is false.
const NOT_ONLY: u8 = 2;

impl Between {
    /// Nothing worked out yet for the links of `graph`.
    pub(super) fn new(graph: &RegionGraph) -> Between {
        Between {
            known: vec![UNKNOWN; graph.links().len()],
        }
    }

    /// [`only_between`] for `tile`, the one tile of `link`, in the node that holds it
    /// and the link's other node.
    pub(super) fn only_between(&mut self, graph: &RegionGraph, link: usize, tile: Point) -> bool {
        if self.known[link] == UNKNOWN {
            let l = &graph.links()[link];
            let (above, below) = if graph.node_at(tile) == Some(l.a) {
                (l.a, l.b)
            } else {
                (l.b, l.a)
            };
            let only = only_between(graph, tile, above, below);
            self.known[link] = if only { ONLY } else { NOT_ONLY };
        }
        self.known[link] == ONLY
    }
}

/// True when closing `door`, a tile of node `above` touching node `below`, takes nothing
/// from the rest of the graph but the door: the tiles of `above` around it are
/// 8-connected among themselves (so `above` without it is in one piece: any step through
/// it goes round it), and each tile of a third node beside it also touches `above`
/// elsewhere (so no other link needs it).
fn only_between(graph: &RegionGraph, door: Point, above: usize, below: usize) -> bool {
    // The eight neighbours clockwise from north, each read once: bit `k` of `inside`
    // (of `thirds`) set when the `k`th is in `above` (in a third node).
    let (mut inside, mut thirds) = (0u8, 0u8);
    for (k, p) in door.neighbours8().enumerate() {
        match graph.node_at(p) {
            Some(n) if n == above => inside |= 1 << k,
            Some(n) if n != below => thirds |= 1 << k,
            _ => {}
        }
    }
    if !ONE_GROUP[inside as usize] {
        return false;
    }
    while thirds != 0 {
        let k = thirds.trailing_zeros() as usize;
        thirds &= thirds - 1;
        if !touches_elsewhere(graph, door, k, inside, above) {
            return false;
        }
    }
    true
}

/// True when the `k`th neighbour of `door` touches a tile of `above` other than `door`:
/// one of the ring's (`inside`) beside it, or one farther out.
fn touches_elsewhere(graph: &RegionGraph, door: Point, k: usize, inside: u8, above: usize) -> bool {
    if inside & RING_BESIDE[k] != 0 {
        return true;
    }
    let p = door + Point::ALL_DIRECTIONS[k];
    p.neighbours8()
        .any(|q| q.chebyshev(door) > 1 && graph.node_at(q) == Some(above))
}

/// The places of the ring of eight beside its `k`th: its two neighbours round the ring,
/// and for an orthogonal one (even `k`) the two a further place round, which touch it
/// across a corner too.
const RING_BESIDE: [u8; 8] = {
    let mut beside = [0u8; 8];
    let mut k = 0;
    while k < 8 {
        let mut mask = (1u8 << ((k + 1) % 8)) | (1u8 << ((k + 7) % 8));
        if k % 2 == 0 {
            mask |= (1u8 << ((k + 2) % 8)) | (1u8 << ((k + 6) % 8));
        }
        beside[k] = mask;
        k += 1;
    }
    beside
};

/// For each set of places of the ring of eight (bit `k` the `k`th clockwise from north),
/// whether its tiles are one 8-connected group: two places touch when they are next to
/// each other round the ring, or two apart with an orthogonal one among them (north and
/// east touch across the corner between them).
const ONE_GROUP: [bool; 256] = {
    let mut table = [false; 256];
    let mut set = 0;
    while set < 256 {
        table[set] = groups(set as u8) == 1;
        set += 1;
    }
    table
};

/// How many groups the places of `set` make round the ring (see [`ONE_GROUP`]).
const fn groups(set: u8) -> u32 {
    let (mut seen, mut groups) = (0u8, 0);
    let mut k = 0;
    while k < 8 {
        if set & (1 << k) != 0 && seen & (1 << k) == 0 {
            groups += 1;
            seen |= 1 << k;
            let mut frontier = 1u8 << k;
            while frontier != 0 {
                let a = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let mut b = 0;
                while b < 8 {
                    if set & (1 << b) != 0 && seen & (1 << b) == 0 && RING_BESIDE[a] & (1 << b) != 0
                    {
                        seen |= 1 << b;
                        frontier |= 1 << b;
                    }
                    b += 1;
                }
            }
        }
        k += 1;
    }
    groups
}
