//! The narrow tiles, 8-connected into components: a nook of one chamber, a doorway between
//! rooms, or corridors cut at their junctions.
//!
//! Each component is flooded from its first tile in row order, one corridor segment at a
//! time: a segment (tiles that are not junctions, where a diagonal step beside a junction
//! does not join; or a cluster of junctions) is followed from where it is met along the
//! steps worked out for every tile beforehand ([`super::steps`]), each step to a neighbour
//! of its own segment taken at once and any neighbour of another segment kept for later,
//! so a maze's corridor is walked from one end to the other. What decides the
//! component's kind (its size, the chambers and rooms it touches) is known when its flood
//! ends, and its segments get their pieces then. A junction then joins the segment of its
//! first narrow neighbour round the ring; a junction with none takes what the junctions
//! around it took, breadth first from the component's first tile, as in a flood.

use super::distance::{Free, OPEN};
use super::padded::{Padded, nonzero_bytes, ring_rows, step};
use super::pieces::Pieces;
use super::steps::Steps;
use super::walked::Walk;
use super::{NONE, NodeKind, PIECE};

/// A dead-end nook of narrow tiles at most this large, off one chamber and nothing else,
/// is part of that chamber (the ragged edge of a cave), not a corridor of its own.
pub(super) const NOOK_TILES: usize = 8;

// What a slot's byte in `near` says: a narrow tile, a junction, beside a room, beside an
// open tile; then, while junctions are placed, given a segment (first round or later) and
// reached by a flood.
pub(super) const NARROW: u8 = 1;
pub(super) const JUNCTION: u8 = 2;
pub(super) const BY_ROOM: u8 = 4;
const BY_OPEN: u8 = 8;
const FIRST_ROUND: u8 = 16;
const PLACED: u8 = 32;
const SEEN: u8 = 64;

/// No tile (a slot past any map's).
const NO_TILE: usize = usize::MAX;

/// A contact's bit for a room (else it names a chamber).
const ROOM: u32 = 1 << 31;

/// Gives every narrow tile its piece in `pieces` (after the chambers): its label becomes
/// `PIECE | key` with `pieces.of_key[key]` the piece. Returns the crossings: pairs of
/// 8-adjacent narrow tiles that the segments do not join (and of junctions), where two
/// nodes may meet; on a map of narrow tiles alone, every contact between nodes is one.
/// And, when `listing`, the tiles walked (see [`super::walked`]).
pub(super) fn cut(
    free: &Free,
    pad: Padded,
    labels: &mut [u32],
    pieces: &mut Pieces,
    listing: bool,
) -> (Vec<[u32; 2]>, Walk) {
    let (mut near, mut left) = near_flags(free, pad);
    let steps = Steps::of(&near, pad);
    let mut cutter = Cutter::new(pad, listing);
    // Room for what a maze needs (a segment for every eighth slot or so), so that the
    // lists seldom grow: untouched capacity costs nothing.
    let expected = expected_keys(pad);
    cutter.sizes.reserve(expected);
    // A maze has a junction for every 35 slots or so, and a few dozen tiles waiting.
    cutter.junctions.reserve(pad.len() / 16);
    cutter.others.reserve(64);
    cutter.stack.reserve(64);
    // And a crossing for every eight slots (455 of 3,655 on a maze 79x45, 123,030 of
    // 1,002,001 on a maze 999x999): room for them all, so that the list is never copied
    // as it grows (on a big maze a megabyte of new pages).
    cutter.crossings.reserve(pad.len() / 6);
    pieces.of_key.reserve(expected);
    pieces.kinds.reserve(expected);
    pieces.sizes.reserve(expected);
    let (w, s) = (pad.width, pad.stride());
    // Components in order of their first tile: the first narrow tile not labelled yet,
    // until none is left (a maze is one component: its first tile ends the scan).
    for y in 0..pad.height {
        let b = (y + 1) * s + 1;
        for chunk in (0..w).step_by(8) {
            let mut tiles = nonzero_bytes(&near[b + chunk..b + w]);
            while tiles != 0 {
                let i = b + chunk + tiles.trailing_zeros() as usize / 8;
                tiles &= tiles - 1;
                if labels[i] == NONE {
                    left -= cutter.component(i, free, &mut near, &steps, labels, pieces);
                    if left == 0 {
                        return (cutter.crossings, cutter.walk);
                    }
                }
            }
        }
    }
    (cutter.crossings, cutter.walk)
}

