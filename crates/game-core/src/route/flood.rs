//! A Dijkstra map over what the player knows, from one tile, limited to a cost bound and
//! computed on just the box of tiles the bound can reach.
//!
//! mapgen's [`DijkstraMap`] resets every value of its map on each computation; on a
//! 1000x1000 level that is a millisecond even when the bound lets the search reach a few
//! tiles. A tile within cost `bound` of the root is at most `bound / cheapest step` tiles
//! away from it, so the search runs on a copy of that box alone and costs what the box
//! holds. This is the one place the planners call mapgen's Dijkstra maps.

use mapgen::path::{DijkstraMap, Moves, Walkable};
use mapgen::{Map, Point, Shape, Shaped, Tile};

use crate::knowledge::Knowledge;

/// A Dijkstra map from `root` over the known walkable tiles, on a box of the level.
#[derive(Debug, Clone, Default)]
pub(crate) struct Flood {
    map: DijkstraMap,
    /// The level's tile at the box's `(0, 0)`.
    origin: Point,
    /// Scratch: the box's remembered tiles, row by row.
    tiles: Vec<Tile>,
    root: Option<Point>,
    /// The box's shape when the search ran on a box (not the whole map).
    boxed: Option<Shape>,
}

/// The box's tiles as something to search.
struct Boxed<'a> {
    tiles: &'a [Tile],
    shape: Shape,
}

impl Shaped for Boxed<'_> {
    fn shape(&self) -> Shape {
        self.shape
    }
    fn row_major_tiles(&self) -> Option<&[Tile]> {
        Some(self.tiles)
    }
}

impl Walkable for Boxed<'_> {
    fn is_walkable(&self, p: Point) -> bool {
        self.shape
            .index(p)
            .and_then(|i| self.tiles.get(i))
            .is_some_and(|t| t.walkable)
    }
}

impl Flood {
    /// Computes the cost of walking from `root` to every known walkable tile within
    /// `bound` (`None`: all). False when the search refused (it cannot with validated
    /// moves); nothing is reached then.
    pub(crate) fn compute(
        &mut self,
        known: &Knowledge,
        moves: Moves,
        root: Point,
        bound: Option<i32>,
    ) -> bool {
        self.compute_on(known.as_map(), moves, root, bound)
    }

    /// [`Flood::compute`] over the walkable tiles of `map` (the level's true map, for
    /// the monsters' Dijkstra maps; what the player knows, for the planners').
    pub(crate) fn compute_on(
        &mut self,
        map: &Map,
        moves: Moves,
        root: Point,
        bound: Option<i32>,
    ) -> bool {
        self.root = None;
        self.boxed = None;
        let cheapest = moves.cardinal_cost.min(moves.diagonal_cost).max(1);
        let reach = bound.map(|b| i64::from(b.max(0)) / i64::from(cheapest));
        let (w, h) = (i64::from(map.width()), i64::from(map.height()));
        let (x0, y0, x1, y1) = match reach {
            Some(r) => (
                (i64::from(root.x) - r).max(0),
                (i64::from(root.y) - r).max(0),
                (i64::from(root.x) + r).min(w - 1),
                (i64::from(root.y) + r).min(h - 1),
            ),
            None => (0, 0, w - 1, h - 1),
        };
        let limit = i64::from(bound.unwrap_or(i32::MAX));
        let computed = if (x0, y0, x1, y1) == (0, 0, w - 1, h - 1) {
            self.origin = Point::ZERO;
            self.map.compute_within(map, moves, [root], limit).is_ok()
        } else {
            let (x0, y0, x1, y1) = (x0 as i32, y0 as i32, x1 as i32, y1 as i32);
            self.origin = Point::new(x0, y0);
            self.copy_box(map, x0..=x1, y0..=y1);
            match Shape::new(x1 - x0 + 1, y1 - y0 + 1) {
                Ok(shape) => {
                    self.boxed = Some(shape);
                    let boxed = Boxed {
                        tiles: &self.tiles,
                        shape,
                    };
                    let local = Point::new(root.x - x0, root.y - y0);
                    self.map
                        .compute_within(&boxed, moves, [local], limit)
                        .is_ok()
                }
                Err(_) => false,
            }
        };
        if computed {
            self.root = Some(root);
        }
        computed
    }

    fn copy_box(
        &mut self,
        map: &Map,
        cols: std::ops::RangeInclusive<i32>,
        rows: std::ops::RangeInclusive<i32>,
    ) {
        self.tiles.clear();
        for y in rows {
            let row = map.as_grid().row(y);
            let span = *cols.start() as usize..*cols.end() as usize + 1;
            self.tiles.extend_from_slice(row.get(span).unwrap_or(&[]));
        }
    }

    /// The cost from the root to `p`; `None` where the search did not reach.
    #[inline]
    pub(crate) fn get(&self, p: Point) -> Option<i32> {
        self.root?;
        // Costs stay within the limit, an `i32`.
        let cost = self.map.get((p.x - self.origin.x, p.y - self.origin.y))?;
        i32::try_from(cost).ok()
    }

    /// Turns the map into a safety map (mapgen's [`DijkstraMap::flee`], Brogue's): walking
    /// downhill on it leads away from the root. `map` is the one it was computed on.
    /// False when it was not computed.
    pub(crate) fn flee(&mut self, map: &Map) -> bool {
        if self.root.is_none() {
            return false;
        }
        let fled = match self.boxed {
            Some(shape) => self.map.flee(&Boxed {
                tiles: &self.tiles,
                shape,
            }),
            None => self.map.flee(map),
        };
        fled.is_ok()
    }

    /// The greatest cost reached.
    pub(crate) fn farthest(&self) -> Option<i32> {
        self.root?;
        self.map
            .farthest()
            .and_then(|(_, cost)| i32::try_from(cost).ok())
    }
}
