//! Joining separate regions of walkable tiles into one with the shortest set of L-shaped
//! tunnels: the step that makes a cave (or any map carved in pieces) connected without
//! throwing floor away.
//!
//! Every wall tile is given to its nearest region by a breadth-first walk from all
//! walkable tiles at once (a Voronoi partition of the walls by walking distance). Where
//! two regions' parts meet, a tunnel between the two walkable tiles they grew from is a
//! candidate; Kruskal's algorithm keeps the shortest candidates that join regions not yet
//! joined (a minimum spanning tree over the regions), and each kept one is dug with
//! [`tunnel_between`]. Work and memory are linear in the map's area, plus sorting the
//! candidates.

use crate::carve::{Bend, tunnel_between};
use crate::union_find::UnionFind;
use crate::{Map, Regions, Tile};

/// No region yet.
const UNOWNED: u32 = u32::MAX;

/// Joins every region of walkable tiles into one with L-shaped tunnels (horizontal leg
/// first) between nearest walkable tiles of neighbouring regions, chosen as a minimum
/// spanning tree by tunnel length (ties by position); returns how many tunnels were dug,
/// one less than the number of regions (0 for a map with at most one region).
///
/// A tunnel carves floor from one walkable tile to another along their row and column,
/// so it stays inside the bounding box of its two ends: on a map whose border is wall,
/// the border stays wall. Tunnels may cross other regions and walkable tiles (a door on
/// the way becomes floor).
///
/// Memory: besides the map, two `u32` a tile (each tile's region or source, the queue of
/// wall tiles) and the candidates, at most two per pair of touching regions past the
/// first 65,536.
pub(crate) fn join_regions(map: &mut Map) -> usize {
    let regions = Regions::of(map);
    let count = regions.count();
    if count <= 1 {
        return 0;
    }
    let list = Candidates::new(Candidates::KEEP_ALL, Candidates::RECENT);
    let (joins, owners) = candidates(map, regions.into_labels(), list);
    let joins = joins.finish(&owners);
    let mut sets = UnionFind::new(count);
    let mut dug = 0;
    for &(_, a, b) in &joins {
        let (Some(from), Some(to)) = (
            map.as_grid().point(a as usize),
            map.as_grid().point(b as usize),
        ) else {
            continue;
        };
        if sets.union(owners[a as usize] as usize, owners[b as usize] as usize) {
            tunnel_between(map, from, to, Bend::HorizontalFirst);
            dug += 1;
            if dug + 1 == count {
                break;
            }
        }
    }
    dug
}

/// A candidate tunnel: (length, walkable tile of one region, walkable tile of the
/// other), tiles as row-major indices, the lower index first.
type Candidate = (u32, u32, u32);

/// Every wall tile is given to a region by a breadth-first walk from all walkable tiles
/// at once; where two regions' parts meet, a tunnel between the walkable tiles the parts
/// grew from is a candidate. Returns them in `joins`, and the owner of every tile: for a
/// walkable tile its region (`labels` as given), for a wall tile the walkable tile its
/// part grew from.
fn candidates(map: &Map, labels: Vec<u32>, joins: Candidates) -> (Candidates, Vec<u32>) {
    let mut walk = Walk {
        tiles: map.tiles(),
        width: map.width() as usize,
        owners: labels,
        queue: Vec::with_capacity(map.tiles().iter().filter(|t| !t.walkable).count()),
        joins,
    };
    // The walkable tiles first, in row order, then the wall tiles as they are reached.
    for i in 0..walk.tiles.len() {
        if walk.tiles[i].walkable {
            walk.visit(i);
        }
    }
    let mut head = 0;
    while let Some(&i) = walk.queue.get(head) {
        head += 1;
        walk.visit(i as usize);
    }
    (walk.joins, walk.owners)
}

/// The breadth-first walk of [`candidates`].
struct Walk<'a> {
    tiles: &'a [Tile],
    width: usize,
    /// A walkable tile's region; a wall tile's source, [`UNOWNED`] until reached.
    owners: Vec<u32>,
    /// The wall tiles reached, in order.
    queue: Vec<u32>,
    joins: Candidates,
}

