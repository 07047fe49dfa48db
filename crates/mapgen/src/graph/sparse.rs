//! The graph of a dungeon of rooms whose free tiles are all narrow (the tutorial's rooms
//! and corridors), made over the free tiles alone.
//!
//! On such a map most slots are walls or rooms: an 80 x 45 tutorial dungeon has about 300
//! free tiles in 3,600. The general path reads every slot at each stage (the distances,
//! the neighbour flags, the steps, the numbering, the contacts between rows); this one
//! reads every slot once, to list the free tiles, and then works on that list: the same
//! flags and steps for each tile ([`super::narrow`], [`super::steps`]), the same flood of
//! the components ([`narrow::Cutter`]), the nodes numbered and their runs made in row
//! order from the list, the contacts from the flood's crossings and the tiles beside a
//! room (rooms touch nothing else here). The same graph, node for node and link for link
//! (a property test builds both).
//!
//! It gives up (the general path runs instead) on anything else: a grid of rooms, no
//! room, a room not a whole rectangle of floor inside the map, two rooms' floors that
//! touch, an open tile, a piece over [`MAX_TILES`], a large map. Not in the web build
//! (see [`SPARSE`]).

use super::distance::Free;
use super::links::Contacts;
use super::narrow::{self, Cutter};
use super::padded::{Padded, step};
use super::pieces::Pieces;
use super::steps::Steps;
use super::{
    MAX_TILES, NONE, NodeKind, PIECE, RegionGraph, Run, Seed, adjacency_of, grouped_runs,
    nodes_grouped,
};
use crate::{Dungeon, Map, Rect};
use zerocopy::byteorder::{LittleEndian, U32};
use zerocopy::{FromBytes, IntoBytes};

/// Whether the path is tried. Not in the web build, whose size is capped: there the
/// general path makes the same graph.
const SPARSE: bool = !cfg!(target_arch = "wasm32");

/// The most slots of a map the path is tried on. On a large map pieces over
/// [`MAX_TILES`] are common (long corridors), and giving up late would waste a read of
/// every slot.
const MAX_SLOTS: usize = 1 << 16;

/// The most rooms: their floors are checked for contact pairwise.
const MAX_ROOMS: usize = 64;

// A slot's kind in the first pass: a free tile, a room's floor, or else 0.
const FREE: u8 = 1;
const ROOM: u8 = 2;

/// The region graph of `dungeon` when it is a map of rooms whose free tiles are all
/// narrow (see the [module docs](self)); `None` for any other map.
pub(super) fn graph(dungeon: &Dungeon) -> Option<RegionGraph> {
    let map = &dungeon.map;
    let pad = Padded::new(map.width(), map.height());
    let rooms = &dungeon.rooms;
    let fits = SPARSE
        && dungeon.room_grid().is_none()
        && !rooms.is_empty()
        && rooms.len() <= MAX_ROOMS
        && pad.len() <= MAX_SLOTS
        && rooms.iter().all(|room| inside(room, map))
        && floors_apart(rooms);
    if !fits {
        return None;
    }
    let mut kind = walkable_slots(map, pad);
    let mut labels = vec![NONE; pad.len()];
    let mut seeds = Vec::with_capacity(rooms.len() + 64);
    let mut runs = claim_rooms(rooms, pad, &mut kind, &mut labels, &mut seeds)?;
    let free = free_slots(&kind);
    let near = near_flags(&free, &kind, pad)?;
    let steps = steps_of(&free, &near, pad);
    let Near {
        flags: mut near,
        around,
        ..
    } = near;
    let free_kinds = Free {
        dist: kind,
        room: Vec::new(),
        with_rooms: false,
        open_rows: 0..0,
    };
    let (pieces, crossings) = cut(&free, &free_kinds, &mut near, &steps, &mut labels, pad)?;
    let counts = number(&free, &pieces, pad, &mut labels, &mut seeds, &mut runs);
    let (runs, start) = grouped_runs(&counts, runs.into_iter());
    let nodes = nodes_grouped(&seeds, &runs, &start);
    let mut contacts = Contacts::for_slots(pad.len(), nodes.len());
    contacts.of_crossings(&labels, &crossings);
    contacts.of_crossings(&labels, &room_contacts(&free, &around, pad));
    let (links, link_tiles) = contacts.links(pad, nodes.len());
    let (adjacency, adjacency_start) = adjacency_of(nodes.len(), &links);
    Some(RegionGraph {
        pad,
        labels,
        nodes,
        runs,
        links,
        link_tiles,
        adjacency,
        adjacency_start,
    })
}

