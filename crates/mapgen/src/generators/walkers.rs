//! What the drunkard's walk and diffusion-limited aggregation share: a canvas that paints
//! floor with a square brush and mirror images, keeps its floor count as it goes (never
//! re-counting), and the random steps and step budget of their walkers.
//!
//! Connectivity by construction: every stroke is painted at a tile 4-adjacent to floor
//! that is already connected (or on it), the brush is a solid square holding that tile,
//! and a mirrored stroke touches the mirror image of that floor, which is connected too
//! because the floor is kept symmetric from the first stroke on.

use crate::generators::named_enum::named_enum;
use crate::{DungeonRng, Grid, Map, Point, Shape, Tile};

named_enum! {
    /// Mirror images of every stroke, so the floor is symmetric.
    pub enum Symmetry ("symmetry") {
        /// No mirror image.
        None = "none",
        /// Left and right halves mirror each other: a stroke at column `x` is also
        /// painted at column `width - 1 - x`.
        Horizontal = "horizontal",
        /// Top and bottom halves mirror each other: row `y` is also painted at row
        /// `height - 1 - y`.
        Vertical = "vertical",
        /// Both: four images of every stroke.
        Both = "both",
    }
}

impl Symmetry {
    /// How many images a stroke has at most: 1, 2 or 4.
    pub const fn images(self) -> u64 {
        match self {
            Symmetry::None => 1,
            Symmetry::Horizontal | Symmetry::Vertical => 2,
            Symmetry::Both => 4,
        }
    }

    const fn mirrors_x(self) -> bool {
        matches!(self, Symmetry::Horizontal | Symmetry::Both)
    }

    const fn mirrors_y(self) -> bool {
        matches!(self, Symmetry::Vertical | Symmetry::Both)
    }
}

/// The number of floor tiles `percent` of the `interior` tiles asks for: rounded up, and at
/// least 1 (the first stroke).
pub(crate) fn target_tiles(percent: u32, interior: u64) -> u64 {
    (u64::from(percent) * interior).div_ceil(100).max(1)
}

/// A tile of a [`Canvas`].
const WALL: u8 = 0;
const FLOOR: u8 = 1;
/// The map's border: never painted, and a walker's step onto it is refused.
const BORDER: u8 = 2;

/// A map being painted: floor tiles inside the border, their count and list, and the
/// bounding box of the floor. Border tiles are never painted.
pub(crate) struct Canvas {
    /// [`WALL`], [`FLOOR`] or [`BORDER`], row-major.
    tiles: Vec<u8>,
    width: i32,
    height: i32,
    /// How many floor tiles.
    painted: u64,
    /// `edge[..edge_len]`: painted tiles that may still be on the edge of the floor, in
    /// the order painted less those found inside and dropped (see
    /// [`Canvas::random_edge_floor`]). One slot more than tiles inside the border, so
    /// every tile fits, and a write past the end of the list always has a slot.
    edge: Vec<u32>,
    edge_len: usize,
    brush: i32,
    symmetry: Symmetry,
    /// The floor's bounding box, inclusive: `min.x..=max.x`, `min.y..=max.y`.
    min: Point,
    max: Point,
}

impl Canvas {
    /// An all-wall canvas of validated sides (each at least 3).
    pub(crate) fn new(width: i32, height: i32, brush: i32, symmetry: Symmetry) -> Canvas {
        let (w, h) = (width.max(0) as usize, height.max(0) as usize);
        let mut tiles = vec![WALL; w * h];
        for (y, row) in tiles.chunks_mut(w.max(1)).enumerate() {
            if y == 0 || y + 1 == h {
                row.fill(BORDER);
            } else {
                if let Some(t) = row.first_mut() {
                    *t = BORDER;
                }
                if let Some(t) = row.last_mut() {
                    *t = BORDER;
                }
            }
        }
        Canvas {
            tiles,
            width,
            height,
            painted: 0,
            edge: vec![0; (width.max(2) as usize - 2) * (height.max(2) as usize - 2) + 1],
            edge_len: 0,
            brush: brush.max(1),
            symmetry,
            min: Point::new(width, height),
            max: Point::new(-1, -1),
        }
    }

