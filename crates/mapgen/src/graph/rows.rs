//! The row runs, read while the free tiles are numbered (see
//! [`number`](super::pieces::number)): each row's tiles are final once the numbering has
//! passed it, so the runs, how many runs each node has and the contacts between nodes come
//! from that same pass, and no later step looks at every tile again. The contacts within a
//! row come a run at a time; those with the row above from the two rows' labels, a row at
//! a time (see [`Contacts::between_rows`]). On a map of corridors alone they come from the
//! walk along the corridors instead (see [`Contacts::of_crossings`]), and the rows give
//! only the runs (in the web build: elsewhere the runs come from the tiles the walk
//! marked, see [`super::walked`], and the rows are not read at all).

use super::links::Contacts;
use super::padded::Padded;
use super::{NONE, Run};

/// Each run of one node's tiles along a row, `(node, run)`, row by row, left to right,
/// with how many each node has and where the nodes touch.
pub(super) struct RowRuns {
    pub(super) runs: Vec<(u32, Run)>,
    /// How many runs each node has.
    pub(super) counts: Vec<u32>,
    /// Every pair of 8-adjacent tiles of two nodes, as ranges of a row.
    pub(super) contacts: Contacts,
    pad: Padded,
    /// Which tiles of a row touch a tile of another node in the row above.
    touching: Vec<u8>,
    /// The last run pushed in this row: its node and last column.
    last: (u32, i32),
    /// Whether the contacts are read from the rows (else they come from elsewhere).
    by_rows: bool,
}

impl RowRuns {
    /// No runs yet, for a map of `pad`'s slots and `nodes` nodes so far, `more` of them
    /// expected.
    pub(super) fn new(pad: Padded, nodes: usize, more: usize, by_rows: bool) -> RowRuns {
        let slots = pad.len();
        let mut counts = Vec::with_capacity(nodes + more);
        counts.resize(nodes, 0);
        RowRuns {
            // A maze has a run for every three or four slots (untouched capacity costs
            // nothing).
            runs: Vec::with_capacity(slots / 2),
            counts,
            contacts: Contacts::for_slots(slots, nodes + more),
            pad,
            touching: vec![0; pad.width],
            last: (NONE, -2),
            by_rows,
        }
    }

    /// A new node, with no runs yet.
    #[inline(always)]
    pub(super) fn add_node(&mut self) {
        self.counts.push(0);
    }

    /// Pushes run `run` of `node`, right of the row's runs so far (its row's column 0 at
    /// slot `base`), and notes a contact with the run before it when they touch.
    #[inline(always)]
    pub(super) fn push(&mut self, node: u32, run: Run, base: u32) {
        self.counts[node as usize] += 1;
        let (last, last_to) = self.last;
        if self.by_rows && last_to + 1 == run.x_from {
            self.contacts
                .within_row(last, last_to, node, run.x_from, base);
        }
        self.runs.push((node, run));
        self.last = (node, run.x_to);
    }

    /// Ends a row, final in `labels`, whose column 0 is at slot `base`: notes the
    /// contacts between its tiles and the row above's.
    #[inline(always)]
    pub(super) fn end_row(&mut self, labels: &[u32], base: usize) {
        if self.by_rows {
            self.contacts
                .between_rows(labels, base, self.pad.stride(), &mut self.touching);
        }
        self.last = (NONE, -2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;
    use crate::graph::padded::testing::{maps, padded};
    use proptest::prelude::*;
    use std::collections::{BTreeMap, BTreeSet};

    proptest! {
        /// For any map of nodes' labels: the runs pushed row by row and the contacts
        /// noted with each row above make the links of the pairs of nodes with 8-adjacent
        /// tiles, each with the tiles of its side with fewer that touch the other (`b`'s
        /// on a tie), in row order.
        #[test]
        fn contacts_make_the_links_of_touching_tiles(
            (width, height, cells) in maps(1..30, 1..10, 5)
        ) {
            let label = |c: u8| if c == 0 { NONE } else { u32::from(c) - 1 };
            let (pad, labels) = padded(width, height, &cells, NONE, label);
            let s = pad.stride();
            let mut rows = RowRuns::new(pad, 4, 0, true);
            for y in 0..height {
                let b = (y + 1) * s + 1;
                let mut x = 0;
                while x < width {
                    let node = labels[b + x];
                    let mut to = x;
                    while to + 1 < width && labels[b + to + 1] == node {
                        to += 1;
                    }
                    if node != NONE {
                        let run = Run { y: y as i32, x_from: x as i32, x_to: to as i32 };
                        rows.push(node, run, b as u32);
                    }
                    x = to + 1;
                }
                rows.end_row(&labels, b);
            }
            let (links, tiles) = rows.contacts.links(pad, 4);
            // Brute force: each node's tiles beside each other node.
            let mut beside: BTreeMap<(usize, usize), BTreeSet<Point>> = BTreeMap::new();
            for i in 0..pad.len() {
                let a = labels[i];
                if a == NONE {
                    continue;
                }
                for o in pad.ring() {
                    let b = labels[i.wrapping_add_signed(o)];
                    if b != NONE && b != a {
                        beside.entry((a as usize, b as usize)).or_default().insert(pad.point(i));
                    }
                }
            }
            let mut expected = Vec::new();
            for (&(a, b), mine) in &beside {
                if a < b {
                    let theirs = &beside[&(b, a)];
                    let side = if theirs.len() <= mine.len() { theirs } else { mine };
                    let mut side: Vec<Point> = side.iter().copied().collect();
                    side.sort_by_key(|p| (p.y, p.x));
                    expected.push((a, b, side));
                }
            }
            let got: Vec<(usize, usize, Vec<Point>)> = links
                .iter()
                .map(|l| (l.a, l.b, tiles[l.tiles.start as usize..l.tiles.end as usize].to_vec()))
                .collect();
            prop_assert_eq!(got, expected);
        }
    }
}
