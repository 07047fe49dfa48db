//! Rule 5: does stamping a vault cut anything off? Answered exactly, looking at the
//! footprint's surroundings first and at the whole map only when it must.
//!
//! Walkable tiles connect in 4 directions and walls in 8 (the pair of adjacencies under
//! which each separates the other, Rosenfeld's digital topology). Every component of
//! walkable tiles is then a hole in the walls, and the Euler number of the walls (their
//! component count less their hole count) gives
//!
//! ```text
//! walkable components = wall components - Euler number of the walls.
//! ```
//!
//! The Euler number is a sum over all 2x2 quads of a value that depends only on the quad's
//! pattern (Gray's bit quads), so covering a footprint changes it by a sum over the quads
//! that touch the footprint. The wall component count changes by what the covered block
//! joins: the distinct wall components (labelled once per call, kept by union-find as
//! vaults are stamped) on and under the footprint. So the number of pieces the reached
//! tiles fall into once the footprint is covered costs time in the footprint's area, not
//! the map's.
//!
//! The check, cheapest first:
//!
//! 1. The footprint covers no reached tile: nothing can be cut off.
//! 2. The reached tiles around the footprint, searched in a window a little larger than
//!    it, are one piece once the vault's walkable components join the tiles their
//!    entrances touch: connected.
//! 3. The Euler count says the reached tiles stay one piece: connected (the window's
//!    pieces meet further away).
//! 4. The window's pieces, joined by the vault, are more than the Euler count allows to
//!    meet elsewhere: cut.
//! 5. Otherwise a breadth-first search from every window piece at once, over the whole map,
//!    joins pieces as their searches meet and stops as soon as they are as few as the Euler
//!    count says: which pieces are one is then known, and so is the answer.
//!
//! Based on: S. B. Gray, "Local properties of binary images in two dimensions", IEEE
//! Trans. Computers C-20(5), 1971 (bit quads; also Pratt, "Digital Image Processing",
//! ch. 18); A. Rosenfeld, "Connectivity in digital pictures", JACM 17(1), 1970; Yao et
//! al., "A novel bit-quad-based Euler number computing algorithm", Springer Plus 4:735,
//! 2015 (<https://doi.org/10.1186/s40064-015-1511-8>).

use super::board::{Board, at};
use super::place::SearchStats;
use super::stencil::Stencil;
use crate::union_find::root;
use crate::{Grid, Point, Shape};

/// No label: an open tile.
const NONE: u32 = u32::MAX;

/// A space of a stamped vault: the runs still say.
const KEEP: u32 = u32::MAX - 1;

/// The labels of one stamped footprint's tiles.
struct StampedLabels {
    /// The footprint's top-left tile, padded.
    corner: Point,
    labels: Grid<u32>,
}

/// Tiles beyond the footprint searched by step 2, on each side.
const WINDOW_MARGIN: i32 = 3;

/// The wider window searched before the whole map.
const WIDE_MARGIN: i32 = 16;

/// Gray's bit-quad value of a 2x2 pattern of walls (bit 1 top-left, 2 top-right, 4
/// bottom-left, 8 bottom-right), for 8-connected walls: +1 for one wall, -1 for three,
/// -2 for two on a diagonal. The Euler number is the sum over all quads divided by 4.
const QUAD_VALUE: [i32; 16] = {
    let mut v = [0i32; 16];
    let mut bits = 0;
    while bits < 16 {
        v[bits] = match (bits as u32).count_ones() {
            1 => 1,
            3 => -1,
            2 if bits == 0b1001 || bits == 0b0110 => -2,
            _ => 0,
        };
        bits += 1;
    }
    v
};

/// The wall components of a board, kept through stamps.
///
/// Walls are kept as runs (a row's maximal stretches of wall), not a label per tile: a
/// 1000x1000 map has tens of thousands of runs, so the labels are made in a fraction of
/// the time and memory, and a tile's label is a binary search in its row.
pub(super) struct Topology {
    shape: Shape,
    /// Each row's runs of wall, `(x0, x1)` inclusive, in order; run `r`'s label is `r`.
    runs: Vec<(u32, u32)>,
    /// Row `y`'s runs are `runs[row_start[y]..row_start[y + 1]]`.
    row_start: Vec<u32>,
    /// The footprints stamped since the runs were made, with the labels of their stamped
    /// tiles (`NONE` for an open one, [`KEEP`] for a space): they override the runs.
    stamped: Vec<StampedLabels>,
    /// Union-find over labels: the runs', then one per stamped wall.
    parent: Vec<u32>,
    /// Tiles per root label.
    size: Vec<u32>,
    /// Four times the Euler number of the walls.
    pub(super) euler4: i64,
    /// The number of wall components, as the union-find sees it.
    pub(super) components: i64,
}

