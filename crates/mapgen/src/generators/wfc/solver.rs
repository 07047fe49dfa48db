//! The wave: for every cell of the output's pattern grid, the bit set of patterns it may
//! still hold, with AC-4 support counts, and the observe-propagate loop over it.
//!
//! * Wave: one bit per pattern per cell, in 64-bit words.
//! * Support counts: per cell, one byte per slot (a direction and an out-key, see
//!   [`super::patterns`]): how many of the cell's remaining patterns overlap that way. When
//!   a count drops to 0, every pattern of the neighbour in that direction whose in-key it
//!   was has lost its last support and is banned.
//! * Entropy: per cell the sum of weights and of `w log2 w` (fixed point), kept as patterns
//!   are banned; cells whose patterns changed get a new heap entry after each propagation,
//!   and the lowest (entropy, noise) entry is observed next. The noise is drawn per cell
//!   from the attempt's `DungeonRng`, so ties are broken by the seed.
//! * Restarts copy the state every attempt starts from (the fixpoint of the initial
//!   propagation, computed once): no allocation, no re-propagation.
//!
//! Based on: <https://github.com/mxgmn/WaveFunctionCollapse> (`Model.cs`: `Observe`,
//! `Propagate`, `Ban`), with the cell choice of a lazy priority queue as in
//! <https://github.com/gridbugs/wfc>.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use super::entropy::{entropy, log2_fixed};
use super::patterns::{DIRECTIONS, Patterns};
use crate::{DungeonRng, MapError};

/// A cell left without patterns: the attempt (or the block) cannot be completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contradiction {
    /// The cell, `y * width + x` of the pattern grid.
    pub(crate) cell: usize,
}

/// What cells hold: every cell's now; the distinct states attempts start from; the cells a
/// block repair saved.
#[derive(Debug, Clone, Default)]
struct Cells {
    wave: Vec<u64>,
    counts: Vec<u8>,
    remaining: Vec<u16>,
    sum_of_weights: Vec<u32>,
    sum_of_weight_log_weights: Vec<u64>,
}

/// The state every attempt starts from, each distinct cell state kept once: the interior's
/// cells share one, the rings along the border have a few of their own.
#[derive(Debug, Clone, Default)]
struct StartStates {
    /// Per cell, its state's index in `states`.
    of_cell: Vec<u32>,
    states: Cells,
}

/// Copies of some cells, to undo a block that was solved again and not kept.
#[derive(Debug, Clone, Default)]
struct SavedCells {
    cells: Vec<usize>,
    state: Cells,
}

/// The cells that lost patterns whose supports are not yet taken from their neighbours,
/// with the patterns each lost since it was last handled.
#[derive(Debug, Clone, Default)]
struct Queue {
    cells: VecDeque<u32>,
    /// Per cell, the bit set of the patterns lost and not yet handled.
    pending: Vec<u64>,
    queued: Vec<bool>,
}

impl Queue {
    /// Forgets every queued cell (after a contradiction).
    fn clear(&mut self, words: usize) {
        for &c in &self.cells {
            let c = c as usize;
            self.queued[c] = false;
            self.pending[c * words..][..words].fill(0);
        }
        self.cells.clear();
    }
}

/// The cells whose patterns changed since the last observation: they get new heap
/// entries (or count as decided) once the propagation is done.
#[derive(Debug, Clone, Default)]
struct Dirty {
    cells: Vec<u32>,
    flagged: Vec<bool>,
}

impl Dirty {
    #[inline(always)]
    fn mark(&mut self, c: usize) {
        if !self.flagged[c] {
            self.flagged[c] = true;
            self.cells.push(c as u32);
        }
    }

    fn clear(&mut self) {
        for &c in &self.cells {
            self.flagged[c as usize] = false;
        }
        self.cells.clear();
    }
}

