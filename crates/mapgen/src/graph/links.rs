//! Links: where two nodes touch, and the tiles one passes over from one to the other.

use super::{Link, NONE};

/// One side of a contact: the node pair `(a, b)` with `a < b`, which of the two the tile
/// is on (0 for `a`), and the tile's index.
type Contact = (u32, u32, u8, u32);

/// The links between the nodes of `labels` (a row-major map `width` wide, [`NONE`] on
/// walls), in order of `(a, b)`, and their tiles, each link's in row order.
///
/// Every pair of 8-adjacent tiles of two nodes is a contact. A link's tiles are the tiles
/// of one of its two nodes that touch the other: every step from one node into the other
/// starts or ends on one of them. The side with fewer such tiles is taken, on a tie `b`'s.
pub(super) fn find_links(labels: &[u32], width: usize) -> (Vec<Link>, Vec<u32>) {
    let n = labels.len();
    let mut contacts: Vec<Contact> = Vec::new();
    let mut touch = |i: usize, j: usize| {
        let (a, b) = (labels[i], labels[j]);
        if a != b && b != NONE {
            let (lo, hi, on_lo, on_hi) = if a < b { (a, b, i, j) } else { (b, a, j, i) };
            contacts.push((lo, hi, 0, on_lo as u32));
            contacts.push((lo, hi, 1, on_hi as u32));
        }
    };
    for i in 0..n {
        if labels[i] == NONE {
            continue;
        }
        let x = i % width;
        let below = i + width;
        if x + 1 < width {
            touch(i, i + 1);
        }
        if below < n {
            touch(i, below);
            if x + 1 < width {
                touch(i, below + 1);
            }
            if x > 0 {
                touch(i, below - 1);
            }
        }
    }
    contacts.sort_unstable();
    contacts.dedup();
    let mut links = Vec::new();
    let mut tiles = Vec::new();
    let mut k = 0;
    while k < contacts.len() {
        let (a, b, _, _) = contacts[k];
        let end = k + contacts[k..].partition_point(|c| (c.0, c.1) == (a, b));
        let on_b = k + contacts[k..end].partition_point(|c| c.2 == 0);
        let side = if end - on_b <= on_b - k { on_b..end } else { k..on_b };
        let start = tiles.len() as u32;
        tiles.extend(contacts[side].iter().map(|c| c.3));
        links.push(Link {
            a: a as usize,
            b: b as usize,
            tiles: start..tiles.len() as u32,
        });
        k = end;
    }
    (links, tiles)
}