/// Buffers the checks reuse from one candidate to the next.
#[derive(Default)]
pub(super) struct Scratch {
    window: Vec<u32>,
    stack: Vec<u32>,
    /// Per window piece: a tile of it (padded index).
    piece_tile: Vec<u32>,
    /// The pieces that hold a tile next to a covered reached tile or an entrance.
    relevant: Vec<u32>,
    /// Per walkable component of the vault: the pieces its entrances touch.
    joins: Vec<Vec<u32>>,
    uf: Vec<u32>,
    roots: Vec<u32>,
    ring_roots: Vec<u32>,
    /// Step 5's marks over the whole board: `seen[i] == epoch` once reached this search.
    seen: Vec<u32>,
    owner: Vec<u32>,
    epoch: u32,
    queue: Vec<u32>,
}

/// True when stamping `stencil` at padded `origin` leaves every tile reached before (and
/// not covered) still reached, and every walkable tile of the vault reached. The caller
/// has checked rules 1 to 4; the wall labels are made on first need.
pub(super) fn keeps_connected(
    board: &Board,
    topology: &mut Option<Topology>,
    stencil: &Stencil,
    origin: Point,
    scratch: &mut Scratch,
    stats: &mut SearchStats,
) -> bool {
    stats.work += stencil.covered.len() as u64;
    let covers_reached = stencil
        .covered
        .iter()
        .any(|&d| board.reached(at(origin, d)));
    if !covers_reached {
        // Nothing reached is covered; the vault's walkable tiles all reach an entrance,
        // which touches reached floor.
        stats.trivial += 1;
        return true;
    }
    // Before the labels are made, the window first: most checks end there, and then the
    // labels are never made. Once they are, the Euler count first: it settles most
    // positions on maps where little fits (mazes) without a search.
    let mut window = None;
    if topology.is_none() {
        stats.local += 1;
        stats.work += window_area(stencil, WINDOW_MARGIN);
        let (k, joined) = window_pieces(board, stencil, origin, WINDOW_MARGIN, scratch);
        if joined == 1 {
            return true;
        }
        window = Some((k, joined));
    }
    stats.euler += 1;
    stats.work += (stencil.quads.len() + stencil.ring.len() + stencil.covered.len()) as u64;
    let topology = topology.get_or_insert_with(|| Topology::new(board));
    let pieces = topology.pieces_after_cover(board, stencil, origin, scratch);
    if pieces <= 1 {
        return true;
    }
    // Each walkable component of the vault joins at most as many pieces as its entrances
    // touch reached tiles, less one.
    let joins: i64 = stencil
        .glue
        .iter()
        .map(|outward| {
            let touching = outward.iter().filter(|&&d| board.reached(at(origin, d)));
            (touching.count() as i64 - 1).max(0)
        })
        .sum();
    if pieces - joins > 1 {
        return false;
    }
    let (k, joined) = window.unwrap_or_else(|| {
        stats.local += 1;
        stats.work += window_area(stencil, WINDOW_MARGIN);
        window_pieces(board, stencil, origin, WINDOW_MARGIN, scratch)
    });
    if let Some(verdict) = decide(k, joined, pieces) {
        return verdict;
    }
    // A wider window first, where it is much smaller than the map.
    let wide = |side: i32, margin: i32| (side + 2 * margin) as usize;
    let wide_area = wide(stencil.width(), WIDE_MARGIN) * wide(stencil.height(), WIDE_MARGIN);
    if wide_area * 8 < board.open.len() {
        stats.wide += 1;
        stats.work += window_area(stencil, WIDE_MARGIN);
        let (k, joined) = window_pieces(board, stencil, origin, WIDE_MARGIN, scratch);
        if let Some(verdict) = decide(k, joined, pieces) {
            return verdict;
        }
    }
    stats.global += 1;
    race(board, stencil, origin, pieces, scratch, stats)
}

