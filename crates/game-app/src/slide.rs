//! The room camera of a grid of rooms, as The Binding of Isaac frames its floors: the
//! view shows the room the `@` is in, centred, and nothing of the others; a room larger
//! than the view scrolls inside its own bounds; stepping into another room slides the
//! view from the old room to the new one.
//!
//! Everything here is arithmetic on rectangles and durations, so the slide is tested
//! without a clock: its length is a [`Duration`], the time passes in through
//! [`Slide::advance`], and the offset at any moment is a pure function of the time gone.

use std::time::Duration;

use mapgen::generators::grid::{GridRoom, RoomGrid};
use mapgen::{Point, Rect};

use crate::viewport::Viewport;

/// The default length of the slide between rooms, in milliseconds.
pub const DEFAULT_SLIDE_MS: u32 = 250;

/// The most `--slide-ms` may be.
pub const MAX_SLIDE_MS: u32 = 1000;

/// The tiles of `room`: the outlines of its cells, walls and doors included (a large
/// room's box; an L room's box holds a corner of wall that is another room's or none).
pub fn room_bounds(grid: &RoomGrid, room: &GridRoom) -> Rect {
    room.cells()
        .map(|cell| grid.outline(cell))
        .reduce(|a, b| Rect {
            x1: a.x1.min(b.x1),
            y1: a.y1.min(b.y1),
            x2: a.x2.max(b.x2),
            y2: a.y2.max(b.y2),
        })
        .unwrap_or_else(|| grid.outline(room.cell))
}

/// The origin (the map tile in the view's top-left corner) that shows `bounds` in
/// `view`: centred on each axis where it fits, else following `focus` and stopping at the
/// room's own edges, so a large room scrolls inside itself and never shows its
/// neighbours.
///
/// ```
/// use game_app::slide::room_origin;
/// use game_app::viewport::Viewport;
/// use mapgen::{Point, Rect};
/// let view = Viewport { width: 80, height: 45 };
/// // A 15 x 9 room (outline 0..=14, 0..=8) sits in the middle of the view.
/// let room = Rect::new(0, 0, 14, 8);
/// assert_eq!(room_origin(view, room, Point::new(7, 4)), Point::new(-32, -18));
/// // A room 100 tiles wide scrolls with the @, from its own left edge to its right one.
/// let wide = Rect::new(10, 0, 99, 8);
/// assert_eq!(room_origin(view, wide, Point::new(12, 4)).x, 10);
/// assert_eq!(room_origin(view, wide, Point::new(109, 4)).x, 30);
/// ```
pub fn room_origin(view: Viewport, bounds: Rect, focus: Point) -> Point {
    Point::new(
        axis_origin(bounds.x1, bounds.x2, view.width, focus.x),
        axis_origin(bounds.y1, bounds.y2, view.height, focus.y),
    )
}

/// One axis of [`room_origin`]: `first..=last` are the room's tiles.
fn axis_origin(first: i32, last: i32, view_len: i32, focus: i32) -> i32 {
    let len = last - first + 1;
    if len <= view_len {
        first - (view_len - len) / 2
    } else {
        (focus - view_len / 2).clamp(first, last + 1 - view_len)
    }
}

/// A slide of the view from one origin to another, over a fixed time.
///
/// The offset moves in a straight line, in proportion to the time gone (integer
/// arithmetic on nanoseconds, so two runs draw the same frames for the same times). The
/// slide's length does not depend on the frame rate: a frame of 7 ms and one of 33 ms
/// move it by 7 and 33 ms' worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slide {
    /// Where the view was when the `@` left the old room.
    from: Point,
    length: Duration,
    elapsed: Duration,
}

impl Slide {
    /// A slide from origin `from`, lasting `length`.
    pub fn new(from: Point, length: Duration) -> Slide {
        Slide {
            from,
            length,
            elapsed: Duration::ZERO,
        }
    }

    /// Lets `dt` of time pass; returns true once the slide is over.
    pub fn advance(&mut self, dt: Duration) -> bool {
        self.elapsed = (self.elapsed + dt).min(self.length);
        self.is_over()
    }

    /// True once the whole length has passed (at once for a length of 0: a cut).
    pub fn is_over(&self) -> bool {
        self.elapsed >= self.length
    }

    /// Where the slide started.
    pub fn from(&self) -> Point {
        self.from
    }

