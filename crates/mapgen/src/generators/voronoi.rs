//! A Voronoi hive: random seed points, every tile belonging to its nearest seed, walls
//! where the nearest seed changes, and one opening in the wall between each pair of
//! cells of a random spanning tree, plus some more.
//!
//! Based on: <https://bfnightly.bracketproductions.com/chapter_29.html> (the Rust
//! roguelike tutorial's Voronoi hive), with walls on every cell boundary and openings
//! chosen so every cell is reachable.

use crate::generators::named_enum::named_enum;
use crate::generators::start::nearest_walkable_to_centre;
use crate::join::{Sets, join_regions};
use crate::generators::Generate;
use crate::record::Recorder;
use crate::{Dungeon, DungeonRng, GenerateError, Grid, Map, Point, Regions, Tile};

named_enum! {
    /// How the distance from a tile to a seed is measured.
    pub enum Distance ("distance") {
        /// Straight-line distance, compared as the integer `dx * dx + dy * dy`.
        Euclidean = "euclidean",
        /// Steps along rows and columns: `|dx| + |dy|`.
        Manhattan = "manhattan",
        /// Steps when diagonal steps count as one: `max(|dx|, |dy|)`.
        Chebyshev = "chebyshev",
    }
}

impl Distance {
    /// The distance between points `dx` columns and `dy` rows apart.
    #[inline]
    fn measure(self, dx: u64, dy: u64) -> u64 {
        match self {
            Distance::Euclidean => dx * dx + dy * dy,
            Distance::Manhattan => dx + dy,
            Distance::Chebyshev => dx.max(dy),
        }
    }
}

/// Settings of the Voronoi hive generator. `Default` gives the classic look at 80 x 45.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::voronoi::VoronoiSettings;
/// use mapgen::Regions;
/// let dungeon = VoronoiSettings::default().generate(7)?;
/// assert_eq!(Regions::of(&dungeon.map).count(), 1, "every cell is reachable");
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct VoronoiSettings {
    /// Map width in tiles, 3..=[`Map::MAX_SIDE`]; default 80.
    pub width: i32,
    /// Map height in tiles, 3..=[`Map::MAX_SIDE`]; default 45.
    pub height: i32,
    /// Seed points, one per cell, 1..=the number of tiles inside the border; default 64.
    pub seeds: u32,
    /// How nearness to a seed is measured; default [`Distance::Euclidean`].
    pub distance: Distance,
    /// Chance, in percent, that two neighbouring cells not joined by the spanning tree
    /// get an opening too, 0..=100; default 20.
    pub extra_openings: u32,
}

impl Default for VoronoiSettings {
    fn default() -> Self {
        VoronoiSettings::DEFAULT
    }
}

impl VoronoiSettings {
    /// 80 x 45, 64 seeds, straight-line distance, 20 % extra openings.
    pub const DEFAULT: VoronoiSettings = VoronoiSettings {
        width: 80,
        height: 45,
        seeds: 64,
        distance: Distance::Euclidean,
        extra_openings: 20,
    };
}

impl Generate for VoronoiSettings {
    const NAME: &'static str = "voronoi";
    const ABOUT: &'static str = "a Voronoi hive: cells around random seeds, joined by openings";

