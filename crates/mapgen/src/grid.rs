//! Row-major storage of one value per cell, with the bounds rules in one place.

use std::fmt;
use std::ops::Range;

use crate::{MapError, Point, Shape};

/// A `width` x `height` rectangle of values, stored row-major: the value of cell `(x, y)`
/// sits at index `y * width + x`.
///
/// Every map-shaped thing in the crate is one: [`Map`](crate::Map) is a `Grid<Tile>`, the
/// room index of a grid dungeon is a `Grid` of room numbers, and a game's explored
/// memory or screen buffer can be a `Grid<bool>` or `Grid<Cell>`. Positions are anything
/// that converts into a [`Point`]: a `Point` or an `(x, y)` pair.
///
/// Nothing panics on a position: outside the grid [`get`](Grid::get) gives `None`,
/// [`get_or_default`](Grid::get_or_default) reads the type's default and
/// [`set`](Grid::set) refuses the write and says so.
///
/// ```
/// use mapgen::{Grid, Point};
///
/// let mut seen = Grid::new(4, 3, false)?;
/// assert!(seen.set((2, 1), true));
/// assert_eq!(seen.get(Point::new(2, 1)), Some(&true));
/// assert!(!seen.get_or_default((-1, 7)), "outside reads the default");
/// assert!(!seen.set((4, 0), true), "outside writes are refused");
/// assert_eq!(seen.index((2, 1)), Some(6));
/// assert_eq!(seen.iter().filter(|&(_, &v)| v).count(), 1);
/// # Ok::<(), mapgen::MapError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Grid<T> {
    shape: Shape,
    cells: Vec<T>,
}

/// The longest side a grid may have, in cells: a 10,000 x 10,000 map of tiles is 400 MB.
pub const MAX_SIDE: i32 = 10_000;

impl<T: Clone> Grid<T> {
    /// A `width` x `height` grid with every cell set to `fill`.
    ///
    /// ```
    /// let grid = mapgen::Grid::new(3, 2, 7u8)?;
    /// assert_eq!((grid.width(), grid.height(), grid.len()), (3, 2, 6));
    /// assert!(mapgen::Grid::new(-1, 2, 7u8).is_err());
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    ///
    /// # Errors
    /// [`MapError::Size`] when a side is negative or above [`Map::MAX_SIDE`](crate::Map::MAX_SIDE);
    /// [`MapError::Memory`] when the cells' memory cannot be had (the process is not
    /// aborted).
    pub fn new(width: i32, height: i32, fill: T) -> Result<Grid<T>, MapError> {
        let shape = Shape::new(width, height)?;
        let len = shape.len();
        let mut cells = Vec::new();
        cells.try_reserve_exact(len).map_err(|_| MapError::Memory {
            width,
            height,
            bytes: len.saturating_mul(std::mem::size_of::<T>()),
        })?;
        cells.resize(len, fill);
        Ok(Grid { shape, cells })
    }

    /// The cells, row-major, without the grid.
    pub(crate) fn into_cells(self) -> Vec<T> {
        self.cells
    }

    /// Sets every cell to `value`.
    ///
    /// ```
    /// let mut grid = mapgen::Grid::new(2, 2, 0u8)?;
    /// grid.fill(9);
    /// assert_eq!(grid.cells(), [9, 9, 9, 9]);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn fill(&mut self, value: T) {
        self.cells.fill(value);
    }

    /// Sets every cell of columns `cols` and rows `rows` (ends exclusive) that lies inside
    /// the grid; the rest of the rectangle is ignored.
    ///
    /// ```
    /// let mut grid = mapgen::Grid::new(4, 3, '.')?;
    /// grid.fill_rect(-5..2, 1..9, '#');
    /// assert_eq!(grid.row(1), ['#', '#', '.', '.']);
    /// assert_eq!(grid.row(0), ['.'; 4]);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn fill_rect(&mut self, cols: Range<i32>, rows: Range<i32>, value: T) {
        let cols = cols.start.max(0)..cols.end.min(self.width());
        let rows = rows.start.max(0)..rows.end.min(self.height());
        if cols.is_empty() || rows.is_empty() {
            return;
        }
        let (x0, x1) = (cols.start as usize, cols.end as usize);
        if x1 - x0 == 1 {
            // A column: one store per row, not a fill call per row.
            for y in rows {
                self.cells[self.shape.row_start(y) + x0] = value.clone();
            }
        } else {
            for y in rows {
                let start = self.shape.row_start(y);
                self.cells[start + x0..start + x1].fill(value.clone());
            }
        }
    }
}

