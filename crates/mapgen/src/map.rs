//! The tile grid.

use std::fmt;

use crate::{MapError, Point, Tile};

/// A rectangular grid of [`Tile`]s, stored row-major, that starts all wall.
///
/// Every query takes `(x, y)` as `i32` and treats any position outside the map as a wall;
/// no query panics. Writes outside the map are refused and reported.
///
/// `Display` prints one line per row using [`Tile::glyph`], and [`Map::from_ascii`] reads
/// that text back, so maps round-trip through readable fixtures:
///
/// ```
/// use mapgen::{Map, Tile};
/// let map = Map::from_ascii("#####\n#..+#\n#####\n").unwrap();
/// assert_eq!(map.tile(3, 1), Tile::DOOR);
/// assert_eq!(map.tile(-1, 7), Tile::WALL);
/// assert_eq!(map.to_string(), "#####\n#..+#\n#####\n");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Map {
    width: i32,
    height: i32,
    tiles: Vec<Tile>,
}

impl Map {
    /// The longest side a map may have, in tiles.
    pub const MAX_SIDE: i32 = 10_000;

    /// A `width` x `height` map filled with [`Tile::WALL`].
    ///
    /// # Errors
    /// [`MapError::Size`] when a side is negative or above [`Map::MAX_SIDE`].
    pub fn new(width: i32, height: i32) -> Result<Map, MapError> {
        for (field, value) in [("width", width), ("height", height)] {
            if !(0..=Map::MAX_SIDE).contains(&value) {
                return Err(MapError::Size { field, value });
            }
        }
        let len = width as usize * height as usize;
        Ok(Map {
            width,
            height,
            tiles: vec![Tile::WALL; len],
        })
    }

    /// Reads the text that `Display` writes: one line per row, `#` wall, `.` floor,
    /// `+` door, `~` chasm. A trailing newline is optional; all rows must be equally long.
    ///
    /// # Errors
    /// [`MapError::Glyph`] for an unknown character, [`MapError::Ragged`] for a row of
    /// another length, [`MapError::Size`] for a map above [`Map::MAX_SIDE`].
    pub fn from_ascii(text: &str) -> Result<Map, MapError> {
        let rows: Vec<&str> = text.lines().collect();
        let width = rows.first().map_or(0, |row| row.chars().count());
        let height = rows.len();
        let side = |field, len: usize| {
            i32::try_from(len)
                .ok()
                .filter(|&v| v <= Map::MAX_SIDE)
                .ok_or(MapError::Size {
                    field,
                    value: i32::MAX,
                })
        };
        let mut map = Map::new(side("width", width)?, side("height", height)?)?;
        for (y, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len != width {
                return Err(MapError::Ragged {
                    row: y,
                    len,
                    expected: width,
                });
            }
            for (x, glyph) in row.chars().enumerate() {
                let tile = Tile::from_glyph(glyph).ok_or(MapError::Glyph { glyph, x, y })?;
                map.tiles[y * width + x] = tile;
            }
        }
        Ok(map)
    }

    /// Width in tiles.
    pub const fn width(&self) -> i32 {
        self.width
    }

    /// Height in tiles.
    pub const fn height(&self) -> i32 {
        self.height
    }

    /// True when `(x, y)` is a cell of this map.
    pub const fn in_bounds(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.width && y < self.height
    }

    /// The row-major index of `(x, y)`, or `None` outside the map.
    pub const fn idx(&self, x: i32, y: i32) -> Option<usize> {
        if self.in_bounds(x, y) {
            Some(y as usize * self.width as usize + x as usize)
        } else {
            None
        }
    }

    /// The tile at `(x, y)`; [`Tile::WALL`] outside the map.
    pub fn tile(&self, x: i32, y: i32) -> Tile {
        self.idx(x, y).map_or(Tile::WALL, |i| self.tiles[i])
    }

    /// The tile at `p`; [`Tile::WALL`] outside the map.
    pub fn tile_at(&self, p: Point) -> Tile {
        self.tile(p.x, p.y)
    }

    /// True when `(x, y)` is inside the map and walkable.
    pub fn is_walkable(&self, x: i32, y: i32) -> bool {
        self.tile(x, y).walkable
    }

    /// True when `(x, y)` is inside the map and transparent.
    pub fn is_transparent(&self, x: i32, y: i32) -> bool {
        self.tile(x, y).transparent
    }

    /// Sets the tile at `(x, y)`. Returns `false`, changing nothing, outside the map.
    pub fn set(&mut self, x: i32, y: i32, tile: Tile) -> bool {
        match self.idx(x, y) {
            Some(i) => {
                self.tiles[i] = tile;
                true
            }
            None => false,
        }
    }

