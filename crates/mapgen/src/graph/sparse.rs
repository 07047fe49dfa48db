//! The graph of a dungeon of rooms whose free tiles are all narrow (the tutorial's rooms
//! and corridors), made over the free tiles alone.
//!
//! On such a map most slots are walls or rooms: an 80 x 45 tutorial dungeon has about 280
//! free tiles in 3,600. The general path reads every slot at each stage (the distances,
//! the neighbour flags, the steps, the numbering, the contacts between rows); this one
//! reads the map once and its slots once, to list the free tiles, and then works on that
//! list: the same flags and steps for each tile as [`super::narrow`] and [`super::steps`]
//! make (by tables and masks, checked against theirs for every neighbourhood), the same flood of
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
    MAX_TILES, NONE, NodeKind, PIECE, RegionGraph, Run, Seed, grouped_runs, nodes_grouped,
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
        by_room,
        ..
    } = near;
    // The slots' kinds stand for the distances: no free tile is open.
    let kinds = Free {
        dist: kind,
        room: Vec::new(),
        with_rooms: false,
        open_rows: 0..0,
    };
    let (pieces, crossings) = cut(&free, &kinds, &mut near, &steps, &mut labels, pad)?;
    let counts = number(&free, &pieces, pad, &mut labels, &mut seeds, &mut runs);
    let (runs, start) = grouped_runs(&counts, runs.into_iter());
    let nodes = nodes_grouped(&seeds, &runs, &start);
    let mut contacts = Contacts::for_slots(pad.len(), nodes.len());
    contacts.of_crossings(&labels, &crossings);
    room_contacts(&mut contacts, &by_room, &labels, pad);
    Some(RegionGraph::assembled(pad, labels, nodes, runs, contacts))
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

/// [`FREE`] on each walkable slot of `map`, 0 elsewhere (the border too, and one slot
/// past the last, so that a tile's three rows of neighbours are read as words of four).
fn walkable_slots(map: &Map, pad: Padded) -> Vec<u8> {
    let (w, s) = (pad.width, pad.stride());
    let mut kind = vec![0u8; pad.len() + 1];
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
    // Room for the corridors' runs too (about one a free tile at most).
    let rows = rooms.iter().map(|r| r.inner().1.len()).sum::<usize>();
    let mut runs = Vec::with_capacity(rows + 512);
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
/// time (the border's are 0, so rows need no care), most words
/// empty, and a word's tiles written with no branch on each (a store a slot, the count
/// moved by the bit).
fn free_slots(kind: &[u8]) -> Vec<u32> {
    // A byte's low bit without its second: 1 ([`FREE`]), not 2 ([`ROOM`]).
    const LOW: u64 = 0x0101_0101_0101_0101;
    // A tutorial dungeon 80 x 45 has 150 to 350.
    let mut free = vec![0u32; 512];
    let mut n = 0;
    let words = kind.chunks_exact(8);
    // The last few slots, a word with zeros past them.
    let mut last = [0; 8];
    last[..words.remainder().len()].copy_from_slice(words.remainder());
    let eights = words.map(|eight| eight.try_into().unwrap_or([0; 8]));
    for (w, bytes) in eights.chain([last]).enumerate() {
        let word = u64::from_le_bytes(bytes);
        let tiles = word & !(word >> 1) & LOW;
        if tiles == 0 {
            continue;
        }
        if free.len() < n + 8 {
            free.resize(n + 8, 0);
        }
        let out = &mut free[n..n + 8];
        let mut m = 0;
        for k in 0..8 {
            // `m` is at most `k`: the mask only spares a bounds check.
            out[m & 7] = (w * 8 + k) as u32;
            m += (tiles >> (8 * k)) as usize & 1;
        }
        n += m;
    }
    free.truncate(n);
    free
}

/// The slot offsets, as `(row, column)` of a 3 x 3 square from its north-west corner, of
/// the eight neighbours in ring order ([`Padded::ring`]).
const RING_CELLS: [(usize, usize); 8] = [
    (0, 1),
    (0, 2),
    (1, 2),
    (2, 2),
    (2, 1),
    (2, 0),
    (1, 0),
    (0, 0),
];

/// For each 3 x 3 square of bits (bit `3 * row + column`), its eight outer bits as a
/// mask round the ring.
const RING: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut code = 0;
    while code < 512 {
        let mut k = 0;
        while k < 8 {
            let (row, col) = RING_CELLS[k];
            table[code] |= (((code >> (3 * row + col)) & 1) as u8) << k;
            k += 1;
        }
        code += 1;
    }
    table
};

