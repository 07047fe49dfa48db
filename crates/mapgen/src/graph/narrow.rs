//! The narrow tiles, 8-connected into components: a nook of one chamber, a doorway between
//! rooms, or corridors cut at their junctions.
//!
//! One scan down the rows finds the components and, inside each, the corridor segments
//! (the component less its junctions, where a diagonal step beside a junction does not
//! join) as disjoint sets (the two-pass labelling of Rosenfeld and Pfaltz, 1966, with
//! union-find); what decides a component's kind (its size, the chambers and rooms it
//! touches) adds up over its parts in any order. A junction then joins the segment of its
//! first narrow neighbour round the ring; a junction with none takes what the junctions
//! around it took, breadth first from the component's first tile, as in a flood.

use super::distance::{Free, OPEN};
use super::padded::{Padded, nonzero_bytes, step};
use super::pieces::Pieces;
use super::watershed::Basins;
use super::{NONE, NodeKind, PIECE};

/// A dead-end nook of narrow tiles at most this large, off one chamber and nothing else,
/// is part of that chamber (the ragged edge of a cave), not a corridor of its own.
pub(super) const NOOK_TILES: usize = 8;

// What a slot's byte in `near` says: a narrow tile, a junction, beside a room, beside an
// open tile; then, while junctions are placed, given a segment (first round or later) and
// reached by a flood.
const NARROW: u8 = 1;
const JUNCTION: u8 = 2;
const BY_ROOM: u8 = 4;
const BY_OPEN: u8 = 8;
const FIRST_ROUND: u8 = 16;
const PLACED: u8 = 32;
const SEEN: u8 = 64;

/// A contact's bit for a room (else it names a chamber).
const ROOM: u32 = 1 << 31;

/// Gives every narrow tile its piece in `pieces` (after the chambers): its label becomes
/// `PIECE | key` with `pieces.of_key[key]` the piece.
pub(super) fn cut(
    free: &Free,
    basins: &Basins,
    pad: Padded,
    labels: &mut [u32],
    pieces: &mut Pieces,
) {
    let mut near = near_flags(free, pad);
    let parts = Parts::scan(&near, free, basins, pad, labels);
    let kinds = parts.kinds();
    parts.resolve(&kinds, pieces);
    parts.place_junctions(&kinds, &mut near, pad, labels, pieces);
}

/// For each narrow tile: [`NARROW`], with [`JUNCTION`] where three or more runs of narrow
/// tiles meet round it, [`BY_ROOM`] and [`BY_OPEN`] where one of its eight neighbours is a
/// room's or an open tile; 0 for the other slots.
fn near_flags(free: &Free, pad: Padded) -> Vec<u8> {
    let (w, s) = (pad.width, pad.stride());
    let mut near = vec![0u8; pad.len()];
    for y in 0..pad.height {
        let b = (y + 1) * s;
        let (up, mid, down) = (
            &free.dist[b - s..b - s + w + 2],
            &free.dist[b..b + w + 2],
            &free.dist[b + s..b + s + w + 2],
        );
        let (r_up, r_mid, r_down) = (
            &free.room[b - s..b - s + w + 2],
            &free.room[b..b + w + 2],
            &free.room[b + s..b + s + w + 2],
        );
        // Each neighbour's row, `w` long (so no index is checked), and byte arithmetic
        // only: the compiler makes vector code of it, a tile a lane.
        fn at(row: &[u8], dx: usize) -> &[u8] {
            &row[dx..row.len() - 2 + dx]
        }
        // Ring order: north, north-east, east, south-east, south, south-west, west,
        // north-west.
        let ring = [
            at(up, 1),
            at(up, 2),
            at(mid, 2),
            at(down, 2),
            at(down, 1),
            at(down, 0),
            at(mid, 0),
            at(up, 0),
        ];
        let rooms = [
            at(r_up, 0),
            at(r_up, 1),
            at(r_up, 2),
            at(r_mid, 0),
            at(r_mid, 2),
            at(r_down, 0),
            at(r_down, 1),
            at(r_down, 2),
        ];
        let here = at(mid, 1);
        let out = &mut near[b + 1..b + 1 + w];
        if w < LANES {
            for (x, flags) in out.iter_mut().enumerate() {
                *flags = tile_flags(&ring, &rooms, here, x);
            }
            continue;
        }
        // Blocks of `LANES` tiles, the last one overlapping the one before so that no
        // tile is left to a loop of one tile at a time.
        let mut x = 0;
        loop {
            let from = x.min(w - LANES);
            let block = |row: &[u8]| -> [u8; LANES] {
                let mut lanes = [0; LANES];
                lanes.copy_from_slice(&row[from..from + LANES]);
                lanes
            };
            let (ring, rooms) = (ring.map(block), rooms.map(block));
            let here = block(here);
            let mut flags = [0; LANES];
            for (lane, flag) in flags.iter_mut().enumerate() {
                *flag = tile_flags(&ring, &rooms, &here, lane);
            }
            out[from..from + LANES].copy_from_slice(&flags);
            if from + LANES == w {
                break;
            }
            x += LANES;
        }
    }
    near
}

