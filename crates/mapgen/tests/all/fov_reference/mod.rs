//! The reference the field of view is tested against: Albert Ford's Python
//! (<https://www.albertford.com/shadowcasting>/) transcribed line by line, recursive, with
//! exact fractions, run over the whole map; libtcod's radius and `light_walls` conventions
//! are applied afterwards as filters. Slow and simple on purpose.

use mapgen::{Map, Point};

/// An exact fraction `n / d`, `d > 0`.
#[derive(Clone, Copy, Debug)]
struct Frac {
    n: i64,
    d: i64,
}

impl Frac {
    fn times(self, depth: i64) -> Frac {
        Frac {
            n: self.n * depth,
            d: self.d,
        }
    }
}

fn floor(f: Frac) -> i64 {
    f.n.div_euclid(f.d)
}

fn ceil(f: Frac) -> i64 {
    -(-f.n).div_euclid(f.d)
}

/// `math.floor(n + 0.5)`
fn round_ties_up(f: Frac) -> i64 {
    floor(Frac {
        n: 2 * f.n + f.d,
        d: 2 * f.d,
    })
}

/// `math.ceil(n - 0.5)`
fn round_ties_down(f: Frac) -> i64 {
    ceil(Frac {
        n: 2 * f.n - f.d,
        d: 2 * f.d,
    })
}

#[derive(Clone, Copy)]
struct Row {
    depth: i64,
    start_slope: Frac,
    end_slope: Frac,
}

fn slope(depth: i64, col: i64) -> Frac {
    Frac {
        n: 2 * col - 1,
        d: 2 * depth,
    }
}

fn is_symmetric(row: &Row, col: i64) -> bool {
    let (s, e) = (
        row.start_slope.times(row.depth),
        row.end_slope.times(row.depth),
    );
    col * s.d >= s.n && col * e.d <= e.n
}

struct Reference<'a> {
    map: &'a Map,
    cardinal: u8,
    origin: Point,
    seen: Vec<bool>,
}

impl Reference<'_> {
    fn transform(&self, depth: i64, col: i64) -> (i32, i32) {
        let (row, col) = (depth as i32, col as i32);
        let (ox, oy) = (self.origin.x, self.origin.y);
        match self.cardinal {
            0 => (ox + col, oy - row),
            1 => (ox + row, oy + col),
            2 => (ox + col, oy + row),
            _ => (ox - row, oy + col),
        }
    }

    fn is_wall(&self, tile: Option<(i64, i64)>) -> bool {
        tile.is_some_and(|(d, c)| {
            let (x, y) = self.transform(d, c);
            !self.map.is_transparent((x, y))
        })
    }

    fn is_floor(&self, tile: Option<(i64, i64)>) -> bool {
        tile.is_some_and(|(d, c)| {
            let (x, y) = self.transform(d, c);
            self.map.is_transparent((x, y))
        })
    }

    fn reveal(&mut self, depth: i64, col: i64) {
        let (x, y) = self.transform(depth, col);
        if let Some(i) = self.map.index((x, y)) {
            self.seen[i] = true;
        }
    }

    fn scan(&mut self, mut row: Row) {
        let mut prev_tile = None;
        let min_col = round_ties_up(row.start_slope.times(row.depth));
        let max_col = round_ties_down(row.end_slope.times(row.depth));
        for col in min_col..=max_col {
            let tile = Some((row.depth, col));
            if self.is_wall(tile) || is_symmetric(&row, col) {
                self.reveal(row.depth, col);
            }
            if self.is_wall(prev_tile) && self.is_floor(tile) {
                row.start_slope = slope(row.depth, col);
            }
            if self.is_floor(prev_tile) && self.is_wall(tile) {
                let mut next_row = Row {
                    depth: row.depth + 1,
                    ..row
                };
                next_row.end_slope = slope(row.depth, col);
                self.scan(next_row);
            }
            prev_tile = tile;
        }
        if self.is_floor(prev_tile) {
            self.scan(Row {
                depth: row.depth + 1,
                ..row
            });
        }
    }
}

/// Ford's algorithm on the whole map, then libtcod's radius and `light_walls` filters:
/// the visible grid, row-major.
pub fn reference_cells(map: &Map, origin: Point, radius: u32, light_walls: bool) -> Vec<bool> {
    let mut r = Reference {
        map,
        cardinal: 0,
        origin,
        seen: vec![false; map.tiles().len()],
    };
    r.seen[map.index(origin).unwrap()] = true;
    for cardinal in 0..4 {
        r.cardinal = cardinal;
        r.scan(Row {
            depth: 1,
            start_slope: Frac { n: -1, d: 1 },
            end_slope: Frac { n: 1, d: 1 },
        });
    }
    map.iter()
        .map(|(p, tile)| {
            let (dx, dy) = (i64::from(p.x - origin.x), i64::from(p.y - origin.y));
            let r2 = i64::from(radius) * i64::from(radius);
            r.seen[map.index(p).unwrap()]
                && (radius == 0 || dx * dx + dy * dy < r2)
                && (light_walls || tile.transparent)
        })
        .collect()
}

/// [`reference_cells`] as the case format's grid: `1` visible, `0` not, a line per row.
#[allow(dead_code)] // not every test file that includes this module uses it
pub fn reference(map: &Map, origin: Point, radius: u32, light_walls: bool) -> String {
    let cells = reference_cells(map, origin, radius, light_walls);
    let mut s = String::new();
    for row in cells.chunks(map.width().max(1) as usize) {
        s.extend(row.iter().map(|&v| if v { '1' } else { '0' }));
        s.push('\n');
    }
    s
}

/// Symmetry `t` (0..8) of the square on a `w` x `h` grid: bit 2 transposes, then bit 0
/// mirrors left-right and bit 1 up-down. Returns the new position and the new size.
pub fn d4(t: u8, w: i32, h: i32, x: i32, y: i32) -> (i32, i32, i32, i32) {
    let (mut x, mut y, w, h) = if t & 4 != 0 {
        (y, x, h, w)
    } else {
        (x, y, w, h)
    };
    if t & 1 != 0 {
        x = w - 1 - x;
    }
    if t & 2 != 0 {
        y = h - 1 - y;
    }
    (x, y, w, h)
}
