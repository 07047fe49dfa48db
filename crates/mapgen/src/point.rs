//! A cell position, and the steps between cells.

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A cell position on a map, or a step between two: `x` is the column, `y` the row, row 0
/// at the top, so [`Point::NORTH`] is `(0, -1)`.
///
/// Arithmetic saturates at the ends of `i32` instead of overflowing: a point pushed past
/// the edge of every map stays outside every map.
///
/// ```
/// use mapgen::Point;
/// let p = Point::new(3, 4);
/// assert_eq!(p + Point::EAST, Point::new(4, 4));
/// assert_eq!(p - Point::new(1, 1), Point::new(2, 3));
/// assert_eq!(p.neighbours4().count(), 4);
/// assert_eq!(p.chebyshev(Point::new(0, 0)), 4);
/// assert_eq!(p.manhattan(Point::new(0, 0)), 7);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

impl Point {
    /// `(0, 0)`.
    pub const ZERO: Point = Point::new(0, 0);
    /// One row up.
    pub const NORTH: Point = Point::new(0, -1);
    /// One column right.
    pub const EAST: Point = Point::new(1, 0);
    /// One row down.
    pub const SOUTH: Point = Point::new(0, 1);
    /// One column left.
    pub const WEST: Point = Point::new(-1, 0);
    /// The four orthogonal steps, clockwise from north.
    pub const ORTHOGONAL: [Point; 4] = [Point::NORTH, Point::EAST, Point::SOUTH, Point::WEST];
    /// The four diagonal steps, clockwise from north-east.
    pub const DIAGONAL: [Point; 4] = [
        Point::new(1, -1),
        Point::new(1, 1),
        Point::new(-1, 1),
        Point::new(-1, -1),
    ];
    /// All eight steps, clockwise from north.
    pub const ALL_DIRECTIONS: [Point; 8] = [
        Point::NORTH,
        Point::new(1, -1),
        Point::EAST,
        Point::new(1, 1),
        Point::SOUTH,
        Point::new(-1, 1),
        Point::WEST,
        Point::new(-1, -1),
    ];

    /// The point at column `x`, row `y`.
    ///
    /// ```
    /// let p = mapgen::Point::new(3, -1);
    /// assert_eq!((p.x, p.y), (3, -1));
    /// assert_eq!(p, (3, -1).into());
    /// ```
    pub const fn new(x: i32, y: i32) -> Point {
        Point { x, y }
    }

    /// This point moved by `dx` columns and `dy` rows.
    ///
    /// ```
    /// assert_eq!(mapgen::Point::new(1, 1).offset(2, -1), mapgen::Point::new(3, 0));
    /// ```
    #[must_use]
    pub const fn offset(self, dx: i32, dy: i32) -> Point {
        Point::new(self.x.saturating_add(dx), self.y.saturating_add(dy))
    }

    /// The four orthogonal neighbours, clockwise from north.
    ///
    /// ```
    /// use mapgen::Point;
    /// let around: Vec<Point> = Point::new(1, 1).neighbours4().collect();
    /// assert_eq!(around, [Point::new(1, 0), Point::new(2, 1), Point::new(1, 2), Point::new(0, 1)]);
    /// ```
    pub fn neighbours4(self) -> impl Iterator<Item = Point> {
        Point::ORTHOGONAL.into_iter().map(move |d| self + d)
    }

    /// The eight neighbours, clockwise from north.
    ///
    /// ```
    /// let around: Vec<_> = mapgen::Point::new(0, 0).neighbours8().collect();
    /// assert_eq!(around.len(), 8);
    /// assert_eq!(around[0], mapgen::Point::new(0, -1));
    /// ```
    pub fn neighbours8(self) -> impl Iterator<Item = Point> {
        Point::ALL_DIRECTIONS.into_iter().map(move |d| self + d)
    }

    /// Steps along rows and columns: `|dx| + |dy|`.
    ///
    /// ```
    /// use mapgen::Point;
    /// assert_eq!(Point::new(0, 0).manhattan(Point::new(3, -4)), 7);
    /// ```
    pub const fn manhattan(self, other: Point) -> u64 {
        let (dx, dy) = self.abs_diff(other);
        dx as u64 + dy as u64
    }

