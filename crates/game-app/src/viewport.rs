//! Which part of the map the screen shows.
//!
//! A map that fits is drawn from its top-left corner, as in the tutorial. A larger one
//! (a big `--width`/`--height`, or a generator whose maps outgrow the screen) scrolls: the
//! view centres on the `@` and stops at the map's edges, so the `@` is always in sight
//! and no screen space is wasted beyond the map.

use mapgen::Point;

/// The map area of the screen, in cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewport {
    /// Columns of map shown.
    pub width: i32,
    /// Rows of map shown.
    pub height: i32,
}

impl Viewport {
    /// The map cell shown in the view's top-left corner when following `focus` on a
    /// `map_width` x `map_height` map.
    pub fn origin(&self, map_width: i32, map_height: i32, focus: Point) -> Point {
        Point::new(
            axis_origin(map_width, self.width, focus.x),
            axis_origin(map_height, self.height, focus.y),
        )
    }

    /// Where map cell `p` lands in the view whose top-left map cell is `origin`, or
    /// `None` when it is outside the view.
    pub fn to_screen(&self, origin: Point, p: Point) -> Option<(i32, i32)> {
        let (sx, sy) = (p.x - origin.x, p.y - origin.y);
        (sx >= 0 && sy >= 0 && sx < self.width && sy < self.height).then_some((sx, sy))
    }
}

/// A box of console cells in the map view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellBox {
    /// Its left column.
    pub x: i32,
    /// Its top row.
    pub y: i32,
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
}

impl CellBox {
    /// True when cell `(x, y)` is in the box.
    pub fn contains(&self, (x, y): (i32, i32)) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.width && y < self.y + self.height
    }
}

/// The minimap's place in `view` for a minimap of `layout` cells (width, height), as
/// Isaac's: fixed in the top-right corner a cell in from the edges, at most a fifth of
/// the view's width and a third of its height (a larger minimap shows the part around
/// the current room); `None` when the view has no room for 3 x 3 cells.
///
/// ```
/// use game_app::viewport::{CellBox, Viewport, minimap_box};
/// let view = Viewport { width: 80, height: 45 };
/// // Isaac's 13 x 13 grid: 25 x 25 cells, shown 16 x 15 at a time.
/// let shown = minimap_box(view, (25, 25)).unwrap();
/// assert_eq!(shown, CellBox { x: 63, y: 1, width: 16, height: 15 });
/// assert_eq!(minimap_box(view, (5, 3)).unwrap().width, 5);
/// assert_eq!(minimap_box(Viewport { width: 14, height: 8 }, (25, 25)), None);
/// ```
pub fn minimap_box(view: Viewport, layout: (i32, i32)) -> Option<CellBox> {
    let width = layout.0.min(view.width / 5);
    let height = layout.1.min((view.height / 3).max(3)).min(view.height - 2);
    (width >= 3 && height >= 3).then(|| CellBox {
        x: view.width - 1 - width,
        y: 1,
        width,
        height,
    })
}

/// The cells the minimap keeps to itself: its box, out to the view's top and right edges
/// and a cell beyond its left and bottom sides. The room camera keeps the room out of it.
pub fn minimap_reserve(minimap: CellBox, view: Viewport) -> CellBox {
    CellBox {
        x: minimap.x - 1,
        y: 0,
        width: view.width - (minimap.x - 1),
        height: minimap.y + minimap.height + 1,
    }
}

/// One axis: 0 when the map fits, else centred on `focus` and clamped to the map.
fn axis_origin(map_len: i32, view_len: i32, focus: i32) -> i32 {
    if map_len <= view_len {
        0
    } else {
        (focus - view_len / 2).clamp(0, map_len - view_len)
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
    fn a_map_that_fits_does_not_scroll() {
        for focus in [Point::new(0, 0), Point::new(79, 44), Point::new(40, 20)] {
            assert_eq!(VIEW.origin(80, 45, focus), Point::new(0, 0));
            assert_eq!(VIEW.origin(30, 20, focus), Point::new(0, 0));
        }
    }

    #[test]
    fn a_larger_map_centres_on_the_player_and_stops_at_its_edges() {
        assert_eq!(
            VIEW.origin(200, 100, Point::new(100, 50)),
            Point::new(60, 28)
        );
        assert_eq!(VIEW.origin(200, 100, Point::new(3, 2)), Point::new(0, 0));
        assert_eq!(
            VIEW.origin(200, 100, Point::new(199, 99)),
            Point::new(120, 55)
        );
        // Only the axis that overflows scrolls.
        assert_eq!(VIEW.origin(80, 100, Point::new(79, 60)), Point::new(0, 38));
    }

    #[test]
    fn the_player_is_always_in_view() {
        for (w, h) in [(80, 45), (81, 46), (200, 100), (1000, 7), (5, 1000)] {
            for x in (0..w).step_by(7).chain([w - 1]) {
                for y in (0..h).step_by(5).chain([h - 1]) {
                    let p = Point::new(x, y);
                    let origin = VIEW.origin(w, h, p);
                    assert!(
                        VIEW.to_screen(origin, p).is_some(),
                        "{p} on {w}x{h} with origin {origin}"
                    );
                }
            }
        }
    }

    #[test]
    fn to_screen_rejects_cells_outside_the_view() {
        let origin = Point::new(10, 10);
        assert_eq!(VIEW.to_screen(origin, Point::new(10, 10)), Some((0, 0)));
        assert_eq!(VIEW.to_screen(origin, Point::new(89, 54)), Some((79, 44)));
        assert_eq!(VIEW.to_screen(origin, Point::new(90, 10)), None);
        assert_eq!(VIEW.to_screen(origin, Point::new(9, 10)), None);
    }
}
