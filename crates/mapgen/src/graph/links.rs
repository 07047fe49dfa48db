//! Links: where two nodes touch, and the tiles one passes over from one to the other.

use super::padded::Padded;
use super::rows::RowRuns;
use super::{Link, Run};

/// One side of a contact: the node `a` of the pair `(a, b)` with `a < b`, and
/// `b << 33 | side << 32 | slot`, where `side` is 0 when the tile (at `slot`) is `a`'s.
/// Node numbers are below 2^31 (see [`PIECE`](super::PIECE)), so the three fit a `u64`
/// that sorts as they do.
type Contact = (u32, u64);

/// The links between the `nodes` nodes whose tiles are `rows`, in order of `(a, b)`, and
/// their tiles' slots, each link's in row order.
///
/// Every pair of 8-adjacent tiles of two nodes is a contact. A link's tiles are the tiles
/// of one of its two nodes that touch the other: every step from one node into the other
/// starts or ends on one of them. The side with fewer such tiles is taken, on a tie `b`'s.
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
    let mut grouped = vec![0u64; contacts.len()];
    let mut next = start.clone();
    for &(a, key) in &contacts {
        grouped[next[a as usize]] = key;
        next[a as usize] += 1;
    }
    drop(contacts);
    // At most one link and one tile for every two contacts.
    let mut links = Vec::with_capacity(grouped.len() / 2);
    let mut tiles = Vec::with_capacity(grouped.len() / 2);
    let distinct = |side: &[u64]| {
        side.iter()
            .enumerate()
            .filter(|&(i, &c)| i == 0 || side[i - 1] != c)
            .count()
    };
    for a in 0..nodes {
        let group = &mut grouped[start[a]..start[a + 1]];
        group.sort_unstable();
        let mut k = 0;
        while k < group.len() {
            let b = group[k] >> 33;
            let end = k + group[k..].partition_point(|c| c >> 33 == b);
            let on_b = k + group[k..end].partition_point(|c| c >> 32 & 1 == 0);
            let (on_a, on_b) = (&group[k..on_b], &group[on_b..end]);
            let side = if distinct(on_b) <= distinct(on_a) {
                on_b
            } else {
                on_a
            };
            let first = tiles.len() as u32;
            for (i, &c) in side.iter().enumerate() {
                if i == 0 || side[i - 1] != c {
                    tiles.push(c as u32);
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
fn contacts(rows: &RowRuns, pad: Padded) -> Vec<Contact> {
    let s = pad.stride();
    let slot = |y: i32, x: i32| ((y + 1) as usize * s + x as usize + 1) as u32;
    let mut contacts = Vec::with_capacity(rows.runs.len());
    // The tiles `xs` of row `y` of node `a`, touching node `b`.
    let mut push = |a: u32, b: u32, y: i32, xs: std::ops::RangeInclusive<i32>| {
        let (lo, hi, side) = if a < b { (a, b, 0) } else { (b, a, 1) };
        let key = u64::from(hi) << 33 | side << 32;
        for x in xs {
            contacts.push((lo, key | u64::from(slot(y, x))));
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
