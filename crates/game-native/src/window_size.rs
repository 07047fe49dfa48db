//! How large the window opens, and how many cells a font gets in it.
//!
//! Without `--scale` the window takes about two thirds of the screen: the game's console
//! ([`CONSOLE_SIZE`]) in cells of a whole multiple of the glyph size, so pixel fonts stay
//! crisp. On a screen too small for even one glyph per pixel, the console loses cells
//! instead (the map view scrolls), down to [`MIN_CONSOLE`]. `--scale` wins, but no window
//! may be larger than [`MAX_WINDOW_SIDE`] a side: bracket-lib draws each frame into a
//! texture of the window's size, and past what the driver allows it fails inside
//! `build()` (`[GL] Error: INVALID_ENUM`, exit 101); just below, a window takes half a
//! minute and gigabytes to start.

use game_app::fonts::{FontFace, GlyphSize};
use game_app::scene::{CONSOLE_SIZE, MIN_CONSOLE};

/// The largest window side, in pixels: within what every OpenGL 3.3 driver in use draws
/// (llvmpipe's limit is 16384), and larger than any screen (an 8K screen is 7680 wide).
pub const MAX_WINDOW_SIDE: u32 = 8192;

/// The screen assumed when its size cannot be found (no X server to ask, say): the
/// smallest common laptop screen, so the window fits wherever it opens.
pub const FALLBACK_SCREEN: (u32, u32) = (1366, 768);

/// The share of the screen the window aims at: two thirds of each side.
const TARGET: (u64, u64) = (2, 3);

/// The most of the screen the window may take: nine tenths of each side, leaving room
/// for the window's frame and the desktop's panels.
const FIT: (u64, u64) = (9, 10);

/// The window the game opens: the console's size in cells and a cell's size in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WindowPlan {
    /// The console, in cells.
    pub cells: (i32, i32),
    /// One cell, in pixels.
    pub cell: (u32, u32),
    /// A cell's size over the glyph's: the scale other fonts are shown at after `F`.
    pub scale: f32,
}

impl WindowPlan {
    /// The window's size in pixels.
    pub fn window_px(&self) -> (u32, u32) {
        let side = |cells: i32, cell: u32| u32::try_from(cells).unwrap_or(0).saturating_mul(cell);
        (
            side(self.cells.0, self.cell.0),
            side(self.cells.1, self.cell.1),
        )
    }
}

/// Why the window cannot open.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum WindowError {
    /// The font and `--scale` ask for a window larger than can be drawn.
    #[error(
        "--scale {scale} with font {font} ({glyph} glyphs) asks for a window of {width}x{height} \
         pixels; at most {max}x{max} can be drawn, so --scale {largest} or less",
        max = MAX_WINDOW_SIDE
    )]
    TooLarge {
        /// The scale asked for.
        scale: f32,
        /// The font's name.
        font: String,
        /// Its glyph size.
        glyph: GlyphSize,
        /// The window's width in pixels.
        width: u64,
        /// The window's height in pixels.
        height: u64,
        /// The largest scale that fits, to two decimals.
        largest: f32,
    },
}

/// The window for `font` on a screen of `screen` pixels (`None` when unknown: then
/// [`FALLBACK_SCREEN`]), at `scale` if given.
///
/// # Errors
/// [`WindowError::TooLarge`] when `scale` makes a side larger than [`MAX_WINDOW_SIDE`].
pub fn plan_window(
    screen: Option<(u32, u32)>,
    font: &FontFace,
    scale: Option<f32>,
) -> Result<WindowPlan, WindowError> {
    let glyph = font.glyph;
    let plan = match scale {
        Some(scale) => WindowPlan {
            cells: CONSOLE_SIZE,
            cell: glyph.scaled(scale),
            scale,
        },
        None => fit_screen(screen.unwrap_or(FALLBACK_SCREEN), glyph),
    };
    let (width, height) = (
        u64::from(plan.cell.0) * plan.cells.0.max(0) as u64,
        u64::from(plan.cell.1) * plan.cells.1.max(0) as u64,
    );
    let max = u64::from(MAX_WINDOW_SIDE);
    if width > max || height > max {
        let per_unit = |cells: i32, glyph: u32| f64::from(cells) * f64::from(glyph);
        let largest = (max as f64 / per_unit(plan.cells.0, glyph.width))
            .min(max as f64 / per_unit(plan.cells.1, glyph.height));
        return Err(WindowError::TooLarge {
            scale: plan.scale,
            font: cli_common::quote::short(&font.name),
            glyph,
            width,
            height,
            largest: ((largest * 100.0).floor() / 100.0) as f32,
        });
    }
    Ok(plan)
}

