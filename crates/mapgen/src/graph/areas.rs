//! Chambers of the open tiles, found a run of a row at a time (no tile reads its eight
//! neighbours, nothing is sorted).
//!
//! 1. **Cores**: the open tiles inside a 5 x 5 square of free tiles (distance 3 to the
//!    nearest tile that is not free). Where open space narrows below five tiles, its cores
//!    part: a neck three or four tiles wide separates two chambers.
//! 2. **Chambers of cores**: the cores' runs of a row, split where a column is a multiple
//!    of [`SIDE`], are taken in row order; a run joins the chamber of the first run it
//!    touches in the row above (8-adjacent) when both fit in a square of [`SIDE`] tiles,
//!    and merges the other chambers it touches when they fit with it too; else it starts
//!    a chamber. So a chamber's cores are 8-connected and within a 12 x 12 square.
//! 3. **The other open tiles**, by runs of open tiles along a row: a run holding cores
//!    takes their chambers, each core's to the middle of the gap to the next core of
//!    another chamber, the run's ends to its first and last cores; a run without cores
//!    copies the chambers of the row above tile by tile (a tile with none above it takes
//!    the chamber of the tile before it, the first tiles that of the first chamber beside
//!    the run), going down the rows, then, for the runs with no chamber above, those of
//!    the row below, going up; a run that finds none starts a chamber (open space with no
//!    core, three or four tiles wide). Each tile touches a tile of the chamber it joins,
//!    so every chamber is 8-connected.
//!
//! The open tiles lie within two tiles of a core or in narrow open space, so a chamber is
//! seldom more than 16 x 16; one that grows past [`MAX_TILES`](super::MAX_TILES) (a long
//! passage without cores) is cut by [`super::pieces`] as any piece is.

use std::ops::Range;

use super::distance::{CORE, OPEN};
use super::padded::{Padded, equal_bytes, nonzero_bytes, pack};
use super::{NONE, PIECE};
use crate::union_find::root;

/// The side of the square a chamber's cores stay within: a chamber with its ring of
/// open tiles two deep is then at most 16 x 16, [`MAX_TILES`](super::MAX_TILES).
const SIDE: u32 = 12;

/// The chambers: each open tile is labelled `PIECE | key`, a key a chamber.
#[derive(Default)]
pub(super) struct Chambers {
    /// Tiles in each chamber.
    pub(super) size: Vec<u32>,
}

/// A run of a row: columns `from..=to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    from: u32,
    to: u32,
}

/// The runs of open tiles and of core tiles of each row of the open rows.
struct Runs {
    open: Vec<Span>,
    /// Where each row's runs start in `open`, and one past the last row's.
    open_at: Vec<u32>,
    /// The cores' runs, split where a column is a multiple of [`SIDE`].
    core: Vec<Span>,
    core_at: Vec<u32>,
}

/// Gives each open tile (with [`OPEN`] in `dist`; all in `rows`) its chamber, `PIECE |
/// key`, and returns the chambers.
pub(super) fn chambers(
    dist: &[u8],
    rows: Range<usize>,
    pad: Padded,
    labels: &mut [u32],
) -> Chambers {
    let s = pad.stride();
    let runs = runs_of(dist, rows.clone(), pad);
    let (core_keys, mut size) = join_cores(&runs);
    let slot = |k: usize| (rows.start + k + 1) * s + 1;
    // Down the rows; the runs that find no chamber wait for the way up.
    let mut waiting: Vec<(u32, Span)> = Vec::new();
    for k in 0..rows.len() {
        let b = slot(k);
        let cores = runs.core_at[k] as usize..runs.core_at[k + 1] as usize;
        let mut c = cores.start;
        for &span in &runs.open[runs.open_at[k] as usize..runs.open_at[k + 1] as usize] {
            let first = c;
            while c < cores.end && runs.core[c].to <= span.to {
                c += 1;
            }
            if first < c {
                let (cores, keys) = (&runs.core[first..c], &core_keys[first..c]);
                fill_with_cores(cores, keys, span, b, labels, &mut size);
            } else if !take_beside(labels, b, b - s, span, &mut size) {
                waiting.push((k as u32, span));
            }
        }
    }
    // Up the rows: the chambers below, else a chamber of the run's own.
    for &(k, span) in waiting.iter().rev() {
        let b = slot(k as usize);
        if !take_beside(labels, b, b + s, span, &mut size) {
            size.push(0);
            fill(labels, b, span, (size.len() - 1) as u32, &mut size);
        }
    }
    Chambers { size }
}

