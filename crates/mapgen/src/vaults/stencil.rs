//! A stencil: one orientation of a vault, prepared for placement: the offsets every check reads,
//! worked out once per vault and orientation instead of once per candidate.
//!
//! Offsets are relative to the footprint's top-left tile. `C` below is the set of the
//! footprint's stamped (non-space) tiles.

use super::board::Footprint;
use super::transform::{Glyphs, Orientation};
use super::{Vault, VaultCell};
use crate::{Grid, Point};

/// A half-open rectangle of tiles, `x0..x1` by `y0..y1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Span {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

/// A vault laid down in one orientation.
#[derive(Debug, Clone)]
pub(super) struct Stencil {
    pub orientation: Orientation,
    /// What each tile of the footprint does.
    pub cells: Grid<VaultCell>,
    /// Disjoint rectangles covering exactly `C`: one for a vault without spaces.
    pub rects: Vec<Span>,
    /// For each entrance, its neighbours outside `C` (a space, or outside the footprint).
    pub outward: Vec<Vec<Point>>,
    /// For each walkable component of the vault, the outward neighbours of its entrances:
    /// the base tiles it joins once stamped.
    pub glue: Vec<Vec<Point>>,
    /// Tiles outside `C` that touch `C` (8 directions): where old walls meet the new block.
    pub ring: Vec<Point>,
    /// Pairs (index into `ring`, component of `C`) that touch.
    pub ring_comps: Vec<(u32, u32)>,
    /// How many 8-connected components `C` has (1 unless spaces cut it).
    pub comp_count: u32,
    /// The tiles of `C`, row by row.
    pub covered: Vec<Point>,
    /// The 2x2 quads (by top-left offset) that touch `C`, each with the bits of its tiles
    /// in `C` (top-left 1, top-right 2, bottom-left 4, bottom-right 8).
    pub quads: Vec<(Point, u8)>,
    /// Pairs (tile of `C`, 4-neighbour outside `C`): where a covered floor tile can leave
    /// its neighbour cut off.
    pub border: Vec<(Point, Point)>,
}

impl Stencil {
    /// `vault` laid in `orientation`, whose glyphs are `glyphs`.
    pub fn new(vault: &Vault, orientation: Orientation, glyphs: &Glyphs) -> Stencil {
        let cells = glyphs
            .grid()
            .map(|&g| vault.cell(g).unwrap_or(VaultCell::Keep));
        let mut stencil = Stencil {
            orientation,
            cells,
            rects: Vec::new(),
            outward: Vec::new(),
            glue: Vec::new(),
            ring: Vec::new(),
            ring_comps: Vec::new(),
            comp_count: 0,
            covered: Vec::new(),
            quads: Vec::new(),
            border: Vec::new(),
        };
        stencil.rects = stencil.cover();
        stencil.outward = stencil.entrance_outward();
        stencil.glue = stencil.glue_components();
        stencil.ring_and_components();
        stencil.covered = stencil
            .cells
            .points()
            .filter(|&p| stencil.stamped(p))
            .collect();
        stencil.quads = stencil.quads();
        stencil.border = stencil.border_pairs();
        stencil
    }

    /// Footprint width.
    #[inline]
    pub const fn width(&self) -> i32 {
        self.cells.width()
    }

    /// Footprint height.
    #[inline]
    pub const fn height(&self) -> i32 {
        self.cells.height()
    }

    /// The footprint with its top-left tile at `origin`.
    pub fn footprint(&self, origin: Point) -> Footprint {
        Footprint {
            first: origin,
            last: origin + Point::new(self.width() - 1, self.height() - 1),
        }
    }

    /// True for a tile of `C`; false outside the footprint.
    #[inline]
    pub fn stamped(&self, p: Point) -> bool {
        matches!(self.cells.get(p), Some(VaultCell::Stamp { .. }))
    }

    /// True for a walkable tile of `C`.
    #[inline]
    pub fn walkable(&self, p: Point) -> bool {
        matches!(self.cells.get(p), Some(VaultCell::Stamp { tile, .. }) if tile.walkable)
    }

    fn entrance(&self, p: Point) -> bool {
        matches!(
            self.cells.get(p),
            Some(VaultCell::Stamp { entrance: true, .. })
        )
    }

