//! The tile map.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Range;

use crate::grid;
use crate::shape::check_side;
use crate::{Grid, MapError, Point, Shape, Shaped, Tile};

/// A rectangular grid of [`Tile`]s that starts all wall.
///
/// Every query takes a position as a [`Point`] or an `(x, y)` pair and treats any position
/// outside the map as a wall; no query panics. Writes outside the map are refused and
/// reported. The tiles are a [`Grid`], row-major ([`Map::as_grid`]).
///
/// `Display` prints one line per row using [`Tile::glyph`], and [`Map::from_ascii`] reads
/// that text back, so maps round-trip through readable fixtures:
///
/// ```
/// use mapgen::{Map, Point, Tile};
/// let map = Map::from_ascii("#####\n#..+#\n#####\n").unwrap();
/// assert_eq!(map.tile((3, 1)), Tile::DOOR);
/// assert_eq!(map.tile(Point::new(-1, 7)), Tile::WALL);
/// assert!(map.is_walkable((1, 1)) && !map.is_transparent((3, 1)));
/// assert_eq!(map.to_string(), "#####\n#..+#\n#####\n");
/// ```
#[derive(Clone, Default)]
pub struct Map {
    tiles: Grid<Tile>,
    /// [`Map::walk_revision`]: moves on with every write that may change which tiles are
    /// walkable. Left out of equality, hashing, `Debug` and the serde form, which are those
    /// of the tiles alone.
    walk_revision: u64,
}

impl Map {
    /// The longest side a map may have, in tiles.
    pub const MAX_SIDE: i32 = grid::MAX_SIDE;

    /// A `width` x `height` map filled with [`Tile::WALL`].
    ///
    /// ```
    /// let map = mapgen::Map::new(80, 45)?;
    /// assert_eq!(map.tiles().len(), 80 * 45);
    /// assert!(mapgen::Map::new(-1, 45).is_err());
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    ///
    /// # Errors
    /// [`MapError::Size`] when a side is negative or above [`Map::MAX_SIDE`].
    pub fn new(width: i32, height: i32) -> Result<Map, MapError> {
        Ok(Map::from(Grid::new(width, height, Tile::WALL)?))
    }

    /// A map of sides already checked by a generator's `validate`; sides out of range are
    /// clamped rather than refused, so this never fails (a map whose memory cannot be had
    /// comes back empty: prefer `Map::new(..)?`, which says so, as `rooms` and `grid` do).
    #[allow(dead_code, reason = "kept for generators that cannot fail")]
    pub(crate) fn checked(width: i32, height: i32) -> Map {
        let side = |v: i32| v.clamp(0, Map::MAX_SIDE);
        debug_assert!(side(width) == width && side(height) == height);
        Map::new(side(width), side(height)).unwrap_or_default()
    }

    /// Reads the text that `Display` writes: one line per row, `#` wall, `.` floor,
    /// `+` door, `~` chasm. A trailing newline is optional; all rows must be equally long.
    ///
    /// ```
    /// let map = mapgen::Map::from_ascii("###\n#.#\n###")?;
    /// assert!(map.is_walkable((1, 1)) && !map.is_walkable((0, 0)));
    /// assert_eq!(map.to_string(), "###\n#.#\n###\n"); // and back
    /// assert!(mapgen::Map::from_ascii("#?#").is_err());
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    ///
    /// # Errors
    /// [`MapError::Glyph`] for an unknown character, [`MapError::Ragged`] for a row of
    /// another length, [`MapError::Size`] for a map above [`Map::MAX_SIDE`].
    pub fn from_ascii(text: &str) -> Result<Map, MapError> {
        Map::from_ascii_with(text, &[])
    }

