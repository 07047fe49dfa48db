//! The outline of a node as a polygon: its outer boundary along the tile edges, holes
//! left out, clockwise on screen from the top-left corner of its first tile.

use mapgen::graph::RegionGraph;

/// Headings: east, south, west, north (clockwise on screen, y down).
const STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// The corners of the outer boundary of node `n` of `graph`, in tile-corner coordinates
/// (corner `(x, y)` is the top-left of tile `(x, y)`). Where two of its tiles touch only
/// at a corner, the outline goes round both (the node is 8-connected), so it may touch
/// itself there. Empty for a node that does not exist.
pub fn outline(graph: &RegionGraph, n: usize) -> Vec<(i32, i32)> {
    let Some(first) = graph.runs(n).first() else {
        return Vec::new();
    };
    let inside = |x: i32, y: i32| graph.node_at((x, y)) == Some(n);
    // The tiles right and left of the edge leaving corner `(x, y)` heading `d`.
    let sides = |(x, y): (i32, i32), d: usize| match d {
        0 => ((x, y), (x, y - 1)),
        1 => ((x - 1, y), (x, y)),
        2 => ((x - 1, y - 1), (x - 1, y)),
        _ => ((x, y - 1), (x - 1, y - 1)),
    };
    let on_boundary = |v: (i32, i32), d: usize| {
        let (right, left) = sides(v, d);
        inside(right.0, right.1) && !inside(left.0, left.1)
    };
    let start = (first.x_from, first.y);
    let mut corners = vec![start];
    let (mut v, mut d) = (start, 0);
    let limit = 4 * graph.nodes()[n].size + 4;
    for _ in 0..limit {
        v = (v.0 + STEPS[d].0, v.1 + STEPS[d].1);
        if v == start {
            break;
        }
        // Left first, so that tiles meeting at a corner stay on one outline.
        let next = [(d + 3) % 4, d, (d + 1) % 4]
            .into_iter()
            .find(|&e| on_boundary(v, e))
            .unwrap_or(d);
        if next != d {
            corners.push(v);
            d = next;
        }
    }
    corners
}