/// Gives the tiles of `span` (its row's column 0 at slot `b`) the chambers of the row
/// beside it whose column 0 is at slot `by` (above or below): each tile that of its
/// neighbour there, else that of the tile before it, the first tiles that of the first
/// open tile labelled 8-adjacent to the run. False, and nothing labelled, when there is
/// none. (Each tile touches a tile of its chamber: the one beside it or before it.)
#[inline(always)]
fn take_beside(labels: &mut [u32], b: usize, by: usize, span: Span, size: &mut [u32]) -> bool {
    let (from, to) = (span.from as usize, span.to as usize);
    let is_chamber = |label: u32| label >= PIECE && label != NONE;
    // Columns -1 and `width` are the border's slots.
    let Some(&first) = labels[by + from - 1..=by + to + 1]
        .iter()
        .find(|&&label| is_chamber(label))
    else {
        return false;
    };
    let mut carried = first;
    for x in from..=to {
        let next_to = labels[by + x];
        if is_chamber(next_to) {
            carried = next_to;
        }
        labels[b + x] = carried;
        size[(carried & !PIECE) as usize] += 1;
    }
    true
}

/// Labels `PIECE | key` the tiles of `span` (its row's column 0 at slot `b`).
#[inline(always)]
fn fill(labels: &mut [u32], b: usize, span: Span, key: u32, size: &mut [u32]) {
    labels[b + span.from as usize..=b + span.to as usize].fill(PIECE | key);
    size[key as usize] += span.to - span.from + 1;
}

/// Labels the open run `span` (its row's column 0 at slot `b`) that holds the core runs
/// `cores` of chambers `keys`: each core's chamber to the middle of the gap to the next
/// core of another chamber, the run's ends to its first and last cores.
fn fill_with_cores(
    cores: &[Span],
    keys: &[u32],
    span: Span,
    b: usize,
    labels: &mut [u32],
    size: &mut [u32],
) {
    let mut from = span.from;
    for (i, (core, &key)) in cores.iter().zip(keys).enumerate() {
        // The middle of the gap rounds down, so it is this core's last tile when the two
        // touch (a core run split at a square's edge).
        let to = match (cores.get(i + 1), keys.get(i + 1)) {
            (Some(next), Some(&next_key)) if next_key != key => u32::midpoint(core.to, next.from),
            (Some(next), _) => next.from - 1,
            _ => span.to,
        };
        fill(labels, b, Span { from, to }, key, size);
        from = to + 1;
    }
}

/// The open and core runs of each row of `rows`, read eight tiles a word.
fn runs_of(dist: &[u8], rows: Range<usize>, pad: Padded) -> Runs {
    let (w, s) = (pad.width, pad.stride());
    let mut runs = Runs {
        open: Vec::with_capacity(rows.len() * 4),
        open_at: Vec::with_capacity(rows.len() + 1),
        core: Vec::with_capacity(rows.len() * 4),
        core_at: Vec::with_capacity(rows.len() + 1),
    };
    let mut scratch = Vec::new();
    for y in rows {
        runs.open_at.push(runs.open.len() as u32);
        runs.core_at.push(runs.core.len() as u32);
        let b = (y + 1) * s + 1;
        let row = &dist[b..b + w];
        // The tile before the 64 being read: 1 when in a run.
        let (mut open_last, mut core_last) = (0, 0);
        for (word, tiles) in row.chunks(64).enumerate() {
            let (mut open, mut core) = (0u64, 0u64);
            for (chunk, bytes) in tiles.chunks(8).enumerate() {
                // Open tiles are neither 0 (not free) nor 1 (narrow).
                open |= pack(nonzero_bytes(bytes) & !equal_bytes(bytes, 1)) << (8 * chunk);
                core |= pack(equal_bytes(bytes, CORE | OPEN)) << (8 * chunk);
            }
            let (x, n) = ((word * 64) as u32, tiles.len());
            push_edges(&mut runs.open, open, &mut open_last, x, n);
            push_edges(&mut runs.core, core, &mut core_last, x, n);
        }
        // A run still open ends with the row.
        let end = w as u32 - 1;
        if open_last != 0 {
            end_last(&mut runs.open, end);
        }
        if core_last != 0 {
            end_last(&mut runs.core, end);
        }
        let row_cores = runs.core_at[runs.core_at.len() - 1] as usize;
        split_at_squares(&mut runs.core, row_cores, &mut scratch);
    }
    runs.open_at.push(runs.open.len() as u32);
    runs.core_at.push(runs.core.len() as u32);
    runs
}

