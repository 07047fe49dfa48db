//! Field of view. PLACEHOLDER API SKELETON: the FOV helper replaces the algorithm.

use crate::{Map, Point};

/// Anything that says whether a cell lets sight through. Cells outside `0..width` x
/// `0..height` are opaque whatever this returns.
pub trait Transparency {
    /// Width in cells.
    fn width(&self) -> i32;
    /// Height in cells.
    fn height(&self) -> i32;
    /// True when sight passes through `(x, y)`.
    fn is_transparent(&self, x: i32, y: i32) -> bool;
}

impl Transparency for Map {
    fn width(&self) -> i32 {
        Map::width(self)
    }
    fn height(&self) -> i32 {
        Map::height(self)
    }
    fn is_transparent(&self, x: i32, y: i32) -> bool {
        Map::is_transparent(self, x, y)
    }
}

/// Why a field of view could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FovError {
    /// The origin is not a cell of the map.
    #[error("point of view {origin} is outside the {width}x{height} map")]
    OriginOutOfBounds {
        /// The origin given.
        origin: Point,
        /// Map width.
        width: i32,
        /// Map height.
        height: i32,
    },
}

/// The visible cells of one computation, reusable across calls without allocating.
#[derive(Debug, Clone, Default)]
pub struct FieldOfView {
    width: i32,
    height: i32,
    visible: Vec<bool>,
}

impl FieldOfView {
    /// An empty result for a `width` x `height` map.
    pub fn new(width: i32, height: i32) -> FieldOfView {
        FieldOfView {
            width,
            height,
            visible: vec![false; (width.max(0) * height.max(0)) as usize],
        }
    }

    /// Computes what `origin` sees on `map`. `radius` 0 is unlimited.
    pub fn compute(
        &mut self,
        map: &impl Transparency,
        origin: Point,
        radius: u32,
        light_walls: bool,
    ) -> Result<(), FovError> {
        let (w, h) = (map.width(), map.height());
        if origin.x < 0 || origin.y < 0 || origin.x >= w || origin.y >= h {
            return Err(FovError::OriginOutOfBounds {
                origin,
                width: w,
                height: h,
            });
        }
        *self = FieldOfView::new(w, h);
        let r = i64::from(radius);
        for y in 0..h {
            for x in 0..w {
                let (dx, dy) = (i64::from(x - origin.x), i64::from(y - origin.y));
                let inside = radius == 0 || dx * dx + dy * dy < r * r;
                let lit = light_walls || map.is_transparent(x, y);
                self.visible[(y * w + x) as usize] = inside && lit;
            }
        }
        Ok(())
    }

    /// True when `(x, y)` was visible in the last computation; false outside the map.
    pub fn is_visible(&self, x: i32, y: i32) -> bool {
        x >= 0
            && y >= 0
            && x < self.width
            && y < self.height
            && self.visible[(y * self.width + x) as usize]
    }
}
