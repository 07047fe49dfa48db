//! Fog of war: the tiles the player has seen at least once.

use mapgen::fov::FieldOfView;
use mapgen::{Grid, Map, Point};

/// Which cells of a map have been seen, with running counts of the seen cells and of the
/// walkable ones, so neither the count nor the explored percentage costs anything per
/// frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explored {
    seen: Grid<bool>,
    seen_cells: usize,
    walkable_seen: usize,
    walkable_total: usize,
}

impl Explored {
    /// Nothing seen yet on `map`.
    pub fn new(map: &Map) -> Explored {
        let walkable_total = map.tiles().iter().filter(|t| t.walkable).count();
        Explored {
            seen: map.as_grid().map(|_| false),
            seen_cells: 0,
            walkable_seen: 0,
            walkable_total,
        }
    }

    /// Marks every cell `fov` shows as seen. It walks only the box around what `fov`
    /// shows, so a move costs what is in sight, however large the map.
    pub fn remember(&mut self, map: &Map, fov: &FieldOfView) {
        self.remember_each(map, fov, |_| {});
    }

    /// [`Explored::remember`], calling `on_new` with each cell seen for the first time.
    pub fn remember_each(&mut self, map: &Map, fov: &FieldOfView, mut on_new: impl FnMut(Point)) {
        for p in fov.visible_cells() {
            if self.mark(map, p) {
                on_new(p);
            }
        }
    }

    /// Marks `p` seen; true if it was not before.
    fn mark(&mut self, map: &Map, p: Point) -> bool {
        let Some(seen) = self.seen.get_mut(p) else {
            return false;
        };
        if *seen {
            return false;
        }
        *seen = true;
        self.seen_cells += 1;
        if map.is_walkable(p) {
            self.walkable_seen += 1;
        }
        true
    }

    /// True when `p` has been seen; false outside the map.
    pub fn is_explored(&self, p: impl Into<Point>) -> bool {
        self.seen.get_or_default(p)
    }

    /// How many cells, walls included, have been seen.
    pub fn seen_cells(&self) -> usize {
        self.seen_cells
    }

    /// The share of the map's walkable tiles seen so far, 0 to 100. Walls are left out:
    /// a fully walked dungeon reads 100 % however much rock surrounds it.
    pub fn percent(&self) -> f64 {
        if self.walkable_total == 0 {
            return 100.0;
        }
        100.0 * self.walkable_seen as f64 / self.walkable_total as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::fov::{LightWalls, Radius};

    fn corridor() -> Map {
        Map::from_ascii("##########\n#........#\n##########\n").unwrap()
    }

    #[test]
    fn nothing_is_explored_at_first() {
        let explored = Explored::new(&corridor());
        assert_eq!(explored.seen_cells(), 0);
        assert_eq!(explored.percent(), 0.0);
        assert!(!explored.is_explored((1, 1)));
        assert!(!explored.is_explored((-1, 99)));
    }

    #[test]
    fn seen_tiles_accumulate_and_are_never_forgotten() {
        let map = corridor();
        let mut fov = FieldOfView::new(map.width(), map.height()).unwrap();
        let mut explored = Explored::new(&map);
        fov.compute(&map, Point::new(1, 1), Radius::Tiles(2), LightWalls::On)
            .unwrap();
        explored.remember(&map, &fov);
        let first = explored.seen_cells();
        assert!(explored.is_explored((2, 1)));
        assert!(!explored.is_explored((8, 1)));
        fov.compute(&map, Point::new(8, 1), Radius::Tiles(2), LightWalls::On)
            .unwrap();
        explored.remember(&map, &fov);
        assert!(explored.is_explored((2, 1)), "remembered after leaving");
        assert!(explored.is_explored((8, 1)));
        assert!(explored.seen_cells() > first);
        let percent = explored.percent();
        assert!(percent > 0.0 && percent < 100.0, "{percent}");
    }

    #[test]
    fn an_unlimited_view_of_an_open_map_explores_everything() {
        let map = Map::from_ascii("....\n....\n").unwrap();
        let mut fov = FieldOfView::new(map.width(), map.height()).unwrap();
        fov.compute(&map, Point::new(0, 0), Radius::Unlimited, LightWalls::On)
            .unwrap();
        let mut explored = Explored::new(&map);
        explored.remember(&map, &fov);
        assert_eq!(explored.seen_cells(), 8);
        assert_eq!(explored.percent(), 100.0);
    }
}
