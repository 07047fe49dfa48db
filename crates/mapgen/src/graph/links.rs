//! Links: where two nodes touch, and the tiles one passes over from one to the other.

use super::padded::Padded;
use super::rows::RowRuns;
use super::{Link, Run};

/// One side of a contact: the node pair `(a, b)` with `a < b`, which of the two the tile
/// is on (0 for `a`), and the tile's slot.
type Contact = (u32, u32, u8, u32);

/// The links between the `nodes` nodes whose tiles are `rows`, in order of `(a, b)`, and
/// their tiles' slots, each link's in row order.
///
/// Every pair of 8-adjacent tiles of two nodes is a contact. A link's tiles are the tiles
/// of one of its two nodes that touch the other: every step from one node into the other
/// starts or ends on one of them. The side with fewer such tiles is taken, on a tie `b`'s.
#[inline(never)] // ZZPROF
pub(super) fn find_links(rows: &RowRuns, pad: Padded, nodes: usize) -> (Vec<Link>, Vec<u32>) {
    let contacts = contacts(rows, pad);
    // Grouped by `a` (a counting sort), then each group sorted on its own: a node's
    // contacts are few.
    let mut start = vec![0usize; nodes + 1];
    for c in &contacts {
        start[c.0 as usize + 1] += 1;
    }
    for k in 1..start.len() {
        start[k] += start[k - 1];
    }
    let mut grouped = vec![(0, 0, 0, 0); contacts.len()];
    let mut next = start.clone();
    for &c in &contacts {
        grouped[next[c.0 as usize]] = c;
        next[c.0 as usize] += 1;
    }
    drop(contacts);
    let mut links = Vec::new();
    let mut tiles = Vec::new();
    for a in 0..nodes {
        let group = &mut grouped[start[a]..start[a + 1]];
        group.sort_unstable();
        let mut k = 0;
        while k < group.len() {
            let b = group[k].1;
            let end = k + group[k..].partition_point(|c| c.1 == b);
            let on_b = k + group[k..end].partition_point(|c| c.2 == 0);
            let count = |side: &[Contact]| {
                side.iter()
                    .enumerate()
                    .filter(|&(i, c)| i == 0 || side[i - 1] != *c)
                    .count()
            };
            let (on_a, on_b) = (&group[k..on_b], &group[on_b..end]);
            let side = if count(on_b) <= count(on_a) {
                on_b
            } else {
                on_a
            };
            let first = tiles.len() as u32;
            for (i, c) in side.iter().enumerate() {
                if i == 0 || side[i - 1] != *c {
                    tiles.push(c.3);
                }
            }
            links.push(Link {
                a,
                b: b as usize,
                tiles: first..tiles.len() as u32,
            });
            k = end;
        }
    }
    (links, tiles)
}

/// Every contact, from its two sides: each tile of a node that touches another node, once
/// for each run of the other that it touches. Two runs of a row touch where one ends and
/// the next begins; a run and one of the row below where they come within a column of
/// each other (a merge of the two rows' runs).
#[inline(never)] // ZZPROF
fn contacts(rows: &RowRuns, pad: Padded) -> Vec<Contact> {
    let s = pad.stride();
    let slot = |y: i32, x: i32| ((y + 1) as usize * s + x as usize + 1) as u32;
    let mut contacts = Vec::new();
    // The tiles `xs` of row `y` of node `a`, touching node `b`.
    let mut push = |a: u32, b: u32, y: i32, xs: std::ops::RangeInclusive<i32>| {
        let (lo, hi, side) = if a < b { (a, b, 0) } else { (b, a, 1) };
        for x in xs {
            contacts.push((lo, hi, side, slot(y, x)));
        }
    };
    for y in 0..rows.height() {
        let row = rows.row(y);
        for pair in row.windows(2) {
            let ((a, ra), (b, rb)) = (pair[0], pair[1]);
            if ra.x_to + 1 == rb.x_from {
                push(a, b, ra.y, ra.x_to..=ra.x_to);
                push(b, a, rb.y, rb.x_from..=rb.x_from);
            }
        }
        let Some(below) = (y + 1 < rows.height()).then(|| rows.row(y + 1)) else {
            continue;
        };
        let mut first = 0;
        for &(a, ra) in row {
            while below
                .get(first)
                .is_some_and(|(_, rb)| rb.x_to < ra.x_from - 1)
            {
                first += 1;
            }
            let reach = |r: &Run, of: &Run| r.x_from.max(of.x_from - 1)..=r.x_to.min(of.x_to + 1);
            for &(b, rb) in below[first..]
                .iter()
                .take_while(|(_, rb)| rb.x_from <= ra.x_to + 1)
            {
                if a != b {
                    push(a, b, ra.y, reach(&ra, &rb));
                    push(b, a, rb.y, reach(&rb, &ra));
                }
            }
        }
    }
    contacts
}
