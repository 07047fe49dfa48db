//! Connectivity of a solved interior, kept up to date through block repairs at the cost
//! of the blocks, not of the map: the walkable regions are labelled once per solved
//! attempt, and a block solved again is judged and merged from the tiles around it.
//!
//! * [`Regions::label`]: the 4-connected regions of floor, one label each, with a
//!   union-find over labels (regions that blocks joined) and their sizes.
//! * [`Regions::plan_bridges`]: one breadth-first search from every region at once, through
//!   anything, finds where each region's search meets another's: the shortest gaps
//!   between neighbouring regions, sorted by length (Kruskal's order: the repairs join
//!   regions as a minimum spanning tree over these gaps would).
//! * [`Regions::before_block`] and [`Regions::after_block`]: a block's tiles (the area `B`
//!   it may change) and the ring of tiles around it (`R`, which it cannot) are searched
//!   before and after it is solved again. The new block is kept only if every two ring
//!   tiles joined inside `B ∪ R` before still are (so no path anywhere on the map was cut:
//!   each stretch of it through `B` ran between two such ring tiles) and the regions are
//!   fewer; the union-find then joins the regions its new floor touches.
//!
//! Work: O(cells) per solved attempt for the labels, O(cells) each time the gaps are
//! planned (again only after regions were joined), O(area of `B ∪ R`) per block; the
//! caller bounds the total. Relabelling the whole map after every block made an attempt whose floor stayed
//! in pieces cost O(cells²).

use crate::union_find::root;

/// Label of a wall tile, and "none" in the scratch buffers.
const NONE: u32 = u32::MAX;

/// A rectangle of interior tiles, corners included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TileBox {
    pub(crate) x0: usize,
    pub(crate) y0: usize,
    pub(crate) x1: usize,
    pub(crate) y1: usize,
}

impl TileBox {
    fn width(&self) -> usize {
        self.x1 - self.x0 + 1
    }

    fn area(&self) -> usize {
        self.width() * (self.y1 - self.y0 + 1)
    }

    fn contains(&self, x: usize, y: usize) -> bool {
        (self.x0..=self.x1).contains(&x) && (self.y0..=self.y1).contains(&y)
    }

    /// The box grown by one tile on each side, within `width` x `height`.
    fn grown(&self, width: usize, height: usize) -> TileBox {
        TileBox {
            x0: self.x0.saturating_sub(1),
            y0: self.y0.saturating_sub(1),
            x1: (self.x1 + 1).min(width - 1),
            y1: (self.y1 + 1).min(height - 1),
        }
    }
}

/// Where two regions come closest, as one breadth-first search from all of them found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Gap {
    /// A walkable tile of one region (row-major index of the interior).
    pub(crate) from: usize,
    /// A walkable tile of another.
    pub(crate) to: usize,
}

/// The block being solved again: its area `B`, the area searched (`B` and its ring), and
/// the pieces of the ring's walkable tiles before.
#[derive(Debug, Clone, Default)]
struct Pending {
    block: Option<(TileBox, TileBox)>,
    /// Per tile of the searched area (row-major in it), the piece of `B ∪ R` it was in
    /// before; `NONE` for walls.
    before: Vec<u32>,
}

/// The regions of floor of a `width` x `height` interior, kept through block repairs.
#[derive(Debug, Clone, Default)]
pub(crate) struct Regions {
    width: usize,
    height: usize,
    /// Per tile, its label (`NONE` for a wall); a region is a union-find class of labels.
    labels: Vec<u32>,
    parent: Vec<u32>,
    /// Tiles per root label.
    size: Vec<u32>,
    /// Regions with at least one tile.
    count: usize,
    /// The gaps to bridge, shortest first, and the next to try.
    bridges: Vec<Gap>,
    next: usize,
    /// The count of regions when the gaps were planned.
    planned_at: usize,
    pending: Pending,
    queue: Vec<u32>,
    /// Per tile, the region tile a search reached it from, and how far it was.
    origin: Vec<u32>,
    distance: Vec<u32>,
    /// Scratch of `after_block`: per root label, its slot among the roots a block touches.
    slot: Vec<u32>,
}

impl Regions {
    /// Labels the walkable tiles (`walkable[y * width + x]`), each region once.
    pub(crate) fn label(&mut self, walkable: &[bool], width: usize, height: usize) {
        self.width = width;
        self.height = height;
        self.labels.clear();
        self.labels.resize(width * height, NONE);
        self.parent.clear();
        self.size.clear();
        self.slot.clear();
        for start in 0..width * height {
            if !walkable[start] || self.labels[start] != NONE {
                continue;
            }
            let label = self.parent.len() as u32;
            self.labels[start] = label;
            self.queue.clear();
            self.queue.push(start as u32);
            let mut size = 0;
            while let Some(t) = self.queue.pop() {
                size += 1;
                for n in neighbours(t as usize, width, height).into_iter().flatten() {
                    if walkable[n] && self.labels[n] == NONE {
                        self.labels[n] = label;
                        self.queue.push(n as u32);
                    }
                }
            }
            self.parent.push(label);
            self.size.push(size);
            self.slot.push(NONE);
        }
        self.count = self.parent.len();
        self.bridges.clear();
        self.next = 0;
        self.pending.block = None;
    }