    /// All tiles, row-major: the tile at `(x, y)` is at `y * width + x`.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Every cell with its position, row by row.
    pub fn iter(&self) -> impl Iterator<Item = (Point, Tile)> + '_ {
        let width = self.width.max(1) as usize;
        self.tiles.iter().enumerate().map(move |(i, &tile)| {
            let p = Point::new((i % width) as i32, (i / width) as i32);
            (p, tile)
        })
    }

    /// One row as its glyphs; an empty string outside the map.
    pub fn row_glyphs(&self, y: i32) -> String {
        if y < 0 || y >= self.height {
            return String::new();
        }
        let start = y as usize * self.width as usize;
        let row = &self.tiles[start..start + self.width as usize];
        row.iter().map(|t| t.glyph()).collect()
    }

    /// Sets every cell of `cols` x `rows` (end exclusive) that lies inside the map.
    pub(crate) fn fill(
        &mut self,
        cols: std::ops::Range<i32>,
        rows: std::ops::Range<i32>,
        tile: Tile,
    ) {
        let cols = cols.start.max(0)..cols.end.min(self.width);
        let rows = rows.start.max(0)..rows.end.min(self.height);
        if cols.is_empty() {
            return;
        }
        let width = self.width as usize;
        for y in rows {
            let start = y as usize * width;
            self.tiles[start + cols.start as usize..start + cols.end as usize].fill(tile);
        }
    }
}

impl fmt::Display for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            writeln!(f, "{}", self.row_glyphs(y))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_map_is_all_wall() {
        let map = Map::new(7, 3).unwrap();
        assert_eq!(map.tiles().len(), 21);
        assert!(map.iter().all(|(_, t)| t == Tile::WALL));
    }

    #[test]
    fn outside_is_wall_and_never_panics() {
        let mut map = Map::new(3, 2).unwrap();
        map.set(0, 0, Tile::FLOOR);
        for (x, y) in [
            (-1, 0),
            (0, -1),
            (3, 0),
            (0, 2),
            (i32::MIN, i32::MAX),
            (i32::MAX, 0),
        ] {
            assert!(!map.in_bounds(x, y));
            assert_eq!(map.idx(x, y), None);
            assert_eq!(map.tile(x, y), Tile::WALL);
            assert!(!map.is_walkable(x, y));
            assert!(!map.is_transparent(x, y));
            assert!(!map.set(x, y, Tile::FLOOR), "write at ({x}, {y}) refused");
        }
        assert_eq!(map.tile(0, 0), Tile::FLOOR);
    }

    #[test]
    fn storage_is_row_major() {
        let mut map = Map::new(4, 3).unwrap();
        map.set(2, 1, Tile::FLOOR);
        assert_eq!(map.idx(2, 1), Some(6));
        assert_eq!(map.tiles()[6], Tile::FLOOR);
        let (p, _) = map.iter().find(|(_, t)| *t == Tile::FLOOR).unwrap();
        assert_eq!(p, Point::new(2, 1));
    }

    #[test]
    fn bad_sizes_are_errors() {
        assert_eq!(
            Map::new(-1, 5),
            Err(MapError::Size {
                field: "width",
                value: -1
            })
        );
        assert!(Map::new(5, Map::MAX_SIDE + 1).is_err());
        assert_eq!(Map::new(0, 0).unwrap().to_string(), "");
    }

    #[test]
    fn ascii_round_trip() {
        let text = "#~#\n.+.\n###\n";
        let map = Map::from_ascii(text).unwrap();
        assert_eq!((map.width(), map.height()), (3, 3));
        assert_eq!(map.to_string(), text);
        assert_eq!(map.row_glyphs(1), ".+.");
        assert_eq!(map.row_glyphs(3), "");
    }

    #[test]
    fn ascii_errors_name_the_place() {
        assert_eq!(
            Map::from_ascii("##\n#x\n"),
            Err(MapError::Glyph {
                glyph: 'x',
                x: 1,
                y: 1
            })
        );
        assert_eq!(
            Map::from_ascii("###\n#\n"),
            Err(MapError::Ragged {
                row: 1,
                len: 1,
                expected: 3
            })
        );
    }

    #[test]
    fn fill_clips_to_the_map() {
        let mut map = Map::new(4, 4).unwrap();
        map.fill(-3..2, 3..9, Tile::FLOOR);
        assert_eq!(map.to_string(), "####\n####\n####\n..##\n");
    }
}
