//! Where the locks lead when the generator planned no exit: the tile farthest from the
//! start, measured over the region graph instead of tile by tile.
//!
//! A breadth-first search over the nodes (fewest links first) enters each node at a tile
//! of the link it is reached by (the link's middle tile); going from one node's entry to
//! the next costs the steps between them as the rook walks (`|dx| + |dy|`), plus one.
//! Inside a node the farthest tile is the one the most such steps from its entry; in a
//! row of tiles that is one of its two ends; and no tile of a node lies farther than its
//! bounds' farthest corner, so only the runs of the nodes that reach as far as the best
//! tile found are read: one pass over the links, and the runs of a few nodes. In a
//! rectangular room, or a corridor that turns once, these steps are the walking
//! distance, so on dungeons whose regions form a tree the tile is mostly the one a
//! breadth-first search of the map finds
//! ([`Dungeon::exit`](crate::Dungeon::exit)), at a part of its cost; where walls bend
//! the way or loops offer a shorter way, it is a tile about as far.

use crate::graph::RegionGraph;
use crate::{Point, Rect};

/// The tile of the nodes the start's node `root` reaches through `open` nodes that is
/// farthest from `start` (see the module docs); ties go to the first in row order.
pub(super) fn farthest_over_graph(
    graph: &RegionGraph,
    root: usize,
    start: Point,
    open: &[bool],
) -> Point {
    let queue = if FOUR_AT_ONCE {
        breadth_first(graph, root, open)
    } else {
        breadth_first_branching(graph, root, open)
    };
    // Each node's steps from the start through the nodes before it, and the tile it is
    // entered at, in the search's order (a node's finder is before it).
    let mut entered: Vec<Entered> = Vec::with_capacity(queue.len());
    entered.push(Entered {
        node: root as u32,
        steps: 0,
        at: start,
    });
    let (mut deepest, mut deepest_steps) = (0, 0);
    for (k, found) in queue.iter().enumerate().skip(1) {
        let Some(&by) = entered.get(found.by as usize) else {
            break;
        };
        let at = graph.link_middle(found.link as usize);
        let steps = by.steps + steps(by.at, at) + 1;
        if steps > deepest_steps {
            (deepest, deepest_steps) = (k, steps);
        }
        entered.push(Entered {
            node: found.node,
            steps,
            at,
        });
    }
    let queue = entered;
    // The farthest tile is in a node that reaches at least as far as the best tile found
    // so far: the deepest node is read first, then only the nodes whose bounds' farthest
    // corner is as far as the best tile yet (every node holding a farthest tile is read,
    // so ties go the same way in any order). No node reaches farther than its steps and
    // the widest bounds' sides, so most nodes are passed over on their steps alone.
    let widest = graph
        .nodes()
        .iter()
        .map(|n| span(n.bounds))
        .max()
        .unwrap_or(0);
    let mut farthest = Farthest {
        steps: 0,
        tile: start,
    };
    farthest.read(graph, queue[deepest]);
    for (k, &entered) in queue.iter().enumerate() {
        let (d, from) = (entered.steps, entered.at);
        if k == deepest || d.saturating_add(widest) < farthest.steps {
            continue;
        }
        let bounds = graph.nodes()[entered.node as usize].bounds;
        if d.saturating_add(farthest_in(bounds, from)) >= farthest.steps {
            farthest.read(graph, entered);
        }
    }
    farthest.tile
}

/// A node the breadth-first search found: by `link` from the node at place `by`.
#[derive(Debug, Clone, Copy, Default)]
struct Found {
    node: u32,
    link: u32,
    by: u32,
}

/// The nodes `root` reaches through `open` nodes, breadth-first (links in the graph's
/// order), each with the link and the place of the node it was found from. A node's
/// links are read four at a time, with no branch on what each finds: a link end is
/// written to the next free place whatever it finds, and kept (the free place moves on)
/// when it found a node; the places past the node's last link are read and kept off. A
/// search that branched on whether a node was seen, and looped over each node's links
/// one by one, mispredicted both; this one is 7 % faster on a maze placing, with 18 %
/// more instructions (docs/performance.md, locks).
fn breadth_first(graph: &RegionGraph, root: usize, open: &[bool]) -> Vec<Found> {
    let n = graph.nodes().len();
    let (adjacency, starts) = graph.adjacency();
    let mut seen: Vec<bool> = open.iter().map(|&open| !open).collect();
    let (Some(last), true, true) = (
        adjacency.len().checked_sub(1),
        root < n && seen.len() == n,
        starts.len() == n + 1,
    ) else {
        return vec![Found {
            node: root as u32,
            link: super::tree::NONE,
            by: 0,
        }];
    };
    // A link end is written to the free place even when it is not kept: room past the
    // last node found.
    let mut queue = vec![Found::default(); n + LANES];
    (queue[0].node, queue[0].link) = (root as u32, super::tree::NONE);
    seen[root] = true;
    let (mut head, mut tail) = (0usize, 1usize);
    while head < tail {
        let node = queue[head].node as usize;
        let (from, to) = (starts[node] as usize, starts[node + 1] as usize);
        // A node's links four at a time, the places past its last read and kept off:
        // one round for most nodes, so the loop's end is foreseen.
        for first in (from..to).step_by(LANES) {
            for lane in 0..LANES {
                let at = first + lane;
                let (other, link) = adjacency[at.min(last)];
                let mine = at < to;
                let was = seen[other as usize];
                queue[tail] = Found {
                    node: other,
                    link,
                    by: head as u32,
                };
                seen[other as usize] = was | mine;
                tail += usize::from(mine && !was);
            }
        }
        head += 1;
    }
    queue.truncate(tail);
    queue
}