/// The tiles of the window around a footprint, `margin` tiles wider on each side.
fn window_area(stencil: &Stencil, margin: i32) -> u64 {
    ((stencil.width() + 2 * margin) * (stencil.height() + 2 * margin)) as u64
}

/// What `k` window pieces that the vault joins into `joined` say, when the reached tiles
/// fall into `pieces` once the footprint is covered: connected when the vault makes them
/// one; cut when each piece is a whole component (as many as the count) or when too few
/// of them can meet elsewhere; `None` when pieces may meet beyond the window.
fn decide(k: i64, joined: i64, pieces: i64) -> Option<bool> {
    if joined == 1 {
        Some(true)
    } else if k == pieces || pieces - (k - joined) > 1 {
        Some(false)
    } else {
        None
    }
}

impl Topology {
    /// Labels the walls of `board` (8-connected).
    pub fn new(board: &Board) -> Topology {
        let (runs, row_start, mut parent) = wall_runs(&board.open, board.shape);
        let mut size = vec![0u32; runs.len()];
        let mut count = 0i64;
        for (r, &(x0, x1)) in runs.iter().enumerate() {
            let root = root(&mut parent, r as u32) as usize;
            count += i64::from(root == r);
            size[root] += x1 - x0 + 1;
        }
        let reached = i64::from(board.open.contains(&1));
        Topology {
            shape: board.shape,
            runs,
            row_start,
            stamped: Vec::new(),
            parent,
            size,
            // walkable components = wall components - Euler number.
            euler4: 4 * (count - reached),
            components: count,
        }
    }

    /// The label of padded tile `i`: `NONE` for an open tile.
    fn label(&self, i: usize) -> u32 {
        let p = self.shape.point_inside(i);
        for area in &self.stamped {
            // Most checks on a maze spend their time in this loop: the plain difference
            // (both are on the board), and one unsigned comparison a side (a negative
            // difference becomes a number above every side) where `Grid::get` makes two.
            let d = Point::new(p.x - area.corner.x, p.y - area.corner.y);
            let size = area.labels.shape();
            if (d.x as u32) < size.width() as u32 && (d.y as u32) < size.height() as u32 {
                let l = area.labels.cells()[size.index_inside(d)];
                if l != KEEP {
                    return l;
                }
            }
        }
        let (x, y) = (p.x as u32, p.y as usize);
        let first = self.row_start[y] as usize;
        let row = &self.runs[first..self.row_start[y + 1] as usize];
        // The last run starting at or before x.
        let k = row.partition_point(|&(x0, _)| x0 <= x);
        match k.checked_sub(1).map(|k| (k, row[k])) {
            Some((k, (_, x1))) if x <= x1 => (first + k) as u32,
            _ => NONE,
        }
    }

    fn find(&mut self, l: u32) -> u32 {
        root(&mut self.parent, l)
    }

