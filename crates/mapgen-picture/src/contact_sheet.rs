//! A contact sheet: several dungeons' pictures in a grid, row by row, with a black gap
//! around and between them, as a photographer's sheet shows a roll of film, each seed
//! written over its picture.

use mapgen::Dungeon;
use tileset::colors;

use crate::PictureError;
use crate::canvas::Canvas;
use crate::canvas::PixelRect;
use crate::dungeon_picture::{TileSize, draw_dungeon_at, map_picture_size};
use crate::label::LabelFont;

/// Pixels above each picture for its seed: the 8-pixel font and 2 below it.
pub const LABEL_HEIGHT: u32 = 10;

/// How a contact sheet is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ContactSheet {
    /// Pictures per row (fewer when there are fewer pictures); at least 1.
    pub columns: u32,
    /// Pixels per tile.
    pub tile: TileSize,
    /// Black pixels around and between the pictures.
    pub gap: u32,
    /// Whether each picture has its seed written above it, in [`LABEL_HEIGHT`] pixels.
    pub labels: bool,
}

impl ContactSheet {
    /// `columns` a row, tiles of `tile` pixels, a gap of two tiles, seeds written.
    pub fn new(columns: u32, tile: TileSize) -> ContactSheet {
        ContactSheet {
            columns,
            tile,
            gap: 2 * tile.get(),
            labels: true,
        }
    }

    /// The pixels above a picture for its label: [`LABEL_HEIGHT`] or none.
    pub fn label_height(self) -> u32 {
        if self.labels { LABEL_HEIGHT } else { 0 }
    }

    /// The columns and rows of pictures `count` pictures fill.
    ///
    /// # Errors
    /// [`PictureError::EmptySheet`] for no pictures or no columns.
    pub fn grid(self, count: usize) -> Result<(u64, u64), PictureError> {
        if count == 0 {
            return Err(PictureError::EmptySheet { what: "0 dungeons" });
        }
        if self.columns == 0 {
            return Err(PictureError::EmptySheet { what: "0 columns" });
        }
        let count = count as u64;
        let columns = u64::from(self.columns).min(count);
        Ok((columns, count.div_ceil(columns)))
    }

    /// The sheet's size in pixels for `count` pictures of `cell` pixels each (labels
    /// not counted), allowed or not: ask before making the dungeons.
    ///
    /// # Errors
    /// [`PictureError::EmptySheet`] for no pictures or no columns.
    ///
    /// ```
    /// use mapgen_picture::{ContactSheet, TileSize};
    /// let sheet = ContactSheet::new(3, TileSize::new(1)?);
    /// // Two rows of three 80 x 45 pictures, 2 pixels apart and around, with a label
    /// // of 10 pixels above each.
    /// assert_eq!(sheet.size((80, 45), 5)?, (4 * 2 + 3 * 80, 3 * 2 + 2 * (10 + 45)));
    /// # Ok::<(), mapgen_picture::PictureError>(())
    /// ```
    pub fn size(self, cell: (u64, u64), count: usize) -> Result<(u64, u64), PictureError> {
        let (columns, rows) = self.grid(count)?;
        let gap = u64::from(self.gap);
        let cell = (
            cell.0,
            cell.1.saturating_add(u64::from(self.label_height())),
        );
        let side = |n: u64, cell: u64| {
            n.saturating_mul(cell)
                .saturating_add((n + 1).saturating_mul(gap))
        };
        Ok((side(columns, cell.0), side(rows, cell.1)))
    }
}