/// About how many keys and pieces the narrow tiles of a map of `pad`'s slots make, at
/// most (a maze's segments).
pub(super) const fn expected_keys(pad: Padded) -> usize {
    pad.len() / 8
}

/// For each narrow tile: [`NARROW`], with [`JUNCTION`] where three or more runs of narrow
/// tiles meet round it, [`BY_ROOM`] and [`BY_OPEN`] where one of its eight neighbours is a
/// room's or an open tile; 0 for the other slots. And how many narrow tiles.
fn near_flags(free: &Free, pad: Padded) -> (Vec<u8>, usize) {
    let (w, s) = (pad.width, pad.stride());
    let mut near = vec![0u8; pad.len()];
    let mut count = 0;
    for y in 0..pad.height {
        let b = (y + 1) * s;
        let (up, mid, down) = pad.rows_around(&free.dist, y);
        let (r_up, r_mid, r_down) = (
            free.rooms(b - s, w + 2),
            free.rooms(b, w + 2),
            free.rooms(b + s, w + 2),
        );
        // Byte arithmetic only on the neighbours' rows: vector code, a tile a lane. The
        // rooms' rows are only ORed, so their order round the ring does not matter.
        let (ring, here) = ring_rows(up, mid, down);
        let (rooms, _) = ring_rows(r_up, r_mid, r_down);
        let out = &mut near[b + 1..b + 1 + w];
        if w < LANES || !VECTORS {
            for (x, flags) in out.iter_mut().enumerate() {
                *flags = tile_flags(&ring, &rooms, here, x);
            }
            count += here.iter().filter(|&&d| d == 1).count();
            continue;
        }
        for (from, x) in blocks(w) {
            let block = |row: &[u8]| lanes(row, from);
            let here = block(here);
            // A block with no narrow tile stays 0 (most of a map of rooms).
            if here.iter().fold(0, |any, &d| any | u8::from(d == 1)) != 0 {
                let (ring, rooms) = (ring.map(block), rooms.map(block));
                let mut flags = [0; LANES];
                for (lane, flag) in flags.iter_mut().enumerate() {
                    *flag = tile_flags(&ring, &rooms, &here, lane);
                }
                out[from..from + LANES].copy_from_slice(&flags);
                // The lanes before `x` were counted with the block before.
                let narrow = |lanes: &[u8]| lanes.iter().fold(0u8, |n, &d| n + u8::from(d == 1));
                count += usize::from(narrow(&here));
                if x > from {
                    count -= usize::from(narrow(&here[..x - from]));
                }
            }
        }
    }
    (near, count)
}

/// How many tiles of a row [`near_flags`] and [`Steps::of`] work on at once.
pub(super) const LANES: usize = 16;

/// Whether the target has vector instructions for blocks of [`LANES`] tiles. The web
/// build has not (no `simd128`): there sixteen lanes are sixteen copies of the scalar
/// code, kilobytes of a module whose size is capped, for no speed, so it takes a tile at
/// a time.
pub(super) const VECTORS: bool = !cfg!(target_arch = "wasm32");

/// The blocks of [`LANES`] tiles that cover a row `w` wide (at least [`LANES`]): where
/// each starts and the first tile it covers anew. The last block overlaps the one
/// before, so that no tile is left to a loop of one tile at a time.
pub(super) fn blocks(w: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..w).step_by(LANES).map(move |x| (x.min(w - LANES), x))
}

/// The [`LANES`] bytes of `row` from `from`: an array, so that the compiler makes vector
/// code of the work on it.
#[inline(always)]
pub(super) fn lanes(row: &[u8], from: usize) -> [u8; LANES] {
    let mut lanes = [0; LANES];
    lanes.copy_from_slice(&row[from..from + LANES]);
    lanes
}