    /// Steps when diagonal steps count as one: `max(|dx|, |dy|)`.
    ///
    /// ```
    /// use mapgen::Point;
    /// assert_eq!(Point::new(0, 0).chebyshev(Point::new(3, -4)), 4);
    /// ```
    pub const fn chebyshev(self, other: Point) -> u32 {
        let (dx, dy) = self.abs_diff(other);
        if dx > dy { dx } else { dy }
    }

    /// The squared straight-line distance: `dx*dx + dy*dy`, saturating at `u64::MAX`
    /// (reached only by points more than three billion apart on both axes).
    ///
    /// ```
    /// use mapgen::Point;
    /// assert_eq!(Point::new(0, 0).distance_squared(Point::new(3, -4)), 25);
    /// let (min, max) = (Point::new(i32::MIN, i32::MIN), Point::new(i32::MAX, i32::MAX));
    /// assert_eq!(min.distance_squared(max), u64::MAX);
    /// ```
    pub const fn distance_squared(self, other: Point) -> u64 {
        let (dx, dy) = self.abs_diff(other);
        (dx as u64 * dx as u64).saturating_add(dy as u64 * dy as u64)
    }

    const fn abs_diff(self, other: Point) -> (u32, u32) {
        (self.x.abs_diff(other.x), self.y.abs_diff(other.y))
    }
}

impl From<(i32, i32)> for Point {
    fn from((x, y): (i32, i32)) -> Point {
        Point { x, y }
    }
}

impl From<Point> for (i32, i32) {
    fn from(p: Point) -> (i32, i32) {
        (p.x, p.y)
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, d: Point) -> Point {
        self.offset(d.x, d.y)
    }
}

impl Sub for Point {
    type Output = Point;
    fn sub(self, d: Point) -> Point {
        Point::new(self.x.saturating_sub(d.x), self.y.saturating_sub(d.y))
    }
}

impl AddAssign for Point {
    fn add_assign(&mut self, d: Point) {
        *self = *self + d;
    }
}

impl SubAssign for Point {
    fn sub_assign(&mut self, d: Point) {
        *self = *self - d;
    }
}

impl Neg for Point {
    type Output = Point;
    fn neg(self) -> Point {
        Point::new(self.x.saturating_neg(), self.y.saturating_neg())
    }
}

impl Mul<i32> for Point {
    type Output = Point;
    fn mul(self, k: i32) -> Point {
        Point::new(self.x.saturating_mul(k), self.y.saturating_mul(k))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_unit_and_distinct() {
        let all: std::collections::HashSet<Point> = Point::ALL_DIRECTIONS.into_iter().collect();
        assert_eq!(all.len(), 8);
        assert!(all.iter().all(|d| d.chebyshev(Point::ZERO) == 1));
        for d in Point::ORTHOGONAL {
            assert!(all.contains(&d) && d.manhattan(Point::ZERO) == 1);
            assert_eq!(-(-d), d);
        }
        for d in Point::DIAGONAL {
            assert!(all.contains(&d) && d.manhattan(Point::ZERO) == 2);
        }
    }

    #[test]
    fn arithmetic_saturates_instead_of_overflowing() {
        let far = Point::new(i32::MAX, i32::MIN);
        assert_eq!(far + Point::new(1, -1), far);
        assert_eq!(far - Point::new(-1, 1), far);
        assert_eq!(far * 2, far);
        assert_eq!(-Point::new(i32::MIN, 0), Point::new(i32::MAX, 0));
        assert_eq!(
            far.manhattan(Point::new(i32::MIN, i32::MAX)),
            2 * u64::from(u32::MAX)
        );
        let mut p = Point::new(2, 2);
        p += Point::SOUTH;
        p -= Point::EAST;
        assert_eq!(p, Point::new(1, 3));
        assert_eq!(Point::new(3, 4).distance_squared(Point::ZERO), 25);
        // Issue 25: this overflowed (a panic in debug builds, a wrong value in release).
        let (min, max) = (
            Point::new(i32::MIN, i32::MIN),
            Point::new(i32::MAX, i32::MAX),
        );
        assert_eq!(min.distance_squared(max), u64::MAX);
        assert_eq!(max.distance_squared(min), u64::MAX);
        let one_axis = u64::from(u32::MAX) * u64::from(u32::MAX);
        assert_eq!(
            Point::new(i32::MIN, 0).distance_squared(Point::new(i32::MAX, 0)),
            one_axis
        );
    }
}