    /// [`Map::from_ascii`] that also reads the glyphs of `tiles`, tiles of your own made
    /// with [`Tile::with_glyph`] (the first of `tiles` with a glyph wins).
    ///
    /// ```
    /// use mapgen::{Map, Tile};
    /// let stairs = Tile::FLOOR.with_glyph('>')?;
    /// let map = Map::from_ascii_with("#>.#\n", &[stairs])?;
    /// assert_eq!(map.tile((1, 0)), stairs);
    /// assert!(Map::from_ascii("#>.#\n").is_err());
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Map::from_ascii`]; a glyph neither built in nor of `tiles` is
    /// [`MapError::Glyph`].
    pub fn from_ascii_with(text: &str, tiles: &[Tile]) -> Result<Map, MapError> {
        let rows: Vec<&str> = text.lines().collect();
        let width = rows.first().map_or(0, |row| row.chars().count());
        let to_i64 = |len: usize| i64::try_from(len).unwrap_or(i64::MAX);
        let width = check_side("width", to_i64(width))?;
        let height = check_side("height", to_i64(rows.len()))?;
        // Never more than the text holds, whatever its first row and line count claim.
        let mut cells = Vec::with_capacity((width as usize * height as usize).min(text.len()));
        for (y, row) in rows.iter().enumerate() {
            let before = cells.len();
            for (x, glyph) in row.chars().enumerate() {
                let own = || tiles.iter().copied().find(|t| t.glyph() == glyph);
                let tile = Tile::from_glyph(glyph).or_else(own);
                cells.push(tile.ok_or(MapError::Glyph { glyph, x, y })?);
            }
            let len = cells.len() - before;
            if len != width as usize {
                return Err(MapError::Ragged {
                    row: y,
                    len,
                    expected: width as usize,
                });
            }
        }
        Ok(Map::from(Grid::from_cells(width, height, cells)?))
    }

    /// Width in tiles.
    ///
    /// ```
    /// let map = mapgen::Map::new(80, 45)?;
    /// assert_eq!((map.width(), map.height()), (80, 45));
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub const fn width(&self) -> i32 {
        self.tiles.width()
    }

    /// Height in tiles.
    pub const fn height(&self) -> i32 {
        self.tiles.height()
    }

    /// The map's size and row-major numbering.
    ///
    /// ```
    /// let map = mapgen::Map::new(80, 45)?;
    /// assert_eq!(map.shape().index((1, 1)), Some(81));
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub const fn shape(&self) -> Shape {
        self.tiles.shape()
    }

    /// True when `p` is a cell of this map.
    ///
    /// ```
    /// let map = mapgen::Map::new(3, 2)?;
    /// assert!(map.in_bounds((2, 1)));
    /// assert!(!map.in_bounds((3, 0)) && !map.in_bounds((0, -1)));
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn in_bounds(&self, p: impl Into<Point>) -> bool {
        self.tiles.in_bounds(p)
    }

