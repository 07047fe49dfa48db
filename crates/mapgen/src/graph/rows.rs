//! The row runs, read while the free tiles are numbered (see
//! [`number`](super::pieces::number)): each row's tiles are final once the numbering has
//! passed it, so the runs, how many runs each node has and the contacts between nodes come
//! from that same pass, a run at a time, and no later step looks at every tile again.

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
}

impl RowRuns {
    /// No runs yet, for a map of `pad`'s slots and `nodes` nodes so far, `more` of them
    /// expected.
    pub(super) fn new(pad: Padded, nodes: usize, more: usize) -> RowRuns {
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
        if last_to + 1 == run.x_from {
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
        self.contacts
            .between_rows(labels, base, self.pad.stride(), &mut self.touching);
        self.last = (NONE, -2);
    }
}