/// The flags of tile `x` of a row whose eight neighbours' rows (in ring order) are `ring`
/// and the rooms' rows round it `rooms`, the row itself `here`: whole rows, or blocks of
/// [`LANES`] tiles.
#[inline(always)]
pub(super) fn tile_flags<R: AsRef<[u8]>>(
    ring: &[R; 8],
    rooms: &[R; 8],
    here: &[u8],
    x: usize,
) -> u8 {
    let n = |k: usize| u8::from(ring[k].as_ref()[x] == 1);
    // A run starts at a member whose predecessor round the ring is not one.
    let mut runs = n(0) & (n(7) ^ 1);
    let (mut by_room, mut open) = (0, 0);
    for k in 1..8 {
        runs += n(k) & (n(k - 1) ^ 1);
    }
    for k in 0..8 {
        by_room |= rooms[k].as_ref()[x];
        open |= ring[k].as_ref()[x];
    }
    let flags = NARROW
        | (u8::from(runs >= 3) * JUNCTION)
        | (u8::from(by_room != 0) * BY_ROOM)
        | (u8::from(open & OPEN != 0) * BY_OPEN);
    u8::from(here[x] == 1) * flags
}

/// What a component of narrow tiles becomes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Part of this chamber (its key).
    Nook(u32),
    Door,
    Corridor,
}

/// The flood of one component at a time, with lists kept from one to the next.
pub(super) struct Cutter {
    pad: Padded,
    ring: [isize; 8],
    /// The tiles of the segment being followed that still have neighbours to look at.
    stack: Vec<u32>,
    /// Tiles met beside the segments so far that belong to other segments.
    others: Vec<u32>,
    /// The component's first key, and each of its segments' tiles (by key from it).
    first_key: u32,
    sizes: Vec<u32>,
    /// The component's junctions, its tiles beside a room, and what its tiles touch.
    junctions: Vec<u32>,
    by_room: u32,
    touched: Touched,
    /// Pairs of tiles of other segments met so far, each once: the second of the two
    /// walked notes it.
    pub(super) crossings: Vec<[u32; 2]>,
    /// The tiles walked, when they are marked.
    walk: Walk,
}

impl Cutter {
    pub(super) fn new(pad: Padded, listing: bool) -> Cutter {
        Cutter {
            pad,
            ring: pad.ring(),
            stack: Vec::new(),
            others: Vec::new(),
            first_key: 0,
            sizes: Vec::new(),
            junctions: Vec::new(),
            by_room: 0,
            touched: Touched::default(),
            crossings: Vec::new(),
            walk: Walk::new(pad, listing),
        }
    }

