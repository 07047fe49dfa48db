//! Where the locks lead when the generator planned no exit: the tile farthest from the
//! start, measured over the region graph instead of tile by tile.
//!
//! A breadth-first search over the nodes (fewest links first) enters each node at a tile
//! of the link it is reached by (the link's middle tile); going from one node's entry to
//! the next costs the steps between them as the rook walks (`|dx| + |dy|`), plus one.
//! Inside a node the farthest tile is the one the most such steps from its entry; in a
//! row of tiles that is one of its two ends, so the work is one pass over the links and
//! the runs of the nodes, not over the tiles. In a rectangular room, or a corridor that
//! turns once, these steps are the walking distance, so on dungeons whose regions form a
//! tree the tile is mostly the one a breadth-first search of the map finds
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
    // before it, and the tile it is entered at. Only nodes whose bounds reach as far as a
    // tile known to be that far (an end of a node's first run) can hold the farthest
    // tile: the search finds such a tile and each node's reach as it goes.
    let mut seen = vec![false; graph.nodes().len()];
    let mut queue = Vec::with_capacity(graph.nodes().len());
    seen[root] = true;
    queue.push(Entered {
        node: root,
        steps: 0,
        at: start,
        reach: 0,
    });
    let (mut head, mut known) = (0, 0);
    while let Some(&Entered {
        node,
        steps: d,
        at: from,
        ..
    }) = queue.get(head)
    {
        if let Some(run) = graph.runs(node).first() {
            let ends = [run.x_from, run.x_to].map(|x| d + steps(from, Point::new(x, run.y)));
            known = known.max(ends[0]).max(ends[1]);
        }
        queue[head].reach = d.saturating_add(farthest_in(graph.nodes()[node].bounds, from));
        head += 1;
        for (other, link) in graph.neighbours(node) {
            if !open[other] || seen[other] {
                continue;
            }
            let tiles = graph.link_tiles(link);
            if let Some(&at) = tiles.get(tiles.len() / 2) {
                seen[other] = true;
                queue.push(Entered {
                    node: other,
                    steps: d + steps(from, at) + 1,
                    at,
                    reach: 0,
                });
            }
        }
    }
    // In a row, the farthest tile is one of its ends.
    let (mut far, mut best) = (0, start);
    for entered in queue.iter().filter(|e| e.reach >= known) {
        let (d, from) = (entered.steps, entered.at);
        for run in graph.runs(entered.node) {
            for x in [run.x_from, run.x_to] {
                let p = Point::new(x, run.y);
                let here = d + steps(from, p);
                if here > far || (here == far && (p.y, p.x) < (best.y, best.x)) {
                    (far, best) = (here, p);
                }
            }
        }
    }
    best
}

/// A node the search reached.
#[derive(Debug, Clone, Copy)]
struct Entered {
    node: usize,
    /// The steps from the start to the tile it is entered at.
    steps: u32,
    /// The tile it is entered at.
    at: Point,
    /// The most steps from the start to any tile of it, at most.
    reach: u32,
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

/// Steps from `a` to `b` as the rook walks.
fn steps(a: Point, b: Point) -> u32 {
    a.x.abs_diff(b.x) + a.y.abs_diff(b.y)
}