/// How many tiles of a row [`near_flags`] works on at once.
const LANES: usize = 16;

/// The flags of tile `x` of a row whose eight neighbours' rows (in ring order) are `ring`
/// and the rooms' rows round it `rooms`, the row itself `here`: whole rows, or blocks of
/// [`LANES`] tiles.
#[inline(always)]
fn tile_flags<R: AsRef<[u8]>>(ring: &[R; 8], rooms: &[R; 8], here: &[u8], x: usize) -> u8 {
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

/// The parts of the neighbours met before a tile that do not join its segment.
#[derive(Default)]
struct Unjoined {
    parts: [u32; 4],
    count: usize,
}

/// A neighbour's `part` met: the tile's own part when it has none and `joins`, joined to
/// its segment when it `joins`, else noted to join its component.
#[inline(always)]
fn meet(me: &mut u32, unjoined: &mut Unjoined, segments: &mut Forest, part: u32, joins: bool) {
    if !joins {
        unjoined.parts[unjoined.count] = part;
        unjoined.count += 1;
    } else if *me == NONE {
        *me = part;
    } else if *me != part {
        segments.union(*me, part);
    }
}

/// What a component of narrow tiles becomes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Part of this chamber (a root basin).
    Nook(u32),
    Door,
    Corridor,
}

/// Disjoint sets of parts, each set's root its lowest part: every part points at a lower
/// one or at itself, so one pass up the parts finds every root.
#[derive(Default)]
struct Forest {
    parent: Vec<u32>,
}

impl Forest {
    fn with_capacity(parts: usize) -> Forest {
        Forest {
            parent: Vec::with_capacity(parts),
        }
    }

    fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let grandparent = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = grandparent;
            x = grandparent;
        }
        x
    }

    fn union(&mut self, a: u32, b: u32) {
        let (a, b) = (self.find(a), self.find(b));
        self.parent[a.max(b) as usize] = a.min(b);
    }

    /// Points every part at its root.
    fn flatten(&mut self) {
        for x in 0..self.parent.len() {
            self.parent[x] = self.parent[self.parent[x] as usize];
        }
    }

    /// The root of `x`, once flattened.
    fn root(&self, x: u32) -> u32 {
        self.parent[x as usize]
    }
}

/// A part's tiles, how many of them are beside a room, and its first tile.
#[derive(Clone, Copy)]
struct Part {
    size: u32,
    by_room: u32,
    first: u32,
}

