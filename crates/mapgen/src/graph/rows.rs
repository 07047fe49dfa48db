//! The labels read once, row by row, as runs along each row: the nodes' tiles, how many
//! runs each node has and the contacts between nodes all come from that one pass, a run
//! at a time, so no later step looks at every tile again.

use super::links::Contacts;
use super::padded::{Padded, nonzero_bytes};
use super::{NONE, Run};

/// Each run of one node's tiles along a row, `(node, run)`, row by row, left to right,
/// with how many each node has and where the nodes touch.
pub(super) struct RowRuns {
    pub(super) runs: Vec<(u32, Run)>,
    /// How many runs each node has.
    pub(super) counts: Vec<u32>,
    /// Every pair of 8-adjacent tiles of two nodes, as ranges of a row.
    pub(super) contacts: Contacts,
}

impl RowRuns {
    /// The runs of the node labels (below `nodes`) of every row of `labels` (walls are
    /// [`NONE`]), how many each node has, and the nodes' contacts.
    pub(super) fn of(labels: &[u32], pad: Padded, nodes: usize) -> RowRuns {
        let (w, s) = (pad.width, pad.stride());
        // A maze has a run for every three or four slots (untouched capacity costs
        // nothing).
        let mut rows = RowRuns {
            runs: Vec::with_capacity(pad.len() / 2),
            counts: vec![0; nodes],
            contacts: Contacts::for_slots(pad.len()),
        };
        // Where a row's label changes: `edges[x]` is not zero when tile `x` differs from
        // the one before it (the slot west of the map for `x = 0`), for `x` in `0..=w`;
        // eight bytes more so that every word read is whole.
        let mut edges = vec![0u8; w + 9];
        let mut up = 0..0;
        for y in 0..pad.height {
            let b = (y + 1) * s;
            // The row with its two border slots: index `x + 1` is the tile in column `x`.
            let row = &labels[b..b + w + 2];
            row_edges(row, &mut edges[..=w]);
            let first = rows.runs.len();
            rows.read_row(row, &edges, y as i32, (b + 1) as u32);
            let (done, now) = rows.runs.split_at(first);
            let bases = [(b + 1 - s) as u32, (b + 1) as u32];
            rows.contacts.between_rows(&done[up], now, bases);
            up = first..rows.runs.len();
        }
        rows
    }

    /// Pushes the runs of row `y` (`row` with its border slots, its `edges`; tile `(0,
    /// y)` at slot `base`) and counts them; notes where two runs of the row touch.
    #[inline(always)]
    fn read_row(&mut self, row: &[u32], edges: &[u8], y: i32, base: u32) {
        let w = row.len() - 2;
        // The segment from edge `from` to the next edge has the label of tile `from`.
        let mut from = 0usize;
        // The last run pushed: its node and its last column.
        let (mut last, mut last_to) = (NONE, -2);
        let mut chunk = 0;
        while chunk <= w {
            let mut bits = nonzero_bytes(&edges[chunk..chunk + 8]);
            while bits != 0 {
                let x = chunk + bits.trailing_zeros() as usize / 8;
                bits &= bits - 1;
                let label = row[from + 1];
                if x > from && label != NONE {
                    let run = Run {
                        y,
                        x_from: from as i32,
                        x_to: x as i32 - 1,
                    };
                    self.counts[label as usize] += 1;
                    if last_to + 1 == run.x_from {
                        self.contacts
                            .within_row(last, last_to, label, run.x_from, base);
                    }
                    self.runs.push((label, run));
                    (last, last_to) = (label, run.x_to);
                }
                from = x;
            }
            chunk += 8;
        }
    }
}

/// Marks in `edges` (as long as the map is wide, plus one) where `row` (with its two
/// border slots) changes label: at every column whose tile differs from the one west of
/// it, and past the last tile when it is not a wall.
fn row_edges(row: &[u32], edges: &mut [u8]) {
    let n = edges.len();
    let (west, here) = (&row[..n], &row[1..=n]);
    for x in 0..n {
        edges[x] = u8::from(west[x] != here[x]);
    }
}
