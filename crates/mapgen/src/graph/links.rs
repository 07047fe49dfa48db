//! Links: where two nodes touch, and the tiles one passes over from one to the other.

use super::padded::Padded;
use super::{Link, Point, Run};

/// The contacts between nodes, noted while the rows are read (see
/// [`RowRuns`](super::rows::RowRuns)): each a range of a row's tiles of one node that
/// touch another.
pub(super) struct Contacts {
    list: Vec<Contact>,
}

/// Tiles `from..=to` (slots, in one row) of one node that touch another: for the pair
/// `(lo, hi)` with `lo < hi`, `key` is `hi << 33 | side << 32 | from`, where `side` is 0
/// when the tiles are `lo`'s. Node numbers are below 2^31 (see
/// [`PIECE`](super::PIECE)), so the three fit a `u64` that sorts as they do.
#[derive(Clone, Copy)]
struct Contact {
    lo: u32,
    to: u32,
    key: u64,
}

impl Contacts {
    /// Room for the contacts of a map of `slots` slots: a maze has about one for every
    /// six slots (untouched capacity costs nothing).
    pub(super) fn for_slots(slots: usize) -> Contacts {
        Contacts {
            list: Vec::with_capacity(slots / 4),
        }
    }

    /// Tiles `from..=to` of node `a` touch node `b`.
    #[inline(always)]
    fn push(&mut self, a: u32, b: u32, from: u32, to: u32) {
        let (lo, hi, side) = if a < b { (a, b, 0) } else { (b, a, 1) };
        self.list.push(Contact {
            lo,
            to,
            key: u64::from(hi) << 33 | side << 32 | u64::from(from),
        });
    }

    /// A run of node `a` ends at column `a_to` where one of node `b` begins, at
    /// `b_from`, in the row whose column 0 is at slot `base`.
    #[inline(always)]
    pub(super) fn within_row(&mut self, a: u32, a_to: i32, b: u32, b_from: i32, base: u32) {
        let (end, start) = (base + a_to as u32, base + b_from as u32);
        self.push(a, b, end, end);
        self.push(b, a, start, start);
    }

    /// The contacts between the runs `up` of one row and the runs `row` of the next (each
    /// left to right; `bases` the slots of their column 0): a run and one of the other
    /// row touch where they come within a column of each other (a merge of the two
    /// rows' runs).
    #[inline(always)]
    pub(super) fn between_rows(&mut self, up: &[(u32, Run)], row: &[(u32, Run)], bases: [u32; 2]) {
        let mut first = 0;
        for &(b, rb) in row {
            // The runs above that end before this one's reach end before the next's.
            while first < up.len() && up[first].1.x_to + 1 < rb.x_from {
                first += 1;
            }
            let mut k = first;
            while k < up.len() && up[k].1.x_from <= rb.x_to + 1 {
                let (a, ra) = up[k];
                k += 1;
                if a != b {
                    let (from_a, to_a) = (ra.x_from.max(rb.x_from - 1), ra.x_to.min(rb.x_to + 1));
                    let (from_b, to_b) = (rb.x_from.max(ra.x_from - 1), rb.x_to.min(ra.x_to + 1));
                    self.push(a, b, bases[0] + from_a as u32, bases[0] + to_a as u32);
                    self.push(b, a, bases[1] + from_b as u32, bases[1] + to_b as u32);
                }
            }
        }
    }

    /// The links between the `nodes` nodes, in order of `(a, b)`, and their tiles, each
    /// link's in row order.
    ///
    /// Every pair of 8-adjacent tiles of two nodes is a contact. A link's tiles are the
    /// tiles of one of its two nodes that touch the other: every step from one node into
    /// the other starts or ends on one of them. The side with fewer such tiles is taken,
    /// on a tie `b`'s.
    pub(super) fn links(self, pad: Padded, nodes: usize) -> (Vec<Link>, Vec<Point>) {
        let list = self.list;
        // Grouped by `lo` (a counting sort, filled from the back so that each `start`
        // ends where its group begins), then each group sorted on its own: a node's
        // contacts are few.
        let mut start = vec![0u32; nodes + 1];
        for c in &list {
            start[c.lo as usize] += 1;
        }
        let mut total = 0;
        for count in start.iter_mut() {
            total += *count;
            *count = total;
        }
        let mut grouped = vec![(0u64, 0u32); list.len()];
        for c in list.iter().rev() {
            let slot = &mut start[c.lo as usize];
            *slot -= 1;
            grouped[*slot as usize] = (c.key, c.to);
        }
        drop(list);
        // At most one link for every two contacts.
        let mut links = Vec::with_capacity(grouped.len() / 2);
        let mut tiles = Vec::with_capacity(grouped.len() / 2);
        for a in 0..nodes {
            let group = &mut grouped[start[a] as usize..start[a + 1] as usize];
            if group.is_empty() {
                continue;
            }
            // Often in order already: the contacts come row by row.
            if !group.is_sorted_by_key(|c| c.0) {
                group.sort_unstable_by_key(|c| c.0);
            }
            let mut k = 0;
            while k < group.len() {
                let b = group[k].0 >> 33;
                let mut on_b = k;
                while on_b < group.len() && group[on_b].0 >> 32 == b << 1 {
                    on_b += 1;
                }
                let mut end = on_b;
                while end < group.len() && group[end].0 >> 33 == b {
                    end += 1;
                }
                let (on_a, on_b) = (&group[k..on_b], &group[on_b..end]);
                let side = if tile_count(on_b) <= tile_count(on_a) {
                    on_b
                } else {
                    on_a
                };
                let first = tiles.len() as u32;
                // The ranges, ascending by their first slot, as distinct tiles.
                let mut next = 0;
                for &(key, to) in side {
                    let from = (key as u32).max(next);
                    if from <= to {
                        let p = pad.point(from as usize);
                        tiles.push(p);
                        tiles.extend(
                            (p.x + 1..=p.x + (to - from) as i32).map(|x| Point::new(x, p.y)),
                        );
                        next = to + 1;
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
}

/// How many distinct tiles the ranges `side` (ascending by their first slot) cover.
fn tile_count(side: &[(u64, u32)]) -> u32 {
    let (mut count, mut next) = (0, 0);
    for &(key, to) in side {
        let from = (key as u32).max(next);
        if from <= to {
            count += to - from + 1;
            next = to + 1;
        }
    }
    count
}