impl Walk<'_> {
    /// The walkable tile that tile `i`'s part grew from.
    fn source(&self, i: usize) -> u32 {
        if self.tiles[i].walkable {
            i as u32
        } else {
            self.owners[i]
        }
    }

    /// Gives the unreached neighbours of tile `i` to its part, and records a candidate
    /// for each neighbour in another region's part.
    fn visit(&mut self, i: usize) {
        let (width, len) = (self.width, self.tiles.len());
        let x = i % width;
        let neighbours = [
            (i >= width).then(|| i - width),
            (x + 1 < width).then_some(i + 1),
            (i + width < len).then_some(i + width),
            (x > 0).then(|| i - 1),
        ];
        let from = self.source(i);
        for j in neighbours.into_iter().flatten() {
            if self.owners[j] == UNOWNED {
                self.owners[j] = from;
                self.queue.push(j as u32);
                continue;
            }
            // Both ends of a meeting are visited: record it once, from the later tile.
            if j > i {
                continue;
            }
            let to = self.source(j);
            let (ra, rb) = (self.owners[from as usize], self.owners[to as usize]);
            if ra != rb {
                let (a, b) = (from.min(to), from.max(to));
                let joined = (tunnel_length(self.width, a, b), a, b);
                self.joins
                    .push(joined, (ra.min(rb), ra.max(rb)), &self.owners);
            }
        }
    }
}

/// Candidate tunnels. Kruskal's algorithm takes at most one tunnel between two regions,
/// the first of theirs in (length, position) order, so only that one need be kept for
/// each pair of regions: a candidate for a pair seen lately replaces the one kept, if
/// first, and once the list grows it is cut down to one for each pair. So it holds at
/// most twice as many as there are pairs of touching regions, past
/// [`Candidates::KEEP_ALL`].
#[derive(Debug)]
struct Candidates {
    list: Vec<Candidate>,
    /// The length at which the list is next cut down.
    cut_at: usize,
    /// Pairs of regions seen lately, by a hash of the pair: the pair and its
    /// candidate's place in `list`.
    recent: Vec<((u32, u32), u32)>,
}

impl Candidates {
    /// Up to this many the list is not cut down.
    const KEEP_ALL: usize = 1 << 16;
    /// How many pairs of regions are remembered as seen lately.
    const RECENT: usize = 1 << 12;

    /// A list cut down at `cut_at` candidates, remembering `recent` pairs seen lately.
    fn new(cut_at: usize, recent: usize) -> Candidates {
        Candidates {
            list: Vec::new(),
            cut_at,
            recent: vec![((UNOWNED, UNOWNED), 0); recent],
        }
    }

    /// Adds `candidate` between the regions `pair` (the lower first); `owners` gives the
    /// region of a walkable tile.
    fn push(&mut self, candidate: Candidate, pair: (u32, u32), owners: &[u32]) {
        let hash = (pair.0.wrapping_mul(0x9E37_79B9) ^ pair.1).wrapping_mul(0x85EB_CA6B);
        let places = self.recent.len().max(1);
        if let Some(slot) = self.recent.get_mut((hash >> 8) as usize % places) {
            if slot.0 == pair {
                let kept = &mut self.list[slot.1 as usize];
                *kept = (*kept).min(candidate);
                return;
            }
            *slot = (pair, self.list.len() as u32);
        }
        self.list.push(candidate);
        if self.list.len() >= self.cut_at {
            self.keep_first_of_each_pair(owners);
            self.cut_at = 2 * self.list.len();
        }
    }

    fn keep_first_of_each_pair(&mut self, owners: &[u32]) {
        let pair = |&(_, a, b): &Candidate| {
            let (ra, rb) = (owners[a as usize], owners[b as usize]);
            (ra.min(rb), ra.max(rb))
        };
        self.list.sort_unstable_by_key(|c| (pair(c), *c));
        self.list.dedup_by_key(|c| pair(c));
        // The places remembered have moved.
        self.recent.fill(((UNOWNED, UNOWNED), 0));
    }

    /// The first candidate of each pair of regions, in (length, position) order.
    fn finish(mut self, owners: &[u32]) -> Vec<Candidate> {
        self.keep_first_of_each_pair(owners);
        self.list.sort_unstable();
        self.list
    }
}