impl<T> Grid<T> {
    /// A grid of the given size holding `cells`, row-major.
    ///
    /// ```
    /// let grid = mapgen::Grid::from_cells(3, 2, vec![1, 2, 3, 4, 5, 6])?;
    /// assert_eq!(grid.get((0, 1)), Some(&4));
    /// assert!(mapgen::Grid::from_cells(3, 2, vec![1, 2]).is_err()); // not 3 * 2 values
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    ///
    /// # Errors
    /// [`MapError::Size`] for a bad side, [`MapError::Length`] when `cells` does not hold
    /// exactly `width * height` values.
    pub fn from_cells(width: i32, height: i32, cells: Vec<T>) -> Result<Grid<T>, MapError> {
        let shape = Shape::new(width, height)?;
        if cells.len() != shape.len() {
            return Err(MapError::Length {
                len: cells.len(),
                expected: shape.len(),
            });
        }
        Ok(Grid { shape, cells })
    }

    /// The grid's size and row-major numbering.
    ///
    /// ```
    /// let grid = mapgen::Grid::new(3, 2, 0u8)?;
    /// assert_eq!(grid.shape(), mapgen::Shape::new(3, 2)?);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub const fn shape(&self) -> Shape {
        self.shape
    }

    /// Width in cells.
    ///
    /// ```
    /// let grid = mapgen::Grid::new(3, 2, 0u8)?;
    /// assert_eq!((grid.width(), grid.height()), (3, 2));
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub const fn width(&self) -> i32 {
        self.shape.width()
    }

    /// Height in cells.
    pub const fn height(&self) -> i32 {
        self.shape.height()
    }

    /// How many cells: `width * height`.
    ///
    /// ```
    /// let grid = mapgen::Grid::new(3, 2, 0u8)?;
    /// assert_eq!(grid.len(), 6);
    /// assert!(mapgen::Grid::new(0, 2, 0u8)?.is_empty());
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when the grid has no cells (a side is 0).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// True when `p` is a cell of this grid.
    ///
    /// ```
    /// let grid = mapgen::Grid::new(3, 2, 0u8)?;
    /// assert!(grid.in_bounds((2, 1)) && !grid.in_bounds((2, 2)));
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn in_bounds(&self, p: impl Into<Point>) -> bool {
        self.shape.contains(p)
    }

    /// The row-major index of `p`, or `None` outside the grid.
    ///
    /// ```
    /// let grid = mapgen::Grid::new(3, 2, 0u8)?;
    /// assert_eq!(grid.index((1, 1)), Some(4)); // y * width + x
    /// assert_eq!(grid.index((3, 1)), None);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn index(&self, p: impl Into<Point>) -> Option<usize> {
        self.shape.index(p)
    }

    /// The cell at row-major `index`, the inverse of [`Grid::index`]; `None` past the end.
    ///
    /// ```
    /// use mapgen::{Grid, Point};
    /// let grid = Grid::new(3, 2, 0u8)?;
    /// assert_eq!(grid.point(5), Some(Point::new(2, 1)));
    /// assert_eq!(grid.index(Point::new(2, 1)), Some(5));
    /// assert_eq!(grid.point(6), None);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn point(&self, index: usize) -> Option<Point> {
        self.shape.point(index)
    }

    /// The value at `p`, or `None` outside the grid (as `slice::get`).
    ///
    /// ```
    /// let grid = mapgen::Grid::new(2, 2, String::from("x"))?;
    /// assert_eq!(grid.get((1, 1)).map(String::as_str), Some("x"));
    /// assert_eq!(grid.get((2, 0)), None);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn get(&self, p: impl Into<Point>) -> Option<&T> {
        self.index(p).map(|i| &self.cells[i])
    }

    /// The old name of [`Grid::get`].
    #[deprecated(since = "0.2.0", note = "renamed to `get`")]
    pub fn get_ref(&self, p: impl Into<Point>) -> Option<&T> {
        self.get(p)
    }

    /// The value at `p` to change in place, or `None` outside the grid.
    ///
    /// ```
    /// let mut counts = mapgen::Grid::new(2, 2, 0u32)?;
    /// if let Some(count) = counts.get_mut((1, 0)) {
    ///     *count += 1;
    /// }
    /// assert_eq!(counts.cells(), [0, 1, 0, 0]);
    /// assert!(counts.get_mut((5, 5)).is_none());
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn get_mut(&mut self, p: impl Into<Point>) -> Option<&mut T> {
        self.index(p).map(|i| &mut self.cells[i])
    }

    /// Sets the value at `p`. Returns `false`, changing nothing, outside the grid.
    ///
    /// ```
    /// let mut grid = mapgen::Grid::new(2, 2, '.')?;
    /// assert!(grid.set((0, 1), '#'));
    /// assert!(!grid.set((0, 2), '#')); // outside: refused
    /// assert_eq!(grid.cells(), ['.', '.', '#', '.']);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn set(&mut self, p: impl Into<Point>, value: T) -> bool {
        match self.get_mut(p) {
            Some(cell) => {
                *cell = value;
                true
            }
            None => false,
        }
    }

    /// All values, row-major.
    ///
    /// ```
    /// let grid = mapgen::Grid::from_cells(2, 2, vec![1, 2, 3, 4])?;
    /// assert_eq!(grid.cells().iter().sum::<i32>(), 10);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// All values, row-major, to change in place.
    ///
    /// ```
    /// let mut grid = mapgen::Grid::from_cells(2, 1, vec![1, 2])?;
    /// grid.cells_mut().iter_mut().for_each(|v| *v *= 10);
    /// assert_eq!(grid.cells(), [10, 20]);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Row `y`, left to right; empty outside the grid.
    ///
    /// ```
    /// let grid = mapgen::Grid::from_cells(2, 2, vec![1, 2, 3, 4])?;
    /// assert_eq!(grid.row(1), [3, 4]);
    /// assert!(grid.row(2).is_empty());
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn row(&self, y: i32) -> &[T] {
        if y < 0 || y >= self.height() {
            return &[];
        }
        let start = self.shape.row_start(y);
        &self.cells[start..start + self.width() as usize]
    }

    /// Every cell's position, row by row.
    ///
    /// ```
    /// use mapgen::{Grid, Point};
    /// let grid = Grid::new(2, 2, 0u8)?;
    /// let points: Vec<Point> = grid.points().collect();
    /// assert_eq!(points, [Point::new(0, 0), Point::new(1, 0), Point::new(0, 1), Point::new(1, 1)]);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn points(&self) -> impl Iterator<Item = Point> + use<T> {
        self.shape.points()
    }

    /// Every cell with its position, row by row.
    ///
    /// ```
    /// use mapgen::{Grid, Point};
    /// let grid = Grid::from_cells(2, 2, vec![0, 7, 0, 7])?;
    /// let sevens: Vec<Point> = grid.iter().filter(|&(_, &v)| v == 7).map(|(p, _)| p).collect();
    /// assert_eq!(sevens, [Point::new(1, 0), Point::new(1, 1)]);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Point, &T)> + '_ {
        self.points().zip(&self.cells)
    }

    /// A grid of the same size with `f` applied to every value.
    ///
    /// ```
    /// let lengths = mapgen::Grid::new(2, 2, "ab")?.map(|s| s.len());
    /// assert_eq!(lengths.cells(), [2, 2, 2, 2]);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            shape: self.shape,
            cells: self.cells.iter().map(f).collect(),
        }
    }
}

