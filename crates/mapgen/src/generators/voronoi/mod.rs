//! A Voronoi hive: random seed points, every tile belonging to its nearest seed, walls
//! where the nearest seed changes, and one opening in the wall between each pair of
//! cells of a random spanning tree, plus some more.
//!
//! Based on: <https://bfnightly.bracketproductions.com/chapter_29.html> (the Rust
//! roguelike tutorial's Voronoi hive), with walls on every cell boundary and openings
//! chosen so every cell is reachable.

mod nearest;

use crate::generators::named_enum::named_enum;
use crate::generators::start::nearest_walkable_to_centre;
use crate::join::join_regions;
use crate::union_find::UnionFind;
use crate::generators::Generate;
use crate::record::Recorder;
use crate::{Dungeon, DungeonRng, GenerateError, Grid, Map, Point, Regions, Tile};
use nearest::{NO_SEED, nearest_seeds};

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
        #[cfg(test)]
        tests::count_comparison();
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
        // The seeds and the cells go before the openings are found: memory stays within
        // a few times the map's.
        let mut map = {
            let seeds: Vec<Point> = (0..self.seeds)
                .map(|_| {
                    let x = rng.range_inclusive(1, self.width - 2);
                    let y = rng.range_inclusive(1, self.height - 2);
                    Point::new(x, y)
                })
                .collect();
            walls_between_cells(&nearest_seeds(self.width, self.height, &seeds, self.distance))
        };
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
    // (lower region, higher region, wall tile's row-major index) for every wall tile
    // between two regions.
    let mut walls: Vec<(u32, u32, u32)> = Vec::new();
    for (i, (p, tile)) in (0u32..).zip(map.iter()) {
        if tile.walkable {
            continue;
        }
        for (a, b) in [(Point::WEST, Point::EAST), (Point::NORTH, Point::SOUTH)] {
            if let (Some(ra), Some(rb)) = (regions.region_at(p + a), regions.region_at(p + b))
                && ra != rb
            {
                let (lo, hi) = (ra.min(rb) as u32, ra.max(rb) as u32);
                walls.push((lo, hi, i));
            }
        }
    }
    walls.sort_unstable();
    walls.dedup();
    // One opening drawn per pair of regions.
    let mut pairs: Vec<(u32, u32, u32)> = Vec::new();
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
    let mut sets = UnionFind::new(regions.count());
    for &(a, b, i) in &pairs {
        let p = map.as_grid().point(i as usize).unwrap_or_default();
        if sets.union(a as usize, b as usize) {
            tree.push(p);
        } else if rng.below(100) < extra {
            extras.push(p);
        }
    }
    (tree, extras)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        /// Distances measured or compared by the nearest-seed search on this thread.
        static COMPARISONS: Cell<u64> = const { Cell::new(0) };
    }

    pub(super) fn count_comparison() {
        COMPARISONS.with(|n| n.set(n.get() + 1));
    }

    /// Issue 25: at 2000x2000 with a seed on every tile the nearest-seed search took
    /// 11.5 s, and 88 s at 4000x4000: it compared about a hundred seeds per tile, more as
    /// the map grew. Now a few comparisons per tile, whatever the seed count.
    #[test]
    fn the_nearest_seed_search_is_linear_in_the_area() {
        let (w, h) = (300, 200);
        let interior = (w - 2) * (h - 2);
        for seeds in [1, 64, interior as u32 / 16, interior as u32] {
            for distance in Distance::ALL.iter().copied() {
                let settings = VoronoiSettings { width: w, height: h, seeds, distance, ..VoronoiSettings::DEFAULT };
                let mut rng = DungeonRng::new(5);
                let points: Vec<Point> = (0..seeds)
                    .map(|_| Point::new(rng.range_inclusive(1, w - 2), rng.range_inclusive(1, h - 2)))
                    .collect();
                COMPARISONS.with(|n| n.set(0));
                let _ = nearest_seeds(settings.width, settings.height, &points, distance);
                let per_tile = COMPARISONS.with(Cell::get) as f64 / f64::from(interior);
                assert!(per_tile <= 10.0, "{seeds} seeds, {distance}: {per_tile:.1} comparisons a tile");
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