/// The contact sheet of `dungeons`, each with its seed, in order, row by row. Every
/// picture takes a cell the size of the largest; a smaller one sits in its top-left
/// corner. A seed is written in white above its picture, cut at the picture's width.
///
/// # Errors
/// [`PictureError::EmptySheet`] for no dungeons or no columns;
/// [`PictureError::TooLarge`] above [`MAX_PIXELS`](crate::MAX_PIXELS), before anything
/// is allocated.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::rooms::RoomsSettings;
/// use mapgen_picture::{ContactSheet, TileSize, draw_contact_sheet};
/// let dungeons = (0..5)
///     .map(|seed| Ok((seed, RoomsSettings::default().generate(seed)?)))
///     .collect::<Result<Vec<_>, mapgen::GenerateError>>()?;
/// let sheet = draw_contact_sheet(&dungeons, ContactSheet::new(3, TileSize::new(1)?))?;
/// assert_eq!((sheet.width(), sheet.height()), (248, 116));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn draw_contact_sheet(
    dungeons: &[(u64, Dungeon)],
    layout: ContactSheet,
) -> Result<Canvas, PictureError> {
    let cell = dungeons
        .iter()
        .map(|(_, d)| map_picture_size(&d.map, layout.tile))
        .fold((0, 0), |(w, h), (dw, dh)| (w.max(dw), h.max(dh)));
    let (columns, _) = layout.grid(dungeons.len())?;
    let (width, height) = layout.size(cell, dungeons.len())?;
    let mut canvas = Canvas::of_size(width, height)?;
    let font = if layout.labels {
        Some(LabelFont::load()?)
    } else {
        None
    };
    // Every offset below is inside the checked width and height, so fits a u32.
    let gap = u64::from(layout.gap);
    let label = layout.label_height();
    let cell_height = cell.1 + u64::from(label);
    let offset = |n: u64, cell: u64| u32::try_from(gap + n * (cell + gap)).unwrap_or(u32::MAX);
    for (i, (seed, dungeon)) in (0u64..).zip(dungeons) {
        let (x, y) = (
            offset(i % columns, cell.0),
            offset(i / columns, cell_height),
        );
        draw_dungeon_at(
            &mut canvas,
            (x, y.saturating_add(label)),
            dungeon,
            layout.tile,
        );
        if let Some(font) = &font {
            let band = PixelRect {
                x,
                y,
                width: u32::try_from(cell.0).unwrap_or(u32::MAX),
                height: label,
            };
            let text = font.fitted(&seed.to_string(), band.width);
            font.write(&mut canvas, &text, (x, y), band, colors::WHITE);
        }
    }
    Ok(canvas)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::Generator;
    use mapgen::generators::rooms::RoomsSettings;

    /// Seeds of 20 digits over 80-pixel pictures (10 glyphs): the label was cut to its
    /// first 10 digits, so two seeds read as the same whole seed; now it says it is cut.
    #[test]
    fn a_label_too_long_for_its_picture_is_marked_cut() {
        let dungeon = Generator::from(RoomsSettings::default())
            .generate(1)
            .unwrap();
        let layout = ContactSheet::new(1, TileSize::new(1).unwrap());
        let sheet = draw_contact_sheet(&[(u64::MAX, dungeon)], layout).unwrap();
        let font = LabelFont::load().unwrap();
        let band = PixelRect {
            x: layout.gap,
            y: layout.gap,
            width: 80,
            height: LABEL_HEIGHT,
        };
        let mut expected = Canvas::new(sheet.width(), sheet.height()).unwrap();
        let text = font.fitted(&u64::MAX.to_string(), band.width);
        assert_eq!(text, "18446744..");
        font.write(&mut expected, &text, (band.x, band.y), band, colors::WHITE);
        for y in band.y..band.y + band.height {
            for x in 0..sheet.width() {
                assert_eq!(sheet.rgb(x, y), expected.rgb(x, y), "pixel {x},{y}");
            }
        }
    }

    #[test]
    fn labels_that_fit_are_whole_and_cut_ones_say_so() {
        let font = LabelFont::load().unwrap();
        let glyph = font.glyph_size().0;
        assert_eq!(font.fitted("1234", 4 * glyph), "1234");
        assert_eq!(font.fitted("12345", 4 * glyph), "12..");
        assert_eq!(font.fitted("12345", 4 * glyph + glyph - 1), "12..");
        assert_eq!(font.fitted("12345", 2 * glyph), "");
        assert_eq!(font.fitted("1", 0), "");
    }
}
