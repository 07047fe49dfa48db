//! The nearest seed of every tile inside the border, the earliest seed among equals:
//! exact, in time linear in the map's area whatever the number of seeds, in the owners'
//! grid itself plus a row of the map.
//!
//! Every tile first holds the earliest seed on it (a *site*), then:
//!
//! - Euclidean: the separable distance transform of Meijster, Roerdink and Hesselink ("A
//!   general algorithm for computing distance transforms in linear time", 2000), keeping
//!   the site rather than the distance. Down and up each column, a tile takes the nearest
//!   site of its column (the earlier of two as near: they are as near to every tile of
//!   the row); then along each row, the lower envelope of the parabolas
//!   `(x - column)² + vertical²` of those column sites gives each tile its nearest.
//! - Manhattan and Chebyshev: two raster scans, forward and backward, each tile taking
//!   the best of its own site and its already-scanned neighbours' (Rosenfeld and Pfaltz's
//!   sequential distance transform, "Sequential operations in digital picture processing",
//!   1966). For every seed and tile a shortest path of unit steps goes forward and then
//!   backward through the scans, and every step keeps a site at least as good, so the
//!   scans end at the best site.

use super::Distance;
use crate::{Grid, Point};

/// No seed: the border.
pub(super) const NO_SEED: u32 = u32::MAX;

/// The nearest seed of every tile inside the border (the earliest seed among equals);
/// [`NO_SEED`] on the border. `seeds` lie inside the border.
pub(super) fn nearest_seeds(
    width: i32,
    height: i32,
    seeds: &[Point],
    distance: Distance,
) -> Grid<u32> {
    let mut owners = Grid::new(width, height, NO_SEED).unwrap_or_default();
    for (i, &p) in (0u32..).zip(seeds) {
        if let Some(cell) = owners.get_mut(p)
            && *cell == NO_SEED
        {
            *cell = i;
        }
    }
    if owners.width() < 3 || owners.height() < 3 {
        return owners;
    }
    match distance {
        Distance::Euclidean => {
            // Only columns with a site take part: few seeds leave most columns empty.
            let mut occupied = vec![false; owners.width() as usize];
            for p in seeds {
                occupied[p.x as usize] = true;
            }
            let columns: Vec<usize> = (0..occupied.len()).filter(|&x| occupied[x]).collect();
            nearest_in_columns(&mut owners, seeds, &columns);
            nearest_in_rows(&mut owners, seeds, &columns);
        }
        Distance::Manhattan | Distance::Chebyshev => scan_both_ways(&mut owners, seeds, distance),
    }
    owners
}

/// Each tile of `columns` (those with a site) inside the border takes the nearest site
/// of its column.
fn nearest_in_columns(owners: &mut Grid<u32>, seeds: &[Point], columns: &[usize]) {
    let (shape, w) = (owners.shape(), owners.width() as usize);
    let rows = 1..owners.height() - 1;
    let cells = owners.cells_mut();
    // Down: the nearest site at or above each tile of the row.
    let mut last = vec![NO_SEED; w];
    for y in rows.clone() {
        let row = &mut cells[shape.row_start(y)..][..w];
        for &x in columns {
            if row[x] == NO_SEED {
                row[x] = last[x];
            } else {
                last[x] = row[x];
            }
        }
    }
    // Up: the nearer of that and the nearest site at or below.
    last.fill(NO_SEED);
    for y in rows.rev() {
        let row = &mut cells[shape.row_start(y)..][..w];
        for &x in columns {
            let above = row[x];
            if above != NO_SEED && seeds[above as usize].y == y {
                last[x] = above; // a site: nothing in its column is nearer
                continue;
            }
            row[x] = nearer_in_column(above, last[x], y, seeds);
        }
    }
}

/// Of two sites of a tile's column at row `y`, one above and one below (either may be
/// [`NO_SEED`]), the nearer; the earlier seed when both are as near.
fn nearer_in_column(above: u32, below: u32, y: i32, seeds: &[Point]) -> u32 {
    if above == NO_SEED {
        return below;
    }
    if below == NO_SEED {
        return above;
    }
    let up = y - seeds[above as usize].y;
    let down = seeds[below as usize].y - y;
    match up.cmp(&down) {
        std::cmp::Ordering::Less => above,
        std::cmp::Ordering::Greater => below,
        std::cmp::Ordering::Equal => above.min(below),
    }
}

