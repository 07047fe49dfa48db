//! The size of a rectangle of cells and its row-major numbering, written once for every
//! grid, map, field of view and search in the crate.

use crate::grid::MAX_SIDE;
use crate::{MapError, Point, Tile};

/// A `width` x `height` rectangle of cells numbered row-major: cell `(x, y)` has index
/// `y * width + x`. Both sides are `0..=`[`MAX_SIDE`](crate::Map::MAX_SIDE), so every
/// index fits a `usize` and every cell a pair of `i32`.
///
/// ```
/// use mapgen::{Point, Shape};
/// let shape = Shape::new(4, 3)?;
/// assert_eq!(shape.len(), 12);
/// assert_eq!(shape.index((2, 1)), Some(6));
/// assert_eq!(shape.point(6), Some(Point::new(2, 1)));
/// assert!(!shape.contains((4, 0)) && shape.index((-1, 0)).is_none());
/// # Ok::<(), mapgen::MapError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Shape {
    width: i32,
    height: i32,
}

/// Checks one side of a shape.
pub(crate) fn check_side(field: &'static str, value: i64) -> Result<i32, MapError> {
    i32::try_from(value)
        .ok()
        .filter(|v| (0..=MAX_SIDE).contains(v))
        .ok_or(MapError::Size { field, value })
}

impl Shape {
    /// A `width` x `height` shape.
    ///
    /// # Errors
    /// [`MapError::Size`] when a side is negative or above
    /// [`Map::MAX_SIDE`](crate::Map::MAX_SIDE).
    ///
    /// ```
    /// assert!(mapgen::Shape::new(10_000, 10_000).is_ok());
    /// assert!(mapgen::Shape::new(10_001, 1).is_err());
    /// ```
    pub fn new(width: i32, height: i32) -> Result<Shape, MapError> {
        Ok(Shape {
            width: check_side("width", width.into())?,
            height: check_side("height", height.into())?,
        })
    }

    /// A `width` x `height` shape whose sides the caller knows are not negative, for the
    /// crate's own working grids: a padded copy of a map (whose sides may pass
    /// [`MAX_SIDE`] by a few cells, still far from the ends of `i32` and `usize`), a
    /// search window. Never handed to a user.
    #[inline]
    pub(crate) const fn with_sides(width: i32, height: i32) -> Shape {
        debug_assert!(width >= 0 && height >= 0);
        Shape { width, height }
    }

    /// Width in cells.
    #[inline]
    pub const fn width(self) -> i32 {
        self.width
    }

    /// Height in cells.
    #[inline]
    pub const fn height(self) -> i32 {
        self.height
    }

    /// How many cells: `width * height`.
    #[inline]
    pub const fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// True when there are no cells (a side is 0).
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// True when `p` is a cell of the shape.
    ///
    /// ```
    /// let shape = mapgen::Shape::new(3, 2)?;
    /// assert!(shape.contains((2, 1)) && !shape.contains((2, 2)));
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn contains(self, p: impl Into<Point>) -> bool {
        let p = p.into();
        p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height
    }

    /// True when all eight neighbours of `p` are cells of the shape.
    ///
    /// ```
    /// let shape = mapgen::Shape::new(3, 3)?;
    /// assert!(shape.is_interior((1, 1)) && !shape.is_interior((0, 1)));
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn is_interior(self, p: impl Into<Point>) -> bool {
        let p = p.into();
        p.x >= 1 && p.y >= 1 && p.x < self.width - 1 && p.y < self.height - 1
    }

    /// The row-major index of `p`, or `None` outside.
    ///
    /// ```
    /// let shape = mapgen::Shape::new(3, 2)?;
    /// assert_eq!(shape.index((1, 1)), Some(4)); // y * width + x
    /// assert_eq!(shape.index((3, 1)), None);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn index(self, p: impl Into<Point>) -> Option<usize> {
        let p = p.into();
        self.contains(p).then(|| self.index_inside(p))
    }

    /// The row-major index of `p`, which the caller knows is inside: no bounds check, and
    /// a meaningless number (never a panic) for a point outside.
    #[inline]
    pub(crate) const fn index_inside(self, p: Point) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    /// The index of the first cell of row `y`, which the caller knows is a row.
    #[inline]
    pub(crate) const fn row_start(self, y: i32) -> usize {
        y as usize * self.width as usize
    }

    /// The cell at row-major `index`, the inverse of [`Shape::index`]; `None` past the end.
    ///
    /// ```
    /// use mapgen::{Point, Shape};
    /// let shape = Shape::new(3, 2)?;
    /// assert_eq!(shape.point(5), Some(Point::new(2, 1)));
    /// assert_eq!(shape.point(6), None);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    #[inline]
    pub fn point(self, index: usize) -> Option<Point> {
        // A shape with cells has width >= 1.
        (index < self.len()).then(|| self.point_inside(index))
    }

    /// The cell at row-major `index`, which the caller knows is below [`Shape::len`]: no
    /// bounds check, the inverse of [`Shape::index_inside`].
    #[inline]
    pub(crate) const fn point_inside(self, index: usize) -> Point {
        let width = self.width as usize;
        // Both parts fit in i32 as the sides do.
        Point::new((index % width) as i32, (index / width) as i32)
    }

    /// Every cell, row by row.
    ///
    /// ```
    /// use mapgen::{Point, Shape};
    /// let points: Vec<Point> = Shape::new(2, 2)?.points().collect();
    /// assert_eq!(points, [Point::new(0, 0), Point::new(1, 0), Point::new(0, 1), Point::new(1, 1)]);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn points(self) -> impl Iterator<Item = Point> {
        let (width, height) = (self.width, self.height);
        (0..height).flat_map(move |y| (0..width).map(move |x| Point::new(x, y)))
    }
}