/// The parts the scan finds: each narrow tile is labelled `PIECE | (base + part)`; parts
/// joined by a step of a corridor (two tiles that are not junctions, or two junctions)
/// are one segment, parts joined by any step one component.
struct Parts {
    /// The first key of the parts (the chambers' basins come before).
    base: u32,
    parts: Vec<Part>,
    segments: Forest,
    components: Forest,
    /// `(part, chamber or ROOM | room)`: what the tiles beside a room or chamber touch.
    contacts: Vec<(u32, u32)>,
    /// The junctions, in row order.
    junctions: Vec<u32>,
}

impl Parts {
    fn scan(near: &[u8], free: &Free, basins: &Basins, pad: Padded, labels: &mut [u32]) -> Parts {
        let (w, s) = (pad.width, pad.stride());
        let base = basins.len() as u32;
        // Room for what a maze needs (a part for every tenth slot or so), so that the
        // lists seldom grow: untouched capacity costs nothing.
        let expected = pad.len() / 8;
        let mut parts = Parts {
            base,
            parts: Vec::with_capacity(expected),
            segments: Forest::with_capacity(expected),
            components: Forest::with_capacity(expected),
            contacts: Vec::new(),
            junctions: Vec::with_capacity(expected / 4),
        };
        let mut touching = Vec::with_capacity(expected / 4);
        let junction = |f: u8| f & JUNCTION != 0;
        for y in 0..pad.height {
            let b = (y + 1) * s + 1;
            // This row and the one above, each from the slot west of the map's first
            // tile: index `x + 1` is the tile in column `x`.
            let near_up = &near[b - s - 1..=b - s + w];
            let near_row = &near[b - 1..=b + w];
            let (done, rest) = labels.split_at_mut(b);
            let labels_up = &done[b - s - 1..=b - s + w];
            let labels_row = &mut rest[..w];
            let mut chunk = 0;
            while chunk < w {
                let mut tiles = nonzero_bytes(&near_row[1 + chunk..]);
                while tiles != 0 {
                    let x = chunk + tiles.trailing_zeros() as usize / 8;
                    tiles &= tiles - 1;
                    let flags = near_row[x + 1];
                    // A neighbour met before joins this tile's segment when both are
                    // junctions or neither is; else only its component. `me` takes the
                    // part of the first that joins.
                    let kind = flags & (NARROW | JUNCTION);
                    let mut me = NONE;
                    let mut unjoined = Unjoined::default();
                    let west = near_row[x];
                    if west != 0 {
                        let part = (labels_row[x - 1] & !PIECE) - base;
                        meet(
                            &mut me,
                            &mut unjoined,
                            &mut parts.segments,
                            part,
                            west & (NARROW | JUNCTION) == kind,
                        );
                    }
                    let (north_west, north, north_east) =
                        (near_up[x], near_up[x + 1], near_up[x + 2]);
                    if north_west | north | north_east != 0 {
                        // A diagonal step beside a junction does not join.
                        let plain = kind == NARROW;
                        let beside = plain && junction(north);
                        if north_west != 0 {
                            let part = (labels_up[x] & !PIECE) - base;
                            let joins = north_west & (NARROW | JUNCTION) == kind
                                && !(beside || plain && junction(west));
                            meet(&mut me, &mut unjoined, &mut parts.segments, part, joins);
                        }
                        if north != 0 {
                            let part = (labels_up[x + 1] & !PIECE) - base;
                            let joins = north & (NARROW | JUNCTION) == kind;
                            meet(&mut me, &mut unjoined, &mut parts.segments, part, joins);
                        }
                        if north_east != 0 {
                            let part = (labels_up[x + 2] & !PIECE) - base;
                            let joins = north_east & (NARROW | JUNCTION) == kind
                                && !(beside || plain && junction(near_row[x + 2]));
                            meet(&mut me, &mut unjoined, &mut parts.segments, part, joins);
                        }
                    }
                    if me == NONE {
                        me = parts.add(b + x);
                    }
                    for &part in &unjoined.parts[..unjoined.count] {
                        parts.components.union(me, part);
                    }
                    labels_row[x] = PIECE | (base + me);
                    let part = &mut parts.parts[me as usize];
                    part.size += 1;
                    if flags & (BY_ROOM | BY_OPEN | JUNCTION) != 0 {
                        part.by_room += u32::from(flags & BY_ROOM != 0);
                        if flags & (BY_ROOM | BY_OPEN) != 0 {
                            touching.push((b + x) as u32);
                        }
                        if junction(flags) {
                            parts.junctions.push((b + x) as u32);
                        }
                    }
                }
                chunk += 8;
            }
        }
        // Parts of one segment are of one component.
        for p in 0..parts.parts.len() as u32 {
            let segment = parts.segments.find(p);
            if segment != p {
                parts.components.union(p, segment);
            }
        }
        parts.segments.flatten();
        parts.components.flatten();
        for &i in &touching {
            parts.note_contacts(i as usize, free, basins, pad, labels);
        }
        parts
    }