/// The solver's state for one pattern grid; every buffer is allocated once.
#[derive(Debug, Clone)]
pub(crate) struct Solver {
    /// Pattern grid width and height (cells).
    pub(crate) width: usize,
    pub(crate) height: usize,
    words: usize,
    slots: usize,
    now: Cells,
    start: StartStates,
    entropy: Vec<u64>,
    noise: Vec<u32>,
    queue: Queue,
    dirty: Dirty,
    heap: BinaryHeap<Reverse<(u64, u32, u32)>>,
    /// Per cell, bit `d` set when it has a neighbour in direction `d`.
    edges: Vec<u8>,
    undecided: usize,
    /// `log2_fixed(s)` for sums `s` met so far; `u64::MAX` where not yet worked out.
    log2: Vec<u64>,
    saved: SavedCells,
}

/// A rectangle of cells of the pattern grid, corners included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CellBox {
    pub(crate) x0: usize,
    pub(crate) y0: usize,
    pub(crate) x1: usize,
    pub(crate) y1: usize,
}

impl CellBox {
    fn contains(&self, x: usize, y: usize) -> bool {
        (self.x0..=self.x1).contains(&x) && (self.y0..=self.y1).contains(&y)
    }

    /// The same box grown by one cell on each side, within `width` x `height`.
    fn grown(&self, width: usize, height: usize) -> CellBox {
        CellBox {
            x0: self.x0.saturating_sub(1),
            y0: self.y0.saturating_sub(1),
            x1: (self.x1 + 1).min(width - 1),
            y1: (self.y1 + 1).min(height - 1),
        }
    }

    fn cells(self, width: usize) -> impl Iterator<Item = usize> {
        (self.y0..=self.y1).flat_map(move |y| (self.x0..=self.x1).map(move |x| y * width + x))
    }
}

/// A vector of `len` copies of `value`, or the error a map of that size would give.
fn filled<T: Clone>(len: usize, value: T, width: usize, height: usize) -> Result<Vec<T>, MapError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| MapError::Memory {
        width: width as i32,
        height: height as i32,
        bytes: len.saturating_mul(size_of::<T>()),
    })?;
    v.resize(len, value);
    Ok(v)
}

impl Cells {
    fn new(ps: &Patterns, cells: usize, w: usize, h: usize) -> Result<Cells, MapError> {
        Ok(Cells {
            wave: filled(cells * ps.words, 0, w, h)?,
            counts: filled(cells * ps.slots(), 0, w, h)?,
            remaining: filled(cells, 0, w, h)?,
            sum_of_weights: filled(cells, 0, w, h)?,
            sum_of_weight_log_weights: filled(cells, 0, w, h)?,
        })
    }

    /// Appends cell `c` of `from` (cells of `words` and `slots`).
    fn push_cell(&mut self, from: &Cells, c: usize, words: usize, slots: usize) {
        self.wave.extend_from_slice(&from.wave[c * words..][..words]);
        self.counts.extend_from_slice(&from.counts[c * slots..][..slots]);
        self.remaining.push(from.remaining[c]);
        self.sum_of_weights.push(from.sum_of_weights[c]);
        self.sum_of_weight_log_weights.push(from.sum_of_weight_log_weights[c]);
    }

    /// Sets cell `c` to cell `i` of `from`.
    fn set_cell(&mut self, c: usize, from: &Cells, i: usize, words: usize, slots: usize) {
        self.wave[c * words..][..words].copy_from_slice(&from.wave[i * words..][..words]);
        self.counts[c * slots..][..slots].copy_from_slice(&from.counts[i * slots..][..slots]);
        self.remaining[c] = from.remaining[i];
        self.sum_of_weights[c] = from.sum_of_weights[i];
        self.sum_of_weight_log_weights[c] = from.sum_of_weight_log_weights[i];
    }

    fn clear(&mut self) {
        self.wave.clear();
        self.counts.clear();
        self.remaining.clear();
        self.sum_of_weights.clear();
        self.sum_of_weight_log_weights.clear();
    }
}

