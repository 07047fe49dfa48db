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
    // Breadth-first over the links: each node's steps from the start through the nodes
    // before it, and the tile it is entered at. A node no key may go in counts as seen.
    let mut seen: Vec<bool> = open.iter().map(|&open| !open).collect();
    let mut queue = Vec::with_capacity(graph.nodes().len());
    seen[root] = true;
    queue.push(Entered {
        node: root as u32,
        steps: 0,
        at: start,
    });
    let (mut head, mut deepest, mut deepest_steps) = (0, 0, 0);
    while let Some(&Entered {
        node,
        steps: d,
        at: from,
    }) = queue.get(head)
    {
        head += 1;
        for (other, link) in graph.neighbours(node as usize) {
            if seen[other] {
                continue;
            }
            let at = graph.link_middle(link);
            seen[other] = true;
            let steps = d + steps(from, at) + 1;
            if steps > deepest_steps {
                (deepest, deepest_steps) = (queue.len(), steps);
            }
            queue.push(Entered {
                node: other as u32,
                steps,
                at,
            });
        }
    }
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