    /// Notes the chambers and rooms beside narrow tile `i`.
    fn note_contacts(
        &mut self,
        i: usize,
        free: &Free,
        basins: &Basins,
        pad: Padded,
        labels: &[u32],
    ) {
        let me = self.part_of(labels[i]);
        for o in pad.ring() {
            let j = step(i, o);
            let label = labels[j];
            if free.dist[j] & OPEN != 0 {
                let chamber = basins.chamber(label & !PIECE);
                self.contacts.push((me, chamber));
            } else if label < PIECE {
                self.contacts.push((me, ROOM | label));
            }
        }
    }

    fn add(&mut self, first: usize) -> u32 {
        let id = self.parts.len() as u32;
        self.segments.parent.push(id);
        self.components.parent.push(id);
        self.parts.push(Part {
            size: 0,
            by_room: 0,
            first: first as u32,
        });
        id
    }

    /// The part of a narrow tile's label.
    fn part_of(&self, label: u32) -> u32 {
        (label & !PIECE) - self.base
    }

    /// Each component's kind, by its root part (other parts' entries are unused).
    fn kinds(&self) -> Vec<Kind> {
        let n = self.parts.len();
        let mut size = vec![0u32; n];
        let mut by_room = vec![0u32; n];
        for (p, part) in self.parts.iter().enumerate() {
            let root = self.components.root(p as u32) as usize;
            size[root] += part.size;
            by_room[root] += part.by_room;
        }
        let mut touched = vec![Touched::default(); if self.contacts.is_empty() { 0 } else { n }];
        for &(part, what) in &self.contacts {
            let t = &mut touched[self.components.root(part) as usize];
            if what & ROOM != 0 {
                note(&mut t.rooms, what);
            } else {
                t.many_chambers |= note(&mut t.chambers, what);
            }
        }
        (0..n)
            .map(|p| {
                if self.components.root(p as u32) != p as u32 {
                    return Kind::Corridor;
                }
                let t = touched.get(p).copied().unwrap_or_default();
                let one_chamber = match t.chambers {
                    [Some(c), None] if !t.many_chambers => Some(c),
                    _ => None,
                };
                match one_chamber {
                    Some(c) if t.rooms[0].is_none() && size[p] as usize <= NOOK_TILES => {
                        Kind::Nook(c)
                    }
                    _ if t.chambers[0].is_none()
                        && t.rooms[1].is_some()
                        && by_room[p] == size[p] =>
                    {
                        Kind::Door
                    }
                    _ => Kind::Corridor,
                }
            })
            .collect()
    }