impl Solver {
    /// The most bytes of solver state per cell of the pattern grid for these patterns:
    /// the wave, counts and sums, the start state's index and (at most, when no two cells
    /// start alike) its own copy of them, entropy, noise, the patterns lost and not yet
    /// handled, and flags. The heap and the lists of queued and changed cells are extra,
    /// bounded by the cells touched at a time.
    pub(crate) fn bytes_per_cell(ps: &Patterns) -> usize {
        let cell = ps.words * 8 + ps.slots() + 2 + 4 + 8;
        2 * cell + 4 + 8 + 4 + ps.words * 8 + 1 + 1 + 1
    }

    /// Buffers for a `width` x `height` pattern grid (both at least 1).
    pub(crate) fn new(ps: &Patterns, width: usize, height: usize) -> Result<Solver, MapError> {
        let cells = width * height;
        Ok(Solver {
            width,
            height,
            words: ps.words,
            slots: ps.slots(),
            now: Cells::new(ps, cells, width, height)?,
            start: StartStates {
                of_cell: filled(cells, 0, width, height)?,
                states: Cells::default(),
            },
            entropy: filled(cells, 0, width, height)?,
            noise: filled(cells, 0, width, height)?,
            queue: Queue {
                cells: VecDeque::new(),
                pending: filled(cells * ps.words, 0, width, height)?,
                queued: filled(cells, false, width, height)?,
            },
            dirty: Dirty {
                cells: Vec::new(),
                flagged: filled(cells, false, width, height)?,
            },
            heap: BinaryHeap::new(),
            edges: edges(width, height),
            undecided: 0,
            log2: filled(ps.total_weight() as usize + 1, u64::MAX, width, height)?,
            saved: SavedCells::default(),
        })
    }

    /// The state every attempt starts from: every cell holds the patterns that can tile
    /// the unbounded plane ([`Patterns::tiling_set`]), which is already arc consistent;
    /// then (if `wall_border`) the patterns that would put anything but wall on the
    /// outermost ring of tiles are banned and the bans propagated. A contradiction here
    /// means the sample's patterns cannot tile a grid of this size at all.
    pub(crate) fn initialise(&mut self, ps: &Patterns, wall_border: bool) -> Result<(), Contradiction> {
        let alive = ps.tiling_set();
        let mut wave = vec![0u64; self.words];
        let mut counts = vec![0u8; self.slots];
        let (mut remaining, mut total, mut total_wlw) = (0u16, 0u32, 0u64);
        for (p, _) in alive.iter().enumerate().filter(|(_, a)| **a) {
            wave[p / 64] |= 1 << (p % 64);
            for &s in &ps.out_slots[p] {
                counts[usize::from(s)] += 1;
            }
            remaining += 1;
            total += ps.weights[p];
            total_wlw += ps.weight_log_weights[p];
        }
        if remaining == 0 {
            return Err(Contradiction { cell: 0 });
        }
        for c in 0..self.width * self.height {
            self.now.wave[c * self.words..][..self.words].copy_from_slice(&wave);
            self.now.counts[c * self.slots..][..self.slots].copy_from_slice(&counts);
            self.now.remaining[c] = remaining;
            self.now.sum_of_weights[c] = total;
            self.now.sum_of_weight_log_weights[c] = total_wlw;
        }
        if wall_border {
            self.ban_border_floor(ps)?;
        }
        self.propagate(ps)?;
        self.dirty.clear();
        self.keep_start_states();
        Ok(())
    }

    /// Keeps the state of every cell now as the one attempts start from, each distinct
    /// state once. A cell's state is the same as its left or upper neighbour's nearly
    /// everywhere (the constraints are the same along a row or column away from the
    /// corners), so those two are the only ones compared. The counts and sums follow from
    /// the bit set, so comparing bit sets is enough.
    fn keep_start_states(&mut self) {
        let (words, slots, width) = (self.words, self.slots, self.width);
        let StartStates { of_cell, states } = &mut self.start;
        states.clear();
        for c in 0..width * self.height {
            let wave = &self.now.wave[c * words..][..words];
            let left = (c % width > 0).then(|| of_cell[c - 1]);
            let up = (c >= width).then(|| of_cell[c - width]);
            let same = [left, up]
                .into_iter()
                .flatten()
                .find(|&i| states.wave[i as usize * words..][..words] == *wave);
            of_cell[c] = same.unwrap_or_else(|| {
                states.push_cell(&self.now, c, words, slots);
                (states.remaining.len() - 1) as u32
            });
        }
    }

