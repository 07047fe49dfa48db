//! Joining the regions of a rooms-and-mazes map through connectors: wall tiles with floor
//! of two different regions beside them.
//!
//! Nystrom picks a random connector, opens it, merges its regions and then sweeps every
//! remaining connector (quadratic in the map). Here the connectors are shuffled once and
//! taken in that order, Kruskal-style, with a union-find of the regions: a connector that
//! still joins two separate regions is opened; one whose regions are already joined is
//! opened only with the extra-connector chance, and never beside another door. Either way
//! every connector is looked at once, so the work is linear in the map's area. The
//! regions of such a map are always joined in the end: neighbouring cells of the maze
//! lattice that lie in different regions have a connector between them, and the lattice
//! is connected.

use crate::union_find::UnionFind;
use crate::{DungeonRng, Map, Point, Shape, Tile};

/// Which region each tile's floor belongs to, recorded while rooms and mazes are carved
/// (each room and each maze is one region, and none touches another).
#[derive(Debug, Clone)]
pub(super) struct RegionLabels {
    label: Vec<u32>,
    shape: Shape,
    width: usize,
    count: u32,
}

const NO_REGION: u32 = u32::MAX;

impl RegionLabels {
    /// No region yet, for a map like `map`.
    pub(super) fn new(map: &Map) -> RegionLabels {
        RegionLabels {
            label: vec![NO_REGION; map.tiles().len()],
            shape: map.shape(),
            width: map.width() as usize,
            count: 0,
        }
    }

    /// Starts a new region; tiles added from now on belong to it.
    pub(super) fn start(&mut self) {
        self.count += 1;
    }

    /// Adds the tile `p` (inside the map) to the current region.
    pub(super) fn add(&mut self, p: Point) {
        if let Some(label) = self.shape.index(p).and_then(|i| self.label.get_mut(i)) {
            *label = self.count - 1;
        }
    }

    /// The distinct regions of the four tiles beside tile `i` (only the first `count`
    /// are set), north, east, south, west.
    fn touching(&self, i: usize) -> ([u32; 4], usize) {
        let mut found = [0; 4];
        let mut count = 0;
        let around = [i.wrapping_sub(self.width), i + 1, i + self.width, i.wrapping_sub(1)];
        for j in around {
            if let Some(&r) = self.label.get(j)
                && r != NO_REGION
                && !found[..count].contains(&r)
            {
                found[count] = r;
                count += 1;
            }
        }
        (found, count)
    }
}

/// A wall tile with floor of two or more regions beside it.
#[derive(Debug, Clone, Copy)]
struct Connector {
    at: Point,
    /// The regions beside it (the first `count`).
    regions: [u32; 4],
    count: u8,
}

/// Opens connectors (as `Tile::DOOR`) until every region of `map` is joined, plus each
/// redundant connector with `extra_percent` percent chance unless a door is beside it.
/// Returns how many doors were made.
pub(super) fn connect_regions(
    map: &mut Map,
    regions: &RegionLabels,
    extra_percent: u32,
    rng: &mut DungeonRng,
) -> usize {
    let (width, height) = (map.width(), map.height());
    // Found in one pass in row order, with their regions, so that taking them in a random
    // order later never has to look around them in the map again.
    let mut connectors: Vec<Connector> = Vec::new();
    for y in 1..height - 1 {
        let (above, row, below) = (map.as_grid().row(y - 1), map.as_grid().row(y), map.as_grid().row(y + 1));
        let walkable = |tiles: &[Tile], x: usize| tiles.get(x).is_some_and(|t| t.walkable);
        for x in 1..(width - 1) as usize {
            // Floor on two sides at least, or it cannot touch two regions.
            let sides = usize::from(walkable(row, x - 1))
                + usize::from(walkable(row, x + 1))
                + usize::from(walkable(above, x))
                + usize::from(walkable(below, x));
            if sides < 2 || walkable(row, x) {
                continue;
            }
            let at = Point::new(x as i32, y);
            let (around, count) = regions.touching(regions.shape.index_inside(at));
            if count >= 2 {
                connectors.push(Connector {
                    at,
                    regions: around,
                    count: count as u8,
                });
            }
        }
    }
    shuffle(&mut connectors, rng);
    let mut joined = UnionFind::new(regions.count as usize);
    let mut doors = 0;
    for connector in connectors {
        let around = &connector.regions[..usize::from(connector.count)];
        let first = joined.find(around[0] as usize);
        let joins_new = around[1..].iter().any(|&r| joined.find(r as usize) != first);
        let open = if joins_new {
            for &r in &around[1..] {
                joined.union(first, r as usize);
            }
            true
        } else {
            chance(extra_percent, rng) && !door_beside(map, connector.at)
        };
        if open {
            map.set(connector.at, Tile::DOOR);
            doors += 1;
        }
    }
    doors
}

/// True when one of the eight tiles around `p` is a door.
fn door_beside(map: &Map, p: Point) -> bool {
    p.neighbours8().any(|q| map.tile(q) == Tile::DOOR)
}

/// `percent` percent chance; no draw at 0 or 100.
fn chance(percent: u32, rng: &mut DungeonRng) -> bool {
    match percent {
        0 => false,
        100.. => true,
        p => rng.below(100) < p,
    }
}

/// Fisher-Yates, drawing from the end of the list down.
fn shuffle<T>(items: &mut [T], rng: &mut DungeonRng) {
    for i in (1..items.len()).rev() {
        // A list of map tiles has fewer than 2^32 entries.
        let j = rng.below(i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The regions of a hand-drawn map, labelled as the generator would.
    fn regions_of(map: &Map) -> RegionLabels {
        let found = crate::Regions::of(map);
        let mut regions = RegionLabels::new(map);
        for r in 0..found.count() {
            regions.start();
            for p in found.tiles(r) {
                regions.add(p);
            }
        }
        regions
    }

    #[test]
    fn joins_every_region_with_one_door_each_when_no_extras() {
        // Three rooms in a row and a corridor below them, all apart.
        let mut map = Map::from_ascii(
            "###########\n\
             #...#...#.#\n\
             #...#...#.#\n\
             ###########\n\
             #.........#\n\
             ###########\n",
        )
        .unwrap();
        let regions = regions_of(&map);
        let doors = connect_regions(&mut map, &regions, 0, &mut DungeonRng::new(2));
        assert_eq!(doors, 3, "4 regions need 3 doors\n{map}");
        assert_eq!(crate::Regions::of(&map).count(), 1, "\n{map}");
    }

    #[test]
    fn extras_open_more_doors_but_never_side_by_side() {
        let text = "#########\n#.......#\n#########\n#.......#\n#########\n";
        let mut map = Map::from_ascii(text).unwrap();
        let regions = regions_of(&map);
        let doors = connect_regions(&mut map, &regions, 100, &mut DungeonRng::new(5));
        assert!(doors >= 3, "\n{map}");
        for (p, t) in map.iter() {
            if t == Tile::DOOR {
                assert!(!door_beside(&map, p), "{p}\n{map}");
            }
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut items: Vec<u32> = (0..100).collect();
        shuffle(&mut items, &mut DungeonRng::new(1));
        assert_ne!(items, (0..100).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..100).collect::<Vec<_>>());
    }
}