/// For each mask of narrow neighbours round the ring, [`narrow::JUNCTION`] when they
/// make three runs or more (a run starts at a member whose predecessor round the ring is
/// not one), else 0.
const JUNCTIONS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut mask = 0;
    while mask < 256 {
        let m = mask as u8;
        if (m & !m.rotate_left(1)).count_ones() >= 3 {
            table[mask] = narrow::JUNCTION;
        }
        mask += 1;
    }
    table
};

/// The 3 x 3 square around slot `i` (`stride` slots a row) of the bit `bit` of each
/// slot's kind, as a code of 9 bits (bit `3 * row + column`): three words of four slots
/// read, each row's three low bits gathered by one multiplication.
#[inline(always)]
fn square(kind: &[u8], i: usize, stride: usize, bit: u32) -> usize {
    let word = |from: usize| match kind.get(from..).and_then(|r| r.first_chunk::<4>()) {
        Some(&bytes) => u32::from_le_bytes(bytes),
        None => 0,
    };
    // The bits at 0, 8 and 16, moved to 16, 17 and 18 (no two products overlap).
    let three = |w: u32| (((w >> bit) & 0x01_0101).wrapping_mul(0x1_0204) >> 16) & 7;
    let (up, mid, down) = (word(i - stride - 1), word(i - 1), word(i + stride - 1));
    (three(up) | three(mid) << 3 | three(down) << 6) as usize
}