/// Whether `room`'s floor ([`Rect::inner`]) is not empty and inside `map`.
fn inside(room: &Rect, map: &Map) -> bool {
    let (cols, rows) = room.inner();
    cols.start >= 0
        && rows.start >= 0
        && cols.start < cols.end
        && rows.start < rows.end
        && cols.end <= map.width()
        && rows.end <= map.height()
}

/// Whether no two rooms' floors (each inside the map) overlap or touch, so that no room
/// meets another but through free tiles.
fn floors_apart(rooms: &[Rect]) -> bool {
    // A floor's first and last columns and rows, and the same one tile wider all round.
    let floor = |r: &Rect| (r.x1 + 1, r.x2 - 1, r.y1 + 1, r.y2 - 1);
    rooms.iter().enumerate().all(|(k, a)| {
        let (ax1, ax2, ay1, ay2) = floor(a);
        rooms[k + 1..].iter().all(|b| {
            let (bx1, bx2, by1, by2) = floor(b);
            bx1 > ax2 + 1 || ax1 > bx2 + 1 || by1 > ay2 + 1 || ay1 > by2 + 1
        })
    })
}

/// [`FREE`] on each walkable slot of `map`, 0 elsewhere (the border too).
fn walkable_slots(map: &Map, pad: Padded) -> Vec<u8> {
    let (w, s) = (pad.width, pad.stride());
    let mut kind = vec![0u8; pad.len()];
    if w == 0 {
        return kind;
    }
    for (y, tiles) in map.tiles().chunks_exact(w).enumerate() {
        let row = &mut kind[(y + 1) * s + 1..(y + 1) * s + 1 + w];
        // As in `distance::free_tiles`: the tiles as words, `walkable` the low byte, so
        // the compiler makes vector code of it.
        match <[U32<LittleEndian>]>::ref_from_bytes(tiles.as_bytes()) {
            Ok(words) => {
                for (k, word) in row.iter_mut().zip(words) {
                    *k = (word.get() & 1) as u8;
                }
            }
            Err(_) => {
                for (k, tile) in row.iter_mut().zip(tiles) {
                    *k = u8::from(tile.walkable);
                }
            }
        }
    }
    kind
}

/// Labels each room's floor with its node (rooms in order), marks it [`ROOM`] in `kind`,
/// and returns the rooms' runs; `None` when a floor tile is not walkable (the room would
/// not be whole).
fn claim_rooms(
    rooms: &[Rect],
    pad: Padded,
    kind: &mut [u8],
    labels: &mut [u32],
    seeds: &mut Vec<Seed>,
) -> Option<Vec<(u32, Run)>> {
    let s = pad.stride();
    let mut runs = Vec::with_capacity(rooms.iter().map(|r| r.inner().1.len()).sum::<usize>() + 256);
    for (index, room) in rooms.iter().enumerate() {
        let id = index as u32;
        let (cols, rows) = room.inner();
        for y in rows {
            let b = (y as usize + 1) * s + 1;
            let slots = b + cols.start as usize..b + cols.end as usize;
            // Checked and marked in one loop: a fill alone is a call to `memset` a row,
            // dear for rows of a few tiles.
            let mut whole = true;
            for k in &mut kind[slots.clone()] {
                whole &= *k == FREE;
                *k = ROOM;
            }
            if !whole {
                return None;
            }
            labels[slots].fill(id);
            let run = Run {
                y,
                x_from: cols.start,
                x_to: cols.end - 1,
            };
            runs.push((id, run));
        }
        seeds.push(Seed {
            kind: NodeKind::Room,
            room: Some(index),
        });
    }
    Some(runs)
}

