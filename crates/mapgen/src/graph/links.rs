//! Links: where two nodes touch, and the tiles one passes over from one to the other.

use super::padded::Padded;
use super::{Link, NONE};

/// One side of a contact: the node pair `(a, b)` with `a < b`, which of the two the tile
/// is on (0 for `a`), and the tile's slot.
type Contact = (u32, u32, u8, u32);

/// The links between the `nodes` nodes of `labels` ([`NONE`] on walls and the border), in
/// order of `(a, b)`, and their tiles' slots, each link's in row order.
///
/// Every pair of 8-adjacent tiles of two nodes is a contact. A link's tiles are the tiles
/// of one of its two nodes that touch the other: every step from one node into the other
/// starts or ends on one of them. The side with fewer such tiles is taken, on a tie `b`'s.
pub(super) fn find_links(labels: &[u32], pad: Padded, nodes: usize) -> (Vec<Link>, Vec<u32>) {
    let contacts = contacts(labels, pad);
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

/// Every contact, both sides of each: tiles of two nodes, one east, south-east, south or
/// south-west of the other. Rows are compared 16 slots at a time; only a block that
/// differs is looked at slot by slot.
fn contacts(labels: &[u32], pad: Padded) -> Vec<Contact> {
    let s = pad.stride();
    let mut contacts = Vec::new();
    for y in 0..pad.height {
        let base = (y + 1) * s + 1;
        let row = &labels[base..base + pad.width];
        for offset in [1, s + 1, s, s - 1] {
            let other = &labels[base + offset..base + offset + pad.width];
            for (chunk, (here, there)) in row.chunks(16).zip(other.chunks(16)).enumerate() {
                if here == there {
                    continue;
                }
                for (k, (&a, &b)) in here.iter().zip(there).enumerate() {
                    if a != b && a != NONE && b != NONE {
                        let i = (base + chunk * 16 + k) as u32;
                        let j = i + offset as u32;
                        let (lo, hi, on_lo, on_hi) =
                            if a < b { (a, b, i, j) } else { (b, a, j, i) };
                        contacts.push((lo, hi, 0, on_lo));
                        contacts.push((lo, hi, 1, on_hi));
                    }
                }
            }
        }
    }
    contacts
}
