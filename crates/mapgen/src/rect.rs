//! Rectangular rooms, with the libtcod tutorial's exact arithmetic.

use std::ops::Range;

use crate::Point;

/// A room's outline, as in the libtcod tutorial: `x2 = x1 + w`, `y2 = y1 + h`.
///
/// The outline's edge cells stay wall; only [`Rect::inner`] is carved. Two rooms whose
/// outlines share an edge therefore share that wall and keep their floors apart (the
/// `grid` generator's rooms do so). [`Rect::intersects`] counts shared edges, so the
/// `rooms` generator, which refuses a room that intersects one already placed, never
/// lets two of its outlines share a cell.
///
/// ```
/// use mapgen::Rect;
/// let room = Rect::new(20, 15, 10, 15);
/// assert_eq!((room.x2, room.y2), (30, 30));
/// assert_eq!(room.center(), mapgen::Point::new(25, 22));
/// assert_eq!(room.inner(), (21..30, 16..30));
/// // A neighbour sharing the wall at column 30: the floors stay apart.
/// let east = Rect::new(30, 15, 6, 15);
/// assert!(room.intersects(&east));
/// assert!(room.inner().0.end <= east.inner().0.start);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rect {
    /// Left column of the outline.
    pub x1: i32,
    /// Top row of the outline.
    pub y1: i32,
    /// Right column of the outline (`x1 + w`).
    pub x2: i32,
    /// Bottom row of the outline (`y1 + h`).
    pub y2: i32,
}

impl Rect {
    /// The tutorial's `Rect(x, y, w, h)`: `x1 = x, y1 = y, x2 = x + w, y2 = y + h`.
    ///
    /// ```
    /// use mapgen::Rect;
    /// let room = Rect::new(2, 3, 5, 4); // x, y, w, h
    /// assert_eq!((room.x1, room.y1, room.x2, room.y2), (2, 3, 7, 7));
    /// ```
    ///
    /// The sums saturate at the ends of `i32` rather than overflow, so a rectangle reaching
    /// past `i32::MAX` is cut there.
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect {
            x1: x,
            y1: y,
            x2: x.saturating_add(w),
            y2: y.saturating_add(h),
        }
    }

    /// The centre, the tutorial's `((x1 + x2) / 2, (y1 + y2) / 2)`: rounded down on a map
    /// (toward zero for negative coordinates), computed without overflow.
    ///
    /// ```
    /// assert_eq!(mapgen::Rect::new(0, 0, 5, 4).center(), mapgen::Point::new(2, 2));
    /// ```
    pub const fn center(&self) -> Point {
        Point::new(midpoint(self.x1, self.x2), midpoint(self.y1, self.y2))
    }

    /// Width of the outline: `x2 - x1` (the tutorial's `w`), 0 for an inverted rectangle.
    ///
    /// ```
    /// let room = mapgen::Rect::new(2, 3, 5, 4);
    /// assert_eq!((room.width(), room.height()), (5, 4));
    /// ```
    pub const fn width(&self) -> u32 {
        if self.x2 > self.x1 {
            self.x2.abs_diff(self.x1)
        } else {
            0
        }
    }

    /// Height of the outline: `y2 - y1` (the tutorial's `h`), 0 for an inverted rectangle.
    pub const fn height(&self) -> u32 {
        if self.y2 > self.y1 {
            self.y2.abs_diff(self.y1)
        } else {
            0
        }
    }

    /// True when the outlines share at least one cell (edges included), the tutorial's
    /// `x1 <= o.x2 && x2 >= o.x1 && y1 <= o.y2 && y2 >= o.y1`.
    ///
    /// ```
    /// use mapgen::Rect;
    /// assert!(Rect::new(0, 0, 4, 4).intersects(&Rect::new(4, 0, 4, 4))); // a shared edge
    /// assert!(!Rect::new(0, 0, 4, 4).intersects(&Rect::new(5, 0, 4, 4)));
    /// ```
    pub const fn intersects(&self, other: &Rect) -> bool {
        // `&`, not `&&`: four compares and no branch to mispredict in a loop over rooms.
        (self.x1 <= other.x2)
            & (self.x2 >= other.x1)
            & (self.y1 <= other.y2)
            & (self.y2 >= other.y1)
    }

    /// The carved area as `(columns, rows)`, end exclusive: columns `x1 + 1 .. x2` and rows
    /// `y1 + 1 .. y2`.
    ///
    /// ```
    /// let (cols, rows) = mapgen::Rect::new(0, 0, 4, 3).inner();
    /// assert_eq!((cols, rows), (1..4, 1..3)); // the outline stays wall
    /// ```
    pub const fn inner(&self) -> (Range<i32>, Range<i32>) {
        (
            self.x1.saturating_add(1)..self.x2,
            self.y1.saturating_add(1)..self.y2,
        )
    }

    /// Every cell of [`Rect::inner`], row by row.
    ///
    /// ```
    /// assert_eq!(mapgen::Rect::new(0, 0, 3, 3).inner_cells().count(), 4);
    /// ```
    pub fn inner_cells(&self) -> impl Iterator<Item = Point> + use<> {
        let (cols, rows) = self.inner();
        rows.flat_map(move |y| cols.clone().map(move |x| Point::new(x, y)))
    }

    /// True when `p` lies in the carved area.
    ///
    /// ```
    /// use mapgen::{Point, Rect};
    /// let room = Rect::new(0, 0, 4, 3);
    /// assert!(room.inner_contains(Point::new(1, 1)) && room.inner_contains(Point::new(3, 2)));
    /// assert!(!room.inner_contains(Point::new(0, 1))); // on the outline
    /// ```
    pub const fn inner_contains(&self, p: Point) -> bool {
        p.x > self.x1 && p.x < self.x2 && p.y > self.y1 && p.y < self.y2
    }
}

