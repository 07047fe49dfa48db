//! The labels as runs along each row, row by row: the nodes' tiles and the links are read
//! from them, so no later step looks at every tile again.

use super::padded::Padded;
use super::{NONE, Run};

/// Each run of one node's tiles along a row, `(node, run)`, row by row, left to right.
pub(super) struct RowRuns {
    pub(super) runs: Vec<(u32, Run)>,
    /// Where each row's runs start in `runs`, and one past the last.
    row_start: Vec<u32>,
}

impl RowRuns {
    /// The runs of the node labels of every row of `labels` (walls are [`NONE`]).
    pub(super) fn of(labels: &[u32], pad: Padded) -> RowRuns {
        // A maze has a run for every four slots or so.
        let mut runs = Vec::with_capacity(pad.len() / 4);
        let mut row_start = Vec::with_capacity(pad.height + 1);
        for y in 0..pad.height {
            row_start.push(runs.len() as u32);
            let base = (y + 1) * pad.stride() + 1;
            let row = &labels[base..base + pad.width];
            let mut x = 0;
            while x < row.len() {
                let label = row[x];
                let from = x;
                x += row[x..]
                    .iter()
                    .position(|&l| l != label)
                    .unwrap_or(row.len() - x);
                if label != NONE {
                    let run = Run {
                        y: y as i32,
                        x_from: from as i32,
                        x_to: x as i32 - 1,
                    };
                    runs.push((label, run));
                }
            }
        }
        row_start.push(runs.len() as u32);
        RowRuns { runs, row_start }
    }

    /// How many rows.
    pub(super) fn height(&self) -> usize {
        self.row_start.len() - 1
    }

    /// The runs of row `y`.
    pub(super) fn row(&self, y: usize) -> &[(u32, Run)] {
        &self.runs[self.row_start[y] as usize..self.row_start[y + 1] as usize]
    }
}