    /// Joins two labels' components; false when they were one already.
    fn union(&mut self, a: u32, b: u32) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        let (keep, gone) = if ra < rb { (ra, rb) } else { (rb, ra) };
        self.parent[gone as usize] = keep;
        self.size[keep as usize] += self.size[gone as usize];
        true
    }

    /// How many components the reached tiles fall into once `C` is all wall: one more
    /// than the change in wall components, less the change in the Euler number.
    fn pieces_after_cover(
        &mut self,
        board: &Board,
        stencil: &Stencil,
        origin: Point,
        scratch: &mut Scratch,
    ) -> i64 {
        let w = board.shape.width() as usize;
        let mut delta4 = 0i64;
        for &(q, covered) in &stencil.quads {
            let old = bits_at(&board.open, w, board.shape.index_inside(at(origin, q)));
            delta4 += i64::from(QUAD_VALUE[old | covered as usize] - QUAD_VALUE[old]);
        }
        // Wall components on the ring around `C`, and those under `C`.
        scratch.ring_roots.clear();
        for &d in &stencil.ring {
            let i = board.shape.index_inside(at(origin, d));
            let root = if board.open[i] == 0 {
                self.find(self.label(i))
            } else {
                NONE
            };
            scratch.ring_roots.push(root);
        }
        scratch.roots.clear();
        scratch
            .roots
            .extend(scratch.ring_roots.iter().copied().filter(|&r| r != NONE));
        scratch.roots.sort_unstable();
        scratch.roots.dedup();
        let on_ring = scratch.roots.len();
        let mut under: Vec<u32> = Vec::new();
        for &d in &stencil.covered {
            let i = board.shape.index_inside(at(origin, d));
            if board.open[i] == 0 {
                let root = self.find(self.label(i));
                if scratch.roots[..on_ring].binary_search(&root).is_err() {
                    under.push(root);
                }
            }
        }
        under.sort_unstable();
        under.dedup();
        // Components wholly under `C` are swallowed by it; the rest are joined by it.
        let touched = (on_ring + under.len()) as i64;
        let comps = stencil.comp_count as usize;
        scratch.uf.clear();
        scratch.uf.extend(0..(comps + on_ring) as u32);
        for &(ring, comp) in &stencil.ring_comps {
            let root = scratch.ring_roots[ring as usize];
            if root != NONE {
                let k = comps + scratch.roots[..on_ring].binary_search(&root).unwrap_or(0);
                uf_union(&mut scratch.uf, comp as usize, k);
            }
        }
        let groups = (0..scratch.uf.len())
            .filter(|&i| uf_find(&mut scratch.uf, i) == i)
            .count() as i64;
        debug_assert_eq!(delta4 % 4, 0);
        1 + (groups - touched) - delta4 / 4
    }

    /// Updates the labels, the Euler number and `board.open` for `stencil` stamped at
    /// padded `origin`. Returns false when a wall component was cut in two (which
    /// union-find cannot see, but the Euler number does): the labels are then wrong, and
    /// the caller drops them, to be made again if a later check needs them.
    #[must_use]
    pub fn stamp(&mut self, board: &mut Board, stencil: &Stencil, origin: Point) -> bool {
        let (shape, w) = (board.shape, board.shape.width() as usize);
        let quads_around = |open: &[u8]| -> i64 {
            let mut sum = 0i64;
            for qy in origin.y - 1..origin.y + stencil.height() {
                for qx in origin.x - 1..origin.x + stencil.width() {
                    let q = shape.index_inside(Point::new(qx, qy));
                    sum += i64::from(QUAD_VALUE[bits_at(open, w, q)]);
                }
            }
            sum
        };
        let before = quads_around(&board.open);
        let old: Vec<u32> = stencil
            .covered
            .iter()
            .map(|&d| self.label(shape.index_inside(at(origin, d))))
            .collect();
        self.stamped.push(StampedLabels {
            corner: origin,
            labels: stencil.cells.map(|_| KEEP),
        });
        let area = self.stamped.len() - 1;
        for (&d, &l) in stencil.covered.iter().zip(&old) {
            self.stamped[area].labels.set(d, NONE);
            if l != NONE {
                let root = self.find(l) as usize;
                self.size[root] -= 1;
                if self.size[root] == 0 {
                    self.components -= 1;
                }
            }
        }
        stamp_open(board, stencil, origin);
        self.euler4 += quads_around(&board.open) - before;
        for &d in &stencil.covered {
            if !board.reached(at(origin, d)) {
                let l = self.parent.len() as u32;
                self.stamped[area].labels.set(d, l);
                self.parent.push(l);
                self.size.push(1);
                self.components += 1;
            }
        }
        for &d in &stencil.covered {
            let i = shape.index_inside(at(origin, d));
            if board.open[i] == 1 {
                continue;
            }
            let li = self.label(i);
            for j in [
                i - w - 1,
                i - w,
                i - w + 1,
                i - 1,
                i + 1,
                i + w - 1,
                i + w,
                i + w + 1,
            ] {
                let lj = self.label(j);
                if lj != NONE && self.union(li, lj) {
                    self.components -= 1;
                }
            }
        }
        // Every reached tile is still reached, so they are one component.
        self.components == 1 + self.euler4 / 4
    }
}

/// Sets `board.open` for `stencil` stamped at padded `origin`: its walkable tiles are
/// reached (the check made sure), its other tiles closed; spaces stay.
pub(super) fn stamp_open(board: &mut Board, stencil: &Stencil, origin: Point) {
    for &d in &stencil.covered {
        let i = board.shape.index_inside(at(origin, d));
        board.open[i] = u8::from(stencil.walkable(d));
    }
}