    /// Sets cell `c` to its state at the start of every attempt.
    fn reset_cell(&mut self, c: usize) {
        let i = self.start.of_cell[c] as usize;
        self.now.set_cell(c, &self.start.states, i, self.words, self.slots);
    }

    /// Bans, in the cells at the grid's edges, the patterns with anything but wall on the
    /// outermost ring of tiles.
    fn ban_border_floor(&mut self, ps: &Patterns) -> Result<(), Contradiction> {
        let n = ps.n;
        let (tiles_w, tiles_h) = (self.width + n - 1, self.height + n - 1);
        let mut keep = vec![0u64; self.words];
        for cy in 0..self.height {
            for cx in 0..self.width {
                if cx != 0 && cy != 0 && cx + 1 != self.width && cy + 1 != self.height {
                    continue;
                }
                keep.fill(u64::MAX);
                for offset in 0..n * n {
                    let (x, y) = (cx + offset % n, cy + offset / n);
                    if x == 0 || y == 0 || x + 1 == tiles_w || y + 1 == tiles_h {
                        let wall = &ps.wall[offset * self.words..][..self.words];
                        keep.iter_mut().zip(wall).for_each(|(k, w)| *k &= w);
                    }
                }
                self.keep_only(ps, cy * self.width + cx, &keep)?;
            }
        }
        Ok(())
    }

    /// Bans from cell `c` every pattern not in the bit set `keep`, and queues the bans.
    fn keep_only(&mut self, ps: &Patterns, c: usize, keep: &[u64]) -> Result<(), Contradiction> {
        for (i, &k) in keep.iter().enumerate() {
            let bits = self.now.wave[c * self.words + i] & !k;
            if bits != 0 {
                remove(&mut self.now, &mut self.queue, &mut self.dirty, ps.words, c, i, bits)?;
            }
        }
        Ok(())
    }

    /// Back to the state every attempt starts from, with fresh tie-breaking noise.
    pub(crate) fn restart(&mut self, rng: &mut DungeonRng) {
        for c in 0..self.width * self.height {
            self.reset_cell(c);
        }
        self.queue.clear(self.words);
        self.dirty.clear();
        for noise in &mut self.noise {
            *noise = rng.next_u32();
        }
        // Every undecided cell's entry, heaped at once (linear) rather than pushed one by
        // one; the keys are distinct (the cell is in them), so the order is the same.
        let mut entries = std::mem::take(&mut self.heap).into_vec();
        entries.clear();
        for c in 0..self.width * self.height {
            if self.now.remaining[c] > 1 {
                entries.push(Reverse(self.entry(c)));
            }
        }
        self.undecided = entries.len();
        self.heap = BinaryHeap::from(entries);
    }

    /// Cells that still have more than one pattern.
    pub(crate) fn undecided(&self) -> usize {
        self.undecided
    }

    /// How many patterns cell `c` may still hold.
    pub(crate) fn remaining(&self, c: usize) -> usize {
        usize::from(self.now.remaining[c])
    }

    /// The first pattern cell `c` may still hold (its pattern once decided).
    pub(crate) fn first_pattern(&self, c: usize) -> Option<usize> {
        let words = &self.now.wave[c * self.words..][..self.words];
        let (i, word) = words.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some(i * 64 + word.trailing_zeros() as usize)
    }

    /// The undecided cell of lowest entropy (ties: lowest noise), or `None` when every
    /// cell is decided. Stale heap entries (the cell changed since) are skipped.
    pub(crate) fn next_cell(&mut self) -> Option<usize> {
        while let Some(Reverse((e, _, c))) = self.heap.pop() {
            let c = c as usize;
            if self.now.remaining[c] > 1 && self.entropy[c] == e {
                return Some(c);
            }
        }
        None
    }