/// About two thirds of `screen` in whole multiples of the glyph; the largest that fits
/// on a small screen.
fn fit_screen(screen: (u32, u32), glyph: GlyphSize) -> WindowPlan {
    let max = u64::from(MAX_WINDOW_SIDE);
    let usable = |side: u32| (u64::from(side) * FIT.0 / FIT.1).min(max);
    let usable = (usable(screen.0), usable(screen.1));
    let glyph_px = (
        u64::from(glyph.width.max(1)),
        u64::from(glyph.height.max(1)),
    );
    let base = (
        CONSOLE_SIZE.0 as u64 * glyph_px.0,
        CONSOLE_SIZE.1 as u64 * glyph_px.1,
    );
    let fits = |k: u64| base.0 * k <= usable.0 && base.1 * k <= usable.1;
    // round(side * 2/3 / base) on each axis, the smaller of the two.
    let rounded = |side: u32, base: u64| {
        (2 * TARGET.0 * u64::from(side) + TARGET.1 * base) / (2 * TARGET.1 * base)
    };
    let mut k = rounded(screen.0, base.0)
        .min(rounded(screen.1, base.1))
        .max(1);
    while k > 1 && !fits(k) {
        k -= 1;
    }
    let whole = |k: u64| u32::try_from(k).unwrap_or(u32::MAX);
    if fits(k) {
        return WindowPlan {
            cells: CONSOLE_SIZE,
            cell: (glyph.width * whole(k), glyph.height * whole(k)),
            scale: k as f32,
        };
    }
    // Not even one pixel per glyph pixel: fewer cells.
    let cells = |usable: u64, glyph: u64, min: i32, most: i32| {
        i32::try_from(usable / glyph)
            .unwrap_or(most)
            .min(most)
            .max(min)
    };
    let cells = (
        cells(usable.0, glyph_px.0, MIN_CONSOLE.0, CONSOLE_SIZE.0),
        cells(usable.1, glyph_px.1, MIN_CONSOLE.1, CONSOLE_SIZE.1),
    );
    let needed = (cells.0 as u64 * glyph_px.0, cells.1 as u64 * glyph_px.1);
    if needed.0 <= usable.0 && needed.1 <= usable.1 {
        return WindowPlan {
            cells,
            cell: (glyph.width, glyph.height),
            scale: 1.0,
        };
    }
    // A screen too small for the smallest console at one pixel per glyph pixel: shrink.
    let scale = (usable.0 as f64 / needed.0 as f64).min(usable.1 as f64 / needed.1 as f64);
    let shrink = |side: u32| ((f64::from(side) * scale).floor() as u32).max(1);
    WindowPlan {
        cells,
        cell: (shrink(glyph.width), shrink(glyph.height)),
        scale: scale as f32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_app::fonts::builtin_faces;

    fn font(width: u32, height: u32) -> FontFace {
        FontFace {
            name: format!("test{width}x{height}"),
            glyph: GlyphSize { width, height },
        }
    }

    fn window(screen: (u32, u32), font: &FontFace) -> (u32, u32) {
        plan_window(Some(screen), font, None).unwrap().window_px()
    }

    #[test]
    fn a_full_hd_screen_gets_about_two_thirds_in_whole_glyphs() {
        // 1920x1080 opened 640x400 before: 12 % of the screen, 8x8 text.
        let terminal = &builtin_faces()[0];
        let plan = plan_window(Some((1920, 1080)), terminal, None).unwrap();
        assert_eq!(plan.cells, CONSOLE_SIZE);
        assert_eq!(plan.cell, (16, 16), "twice the glyph");
        assert_eq!(plan.window_px(), (1280, 880));
        assert_eq!(plan.scale, 2.0);
        // Xvfb's 1600x1200, as in the end-to-end script.
        assert_eq!(window((1600, 1200), terminal), (1280, 880));
        // A 4K screen: three times the glyph.
        assert_eq!(window((3840, 2160), terminal), (1920, 1320));
        let vga = &builtin_faces()[1];
        assert_eq!(window((1920, 1080), vga), (640, 880), "8x16: once");
    }

    #[test]
    fn every_side_is_a_whole_multiple_of_the_glyph_and_fits_the_screen() {
        let fonts = builtin_faces();
        for font in fonts
            .iter()
            .chain([&font(1, 1), &font(128, 128), &font(5, 9)])
        {
            for screen in [
                (3840, 2160),
                (2560, 1440),
                (1920, 1080),
                (1600, 1200),
                (1366, 768),
                (1024, 768),
                (800, 600),
                (640, 480),
                (320, 200),
            ] {
                let plan = plan_window(Some(screen), font, None).unwrap();
                let (w, h) = plan.window_px();
                assert!(
                    w <= screen.0 * 9 / 10 && h <= screen.1 * 9 / 10,
                    "{screen:?} {font:?}: {w}x{h}"
                );
                assert!(plan.cells.0 >= MIN_CONSOLE.0 && plan.cells.1 >= MIN_CONSOLE.1);
                if plan.scale >= 1.0 {
                    assert_eq!(plan.cell.0 % font.glyph.width, 0, "{screen:?} {font:?}");
                    assert_eq!(
                        plan.cell.0 / font.glyph.width,
                        plan.cell.1 / font.glyph.height
                    );
                }
            }
        }
    }

    #[test]
    fn a_small_screen_gets_the_largest_window_that_fits() {
        let terminal = &builtin_faces()[0];
        assert_eq!(window((1366, 768), terminal), (640, 440));
        assert_eq!(window((800, 600), terminal), (640, 440));
        // 640x440 does not fit in nine tenths of 640x480: fewer cells, whole glyphs.
        let plan = plan_window(Some((640, 480)), terminal, None).unwrap();
        assert_eq!((plan.cells, plan.cell), ((72, 54), (8, 8)));
        // Too small even for the smallest console at one pixel per glyph pixel.
        let plan = plan_window(Some((100, 60)), terminal, None).unwrap();
        assert_eq!(plan.cells, MIN_CONSOLE);
        assert!(plan.scale < 1.0);
        let (w, h) = plan.window_px();
        assert!(w <= 90 && h <= 54, "{w}x{h}");
    }

    #[test]
    fn an_unknown_screen_is_taken_for_a_small_laptop() {
        let terminal = &builtin_faces()[0];
        let plan = plan_window(None, terminal, None).unwrap();
        assert_eq!(
            plan,
            plan_window(Some(FALLBACK_SCREEN), terminal, None).unwrap()
        );
    }

    #[test]
    fn scale_wins() {
        let terminal = &builtin_faces()[0];
        for screen in [Some((640, 480)), Some((3840, 2160)), None] {
            let plan = plan_window(screen, terminal, Some(1.0)).unwrap();
            assert_eq!(plan.window_px(), (640, 440));
            let plan = plan_window(screen, terminal, Some(3.0)).unwrap();
            assert_eq!((plan.window_px(), plan.scale), ((1920, 1320), 3.0));
        }
    }

    /// A valid font and scale asked for a window over 16384 pixels: bracket-lib exited
    /// 101 with `[GL] Error: INVALID_ENUM`.
    #[test]
    fn a_window_larger_than_can_be_drawn_is_refused_with_the_scale_that_fits() {
        let big = font(64, 64);
        let err = plan_window(Some((1920, 1080)), &big, Some(3.3)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--scale 3.3 with font test64x64 (64x64 glyphs) asks for a window of 16880x11605 \
             pixels; at most 8192x8192 can be drawn, so --scale 1.6 or less"
        );
        assert!(plan_window(None, &big, Some(1.6)).is_ok());
        let largest = font(128, 128);
        assert!(plan_window(None, &largest, Some(1.6)).is_err());
        let plan = plan_window(None, &largest, Some(0.8)).unwrap();
        assert!(plan.window_px().0 <= MAX_WINDOW_SIDE && plan.window_px().1 <= MAX_WINDOW_SIDE);
        // Without --scale even the largest glyphs on a huge screen stay drawable.
        let plan = plan_window(Some((30_000, 30_000)), &largest, None).unwrap();
        let (w, h) = plan.window_px();
        assert!(w <= MAX_WINDOW_SIDE && h <= MAX_WINDOW_SIDE, "{w}x{h}");
    }
}