    /// Floods the component of narrow tile `first` (its first in row order), a segment at
    /// a time, and gives its tiles their pieces; returns how many.
    // The map's arrays as arguments, not fields: read through `self`, they cost a maze
    // 0.9 % and rooms 1.3 % more instructions (measured).
    // Inlined, with what it calls, in both its callers (`cut` and `sparse`), as it was in
    // its one caller before: with two, the compiler kept it and its walk out of line, and
    // a maze graph took 1.8 % more instructions. One copy in the web build.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn component(
        &mut self,
        first: usize,
        free: &Free,
        near: &mut [u8],
        steps: &Steps,
        labels: &mut [u32],
        pieces: &mut Pieces,
    ) -> usize {
        self.first_key = pieces.of_key.len() as u32;
        self.sizes.clear();
        self.junctions.clear();
        self.by_room = 0;
        self.touched = Touched::default();
        self.others.push(first as u32);
        while let Some(i) = self.others.pop() {
            if labels[i as usize] == NONE {
                let key = self.first_key + self.sizes.len() as u32;
                let size = self.segment(i as usize, key, free, near, steps, labels);
                self.sizes.push(size);
                pieces.of_key.push(NONE);
            }
        }
        let size = self.sizes.iter().sum::<u32>();
        match self.kind(size) {
            Kind::Nook(chamber) => {
                let piece = pieces.of_key[chamber as usize];
                self.give_all(piece, size, pieces);
            }
            Kind::Door => {
                let piece = pieces.add(NodeKind::Door);
                self.give_all(piece, size, pieces);
            }
            Kind::Corridor => {
                for (k, &size) in self.sizes.iter().enumerate() {
                    let piece = pieces.add(NodeKind::Corridor);
                    pieces.of_key[self.first_key as usize + k] = piece;
                    pieces.sizes[piece as usize] = size;
                }
                self.place_junctions(first, near, labels, pieces);
                self.note_junction_pairs(near);
            }
        }
        size as usize
    }

    /// Labels `PIECE | key` the segment of tile `start` (not labelled yet), following it
    /// from there along its [`Steps`], and returns its size. Its tiles' neighbours of
    /// other segments go to `others`, or are noted as crossings when walked already.
    #[allow(clippy::too_many_arguments)]
    // Inlined: see `component`.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn segment(
        &mut self,
        start: usize,
        key: u32,
        free: &Free,
        near: &[u8],
        steps: &Steps,
        labels: &mut [u32],
    ) -> u32 {
        let ring = self.ring;
        let label = PIECE | key;
        labels[start] = label;
        // The tile being looked at: the first new one of its steps is looked at next,
        // the others kept on `stack`. `back`: the bit of the tile it was reached from
        // (labelled: no need to look), so that a corridor's tile looks at one neighbour,
        // not two, and which comes first round the ring never decides.
        let (mut i, mut back) = (start, 0u8);
        let mut size = 0;
        loop {
            size += 1;
            self.walk.mark(i);
            if near[i] & (BY_ROOM | BY_OPEN | JUNCTION) != 0 {
                self.note(i, near[i], free, labels);
            }
            let mut cross = steps.cross[i];
            while cross != 0 {
                let j = step(i, ring[cross.trailing_zeros() as usize]);
                cross &= cross - 1;
                if labels[j] == NONE {
                    self.others.push(j as u32);
                } else {
                    self.crossings.push([i as u32, j as u32]);
                }
            }
            let mut next = (NO_TILE, 0);
            let mut join = steps.join[i] & !back;
            while join != 0 {
                let k = join.trailing_zeros() as usize;
                join &= join - 1;
                let j = step(i, ring[k]);
                if labels[j] != NONE {
                    continue;
                }
                labels[j] = label;
                if next.0 == NO_TILE {
                    next = (j, 1u8 << ((k + 4) & 7));
                } else {
                    self.stack.push(j as u32);
                }
            }
            (i, back) = if next.0 != NO_TILE {
                next
            } else {
                match self.stack.pop() {
                    Some(kept) => (kept as usize, 0),
                    None => return size,
                }
            };
        }
    }

    /// Notes what narrow tile `i` (with flags `flags`) adds to its component: a junction,
    /// a tile beside a room, the chambers and rooms beside it.
    fn note(&mut self, i: usize, flags: u8, free: &Free, labels: &[u32]) {
        if flags & JUNCTION != 0 {
            self.junctions.push(i as u32);
        }
        if flags & (BY_ROOM | BY_OPEN) == 0 {
            return;
        }
        self.by_room += u32::from(flags & BY_ROOM != 0);
        let t = &mut self.touched;
        for o in self.ring {
            let j = step(i, o);
            let label = labels[j];
            if free.dist[j] & OPEN != 0 {
                // An open tile's key is its chamber.
                t.many_chambers |= note(&mut t.chambers, label & !PIECE);
            } else if label < PIECE {
                note(&mut t.rooms, ROOM | label);
            }
        }
    }

    /// The kind of the component just flooded, of `size` tiles.
    fn kind(&self, size: u32) -> Kind {
        let t = self.touched;
        let one_chamber = match t.chambers {
            [Some(c), None] if !t.many_chambers => Some(c),
            _ => None,
        };
        match one_chamber {
            Some(c) if t.rooms[0].is_none() && size as usize <= NOOK_TILES => Kind::Nook(c),
            _ if t.chambers[0].is_none() && t.rooms[1].is_some() && self.by_room == size => {
                Kind::Door
            }
            _ => Kind::Corridor,
        }
    }

    /// Gives every key of the component (of `size` tiles) `piece`, which grows by them.
    fn give_all(&self, piece: u32, size: u32, pieces: &mut Pieces) {
        let keys = self.first_key as usize..self.first_key as usize + self.sizes.len();
        pieces.of_key[keys].fill(piece);
        pieces.sizes[piece as usize] += size;
    }

    /// Gives each junction of the component (a corridor's; `first` its first tile) the
    /// segment of its first narrow neighbour round the ring; a junction with none, what
    /// the breadth-first flood through the junctions from those gives it (its cluster's
    /// piece when it reaches none).
    // Inlined: see `component`.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn place_junctions(
        &self,
        first: usize,
        near: &mut [u8],
        labels: &mut [u32],
        pieces: &mut Pieces,
    ) {
        if self.junctions.is_empty() {
            return;
        }
        // What the first round gave each cluster of junctions (by key from the first): a
        // segment, or `MANY`.
        const MANY: u32 = NONE - 1;
        let mut given = vec![NONE; self.sizes.len()];
        let mut deep = Vec::new();
        for &i in &self.junctions {
            let i = i as usize;
            let segment = self
                .ring
                .iter()
                .map(|&o| step(i, o))
                .find(|&j| near[j] & (NARROW | JUNCTION) == NARROW)
                .map(|j| labels[j] & !PIECE);
            let Some(segment) = segment else {
                deep.push(i);
                continue;
            };
            let cluster = &mut given[self.local(labels[i])];
            *cluster = match *cluster {
                NONE => segment,
                s if s == segment => s,
                _ => MANY,
            };
            give(i, segment, labels, pieces);
            near[i] |= FIRST_ROUND | PLACED;
        }
        // A cluster given one segment gives it to all its junctions; else the order of
        // the flood decides, and it is run.
        let mut flood = false;
        for &i in &deep {
            match given[self.local(labels[i])] {
                NONE => {}
                MANY => flood = true,
                segment => {
                    give(i, segment, labels, pieces);
                    near[i] |= PLACED;
                }
            }
        }
        if flood {
            flood_junctions(first, near, self.pad, labels, pieces);
        }
    }

    /// Notes each pair of 8-adjacent junctions as a crossing: a cluster's junctions are
    /// one segment, but may join different segments' nodes.
    // Inlined: see `component`.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn note_junction_pairs(&mut self, near: &[u8]) {
        for &i in &self.junctions {
            for o in self.ring {
                let j = step(i as usize, o);
                if near[j] & JUNCTION != 0 && j > i as usize {
                    self.crossings.push([i, j as u32]);
                }
            }
        }
    }

    /// The index from the component's first key of a tile's label.
    fn local(&self, label: u32) -> usize {
        ((label & !PIECE) - self.first_key) as usize
    }
}

