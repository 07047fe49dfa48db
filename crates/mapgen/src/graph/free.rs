//! The walkable tiles outside the rooms, cut into pieces: doorways between rooms,
//! corridors (cut at their junctions) and chambers (a watershed of the distance to the
//! walls). Each piece is later cut to nodes of at most [`MAX_TILES`](super::MAX_TILES)
//! tiles, each in one piece ([`super::pieces`]).

use super::watershed::chambers;
use super::{NONE, NodeKind, ring};

/// A dead-end nook of narrow tiles at most this large, off one chamber and nothing else,
/// is part of that chamber (the ragged edge of a cave), not a corridor of its own.
pub(super) const NOOK_TILES: usize = 8;

/// The free tiles of a map cut into pieces.
pub(super) struct Pieces {
    /// Each tile's piece; [`NONE`] for walls and room tiles.
    pub(super) piece: Vec<u32>,
    /// Each piece's kind.
    pub(super) kinds: Vec<NodeKind>,
}

/// The tiles that are `walkable` and not labelled in `labels` (whose labels below
/// `rooms` are rooms), cut into pieces. `width` is the map's width.
pub(super) fn partition(walkable: &[bool], labels: &[u32], width: usize) -> Pieces {
    let n = walkable.len();
    let is_free = |i: usize| walkable[i] && labels[i] == NONE;
    let dist = wall_distance(n, width, is_free);
    // Open: inside some 3x3 square of free tiles; narrow: the rest (at most two wide).
    let open: Vec<bool> = (0..n)
        .map(|i| {
            dist[i] >= 2 || (dist[i] == 1 && ring(i, width, n).into_iter().flatten().any(|j| dist[j] >= 2))
        })
        .collect();
    let (mut piece, chamber_count) = chambers(&dist, &open, width);
    let mut kinds = vec![NodeKind::Area; chamber_count];
    let mut cut = Cutter {
        width,
        dist: &dist,
        open: &open,
        labels,
        piece: &mut piece,
        kinds: &mut kinds,
        seen: vec![false; n],
        stack: Vec::new(),
    };
    for i in 0..n {
        if dist[i] > 0 && !open[i] && !cut.seen[i] {
            cut.narrow_component(i);
        }
    }
    Pieces { piece, kinds }
}

/// Chessboard distance from each free tile to the nearest tile that is not free (the
/// map's outside counts as not free), saturating at 255; 0 on tiles that are not free.
/// A breadth-first search from the free tiles at the edge.
fn wall_distance(n: usize, width: usize, is_free: impl Fn(usize) -> bool) -> Vec<u8> {
    let mut dist = vec![0u8; n];
    let mut queue: Vec<u32> = Vec::new();
    for i in 0..n {
        if is_free(i) {
            dist[i] = u8::MAX;
        }
    }
    for i in 0..n {
        if dist[i] != 0 && ring(i, width, n).iter().any(|j| j.is_none_or(|j| dist[j] == 0)) {
            dist[i] = 1;
            queue.push(i as u32);
        }
    }
    let mut head = 0;
    while let Some(&i) = queue.get(head) {
        head += 1;
        let next = dist[i as usize].saturating_add(1);
        for j in ring(i as usize, width, n).into_iter().flatten() {
            if dist[j] == u8::MAX && next < u8::MAX {
                dist[j] = next;
                queue.push(j as u32);
            }
        }
    }
    dist
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
    width: usize,
    dist: &'a [u8],
    open: &'a [bool],
    labels: &'a [u32],
    piece: &'a mut Vec<u32>,
    kinds: &'a mut Vec<NodeKind>,
    seen: Vec<bool>,
    stack: Vec<u32>,
}