/// The wall bits of the quad whose top-left tile is `i`.
#[inline]
fn bits_at(open: &[u8], w: usize, i: usize) -> usize {
    let wall = |j: usize| usize::from(open[j] == 0);
    wall(i) | wall(i + 1) << 1 | wall(i + w) << 2 | wall(i + w + 1) << 3
}

/// The runs of wall of each row, the index of each row's first run, and a union-find over
/// runs that joins the 8-connected ones: runs are joined to the runs they touch in the
/// row above (the run-based form of two-pass connected-component labelling).
fn wall_runs(open: &[u8], shape: Shape) -> (Vec<(u32, u32)>, Vec<u32>, Vec<u32>) {
    let (w, h) = (shape.width() as usize, shape.height() as usize);
    let mut runs: Vec<(u32, u32)> = Vec::with_capacity(open.len() / 8);
    let mut row_start = Vec::with_capacity(h + 1);
    for y in 0..shape.height() {
        row_start.push(runs.len() as u32);
        let row = &open[shape.row_start(y)..][..w];
        let mut x = 0;
        while x < w {
            if row[x] != 0 {
                x += 1;
                continue;
            }
            let x0 = x;
            while x < w && row[x] == 0 {
                x += 1;
            }
            runs.push((x0 as u32, (x - 1) as u32));
        }
    }
    row_start.push(runs.len() as u32);
    let mut parent: Vec<u32> = (0..runs.len() as u32).collect();
    for y in 1..h {
        let above = row_start[y - 1] as usize..row_start[y] as usize;
        let mut a = above.start;
        for r in row_start[y] as usize..row_start[y + 1] as usize {
            let (x0, x1) = runs[r];
            // Runs above that touch x0 - 1 ..= x1 + 1 (8-connectivity).
            while a < above.end && runs[a].1 + 1 < x0 {
                a += 1;
            }
            let mut b = a;
            while b < above.end && runs[b].0 <= x1 + 1 {
                if b == a {
                    // `r` is alone in its set so far: join it without a search.
                    parent[r] = root(&mut parent, b as u32);
                } else {
                    uf_union32(&mut parent, r as u32, b as u32);
                }
                b += 1;
            }
        }
    }
    (runs, row_start, parent)
}

/// Joins two sets; false when they were one already.
fn uf_union32(parent: &mut [u32], a: u32, b: u32) -> bool {
    let (ra, rb) = (root(parent, a), root(parent, b));
    if ra == rb {
        return false;
    }
    let (keep, gone) = if ra < rb { (ra, rb) } else { (rb, ra) };
    parent[gone as usize] = keep;
    true
}

fn uf_find(parent: &mut [u32], a: usize) -> usize {
    root(parent, a as u32) as usize
}

fn uf_union(parent: &mut [u32], a: usize, b: usize) -> bool {
    uf_union32(parent, a as u32, b as u32)
}