/// Starts and ends the runs of `runs` at the edges of the `n` tiles `bits` (at most 64,
/// tile `x + i` at bit `i`); `last` is 1 when the tile before them is in a run, and
/// becomes whether their last is, when they fill the word (fewer end the row: a run
/// open at its end ends at the edge past it). 64 tiles a word, so that the loop's end,
/// which no branch predictor guesses, comes once a word, not once every eight tiles.
#[inline(always)]
fn push_edges(runs: &mut Vec<Span>, bits: u64, last: &mut u64, x: u32, n: usize) {
    let mut edges = bits ^ ((bits << 1) | *last);
    while edges != 0 {
        let i = edges.trailing_zeros();
        edges &= edges - 1;
        if bits >> i & 1 != 0 {
            runs.push(Span {
                from: x + i,
                to: x + i,
            });
        } else {
            // An edge to a gap ends the run before it (`i > 0` or `x > 0`: a run is open).
            end_last(runs, x + i - 1);
        }
    }
    *last = if n == 64 { bits >> 63 } else { 0 };
}

/// Ends the last run of `runs` at column `to`.
#[inline(always)]
fn end_last(runs: &mut [Span], to: u32) {
    if let Some(run) = runs.last_mut() {
        run.to = to;
    }
}

/// Splits the runs of `runs[from..]` (a row's) where a column is a multiple of [`SIDE`].
fn split_at_squares(runs: &mut Vec<Span>, from: usize, scratch: &mut Vec<Span>) {
    if runs[from..].iter().all(|r| r.from / SIDE == r.to / SIDE) {
        return;
    }
    scratch.clear();
    for r in &runs[from..] {
        let mut x = r.from;
        while x <= r.to {
            let to = ((x / SIDE + 1) * SIDE - 1).min(r.to);
            scratch.push(Span { from: x, to });
            x = to + 1;
        }
    }
    runs.truncate(from);
    runs.extend_from_slice(scratch);
}

/// The chamber key of every core run (keys in order of the chambers' first runs), and a
/// size of 0 for each chamber (the tiles are counted as they are labelled).
fn join_cores(runs: &Runs) -> (Vec<u32>, Vec<u32>) {
    let n = runs.core.len();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    let mut bounds = vec![Bounds::default(); n];
    for k in 0..runs.core_at.len().saturating_sub(1) {
        let now = runs.core_at[k] as usize..runs.core_at[k + 1] as usize;
        let above = match k {
            0 => 0..0,
            _ => runs.core_at[k - 1] as usize..now.start,
        };
        // The first run above that can touch the run being read.
        let mut p = above.start;
        for r in now {
            let span = runs.core[r];
            let own = Bounds {
                x1: span.from,
                x2: span.to,
                y1: k as u32,
                y2: k as u32,
            };
            while p < above.end && runs.core[p].to + 1 < span.from {
                p += 1;
            }
            let mut mine = NONE;
            for q in (p..above.end).take_while(|&q| runs.core[q].from <= span.to + 1) {
                let root = root(&mut parent, q as u32);
                let joined = match mine {
                    NONE => bounds[root as usize].with(own),
                    _ if root == mine => continue,
                    _ => bounds[root as usize].with(bounds[mine as usize]),
                };
                if joined.fits() {
                    if mine == NONE {
                        mine = root;
                    } else {
                        parent[root as usize] = mine;
                    }
                    bounds[mine as usize] = joined;
                }
            }
            if mine == NONE {
                bounds[r] = own;
            } else {
                parent[r] = mine;
            }
        }
    }
    let mut key_of_root = vec![NONE; n];
    let mut keys = Vec::with_capacity(n);
    let mut count = 0;
    for r in 0..n as u32 {
        let root = root(&mut parent, r) as usize;
        if key_of_root[root] == NONE {
            key_of_root[root] = count;
            count += 1;
        }
        keys.push(key_of_root[root]);
    }
    (keys, vec![0; count as usize])
}