/// Relabels junction `i` with `segment`'s key.
// Inlined: see `Cutter::component`.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn give(i: usize, segment: u32, labels: &mut [u32], pieces: &mut Pieces) {
    let from = pieces.of_key[(labels[i] & !PIECE) as usize];
    labels[i] = PIECE | segment;
    pieces.sizes[from as usize] -= 1;
    pieces.sizes[pieces.of_key[segment as usize] as usize] += 1;
}

/// The flood of a component (`first` its first tile) whose clusters were given several
/// segments: its tiles in breadth-first order from its first, the junctions of the first
/// round in that order seed a breadth-first flood through the others.
fn flood_junctions(
    first: usize,
    near: &mut [u8],
    pad: Padded,
    labels: &mut [u32],
    pieces: &mut Pieces,
) {
    let ring = pad.ring();
    let mut tiles = vec![first as u32];
    near[first] |= SEEN;
    let mut k = 0;
    while let Some(&i) = tiles.get(k) {
        k += 1;
        for o in ring {
            let j = step(i as usize, o);
            if near[j] != 0 && near[j] & SEEN == 0 {
                near[j] |= SEEN;
                tiles.push(j as u32);
            }
        }
    }
    let mut queue: Vec<(u32, u32)> = tiles
        .iter()
        .filter(|&&i| near[i as usize] & FIRST_ROUND != 0)
        .map(|&i| (i, labels[i as usize]))
        .collect();
    let mut head = 0;
    while let Some(&(i, label)) = queue.get(head) {
        head += 1;
        for o in ring {
            let j = step(i as usize, o);
            if near[j] & (JUNCTION | PLACED) == JUNCTION {
                near[j] |= PLACED;
                give(j, label & !PIECE, labels, pieces);
                queue.push((j as u32, label));
            }
        }
    }
}

/// What a component touches: the first two distinct chambers (and whether there were
/// more), the first two distinct rooms.
#[derive(Clone, Copy, Default)]
struct Touched {
    chambers: [Option<u32>; 2],
    many_chambers: bool,
    rooms: [Option<u32>; 2],
}

/// Notes `value` in the first empty slot unless it is there; true when both slots hold
/// other values.
fn note(slots: &mut [Option<u32>; 2], value: u32) -> bool {
    match *slots {
        [Some(a), _] if a == value => false,
        [_, Some(b)] if b == value => false,
        [None, _] => {
            slots[0] = Some(value);
            false
        }
        [_, None] => {
            slots[1] = Some(value);
            false
        }
        _ => true,
    }
}