/// The free tiles' slots (walkable, in no room), in row order: the slots read eight at a
/// time (the border's are 0, so rows need no care), most words empty.
fn free_slots(kind: &[u8]) -> Vec<u32> {
    // A byte's low bit without its second: 1 ([`FREE`]), not 2 ([`ROOM`]).
    const LOW: u64 = 0x0101_0101_0101_0101;
    let mut free = Vec::with_capacity(512);
    let words = kind.chunks_exact(8);
    // The last few slots, a word with zeros past them.
    let mut last = [0; 8];
    last[..words.remainder().len()].copy_from_slice(words.remainder());
    let eights = words.map(|eight| eight.try_into().unwrap_or([0; 8]));
    for (w, bytes) in eights.chain([last]).enumerate() {
        let word = u64::from_le_bytes(bytes);
        let mut tiles = word & !(word >> 1) & LOW;
        while tiles != 0 {
            free.push((w * 8 + tiles.trailing_zeros() as usize / 8) as u32);
            tiles &= tiles - 1;
        }
    }
    free
}

/// The masks of the free and the room tiles among the eight neighbours of slot `i` in
/// `kind`, bit `k` for the `k`th round the ring ([`Padded::ring`]).
#[inline(always)]
fn masks(kind: &[u8], ring: &[isize; 8], i: usize) -> (u8, u8) {
    let (mut free, mut room) = (0, 0);
    for (k, &o) in ring.iter().enumerate() {
        let v = kind[step(i, o)];
        free |= (v & FREE) << k;
        room |= (v >> 1) << k;
    }
    (free, room)
}

/// The flags of a narrow tile whose narrow (free) neighbours are `free` and room
/// neighbours `room`, as masks round the ring: `narrow::tile_flags` on a map with no open
/// tile, by bit logic on the masks.
#[inline(always)]
fn flags_of(free: u8, room: u8) -> u8 {
    // A run starts at a member whose predecessor round the ring is not one.
    let runs = (free & !free.rotate_left(1)).count_ones();
    narrow::NARROW | (u8::from(runs >= 3) * narrow::JUNCTION) | (u8::from(room != 0) * narrow::BY_ROOM)
}

/// The masks `(join, cross)` of a narrow tile, a junction when `junction`, whose narrow
/// neighbours are `narrow` and junctions among them `junctions`: `steps::tile_steps` by
/// bit logic on the masks.
#[inline(always)]
fn steps_of_masks(junction: bool, narrow: u8, junctions: u8) -> (u8, u8) {
    // The diagonal neighbours (odd `k`), and the bits whose neighbour before or after
    // round the ring is in a mask.
    const DIAGONAL: u8 = 0xaa;
    let beside = |m: u8| m.rotate_left(1) | m.rotate_right(1);
    // A step joins a neighbour of the same kind, and a diagonal one between two other
    // tiles only with no junction beside it.
    let joins = if junction {
        junctions
    } else {
        narrow & !junctions & !(DIAGONAL & beside(junctions))
    };
    // A diagonal step beside an orthogonal one of the segment is taken through it.
    let taken = joins & !(DIAGONAL & beside(joins));
    (taken, narrow & !joins)
}

/// What [`near_flags`] gives: the flags by slot, each free tile's masks of free and room
/// neighbours, and the junctions with their masks of free neighbours.
struct Near {
    flags: Vec<u8>,
    around: Vec<[u8; 2]>,
    junctions: Vec<(u32, u8)>,
}

/// The neighbour flags of the free tiles (see `narrow::near_flags`), by slot, 0 on the
/// other slots, and each free tile's masks; `None` when a free tile is open (its eight
/// neighbours all free).
fn near_flags(free: &[u32], kind: &[u8], pad: Padded) -> Option<Near> {
    let ring = pad.ring();
    let mut near = Near {
        flags: vec![0u8; pad.len()],
        around: Vec::with_capacity(free.len()),
        junctions: Vec::with_capacity(64),
    };
    for &i in free {
        let (tiles, rooms) = masks(kind, &ring, i as usize);
        if tiles == u8::MAX {
            return None;
        }
        let flags = flags_of(tiles, rooms);
        near.flags[i as usize] = flags;
        near.around.push([tiles, rooms]);
        if flags & narrow::JUNCTION != 0 {
            near.junctions.push((i, tiles));
        }
    }
    Some(near)
}