/// The columns and rows (counted from the first open row) a chamber's cores span.
#[derive(Clone, Copy, Default)]
struct Bounds {
    x1: u32,
    x2: u32,
    y1: u32,
    y2: u32,
}

impl Bounds {
    fn with(self, other: Bounds) -> Bounds {
        Bounds {
            x1: self.x1.min(other.x1),
            x2: self.x2.max(other.x2),
            y1: self.y1.min(other.y1),
            y2: self.y2.max(other.y2),
        }
    }

    fn fits(self) -> bool {
        self.x2 - self.x1 < SIDE && self.y2 - self.y1 < SIDE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::padded::testing::{maps, padded};
    use crate::graph::{NodeKind, RegionGraph};

    /// The runs of the tiles of `row` for which `is` holds, one tile at a time.
    fn runs_by_tile(row: &[u8], is: impl Fn(u8) -> bool) -> Vec<Span> {
        let mut runs: Vec<Span> = Vec::new();
        for (x, &d) in row.iter().enumerate() {
            let x = x as u32;
            match runs.last_mut() {
                Some(run) if is(d) && run.to + 1 == x => run.to = x,
                _ if is(d) => runs.push(Span { from: x, to: x }),
                _ => {}
            }
        }
        runs
    }

    proptest::proptest! {
        /// For any rows of distances (not free, narrow, open, core) and any width: the
        /// runs read eight tiles a word are those read one tile at a time, the cores'
        /// split where a column is a multiple of `SIDE`.
        #[test]
        fn runs_are_those_of_the_tiles(
            (width, height, kinds) in maps(1..150, 1..4, 4)
        ) {
            let values = [0, 1, OPEN | 2, OPEN | CORE];
            let (pad, dist) = padded(width, height, &kinds, 0u8, |k| values[usize::from(k)]);
            let runs = runs_of(&dist, 0..height, pad);
            for y in 0..height {
                let row = &values_of(&kinds[y * width..(y + 1) * width], &values);
                let open = runs_by_tile(row, |d| d & OPEN != 0);
                let split: Vec<Span> = runs_by_tile(row, |d| d == OPEN | CORE)
                    .into_iter()
                    .flat_map(|r| {
                        (r.from..=r.to)
                            .collect::<Vec<_>>()
                            .chunk_by(|a, b| a / SIDE == b / SIDE)
                            .map(|c| Span { from: c[0], to: c[c.len() - 1] })
                            .collect::<Vec<_>>()
                    })
                    .collect();
                let at = |starts: &[u32]| starts[y] as usize..starts[y + 1] as usize;
                proptest::prop_assert_eq!(&runs.open[at(&runs.open_at)], &open[..]);
                proptest::prop_assert_eq!(&runs.core[at(&runs.core_at)], &split[..]);
            }
        }
    }

    fn values_of(kinds: &[u8], values: &[u8; 4]) -> Vec<u8> {
        kinds.iter().map(|&k| values[usize::from(k)]).collect()
    }

    /// Two halls of 5 x 5 tiles with a wall between them: a gap in it three tiles tall
    /// (no 5 x 5 square of free tiles across) parts them into two chambers, one link
    /// apart; with no wall, one chamber.
    #[test]
    fn a_neck_narrower_than_five_tiles_parts_two_halls() {
        let areas = |gap: usize| {
            let mut rows = vec!["#".repeat(13)];
            for y in 0..5 {
                let top = (5 - gap) / 2;
                let open = (top..top + gap).contains(&y);
                rows.push(format!("#.....{}.....#", if open { "." } else { "#" }));
            }
            rows.push("#".repeat(13));
            let map = crate::Map::from_ascii(&rows.join("\n")).unwrap();
            let graph = RegionGraph::of(&crate::Dungeon::new(map, crate::Point::new(1, 1)));
            let sizes: Vec<usize> = (graph.nodes().iter())
                .filter(|n| n.kind == NodeKind::Area)
                .map(|n| n.size)
                .collect();
            (sizes, graph.nodes().len(), graph.links().len())
        };
        let (sizes, nodes, links) = areas(3);
        assert_eq!((sizes.len(), nodes, links), (2, 2, 1), "{sizes:?}");
        assert_eq!(sizes.iter().sum::<usize>(), 5 * 5 * 2 + 3);
        assert!(sizes.iter().all(|&n| n >= 25), "{sizes:?}");
        assert_eq!(areas(5), (vec![5 * 11], 1, 0));
    }
}