    /// How many regions there are.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    fn find(&mut self, l: u32) -> u32 {
        root(&mut self.parent, l)
    }

    /// The region of walkable tile `t`.
    fn region(&mut self, t: usize) -> u32 {
        let label = self.labels[t];
        self.find(label)
    }

    /// Finds the gaps between neighbouring regions: a breadth-first search from every
    /// walkable tile at once through any tile; where the searches of two regions meet, the
    /// two tiles they came from are a gap, as long as the two paths. The gaps are kept
    /// shortest first (a counting sort: the lengths are below the map's area).
    pub(crate) fn plan_bridges(&mut self) {
        let (width, height) = (self.width, self.height);
        let tiles = width * height;
        self.origin.clear();
        self.origin.resize(tiles, NONE);
        self.distance.clear();
        self.distance.resize(tiles, 0);
        self.queue.clear();
        for t in 0..tiles {
            if self.labels[t] != NONE {
                self.origin[t] = t as u32;
                self.queue.push(t as u32);
            }
        }
        let mut found: Vec<(u32, Gap)> = Vec::new();
        let mut head = 0;
        while head < self.queue.len() {
            let t = self.queue[head] as usize;
            head += 1;
            for n in neighbours(t, width, height).into_iter().flatten() {
                if self.origin[n] == NONE {
                    self.origin[n] = self.origin[t];
                    self.distance[n] = self.distance[t] + 1;
                    self.queue.push(n as u32);
                } else if (self.distance[n], n) < (self.distance[t], t) {
                    // Each meeting once: from the tile of the two searched last, when the
                    // other has been reached.
                    let (a, b) = (self.origin[t] as usize, self.origin[n] as usize);
                    if self.region(a) != self.region(b) {
                        let length = self.distance[t] + self.distance[n] + 1;
                        found.push((length, Gap { from: a, to: b }));
                    }
                }
            }
        }
        let longest = found.iter().map(|&(l, _)| l as usize).max().unwrap_or(0);
        let mut starts = vec![0usize; longest + 2];
        for &(l, _) in &found {
            starts[l as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        self.bridges.clear();
        self.bridges.resize(found.len(), Gap { from: 0, to: 0 });
        for (l, gap) in found {
            self.bridges[starts[l as usize]] = gap;
            starts[l as usize] += 1;
        }
        self.next = 0;
        self.planned_at = self.count;
    }

    /// True when regions were joined since the gaps were last planned: planning again may
    /// find gaps that the blocks tried so far did not.
    pub(crate) fn joined_since_planned(&self) -> bool {
        self.count < self.planned_at
    }

    /// The next gap, shortest first, whose ends are still walkable and in two regions; `None`
    /// when every gap is bridged or was tried. `walkable` is the interior as it stands.
    pub(crate) fn next_bridge(&mut self, walkable: &[bool]) -> Option<Gap> {
        while let Some(&gap) = self.bridges.get(self.next) {
            self.next += 1;
            if walkable[gap.from] && walkable[gap.to] && self.region(gap.from) != self.region(gap.to) {
                return Some(gap);
            }
        }
        None
    }

    /// The tiles of `block` (the area a block solved again may change) and its ring, as the
    /// search sees them: returns the area searched. Call before the block is reset.
    pub(crate) fn before_block(&mut self, block: TileBox, walkable: &[bool]) -> TileBox {
        let area = block.grown(self.width, self.height);
        let mut before = std::mem::take(&mut self.pending.before);
        pieces(area, self.width, |t| walkable[t], &mut before, &mut self.queue);
        self.pending = Pending {
            block: Some((block, area)),
            before,
        };
        area
    }

    /// After the block of [`Regions::before_block`] was solved again, `now` giving each
    /// tile's walkability as it now stands (`walkable` as it stood): keeps the new tiles
    /// (updating `walkable`, the labels and the count) and returns true when nothing was
    /// cut off and the regions are fewer; else changes nothing and returns false.
    pub(crate) fn after_block(&mut self, walkable: &mut [bool], now: impl Fn(usize) -> bool) -> bool {
        let Some((block, area)) = self.pending.block.take() else {
            return false;
        };
        let width = self.width;
        let aw = area.width();
        let at = |i: usize| (area.y0 + i / aw) * width + area.x0 + i % aw;
        let in_block = |i: usize| block.contains(area.x0 + i % aw, area.y0 + i / aw);
        let mut after = Vec::new();
        let mut queue = std::mem::take(&mut self.queue);
        let pieces_after = pieces(area, width, |t| if block.contains(t % width, t / width) { now(t) } else { walkable[t] }, &mut after, &mut queue);
        self.queue = queue;
        // 1. Every two ring tiles joined before are joined now.
        let before = std::mem::take(&mut self.pending.before);
        let pieces_before = before.iter().filter(|&&p| p != NONE).max().map_or(0, |&p| p as usize + 1);
        let mut maps_to = vec![NONE; pieces_before];
        for i in (0..area.area()).filter(|&i| !in_block(i) && before[i] != NONE) {
            let b = before[i] as usize;
            if maps_to[b] == NONE {
                maps_to[b] = after[i];
            } else if maps_to[b] != after[i] {
                self.pending.before = before;
                return false;
            }
        }
        // 2. The regions the block touches (its old floor, the ring's floor), each a slot
        //    of a small union-find, with the tiles each loses from the block.
        let mut roots: Vec<u32> = Vec::new();
        let mut lost: Vec<u32> = Vec::new();
        for (i, &was) in before.iter().enumerate() {
            let t = at(i);
            if walkable[t] && (in_block(i) || was != NONE) {
                let root = self.region(t);
                if self.slot[root as usize] == NONE {
                    self.slot[root as usize] = roots.len() as u32;
                    roots.push(root);
                    lost.push(0);
                }
                if in_block(i) {
                    lost[self.slot[root as usize] as usize] += 1;
                }
            }
        }
        // 3. The pieces now: one touching ring floor joins those regions; one inside the
        //    block alone is a new region.
        let mut group: Vec<u32> = (0..roots.len() as u32).collect();
        let mut piece_group = vec![NONE; pieces_after];
        let mut gained = vec![0u32; roots.len()];
        let mut alone: Vec<u32> = vec![0; pieces_after];
        for (i, &p) in after.iter().enumerate() {
            if p == NONE {
                continue;
            }
            if in_block(i) {
                alone[p as usize] += 1;
            } else {
                let root = self.region(at(i));
                let s = self.slot[root as usize];
                match piece_group[p as usize] {
                    NONE => piece_group[p as usize] = s,
                    g => union(&mut group, g, s),
                }
            }
        }
        let mut new_regions = 0;
        for p in 0..pieces_after {
            match piece_group[p] {
                NONE if alone[p] > 0 => new_regions += 1,
                NONE => {}
                g => gained[g as usize] += alone[p],
            }
        }
        let mut total = vec![0i64; roots.len()];
        for s in 0..roots.len() {
            let g = root(&mut group, s as u32) as usize;
            total[g] += i64::from(self.size[roots[s] as usize]) - i64::from(lost[s]) + i64::from(gained[s]);
        }
        let groups_left = (0..roots.len()).filter(|&s| root(&mut group, s as u32) as usize == s && total[s] > 0).count();
        let count = self.count - roots.len() + groups_left + new_regions;
        let kept = count < self.count;
        if kept {
            self.apply(block, area, &after, &piece_group, &mut group, &roots, &total, walkable, &now);
            self.count = count;
        }
        for &root in &roots {
            self.slot[root as usize] = NONE;
        }
        self.pending.before = before;
        kept
    }

    /// Writes a kept block: the regions it joined become one (its root's size the group's
    /// total), its tiles take their new labels (a new one for a piece alone in the block).
    #[allow(clippy::too_many_arguments)]
    fn apply(
        &mut self,
        block: TileBox,
        area: TileBox,
        after: &[u32],
        piece_group: &[u32],
        group: &mut [u32],
        roots: &[u32],
        total: &[i64],
        walkable: &mut [bool],
        now: &impl Fn(usize) -> bool,
    ) {
        let width = self.width;
        let aw = area.width();
        for s in 0..roots.len() {
            let g = root(group, s as u32) as usize;
            if g != s {
                self.parent[roots[s] as usize] = roots[g];
            }
        }
        for s in 0..roots.len() {
            if root(group, s as u32) as usize == s {
                self.size[roots[s] as usize] = total[s].max(0) as u32;
            }
        }
        let mut fresh = vec![NONE; piece_group.len()];
        for (i, &p) in after.iter().enumerate() {
            let (x, y) = (area.x0 + i % aw, area.y0 + i / aw);
            if !block.contains(x, y) {
                continue;
            }
            let t = y * width + x;
            walkable[t] = now(t);
            self.labels[t] = match p {
                NONE => NONE,
                _ => match piece_group[p as usize] {
                    NONE => {
                        if fresh[p as usize] == NONE {
                            let label = self.parent.len() as u32;
                            self.parent.push(label);
                            self.size.push(0);
                            self.slot.push(NONE);
                            fresh[p as usize] = label;
                        }
                        let label = fresh[p as usize];
                        self.size[label as usize] += 1;
                        label
                    }
                    g => roots[root(group, g) as usize],
                },
            };
        }
    }
}

/// Labels the pieces of the walkable tiles of `area` (a box of a grid `width` wide),
/// 4-connected within it: `pieces[i]` for tile `i` of the box (row-major), `NONE` for a
/// wall. Returns how many pieces.
fn pieces(area: TileBox, width: usize, walkable: impl Fn(usize) -> bool, pieces: &mut Vec<u32>, queue: &mut Vec<u32>) -> usize {
    let (aw, ah) = (area.width(), area.y1 - area.y0 + 1);
    let at = |i: usize| (area.y0 + i / aw) * width + area.x0 + i % aw;
    pieces.clear();
    pieces.resize(aw * ah, NONE);
    let mut count = 0;
    for start in 0..aw * ah {
        if pieces[start] != NONE || !walkable(at(start)) {
            continue;
        }
        pieces[start] = count;
        queue.clear();
        queue.push(start as u32);
        while let Some(i) = queue.pop() {
            for n in neighbours(i as usize, aw, ah).into_iter().flatten() {
                if pieces[n] == NONE && walkable(at(n)) {
                    pieces[n] = count;
                    queue.push(n as u32);
                }
            }
        }
        count += 1;
    }
    count as usize
}

fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (root(parent, a), root(parent, b));
    if ra != rb {
        let (keep, gone) = if ra < rb { (ra, rb) } else { (rb, ra) };
        parent[gone as usize] = keep;
    }
}