/// A column's nearest site, as a row sees it: `(x - column)² + vertical²` from column `x`.
#[derive(Debug, Clone, Copy)]
struct Parabola {
    column: i64,
    vertical: i64,
    seed: u32,
}

impl Parabola {
    /// `(n, d)` such that `self` (left of `right`) wins column `x` exactly when
    /// `d * x <= n`: nearer, or as near and the earlier seed. The difference of two
    /// parabolas is a line rising to the right, so `self` wins up to a column and no
    /// further.
    fn against(self, right: Parabola) -> (i64, i64) {
        #[cfg(test)]
        super::tests::count_comparison();
        let gap = right.column - self.column;
        // self is nearer where 2 * gap * x < n.
        let n = gap * (self.column + right.column) + right.vertical * right.vertical
            - self.vertical * self.vertical;
        (if self.seed < right.seed { n } else { n - 1 }, 2 * gap)
    }
}

/// Each tile inside the border takes the nearest of the sites that the tiles of its row
/// in `columns` hold (each the nearest of its column), by the lower envelope of their
/// parabolas.
fn nearest_in_rows(owners: &mut Grid<u32>, seeds: &[Point], columns: &[usize]) {
    let (shape, w) = (owners.shape(), owners.width() as usize);
    let last_column = w as i64 - 2;
    let rows = 1..owners.height() - 1;
    let cells = owners.cells_mut();
    // The envelope, left to right: each parabola and the first column it wins.
    let mut envelope: Vec<(Parabola, i64)> = Vec::with_capacity(columns.len());
    for y in rows {
        let row = &mut cells[shape.row_start(y)..][..w];
        envelope.clear();
        for &x in columns {
            let seed = row[x];
            let next = Parabola {
                column: x as i64,
                vertical: i64::from(y.abs_diff(seeds[seed as usize].y)),
                seed,
            };
            push_on_envelope(&mut envelope, next, last_column);
        }
        for (k, &(parabola, from)) in envelope.iter().enumerate() {
            let to = envelope.get(k + 1).map_or(last_column + 1, |&(_, to)| to);
            row[from as usize..to as usize].fill(parabola.seed);
        }
    }
}

/// Adds `next` (right of every parabola on `envelope`) to the lower envelope of columns
/// `1..=last_column`, dropping those it beats wherever they won.
fn push_on_envelope(envelope: &mut Vec<(Parabola, i64)>, next: Parabola, last_column: i64) {
    while let Some(&(top, from)) = envelope.last() {
        let (n, d) = top.against(next);
        if d * from <= n {
            // top keeps its first column; next wins after top's last, if in the map.
            if d * last_column > n {
                envelope.push((next, n.div_euclid(d) + 1));
            }
            return;
        }
        envelope.pop();
    }
    envelope.push((next, 1));
}

/// Manhattan and Chebyshev: a forward raster scan, then a backward one.
fn scan_both_ways(owners: &mut Grid<u32>, seeds: &[Point], distance: Distance) {
    let shape = owners.shape();
    let (width, height) = (shape.width(), shape.height());
    let w = width as isize;
    // The neighbours a forward scan has already passed: left, and the row above (for
    // Chebyshev, its three tiles). The backward scan's are their mirror images.
    let forward: &[isize] = match distance {
        Distance::Manhattan => &[-1, -w],
        _ => &[-1, -w - 1, -w, -w + 1],
    };
    let backward: Vec<isize> = forward.iter().map(|&step| -step).collect();
    let cells = owners.cells_mut();
    let scan = |cells: &mut [u32], y: i32, x: i32, steps: &[isize]| {
        let at = Point::new(x, y);
        let i = shape.index_inside(at);
        let mut best = cells[i];
        let mut best_distance = distance_to(seeds, best, at, distance);
        for &step in steps {
            let seed = cells[i.wrapping_add_signed(step)];
            if seed == best || seed == NO_SEED {
                continue;
            }
            let d = distance_to(seeds, seed, at, distance);
            if (d, seed) < (best_distance, best) {
                (best, best_distance) = (seed, d);
            }
        }
        cells[i] = best;
    };
    for y in 1..height - 1 {
        for x in 1..width - 1 {
            scan(cells, y, x, forward);
        }
    }
    for y in (1..height - 1).rev() {
        for x in (1..width - 1).rev() {
            scan(cells, y, x, &backward);
        }
    }
}

