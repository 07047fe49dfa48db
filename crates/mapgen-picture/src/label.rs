//! Seeds written over a contact sheet's pictures, in the game's default font (its
//! CP437 sheet `terminal8x8`, one glyph per character), so a sheet says which seed made
//! which dungeon.

use tileset::Rgb;
use tileset::sheets::{BUILTIN, GRID};

use crate::PictureError;
use crate::canvas::{Canvas, PixelRect};

/// The font's name among the game's built-in fonts.
const FONT: &str = "terminal8x8";

/// A decoded font sheet: which pixels of each glyph are ink.
#[derive(Debug, Clone)]
pub struct LabelFont {
    glyph: (u32, u32),
    sheet_width: u32,
    ink: Vec<bool>,
}

impl LabelFont {
    /// The game's default font.
    ///
    /// # Errors
    /// [`PictureError::Font`] if the embedded sheet does not decode (a broken build).
    pub fn load() -> Result<LabelFont, PictureError> {
        let font_error = |problem: &dyn std::fmt::Display| {
            PictureError::Font(format!("the built-in font {FONT}: {problem}"))
        };
        let (_, bytes) = BUILTIN
            .iter()
            .find(|(name, _)| *name == FONT)
            .ok_or_else(|| font_error(&"not built in"))?;
        let mut decoder = png::Decoder::new(*bytes);
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info().map_err(|e| font_error(&e))?;
        let mut pixels = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut pixels).map_err(|e| font_error(&e))?;
        let channels = info.color_type.samples();
        let ink = pixels
            .chunks_exact(channels)
            .take(info.width as usize * info.height as usize)
            .map(|p| {
                let bright = p.iter().take(3).copied().max().unwrap_or(0) >= 128;
                let opaque = channels % 2 == 1 || p.last().is_some_and(|&a| a >= 128);
                bright && opaque
            })
            .collect();
        Ok(LabelFont {
            glyph: (info.width / GRID, info.height / GRID),
            sheet_width: info.width,
            ink,
        })
    }

    /// `text` as it is written in `width` pixels: whole if it fits, else as many of its
    /// first characters as fit before `..`, which says it was cut (two seeds that share
    /// their first digits must never read as one whole seed); nothing if not even that fits.
    ///
    /// ```
    /// use mapgen_picture::label::LabelFont;
    /// let font = LabelFont::load()?;
    /// assert_eq!(font.fitted("18446744073709551615", 80), "18446744..");
    /// assert_eq!(font.fitted("42", 80), "42");
    /// # Ok::<(), mapgen_picture::PictureError>(())
    /// ```
    pub fn fitted(&self, text: &str, width: u32) -> String {
        const CUT: &str = "..";
        let room = (width / self.glyph.0.max(1)) as usize;
        let length = text.chars().count();
        match room {
            _ if length <= room => text.to_string(),
            _ if room > CUT.len() => text
                .chars()
                .take(room - CUT.len())
                .chain(CUT.chars())
                .collect(),
            _ => String::new(),
        }
    }

    /// A glyph's width and height in pixels.
    pub fn glyph_size(&self) -> (u32, u32) {
        self.glyph
    }

    /// Writes `text` (ASCII) in `colour` with its top-left corner at `(x, y)`; nothing
    /// outside `clip` is drawn.
    pub fn write(
        &self,
        canvas: &mut Canvas,
        text: &str,
        (x, y): (u32, u32),
        clip: PixelRect,
        colour: Rgb,
    ) {
        let (w, h) = self.glyph;
        for (i, byte) in (0u32..).zip(text.bytes()) {
            let (col, row) = (u32::from(byte) % GRID, u32::from(byte) / GRID);
            let left = x.saturating_add(i.saturating_mul(w));
            for gy in 0..h {
                for gx in 0..w {
                    let sheet = (row * h + gy) as usize * self.sheet_width as usize
                        + (col * w + gx) as usize;
                    if self.ink.get(sheet).copied().unwrap_or(false) {
                        let dot = PixelRect {
                            x: left.saturating_add(gx),
                            y: y.saturating_add(gy),
                            width: 1,
                            height: 1,
                        };
                        canvas.fill(dot.clip(clip), colour);
                    }
                }
            }
        }
    }
}
