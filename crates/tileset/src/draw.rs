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
/// dark. Tiles the tutorial lacks add a glyph: doors and chasms on the matching colour,
/// stairs (`>` and `<`, tiles of their own made with `Tile::with_glyph`) on a colour of
/// their own, and any other tile of one's own its glyph in black or white, whichever
/// reads better, on the ground or wall colour of its flags.
///
/// ```
/// use mapgen::Tile;
/// use tileset::{colors, tile_cell};
/// let chasm = tile_cell(Tile::CHASM, false);
/// assert_eq!((chasm.glyph, chasm.bg), (u16::from(b'~'), colors::DARK_WALL));
/// let stairs = tile_cell(Tile::FLOOR.with_glyph('>')?, true);
/// assert_eq!((stairs.glyph, stairs.bg), (u16::from(b'>'), colors::LIGHT_STAIRS));
/// # Ok::<(), mapgen::MapError>(())
/// ```
pub fn tile_cell(tile: Tile, lit: bool) -> Cell {
    let (wall, ground) = if lit {
        (colors::LIGHT_WALL, colors::LIGHT_GROUND)
    } else {
        (colors::DARK_WALL, colors::DARK_GROUND)
    };
    let glyph = tile.glyph_byte();
    let (fg, bg) = if !tile.is_builtin() {
        glyph_tile_colours(glyph, tile.walkable, lit)
    } else {
        match (tile.walkable, tile.transparent) {
            (false, false) => (wall, wall),
            (true, true) => (ground, ground),
            (true, false) => (wall, ground),
            (false, true) => (ground, wall),
        }
    };
    let glyph = match (tile.is_builtin(), tile.walkable, tile.transparent) {
        (true, true, true) | (true, false, false) => b' ',
        _ => glyph,
    };
    Cell {
        glyph: u16::from(glyph),
        fg,
        bg,
    }
}

/// A tile of one's own drawn as one, whatever its glyph: its glyph in black or white on
/// the ground or wall colour of its flags. For a tile that looks like stairs but is not
/// the level's (a vault's `>`), which [`tile_cell`] would draw as stairs.
///
/// ```
/// use mapgen::Tile;
/// use tileset::{colors, own_tile_cell};
/// let odd = own_tile_cell(Tile::FLOOR.with_glyph('>')?, true);
/// assert_eq!((odd.glyph, odd.bg), (u16::from(b'>'), colors::LIGHT_GROUND));
/// # Ok::<(), mapgen::MapError>(())
/// ```
pub fn own_tile_cell(tile: Tile, lit: bool) -> Cell {
    let glyph = tile.glyph_byte();
    let (fg, bg) = ground_or_wall(tile.walkable, lit);
    Cell {
        glyph: u16::from(glyph),
        fg,
        bg,
    }
}

/// The colours of a tile of one's own: stairs on their own colour; others on the ground
/// (walkable) or wall colour, the glyph black on lit ground and white elsewhere.
fn glyph_tile_colours(glyph: u8, walkable: bool, lit: bool) -> (Rgb, Rgb) {
    if matches!(glyph, b'>' | b'<') {
        return if lit {
            (colors::BLACK, colors::LIGHT_STAIRS)
        } else {
            (colors::LIGHT_STAIRS, colors::DARK_STAIRS)
        };
    }
    ground_or_wall(walkable, lit)
}

/// A glyph on the ground (walkable) or wall colour, black on lit ground, else white.
fn ground_or_wall(walkable: bool, lit: bool) -> (Rgb, Rgb) {
    let bg = match (walkable, lit) {
        (true, true) => colors::LIGHT_GROUND,
        (true, false) => colors::DARK_GROUND,
        (false, true) => colors::LIGHT_WALL,
        (false, false) => colors::DARK_WALL,
    };
    let fg = if bg == colors::LIGHT_GROUND {
        colors::BLACK
    } else {
        colors::WHITE
    };
    (fg, bg)
}
