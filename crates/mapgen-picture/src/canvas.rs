//! A picture being drawn: RGB pixels, row by row from the top.

use tileset::{Rgb, colors};

use crate::PictureError;

/// The most pixels a picture may have: 2^24 = 16,777,216 (4096 x 4096). A pixel takes
/// three bytes while it is drawn, so this bounds a picture's memory to 48 MiB.
pub const MAX_PIXELS: u64 = 1 << 24;

/// A rectangle of pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PixelRect {
    /// Left column.
    pub x: u32,
    /// Top row.
    pub y: u32,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
}

impl PixelRect {
    /// The part of `self` inside `other`; empty when they do not meet.
    #[must_use]
    pub fn clip(self, other: PixelRect) -> PixelRect {
        let x = self.x.max(other.x);
        let y = self.y.max(other.y);
        let right = self.right().min(other.right());
        let bottom = self.bottom().min(other.bottom());
        PixelRect {
            x,
            y,
            width: u32::try_from(right.saturating_sub(u64::from(x))).unwrap_or(0),
            height: u32::try_from(bottom.saturating_sub(u64::from(y))).unwrap_or(0),
        }
    }

    fn right(self) -> u64 {
        u64::from(self.x) + u64::from(self.width)
    }

    fn bottom(self) -> u64 {
        u64::from(self.y) + u64::from(self.height)
    }
}

/// A picture being drawn: `width` x `height` pixels, black to begin with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<[u8; 3]>,
}

impl Canvas {
    /// A black canvas. Its size is checked before anything is allocated.
    ///
    /// # Errors
    /// [`PictureError::TooLarge`] above [`MAX_PIXELS`].
    ///
    /// ```
    /// use mapgen_picture::{Canvas, PictureError};
    /// let canvas = Canvas::new(3, 2)?;
    /// assert_eq!(canvas.rgb(2, 1), Some((0, 0, 0)));
    /// assert!(matches!(Canvas::new(10_000, 10_000), Err(PictureError::TooLarge { .. })));
    /// # Ok::<(), PictureError>(())
    /// ```
    pub fn new(width: u32, height: u32) -> Result<Canvas, PictureError> {
        let pixels = check_size(u64::from(width), u64::from(height))?;
        let (r, g, b) = colors::BLACK;
        Ok(Canvas {
            width,
            height,
            pixels: vec![[r, g, b]; pixels],
        })
    }

    /// [`Canvas::new`] for sides computed in `u64`: [`PictureError::TooLarge`], naming
    /// them, when they are over [`MAX_PIXELS`] or do not fit a `u32`.
    ///
    /// ```
    /// use mapgen_picture::{Canvas, PictureError};
    /// assert_eq!(Canvas::of_size(4, 2)?.width(), 4);
    /// assert!(matches!(Canvas::of_size(1 << 40, 1), Err(PictureError::TooLarge { .. })));
    /// # Ok::<(), PictureError>(())
    /// ```
    ///
    /// # Errors
    /// [`PictureError::TooLarge`] past [`MAX_PIXELS`] or sides beyond `u32`.
    pub fn of_size(width: u64, height: u64) -> Result<Canvas, PictureError> {
        let too_large = || PictureError::TooLarge { width, height };
        Canvas::new(
            u32::try_from(width).map_err(|_| too_large())?,
            u32::try_from(height).map_err(|_| too_large())?,
        )
    }

    /// Columns of pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows of pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The colour at `(x, y)`; `None` outside.
    pub fn rgb(&self, x: u32, y: u32) -> Option<Rgb> {
        let i = (x < self.width && y < self.height)
            .then(|| y as usize * self.width as usize + x as usize)?;
        self.pixels.get(i).map(|&[r, g, b]| (r, g, b))
    }

    /// The whole canvas as a rectangle.
    pub fn bounds(&self) -> PixelRect {
        PixelRect {
            x: 0,
            y: 0,
            width: self.width,
            height: self.height,
        }
    }

    /// Paints the part of `rect` that lies on the canvas.
    pub fn fill(&mut self, rect: PixelRect, (r, g, b): Rgb) {
        let rect = rect.clip(self.bounds());
        let width = self.width as usize;
        for y in rect.y..rect.y + rect.height {
            let start = y as usize * width + rect.x as usize;
            if let Some(row) = self.pixels.get_mut(start..start + rect.width as usize) {
                row.fill([r, g, b]);
            }
        }
    }