/// The flags of a narrow tile whose free neighbours are `free` (a mask round the ring)
/// and whose square of room tiles is `rooms`: `narrow::tile_flags` on a map with no open
/// tile.
#[inline(always)]
fn flags_of(free: u8, rooms: u16) -> u8 {
    narrow::NARROW | JUNCTIONS[free as usize] | (u8::from(rooms != 0) * narrow::BY_ROOM)
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

/// What [`near_flags`] gives: the flags by slot; each free tile's mask of free
/// neighbours round the ring and square of room tiles (see [`square`]); the junctions
/// with their masks of free neighbours.
struct Near {
    flags: Vec<u8>,
    around: Vec<(u8, u16)>,
    junctions: Vec<(u32, u8)>,
    /// The free tiles beside a room: their slots and squares of room tiles.
    by_room: Vec<(u32, u16)>,
}

/// The neighbour flags of the free tiles (see `narrow::near_flags`), by slot, 0 on the
/// other slots, and each free tile's neighbours; `None` when a free tile is open (its
/// eight neighbours all free).
fn near_flags(free: &[u32], kind: &[u8], pad: Padded) -> Option<Near> {
    let s = pad.stride();
    let mut near = Near {
        flags: vec![0u8; pad.len()],
        around: Vec::with_capacity(free.len()),
        junctions: Vec::with_capacity(64),
        by_room: vec![(0, 0); free.len()],
    };
    // The tiles beside a room written with no branch (a store each, the count moved by
    // the test): they come at random along the list.
    let mut beside = 0;
    for &i in free {
        let i = i as usize;
        let tiles = RING[square(kind, i, s, 0)];
        if tiles == u8::MAX {
            return None;
        }
        let rooms = square(kind, i, s, 1) as u16;
        let flags = flags_of(tiles, rooms);
        near.flags[i] = flags;
        near.around.push((tiles, rooms));
        if let Some(slot) = near.by_room.get_mut(beside) {
            *slot = (i as u32, rooms);
        }
        beside += usize::from(rooms != 0);
        if flags & narrow::JUNCTION != 0 {
            near.junctions.push((i as u32, tiles));
        }
    }
    near.by_room.truncate(beside);
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
    for (&i, &(tiles, _)) in free.iter().zip(&near.around) {
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
    // Room for a tutorial dungeon's pieces and crossings, so that the lists seldom grow.
    cutter.crossings.reserve(128);
    let mut pieces = Pieces::default();
    pieces.of_key.reserve(128);
    pieces.kinds.reserve(128);
    pieces.sizes.reserve(128);
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

/// Notes every contact of a room with a free tile (the rooms meet nothing else here),
/// each free tile beside a room (`by_room`, see [`Near`]) with its room tiles a run of a
/// row at a time: a doorway's three tiles of the room are one contact, not three.
fn room_contacts(contacts: &mut Contacts, by_room: &[(u32, u16)], labels: &[u32], pad: Padded) {
    let s = pad.stride() as u32;
    for &(i, rooms) in by_room {
        for (row, first) in [i - s - 1, i - 1, i + s - 1].into_iter().enumerate() {
            // A run of room tiles is one room's: two rooms' floors never touch.
            let mut bits = u32::from(rooms >> (3 * row)) & 7;
            while bits != 0 {
                let from = bits.trailing_zeros();
                let len = (bits >> from).trailing_ones();
                bits &= !(((1 << len) - 1) << from);
                let (a, b) = (first + from, first + from + len - 1);
                contacts.touch(labels[a as usize], labels[i as usize], [a, b], [i, i]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Contacts as Reading;
    use crate::prelude::*;
    use proptest::prelude::*;

    /// The 3 x 3 map whose tile `(col, row)` is `kinds[3 * row + col]`, padded, with the
    /// slot past the last.
    fn square_slots(kinds: [u8; 9]) -> (Padded, Vec<u8>) {
        let pad = Padded::new(3, 3);
        let mut slots = vec![0u8; pad.len() + 1];
        for (t, &k) in kinds.iter().enumerate() {
            slots[(t / 3 + 1) * pad.stride() + t % 3 + 1] = k;
        }
        (pad, slots)
    }

    /// For every mask of free and of room neighbours: the flags by tables are those of
    /// `narrow::tile_flags`, and the squares read give the masks back.
    #[test]
    fn flags_by_tables_are_the_flags_of_the_rule() {
        for free in 0..=255u8 {
            for rooms in (0..=255u8).filter(|r| r & free == 0) {
                let mut kinds = [0u8; 9];
                kinds[4] = FREE;
                for (k, &(row, col)) in RING_CELLS.iter().enumerate() {
                    kinds[3 * row + col] = ((free >> k & 1) * FREE) | ((rooms >> k & 1) * ROOM);
                }
                let (pad, slots) = square_slots(kinds);
                let centre = 2 * pad.stride() + 2;
                let tiles = RING[square(&slots, centre, pad.stride(), 0)];
                let room_square = square(&slots, centre, pad.stride(), 1) as u16;
                assert_eq!(tiles, free);
                assert_eq!(RING[usize::from(room_square)], rooms);
                let ring = free_ring(free, rooms);
                let expected = narrow::tile_flags(&ring.0, &ring.1, &[1], 0);
                assert_eq!(
                    flags_of(tiles, room_square),
                    expected,
                    "{free:08b} {rooms:08b}"
                );
            }
        }
    }

    /// The rows of one tile each that `narrow::tile_flags` reads: distances (1 on a
    /// narrow tile) and rooms.
    fn free_ring(free: u8, rooms: u8) -> ([[u8; 1]; 8], [[u8; 1]; 8]) {
        let bit = |m: u8, k: usize| [m >> k & 1];
        (
            std::array::from_fn(|k| bit(free, k)),
            std::array::from_fn(|k| bit(rooms, k)),
        )
    }

    /// For every tile kind (narrow or junction) and every neighbourhood of walls, narrow
    /// tiles and junctions: the steps by masks are those of `steps::tile_steps`.
    #[test]
    fn steps_by_masks_are_the_steps_of_the_rule() {
        let values = [0, narrow::NARROW, narrow::NARROW | narrow::JUNCTION];
        for own in [narrow::NARROW, narrow::NARROW | narrow::JUNCTION] {
            for code in 0..3usize.pow(8) {
                let kinds: [u8; 8] =
                    std::array::from_fn(|k| values[code / 3usize.pow(k as u32) % 3]);
                let ring: [[u8; 1]; 8] = kinds.map(|f| [f]);
                let mask =
                    |want: u8| (0..8).fold(0u8, |m, k| m | u8::from(kinds[k] & want != 0) << k);
                let mine = steps_of_masks(
                    own & narrow::JUNCTION != 0,
                    mask(narrow::NARROW),
                    mask(narrow::JUNCTION),
                );
                assert_eq!(mine, crate::graph::steps::tile_steps(&ring, &[own], 0));
            }
        }
    }

    /// The graph by this path, checking that it was taken, and by the general one (the
    /// contacts read from the rows).
    fn both(dungeon: &Dungeon) -> (Option<RegionGraph>, RegionGraph) {
        (
            graph(dungeon),
            RegionGraph::made(dungeon, Reading::FromRows),
        )
    }

    /// A dungeon of `text` (`#` wall, `.` floor) with the rooms `rooms`.
    fn dungeon(text: &str, rooms: &[Rect]) -> Dungeon {
        let map = Map::from_ascii(text).unwrap();
        Dungeon::new(map, Point::new(0, 0)).with_rooms(rooms.to_vec())
    }

    /// The tutorial's dungeons, at the bench's size: this path takes nearly all of them
    /// (all but those where corridors cross into open space), and gives the general
    /// path's graph.
    #[test]
    fn the_tutorials_dungeons_take_this_path() {
        let mut taken = 0;
        for seed in 1..=64 {
            let dungeon = RoomsSettings::default().generate(seed).unwrap();
            let (sparse, general) = both(&dungeon);
            if let Some(sparse) = sparse {
                assert_eq!(sparse, general, "seed {seed}");
                taken += 1;
            }
        }
        assert!(taken >= 60, "{taken} of 64");
    }

    /// Hand-made maps that this path gives up on, each for its reason, and one it takes.
    #[test]
    fn it_gives_up_where_it_must() {
        let room = |x1, y1, x2, y2| Rect { x1, y1, x2, y2 };
        let corridor = "\
##########
#...#....#
#...#.##.#
#....#...#
##########
";
        let taken = dungeon(corridor, &[room(0, 0, 4, 4)]);
        assert!(graph(&taken).is_some());
        // No room; a room with a wall on its floor; one past the map's edge; floors
        // that touch; an open tile (a 3 x 3 square of free tiles).
        let no_room = dungeon(corridor, &[]);
        let walled = dungeon(corridor, &[room(3, 0, 6, 3)]);
        let outside = dungeon(corridor, &[room(-2, 0, 2, 3)]);
        let touching = dungeon(corridor, &[room(0, 0, 4, 2), room(0, 1, 4, 4)]);
        let open = dungeon(
            "\
##########
#...#....#
#...#....#
#........#
##########
",
            &[room(0, 0, 4, 4)],
        );
        for (name, d) in [
            ("no room", no_room),
            ("walled", walled),
            ("outside", outside),
            ("touching", touching),
            ("open", open),
        ] {
            assert!(graph(&d).is_none(), "{name}");
            assert_eq!(
                RegionGraph::of(&d),
                RegionGraph::made(&d, Reading::FromRows),
                "{name}"
            );
        }
    }

    /// A corridor of more than `MAX_TILES` tiles is cut into squares by the general path:
    /// this one gives up.
    #[test]
    fn a_long_corridor_goes_to_the_general_path() {
        let width = MAX_TILES + 20;
        let mut rows = vec!["#".repeat(width); 5];
        rows[1] = format!("#...{}", "#".repeat(width - 4));
        rows[2] = format!("#{}#", ".".repeat(width - 2));
        rows[3] = format!("#...{}", "#".repeat(width - 4));
        let text = rows.join("\n") + "\n";
        let d = dungeon(
            &text,
            &[Rect {
                x1: 0,
                y1: 0,
                x2: 4,
                y2: 4,
            }],
        );
        assert!(graph(&d).is_none());
        let by_rows = RegionGraph::made(&d, Reading::FromRows);
        assert!(by_rows.nodes().len() > 2);
        assert_eq!(RegionGraph::of(&d), by_rows);
    }

    /// A map with rooms: `(width, height, cells, rooms, carve)`, each room `(x, y, width,
    /// height)`, its floor carved when `carve`.
    type RoomsInMap = (usize, usize, Vec<u8>, Vec<(i32, i32, i32, i32)>, bool);

    /// Maps of random walls and floor (narrow passages, 2-wide ones, junctions), with
    /// rooms carved in them at random (touching, apart, a door between two, walls left
    /// on a floor).
    fn rooms_in_maps() -> impl Strategy<Value = RoomsInMap> {
        (4usize..36, 4usize..16).prop_flat_map(|(w, h)| {
            let room = (0..w as i32 - 2, 0..h as i32 - 2, 2..8i32, 2..7i32);
            (
                Just(w),
                Just(h),
                proptest::collection::vec(0u8..5, w * h),
                proptest::collection::vec(room, 1..5),
                proptest::bool::weighted(0.9),
            )
        })
    }

    proptest! {
        /// On any map with rooms: the graph is the general path's, node for node, label
        /// for label, link for link (this path taken or not).
        #[test]
        fn hand_made_maps_give_the_general_graph(
            (w, h, cells, rooms, carve) in rooms_in_maps()
        ) {
            // Two floors for three walls: corridors, seldom open space.
            let mut floor: Vec<bool> = cells.iter().map(|&c| c >= 3).collect();
            let rects: Vec<Rect> = rooms
                .iter()
                .map(|&(x, y, rw, rh)| Rect { x1: x, y1: y, x2: (x + rw).min(w as i32), y2: (y + rh).min(h as i32) })
                .collect();
            if carve {
                for r in &rects {
                    for p in r.inner_cells() {
                        floor[p.y as usize * w + p.x as usize] = true;
                    }
                }
            }
            let text: String = floor
                .chunks(w)
                .map(|row| row.iter().map(|&f| if f { '.' } else { '#' }).collect::<String>() + "\n")
                .collect();
            let d = dungeon(&text, &rects);
            let (sparse, general) = both(&d);
            if let Some(sparse) = sparse {
                prop_assert_eq!(&sparse, &general);
            }
            prop_assert_eq!(RegionGraph::of(&d), general);
        }

        /// The tutorial's generator at random sizes and seeds: the same graph both ways.
        #[test]
        fn rooms_dungeons_give_the_general_graph(
            width in 20i32..120,
            height in 20i32..70,
            max_rooms in 1u32..40,
            sizes in (3i32..8, 0i32..6),
            seed in 0u64..1_000_000,
        ) {
            let settings = RoomsSettings {
                width,
                height,
                max_rooms,
                room_min_size: sizes.0,
                room_max_size: sizes.0 + sizes.1,
            };
            if let Ok(d) = settings.generate(seed) {
                let (sparse, general) = both(&d);
                if let Some(sparse) = sparse {
                    prop_assert_eq!(&sparse, &general);
                }
                prop_assert_eq!(RegionGraph::of(&d), general);
            }
        }
    }
}