    /// Tiles inside the border: those a stroke can paint.
    pub(crate) fn interior(&self) -> u64 {
        let side = |s: i32| u64::try_from(s - 2).unwrap_or(0);
        side(self.width) * side(self.height)
    }

    /// True when `p` lies inside the border.
    #[inline]
    pub(crate) fn is_interior(&self, p: Point) -> bool {
        p.x >= 1 && p.y >= 1 && p.x <= self.width - 2 && p.y <= self.height - 2
    }

    /// True when `p` is painted floor (never outside the border).
    #[inline]
    pub(crate) fn is_floor(&self, p: Point) -> bool {
        self.is_interior(p) && self.tiles[self.index(p)] == FLOOR
    }

    /// How many floor tiles: kept as strokes are painted, never re-counted.
    #[inline]
    pub(crate) fn floor_count(&self) -> u64 {
        self.painted
    }

    /// A floor tile on the edge of the floor (with a wall among its four neighbours
    /// inside the border), drawn uniformly from all such tiles; `None` when there is none.
    ///
    /// Draws from the list of painted tiles and drops each drawn tile that is no longer
    /// on the edge (floor never turns back into wall, so it never is again), so the work
    /// of all draws together is at most one drop per painted tile plus one draw per call.
    pub(crate) fn random_edge_floor(&mut self, rng: &mut DungeonRng) -> Option<Point> {
        let shape = self.shape();
        loop {
            let len = u32::try_from(self.edge_len).unwrap_or(u32::MAX);
            if len == 0 {
                return None;
            }
            let k = rng.below(len) as usize;
            let i = self.edge[k] as usize;
            let p = shape.point(i).unwrap_or_default();
            if p.neighbours4()
                .any(|q| self.is_interior(q) && !self.is_floor(q))
            {
                return Some(p);
            }
            self.edge_len -= 1;
            self.edge.swap(k, self.edge_len);
        }
    }

    /// The floor's bounding box grown by `margin` on every side, kept inside the border,
    /// as (top-left, bottom-right) inclusive; the whole interior before the first stroke.
    pub(crate) fn floor_box(&self, margin: i32) -> (Point, Point) {
        let (lo, hi) = (
            Point::new(1, 1),
            Point::new(self.width - 2, self.height - 2),
        );
        if self.painted == 0 {
            return (lo, hi);
        }
        let a = Point::new(
            (self.min.x - margin).max(lo.x),
            (self.min.y - margin).max(lo.y),
        );
        let b = Point::new(
            (self.max.x + margin).min(hi.x),
            (self.max.y + margin).min(hi.y),
        );
        (a, b)
    }

    /// Paints one stroke: the brush square at `p` (columns `x - (brush - 1) / 2 ..= x +
    /// brush / 2`, rows likewise) and its mirror images, clipped to the interior.
    pub(crate) fn paint(&mut self, p: Point) {
        let x0 = p.x - (self.brush - 1) / 2;
        let y0 = p.y - (self.brush - 1) / 2;
        let (x1, y1) = (x0 + self.brush - 1, y0 + self.brush - 1);
        let (w, h) = (self.width, self.height);
        self.fill(x0, x1, y0, y1);
        if self.symmetry.mirrors_x() {
            self.fill(w - 1 - x1, w - 1 - x0, y0, y1);
        }
        if self.symmetry.mirrors_y() {
            self.fill(x0, x1, h - 1 - y1, h - 1 - y0);
        }
        if self.symmetry.mirrors_x() && self.symmetry.mirrors_y() {
            self.fill(w - 1 - x1, w - 1 - x0, h - 1 - y1, h - 1 - y0);
        }
    }

