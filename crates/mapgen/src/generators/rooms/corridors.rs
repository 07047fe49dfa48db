//! The L-shaped corridors between consecutive rooms, dug so that their cost follows the
//! map's area rather than the sum of their lengths.
//!
//! A horizontal leg is a run of one row: one contiguous fill. A vertical leg is a run of
//! one column of a row-major map: a store per row, each in another cache line (and, on a
//! big map, another page). The tutorial's generator on a 10000 x 10000 map with a million
//! rooms digs billions of such stores. Carving only ever sets floor, so the order of the
//! digging does not matter: the vertical legs are kept as column intervals and, when they
//! are long enough together to be worth it, dug in one pass down the map that keeps a
//! count of the legs covering each column. That pass costs the map's area, whatever the
//! legs' number and lengths.

use crate::carve::{Bend, create_h_tunnel, create_v_tunnel};
use crate::{Map, Point, Tile};

/// Vertical legs waiting to be dug; horizontal legs are dug at once.
#[derive(Debug, Default)]
pub(crate) struct Corridors {
    /// `(x, top, bottom)`, both rows included.
    columns: Vec<(i32, i32, i32)>,
    /// The total length of the legs in `columns`.
    length: u64,
}

impl Corridors {
    /// Room for `expected` corridors (a hint; more may come).
    pub(crate) fn with_capacity(expected: usize) -> Corridors {
        Corridors {
            columns: Vec::with_capacity(expected),
            length: 0,
        }
    }

    /// Digs the L from `from` to `to` as [`crate::tunnel_between`] would: the horizontal leg
    /// now, the vertical leg with the others in [`Corridors::finish`].
    pub(crate) fn dig(&mut self, map: &mut Map, from: Point, to: Point, bend: Bend) {
        let (row, column) = match bend {
            Bend::HorizontalFirst => (from.y, to.x),
            Bend::VerticalFirst => (to.y, from.x),
        };
        create_h_tunnel(map, from.x, to.x, row);
        let (top, bottom) = (from.y.min(to.y), from.y.max(to.y));
        self.columns.push((column, top, bottom));
        self.length += u64::from(bottom.abs_diff(top)) + 1;
    }

    /// Digs every vertical leg: one by one when they are short together, otherwise in one
    /// pass down the map (see the module docs). The map is the same either way.
    pub(crate) fn finish(self, map: &mut Map) {
        let area = map.tiles().len() as u64;
        if self.length.saturating_mul(Self::SWEEP_RATIO) < area {
            self.dig_each(map);
        } else {
            self.sweep(map);
        }
    }

    /// A sweep costs about one store per map cell, a leg one strided store per row: sweep
    /// when the legs are at least an eighth of the area together.
    const SWEEP_RATIO: u64 = 8;

    fn dig_each(self, map: &mut Map) {
        for (x, top, bottom) in self.columns {
            create_v_tunnel(map, top, bottom, x);
        }
    }

    /// One pass down the map: `covering[x]` counts the legs over column `x` in the current
    /// row; a row's cells with a count become floor.
    fn sweep(self, map: &mut Map) {
        let (width, height) = (map.width(), map.height());
        // Each leg, clipped to the map, starts covering its column at `top` and stops after
        // `bottom`: bucket those events by row (a counting sort).
        let legs: Vec<(usize, usize, usize)> = self
            .columns
            .iter()
            .filter(|&&(x, top, bottom)| (0..width).contains(&x) && top < height && bottom >= 0)
            .map(|&(x, top, bottom)| {
                (x as usize, top.max(0) as usize, bottom.min(height - 1) as usize + 1)
            })
            .collect();
        let rows = height as usize;
        let starts = Buckets::new(rows + 1, legs.iter().map(|&(x, top, _)| (top, x)));
        let ends = Buckets::new(rows + 1, legs.iter().map(|&(x, _, end)| (end, x)));
        let mut covering = vec![0u32; width as usize];
        let mut active = 0usize;
        let tiles = map.tiles_mut();
        for (y, row) in tiles.chunks_exact_mut(width.max(1) as usize).enumerate() {
            for &x in starts.take(y) {
                covering[x] += 1;
                active += 1;
            }
            for &x in ends.take(y) {
                covering[x] -= 1;
                active -= 1;
            }
            if active > 0 {
                for (tile, &count) in row.iter_mut().zip(&covering) {
                    if count > 0 {
                        *tile = Tile::FLOOR;
                    }
                }
            }
        }
    }
}

/// Values grouped by a small key, `0..keys`, in one flat array.
struct Buckets {
    /// `first[k]..first[k + 1]` are key `k`'s values in `values`.
    first: Vec<usize>,
    values: Vec<usize>,
}

impl Buckets {
    fn new(keys: usize, pairs: impl Iterator<Item = (usize, usize)> + Clone) -> Buckets {
        let mut first = vec![0usize; keys + 1];
        for (key, _) in pairs.clone() {
            first[key + 1] += 1;
        }
        for k in 0..keys {
            first[k + 1] += first[k];
        }
        let mut next = first.clone();
        let mut values = vec![0usize; first[keys]];
        for (key, value) in pairs {
            values[next[key]] = value;
            next[key] += 1;
        }
        Buckets { first, values }
    }

    /// Key `k`'s values; empty for a key out of range.
    fn take(&self, k: usize) -> &[usize] {
        match (self.first.get(k), self.first.get(k + 1)) {
            (Some(&a), Some(&b)) => &self.values[a..b],
            _ => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DungeonRng;
    use crate::carve::tunnel_between;

    /// Both ways of digging the vertical legs make the map `tunnel_between` makes.
    #[test]
    fn sweeping_and_digging_each_leg_make_the_same_map() {
        let mut rng = DungeonRng::new(3);
        for (w, h, n) in [(1, 1, 3), (7, 5, 10), (40, 30, 60), (64, 3, 200), (5, 90, 40)] {
            let mut expected = Map::new(w, h).unwrap();
            let (mut each, mut swept) = (Corridors::default(), Corridors::default());
            let mut each_map = Map::new(w, h).unwrap();
            let mut swept_map = Map::new(w, h).unwrap();
            for _ in 0..n {
                // Ends a little outside the map too: carving clips.
                let mut p = || {
                    Point::new(rng.range_inclusive(-2, w + 1), rng.range_inclusive(-2, h + 1))
                };
                let (from, to) = (p(), p());
                let bend = if rng.coin() {
                    Bend::HorizontalFirst
                } else {
                    Bend::VerticalFirst
                };
                tunnel_between(&mut expected, from, to, bend);
                each.dig(&mut each_map, from, to, bend);
                swept.dig(&mut swept_map, from, to, bend);
            }
            each.dig_each(&mut each_map);
            swept.sweep(&mut swept_map);
            assert_eq!(each_map, expected, "{w}x{h}");
            assert_eq!(swept_map, expected, "{w}x{h}");
        }
    }
}