impl Cutter<'_> {
    fn is_narrow(&self, j: usize) -> bool {
        self.dist[j] > 0 && !self.open[j]
    }

    /// The component of narrow tiles of `first`: a nook of a chamber, a doorway between
    /// rooms, or corridors cut at their junctions.
    fn narrow_component(&mut self, first: usize) {
        let n = self.dist.len();
        let mut tiles = vec![first as u32];
        self.seen[first] = true;
        let mut contacts = Contacts {
            all_by_rooms: true,
            ..Contacts::default()
        };
        let mut k = 0;
        while let Some(&i) = tiles.get(k) {
            k += 1;
            let mut by_room = false;
            for j in ring(i as usize, self.width, n).into_iter().flatten() {
                if self.is_narrow(j) {
                    if !self.seen[j] {
                        self.seen[j] = true;
                        tiles.push(j as u32);
                    }
                } else if self.open[j] {
                    contacts.many_chambers |= note(&mut contacts.chambers, self.piece[j]);
                } else if self.labels[j] != NONE {
                    by_room = true;
                    note(&mut contacts.rooms, self.labels[j]);
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
    }

    fn new_piece(&mut self, kind: NodeKind) -> u32 {
        self.kinds.push(kind);
        (self.kinds.len() - 1) as u32
    }

    fn label_all(&mut self, tiles: &[u32], piece: u32) {
        for &i in tiles {
            self.piece[i as usize] = piece;
        }
    }

    /// A junction: a narrow tile where three or more corridors meet, that is, whose ring
    /// of eight neighbours enters a narrow tile from a tile that is not three times or
    /// more going round.
    fn is_junction(&self, i: usize) -> bool {
        let around = ring(i, self.width, self.dist.len());
        let member = around.map(|j| j.is_some_and(|j| self.is_narrow(j)));
        (0..8).filter(|&k| member[k] && !member[(k + 7) % 8]).count() >= 3
    }

    /// Corridors: the component less its junctions falls into segments, each a piece;
    /// each junction joins the first segment that reaches it (breadth first), and
    /// junctions no segment reaches form pieces of their own.
    fn cut_at_junctions(&mut self, tiles: &[u32]) {
        let n = self.dist.len();
        let junction: Vec<bool> = tiles.iter().map(|&i| self.is_junction(i as usize)).collect();
        for (&i, &is) in tiles.iter().zip(&junction) {
            if is {
                self.piece[i as usize] = JUNCTION;
            }
        }
        for (&i, &is) in tiles.iter().zip(&junction) {
            if !is && self.piece[i as usize] == NONE {
                let segment = self.new_piece(NodeKind::Corridor);
                self.flood(i as usize, NONE, segment);
            }
        }
        // Junctions next to a segment, then breadth first through the junctions.
        let mut queue: Vec<u32> = Vec::new();
        for &i in tiles {
            let i = i as usize;
            if self.piece[i] != JUNCTION {
                continue;
            }
            let from = ring(i, self.width, n)
                .into_iter()
                .flatten()
                .filter(|&j| self.is_narrow(j))
                .map(|j| self.piece[j])
                .find(|&p| p != JUNCTION && p & REACHED_BIT == 0);
            if let Some(segment) = from {
                queue.push(i as u32);
                self.piece[i] = segment | REACHED_BIT;
            }
        }
        // The bit marks junctions reached this round, so a junction reached in the same
        // round does not pass its segment on before its own turn.
        for &i in &queue {
            self.piece[i as usize] &= !REACHED_BIT;
        }
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            let segment = self.piece[i as usize];
            for j in ring(i as usize, self.width, n).into_iter().flatten() {
                if self.piece[j] == JUNCTION {
                    self.piece[j] = segment;
                    queue.push(j as u32);
                }
            }
        }
        for &i in tiles {
            if self.piece[i as usize] == JUNCTION {
                let cluster = self.new_piece(NodeKind::Corridor);
                self.flood(i as usize, JUNCTION, cluster);
            }
        }
    }

    /// Labels `piece` on every narrow tile 8-connected to `first` whose piece is `from`.
    /// A diagonal step beside a junction is not taken: it would go round the junction
    /// from one corridor into the next.
    fn flood(&mut self, first: usize, from: u32, piece: u32) {
        let n = self.dist.len();
        self.piece[first] = piece;
        self.stack.push(first as u32);
        while let Some(i) = self.stack.pop() {
            let around = ring(i as usize, self.width, n);
            for (k, j) in around.into_iter().enumerate() {
                let Some(j) = j else { continue };
                let beside_junction = k % 2 == 1
                    && [around[k - 1], around[(k + 1) % 8]]
                        .into_iter()
                        .flatten()
                        .any(|t| self.piece[t] == JUNCTION);
                if self.piece[j] == from && self.is_narrow(j) && !(from == NONE && beside_junction) {
                    self.piece[j] = piece;
                    self.stack.push(j as u32);
                }
            }
        }
    }
}

/// The piece of a junction until a corridor reaches it.
const JUNCTION: u32 = NONE - 1;

/// Marks a junction given its segment in this round (piece numbers stay far below it).
const REACHED_BIT: u32 = 1 << 31;