/// How many link ends [`breadth_first`] reads in a round.
const LANES: usize = 4;

/// Whether the exit's search reads four links at a time ([`breadth_first`]). Not in the
/// web build, whose size is capped: there the search branches on each link
/// ([`breadth_first_branching`]; the same nodes in the same order, a little slower).
const FOUR_AT_ONCE: bool = !cfg!(target_arch = "wasm32");

/// What [`breadth_first`] finds, one branch a link: a node's links in order, each new
/// node kept with its link and its finder's place.
fn breadth_first_branching(graph: &RegionGraph, root: usize, open: &[bool]) -> Vec<Found> {
    let mut seen: Vec<bool> = open.iter().map(|&open| !open).collect();
    let mut queue = vec![Found {
        node: root as u32,
        link: super::tree::NONE,
        by: 0,
    }];
    if root >= graph.nodes().len() || seen.len() != graph.nodes().len() {
        return queue;
    }
    seen[root] = true;
    let mut head = 0;
    while let Some(&Found { node, .. }) = queue.get(head) {
        for (other, link) in graph.neighbours(node as usize) {
            if !seen[other] {
                seen[other] = true;
                queue.push(Found {
                    node: other as u32,
                    link: link as u32,
                    by: head as u32,
                });
            }
        }
        head += 1;
    }
    queue
}

/// The farthest tile read so far, and its steps from the start; the first in row order
/// among equals.
struct Farthest {
    steps: u32,
    tile: Point,
}

impl Farthest {
    /// Reads the tiles of the node `entered`: in a row, the farthest is one of its ends.
    fn read(&mut self, graph: &RegionGraph, entered: Entered) {
        let Entered {
            steps: d, at: from, ..
        } = entered;
        for run in graph.runs(entered.node as usize) {
            for x in [run.x_from, run.x_to] {
                let p = Point::new(x, run.y);
                let here = d + steps(from, p);
                if here > self.steps
                    || (here == self.steps && (p.y, p.x) < (self.tile.y, self.tile.x))
                {
                    (self.steps, self.tile) = (here, p);
                }
            }
        }
    }
}

/// A node the search reached.
#[derive(Debug, Clone, Copy)]
struct Entered {
    node: u32,
    /// The steps from the start to the tile it is entered at.
    steps: u32,
    /// The tile it is entered at.
    at: Point,
}

/// The most rook's steps from `from` to a tile inside `bounds` (an outline: its tiles
/// are those of [`Rect::inner`]): to one of its corners.
fn farthest_in(bounds: Rect, from: Point) -> u32 {
    let dx = from
        .x
        .abs_diff(bounds.x1 + 1)
        .max(from.x.abs_diff(bounds.x2 - 1));
    let dy = from
        .y
        .abs_diff(bounds.y1 + 1)
        .max(from.y.abs_diff(bounds.y2 - 1));
    dx + dy
}

/// The most rook's steps from a tile inside `bounds` or beside it (an entry) to a tile
/// inside it: at least [`farthest_in`] of any entry.
fn span(bounds: Rect) -> u32 {
    (bounds.x2 - bounds.x1 - 1).unsigned_abs() + (bounds.y2 - bounds.y1 - 1).unsigned_abs()
}

/// Steps from `a` to `b` as the rook walks: tiles of a map, whose differences fit, so
/// no `abs_diff` (a compare and a branch each).
fn steps(a: Point, b: Point) -> u32 {
    a.x.wrapping_sub(b.x).unsigned_abs() + a.y.wrapping_sub(b.y).unsigned_abs()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::{Generator, GeneratorKind};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// On dungeons of every generator, from any node, with some nodes shut: the
        /// search four links at a time finds the nodes in the order the one-branch-a-link
        /// search does, each by the same link from the same place.
        #[test]
        fn breadth_first_is_the_branching_search(
            kind in 0..GeneratorKind::ALL.len(),
            seed in 0u64..1000,
            root in any::<prop::sample::Index>(),
            shut in prop::collection::vec(0u8..5, 0..64),
        ) {
            let dungeon = Generator::with_defaults(GeneratorKind::ALL[kind]).generate(seed).unwrap();
            let graph = RegionGraph::of(&dungeon);
            prop_assume!(!graph.nodes().is_empty());
            let root = root.index(graph.nodes().len());
            // About a fifth of the nodes shut (the root is always open).
            let open: Vec<bool> = (0..graph.nodes().len())
                .map(|n| n == root || shut.get(n % shut.len().max(1)).is_none_or(|&s| s != 0))
                .collect();
            let found: Vec<(u32, u32, u32)> = breadth_first(&graph, root, &open)
                .iter()
                .map(|f| (f.node, f.link, f.by))
                .collect();
            let branching: Vec<(u32, u32, u32)> = breadth_first_branching(&graph, root, &open)
                .iter()
                .map(|f| (f.node, f.link, f.by))
                .collect();
            prop_assert_eq!(found, branching);
        }
    }

    /// A root or a table of open nodes that does not fit the graph gives the root alone,
    /// with no panic.
    #[test]
    fn a_root_out_of_the_graph_is_found_alone() {
        let dungeon = Generator::with_defaults(GeneratorKind::Maze)
            .generate(1)
            .unwrap();
        let graph = RegionGraph::of(&dungeon);
        let n = graph.nodes().len();
        for search in [breadth_first, breadth_first_branching] {
            assert_eq!(search(&graph, n + 3, &vec![true; n]).len(), 1);
            assert_eq!(search(&graph, 0, &[true]).len(), 1);
            assert!(search(&graph, 0, &vec![true; n]).len() > 1);
        }
    }
}
