//! The labels read once, row by row, as runs along each row: the nodes' tiles, each
//! node's tally (tiles, bounds, sums for its center) and the contacts between nodes all
//! come from that one pass, a run at a time, so no later step looks at every tile again.

use super::links::Contacts;
use super::padded::{Padded, nonzero_bytes};
use super::{NONE, Run};

/// Each run of one node's tiles along a row, `(node, run)`, row by row, left to right,
/// with what the nodes add up to and where they touch.
pub(super) struct RowRuns {
    pub(super) runs: Vec<(u32, Run)>,
    /// Each node's sums over its runs.
    pub(super) tallies: Vec<Tally>,
    /// Every pair of 8-adjacent tiles of two nodes, as ranges of a row.
    pub(super) contacts: Contacts,
}

/// What a node's runs add up to.
#[derive(Debug, Clone, Copy)]
pub(super) struct Tally {
    /// How many runs.
    pub(super) runs: u32,
    pub(super) x1: i32,
    pub(super) y1: i32,
    pub(super) x2: i32,
    pub(super) y2: i32,
    pub(super) size: i64,
    /// Twice the sum of the tiles' columns: a run's columns add up to `(x_from + x_to) *
    /// len / 2`, a whole number, so halving the total once gives the same sum.
    pub(super) twice_sum_x: i64,
    pub(super) sum_y: i64,
}

impl Tally {
    const EMPTY: Tally = Tally {
        runs: 0,
        x1: i32::MAX,
        y1: i32::MAX,
        x2: i32::MIN,
        y2: i32::MIN,
        size: 0,
        twice_sum_x: 0,
        sum_y: 0,
    };

    #[inline(always)]
    fn add(&mut self, run: Run) {
        let len = i64::from(run.x_to - run.x_from + 1);
        self.runs += 1;
        self.x1 = self.x1.min(run.x_from);
        self.x2 = self.x2.max(run.x_to);
        self.y1 = self.y1.min(run.y);
        self.y2 = self.y2.max(run.y);
        self.size += len;
        self.twice_sum_x += (i64::from(run.x_from) + i64::from(run.x_to)) * len;
        self.sum_y += i64::from(run.y) * len;
    }
}

impl RowRuns {
    /// The runs of the node labels (below `nodes`) of every row of `labels` (walls are
    /// [`NONE`]), the nodes' tallies and their contacts.
    pub(super) fn of(labels: &[u32], pad: Padded, nodes: usize) -> RowRuns {
        let (w, s) = (pad.width, pad.stride());
        // A maze has a run for every four slots or so.
        let mut rows = RowRuns {
            runs: Vec::with_capacity(pad.len() / 4),
            tallies: vec![Tally::EMPTY; nodes],
            contacts: Contacts::default(),
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
            let base_up = (b + 1 - s) as u32;
            rows.contacts
                .between_rows(&done[up], now, [base_up, (b + 1) as u32]);
            up = first..rows.runs.len();
        }
        rows
    }

    /// Pushes the runs of row `y` (`row` with its border slots, its `edges`; tile `(0,
    /// y)` at slot `base`) and adds them to their tallies; notes where two runs of the
    /// row touch.
    #[inline(always)]
    fn read_row(&mut self, row: &[u32], edges: &[u8], y: i32, base: u32) {
        let w = row.len() - 2;
        // The segment from edge `from` to the next edge has the label of tile `from`.
        let mut from = 0usize;
        let mut last: Option<(u32, Run)> = None;
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
                    self.tallies[label as usize].add(run);
                    if let Some((other, before)) = last
                        && before.x_to + 1 == run.x_from
                    {
                        self.contacts.within_row(other, before, label, run, base);
                    }
                    self.runs.push((label, run));
                    last = Some((label, run));
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
