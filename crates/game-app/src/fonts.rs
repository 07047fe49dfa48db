//! The fonts a front end draws the cells in, as the app knows them: a name and a glyph
//! size each (the front end holds the images), the one in use, and how many cells a font
//! gets on the front end's surface, for `F` to switch to the next one that fits.

use std::fmt;

use tileset::sheets::GLYPH_SIZES;

use crate::scene::MIN_CONSOLE;

/// The size of one glyph in pixels: the font image's size divided by 16 each way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GlyphSize {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl fmt::Display for GlyphSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl GlyphSize {
    /// A cell's size on a surface drawn at `scale`: each side times `scale`, rounded,
    /// at least one pixel.
    pub fn scaled(self, scale: f32) -> (u32, u32) {
        let side = |v: u32| ((v as f32 * scale).round() as u32).max(1);
        (side(self.width), side(self.height))
    }
}

/// A font as the app knows it: shown in the panel, and sized for the surface.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FontFace {
    /// The built-in name, or the user's file name.
    pub name: String,
    /// The size of one glyph.
    pub glyph: GlyphSize,
}

/// The built-in fonts (`tileset`'s sheets, embedded in every front end), in `F`'s order,
/// each's glyph size read from its PNG header when compiling
/// ([`tileset::sheets::GLYPH_SIZES`]; the images themselves are not linked, so the web
/// page's module does without them). The native front end decodes each completely
/// before its window library sees it; a test there checks they agree.
///
/// ```
/// let names: Vec<String> = game_app::fonts::builtin_faces().into_iter().map(|f| f.name).collect();
/// assert_eq!(names, ["terminal8x8", "vga8x16", "bold12x24", "bold6x12"]);
/// ```
pub fn builtin_faces() -> Vec<FontFace> {
    GLYPH_SIZES
        .iter()
        .map(|&(name, (width, height))| FontFace {
            name: name.to_string(),
            glyph: GlyphSize { width, height },
        })
        .collect()
}

/// The fonts `F` cycles through, in order, and the one in use. A font's index here is
/// the index the front end draws it by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fonts {
    faces: Vec<FontFace>,
    active: usize,
}

impl Fonts {
    /// `faces` in cycling order, `active` in use (the first when out of range); `None`
    /// for no fonts at all.
    pub fn new(faces: Vec<FontFace>, active: usize) -> Option<Fonts> {
        if faces.is_empty() {
            return None;
        }
        let active = if active < faces.len() { active } else { 0 };
        Some(Fonts { faces, active })
    }

    /// Every font, in cycling order.
    pub fn faces(&self) -> &[FontFace] {
        &self.faces
    }

    /// The index of the font in use.
    pub fn active_index(&self) -> usize {
        self.active
    }

    /// The font in use.
    pub fn active(&self) -> &FontFace {
        &self.faces[self.active]
    }

    /// Switches to the next font, wrapping around, and returns its index.
    pub fn advance(&mut self) -> usize {
        self.active = (self.active + 1) % self.faces.len();
        self.active
    }
}

/// The front end's drawing surface: its size in pixels and a cell's size over the
/// glyph's. A native window keeps both for its life (bracket-lib 0.8.7 cannot resize);
/// other front ends may change the size ([`crate::app::App::resize`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Surface {
    /// Width and height in pixels.
    pub px: (u32, u32),
    /// A cell's size over the glyph's.
    pub scale: f32,
}

/// How many cells of `glyph` times `scale` fill a surface of `px` pixels: every font
/// shows at its own size and the map view scrolls. Never below [`MIN_CONSOLE`];
/// [`font_fits`] says whether the font needs more.
pub fn console_cells(px: (u32, u32), glyph: GlyphSize, scale: f32) -> (i32, i32) {
    let (cell_w, cell_h) = glyph.scaled(scale);
    let fit = |px: u32, cell: u32, min: i32| i32::try_from(px / cell).unwrap_or(i32::MAX).max(min);
    (
        fit(px.0, cell_w, MIN_CONSOLE.0),
        fit(px.1, cell_h, MIN_CONSOLE.1),
    )
}

/// True when [`MIN_CONSOLE`] cells of `glyph` times `scale` fit in `px` pixels: `F`
/// skips a font that does not (one of 128-pixel glyphs in a small window, say), since
/// the console would be cut off.
pub fn font_fits(px: (u32, u32), glyph: GlyphSize, scale: f32) -> bool {
    let (cell_w, cell_h) = glyph.scaled(scale);
    let fit = |px: u32, cell: u32| i64::from(px / cell);
    fit(px.0, cell_w) >= i64::from(MIN_CONSOLE.0) && fit(px.1, cell_h) >= i64::from(MIN_CONSOLE.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glyph(width: u32, height: u32) -> GlyphSize {
        GlyphSize { width, height }
    }

    #[test]
    fn scaling_a_glyph_rounds_and_never_reaches_zero() {
        assert_eq!(glyph(8, 16).scaled(1.0), (8, 16));
        assert_eq!(glyph(8, 16).scaled(2.0), (16, 32));
        assert_eq!(glyph(8, 16).scaled(1.5), (12, 24));
        assert_eq!(glyph(8, 16).scaled(0.01), (1, 1));
    }

    #[test]
    fn a_console_fills_the_surface_with_the_fonts_own_cells() {
        assert_eq!(console_cells((640, 400), glyph(8, 8), 1.0), (80, 50));
        assert_eq!(console_cells((640, 400), glyph(8, 16), 1.0), (80, 25));
        assert_eq!(console_cells((640, 400), glyph(6, 12), 1.0), (106, 33));
        assert_eq!(console_cells((1280, 800), glyph(8, 16), 2.0), (80, 25));
        // Never smaller than the panel needs.
        assert_eq!(console_cells((100, 50), glyph(12, 24), 2.0), MIN_CONSOLE);
    }

    #[test]
    fn a_font_too_large_for_the_surface_does_not_fit() {
        assert!(font_fits((1280, 880), glyph(8, 8), 2.0));
        assert!(font_fits((1280, 880), glyph(12, 24), 2.0));
        assert!(!font_fits((1280, 880), glyph(128, 128), 2.0), "5x3 cells");
        assert!(font_fits((1280, 880), glyph(64, 64), 1.0));
        assert!(!font_fits((640, 440), glyph(64, 64), 1.0));
        assert!(!font_fits((0, 0), glyph(1, 1), 1.0));
    }

    #[test]
    fn the_builtin_fonts_have_the_sizes_their_names_say() {
        let faces = builtin_faces();
        assert_eq!(faces.len(), tileset::sheets::BUILTIN.len());
        for face in &faces {
            assert!(face.name.ends_with(&face.glyph.to_string()), "{face:?}");
        }
    }

    #[test]
    fn fonts_cycle_and_start_where_asked() {
        let face = |name: &str| FontFace {
            name: name.to_string(),
            glyph: glyph(8, 8),
        };
        assert_eq!(Fonts::new(Vec::new(), 0), None);
        let mut fonts = Fonts::new(vec![face("a"), face("b")], 1).unwrap();
        assert_eq!(fonts.active().name, "b");
        assert_eq!(fonts.advance(), 0);
        assert_eq!(Fonts::new(vec![face("a")], 7).unwrap().active_index(), 0);
    }
}