/// Step 2: the components of the reached tiles outside `C` in a window around the
/// footprint, searched only from the tiles that matter (next to a covered reached tile,
/// or outside an entrance). Returns how many pieces hold such a tile (`k`) and how many
/// they make once each walkable component of the vault joins the pieces its entrances
/// touch. Leaves the pieces in `scratch` for step 5.
fn window_pieces(
    board: &Board,
    stencil: &Stencil,
    origin: Point,
    margin: i32,
    scratch: &mut Scratch,
) -> (i64, i64) {
    let corner = Point::new((origin.x - margin).max(0), (origin.y - margin).max(0));
    let x1 = (origin.x + stencil.width() + margin).min(board.shape.width());
    let y1 = (origin.y + stencil.height() + margin).min(board.shape.height());
    let window = Shape::with_sides(x1 - corner.x, y1 - corner.y);
    scratch.window.clear();
    scratch.window.resize(window.len(), NONE);
    scratch.piece_tile.clear();
    // Window tiles are numbered from `corner`; the plain difference, as in `at`.
    let local = |p: Point| Point::new(p.x - corner.x, p.y - corner.y);
    let piece_of = |p: Point, scratch: &mut Scratch| -> u32 {
        let c = window.index_inside(local(p));
        if scratch.window[c] != NONE {
            return scratch.window[c];
        }
        let id = scratch.piece_tile.len() as u32;
        scratch.piece_tile.push(board.shape.index_inside(p) as u32);
        scratch.window[c] = id;
        scratch.stack.clear();
        scratch.stack.push(c as u32);
        while let Some(k) = scratch.stack.pop() {
            let kl = window.point_inside(k as usize);
            for step in Point::ORTHOGONAL {
                let nl = at(kl, step);
                if !window.contains(nl) {
                    continue;
                }
                let c = window.index_inside(nl);
                if scratch.window[c] == NONE && open_outside(board, stencil, origin, at(corner, nl))
                {
                    scratch.window[c] = id;
                    scratch.stack.push(c as u32);
                }
            }
        }
        id
    };
    scratch.relevant.clear();
    for &(c, n) in &stencil.border {
        let covered_reached = board.reached(at(origin, c));
        if covered_reached && open_outside(board, stencil, origin, at(origin, n)) {
            let p = piece_of(at(origin, n), scratch);
            scratch.relevant.push(p);
        }
    }
    scratch.joins.resize_with(stencil.glue.len(), Vec::new);
    for (g, outward) in stencil.glue.iter().enumerate() {
        scratch.joins[g].clear();
        for &d in outward {
            if board.reached(at(origin, d)) {
                let p = piece_of(at(origin, d), scratch);
                scratch.joins[g].push(p);
                scratch.relevant.push(p);
            }
        }
    }
    scratch.relevant.sort_unstable();
    scratch.relevant.dedup();
    scratch.uf.clear();
    scratch.uf.extend(0..scratch.piece_tile.len() as u32);
    for g in 0..scratch.joins.len() {
        for pair in 1..scratch.joins[g].len() {
            let (a, b) = (scratch.joins[g][pair - 1], scratch.joins[g][pair]);
            uf_union(&mut scratch.uf, a as usize, b as usize);
        }
    }
    scratch.roots.clear();
    for &p in &scratch.relevant {
        let root = uf_find(&mut scratch.uf, p as usize) as u32;
        scratch.roots.push(root);
    }
    scratch.roots.sort_unstable();
    scratch.roots.dedup();
    (scratch.relevant.len() as i64, scratch.roots.len() as i64)
}

/// True for reached padded tile `p` outside `C` stamped at `origin`.
#[inline]
fn open_outside(board: &Board, stencil: &Stencil, origin: Point, p: Point) -> bool {
    // The plain difference, as in `at`.
    board.reached(p) && !stencil.stamped(Point::new(p.x - origin.x, p.y - origin.y))
}