/// The steps of the free tiles (see [`Steps`]), from their masks of free neighbours and
/// the junctions.
fn steps_of(free: &[u32], near: &Near, pad: Padded) -> Steps {
    let ring = pad.ring();
    let mut join = vec![0u8; pad.len()];
    let mut cross = vec![0u8; pad.len()];
    // Each tile's mask of junction neighbours, kept in `cross` until its steps are made:
    // a map has a few junctions, so they mark their neighbours rather than every tile
    // reading its eight.
    for &(j, mut tiles) in &near.junctions {
        while tiles != 0 {
            let k = tiles.trailing_zeros() as usize;
            tiles &= tiles - 1;
            cross[step(j as usize, ring[k])] |= 1 << ((k + 4) & 7);
        }
    }
    for (&i, &[tiles, _]) in free.iter().zip(&near.around) {
        let i = i as usize;
        let junction = near.flags[i] & narrow::JUNCTION != 0;
        (join[i], cross[i]) = steps_of_masks(junction, tiles, cross[i]);
    }
    Steps { join, cross }
}

/// Gives every free tile its piece, component by component in order of their first
/// tiles, as `narrow::cut` does; returns the pieces and the crossings, or `None` when a
/// piece is larger than [`MAX_TILES`] (it would be cut into squares).
fn cut(
    free: &[u32],
    kinds: &Free,
    near: &mut [u8],
    steps: &Steps,
    labels: &mut [u32],
    pad: Padded,
) -> Option<(Pieces, Vec<[u32; 2]>)> {
    let mut cutter = Cutter::new(pad, false);
    let mut pieces = Pieces::default();
    for &i in free {
        if labels[i as usize] == NONE {
            cutter.component(i as usize, kinds, near, steps, labels, &mut pieces);
        }
    }
    if pieces.sizes.iter().any(|&size| size as usize > MAX_TILES) {
        return None;
    }
    Some((pieces, std::mem::take(&mut cutter.crossings)))
}

/// Numbers the free tiles' nodes (after the rooms, by first tile in row order), labels
/// each tile with its node, and adds the runs of their tiles to `runs`; returns how many
/// runs each node has.
fn number(
    free: &[u32],
    pieces: &Pieces,
    pad: Padded,
    labels: &mut [u32],
    seeds: &mut Vec<Seed>,
    runs: &mut Vec<(u32, Run)>,
) -> Vec<u32> {
    let s = pad.stride();
    let mut counts: Vec<u32> = runs.iter().fold(vec![0; seeds.len()], |mut c, &(n, _)| {
        c[n as usize] += 1;
        c
    });
    let mut node_of = vec![NONE; pieces.kinds.len()];
    let mut last_slot = 0u32;
    for &t in free {
        let piece = pieces.of_key[(labels[t as usize] & !PIECE) as usize] as usize;
        let mut node = node_of[piece];
        if node == NONE {
            node = seeds.len() as u32;
            node_of[piece] = node;
            seeds.push(Seed {
                kind: pieces.kinds[piece],
                room: None,
            });
            counts.push(0);
        }
        labels[t as usize] = node;
        match runs.last_mut() {
            // The last run is the tile before's (or a room's, never the same node).
            Some((n, run)) if *n == node && t == last_slot + 1 => run.x_to += 1,
            _ => {
                let (y, x) = (t as usize / s - 1, t as usize % s - 1);
                let run = Run {
                    y: y as i32,
                    x_from: x as i32,
                    x_to: x as i32,
                };
                runs.push((node, run));
                counts[node as usize] += 1;
            }
        }
        last_slot = t;
    }
    counts
}

/// Each pair of a free tile beside a room and that room's tile (`around`: each free
/// tile's masks of free and room neighbours): every contact with a room (the rooms meet
/// nothing else here).
fn room_contacts(free: &[u32], around: &[[u8; 2]], pad: Padded) -> Vec<[u32; 2]> {
    let ring = pad.ring();
    let mut contacts = Vec::with_capacity(256);
    for (&i, &[_, mut rooms]) in free.iter().zip(around) {
        while rooms != 0 {
            let j = step(i as usize, ring[rooms.trailing_zeros() as usize]);
            rooms &= rooms - 1;
            contacts.push([i, j as u32]);
        }
    }
    contacts
}