    /// Gives every part's key its piece: a nook's its chamber's, a door's one per
    /// component, a corridor's one per segment (a junction's part: its cluster of
    /// junctions, the piece of those no segment reaches).
    fn resolve(&self, kinds: &[Kind], pieces: &mut Pieces) {
        let n = self.parts.len();
        let mut piece_of_root = vec![NONE; n];
        pieces.of_key.reserve(n);
        pieces.kinds.reserve(n);
        pieces.sizes.reserve(n);
        for (p, part) in self.parts.iter().enumerate() {
            let component = self.components.root(p as u32);
            let (root, kind) = match kinds[component as usize] {
                Kind::Nook(chamber) => {
                    let piece = pieces.of_key[chamber as usize];
                    pieces.of_key.push(piece);
                    pieces.sizes[piece as usize] += part.size;
                    continue;
                }
                Kind::Door => (component, NodeKind::Door),
                Kind::Corridor => (self.segments.root(p as u32), NodeKind::Corridor),
            };
            if piece_of_root[root as usize] == NONE {
                piece_of_root[root as usize] = pieces.add(kind);
            }
            let piece = piece_of_root[root as usize];
            pieces.of_key.push(piece);
            pieces.sizes[piece as usize] += part.size;
        }
    }

    /// Gives each junction of a corridor the segment of its first narrow neighbour round
    /// the ring; a junction with none, what the breadth-first flood through the
    /// junctions from those gives it (its cluster's piece when it reaches none).
    fn place_junctions(
        &self,
        kinds: &[Kind],
        near: &mut [u8],
        pad: Padded,
        labels: &mut [u32],
        pieces: &mut Pieces,
    ) {
        let ring = pad.ring();
        let n = self.parts.len();
        // What the first round gave each cluster of junctions: a segment, or `MANY`.
        const MANY: u32 = NONE - 1;
        let mut given = vec![NONE; if self.junctions.is_empty() { 0 } else { n }];
        let mut deep = Vec::new();
        for &i in &self.junctions {
            let i = i as usize;
            let part = self.part_of(labels[i]);
            if kinds[self.components.root(part) as usize] != Kind::Corridor {
                continue;
            }
            let segment = ring
                .iter()
                .map(|&o| step(i, o))
                .find(|&j| near[j] & (NARROW | JUNCTION) == NARROW)
                .map(|j| self.segments.root(self.part_of(labels[j])));
            let Some(segment) = segment else {
                deep.push(i);
                continue;
            };
            self.give(i, segment, labels, pieces);
            near[i] |= FIRST_ROUND | PLACED;
            let cluster = &mut given[self.segments.root(part) as usize];
            *cluster = match *cluster {
                NONE => segment,
                s if s == segment => s,
                _ => MANY,
            };
        }
        // A cluster given one segment gives it to all its junctions; else the order of
        // the flood decides, and it is run.
        let mut flooded = Vec::new();
        for &i in &deep {
            let part = self.part_of(labels[i]);
            match given[self.segments.root(part) as usize] {
                NONE => {}
                MANY => flooded.push(self.components.root(part)),
                segment => {
                    self.give(i, segment, labels, pieces);
                    near[i] |= PLACED;
                }
            }
        }
        flooded.sort_unstable();
        flooded.dedup();
        for component in flooded {
            self.flood_junctions(component, near, pad, labels, pieces);
        }
    }

    /// Relabels junction `i` (of a cluster's part) with `segment`'s key.
    fn give(&self, i: usize, segment: u32, labels: &mut [u32], pieces: &mut Pieces) {
        let from = pieces.of_key[(labels[i] & !PIECE) as usize];
        let key = self.base + segment;
        labels[i] = PIECE | key;
        pieces.sizes[from as usize] -= 1;
        pieces.sizes[pieces.of_key[key as usize] as usize] += 1;
    }

    /// The flood of a component whose clusters were given several segments: its tiles in
    /// breadth-first order from its first, the junctions of the first round in that order
    /// seed a breadth-first flood through the others.
    fn flood_junctions(
        &self,
        component: u32,
        near: &mut [u8],
        pad: Padded,
        labels: &mut [u32],
        pieces: &mut Pieces,
    ) {
        let ring = pad.ring();
        // A component's root is its lowest part, which holds its first tile.
        let first = self.parts[component as usize].first as usize;
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
                    self.give(j, self.part_of(label), labels, pieces);
                    queue.push((j as u32, label));
                }
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