/// Step 5: a breadth-first search from every relevant window piece at once over the
/// reached tiles outside `C`, joining pieces whose searches meet, until they are as few
/// as `pieces` (the Euler count): then which pieces are one is known, and the vault's
/// joins decide. Work: the tiles searched before the last meeting, at most the map.
fn race(
    board: &Board,
    stencil: &Stencil,
    origin: Point,
    pieces: i64,
    scratch: &mut Scratch,
    stats: &mut SearchStats,
) -> bool {
    let w = board.shape.width() as usize;
    if scratch.seen.len() != board.open.len() {
        scratch.seen = vec![0; board.open.len()];
        scratch.owner = vec![0; board.open.len()];
        scratch.epoch = 0;
    }
    scratch.epoch += 1;
    let epoch = scratch.epoch;
    // The union-find over window pieces already holds the vault's joins: race on a
    // fresh one over the relevant pieces, and apply the joins after.
    let k = scratch.relevant.len();
    let mut uf: Vec<u32> = (0..k as u32).collect();
    scratch.queue.clear();
    for (class, &p) in scratch.relevant.iter().enumerate() {
        let tile = scratch.piece_tile[p as usize] as usize;
        scratch.seen[tile] = epoch;
        scratch.owner[tile] = class as u32;
        scratch.queue.push(tile as u32);
    }
    let mut classes = k as i64;
    let mut head = 0;
    'search: while head < scratch.queue.len() {
        let i = scratch.queue[head] as usize;
        head += 1;
        let class = scratch.owner[i];
        for j in [i - w, i + 1, i + w, i - 1] {
            if !open_outside(board, stencil, origin, board.shape.point_inside(j)) {
                continue;
            }
            if scratch.seen[j] != epoch {
                scratch.seen[j] = epoch;
                scratch.owner[j] = class;
                scratch.queue.push(j as u32);
            } else if uf_union32(&mut uf, class, scratch.owner[j]) {
                classes -= 1;
                if classes == pieces {
                    break 'search;
                }
            }
        }
    }
    stats.work += head as u64;
    debug_assert_eq!(classes, pieces, "the Euler count and the search disagree");
    // Join the classes the vault joins.
    for g in 0..scratch.joins.len() {
        for pair in 1..scratch.joins[g].len() {
            let class = |p: u32| scratch.relevant.binary_search(&p).unwrap_or(0) as u32;
            let (a, b) = (
                class(scratch.joins[g][pair - 1]),
                class(scratch.joins[g][pair]),
            );
            uf_union32(&mut uf, a, b);
        }
    }
    let first = root(&mut uf, 0);
    (0..k as u32).all(|c| root(&mut uf, c) == first)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Components by brute force, for checking the Euler relation.
    fn count4(open: &[u8], w: usize, h: usize) -> i64 {
        let mut seen = vec![false; open.len()];
        let mut n = 0;
        for s in 0..open.len() {
            if open[s] == 0 || seen[s] {
                continue;
            }
            n += 1;
            seen[s] = true;
            let mut stack = vec![s];
            while let Some(i) = stack.pop() {
                let (x, y) = (i % w, i / w);
                let mut push = |j: usize| {
                    if open[j] == 1 && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                };
                if x > 0 {
                    push(i - 1);
                }
                if x + 1 < w {
                    push(i + 1);
                }
                if y > 0 {
                    push(i - w);
                }
                if y + 1 < h {
                    push(i + w);
                }
            }
        }
        n
    }

    /// 8-components of the walls by brute force.
    fn count8_walls(open: &[u8], w: usize, h: usize) -> usize {
        let walls: Vec<u8> = open.iter().map(|&o| u8::from(o == 0)).collect();
        let mut seen = vec![false; open.len()];
        let mut n = 0;
        for s in 0..open.len() {
            if walls[s] == 0 || seen[s] {
                continue;
            }
            n += 1;
            seen[s] = true;
            let mut stack = vec![s];
            while let Some(i) = stack.pop() {
                let (x, y) = ((i % w) as i64, (i / w) as i64);
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let (nx, ny) = (x + dx, y + dy);
                        if nx >= 0 && ny >= 0 && nx < w as i64 && ny < h as i64 {
                            let j = ny as usize * w + nx as usize;
                            if walls[j] == 1 && !seen[j] {
                                seen[j] = true;
                                stack.push(j);
                            }
                        }
                    }
                }
            }
        }
        n
    }

    /// Four times the Euler number of the walls, summed over every quad that touches the
    /// board (outside it counts as open).
    fn euler4_of(open: &[u8], w: usize, h: usize) -> i64 {
        let wall = |x: i64, y: i64| {
            let inside = (0..w as i64).contains(&x) && (0..h as i64).contains(&y);
            usize::from(inside && open[y as usize * w + x as usize] == 0)
        };
        let mut sum = 0i64;
        for y in -1..h as i64 {
            for x in -1..w as i64 {
                let bits = wall(x, y)
                    | wall(x + 1, y) << 1
                    | wall(x, y + 1) << 2
                    | wall(x + 1, y + 1) << 3;
                sum += i64::from(QUAD_VALUE[bits]);
            }
        }
        sum
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// walkable components = wall components - Euler number, and the run-based labels
        /// count the wall components, on random padded boards.
        #[test]
        fn euler_relation_holds(w in 3usize..14, h in 3usize..14, bits in proptest::collection::vec(proptest::bool::ANY, 196)) {
            let mut open = vec![0u8; w * h];
            for y in 1..h - 1 {
                for x in 1..w - 1 {
                    open[y * w + x] = u8::from(bits[y * 14 + x]);
                }
            }
            let (runs, _, mut parent) = wall_runs(&open, Shape::with_sides(w as i32, h as i32));
            let roots = (0..runs.len() as u32).filter(|&r| root(&mut parent, r) == r).count();
            proptest::prop_assert_eq!(roots, count8_walls(&open, w, h));
            let tiles: u32 = runs.iter().map(|&(x0, x1)| x1 - x0 + 1).sum();
            proptest::prop_assert_eq!(tiles as usize, open.iter().filter(|&&o| o == 0).count());
            let chi4 = euler4_of(&open, w, h);
            proptest::prop_assert_eq!(chi4 % 4, 0);
            proptest::prop_assert_eq!(count4(&open, w, h), roots as i64 - chi4 / 4);
        }
    }
}