    /// A drunkard's walk from `at`: up to `lifetime` random steps, each followed by a
    /// stroke where the walker then stands (a step that would cross the border is spent
    /// standing still), until the floor count reaches `target`; each step is taken from
    /// `budget`, and the walk stops when it is spent. Keeps the floor's bounding box only
    /// for brushes larger than a tile or mirrored (the drunkard never asks for it).
    pub(crate) fn stagger(
        &mut self,
        at: Point,
        lifetime: u32,
        target: u64,
        budget: &mut Budget,
        steps: &mut Steps,
        rng: &mut DungeonRng,
    ) {
        let allowed = u64::from(lifetime).min(budget.limit.saturating_sub(budget.used));
        let taken = if self.brush == 1 && self.symmetry == Symmetry::None {
            self.stagger_one_tile(at, allowed, target, steps, rng)
        } else {
            let mut at = at;
            let mut taken = 0;
            while taken < allowed {
                taken += 1;
                let next = at + steps.next(rng);
                if self.is_interior(next) {
                    at = next;
                }
                self.paint(at);
                if self.painted >= target {
                    break;
                }
            }
            taken
        };
        budget.used += taken;
    }

    /// [`Canvas::stagger`] with a 1 x 1 brush and no mirrors, on row-major indices and
    /// without branches on the tiles: the border tiles stop a step, a step onto floor
    /// writes the edge list's spare slot and leaves the counts alone. Returns the steps
    /// taken.
    fn stagger_one_tile(
        &mut self,
        at: Point,
        allowed: u64,
        target: u64,
        steps: &mut Steps,
        rng: &mut DungeonRng,
    ) -> u64 {
        let w = self.width as isize;
        let deltas = [-w, 1, w, -1];
        let mut i = self.index(at);
        let mut taken = 0;
        while taken < allowed {
            taken += 1;
            // Inside the border every neighbour is on the map.
            let j = i.wrapping_add_signed(deltas[steps.next_index(rng)]);
            let state = self.tiles.get(j).copied().unwrap_or(BORDER);
            if state != BORDER {
                i = j;
            }
            let new = state == WALL;
            self.tiles[i] |= FLOOR;
            if let Some(slot) = self.edge.get_mut(self.edge_len) {
                *slot = i as u32;
            }
            self.edge_len += usize::from(new);
            self.painted += u64::from(new);
            if self.painted >= target {
                break;
            }
        }
        taken
    }

    /// Makes tile `i`, at `p`, floor (it was wall).
    fn mark(&mut self, i: usize, p: Point) {
        self.tiles[i] = FLOOR;
        self.painted += 1;
        if let Some(slot) = self.edge.get_mut(self.edge_len) {
            *slot = i as u32;
            self.edge_len += 1;
        }
        self.min = Point::new(self.min.x.min(p.x), self.min.y.min(p.y));
        self.max = Point::new(self.max.x.max(p.x), self.max.y.max(p.y));
    }

    /// Paints columns `x0..=x1` of rows `y0..=y1`, clipped to the interior.
    fn fill(&mut self, x0: i32, x1: i32, y0: i32, y1: i32) {
        let (x0, x1) = (x0.max(1), x1.min(self.width - 2));
        let (y0, y1) = (y0.max(1), y1.min(self.height - 2));
        if x0 > x1 || y0 > y1 {
            return;
        }
        for y in y0..=y1 {
            for x in x0..=x1 {
                let p = Point::new(x, y);
                let i = self.index(p);
                if self.tiles[i] == WALL {
                    self.mark(i, p);
                }
            }
        }
    }

    #[inline]
    fn index(&self, p: Point) -> usize {
        self.shape().index_inside(p)
    }

    /// The canvas's size and numbering; its sides were checked by the settings.
    fn shape(&self) -> Shape {
        Shape::new(self.width, self.height).unwrap_or_default()
    }

    /// The painted map: floor where painted, wall elsewhere.
    pub(crate) fn into_map(self) -> Map {
        self.to_map()
    }

    /// The map painted so far: floor where painted, wall elsewhere.
    pub(crate) fn to_map(&self) -> Map {
        let tiles = self
            .tiles
            .iter()
            .map(|&t| if t == FLOOR { Tile::FLOOR } else { Tile::WALL })
            .collect();
        Grid::from_cells(self.width, self.height, tiles).map_or_else(|_| Map::default(), Map::from)
    }
}

/// Random orthogonal steps, sixteen from each 32-bit draw (two bits per step, lowest
/// first: 0 north, 1 east, 2 south, 3 west).
pub(crate) struct Steps {
    bits: u32,
    left: u32,
}

impl Steps {
    pub(crate) fn new() -> Steps {
        Steps { bits: 0, left: 0 }
    }

