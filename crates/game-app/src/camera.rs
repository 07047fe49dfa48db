//! The camera: which map tile the top-left corner of the map view shows.
//!
//! The session owns it and moves it as the game goes (following the `@`, or the look
//! cursor); the scene draws from the origin it is given, and the window turns mouse
//! positions into map tiles through it. So another way of framing the map (the grid of
//! rooms shown room by room, with a slide between rooms) is a change here, not in the
//! scene or the rules.

use mapgen::{Point, Rect};

use crate::viewport::Viewport;

/// Which map tiles the view draws.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Shown {
    /// Every tile in view.
    #[default]
    All,
    /// The tiles of one room of a grid (its outline included), nothing around it.
    Room(Rect),
    /// The tiles of two rooms: the old and the new one during a slide.
    Rooms(Rect, Rect),
}

impl Shown {
    /// True when the view draws map tile `p`.
    pub fn includes(&self, p: Point) -> bool {
        let inside = |r: &Rect| p.x >= r.x1 && p.x <= r.x2 && p.y >= r.y1 && p.y <= r.y2;
        match self {
            Shown::All => true,
            Shown::Room(r) => inside(r),
            Shown::Rooms(a, b) => inside(a) || inside(b),
        }
    }
}

/// Where the map view looks, and which tiles it draws. Starts at the map's corner,
/// showing everything.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Camera {
    origin: Point,
    shown: Shown,
}

impl Camera {
    /// A camera at the map's top-left corner.
    pub fn new() -> Camera {
        Camera::default()
    }

    /// Centres `view` on `focus` on a `map_width` x `map_height` map, stopping at the
    /// map's edges (a map that fits is shown from its corner).
    ///
    /// ```
    /// use game_app::camera::Camera;
    /// use game_app::viewport::Viewport;
    /// use mapgen::Point;
    /// let view = Viewport { width: 80, height: 45 };
    /// let mut camera = Camera::new();
    /// camera.follow(view, (200, 100), Point::new(100, 50));
    /// assert_eq!(camera.origin(), Point::new(60, 28));
    /// assert_eq!(camera.to_map(view, (40, 22)), Some(Point::new(100, 50)));
    /// ```
    pub fn follow(&mut self, view: Viewport, map_size: (i32, i32), focus: Point) {
        self.origin = view.origin(map_size.0, map_size.1, focus);
        self.shown = Shown::All;
    }

    /// Looks from `origin`, drawing only the tiles of `shown` (the room camera of a grid
    /// of rooms, [`crate::slide`]).
    pub fn frame_rooms(&mut self, origin: Point, shown: Shown) {
        self.origin = origin;
        self.shown = shown;
    }

    /// Which tiles the view draws.
    pub fn shown(&self) -> Shown {
        self.shown
    }

    /// Leaves the camera where it is while `focus` is in view; else follows it.
    pub fn keep_in_view(&mut self, view: Viewport, map_size: (i32, i32), focus: Point) {
        if self.to_screen(view, focus).is_none() || self.shown != Shown::All {
            self.follow(view, map_size, focus);
        }
    }

    /// The map tile in the view's top-left corner: what the scene draws from.
    pub fn origin(&self) -> Point {
        self.origin
    }

    /// Where map tile `p` is in `view`, or `None` when it is not in view.
    pub fn to_screen(&self, view: Viewport, p: Point) -> Option<(i32, i32)> {
        view.to_screen(self.origin, p)
    }

    /// The map tile shown at `cell` of `view`, or `None` when `cell` is outside the view.
    pub fn to_map(&self, view: Viewport, cell: (i32, i32)) -> Option<Point> {
        let (x, y) = cell;
        let inside = x >= 0 && y >= 0 && x < view.width && y < view.height;
        inside.then(|| Point::new(self.origin.x + x, self.origin.y + y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VIEW: Viewport = Viewport {
        width: 80,
        height: 45,
    };

    #[test]
    fn screen_and_map_positions_convert_both_ways() {
        let mut camera = Camera::new();
        camera.follow(VIEW, (300, 300), Point::new(150, 150));
        for cell in [(0, 0), (79, 44), (13, 7)] {
            let p = camera.to_map(VIEW, cell).unwrap();
            assert_eq!(camera.to_screen(VIEW, p), Some(cell));
        }
        assert_eq!(camera.to_map(VIEW, (80, 0)), None);
        assert_eq!(camera.to_map(VIEW, (-1, 3)), None);
    }

    #[test]
    fn keeping_in_view_moves_only_when_the_focus_leaves_it() {
        let mut camera = Camera::new();
        camera.follow(VIEW, (300, 300), Point::new(150, 150));
        let origin = camera.origin();
        camera.keep_in_view(VIEW, (300, 300), Point::new(120, 140));
        assert_eq!(camera.origin(), origin, "still in view");
        camera.keep_in_view(VIEW, (300, 300), Point::new(250, 140));
        assert!(camera.to_screen(VIEW, Point::new(250, 140)).is_some());
        assert_ne!(camera.origin(), origin);
    }
}