    /// The row-major index of `p`, or `None` outside the map.
    ///
    /// ```
    /// let map = mapgen::Map::new(3, 2)?;
    /// assert_eq!(map.index((2, 1)), Some(5)); // y * width + x
    /// assert_eq!(map.index((3, 0)), None);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn index(&self, p: impl Into<Point>) -> Option<usize> {
        self.tiles.index(p)
    }

    /// The tile at `p`; [`Tile::WALL`] outside the map.
    ///
    /// ```
    /// use mapgen::{Map, Tile};
    /// let map = Map::from_ascii("#.+")?;
    /// assert_eq!(map.tile((1, 0)), Tile::FLOOR);
    /// assert_eq!(map.tile((2, 0)), Tile::DOOR);
    /// assert_eq!(map.tile((9, 9)), Tile::WALL); // outside
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn tile(&self, p: impl Into<Point>) -> Tile {
        self.tiles.get_or_default(p)
    }

    /// True when `p` is inside the map and walkable.
    ///
    /// ```
    /// let map = mapgen::Map::from_ascii("#.+~")?; // wall, floor, door, chasm
    /// let walkable: Vec<bool> = (0..4).map(|x| map.is_walkable((x, 0))).collect();
    /// assert_eq!(walkable, [false, true, true, false]);
    /// assert!(!map.is_walkable((-1, 0)));
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn is_walkable(&self, p: impl Into<Point>) -> bool {
        self.tile(p).walkable
    }

    /// True when `p` is inside the map and transparent.
    ///
    /// ```
    /// let map = mapgen::Map::from_ascii("#.+~")?; // wall, floor, door, chasm
    /// let transparent: Vec<bool> = (0..4).map(|x| map.is_transparent((x, 0))).collect();
    /// assert_eq!(transparent, [false, true, false, true]);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn is_transparent(&self, p: impl Into<Point>) -> bool {
        self.tile(p).transparent
    }

    /// Sets the tile at `p`. Returns `false`, changing nothing, outside the map.
    ///
    /// ```
    /// use mapgen::{Map, Tile};
    /// let mut map = Map::new(3, 3)?;
    /// assert!(map.set((1, 1), Tile::FLOOR));
    /// assert!(!map.set((5, 5), Tile::FLOOR)); // outside: refused
    /// assert_eq!(map.to_string(), "###\n#.#\n###\n");
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn set(&mut self, p: impl Into<Point>, tile: Tile) -> bool {
        let Some(cell) = self.tiles.get_mut(p) else {
            return false;
        };
        let flips = cell.walkable != tile.walkable;
        *cell = tile;
        self.walk_revision = self.walk_revision.wrapping_add(u64::from(flips));
        true
    }

    /// Sets every tile of columns `cols` and rows `rows` (ends exclusive) that lies inside
    /// the map: the rectangle fill that rooms and tunnels are carved with.
    ///
    /// ```
    /// use mapgen::{Map, Tile};
    /// let mut map = Map::new(4, 4)?;
    /// map.fill_rect(-3..2, 3..9, Tile::FLOOR);
    /// assert_eq!(map.to_string(), "####\n####\n####\n..##\n");
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn fill_rect(&mut self, cols: Range<i32>, rows: Range<i32>, tile: Tile) {
        self.tiles.fill_rect(cols, rows, tile);
        self.walk_revision = self.walk_revision.wrapping_add(1);
    }

    /// The old name of [`Map::fill_rect`].
    #[deprecated(since = "0.2.0", note = "renamed to `fill_rect`, as on `Grid`")]
    pub fn fill(&mut self, cols: Range<i32>, rows: Range<i32>, tile: Tile) {
        self.fill_rect(cols, rows, tile);
    }

    /// All tiles, row-major: the tile at `(x, y)` is at `y * width + x`.
    ///
    /// ```
    /// use mapgen::{Map, Tile};
    /// let map = Map::from_ascii("#.\n.#")?;
    /// assert_eq!(map.tiles(), [Tile::WALL, Tile::FLOOR, Tile::FLOOR, Tile::WALL]);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn tiles(&self) -> &[Tile] {
        self.tiles.cells()
    }

    /// All tiles, row-major, to change in place (for carving passes over the whole map).
    pub(crate) fn tiles_mut(&mut self) -> &mut [Tile] {
        self.walk_revision = self.walk_revision.wrapping_add(1);
        self.tiles.cells_mut()
    }

    /// The tiles as a [`Grid`].
    ///
    /// ```
    /// use mapgen::{Map, Tile};
    /// let map = Map::from_ascii("#.\n.#")?;
    /// assert_eq!(map.as_grid().row(1), [Tile::FLOOR, Tile::WALL]);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn as_grid(&self) -> &Grid<Tile> {
        &self.tiles
    }

    /// The old name of [`Map::as_grid`].
    #[deprecated(since = "0.2.0", note = "renamed to `as_grid`")]
    pub fn grid(&self) -> &Grid<Tile> {
        self.as_grid()
    }

    /// Every cell with its position, row by row.
    ///
    /// ```
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("#.\n.#")?;
    /// let floor: Vec<Point> = map.iter().filter(|(_, t)| t.walkable).map(|(p, _)| p).collect();
    /// assert_eq!(floor, [Point::new(1, 0), Point::new(0, 1)]);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Point, Tile)> + '_ {
        self.tiles.iter().map(|(p, &tile)| (p, tile))
    }

    /// One row as its glyphs; an empty string outside the map.
    ///
    /// ```
    /// let map = mapgen::Map::from_ascii("#.\n+~")?;
    /// assert_eq!(map.row_glyphs(1), "+~");
    /// assert_eq!(map.row_glyphs(2), "");
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn row_glyphs(&self, y: i32) -> String {
        let mut bytes = Vec::with_capacity(self.width().max(0) as usize);
        self.push_row_glyphs(y, &mut bytes);
        // Glyphs are ASCII, so the bytes are always UTF-8.
        String::from_utf8(bytes).unwrap_or_default()
    }

    /// Appends row `y`'s glyphs to `out` as ASCII bytes ([`Tile::glyph_byte`]); nothing
    /// outside the map. The fast way to print many maps: no `char` or `String` per tile.
    ///
    /// ```
    /// let map = mapgen::Map::from_ascii("#.+\n~.#\n")?;
    /// let mut text = Vec::new();
    /// for y in 0..map.height() {
    ///     map.push_row_glyphs(y, &mut text);
    ///     text.push(b'\n');
    /// }
    /// assert_eq!(text, map.to_string().as_bytes());
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn push_row_glyphs(&self, y: i32, out: &mut Vec<u8>) {
        let start = out.len();
        out.resize(start + self.tiles.row(y).len(), 0);
        self.write_row_glyphs(y, &mut out[start..]);
    }

    /// Writes row `y`'s glyphs as ASCII bytes into the start of `out` (as many as fit) and
    /// returns how many: for writers that lay out rows in a buffer of their own.
    ///
    /// ```
    /// let map = mapgen::Map::from_ascii("#.+~\n")?;
    /// let mut line = *b"[....]";
    /// assert_eq!(map.write_row_glyphs(0, &mut line[1..5]), 4);
    /// assert_eq!(&line, b"[#.+~]");
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn write_row_glyphs(&self, y: i32, out: &mut [u8]) -> usize {
        use zerocopy::byteorder::{LittleEndian, U32};
        use zerocopy::{FromBytes, IntoBytes};
        let row = self.tiles.row(y);
        let len = row.len().min(out.len());
        let (Some(out), Some(row)) = (out.get_mut(..len), row.get(..len)) else {
            return 0;
        };
        // Each tile's four bytes as one word, sixteen tiles at a time: the compiler makes
        // vector code of word loads and packs sixteen glyphs into one store, while loads of
        // each field per tile defeat it.
        let glyph = |word: &U32<LittleEndian>| {
            let word = word.get();
            Tile::glyph_byte_of_words(word as u16, (word >> 16) as u16)
        };
        match <[U32<LittleEndian>]>::ref_from_bytes(row.as_bytes()) {
            Ok(words) => {
                let (out_blocks, out_rest) = out.as_chunks_mut::<16>();
                let (word_blocks, word_rest) = words.as_chunks::<16>();
                for (glyphs, words) in out_blocks.iter_mut().zip(word_blocks) {
                    for (g, w) in glyphs.iter_mut().zip(words) {
                        *g = glyph(w);
                    }
                }
                for (g, w) in out_rest.iter_mut().zip(word_rest) {
                    *g = glyph(w);
                }
            }
            Err(_) => {
                for (g, tile) in out.iter_mut().zip(row) {
                    *g = tile.glyph_byte();
                }
            }
        }
        len
    }

    /// The map's walkability revision: a number that moves on with every write that may
    /// change which tiles are walkable ([`Map::set`] of a walkable tile over one that is
    /// not, or the other way round, and every [`Map::fill_rect`]); 0 for a map just made or
    /// read. A result computed from the map's walkability (the
    /// [`Landmarks`](crate::path::Landmarks) of a [`PathFinder`](crate::path::PathFinder))
    /// records it and sees later whether it still holds: a door whose glyph or
    /// transparency changes keeps it. It tells one map's changes apart, not two maps:
    /// another map may have the same revision. A clone starts with its original's;
    /// equality, hashing and the serde form leave it out.
    ///
    /// ```
    /// use mapgen::{Map, Tile};
    /// let mut map = Map::from_ascii("#..\n...\n")?;
    /// assert_eq!(map.walk_revision(), 0);
    /// map.set((1, 1), Tile::DOOR); // still walkable
    /// assert_eq!(map.walk_revision(), 0);
    /// map.set((1, 1), Tile::WALL);
    /// assert_eq!(map.walk_revision(), 1);
    /// assert!(!map.set((9, 9), Tile::FLOOR)); // outside: refused, nothing written
    /// map.fill_rect(0..3, 0..1, Tile::FLOOR);
    /// assert_eq!(map.walk_revision(), 2);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub const fn walk_revision(&self) -> u64 {
        self.walk_revision
    }
}

