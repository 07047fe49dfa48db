//! The walkable tiles outside the rooms, cut into pieces: doorways between rooms,
//! corridors (cut at their junctions) and chambers (a watershed of the distance to the
//! walls). [`super::pieces`] then makes each piece nodes of at most
//! [`MAX_TILES`](super::MAX_TILES) tiles, each in one piece.
//!
//! Everything works in place on the graph's labels: a free tile is [`FREE`] until it is
//! given a piece, `PIECE | number`.

use super::padded::{Padded, step};
use super::watershed::chambers;
use super::{FREE, NONE, NodeKind, PIECE, piece_of};
use crate::Map;

/// A dead-end nook of narrow tiles at most this large, off one chamber and nothing else,
/// is part of that chamber (the ragged edge of a cave), not a corridor of its own.
pub(super) const NOOK_TILES: usize = 8;

/// The distance of a free tile not yet reached; distances saturate one below.
const UNSET: u8 = 0x7f;
/// The bit of an open tile's distance: inside some 3 x 3 square of free tiles.
pub(super) const OPEN: u8 = 0x80;

/// A narrow tile taken into the component being cut.
const COLLECTED: u32 = NONE - 2;
/// A junction not yet given to a corridor.
const JUNCTION: u32 = NONE - 3;

/// The free tiles, cut into pieces.
pub(super) struct Free {
    /// The slots of the free tiles, in row order.
    pub(super) tiles: Vec<u32>,
    /// Each piece's kind.
    pub(super) kinds: Vec<NodeKind>,
}

/// Marks the walkable tiles of `map` that `labels` leaves [`NONE`] (the rooms are
/// labelled) as free and gives each a piece.
pub(super) fn partition(map: &Map, pad: Padded, labels: &mut [u32]) -> Free {
    let mut tiles: Vec<u32> = Vec::new();
    if pad.width > 0 {
        for (y, row) in map.tiles().chunks(pad.width).enumerate() {
            let base = (y + 1) * pad.stride() + 1;
            for (x, tile) in row.iter().enumerate() {
                if tile.walkable && labels[base + x] == NONE {
                    labels[base + x] = FREE;
                    tiles.push((base + x) as u32);
                }
            }
        }
    }
    let dist = wall_distance(pad, labels, &tiles);
    let chamber_count = chambers(&dist, &tiles, pad, labels);
    let mut cut = Cutter {
        pad,
        dist: &dist,
        labels,
        kinds: vec![NodeKind::Area; chamber_count],
        component: Vec::new(),
        stack: Vec::new(),
    };
    for &i in &tiles {
        if cut.labels[i as usize] == FREE {
            cut.narrow_component(i as usize);
        }
    }
    let kinds = cut.kinds;
    Free { tiles, kinds }
}

/// Each free tile's chessboard distance to the nearest tile that is not free (saturating
/// at 126), with [`OPEN`] set on the open tiles; 0 elsewhere. A breadth-first search from
/// the free tiles at the edge.
fn wall_distance(pad: Padded, labels: &[u32], tiles: &[u32]) -> Vec<u8> {
    let ring = pad.ring();
    let mut dist = vec![0u8; pad.len()];
    let mut queue: Vec<u32> = Vec::with_capacity(tiles.len());
    for &i in tiles {
        let i = i as usize;
        let edge = ring.iter().any(|&o| labels[step(i, o)] != FREE);
        dist[i] = if edge { 1 } else { UNSET };
        if edge {
            queue.push(i as u32);
        }
    }
    let mut head = 0;
    while let Some(&i) = queue.get(head) {
        head += 1;
        let next = (dist[i as usize] + 1).min(UNSET - 1);
        for o in ring {
            let j = step(i as usize, o);
            if dist[j] == UNSET {
                dist[j] = next;
                queue.push(j as u32);
            }
        }
    }
    // A tile of distance 2 or more is the middle of a 3 x 3 square of free tiles: it and
    // its neighbours are open. (Marking from the middles costs nothing where all is narrow.)
    for &i in &queue[head_of_cores(&queue, &dist)..] {
        let i = i as usize;
        dist[i] |= OPEN;
        for o in ring {
            let j = step(i, o);
            dist[j] |= OPEN;
        }
    }
    dist
}

/// Where the tiles of distance 2 or more start in the breadth-first `queue` (it holds the
/// free tiles by rising distance).
fn head_of_cores(queue: &[u32], dist: &[u8]) -> usize {
    queue.partition_point(|&i| dist[i as usize] & !OPEN < 2)
}

/// What a component of narrow tiles touches.
#[derive(Default)]
struct Contacts {
    /// The first two distinct chambers touched, and whether there were more.
    chambers: [Option<u32>; 2],
    many_chambers: bool,
    /// The first two distinct rooms touched.
    rooms: [Option<u32>; 2],
    /// Every tile touches a room.
    all_by_rooms: bool,
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

/// Cuts the narrow tiles into pieces, one component at a time.
struct Cutter<'a> {
    pad: Padded,
    dist: &'a [u8],
    labels: &'a mut [u32],
    kinds: Vec<NodeKind>,
    component: Vec<u32>,
    stack: Vec<u32>,
}

