//! Connected regions of walkable tiles: which tiles belong together, and how large each
//! group is. Generators that carve pieces separately (caves, mazes between rooms) label
//! the pieces here before joining them.

use crate::{Grid, Map, Point};

/// The 4-connected regions of a map's walkable tiles.
///
/// Regions are numbered from 0 in the order their first tile comes in row order (top row
/// first, left to right), so the numbering depends only on the map.
///
/// ```
/// use mapgen::{Map, Point, Regions};
/// let map = Map::from_ascii("..#.\n#.#.\n")?;
/// let regions = Regions::of(&map);
/// assert_eq!(regions.count(), 2);
/// assert_eq!(regions.region_at((1, 1)), Some(0));
/// assert_eq!(regions.region_at((3, 0)), Some(1));
/// assert_eq!(regions.region_at((2, 0)), None, "walls belong to no region");
/// assert_eq!(regions.sizes(), [3, 2]);
/// assert_eq!(regions.first_tile(1), Some(Point::new(3, 0)));
/// # Ok::<(), mapgen::MapError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regions {
    labels: Grid<u32>,
    sizes: Vec<usize>,
    firsts: Vec<Point>,
}

/// The label of a tile in no region.
const NONE: u32 = u32::MAX;

impl Regions {
    /// Labels the walkable tiles of `map`, in time proportional to its area.
    ///
    /// ```
    /// use mapgen::{Map, Point, Regions};
    /// let map = Map::from_ascii("#######\n#..#..#\n#..##.#\n#######")?;
    /// let regions = Regions::of(&map);
    /// assert_eq!(regions.count(), 2);
    /// assert_eq!(regions.region_at((1, 1)), Some(0)); // numbered in row order
    /// assert_eq!(regions.region_at((5, 2)), Some(1));
    /// assert_eq!(regions.region_at((0, 0)), None); // a wall
    /// assert_eq!(regions.sizes(), [4, 3]);
    /// assert_eq!(regions.largest(), Some(0));
    /// assert_eq!(regions.first_tile(1), Some(Point::new(4, 1)));
    /// assert_eq!(regions.tiles(1).count(), 3);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn of(map: &Map) -> Regions {
        let tiles = map.tiles();
        let (width, len) = (map.width().max(1) as usize, tiles.len());
        let mut labels = vec![NONE; len];
        let mut sizes = Vec::new();
        let mut firsts = Vec::new();
        // Tiles labelled whose neighbours are still to look at: at most one entry a tile.
        let mut stack: Vec<u32> = Vec::new();
        for first in 0..len {
            if !tiles[first].walkable || labels[first] != NONE {
                continue;
            }
            let label = u32::try_from(sizes.len()).unwrap_or(NONE - 1);
            labels[first] = label;
            stack.push(first as u32);
            let mut size = 0;
            while let Some(i) = stack.pop() {
                size += 1;
                let i = i as usize;
                let x = i % width;
                let neighbours = [
                    i.checked_sub(width),
                    (x + 1 < width).then_some(i + 1),
                    (i + width < len).then_some(i + width),
                    (x > 0).then(|| i - 1),
                ];
                for j in neighbours.into_iter().flatten() {
                    if tiles[j].walkable && labels[j] == NONE {
                        labels[j] = label;
                        stack.push(j as u32);
                    }
                }
            }
            sizes.push(size);
            firsts.push(map.as_grid().point(first).unwrap_or_default());
        }
        Regions {
            labels: Grid::from_cells(map.width(), map.height(), labels).unwrap_or_default(),
            sizes,
            firsts,
        }
    }

    /// Each tile's region in row-major order, `u32::MAX` for walls.
    pub(crate) fn into_labels(self) -> Vec<u32> {
        self.labels.into_cells()
    }

    /// How many regions.
    pub fn count(&self) -> usize {
        self.sizes.len()
    }

    /// The region of the tile at `p`; `None` for walls and outside the map.
    pub fn region_at(&self, p: impl Into<Point>) -> Option<usize> {
        match self.labels.get(p) {
            Some(&label) if label != NONE => Some(label as usize),
            _ => None,
        }
    }

    /// Each region's number of tiles, by region.
    pub fn sizes(&self) -> &[usize] {
        &self.sizes
    }

    /// The first tile of `region` in row order; `None` for a region that does not exist.
    pub fn first_tile(&self, region: usize) -> Option<Point> {
        self.firsts.get(region).copied()
    }

    /// The largest region (the first of equals); `None` when nothing is walkable.
    pub fn largest(&self) -> Option<usize> {
        let mut best: Option<usize> = None;
        for (i, &size) in self.sizes.iter().enumerate() {
            if best.is_none_or(|b| size > self.sizes[b]) {
                best = Some(i);
            }
        }
        best
    }

    /// Every tile of `region`, in row order. Walks the whole map.
    pub fn tiles(&self, region: usize) -> impl Iterator<Item = Point> + '_ {
        self.labels
            .iter()
            .filter(move |&(_, &label)| label as usize == region && label != NONE)
            .map(|(p, _)| p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_tiles_are_separate_regions() {
        let map = Map::from_ascii(".#\n#.\n").unwrap();
        let regions = Regions::of(&map);
        assert_eq!(regions.count(), 2);
        assert_eq!(regions.sizes(), [1, 1]);
        assert_eq!(regions.largest(), Some(0));
    }

    #[test]
    fn doors_join_regions_and_empty_maps_have_none() {
        let map = Map::from_ascii("..+..\n").unwrap();
        assert_eq!(Regions::of(&map).count(), 1);
        let walls = Map::new(3, 3).unwrap();
        let regions = Regions::of(&walls);
        assert_eq!((regions.count(), regions.largest()), (0, None));
        assert_eq!(regions.region_at((-1, 0)), None);
    }

    #[test]
    fn tiles_lists_a_region_in_row_order() {
        let map = Map::from_ascii("..#\n#.#\n#..\n").unwrap();
        let regions = Regions::of(&map);
        let tiles: Vec<Point> = regions.tiles(0).collect();
        assert_eq!(
            tiles,
            [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)].map(Point::from)
        );
    }
}