/// Anything laid out as a [`Shape`] of cells: what field of view
/// ([`Transparency`](crate::fov::Transparency)) and searches
/// ([`Walkable`](crate::path::Walkable)) both need, so a type of your own states its size
/// and its fast path once and answers each question in its own trait.
///
/// ```
/// use mapgen::fov::{FieldOfView, LightWalls, Radius, Transparency};
/// use mapgen::path::{AStar, Moves, Walkable};
/// use mapgen::{Point, Shape, Shaped};
///
/// /// A hall with one pillar that blocks both movement and sight.
/// struct Hall;
/// impl Shaped for Hall {
///     fn shape(&self) -> Shape {
///         Shape::new(5, 3).expect("a small shape")
///     }
/// }
/// impl Walkable for Hall {
///     fn is_walkable(&self, p: Point) -> bool {
///         p != Point::new(2, 1)
///     }
/// }
/// impl Transparency for Hall {
///     fn is_transparent(&self, p: Point) -> bool {
///         p != Point::new(2, 1)
///     }
/// }
///
/// let mut fov = FieldOfView::new(5, 3)?;
/// fov.compute(&Hall, Point::new(0, 1), Radius::Unlimited, LightWalls::On)?;
/// assert!(!fov.is_visible((4, 1)), "behind the pillar");
/// let cost = AStar::default().search(&Hall, Moves::FOUR, Point::new(0, 1), Point::new(4, 1))?;
/// assert_eq!(cost, Some(2 * 6), "round the pillar");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Shaped {
    /// The size and numbering of the cells.
    fn shape(&self) -> Shape;

    /// Width in cells. Provided: the shape's.
    #[inline]
    fn width(&self) -> i32 {
        self.shape().width()
    }

    /// Height in cells. Provided: the shape's.
    #[inline]
    fn height(&self) -> i32 {
        self.shape().height()
    }

    /// Optional fast path: all cells as a row-major tile slice whose flags agree with the
    /// answers of [`Walkable`](crate::path::Walkable) and
    /// [`Transparency`](crate::fov::Transparency) for this type. A search or a field of
    /// view then reads the slice instead of asking per cell. Provided: `None`;
    /// [`Map`](crate::Map) returns its tiles. A slice of another length than the shape's
    /// is ignored.
    fn row_major_tiles(&self) -> Option<&[Tile]> {
        None
    }
}

impl<T: Shaped + ?Sized> Shaped for &T {
    #[inline]
    fn shape(&self) -> Shape {
        (**self).shape()
    }
    fn row_major_tiles(&self) -> Option<&[Tile]> {
        (**self).row_major_tiles()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_and_points_invert_each_other() {
        let shape = Shape::new(4, 3).unwrap();
        for (i, p) in shape.points().enumerate() {
            assert_eq!(shape.index(p), Some(i));
            assert_eq!(shape.point(i), Some(p));
            assert_eq!(shape.index_inside(p), i);
            assert_eq!(shape.point_inside(i), p);
        }
        assert_eq!(shape.point(12), None);
        for p in [(-1, 0), (0, -1), (4, 0), (0, 3), (i32::MIN, i32::MAX)] {
            assert_eq!(shape.index(p), None);
        }
    }

    #[test]
    fn sides_are_checked() {
        assert_eq!(
            Shape::new(-1, 5),
            Err(MapError::Size {
                field: "width",
                value: -1
            })
        );
        assert!(Shape::new(5, MAX_SIDE + 1).is_err());
        assert!(Shape::new(0, 7).unwrap().is_empty());
    }
}