    /// The next random step.
    #[inline]
    pub(crate) fn next(&mut self, rng: &mut DungeonRng) -> Point {
        Point::ORTHOGONAL[self.next_index(rng)]
    }

    /// The next random step as its index in [`Point::ORTHOGONAL`].
    #[inline]
    pub(crate) fn next_index(&mut self, rng: &mut DungeonRng) -> usize {
        if self.left == 0 {
            self.bits = rng.next_u32();
            self.left = 16;
        }
        let d = (self.bits & 3) as usize;
        self.bits >>= 2;
        self.left -= 1;
        d
    }
}

/// The most steps one run of `dla` or `drunkard` takes, whatever the map: the budget per
/// tile would allow 2·10¹¹ steps (minutes of work) on the largest map, where this is
/// about 14 s at the 1.7 ns a step these walkers take on a 2-core machine, so every map
/// finishes or fails in well under a minute.
pub(crate) const MAX_STEPS: u64 = 8_000_000_000;

/// Counts steps against a budget.
pub(crate) struct Budget {
    pub(crate) limit: u64,
    pub(crate) used: u64,
}

impl Budget {
    /// `per_tile` steps for each of `tiles` tiles, and [`MAX_STEPS`] at most.
    pub(crate) fn new(per_tile: u64, tiles: u64) -> Budget {
        Budget {
            limit: per_tile.saturating_mul(tiles).min(MAX_STEPS),
            used: 0,
        }
    }

    /// Takes one step; `false` when the budget is spent.
    #[inline]
    pub(crate) fn take(&mut self) -> bool {
        if self.used >= self.limit {
            return false;
        }
        self.used += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brush_and_mirrors_are_clipped_to_the_interior() {
        let mut canvas = Canvas::new(7, 5, 2, Symmetry::Both);
        canvas.paint(Point::new(1, 1));
        // Columns 1..=2 and their mirror 4..=5; rows 1..=2 and their mirror 2..=3.
        assert_eq!(
            canvas.into_map().to_string(),
            "#######\n#..#..#\n#..#..#\n#..#..#\n#######\n"
        );
    }

    #[test]
    fn floor_is_counted_once_per_tile() {
        let mut canvas = Canvas::new(6, 6, 3, Symmetry::Horizontal);
        canvas.paint(Point::new(2, 2));
        // Columns 1..=3 and their mirrors 2..=4 overlap; rows 1..=3.
        assert_eq!(canvas.floor_count(), 12);
        canvas.paint(Point::new(2, 2));
        assert_eq!(canvas.floor_count(), 12);
        assert_eq!(canvas.floor_box(1), (Point::new(1, 1), Point::new(4, 4)));
        let map = canvas.into_map();
        assert_eq!(map.iter().filter(|(_, t)| t.walkable).count(), 12);
    }

    #[test]
    fn targets_round_up_and_ask_for_at_least_one_tile() {
        assert_eq!(target_tiles(0, 100), 1);
        assert_eq!(target_tiles(25, 10), 3);
        assert_eq!(target_tiles(100, 7), 7);
    }

    #[test]
    fn steps_use_two_bits_each() {
        let mut rng = DungeonRng::new(3);
        let bits = DungeonRng::new(3).next_u32();
        let mut steps = Steps::new();
        for k in 0..16 {
            let d = steps.next(&mut rng);
            assert_eq!(d, Point::ORTHOGONAL[((bits >> (2 * k)) & 3) as usize]);
        }
    }

    #[test]
    fn budget_counts_down() {
        let mut budget = Budget::new(2, 3);
        assert_eq!((0..10).filter(|_| budget.take()).count(), 6);
    }

    /// Issue 25: the largest map's budget was 2·10¹¹ steps (`dla`), minutes of work.
    #[test]
    fn budget_is_capped_whatever_the_map() {
        let largest = 9_998 * 9_998;
        assert_eq!(Budget::new(2_000, largest).limit, MAX_STEPS);
        assert_eq!(Budget::new(u64::MAX, u64::MAX).limit, MAX_STEPS);
        assert_eq!(Budget::new(200, 1000).limit, 200_000);
    }
}