/// Steps along the row and then the column from tile `a` to tile `b` (row-major
/// indices of a map `width` wide).
fn tunnel_length(width: usize, a: u32, b: u32) -> u32 {
    let (a, b) = (a as usize, b as usize);
    let dx = (a % width).abs_diff(b % width);
    let dy = (a / width).abs_diff(b / width);
    (dx + dy) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;
    use crate::path::walking_steps;

    fn joined(text: &str) -> (Map, usize) {
        let mut map = Map::from_ascii(text).unwrap();
        let dug = join_regions(&mut map);
        (map, dug)
    }

    #[test]
    fn two_regions_get_the_shortest_tunnel() {
        let (map, dug) = joined("#########\n#..###..#\n#########\n");
        assert_eq!(dug, 1);
        assert_eq!(map.to_string(), "#########\n#.......#\n#########\n");
    }

    #[test]
    fn neighbours_are_joined_never_the_far_pair() {
        // Three pockets in a row: joining neighbours costs 3 + 3 tiles; the outer two
        // never touch each other's part of the walls.
        let (map, dug) = joined("#########\n#.##.##.#\n#########\n");
        assert_eq!(dug, 2);
        assert_eq!(map.to_string(), "#########\n#.......#\n#########\n");
    }

    #[test]
    fn many_regions_become_one_and_keep_every_floor_tile() {
        let text = "##########\n\
                    #.#..#.#.#\n\
                    ##########\n\
                    #..#.##..#\n\
                    ##########\n";
        let before = Map::from_ascii(text).unwrap();
        let (map, dug) = joined(text);
        assert_eq!(dug, Regions::of(&before).count() - 1);
        assert_eq!(Regions::of(&map).count(), 1);
        for (p, tile) in before.iter() {
            assert!(!tile.walkable || map.is_walkable(p), "{p} kept");
        }
        let border = |p: Point| p.x == 0 || p.y == 0 || p.x == 9 || p.y == 4;
        assert!(map.iter().all(|(p, t)| !border(p) || !t.walkable), "{map}");
        let steps = walking_steps(&map, Point::new(1, 1));
        assert!(
            map.iter()
                .all(|(p, t)| !t.walkable || steps.get_or_default(p).is_some())
        );
    }

    #[test]
    fn keeping_the_first_candidate_of_each_pair_keeps_the_tunnels() {
        // A noisy map of many small regions: remembering a few pairs and cutting the
        // list down at every candidate gives the candidates Kruskal's algorithm takes
        // from the whole list.
        let mut rng = crate::DungeonRng::new(9);
        let mut map = Map::new(120, 90).unwrap();
        for p in map.as_grid().points().collect::<Vec<_>>() {
            if rng.below(100) < 45 {
                map.set(p, crate::Tile::FLOOR);
            }
        }
        let regions = Regions::of(&map);
        assert!(regions.count() > 300, "{} regions", regions.count());
        let labels = || Regions::of(&map).into_labels();
        let (all, owners) = candidates(&map, labels(), Candidates::new(usize::MAX, 0));
        let mut all = all.list;
        all.sort_unstable();
        let taken = |list: &[Candidate]| {
            let mut sets = UnionFind::new(regions.count());
            let taken: Vec<Candidate> = list
                .iter()
                .copied()
                .filter(|&(_, a, b)| {
                    sets.union(owners[a as usize] as usize, owners[b as usize] as usize)
                })
                .collect();
            taken
        };
        for (cut_at, recent) in [(1, 0), (usize::MAX, 64), (100, 16), (1, 64)] {
            let (cut, owners) = candidates(&map, labels(), Candidates::new(cut_at, recent));
            let cut = cut.finish(&owners);
            assert!(cut.len() < all.len() / 2, "{} of {}", cut.len(), all.len());
            assert_eq!(taken(&cut), taken(&all), "cut at {cut_at}, {recent} recent");
        }
    }

    #[test]
    fn one_region_or_none_digs_nothing() {
        let (map, dug) = joined("#####\n#...#\n#####\n");
        assert_eq!(dug, 0);
        assert_eq!(map.to_string(), "#####\n#...#\n#####\n");
        assert_eq!(joined("###\n###\n").1, 0);
    }
}