    /// Outlines `rect` one pixel wide in `colour`, inside its edge, clipped to `clip`.
    pub fn outline(&mut self, rect: PixelRect, clip: PixelRect, colour: Rgb) {
        let (w, h) = (rect.width, rect.height);
        let edges = [
            PixelRect {
                height: h.min(1),
                ..rect
            },
            PixelRect {
                y: rect.y.saturating_add(h.saturating_sub(1)),
                height: h.min(1),
                ..rect
            },
            PixelRect {
                width: w.min(1),
                ..rect
            },
            PixelRect {
                x: rect.x.saturating_add(w.saturating_sub(1)),
                width: w.min(1),
                ..rect
            },
        ];
        for edge in edges {
            self.fill(edge.clip(clip), colour);
        }
    }

    /// The pixels as RGB bytes, row by row from the top: what a PNG of 8-bit RGB holds.
    pub fn rgb_bytes(&self) -> &[u8] {
        self.pixels.as_flattened()
    }
}

/// The pixel count of a `width` x `height` picture if it is allowed: for refusing a
/// picture before the work of drawing it.
///
/// ```
/// use mapgen_picture::{PictureError, canvas::check_size};
/// assert_eq!(check_size(4, 2)?, 8);
/// assert!(matches!(check_size(5000, 5000), Err(PictureError::TooLarge { .. })));
/// # Ok::<(), PictureError>(())
/// ```
///
/// # Errors
/// [`PictureError::TooLarge`] past [`MAX_PIXELS`].
pub fn check_size(width: u64, height: u64) -> Result<usize, PictureError> {
    let pixels = width.saturating_mul(height);
    if pixels > MAX_PIXELS {
        return Err(PictureError::TooLarge { width, height });
    }
    usize::try_from(pixels).map_err(|_| PictureError::TooLarge { width, height })
}

#[cfg(test)]
mod tests {
    use super::*;

    const WALL: Rgb = colors::LIGHT_WALL;
    const RED: Rgb = (255, 0, 0);

    fn rect(x: u32, y: u32, width: u32, height: u32) -> PixelRect {
        PixelRect {
            x,
            y,
            width,
            height,
        }
    }

    fn rows(canvas: &Canvas) -> Vec<String> {
        (0..canvas.height())
            .map(|y| {
                (0..canvas.width())
                    .map(|x| match canvas.rgb(x, y) {
                        Some(colors::BLACK) => '.',
                        Some(WALL) => '#',
                        Some(_) => 'o',
                        None => '?',
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn fill_paints_only_what_is_on_the_canvas() {
        let mut canvas = Canvas::new(4, 3).unwrap();
        canvas.fill(rect(2, 1, 10, 10), WALL);
        canvas.fill(rect(u32::MAX, 0, u32::MAX, 1), RED);
        assert_eq!(rows(&canvas), ["....", "..##", "..##"]);
    }

    #[test]
    fn outline_is_one_pixel_inside_the_edge_and_clipped() {
        let mut canvas = Canvas::new(5, 4).unwrap();
        canvas.outline(rect(0, 0, 4, 4), rect(0, 0, 5, 3), WALL);
        assert_eq!(rows(&canvas), ["####.", "#..#.", "#..#.", "....."]);
        // A rectangle of one pixel, or of none, is safe.
        canvas.outline(rect(4, 3, 1, 1), canvas.bounds(), RED);
        canvas.outline(rect(4, 3, 0, 0), canvas.bounds(), WALL);
        assert_eq!(canvas.rgb(4, 3), Some(RED));
    }

    #[test]
    fn the_size_is_checked_before_allocating() {
        assert!(Canvas::new(4096, 4096).is_ok_and(|c| c.rgb_bytes().len() == 3 << 24));
        for (w, h) in [(4097, 4096), (u32::MAX, u32::MAX), (1 << 25, 1)] {
            let err = Canvas::new(w, h).unwrap_err();
            assert_eq!(
                err,
                PictureError::TooLarge {
                    width: w.into(),
                    height: h.into()
                }
            );
        }
        assert_eq!(Canvas::new(0, 5).unwrap().rgb_bytes().len(), 0);
    }

    #[test]
    fn reads_outside_are_none() {
        let canvas = Canvas::new(2, 2).unwrap();
        assert_eq!(canvas.rgb(2, 0), None);
        assert_eq!(canvas.rgb(0, 2), None);
        assert_eq!(canvas.rgb(1, 1), Some(colors::BLACK));
    }
}