impl Cutter<'_> {
    fn is_narrow(&self, j: usize) -> bool {
        self.dist[j] != 0 && self.dist[j] & OPEN == 0
    }

    /// The component of narrow tiles of `first`: a nook of a chamber, a doorway between
    /// rooms, or corridors cut at their junctions.
    fn narrow_component(&mut self, first: usize) {
        let ring = self.pad.ring();
        let mut tiles = std::mem::take(&mut self.component);
        tiles.clear();
        tiles.push(first as u32);
        self.labels[first] = COLLECTED;
        let mut contacts = Contacts {
            all_by_rooms: true,
            ..Contacts::default()
        };
        let mut k = 0;
        while let Some(&i) = tiles.get(k) {
            k += 1;
            let mut by_room = false;
            for o in ring {
                let j = step(i as usize, o);
                let label = self.labels[j];
                if label == FREE {
                    self.labels[j] = COLLECTED;
                    tiles.push(j as u32);
                } else if self.dist[j] & OPEN != 0 {
                    let chamber = piece_of(label).unwrap_or(u32::MAX);
                    contacts.many_chambers |= note(&mut contacts.chambers, chamber);
                } else if label < PIECE {
                    by_room = true;
                    note(&mut contacts.rooms, label);
                }
            }
            contacts.all_by_rooms &= by_room;
        }
        let one_chamber = match contacts.chambers {
            [Some(c), None] if !contacts.many_chambers => Some(c),
            _ => None,
        };
        if let (Some(chamber), [None, _], true) =
            (one_chamber, contacts.rooms, tiles.len() <= NOOK_TILES)
        {
            self.label_all(&tiles, chamber);
        } else if contacts.chambers[0].is_none()
            && contacts.rooms[1].is_some()
            && contacts.all_by_rooms
        {
            let door = self.new_piece(NodeKind::Door);
            self.label_all(&tiles, door);
        } else {
            self.cut_at_junctions(&tiles);
        }
        self.component = tiles;
    }

    fn new_piece(&mut self, kind: NodeKind) -> u32 {
        self.kinds.push(kind);
        (self.kinds.len() - 1) as u32
    }

    fn label_all(&mut self, tiles: &[u32], piece: u32) {
        for &i in tiles {
            self.labels[i as usize] = PIECE | piece;
        }
    }

    /// A junction: a narrow tile where three or more corridors meet, that is, whose ring
    /// of eight neighbours enters a narrow tile from a tile that is not three times or
    /// more going round.
    fn is_junction(&self, i: usize) -> bool {
        let member = self.pad.ring().map(|o| self.is_narrow(step(i, o)));
        (0..8)
            .filter(|&k| member[k] && !member[(k + 7) % 8])
            .count()
            >= 3
    }

    /// Corridors: the component less its junctions falls into segments, each a piece;
    /// each junction joins the first segment that reaches it (breadth first), and
    /// junctions no segment reaches form pieces of their own.
    fn cut_at_junctions(&mut self, tiles: &[u32]) {
        let ring = self.pad.ring();
        for &i in tiles {
            if self.is_junction(i as usize) {
                self.labels[i as usize] = JUNCTION;
            }
        }
        for &i in tiles {
            if self.labels[i as usize] == COLLECTED {
                let segment = self.new_piece(NodeKind::Corridor);
                self.flood(i as usize, COLLECTED, segment);
            }
        }
        // Junctions next to a segment take its piece, all at once; then breadth first
        // through the junctions.
        let mut queue: Vec<(u32, u32)> = Vec::new();
        for &i in tiles {
            let i = i as usize;
            if self.labels[i] != JUNCTION {
                continue;
            }
            let from = ring
                .iter()
                .map(|&o| step(i, o))
                .filter(|&j| self.is_narrow(j))
                .find_map(|j| piece_of(self.labels[j]));
            if let Some(segment) = from {
                queue.push((i as u32, segment));
            }
        }
        for &(i, segment) in &queue {
            self.labels[i as usize] = PIECE | segment;
        }
        let mut head = 0;
        while let Some(&(i, segment)) = queue.get(head) {
            head += 1;
            for o in ring {
                let j = step(i as usize, o);
                if self.labels[j] == JUNCTION {
                    self.labels[j] = PIECE | segment;
                    queue.push((j as u32, segment));
                }
            }
        }
        for &i in tiles {
            if self.labels[i as usize] == JUNCTION {
                let cluster = self.new_piece(NodeKind::Corridor);
                self.flood(i as usize, JUNCTION, cluster);
            }
        }
    }

    /// Gives `piece` to every tile 8-connected to `first` whose label is `from`. From a
    /// segment's tiles, a diagonal step beside a junction is not taken: it would go round
    /// the junction from one corridor into the next.
    fn flood(&mut self, first: usize, from: u32, piece: u32) {
        let ring = self.pad.ring();
        self.labels[first] = PIECE | piece;
        self.stack.push(first as u32);
        while let Some(i) = self.stack.pop() {
            let i = i as usize;
            for (k, &o) in ring.iter().enumerate() {
                let j = step(i, o);
                if self.labels[j] != from {
                    continue;
                }
                let beside_junction = from == COLLECTED
                    && k % 2 == 1
                    && (self.labels[step(i, ring[k - 1])] == JUNCTION
                        || self.labels[step(i, ring[(k + 1) % 8])] == JUNCTION);
                if !beside_junction {
                    self.labels[j] = PIECE | piece;
                    self.stack.push(j as u32);
                }
            }
        }
    }
}