    /// Checks every field, naming the first one that is out of range.
    ///
    /// ```
    /// use mapgen::generators::Generate;
    /// use mapgen::generators::voronoi::VoronoiSettings;
    /// let bad = VoronoiSettings { width: 5, height: 4, seeds: 7, ..Default::default() };
    /// assert_eq!(bad.validate().unwrap_err().to_string(), "seeds is 7; allowed 1..=6");
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`].
    fn validate(&self) -> Result<(), GenerateError> {
        GenerateError::check_map_size(self.width, self.height)?;
        let interior = (i64::from(self.width) - 2) * (i64::from(self.height) - 2);
        GenerateError::check_range("seeds", self.seeds.into(), 1, interior)?;
        GenerateError::check_range("extra_openings", self.extra_openings.into(), 0, 100)
    }

    /// Generates a hive from `rng`'s stream.
    ///
    /// 1. Seeds: `seeds` tiles inside the border, each `x` then `y` drawn uniformly (two
    ///    seeds may share a tile; the later one then owns nothing).
    /// 2. Cells: every tile inside the border belongs to its nearest seed by `distance`,
    ///    the earliest seed among equals.
    /// 3. Walls: a tile is wall when the tile to its right or below it belongs to another
    ///    cell (inside the border), so the floors of two cells never touch.
    /// 4. Openings: a wall tile between two floor tiles of different regions (left and
    ///    right, or above and below) can open them to each other. One such tile is drawn
    ///    for each pair of regions that has any, then the pairs are shuffled and opened in
    ///    that order where they join regions not yet joined (a random spanning tree);
    ///    each other pair opens with chance `extra_openings` % (opened after step 5, so
    ///    more extra openings only ever add floor).
    /// 5. Regions that the tree's openings do not join (a cell cut in two by its
    ///    neighbours' walls, or with no floor tile facing a neighbour's) are joined by the
    ///    shortest L-shaped tunnels.
    ///
    /// The start is the walkable tile nearest the centre (squared distance; ties go to
    /// the first in row order). Cells are not rooms (their floors are not rectangles), so
    /// `rooms` is empty.
    ///
    /// # Errors
    /// The first invalid setting, as [`VoronoiSettings::validate`](Generate::validate).
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        let seeds: Vec<Point> = (0..self.seeds)
            .map(|_| {
                let x = rng.range_inclusive(1, self.width - 2);
                let y = rng.range_inclusive(1, self.height - 2);
                Point::new(x, y)
            })
            .collect();
        let owners = nearest_seeds(self.width, self.height, &seeds, self.distance);
        let mut map = walls_between_cells(&owners);
        recorder.stage("cells walled", &map);
        let (tree, extras) = openings(&map, self.extra_openings, rng);
        for p in tree {
            map.set(p, Tile::FLOOR);
        }
        recorder.stage("cells opened", &map);
        join_regions(&mut map);
        recorder.stage("regions joined", &map);
        for p in extras {
            map.set(p, Tile::FLOOR);
        }
        recorder.stage("extra openings", &map);
        let start = nearest_walkable_to_centre(&map).unwrap_or_default();
        Ok(Dungeon::new(map, start))
    }
}

/// No seed: the border.
const NO_SEED: u32 = u32::MAX;

/// The nearest seed of every tile inside the border (the earliest seed among equals);
/// [`NO_SEED`] on the border.
///
/// Exact, and fast for any number of seeds: a rectangle of tiles keeps only the seeds
/// that can be nearest to one of its tiles (those no farther from its nearest point
/// than some seed is from its farthest), and is halved until one seed is left or it is
/// small enough to check tile by tile.
fn nearest_seeds(width: i32, height: i32, seeds: &[Point], distance: Distance) -> Grid<u32> {
    let mut owners = Grid::new(width, height, NO_SEED).unwrap_or_default();
    let mut candidates: Vec<u32> = (0..seeds.len() as u32).collect();
    let inside = Area {
        x0: 1,
        y0: 1,
        x1: width - 2,
        y1: height - 2,
    };
    let mut assign = Assign {
        seeds,
        distance,
        owners: &mut owners,
    };
    assign.area(inside, 0, &mut candidates);
    owners
}

/// Columns `x0..=x1`, rows `y0..=y1`.
#[derive(Debug, Clone, Copy)]
struct Area {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Area {
    fn tiles(self) -> i64 {
        (i64::from(self.x1) - i64::from(self.x0) + 1) * (i64::from(self.y1) - i64::from(self.y0) + 1)
    }

    /// Per axis, the nearest and the farthest offset from `v` to `lo..=hi`.
    fn span(v: i32, lo: i32, hi: i32) -> (u64, u64) {
        let near = if v < lo {
            lo.abs_diff(v)
        } else if v > hi {
            v.abs_diff(hi)
        } else {
            0
        };
        (u64::from(near), u64::from(v.abs_diff(lo).max(v.abs_diff(hi))))
    }
}

/// Below this many tiles an area is checked tile by tile.
const SMALL_AREA: i64 = 16;

struct Assign<'a> {
    seeds: &'a [Point],
    distance: Distance,
    owners: &'a mut Grid<u32>,
}

impl Assign<'_> {
    /// Assigns the tiles of `area`, whose possible seeds are `pool[from..]` (in seed
    /// order); `pool` is a stack shared by the whole recursion.
    fn area(&mut self, area: Area, from: usize, pool: &mut Vec<u32>) {
        if area.x0 > area.x1 || area.y0 > area.y1 {
            return;
        }
        let mut bound = u64::MAX;
        for &s in &pool[from..] {
            let p = self.seeds[s as usize];
            let (_, fx) = Area::span(p.x, area.x0, area.x1);
            let (_, fy) = Area::span(p.y, area.y0, area.y1);
            bound = bound.min(self.distance.measure(fx, fy));
        }
        let kept = pool.len();
        for k in from..kept {
            let s = pool[k];
            let p = self.seeds[s as usize];
            let (nx, _) = Area::span(p.x, area.x0, area.x1);
            let (ny, _) = Area::span(p.y, area.y0, area.y1);
            if self.distance.measure(nx, ny) <= bound {
                pool.push(s);
            }
        }
        let here = kept;
        if pool.len() - here == 1 {
            let only = pool[here];
            self.owners
                .fill_rect(area.x0..area.x1 + 1, area.y0..area.y1 + 1, only);
        } else if area.tiles() <= SMALL_AREA {
            self.tile_by_tile(area, &pool[here..]);
        } else if area.x1 - area.x0 >= area.y1 - area.y0 {
            let mid = area.x0 + (area.x1 - area.x0) / 2;
            self.area(Area { x1: mid, ..area }, here, pool);
            self.area(Area { x0: mid + 1, ..area }, here, pool);
        } else {
            let mid = area.y0 + (area.y1 - area.y0) / 2;
            self.area(Area { y1: mid, ..area }, here, pool);
            self.area(Area { y0: mid + 1, ..area }, here, pool);
        }
        pool.truncate(kept);
    }

    fn tile_by_tile(&mut self, area: Area, candidates: &[u32]) {
        for y in area.y0..=area.y1 {
            for x in area.x0..=area.x1 {
                let mut best = (u64::MAX, NO_SEED);
                for &s in candidates {
                    let p = self.seeds[s as usize];
                    let d = self
                        .distance
                        .measure(u64::from(p.x.abs_diff(x)), u64::from(p.y.abs_diff(y)));
                    if d < best.0 {
                        best = (d, s);
                    }
                }
                self.owners.set((x, y), best.1);
            }
        }
    }
}

/// The map of the cells: wall on the border and where the tile to the right or below
/// belongs to another cell.
fn walls_between_cells(owners: &Grid<u32>) -> Map {
    let (w, h) = (owners.width(), owners.height());
    let cells = owners.cells();
    let (shape, wu) = (owners.shape(), w as usize);
    let mut tiles = vec![Tile::WALL; cells.len()];
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let i = shape.index_inside(Point::new(x, y));
            let me = cells[i];
            let right = cells[i + 1];
            let below = cells[i + wu];
            let boundary = (right != NO_SEED && right != me) || (below != NO_SEED && below != me);
            if !boundary {
                tiles[i] = Tile::FLOOR;
            }
        }
    }
    Grid::from_cells(w, h, tiles).map_or_else(|_| Map::default(), Map::from)
}

/// The wall tiles to open: one per pair of neighbouring regions along a random spanning
/// tree, and one for each other pair with chance `extra` %.
fn openings(map: &Map, extra: u32, rng: &mut DungeonRng) -> (Vec<Point>, Vec<Point>) {
    let (mut tree, mut extras) = (Vec::new(), Vec::new());
    let regions = Regions::of(map);
    if regions.count() <= 1 {
        return (tree, extras);
    }
    // (lower region, higher region, wall tile) for every wall tile between two regions.
    let mut walls: Vec<(u32, u32, Point)> = Vec::new();
    for (p, tile) in map.iter() {
        if tile.walkable {
            continue;
        }
        for (a, b) in [(Point::WEST, Point::EAST), (Point::NORTH, Point::SOUTH)] {
            if let (Some(ra), Some(rb)) = (regions.region_at(p + a), regions.region_at(p + b))
                && ra != rb
            {
                let (lo, hi) = (ra.min(rb) as u32, ra.max(rb) as u32);
                walls.push((lo, hi, p));
            }
        }
    }
    walls.sort_unstable_by_key(|&(a, b, p)| (a, b, p.y, p.x));
    walls.dedup();
    // One opening drawn per pair of regions.
    let mut pairs: Vec<(u32, u32, Point)> = Vec::new();
    let mut i = 0;
    while i < walls.len() {
        let (a, b, _) = walls[i];
        let run = walls[i..].iter().take_while(|w| (w.0, w.1) == (a, b)).count();
        let pick = rng.below(u32::try_from(run).unwrap_or(u32::MAX)) as usize;
        pairs.push(walls[i + pick]);
        i += run;
    }
    // Fisher-Yates, from the last pair down.
    for k in (1..pairs.len()).rev() {
        let j = rng.below(u32::try_from(k + 1).unwrap_or(u32::MAX)) as usize;
        pairs.swap(k, j);
    }
    let mut sets = Sets::new(regions.count());
    for &(a, b, p) in &pairs {
        if sets.union(a as usize, b as usize) {
            tree.push(p);
        } else if rng.below(100) < extra {
            extras.push(p);
        }
    }
    (tree, extras)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every tile against every seed.
    fn brute_force(width: i32, height: i32, seeds: &[Point], distance: Distance) -> Grid<u32> {
        let mut owners = Grid::new(width, height, NO_SEED).unwrap();
        for y in 1..height - 1 {
            for x in 1..width - 1 {
                let mut best = (u64::MAX, NO_SEED);
                for (i, p) in seeds.iter().enumerate() {
                    let d = distance.measure(
                        u64::from(p.x.abs_diff(x)),
                        u64::from(p.y.abs_diff(y)),
                    );
                    if d < best.0 {
                        best = (d, i as u32);
                    }
                }
                owners.set((x, y), best.1);
            }
        }
        owners
    }

    #[test]
    fn nearest_seeds_agree_with_brute_force() {
        let mut rng = DungeonRng::new(11);
        for round in 0..60 {
            let (w, h) = (rng.range_inclusive(3, 70), rng.range_inclusive(3, 50));
            let n = rng.range_inclusive(1, if round % 3 == 0 { 4 } else { 90 });
            // Few distinct coordinates, so ties are common.
            let seeds: Vec<Point> = (0..n)
                .map(|_| {
                    Point::new(
                        rng.range_inclusive(1, w - 2) / 3 * 3,
                        rng.range_inclusive(1, h - 2),
                    )
                })
                .collect();
            for distance in Distance::ALL.iter().copied() {
                assert_eq!(
                    nearest_seeds(w, h, &seeds, distance),
                    brute_force(w, h, &seeds, distance),
                    "{w}x{h} {distance} {seeds:?}"
                );
            }
        }
    }

    #[test]
    fn walls_separate_cells() {
        let owners = Grid::from_cells(
            5,
            4,
            vec![
                NO_SEED, NO_SEED, NO_SEED, NO_SEED, NO_SEED, //
                NO_SEED, 0, 0, 1, NO_SEED, //
                NO_SEED, 0, 1, 1, NO_SEED, //
                NO_SEED, NO_SEED, NO_SEED, NO_SEED, NO_SEED,
            ],
        )
        .unwrap();
        assert_eq!(
            walls_between_cells(&owners).to_string(),
            "#####\n#.#.#\n##..#\n#####\n"
        );
    }
}