/// How far seed `seed` is from `at`; `u64::MAX` for [`NO_SEED`].
fn distance_to(seeds: &[Point], seed: u32, at: Point, distance: Distance) -> u64 {
    match seeds.get(seed as usize) {
        Some(p) => distance.measure(u64::from(p.x.abs_diff(at.x)), u64::from(p.y.abs_diff(at.y))),
        None => u64::MAX,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DungeonRng;

    /// Every tile against every seed.
    fn brute_force(width: i32, height: i32, seeds: &[Point], distance: Distance) -> Grid<u32> {
        let mut owners = Grid::new(width, height, NO_SEED).unwrap();
        for y in 1..height - 1 {
            for x in 1..width - 1 {
                let mut best = (u64::MAX, NO_SEED);
                for (i, p) in (0u32..).zip(seeds) {
                    let d = distance.measure(
                        u64::from(p.x.abs_diff(x)),
                        u64::from(p.y.abs_diff(y)),
                    );
                    if d < best.0 {
                        best = (d, i);
                    }
                }
                owners.set((x, y), best.1);
            }
        }
        owners
    }

    /// Seeds inside the border of a `w` x `h` map, on few distinct columns and rows
    /// (`spread` apart) so that ties are common, or anywhere with `spread` 1.
    fn random_seeds(rng: &mut DungeonRng, w: i32, h: i32, n: i32, spread: i32) -> Vec<Point> {
        (0..n)
            .map(|_| {
                let x = 1 + (rng.range_inclusive(1, w - 2) - 1) / spread * spread;
                let y = 1 + (rng.range_inclusive(1, h - 2) - 1) / spread * spread;
                Point::new(x, y)
            })
            .collect()
    }

    #[test]
    fn nearest_seeds_agree_with_brute_force() {
        let mut rng = DungeonRng::new(11);
        for round in 0..600 {
            let (w, h) = (rng.range_inclusive(3, 40), rng.range_inclusive(3, 30));
            let interior = (w - 2) * (h - 2);
            // Few seeds, many, or as many as tiles (most tiles a seed).
            let n = match round % 3 {
                0 => rng.range_inclusive(1, 4),
                1 => rng.range_inclusive(1, 90),
                _ => interior,
            };
            let spread = rng.range_inclusive(1, 4);
            let seeds = random_seeds(&mut rng, w, h, n, spread);
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
    fn equally_near_seeds_go_to_the_earliest() {
        // (1, 1) and (3, 3) are equally near (2, 2) by every distance; the later seed
        // on one tile owns nothing.
        for distance in Distance::ALL.iter().copied() {
            for (seeds, owner) in [
                ([(3, 3), (1, 1), (3, 3)], 0),
                ([(1, 1), (3, 3), (1, 1)], 0),
                ([(2, 2), (2, 2), (1, 1)], 0),
            ] {
                let seeds = seeds.map(Point::from);
                let owners = nearest_seeds(5, 5, &seeds, distance);
                assert_eq!(owners.get_or_default((2, 2)), owner, "{distance} {seeds:?}");
            }
            // By Chebyshev distance (1, 2) is 2 from all three seeds of column 3, so the
            // earliest owns it although (3, 2) is the nearest of its column.
            let seeds = [(3, 3), (3, 2), (3, 1)].map(Point::from);
            let owners = nearest_seeds(5, 5, &seeds, distance);
            assert_eq!(owners, brute_force(5, 5, &seeds, distance), "{distance}");
        }
    }
}
