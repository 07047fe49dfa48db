//! Links: where two nodes touch, and the tiles one passes over from one to the other.

use super::padded::{Padded, nonzero_bits};
use super::{Link, NONE, Point};

/// The contacts between nodes, noted while the rows are read (see
/// [`RowRuns`](super::rows::RowRuns)) or from the walk's crossings: each pair of nodes
/// that touch is found once, as it is first met, and keeps the ranges of a row's tiles of
/// each of its two nodes that touch the other, so no list of every contact is sorted or
/// grouped afterwards (only the pairs, by two counting sorts).
pub(super) struct Contacts {
    /// The pairs of nodes that touch, in the order first met.
    pairs: Vec<Pair>,
    /// Each node's pair met last where it is the lower node ([`NONE`] for none); its
    /// pairs are chained through [`Pair::before`]. Grows as nodes are met.
    last_pair: Vec<u32>,
    /// The ranges of every pair's sides, each chained to the one noted before it.
    ranges: Vec<Span>,
}

/// Two nodes that touch, `lo < hi`.
#[derive(Clone, Copy)]
struct Pair {
    lo: u32,
    hi: u32,
    /// The pair of the same `lo` met before this one ([`NONE`] for none).
    before: u32,
    /// The last range noted of `lo`'s tiles and of `hi`'s ([`NONE`] for none).
    last: [u32; 2],
}

/// Tiles `from..=to` (slots, in one row) of one side of a pair.
#[derive(Clone, Copy)]
struct Span {
    from: u32,
    to: u32,
    /// The range of the same side noted before this one ([`NONE`] for none).
    before: u32,
}

impl Contacts {
    /// Room for the contacts of a map of `slots` slots and about `nodes` nodes: a maze
    /// has a pair for every thirteen slots and a range for every five (untouched capacity
    /// costs nothing).
    pub(super) fn for_slots(slots: usize, nodes: usize) -> Contacts {
        Contacts {
            pairs: Vec::with_capacity(slots / 8),
            last_pair: vec![NONE; nodes],
            ranges: Vec::with_capacity(slots / 4),
        }
    }

