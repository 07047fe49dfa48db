//! A stencil: one orientation of a vault, prepared for placement: the offsets every check reads,
//! worked out once per vault and orientation instead of once per candidate.
//!
//! Offsets are relative to the footprint's top-left tile. `C` below is the set of the
//! footprint's stamped (non-space) tiles.

use super::transform::{Glyphs, Orientation};
use super::{Vault, VaultCell};

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
    pub width: i32,
    pub height: i32,
    /// Row-major, `width * height`.
    pub cells: Vec<VaultCell>,
    /// Disjoint rectangles covering exactly `C`: one for a vault without spaces.
    pub rects: Vec<Span>,
    /// For each entrance, its neighbours outside `C` (a space, or outside the footprint).
    pub outward: Vec<Vec<(i32, i32)>>,
    /// For each walkable component of the vault, the outward neighbours of its entrances:
    /// the base tiles it joins once stamped.
    pub glue: Vec<Vec<(i32, i32)>>,
    /// Tiles outside `C` that touch `C` (8 directions): where old walls meet the new block.
    pub ring: Vec<(i32, i32)>,
    /// Pairs (index into `ring`, component of `C`) that touch.
    pub ring_comps: Vec<(u32, u32)>,
    /// How many 8-connected components `C` has (1 unless spaces cut it).
    pub comp_count: u32,
    /// The tiles of `C`, row by row.
    pub covered: Vec<(i32, i32)>,
    /// The 2x2 quads (by top-left offset) that touch `C`, each with the bits of its tiles
    /// in `C` (top-left 1, top-right 2, bottom-left 4, bottom-right 8).
    pub quads: Vec<(i32, i32, u8)>,
    /// Pairs (tile of `C`, 4-neighbour outside `C`): where a covered floor tile can leave
    /// its neighbour cut off.
    pub border: Vec<((i32, i32), (i32, i32))>,
}

const STEPS4: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
const STEPS8: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

