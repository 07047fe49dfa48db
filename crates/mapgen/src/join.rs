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
use crate::{Map, Regions};

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
pub(crate) fn join_regions(map: &mut Map) -> usize {
    let regions = Regions::of(map);
    if regions.count() <= 1 {
        return 0;
    }
    let mut joins = candidates(map, &regions);
    joins.sort_unstable();
    let mut sets = DisjointSets::new(regions.count());
    let mut dug = 0;
    for &(_, a, b) in &joins {
        let (Some(from), Some(to)) = (
            map.as_grid().point(a as usize),
            map.as_grid().point(b as usize),
        ) else {
            continue;
        };
        let (Some(ra), Some(rb)) = (regions.region_at(from), regions.region_at(to)) else {
            continue;
        };
        if sets.union(ra, rb) {
            tunnel_between(map, from, to, Bend::HorizontalFirst);
            dug += 1;
            if dug + 1 == regions.count() {
                break;
            }
        }
    }
    dug
}

/// For every two touching parts of the wall partition that grew from different regions:
/// (tunnel length, walkable tile of one region, walkable tile of the other), tiles as
/// row-major indices, the lower index first.
fn candidates(map: &Map, regions: &Regions) -> Vec<(u64, u32, u32)> {
    let width = map.width() as usize;
    let len = map.tiles().len();
    // The region of each tile's part, and the walkable tile the part grew from.
    let mut region = vec![UNOWNED; len];
    let mut source = vec![UNOWNED; len];
    // Each tile enters the queue once, so a vector read from the front is the queue.
    let mut queue: Vec<u32> = Vec::with_capacity(len);
    for (i, (p, tile)) in map.iter().enumerate() {
        if let (true, Some(r)) = (tile.walkable, regions.region_at(p)) {
            region[i] = r as u32;
            source[i] = i as u32;
            queue.push(i as u32);
        }
    }
    let mut joins = Vec::new();
    let mut head = 0;
    while let Some(&i) = queue.get(head) {
        head += 1;
        let i = i as usize;
        let x = i % width;
        let neighbours = [
            (i >= width).then(|| i - width),
            (x + 1 < width).then_some(i + 1),
            (i + width < len).then_some(i + width),
            (x > 0).then(|| i - 1),
        ];
        for j in neighbours.into_iter().flatten() {
            if region[j] == UNOWNED {
                region[j] = region[i];
                source[j] = source[i];
                queue.push(j as u32);
            } else if region[j] != region[i] {
                let (a, b) = (source[i].min(source[j]), source[i].max(source[j]));
                joins.push((tunnel_length(width, a, b), a, b));
            }
        }
    }
    joins
}

/// Steps along the row and then the column from tile `a` to tile `b` (row-major
/// indices of a map `width` wide).
fn tunnel_length(width: usize, a: u32, b: u32) -> u64 {
    let (a, b) = (a as usize, b as usize);
    let dx = (a % width).abs_diff(b % width);
    let dy = (a / width).abs_diff(b / width);
    (dx + dy) as u64
}

/// Union-find over region numbers, with path halving and union by size.
struct DisjointSets {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl DisjointSets {
    fn new(n: usize) -> DisjointSets {
        DisjointSets {
            parent: (0..n).collect(),
            size: vec![1; n],
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins the sets of `a` and `b`; `false` when they were one already.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        self.parent[small] = big;
        self.size[big] += self.size[small];
        true
    }
}

/// Union-find for callers that join regions their own way (the Voronoi hive's openings).
pub(crate) struct Sets(DisjointSets);

impl Sets {
    /// `n` singleton sets.
    pub(crate) fn new(n: usize) -> Sets {
        Sets(DisjointSets::new(n))
    }

    /// Joins the sets of `a` and `b`; `false` when they were one already.
    pub(crate) fn union(&mut self, a: usize, b: usize) -> bool {
        self.0.union(a, b)
    }
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
    fn one_region_or_none_digs_nothing() {
        let (map, dug) = joined("#####\n#...#\n#####\n");
        assert_eq!(dug, 0);
        assert_eq!(map.to_string(), "#####\n#...#\n#####\n");
        assert_eq!(joined("###\n###\n").1, 0);
    }

    #[test]
    fn sets_join_once() {
        let mut sets = Sets::new(3);
        assert!(sets.union(0, 1));
        assert!(!sets.union(1, 0));
        assert!(sets.union(2, 0));
        assert!(!sets.union(1, 2));
    }
}