    /// Runs of `C` row by row, a run merged into the rectangle above it when both span
    /// the same columns.
    fn cover(&self) -> Vec<Span> {
        let mut rects: Vec<Span> = Vec::new();
        let stamped = |x: i32, y: i32| self.stamped(Point::new(x, y));
        for y in 0..self.height() {
            let mut x = 0;
            while x < self.width() {
                if !stamped(x, y) {
                    x += 1;
                    continue;
                }
                let x0 = x;
                while x < self.width() && stamped(x, y) {
                    x += 1;
                }
                let above = rects
                    .iter_mut()
                    .find(|r| r.y1 == y && r.x0 == x0 && r.x1 == x);
                match above {
                    Some(r) => r.y1 = y + 1,
                    None => rects.push(Span {
                        x0,
                        y0: y,
                        x1: x,
                        y1: y + 1,
                    }),
                }
            }
        }
        rects
    }

    fn entrance_outward(&self) -> Vec<Vec<Point>> {
        self.cells
            .points()
            .filter(|&p| self.entrance(p))
            .map(|p| self.outside_neighbours(p))
            .collect()
    }

    fn outside_neighbours(&self, p: Point) -> Vec<Point> {
        p.neighbours4().filter(|&n| !self.stamped(n)).collect()
    }

    /// The walkable components of `C` (4-connected), each as its entrances' outward
    /// neighbours; the format guarantees each has an entrance.
    fn glue_components(&self) -> Vec<Vec<Point>> {
        let mut seen = self.cells.map(|_| false);
        let mut glue = Vec::new();
        for p in self.cells.points() {
            if seen.get_or_default(p) || !self.walkable(p) {
                continue;
            }
            seen.set(p, true);
            let (mut stack, mut outward) = (vec![p], Vec::new());
            while let Some(c) = stack.pop() {
                if self.entrance(c) {
                    outward.extend(self.outside_neighbours(c));
                }
                for n in c.neighbours4() {
                    if self.walkable(n) && !seen.get_or_default(n) {
                        seen.set(n, true);
                        stack.push(n);
                    }
                }
            }
            outward.sort_unstable();
            outward.dedup();
            glue.push(outward);
        }
        glue
    }

    /// Labels the 8-components of `C` and lists the ring around `C` with the components
    /// each ring tile touches.
    fn ring_and_components(&mut self) {
        const NONE: u32 = u32::MAX;
        let mut comp = self.cells.map(|_| NONE);
        let mut count = 0;
        for p in self.cells.points() {
            if !self.stamped(p) || comp.get_or_default(p) != NONE {
                continue;
            }
            comp.set(p, count);
            let mut stack = vec![p];
            while let Some(c) = stack.pop() {
                for n in c.neighbours8() {
                    if self.stamped(n) && comp.get_or_default(n) == NONE {
                        comp.set(n, count);
                        stack.push(n);
                    }
                }
            }
            count += 1;
        }
        self.comp_count = count;
        for y in -1..=self.height() {
            for x in -1..=self.width() {
                let p = Point::new(x, y);
                if self.stamped(p) {
                    continue;
                }
                let mut touched: Vec<u32> = p
                    .neighbours8()
                    .filter(|&n| self.stamped(n))
                    .map(|n| comp.get_or_default(n))
                    .collect();
                if touched.is_empty() {
                    continue;
                }
                touched.sort_unstable();
                touched.dedup();
                let index = self.ring.len() as u32;
                self.ring.push(p);
                self.ring_comps
                    .extend(touched.into_iter().map(|c| (index, c)));
            }
        }
    }

    fn quads(&self) -> Vec<(Point, u8)> {
        let mut quads = Vec::new();
        for qy in -1..self.height() {
            for qx in -1..self.width() {
                let q = Point::new(qx, qy);
                let bits = [(0, 0, 1), (1, 0, 2), (0, 1, 4), (1, 1, 8)]
                    .iter()
                    .filter(|&&(dx, dy, _)| self.stamped(q.offset(dx, dy)))
                    .fold(0u8, |acc, &(_, _, bit)| acc | bit);
                if bits != 0 {
                    quads.push((q, bits));
                }
            }
        }
        quads
    }

    fn border_pairs(&self) -> Vec<(Point, Point)> {
        let mut pairs = Vec::new();
        for p in self.cells.points() {
            if !self.stamped(p) {
                continue;
            }
            for n in p.neighbours4() {
                if !self.stamped(n) {
                    pairs.push((p, n));
                }
            }
        }
        pairs
    }
}