/// `(a + b) / 2` in `i64`, so the sum cannot overflow; the result lies between `a` and `b`.
const fn midpoint(a: i32, b: i32) -> i32 {
    i64::midpoint(a as i64, b as i64) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_follows_the_tutorial() {
        let r = Rect::new(1, 2, 5, 7);
        assert_eq!(
            r,
            Rect {
                x1: 1,
                y1: 2,
                x2: 6,
                y2: 9
            }
        );
    }

    #[test]
    fn center_rounds_down() {
        assert_eq!(Rect::new(0, 0, 5, 5).center(), Point::new(2, 2));
        assert_eq!(Rect::new(1, 1, 6, 6).center(), Point::new(4, 4));
        assert_eq!(Rect::new(35, 15, 10, 15).center(), Point::new(40, 22));
    }

    #[test]
    fn intersects_counts_shared_edges_and_corners() {
        let a = Rect::new(0, 0, 4, 4);
        assert!(a.intersects(&Rect::new(4, 0, 4, 4)), "shared edge");
        assert!(a.intersects(&Rect::new(4, 4, 2, 2)), "shared corner");
        assert!(a.intersects(&Rect::new(1, 1, 1, 1)), "contained");
        assert!(!a.intersects(&Rect::new(5, 0, 4, 4)), "one column apart");
        assert!(!a.intersects(&Rect::new(0, 5, 4, 4)), "one row apart");
        assert!(!a.intersects(&Rect::new(5, 5, 1, 1)), "diagonal gap");
    }

    #[test]
    fn intersects_is_symmetric() {
        let rooms = [
            Rect::new(0, 0, 4, 4),
            Rect::new(4, 2, 3, 3),
            Rect::new(8, 8, 2, 2),
            Rect::new(2, 6, 5, 2),
        ];
        for a in rooms {
            for b in rooms {
                assert_eq!(a.intersects(&b), b.intersects(&a), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn arithmetic_near_the_ends_of_i32_does_not_overflow() {
        let r = Rect::new(i32::MAX - 1, i32::MIN, 10, 10);
        assert_eq!((r.x2, r.y2), (i32::MAX, i32::MIN + 10));
        assert_eq!(r.center(), Point::new(i32::MAX - 1, i32::MIN + 5));
        assert_eq!(r.inner(), (i32::MAX..i32::MAX, i32::MIN + 1..i32::MIN + 10));
        let whole = Rect::new(i32::MIN, i32::MIN, i32::MAX, i32::MAX);
        assert_eq!(whole.center(), Point::new(-1_073_741_824, -1_073_741_824));
        assert_eq!(
            (whole.width(), whole.height()),
            (i32::MAX as u32, i32::MAX as u32)
        );
        assert_eq!(Rect::new(3, 3, -2, 1).width(), 0);
    }

    #[test]
    fn inner_excludes_the_outline() {
        let r = Rect::new(1, 1, 5, 5);
        assert_eq!(r.inner(), (2..6, 2..6));
        assert_eq!(r.inner_cells().count(), 16);
        assert!(r.inner_contains(Point::new(2, 2)));
        assert!(!r.inner_contains(Point::new(1, 3)));
        assert!(!r.inner_contains(Point::new(6, 3)));
    }
}