    /// Observes cell `c`: one of its patterns drawn by weight from `rng` is kept, the others
    /// banned, and the bans propagated.
    pub(crate) fn observe(&mut self, ps: &Patterns, c: usize, rng: &mut DungeonRng) -> Result<(), Contradiction> {
        let chosen = self.draw_pattern(ps, c, rng);
        self.collapse(c, chosen)?;
        self.propagate(ps)?;
        self.flush_dirty();
        Ok(())
    }

    /// Leaves cell `c` only `chosen` (one of its patterns): the others are banned, and
    /// handled at once when the cell is taken from the queue ([`Solver::recount_in`]).
    fn collapse(&mut self, c: usize, chosen: usize) -> Result<(), Contradiction> {
        for i in 0..self.words {
            let mut bits = self.now.wave[c * self.words + i];
            if i == chosen / 64 {
                bits &= !(1 << (chosen % 64));
            }
            if bits != 0 {
                remove(&mut self.now, &mut self.queue, &mut self.dirty, self.words, c, i, bits)?;
            }
        }
        Ok(())
    }

    /// A pattern of cell `c`, with probability proportional to its weight.
    fn draw_pattern(&self, ps: &Patterns, c: usize, rng: &mut DungeonRng) -> usize {
        let mut pick = rng.below(self.now.sum_of_weights[c]);
        let mut last = 0;
        for i in 0..self.words {
            let mut bits = self.now.wave[c * self.words + i];
            while bits != 0 {
                let q = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if pick < ps.weights[q] {
                    return q;
                }
                pick -= ps.weights[q];
                last = q;
            }
        }
        last
    }

    /// Takes queued cells until none is left, each handled one of two ways (Mohr and
    /// Henderson's AC-4 and its bit-set form): a cell that lost fewer patterns than it kept
    /// lowers the support counts of the lost ones' slots, and a count reaching 0 bans
    /// from the neighbour the patterns it supported; a cell that lost more counts its
    /// supports again from the patterns it kept, and each neighbour keeps only the
    /// patterns those support. Both leave the same bit sets; the second costs what the
    /// cell kept instead of what it lost. Bit sets of at most eight words are handled in
    /// words of a length known at compile time; longer ones through the slots' member
    /// lists, by counting off only.
    fn propagate(&mut self, ps: &Patterns) -> Result<(), Contradiction> {
        match self.words {
            1 => self.propagate_in::<1>(ps),
            2 => self.propagate_in::<2>(ps),
            3 => self.propagate_in::<3>(ps),
            4 => self.propagate_in::<4>(ps),
            5 => self.propagate_in::<5>(ps),
            6 => self.propagate_in::<6>(ps),
            7 => self.propagate_in::<7>(ps),
            8 => self.propagate_in::<8>(ps),
            _ => self.propagate_by_lists(ps),
        }
    }