impl PartialEq for Map {
    /// Equal tiles: the walkability revision is left out.
    fn eq(&self, other: &Map) -> bool {
        self.tiles == other.tiles
    }
}

impl Eq for Map {}

impl Hash for Map {
    /// The tiles' hash, as when `Map` held nothing else.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.tiles.hash(state);
    }
}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Map").field("tiles", &self.tiles).finish()
    }
}

impl Shaped for Map {
    #[inline]
    fn shape(&self) -> Shape {
        Map::shape(self)
    }
    fn row_major_tiles(&self) -> Option<&[Tile]> {
        Some(self.tiles())
    }
}

impl From<Grid<Tile>> for Map {
    /// The map of these tiles.
    fn from(tiles: Grid<Tile>) -> Map {
        Map {
            tiles,
            walk_revision: 0,
        }
    }
}

impl fmt::Display for Map {
    /// One line per row of glyphs, each ending in `\n`: what [`Map::from_ascii`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = Vec::with_capacity(self.width().max(0) as usize + 1);
        for y in 0..self.height() {
            line.clear();
            self.push_row_glyphs(y, &mut line);
            line.push(b'\n');
            f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?)?;
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
        map.set((0, 0), Tile::FLOOR);
        for p in [
            (-1, 0),
            (0, -1),
            (3, 0),
            (0, 2),
            (i32::MIN, i32::MAX),
            (i32::MAX, 0),
        ] {
            assert!(!map.in_bounds(p));
            assert_eq!(map.index(p), None);
            assert_eq!(map.tile(p), Tile::WALL);
            assert!(!map.is_walkable(p));
            assert!(!map.is_transparent(p));
            assert!(!map.set(p, Tile::FLOOR), "write at {p:?} refused");
        }
        assert_eq!(map.tile((0, 0)), Tile::FLOOR);
    }

    #[test]
    fn storage_is_row_major() {
        let mut map = Map::new(4, 3).unwrap();
        map.set((2, 1), Tile::FLOOR);
        assert_eq!(map.index((2, 1)), Some(6));
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
    fn over_long_text_names_its_real_size() {
        let wide = ".".repeat(10_001);
        assert_eq!(
            Map::from_ascii(&wide),
            Err(MapError::Size {
                field: "width",
                value: 10_001
            })
        );
        let tall = ".\n".repeat(10_002);
        assert_eq!(
            Map::from_ascii(&tall),
            Err(MapError::Size {
                field: "height",
                value: 10_002
            })
        );
    }

    #[test]
    fn writes_that_may_change_walkability_move_the_revision() {
        let mut map = Map::from_ascii("#....\n.###.\n.....\n").unwrap();
        let mut last = map.walk_revision();
        let mut moved = |map: &Map| {
            let moved = map.walk_revision() != last;
            last = map.walk_revision();
            moved
        };
        assert!(map.set((2, 1), Tile::FLOOR));
        assert!(moved(&map));
        map.set((2, 1), Tile::DOOR); // walkable still
        assert!(!moved(&map));
        map.set((0, 0), Tile::CHASM); // a wall becomes another tile nobody walks on
        assert!(!moved(&map));
        assert!(!map.set((5, 0), Tile::WALL), "outside: refused");
        assert!(!moved(&map));
        map.fill_rect(-4..2, 1..9, Tile::WALL); // clipped to the map
        assert!(moved(&map));
        map.tiles_mut()[0] = Tile::FLOOR;
        assert!(moved(&map));
        assert_eq!(map.clone().walk_revision(), map.walk_revision());
    }

    #[test]
    fn equality_and_hash_are_the_tiles_alone() {
        use std::hash::DefaultHasher;
        let hash = |m: &Map| {
            let mut h = DefaultHasher::new();
            m.hash(&mut h);
            h.finish()
        };
        let plain = Map::from_ascii("#.\n.#\n").unwrap();
        let mut asked = plain.clone();
        asked.set((0, 1), Tile::WALL); // a write, and back: the same tiles, a new revision
        asked.set((0, 1), Tile::FLOOR);
        assert_ne!(asked.walk_revision(), plain.walk_revision());
        assert_eq!(plain, asked);
        assert_eq!(hash(&plain), hash(&asked));
        let mut tiles_only = DefaultHasher::new();
        plain.as_grid().hash(&mut tiles_only);
        assert_eq!(
            hash(&plain),
            tiles_only.finish(),
            "as when Map held only its tiles"
        );
        assert_eq!(
            format!("{plain:?}"),
            format!("Map {{ tiles: {:?} }}", plain.as_grid())
        );
    }

    #[test]
    fn fill_clips_to_the_map() {
        let mut map = Map::new(4, 4).unwrap();
        map.fill_rect(-3..2, 3..9, Tile::FLOOR);
        assert_eq!(map.to_string(), "####\n####\n####\n..##\n");
    }
}
