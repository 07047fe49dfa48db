//! The links that cut the graph (its bridges): closing one leaves some nodes reachable
//! only through it. Where locks can go.
//!
//! Based on: Tarjan, "A note on finding the bridges of a graph" (1974): a depth-first
//! search numbers the nodes; a tree link is a bridge when nothing below it reaches back
//! above it. Iterative, so a graph of any size takes no deep stack; linear in the nodes
//! plus the links.

use super::RegionGraph;

/// The indices of the links that cut `graph`, ascending.
pub(super) fn cut_links(graph: &RegionGraph) -> Vec<usize> {
    let n = graph.nodes().len();
    const UNSEEN: u32 = u32::MAX;
    let mut order = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut cuts = Vec::new();
    let mut count = 0;
    // (node, link it was entered by, position in its neighbour list).
    let mut stack: Vec<(usize, usize, usize)> = Vec::new();
    for root in 0..n {
        if order[root] != UNSEEN {
            continue;
        }
        order[root] = count;
        low[root] = count;
        count += 1;
        stack.push((root, usize::MAX, 0));
        while let Some(top) = stack.last_mut() {
            let (node, via, next) = *top;
            match graph.neighbours(node).nth(next) {
                Some((other, link)) => {
                    top.2 += 1;
                    if link == via {
                        continue;
                    }
                    if order[other] == UNSEEN {
                        order[other] = count;
                        low[other] = count;
                        count += 1;
                        stack.push((other, link, 0));
                    } else {
                        low[node] = low[node].min(order[other]);
                    }
                }
                None => {
                    stack.pop();
                    if let Some(&(parent, _, _)) = stack.last() {
                        low[parent] = low[parent].min(low[node]);
                        if low[node] > order[parent] {
                            cuts.push(via);
                        }
                    }
                }
            }
        }
    }
    cuts.sort_unstable();
    cuts
}