impl<T: Copy + Default> Grid<T> {
    /// The value at `p`, copied; `T::default()` outside the grid.
    ///
    /// ```
    /// let grid = mapgen::Grid::from_cells(2, 1, vec![4, 5])?;
    /// assert_eq!(grid.get_or_default((1, 0)), 5);
    /// assert_eq!(grid.get_or_default((-1, 0)), 0); // outside: the default
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn get_or_default(&self, p: impl Into<Point>) -> T {
        self.index(p).map_or_else(T::default, |i| self.cells[i])
    }
}

/// A value that shows as one character, so a grid of it prints as text.
pub trait Glyph {
    /// The character that stands for this value.
    fn glyph(&self) -> char;
}

impl Glyph for bool {
    /// `1` for true, `0` for false.
    fn glyph(&self) -> char {
        if *self { '1' } else { '0' }
    }
}

impl<T: Glyph> fmt::Display for Grid<T> {
    /// One line per row, one character per cell ([`Glyph::glyph`]), each row ending in `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::with_capacity(self.width() as usize + 1);
        for y in 0..self.height() {
            line.clear();
            line.extend(self.row(y).iter().map(Glyph::glyph));
            line.push('\n');
            f.write_str(&line)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_reads_the_default_and_refuses_writes() {
        let mut grid = Grid::new(3, 2, 5u8).unwrap();
        for p in [
            (-1, 0),
            (0, -1),
            (3, 0),
            (0, 2),
            (i32::MIN, i32::MAX),
            (i32::MAX, 0),
        ] {
            assert!(!grid.in_bounds(p));
            assert_eq!(grid.index(p), None);
            assert_eq!(grid.get_or_default(p), 0);
            assert_eq!(grid.get(p), None);
            assert!(!grid.set(p, 9), "write at {p:?} refused");
        }
        assert!(grid.cells().iter().all(|&v| v == 5));
    }

    #[test]
    fn storage_is_row_major_and_points_invert_indices() {
        let mut grid = Grid::new(4, 3, 0).unwrap();
        assert!(grid.set(Point::new(2, 1), 1));
        assert_eq!(grid.index((2, 1)), Some(6));
        assert_eq!(grid.cells()[6], 1);
        for (i, p) in grid.points().enumerate() {
            assert_eq!(grid.index(p), Some(i));
            assert_eq!(grid.point(i), Some(p));
        }
        assert_eq!(grid.point(12), None);
        assert_eq!(grid.row(1), [0, 0, 1, 0]);
        assert!(grid.row(3).is_empty() && grid.row(-1).is_empty());
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!(
            Grid::new(-1, 5, 0),
            Err(MapError::Size {
                field: "width",
                value: -1
            })
        );
        assert!(Grid::new(5, MAX_SIDE + 1, 0).is_err());
        assert!(Grid::new(0, 0, 0).unwrap().is_empty());
        // 10^8 cells of 2 MiB, more than a 47-bit address space holds however memory is
        // overcommitted: an error, not an abort. (A thread with room for the fill value.)
        let err = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(|| Grid::new(MAX_SIDE, MAX_SIDE, [0u8; 1 << 21]).map(|g| g.len()))
            .unwrap()
            .join()
            .unwrap()
            .unwrap_err();
        assert_eq!(
            err,
            MapError::Memory {
                width: MAX_SIDE,
                height: MAX_SIDE,
                bytes: 100_000_000 << 21
            }
        );
        assert_eq!(
            Grid::from_cells(2, 2, vec![1, 2, 3]),
            Err(MapError::Length {
                len: 3,
                expected: 4
            })
        );
        assert_eq!(
            Grid::from_cells(2, 1, vec![1, 2]).unwrap().get((1, 0)),
            Some(&2)
        );
    }

    #[test]
    fn fill_rect_clips_rows_and_columns() {
        let mut grid = Grid::new(4, 4, false).unwrap();
        grid.fill_rect(-3..2, 3..9, true);
        grid.fill_rect(3..4, -2..2, true);
        grid.fill_rect(i32::MIN..i32::MAX, 2..2, true);
        assert_eq!(grid.to_string(), "0001\n0001\n0000\n1100\n");
    }
}
