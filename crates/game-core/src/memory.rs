//! Fog of war: the tiles the player has seen at least once.

use mapgen::{FieldOfView, Map, Point};

/// Which cells of a map have been seen, with a running count of the walkable ones so the
/// explored percentage costs nothing per frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explored {
    width: i32,
    height: i32,
    seen: Vec<bool>,
    walkable_seen: usize,
    walkable_total: usize,
}

impl Explored {
    /// Nothing seen yet on `map`.
    pub fn new(map: &Map) -> Explored {
        let walkable_total = map.tiles().iter().filter(|t| t.walkable).count();
        Explored {
            width: map.width(),
            height: map.height(),
            seen: vec![false; map.tiles().len()],
            walkable_seen: 0,
            walkable_total,
        }
    }

    /// Marks every cell `fov` shows as seen. Only the square of side `2 * radius + 1`
    /// around `origin` is scanned (the whole map when `radius` is 0, "unlimited"), so a
    /// large map costs no more than a small one.
    pub fn remember(&mut self, map: &Map, fov: &FieldOfView, origin: Point, radius: u32) {
        let (xs, ys) = self.scan_area(origin, radius);
        for y in ys {
            for x in xs.clone() {
                if fov.is_visible(x, y) {
                    self.mark(map, x, y);
                }
            }
        }
    }

    fn scan_area(
        &self,
        origin: Point,
        radius: u32,
    ) -> (std::ops::Range<i32>, std::ops::Range<i32>) {
        if radius == 0 {
            return (0..self.width, 0..self.height);
        }
        let r = i32::try_from(radius).unwrap_or(i32::MAX);
        let span = |c: i32, len: i32| c.saturating_sub(r).max(0)..c.saturating_add(r + 1).min(len);
        (span(origin.x, self.width), span(origin.y, self.height))
    }

    fn mark(&mut self, map: &Map, x: i32, y: i32) {
        let Some(i) = map.idx(x, y) else { return };
        if !self.seen[i] {
            self.seen[i] = true;
            if map.tile(x, y).walkable {
                self.walkable_seen += 1;
            }
        }
    }

    /// True when `(x, y)` has been seen; false outside the map.
    pub fn is_explored(&self, x: i32, y: i32) -> bool {
        x >= 0
            && y >= 0
            && x < self.width
            && y < self.height
            && self.seen[(y * self.width + x) as usize]
    }

    /// How many cells, walls included, have been seen.
    pub fn seen_cells(&self) -> usize {
        self.seen.iter().filter(|&&s| s).count()
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

    fn corridor() -> Map {
        Map::from_ascii("##########\n#........#\n##########\n").unwrap()
    }

    #[test]
    fn nothing_is_explored_at_first() {
        let explored = Explored::new(&corridor());
        assert_eq!(explored.seen_cells(), 0);
        assert_eq!(explored.percent(), 0.0);
        assert!(!explored.is_explored(1, 1));
        assert!(!explored.is_explored(-1, 99));
    }

    #[test]
    fn seen_tiles_accumulate_and_are_never_forgotten() {
        let map = corridor();
        let mut fov = FieldOfView::new(map.width(), map.height());
        let mut explored = Explored::new(&map);
        fov.compute(&map, Point::new(1, 1), 2, true).unwrap();
        explored.remember(&map, &fov, Point::new(1, 1), 2);
        let first = explored.seen_cells();
        assert!(explored.is_explored(2, 1));
        assert!(!explored.is_explored(8, 1));
        fov.compute(&map, Point::new(8, 1), 2, true).unwrap();
        explored.remember(&map, &fov, Point::new(8, 1), 2);
        assert!(explored.is_explored(2, 1), "remembered after leaving");
        assert!(explored.is_explored(8, 1));
        assert!(explored.seen_cells() > first);
        let percent = explored.percent();
        assert!(percent > 0.0 && percent < 100.0, "{percent}");
    }

    #[test]
    fn an_unlimited_view_of_an_open_map_explores_everything() {
        let map = Map::from_ascii("....\n....\n").unwrap();
        let mut fov = FieldOfView::new(map.width(), map.height());
        fov.compute(&map, Point::new(0, 0), 0, true).unwrap();
        let mut explored = Explored::new(&map);
        explored.remember(&map, &fov, Point::new(0, 0), 0);
        assert_eq!(explored.seen_cells(), 8);
        assert_eq!(explored.percent(), 100.0);
    }
}