/// The four neighbours of tile `t` inside the grid.
fn neighbours(t: usize, width: usize, height: usize) -> [Option<usize>; 4] {
    let (x, y) = (t % width, t / width);
    [
        (x + 1 < width).then_some(t + 1),
        (x > 0).then(|| t - 1),
        (y + 1 < height).then_some(t + width),
        (y > 0).then(|| t - width),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> (Vec<bool>, usize, usize) {
        let (w, h) = (rows[0].len(), rows.len());
        (rows.iter().flat_map(|r| r.bytes().map(|b| b == b'.')).collect(), w, h)
    }

    /// Regions counted afresh, for checking the kept counts.
    fn fresh_count(walkable: &[bool], w: usize, h: usize) -> usize {
        let mut r = Regions::default();
        r.label(walkable, w, h);
        r.count()
    }

    #[test]
    fn gaps_come_shortest_first() {
        let (walkable, w, h) = grid(&["..#....", "..#.#..", "###.###", "....#.."]);
        let mut r = Regions::default();
        r.label(&walkable, w, h);
        assert_eq!(r.count(), 3);
        r.plan_bridges();
        let first = r.next_bridge(&walkable).unwrap();
        let length = |g: Gap| (g.from % w).abs_diff(g.to % w) + (g.from / w).abs_diff(g.to / w);
        assert_eq!(length(first), 2, "{first:?}");
        let mut more = 0;
        while let Some(g) = r.next_bridge(&walkable) {
            assert_ne!(r.region(g.from), r.region(g.to));
            more += 1;
        }
        assert!(more > 2, "{more}");
    }

    #[test]
    fn a_block_that_joins_is_kept_and_one_that_cuts_is_not() {
        let (mut walkable, w, h) = grid(&[".....", "##.##", "#####", ".....", "....."]);
        let mut r = Regions::default();
        r.label(&walkable, w, h);
        assert_eq!(r.count(), 2);
        // Open (2, 2): the two regions join.
        let block = TileBox { x0: 2, y0: 2, x1: 2, y1: 2 };
        r.before_block(block, &walkable);
        let snapshot = walkable.clone();
        assert!(r.after_block(&mut walkable, |t| t == 2 * w + 2 || snapshot[t]));
        assert_eq!(r.count(), 1);
        assert_eq!(fresh_count(&walkable, w, h), 1);
        // Wall up (2, 1) and (2, 2): cut again, refused.
        let block = TileBox { x0: 2, y0: 1, x1: 2, y1: 2 };
        r.before_block(block, &walkable);
        let snapshot = walkable.clone();
        assert!(!r.after_block(&mut walkable, |t| t != w + 2 && t != 2 * w + 2 && snapshot[t]));
        assert_eq!(walkable, snapshot, "nothing changed");
        assert_eq!(r.count(), 1);
    }
}
