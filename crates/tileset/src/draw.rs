//! A console cell, and a map tile drawn as one.

use mapgen::Tile;

use crate::colors::{self, Rgb};

/// One console cell: a CP437 glyph index and its colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// The glyph's index in the font (CP437 code).
    pub glyph: u16,
    /// Foreground colour.
    pub fg: Rgb,
    /// Background colour.
    pub bg: Rgb,
}

impl Cell {
    /// An empty black cell.
    pub const BLANK: Cell = Cell {
        glyph: b' ' as u16,
        fg: colors::WHITE,
        bg: colors::BLACK,
    };
}

impl Default for Cell {
    /// [`Cell::BLANK`]: what a screen reads outside its edges.
    fn default() -> Self {
        Cell::BLANK
    }
}

/// A tile as the tutorial draws it: walls and ground are background colours, lit or
/// dark. Tiles the tutorial lacks (doors, chasms) add a glyph on the matching colour.
///
/// ```
/// use mapgen::Tile;
/// use tileset::{colors, tile_cell};
/// let chasm = tile_cell(Tile::CHASM, false);
/// assert_eq!((chasm.glyph, chasm.bg), (u16::from(b'~'), colors::DARK_WALL));
/// ```
pub fn tile_cell(tile: Tile, lit: bool) -> Cell {
    let (wall, ground) = if lit {
        (colors::LIGHT_WALL, colors::LIGHT_GROUND)
    } else {
        (colors::DARK_WALL, colors::DARK_GROUND)
    };
    let (glyph, fg, bg) = match (tile.walkable, tile.transparent) {
        (false, false) => (b' ', wall, wall),
        (true, true) => (b' ', ground, ground),
        (true, false) => (b'+', wall, ground),
        (false, true) => (b'~', ground, wall),
    };
    Cell {
        glyph: u16::from(glyph),
        fg,
        bg,
    }
}