    /// [`Solver::propagate`] for bit sets of `W` words.
    fn propagate_in<const W: usize>(&mut self, ps: &Patterns) -> Result<(), Contradiction> {
        while let Some(c) = self.queue.cells.pop_front() {
            let c = c as usize;
            self.queue.queued[c] = false;
            let mut lost = [0u64; W];
            lost.copy_from_slice(&self.queue.pending[c * W..][..W]);
            self.queue.pending[c * W..][..W].fill(0);
            let count: u32 = lost.iter().map(|w| w.count_ones()).sum();
            let keep = if count > u32::from(self.now.remaining[c]) {
                self.recount_in::<W>(ps, c)
            } else {
                self.count_off_in::<W>(ps, c, &lost)
            };
            for (d, keep) in keep.iter().enumerate() {
                if let Some(n) = neighbour(&self.edges, self.width, c, d) {
                    for (i, &k) in keep.iter().enumerate() {
                        let bits = self.now.wave[n * W + i] & !k;
                        if bits != 0 {
                            remove(&mut self.now, &mut self.queue, &mut self.dirty, W, n, i, bits)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Cell `c` lost the patterns `lost`: their weights leave its sums, and each lowers the
    /// counts of its four slots. Returns, per direction, what the neighbour there may keep:
    /// all but the members of the slots whose count reached 0.
    #[inline(always)]
    fn count_off_in<const W: usize>(&mut self, ps: &Patterns, c: usize, lost: &[u64; W]) -> [[u64; W]; 4] {
        let counts = &mut self.now.counts[c * self.slots..][..self.slots];
        let mut banned = [[0u64; W]; 4];
        let (mut weight, mut weight_log_weight) = (0u32, 0u64);
        for (i, &word) in lost.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let q = i * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                weight += ps.weights[q];
                weight_log_weight += ps.weight_log_weights[q];
                for (banned, &slot) in banned.iter_mut().zip(&ps.out_slots[q]) {
                    let count = &mut counts[usize::from(slot)];
                    *count -= 1;
                    if *count == 0 {
                        let members = ps.member_mask_words::<W>(usize::from(slot));
                        banned.iter_mut().zip(members).for_each(|(b, m)| *b |= m);
                    }
                }
            }
        }
        self.now.sum_of_weights[c] -= weight;
        self.now.sum_of_weight_log_weights[c] -= weight_log_weight;
        banned.map(|banned| banned.map(|b| !b))
    }

    /// Cell `c` lost more patterns than it kept: its counts and sums are worked out again
    /// from the patterns it kept. Returns, per direction, what the neighbour there may
    /// keep: the patterns that one of them supports (the union of their slots' members).
    #[inline(always)]
    fn recount_in<const W: usize>(&mut self, ps: &Patterns, c: usize) -> [[u64; W]; 4] {
        let counts = &mut self.now.counts[c * self.slots..][..self.slots];
        counts.fill(0);
        let mut supported = [[0u64; W]; 4];
        let (mut weight, mut weight_log_weight) = (0u32, 0u64);
        for (i, &word) in self.now.wave[c * W..][..W].iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let q = i * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                weight += ps.weights[q];
                weight_log_weight += ps.weight_log_weights[q];
                for (supported, &slot) in supported.iter_mut().zip(&ps.out_slots[q]) {
                    counts[usize::from(slot)] += 1;
                    let members = ps.member_mask_words::<W>(usize::from(slot));
                    supported.iter_mut().zip(members).for_each(|(s, m)| *s |= m);
                }
            }
        }
        self.now.sum_of_weights[c] = weight;
        self.now.sum_of_weight_log_weights[c] = weight_log_weight;
        supported
    }

    /// [`Solver::propagate`] for bit sets of any length: each lost pattern lowers the
    /// counts of its four slots, and a count reaching 0 bans its members one by one.
    fn propagate_by_lists(&mut self, ps: &Patterns) -> Result<(), Contradiction> {
        let (words, slots) = (self.words, self.slots);
        while let Some(c) = self.queue.cells.pop_front() {
            let c = c as usize;
            self.queue.queued[c] = false;
            for word in 0..words {
                let mut rest = std::mem::take(&mut self.queue.pending[c * words + word]);
                while rest != 0 {
                    let q = word * 64 + rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    self.now.sum_of_weights[c] -= ps.weights[q];
                    self.now.sum_of_weight_log_weights[c] -= ps.weight_log_weights[q];
                    for (d, &slot) in ps.out_slots[q].iter().enumerate() {
                        let count = &mut self.now.counts[c * slots + usize::from(slot)];
                        *count -= 1;
                        let Some(n) = neighbour(&self.edges, self.width, c, d).filter(|_| *count == 0) else {
                            continue;
                        };
                        for &r in ps.members(usize::from(slot)) {
                            let (i, bit) = (usize::from(r) / 64, 1u64 << (r % 64));
                            if self.now.wave[n * words + i] & bit != 0 {
                                remove(&mut self.now, &mut self.queue, &mut self.dirty, words, n, i, bit)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// After a propagation: cells left with one pattern are decided, the others get a heap
    /// entry with their new entropy. Entries left stale (their cell changed since) are
    /// dropped when they outnumber the undecided cells, so the heap stays about as large
    /// as the grid; which entry is taken next does not change.
    fn flush_dirty(&mut self) {
        while let Some(c) = self.dirty.cells.pop() {
            let c = c as usize;
            self.dirty.flagged[c] = false;
            if self.now.remaining[c] == 1 {
                self.undecided -= 1;
            } else {
                self.push_entry(c);
            }
        }
        if self.heap.len() > 2 * self.undecided + 64 {
            let (remaining, entropy) = (&self.now.remaining, &self.entropy);
            self.heap.retain(|Reverse((e, _, c))| {
                let c = *c as usize;
                remaining[c] > 1 && entropy[c] == *e
            });
        }
    }

    fn push_entry(&mut self, c: usize) {
        let entry = self.entry(c);
        self.heap.push(Reverse(entry));
    }

    /// Cell `c`'s heap key, its entropy (kept, so stale entries can be told) and noise.
    fn entry(&mut self, c: usize) -> (u64, u32, u32) {
        let sum = self.now.sum_of_weights[c];
        let log2_sum = self.log2_of(sum);
        let e = entropy(sum, log2_sum, self.now.sum_of_weight_log_weights[c]);
        self.entropy[c] = e;
        (e, self.noise[c], c as u32)
    }

    fn log2_of(&mut self, sum: u32) -> u64 {
        let cached = &mut self.log2[sum as usize];
        if *cached == u64::MAX {
            *cached = log2_fixed(sum);
        }
        *cached
    }

    /// Saves `block` and the cells around it, so [`Solver::restore`] can undo solving it again.
    pub(crate) fn save(&mut self, block: CellBox) {
        let saved = &mut self.saved;
        saved.cells.clear();
        saved.cells.extend(block.grown(self.width, self.height).cells(self.width));
        saved.state.clear();
        for &c in &saved.cells {
            saved.state.push_cell(&self.now, c, self.words, self.slots);
        }
    }

    /// Puts back the cells [`Solver::save`] saved; every cell is decided again.
    pub(crate) fn restore(&mut self) {
        for (i, &c) in self.saved.cells.iter().enumerate() {
            self.now.set_cell(c, &self.saved.state, i, self.words, self.slots);
        }
        self.queue.clear(self.words);
        self.dirty.clear();
        self.heap.clear();
        self.undecided = 0;
    }

    /// Un-collapses `block` of a solved grid (Merrell's modifying in blocks): its cells
    /// get back every pattern they had at the attempt's start, those the decided cells
    /// around it cannot support are banned, and `required` pixels (cell, pixel offset) are
    /// kept walkable. Then its undecided cells are queued with fresh noise from `rng`.
    pub(crate) fn reset_block(
        &mut self,
        ps: &Patterns,
        block: CellBox,
        required: &[(usize, usize)],
        rng: &mut DungeonRng,
    ) -> Result<(), Contradiction> {
        let (words, slots, width) = (self.words, self.slots, self.width);
        for c in block.cells(width) {
            self.reset_cell(c);
        }
        let mut keep = vec![0u64; words];
        for c in block.cells(width) {
            for d in 0..4 {
                // The neighbour that has c on its side d supports c's patterns.
                let Some(m) = neighbour(&self.edges, width, c, opposite(d)) else {
                    continue;
                };
                if block.contains(m % width, m / width) {
                    continue;
                }
                keep.fill(0);
                let (first, last) = (ps.direction_slots[d], ps.direction_slots[d + 1]);
                let supports = &self.now.counts[m * slots..][first..last];
                for (slot, _) in (first..).zip(supports).filter(|(_, count)| **count != 0) {
                    ps.add_members(slot, &mut keep);
                }
                self.keep_only(ps, c, &keep)?;
            }
        }
        for &(c, offset) in required {
            self.keep_only(ps, c, &ps.walkable[offset * words..][..words])?;
        }
        self.propagate(ps)?;
        self.dirty.clear();
        self.heap.clear();
        self.undecided = 0;
        for c in block.cells(width) {
            self.noise[c] = rng.next_u32();
            if self.now.remaining[c] > 1 {
                self.undecided += 1;
                self.push_entry(c);
            }
        }
        Ok(())
    }
}

/// Clears `bits` (all set now) from word `word` of cell `c`'s bit set, and queues the cell
/// for the supports they gave to be taken from its neighbours.
#[inline(always)]
fn remove(
    cells: &mut Cells,
    queue: &mut Queue,
    dirty: &mut Dirty,
    words: usize,
    c: usize,
    word: usize,
    bits: u64,
) -> Result<(), Contradiction> {
    cells.wave[c * words + word] &= !bits;
    cells.remaining[c] -= bits.count_ones() as u16;
    queue.pending[c * words + word] |= bits;
    if !queue.queued[c] {
        queue.queued[c] = true;
        queue.cells.push_back(c as u32);
    }
    dirty.mark(c);
    if cells.remaining[c] == 0 {
        return Err(Contradiction { cell: c });
    }
    Ok(())
}

/// The neighbour of cell `c` in direction `d`, if inside the grid (a table lookup: no
/// division on the propagation's hot path).
#[inline(always)]
fn neighbour(edges: &[u8], width: usize, c: usize, d: usize) -> Option<usize> {
    if edges[c] >> d & 1 == 0 {
        return None;
    }
    Some(match d {
        0 => c + 1,
        1 => c - 1,
        2 => c + width,
        _ => c - width,
    })
}

/// Per cell of a `width` x `height` grid, bit `d` set when it has a neighbour in
/// direction `d` (right, left, down, up).
fn edges(width: usize, height: usize) -> Vec<u8> {
    let mut edges = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            let right = u8::from(x + 1 < width);
            let left = u8::from(x > 0);
            let down = u8::from(y + 1 < height);
            let up = u8::from(y > 0);
            edges.push(right | left << 1 | down << 2 | up << 3);
        }
    }
    edges
}

/// The direction opposite `d`.
pub(crate) const fn opposite(d: usize) -> usize {
    d ^ 1
}

const _: () = assert!(DIRECTIONS[0].0 == 1 && DIRECTIONS[1].0 == -1, "opposite() pairs 0-1, 2-3");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Map;
    use crate::generators::wfc::symmetry::PatternSymmetry;

    fn solve(text: &str, n: usize, w: usize, h: usize, seed: u64) -> Result<Vec<usize>, Contradiction> {
        let ps = Patterns::new(&Map::from_ascii(text).unwrap(), n, PatternSymmetry::Eight);
        let mut solver = Solver::new(&ps, w, h).unwrap();
        solver.initialise(&ps, false)?;
        let mut rng = DungeonRng::new(seed);
        solver.restart(&mut rng);
        while let Some(c) = solver.next_cell() {
            solver.observe(&ps, c, &mut rng)?;
        }
        assert_eq!(solver.undecided(), 0);
        Ok((0..w * h).map(|c| solver.first_pattern(c).unwrap()).collect())
    }

    #[test]
    fn solved_neighbours_overlap_consistently() {
        let text = "#########\n#...#...#\n#.#.#.#.#\n#...+...#\n#########\n";
        let ps = Patterns::new(&Map::from_ascii(text).unwrap(), 3, PatternSymmetry::Eight);
        let (w, h) = (20, 12);
        for seed in 0..20 {
            let Ok(grid) = solve(text, 3, w, h, seed) else { continue };
            for y in 0..h {
                for x in 0..w {
                    let p = grid[y * w + x];
                    if x + 1 < w {
                        assert_eq!(ps.in_slots[grid[y * w + x + 1]][0], ps.out_slots[p][0]);
                    }
                    if y + 1 < h {
                        assert_eq!(ps.in_slots[grid[(y + 1) * w + x]][2], ps.out_slots[p][2]);
                    }
                }
            }
        }
    }
}