impl Stencil {
    /// `vault` laid in `orientation`, whose glyphs are `glyphs`.
    pub fn new(vault: &Vault, orientation: Orientation, glyphs: &Glyphs) -> Stencil {
        let (w, h) = (glyphs.width(), glyphs.height());
        let cells: Vec<VaultCell> = glyphs
            .cells()
            .iter()
            .map(|&g| vault.cell(g).unwrap_or(VaultCell::Keep))
            .collect();
        let mut stencil = Stencil {
            orientation,
            width: w,
            height: h,
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
            .tiles()
            .filter(|&(x, y)| stencil.stamped(x, y))
            .collect();
        stencil.quads = stencil.quads();
        stencil.border = stencil.border_pairs();
        stencil
    }

    /// True for a tile of `C`; false outside the footprint.
    pub fn stamped(&self, x: i32, y: i32) -> bool {
        self.at(x, y)
            .is_some_and(|c| matches!(c, VaultCell::Stamp { .. }))
    }

    /// True for a walkable tile of `C`.
    pub fn walkable(&self, x: i32, y: i32) -> bool {
        matches!(self.at(x, y), Some(VaultCell::Stamp { tile, .. }) if tile.walkable)
    }

    fn at(&self, x: i32, y: i32) -> Option<VaultCell> {
        let inside = (0..self.width).contains(&x) && (0..self.height).contains(&y);
        inside.then(|| self.cells[(y * self.width + x) as usize])
    }

    fn entrance(&self, x: i32, y: i32) -> bool {
        matches!(self.at(x, y), Some(VaultCell::Stamp { entrance: true, .. }))
    }

    fn tiles(&self) -> impl Iterator<Item = (i32, i32)> + use<> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| (x, y)))
    }

    /// Runs of `C` row by row, a run merged into the rectangle above it when both span
    /// the same columns.
    fn cover(&self) -> Vec<Span> {
        let mut rects: Vec<Span> = Vec::new();
        for y in 0..self.height {
            let mut x = 0;
            while x < self.width {
                if !self.stamped(x, y) {
                    x += 1;
                    continue;
                }
                let x0 = x;
                while x < self.width && self.stamped(x, y) {
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

    fn entrance_outward(&self) -> Vec<Vec<(i32, i32)>> {
        self.tiles()
            .filter(|&(x, y)| self.entrance(x, y))
            .map(|(x, y)| self.outside_neighbours(x, y))
            .collect()
    }

    fn outside_neighbours(&self, x: i32, y: i32) -> Vec<(i32, i32)> {
        STEPS4
            .iter()
            .map(|&(dx, dy)| (x + dx, y + dy))
            .filter(|&(nx, ny)| !self.stamped(nx, ny))
            .collect()
    }

    /// The walkable components of `C` (4-connected), each as its entrances' outward
    /// neighbours; the format guarantees each has an entrance.
    fn glue_components(&self) -> Vec<Vec<(i32, i32)>> {
        let mut seen = vec![false; self.cells.len()];
        let mut glue = Vec::new();
        for (x, y) in self.tiles() {
            let i = (y * self.width + x) as usize;
            if seen[i] || !self.walkable(x, y) {
                continue;
            }
            seen[i] = true;
            let (mut stack, mut outward) = (vec![(x, y)], Vec::new());
            while let Some((cx, cy)) = stack.pop() {
                if self.entrance(cx, cy) {
                    outward.extend(self.outside_neighbours(cx, cy));
                }
                for (dx, dy) in STEPS4 {
                    let (nx, ny) = (cx + dx, cy + dy);
                    if self.walkable(nx, ny) && !seen[(ny * self.width + nx) as usize] {
                        seen[(ny * self.width + nx) as usize] = true;
                        stack.push((nx, ny));
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
        let (w, h) = (self.width, self.height);
        let mut comp = vec![u32::MAX; self.cells.len()];
        let mut count = 0;
        for (x, y) in self.tiles() {
            if !self.stamped(x, y) || comp[(y * w + x) as usize] != u32::MAX {
                continue;
            }
            comp[(y * w + x) as usize] = count;
            let mut stack = vec![(x, y)];
            while let Some((cx, cy)) = stack.pop() {
                for (dx, dy) in STEPS8 {
                    let (nx, ny) = (cx + dx, cy + dy);
                    if self.stamped(nx, ny) && comp[(ny * w + nx) as usize] == u32::MAX {
                        comp[(ny * w + nx) as usize] = count;
                        stack.push((nx, ny));
                    }
                }
            }
            count += 1;
        }
        self.comp_count = count;
        for y in -1..=h {
            for x in -1..=w {
                if self.stamped(x, y) {
                    continue;
                }
                let mut touched: Vec<u32> = STEPS8
                    .iter()
                    .map(|&(dx, dy)| (x + dx, y + dy))
                    .filter(|&(nx, ny)| self.stamped(nx, ny))
                    .map(|(nx, ny)| comp[(ny * w + nx) as usize])
                    .collect();
                if touched.is_empty() {
                    continue;
                }
                touched.sort_unstable();
                touched.dedup();
                let index = self.ring.len() as u32;
                self.ring.push((x, y));
                self.ring_comps
                    .extend(touched.into_iter().map(|c| (index, c)));
            }
        }
    }

    fn quads(&self) -> Vec<(i32, i32, u8)> {
        let mut quads = Vec::new();
        for qy in -1..self.height {
            for qx in -1..self.width {
                let bits = [(0, 0, 1), (1, 0, 2), (0, 1, 4), (1, 1, 8)]
                    .iter()
                    .filter(|&&(dx, dy, _)| self.stamped(qx + dx, qy + dy))
                    .fold(0u8, |acc, &(_, _, bit)| acc | bit);
                if bits != 0 {
                    quads.push((qx, qy, bits));
                }
            }
        }
        quads
    }

    fn border_pairs(&self) -> Vec<((i32, i32), (i32, i32))> {
        let mut pairs = Vec::new();
        for (x, y) in self.tiles() {
            if !self.stamped(x, y) {
                continue;
            }
            for (dx, dy) in STEPS4 {
                if !self.stamped(x + dx, y + dy) {
                    pairs.push(((x, y), (x + dx, y + dy)));
                }
            }
        }
        pairs
    }
}