    /// The view's origin now, on the way from [`Slide::from`] to `to`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use game_app::slide::Slide;
    /// use mapgen::Point;
    /// let mut slide = Slide::new(Point::new(0, 0), Duration::from_millis(200));
    /// let to = Point::new(14, -8);
    /// assert_eq!(slide.origin(to), Point::new(0, 0));
    /// slide.advance(Duration::from_millis(100));
    /// assert_eq!(slide.origin(to), Point::new(7, -4));
    /// assert!(slide.advance(Duration::from_millis(150)));
    /// assert_eq!(slide.origin(to), to);
    /// ```
    pub fn origin(&self, to: Point) -> Point {
        if self.length.is_zero() {
            return to;
        }
        let (done, total) = (self.elapsed.as_nanos(), self.length.as_nanos());
        let along = |a: i32, b: i32| {
            let moved = i128::from(b - a) * done as i128 / total as i128;
            a + moved as i32
        };
        Point::new(along(self.from.x, to.x), along(self.from.y, to.y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VIEW: Viewport = Viewport {
        width: 80,
        height: 45,
    };

    /// Frame `k` of a display at `hz` starts at `k / hz` seconds, in whole nanoseconds:
    /// the time between frames as a frame loop measures it.
    fn frame_times(hz: u64) -> impl Iterator<Item = Duration> {
        (1u64..).map(move |k| {
            let at = |k: u64| k * 1_000_000_000 / hz;
            Duration::from_nanos(at(k) - at(k - 1))
        })
    }

    /// How many frames at `hz` a slide of `ms` takes, and the offsets it shows.
    fn run(ms: u64, hz: u64, to: Point) -> (usize, Vec<Point>) {
        let mut slide = Slide::new(Point::new(0, 0), Duration::from_millis(ms));
        let mut shown = vec![slide.origin(to)];
        let mut frames = 0;
        for dt in frame_times(hz) {
            frames += 1;
            let over = slide.advance(dt);
            shown.push(slide.origin(to));
            if over {
                break;
            }
            assert!(frames < 10_000, "the slide never ends");
        }
        (frames, shown)
    }

    #[test]
    fn a_slide_takes_the_same_time_at_any_frame_rate() {
        let to = Point::new(14, 0);
        // 250 ms: 7.5 frames at 30 Hz (so 8), exactly 15 at 60 Hz and 36 at 144 Hz.
        assert_eq!(run(250, 30, to).0, 8);
        assert_eq!(run(250, 60, to).0, 15);
        assert_eq!(run(250, 144, to).0, 36);
        assert_eq!(run(1000, 60, to).0, 60);
        assert_eq!(run(100, 144, to).0, 15, "14.4 frames");
    }

    #[test]
    fn a_slide_starts_at_the_old_room_ends_at_the_new_and_never_goes_back() {
        for to in [
            Point::new(14, 0),
            Point::new(-14, 0),
            Point::new(0, 8),
            Point::new(0, -8),
            Point::new(-57, 33),
        ] {
            for hz in [30, 60, 144] {
                let (_, shown) = run(250, hz, to);
                assert_eq!(shown[0], Point::new(0, 0), "starts where the view was");
                assert_eq!(*shown.last().unwrap(), to, "ends on the new room");
                for pair in shown.windows(2) {
                    let step = |a: i32, b: i32, end: i32| (b - a) * end.signum() >= 0;
                    assert!(
                        step(pair[0].x, pair[1].x, to.x) && step(pair[0].y, pair[1].y, to.y),
                        "{hz} Hz towards {to}: {} then {}",
                        pair[0],
                        pair[1]
                    );
                }
            }
        }
    }

    #[test]
    fn a_slide_of_zero_is_a_cut() {
        let mut slide = Slide::new(Point::new(3, 3), Duration::ZERO);
        assert!(slide.is_over());
        assert_eq!(slide.origin(Point::new(40, 9)), Point::new(40, 9));
        assert!(slide.advance(Duration::ZERO));
    }

    #[test]
    fn a_room_that_fits_is_centred_and_a_large_one_scrolls_inside_itself() {
        let small = Rect::new(28, 16, 14, 8);
        for focus in [Point::new(29, 17), Point::new(41, 23)] {
            let origin = room_origin(VIEW, small, focus);
            assert_eq!(
                origin,
                Point::new(28 - 32, 16 - 18),
                "does not follow the @"
            );
        }
        // 2x2 room of 15 x 9 cells in a 20 x 12 view: both axes scroll, within bounds.
        let view = Viewport {
            width: 20,
            height: 12,
        };
        let large = Rect::new(14, 8, 28, 16);
        for x in large.x1..=large.x2 {
            for y in large.y1..=large.y2 {
                let o = room_origin(view, large, Point::new(x, y));
                assert!(
                    o.x >= large.x1 && o.x + view.width - 1 <= large.x2,
                    "{x},{y}"
                );
                assert!(
                    o.y >= large.y1 && o.y + view.height - 1 <= large.y2,
                    "{x},{y}"
                );
                assert!(view.to_screen(o, Point::new(x, y)).is_some(), "@ in view");
            }
        }
    }
}