    /// Tiles `a_from..=a_to` of node `a` touch node `b`, and tiles `b_from..=b_to` of
    /// `b` touch `a`.
    // Inlined where its three callers run it often; in the web build (whose size is
    // capped) one copy.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn touch(&mut self, a: u32, b: u32, a_tiles: [u32; 2], b_tiles: [u32; 2]) {
        let (lo, hi, lo_tiles, hi_tiles) = if a < b {
            (a, b, a_tiles, b_tiles)
        } else {
            (b, a, b_tiles, a_tiles)
        };
        let pair = self.pair(lo, hi);
        for (side, [from, to]) in [lo_tiles, hi_tiles].into_iter().enumerate() {
            let before = self.pairs[pair].last[side];
            // A range that meets or overlaps the side's last (contacts come a tile at a
            // time, left to right) widens it: the side's tiles are the same.
            if let Some(last) = self.ranges.get_mut(before as usize)
                && from <= last.to + 1
                && last.from <= to + 1
            {
                last.from = last.from.min(from);
                last.to = last.to.max(to);
                continue;
            }
            self.pairs[pair].last[side] = self.ranges.len() as u32;
            self.ranges.push(Span { from, to, before });
        }
    }

    /// The index of pair `(lo, hi)` in `pairs`, added when it is new.
    #[inline(always)]
    fn pair(&mut self, lo: u32, hi: u32) -> usize {
        let lo_index = lo as usize;
        if lo_index >= self.last_pair.len() {
            let len = (lo_index + 1).max(2 * self.last_pair.len());
            self.last_pair.resize(len, NONE);
        }
        let mut p = self.last_pair[lo_index];
        while p != NONE {
            let pair = &self.pairs[p as usize];
            if pair.hi == hi {
                return p as usize;
            }
            p = pair.before;
        }
        self.pairs.push(Pair {
            lo,
            hi,
            before: self.last_pair[lo_index],
            last: [NONE; 2],
        });
        self.last_pair[lo_index] = (self.pairs.len() - 1) as u32;
        self.pairs.len() - 1
    }

    /// A run of node `a` ends at column `a_to` where one of node `b` begins, at
    /// `b_from`, in the row whose column 0 is at slot `base`.
    #[inline(always)]
    pub(super) fn within_row(&mut self, a: u32, a_to: i32, b: u32, b_from: i32, base: u32) {
        let (end, start) = (base + a_to as u32, base + b_from as u32);
        self.touch(a, b, [end, end], [start, start]);
    }

    /// The contacts of the `crossings` (pairs of 8-adjacent tiles, in any order, a pair
    /// perhaps more than once) whose tiles, final in `labels`, are of two nodes.
    pub(super) fn of_crossings(&mut self, labels: &[u32], crossings: &[[u32; 2]]) {
        for &[i, j] in crossings {
            let (a, b) = (labels[i as usize], labels[j as usize]);
            if a != b {
                self.touch(a, b, [i, i], [j, j]);
            }
        }
    }

    /// The contacts between the tiles of the row whose column 0 is at slot `base` and
    /// the row above (`stride` slots a row), both final in `labels`: each pair of
    /// 8-adjacent tiles of two nodes. Which tiles have one is worked out for the whole row
    /// at once (vector code, a tile a lane, with no branch), then only those tiles are
    /// read: a maze's row has a few, at its junctions. `touching` is room for a row.
    #[inline(always)]
    pub(super) fn between_rows(
        &mut self,
        labels: &[u32],
        base: usize,
        stride: usize,
        touching: &mut [u8],
    ) {
        let w = touching.len();
        // The row above from column -1 (a border slot) to column `w`, and the row.
        let up_base = base - stride - 1;
        let (up, row) = (&labels[up_base..up_base + w + 2], &labels[base..base + w]);
        let (up_left, up_mid, up_right) = (&up[..w], &up[1..=w], &up[2..w + 2]);
        for x in 0..w {
            let here = row[x];
            let other = |label: u32| u8::from(label != here) & u8::from(label != NONE);
            touching[x] = u8::from(here != NONE)
                & (other(up_left[x]) | other(up_mid[x]) | other(up_right[x]));
        }
        for word in (0..w).step_by(64) {
            let mut found = nonzero_bits(&touching[word..]);
            while found != 0 {
                let x = word + found.trailing_zeros() as usize;
                found &= found - 1;
                let (here, slot) = (row[x], (base + x) as u32);
                let three = &up[x..x + 3];
                // The three of one node (along a chamber's side, the usual case in a
                // cave): one contact, not three.
                if three[0] == three[1] && three[1] == three[2] {
                    let above = (up_base + x) as u32;
                    self.touch(three[1], here, [above, above + 2], [slot, slot]);
                    continue;
                }
                for (dx, &label) in three.iter().enumerate() {
                    if label != here && label != NONE {
                        let above = (up_base + x + dx) as u32;
                        self.touch(label, here, [above, above], [slot, slot]);
                    }
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
    // Inlined in both its callers (`made` and `sparse`), as it was in its one caller
    // before (see `Cutter::component`); one copy in the web build.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn links(self, pad: Padded, nodes: usize) -> (Vec<Link>, Vec<Point>) {
        let mut links = Vec::with_capacity(self.pairs.len());
        let mut tiles = Vec::with_capacity(self.ranges.len() / 2);
        // One pair's ranges of each side: few, sorted by hand.
        let mut sides: [Vec<(u32, u32)>; 2] = [Vec::new(), Vec::new()];
        // In order of `(lo, hi)`: a stable counting sort by `hi`, then by `lo` (no loop
        // per node over its few pairs, which end on guessed branches).
        let all: Vec<u32> = (0..self.pairs.len() as u32).collect();
        let by_hi = sorted_by(&all, |p| self.pairs[p as usize].hi, nodes);
        for p in sorted_by(&by_hi, |p| self.pairs[p as usize].lo, nodes) {
            let pair = &self.pairs[p as usize];
            let first = tiles.len() as u32;
            if ONE_RANGE_AT_ONCE && let Some((from, to)) = self.one_range_side(pair) {
                push_tiles(&mut tiles, pad, from, to);
                links.push(Link {
                    a: pair.lo as usize,
                    b: pair.hi as usize,
                    tiles: first..tiles.len() as u32,
                });
                continue;
            }
            let mut counts = [0; 2];
            for (side, spans) in sides.iter_mut().enumerate() {
                spans.clear();
                let mut r = pair.last[side];
                while r != NONE {
                    let span = self.ranges[r as usize];
                    spans.push((span.from, span.to));
                    r = span.before;
                }
                spans.reverse();
                sort_short(spans);
                counts[side] = tile_count(spans);
            }
            let side = &sides[usize::from(counts[1] <= counts[0])];
            for (from, to) in distinct(side) {
                push_tiles(&mut tiles, pad, from, to);
            }
            links.push(Link {
                a: pair.lo as usize,
                b: pair.hi as usize,
                tiles: first..tiles.len() as u32,
            });
        }
        (links, tiles)
    }

    /// The link's side when each of `pair`'s sides is one range (most pairs of a maze,
    /// which meet at one junction): the fewer tiles, `hi`'s on a tie. No list to gather
    /// and sort.
    #[inline(always)]
    fn one_range_side(&self, pair: &Pair) -> Option<(u32, u32)> {
        let [lo, hi] = pair.last.map(|r| self.ranges.get(r as usize));
        match (lo, hi) {
            (Some(lo), Some(hi)) if lo.before == NONE && hi.before == NONE => {
                let side = if hi.to - hi.from <= lo.to - lo.from {
                    hi
                } else {
                    lo
                };
                Some((side.from, side.to))
            }
            _ => None,
        }
    }
}

/// Whether a link whose sides are one range each is taken at once (see
/// [`Contacts::one_range_side`]): not in the web build, whose size is capped (263 bytes),
/// where the general way gives the same link.
const ONE_RANGE_AT_ONCE: bool = !cfg!(target_arch = "wasm32");

/// Pushes the tiles of slots `from..=to` (in one row) to `tiles`.
#[inline(always)]
fn push_tiles(tiles: &mut Vec<Point>, pad: Padded, from: u32, to: u32) {
    let p = pad.point(from as usize);
    tiles.extend((p.x..=p.x + (to - from) as i32).map(|x| Point::new(x, p.y)));
}

/// `items` in order of `key` (below `keys`), stable: a counting sort.
// Inlined: see `Contacts::links`.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn sorted_by(items: &[u32], key: impl Fn(u32) -> u32, keys: usize) -> Vec<u32> {
    // `start[k]`: where the items of key `k` go, once the counts are summed.
    let mut start = vec![0u32; keys + 1];
    for &item in items {
        start[key(item) as usize + 1] += 1;
    }
    for k in 1..start.len() {
        start[k] += start[k - 1];
    }
    let mut sorted = vec![0u32; items.len()];
    for &item in items {
        let at = &mut start[key(item) as usize];
        sorted[*at as usize] = item;
        *at += 1;
    }
    sorted
}

/// Sorts `list` ascending by its first value: by insertion, as it is nearly in order
/// (the ranges of a row come at most a row late), or all at once when that moves more
/// than a few items a place each.
fn sort_short(list: &mut [(u32, u32)]) {
    let mut budget = 4 * list.len();
    for k in 1..list.len() {
        let item = list[k];
        let mut j = k;
        while j > 0 && list[j - 1].0 > item.0 {
            list[j] = list[j - 1];
            j -= 1;
        }
        list[j] = item;
        budget = match budget.checked_sub(k - j) {
            Some(left) => left,
            None => {
                list.sort_unstable_by_key(|item| item.0);
                return;
            }
        };
    }
}

/// How many distinct tiles the ranges `side` (ascending by their first slot) cover.
fn tile_count(side: &[(u32, u32)]) -> u32 {
    distinct(side).map(|(from, to)| to - from + 1).sum()
}

/// The ranges `side` (ascending by their first slot) without the tiles an earlier one
/// covered: the same tiles, each once, in order.
fn distinct(side: &[(u32, u32)]) -> impl Iterator<Item = (u32, u32)> + '_ {
    let mut next = 0;
    side.iter().filter_map(move |&(from, to)| {
        let from = from.max(next);
        (from <= to).then(|| {
            next = to + 1;
            (from, to)
        })
    })
}
