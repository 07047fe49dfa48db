//! A contact sheet: several dungeons' pictures in a grid, row by row, with a black gap
//! around and between them, as a photographer's sheet shows a roll of film.

use mapgen::Dungeon;

use crate::PictureError;
use crate::canvas::{Canvas, check_size};
use crate::dungeon_picture::{TileSize, draw_dungeon_at, map_picture_size};

/// How a contact sheet is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ContactSheet {
    /// Pictures per row (fewer when there are fewer pictures); at least 1.
    pub columns: u32,
    /// Pixels per tile.
    pub tile: TileSize,
    /// Black pixels around and between the pictures.
    pub gap: u32,
}

impl ContactSheet {
    /// `columns` a row, tiles of `tile` pixels and a gap of two tiles.
    pub fn new(columns: u32, tile: TileSize) -> ContactSheet {
        ContactSheet {
            columns,
            tile,
            gap: 2 * tile.get(),
        }
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

    /// The sheet's size in pixels for `count` pictures of `cell` pixels each, allowed or
    /// not: ask before making the dungeons.
    ///
    /// # Errors
    /// [`PictureError::EmptySheet`] for no pictures or no columns.
    ///
    /// ```
    /// use mapgen_picture::{ContactSheet, TileSize};
    /// let sheet = ContactSheet::new(3, TileSize::new(1)?);
    /// // Two rows of three 80 x 45 pictures, 2 pixels apart and around.
    /// assert_eq!(sheet.size((80, 45), 5)?, (4 * 2 + 3 * 80, 3 * 2 + 2 * 45));
    /// # Ok::<(), mapgen_picture::PictureError>(())
    /// ```
    pub fn size(self, cell: (u64, u64), count: usize) -> Result<(u64, u64), PictureError> {
        let (columns, rows) = self.grid(count)?;
        let gap = u64::from(self.gap);
        let side = |n: u64, cell: u64| {
            n.saturating_mul(cell)
                .saturating_add((n + 1).saturating_mul(gap))
        };
        Ok((side(columns, cell.0), side(rows, cell.1)))
    }
}

/// The contact sheet of `dungeons`, in order, row by row. Every picture takes a cell the
/// size of the largest; a smaller one sits in its top-left corner.
///
/// # Errors
/// [`PictureError::EmptySheet`] for no dungeons or no columns;
/// [`PictureError::TooLarge`] above [`MAX_PIXELS`](crate::MAX_PIXELS), before anything
/// is allocated.
///
/// ```
/// use mapgen::{Generate, RoomsSettings};
/// use mapgen_picture::{ContactSheet, TileSize, draw_contact_sheet};
/// let dungeons = (0..5)
///     .map(|seed| RoomsSettings::default().generate(seed))
///     .collect::<Result<Vec<_>, _>>()?;
/// let sheet = draw_contact_sheet(&dungeons, ContactSheet::new(3, TileSize::new(1)?))?;
/// assert_eq!((sheet.width(), sheet.height()), (248, 96));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn draw_contact_sheet(
    dungeons: &[Dungeon],
    layout: ContactSheet,
) -> Result<Canvas, PictureError> {
    let cell = dungeons
        .iter()
        .map(|d| map_picture_size(&d.map, layout.tile))
        .fold((0, 0), |(w, h), (dw, dh)| (w.max(dw), h.max(dh)));
    let (columns, _) = layout.grid(dungeons.len())?;
    let (width, height) = layout.size(cell, dungeons.len())?;
    check_size(width, height)?;
    let too_large = || PictureError::TooLarge { width, height };
    let mut canvas = Canvas::new(
        u32::try_from(width).map_err(|_| too_large())?,
        u32::try_from(height).map_err(|_| too_large())?,
    )?;
    // Every offset below is inside the checked width and height, so fits a u32.
    let gap = u64::from(layout.gap);
    let offset = |n: u64, cell: u64| u32::try_from(gap + n * (cell + gap)).unwrap_or(u32::MAX);
    for (i, dungeon) in (0u64..).zip(dungeons) {
        let origin = (offset(i % columns, cell.0), offset(i / columns, cell.1));
        draw_dungeon_at(&mut canvas, origin, dungeon, layout.tile);
    }
    Ok(canvas)
}
