//! One map cell: whether it can be walked on and whether it can be seen through.

/// A map cell with the two flags of libtcod's `TCOD_MapCell`, kept apart so that
/// see-through-but-impassable (a chasm, a window) and passable-but-opaque (a door, a
/// curtain) tiles are possible, and a glyph that names it.
///
/// The libtcod tutorial calls the same flags `blocked` (= `!walkable`) and
/// `block_sight` (= `!transparent`).
///
/// The four built-in tiles ([`Tile::WALL`], [`Tile::FLOOR`], [`Tile::DOOR`],
/// [`Tile::CHASM`]) are [`Tile::new`]`(walkable, transparent)`, and their glyph follows from
/// their flags. A tile of your own has a glyph of its own ([`Tile::with_glyph`]): it is a
/// different tile from a built-in one with the same flags, prints as its glyph, and field
/// of view and paths treat it by its flags.
///
/// ```
/// use mapgen::path::{AStar, Moves};
/// use mapgen::fov::{FieldOfView, LightWalls, Radius};
/// use mapgen::{Map, Point, Tile};
///
/// // Stairs down: walkable and transparent like floor, but not floor.
/// let stairs = Tile::FLOOR.with_glyph('>')?;
/// assert_ne!(stairs, Tile::FLOOR);
/// assert!(stairs.walkable && stairs.transparent);
/// assert_eq!(stairs.glyph(), '>');
///
/// let mut map = Map::from_ascii("#####\n#...#\n#####\n")?;
/// map.set((3, 1), stairs);
/// assert_eq!(map.to_string(), "#####\n#..>#\n#####\n");
/// // Reading the text back needs to be told what `>` is.
/// assert_eq!(Map::from_ascii_with(&map.to_string(), &[stairs])?, map);
///
/// // Field of view sees through it and paths walk onto it, as on floor.
/// let mut fov = FieldOfView::new(map.width(), map.height())?;
/// fov.compute(&map, Point::new(1, 1), Radius::Unlimited, LightWalls::On)?;
/// assert!(fov.is_visible((4, 1)), "the wall behind the stairs is lit");
/// let mut astar = AStar::default();
/// let cost = astar.search(&map, Moves::FOUR, Point::new(1, 1), Point::new(3, 1))?;
/// assert_eq!(cost, Some(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A tile is four bytes, `walkable`, `transparent`, the glyph of a tile of your own (0 for
/// a built-in one) and a zero (`#[repr(C)]`), so a row of tiles can be read as 32-bit words
/// without unsafe code (`zerocopy::IntoBytes`): that is how
/// [`Map::push_row_glyphs`](crate::Map::push_row_glyphs) turns rows into text and field of
/// view reads opacity at vector speed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, zerocopy::IntoBytes, zerocopy::Immutable)]
#[repr(C)]
pub struct Tile {
    /// Creatures can stand on this tile.
    pub walkable: bool,
    /// Light and sight pass through this tile.
    pub transparent: bool,
    /// 0 for a built-in tile, else the glyph of a tile of your own.
    kind: u8,
    /// Always 0: a tile is one 32-bit word.
    zero: u8,
}

impl Tile {
    /// Solid rock: blocks movement and sight. Every map starts filled with it.
    pub const WALL: Tile = Tile::new(false, false);
    /// Open ground: walkable and transparent.
    pub const FLOOR: Tile = Tile::new(true, true);
    /// A closed door: walkable but opaque.
    pub const DOOR: Tile = Tile::new(true, false);
    /// A chasm or window: transparent but not walkable.
    pub const CHASM: Tile = Tile::new(false, true);

    /// The built-in tile with the given flags.
    pub const fn new(walkable: bool, transparent: bool) -> Tile {
        Tile {
            walkable,
            transparent,
            kind: 0,
            zero: 0,
        }
    }

    /// A tile of your own with these flags, named by `glyph`: it prints as `glyph` and is
    /// not equal to any tile with another glyph.
    ///
    /// The glyph of the built-in tile with these flags gives that tile back
    /// (`Tile::FLOOR.with_glyph('.')` is `Tile::FLOOR`).
    ///
    /// ```
    /// use mapgen::Tile;
    /// let water = Tile::CHASM.with_glyph('=')?;
    /// assert_eq!((water.walkable, water.transparent, water.glyph()), (false, true, '='));
    /// assert!(Tile::FLOOR.with_glyph('#').is_err(), "'#' is the wall's");
    /// assert!(Tile::FLOOR.with_glyph('é').is_err());
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    ///
    /// # Errors
    /// [`MapError::TileGlyph`](crate::MapError::TileGlyph) for a glyph that is not printable
    /// ASCII, is a space, `"` or `\`, or is the glyph of another built-in tile (`#`, `.`,
    /// `+`, `~`), so that every map prints as text that reads back unambiguously.
    pub const fn with_glyph(self, glyph: char) -> Result<Tile, crate::MapError> {
        let builtin = Tile::new(self.walkable, self.transparent);
        if glyph == builtin.glyph() {
            return Ok(builtin);
        }
        let allowed = glyph.is_ascii_graphic() && glyph != '"' && glyph != '\\';
        if !allowed || Tile::from_glyph(glyph).is_some() {
            return Err(crate::MapError::TileGlyph { glyph });
        }
        Ok(Tile {
            kind: glyph as u8,
            ..builtin
        })
    }

    /// True for the four built-in tiles, false for a tile of your own
    /// ([`Tile::with_glyph`]).
    pub const fn is_builtin(self) -> bool {
        self.kind == 0
    }

    /// The ASCII glyph of this tile: `#` wall, `.` floor, `+` door, `~` chasm, or the glyph
    /// given to [`Tile::with_glyph`].
    pub const fn glyph(self) -> char {
        self.glyph_byte() as char
    }

    /// [`Tile::glyph`] as an ASCII byte, computed without a branch or a table so that a
    /// row of tiles turns into text at the speed of a copy.
    ///
    /// ```
    /// use mapgen::Tile;
    /// assert_eq!(Tile::DOOR.glyph_byte(), b'+');
    /// ```
    #[inline]
    pub const fn glyph_byte(self) -> u8 {
        let flags = self.walkable as u16 | (self.transparent as u16) << 8;
        Tile::glyph_byte_of_words(flags, self.kind as u16)
    }

    /// [`Tile::glyph_byte`] of the tile whose four bytes, read as two little-endian
    /// 16-bit words, are `flags` (`walkable` in the low byte, `transparent` in the high
    /// byte, each 0 or 1) and `kind` (the glyph of a tile of one's own, or 0). A multiply,
    /// an add and two selects: a few vector instructions per 8 tiles.
    #[inline]
    pub(crate) const fn glyph_byte_of_words(flags: u16, kind: u16) -> u8 {
        // The high byte of flags * (8 * 256 + 91) + 35 * 256 is 35 + 8 walkable + 91
        // transparent: '#' 35, '+' 43, '~' 126, and 134 for both, which is '.' (46) plus 88.
        let sum = (flags.wrapping_mul(8 * 256 + 91).wrapping_add(35 * 256) >> 8) as u8;
        let builtin = sum.wrapping_sub(if flags == 0x0101 { 88 } else { 0 });
        if kind == 0 { builtin } else { kind as u8 }
    }

    /// The built-in tile a glyph stands for, the inverse of [`Tile::glyph`] on built-in
    /// tiles; `None` for any other character.
    pub const fn from_glyph(glyph: char) -> Option<Tile> {
        match glyph {
            '#' => Some(Tile::WALL),
            '.' => Some(Tile::FLOOR),
            '+' => Some(Tile::DOOR),
            '~' => Some(Tile::CHASM),
            _ => None,
        }
    }
}

impl std::fmt::Debug for Tile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tile")
            .field("walkable", &self.walkable)
            .field("transparent", &self.transparent)
            .field("glyph", &self.glyph())
            .finish()
    }
}

impl crate::Glyph for Tile {
    /// [`Tile::glyph`].
    fn glyph(&self) -> char {
        Tile::glyph(*self)
    }
}

impl Default for Tile {
    /// A wall, as in an untouched map.
    fn default() -> Self {
        Tile::WALL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_round_trip_for_every_flag_combination() {
        for walkable in [false, true] {
            for transparent in [false, true] {
                let tile = Tile::new(walkable, transparent);
                assert_eq!(Tile::from_glyph(tile.glyph()), Some(tile));
                assert_eq!(char::from(tile.glyph_byte()), tile.glyph());
                let flags = u16::from(walkable) | u16::from(transparent) << 8;
                assert_eq!(Tile::glyph_byte_of_words(flags, 0), tile.glyph_byte());
                let bytes = zerocopy::IntoBytes::as_bytes(&tile);
                assert_eq!(bytes, [u8::from(walkable), u8::from(transparent), 0, 0]);
                assert!(tile.is_builtin());
                // A tile of one's own with the same flags: another tile, its own glyph.
                let own = tile.with_glyph('>').unwrap();
                assert_ne!(own, tile);
                assert_eq!((own.walkable, own.transparent), (walkable, transparent));
                assert_eq!(own.glyph(), '>');
                let bytes = zerocopy::IntoBytes::as_bytes(&own);
                assert_eq!(bytes, [u8::from(walkable), u8::from(transparent), b'>', 0]);
                assert_eq!(Tile::glyph_byte_of_words(flags, u16::from(b'>')), b'>');
                assert_eq!(tile.with_glyph(tile.glyph()), Ok(tile));
            }
        }
        assert_eq!(Tile::from_glyph('x'), None);
    }

    #[test]
    fn glyphs_of_ones_own_tiles_are_printable_and_unambiguous() {
        for glyph in ['#', '.', '+', ' ', '"', '\\', '\n', '\0', 'é', '\u{7f}'] {
            assert_eq!(
                Tile::CHASM.with_glyph(glyph),
                Err(crate::MapError::TileGlyph { glyph }),
                "{glyph:?}"
            );
        }
        assert_eq!(
            Tile::WALL.with_glyph('.').unwrap_err().to_string(),
            concat!(
                "tile glyph '.' cannot name a tile of one's own; allowed: printable ASCII other ",
                "than space, '\"', '\\' and the built-in tiles' '#', '.', '+', '~'"
            )
        );
        let printable = (b'!'..=b'~').map(char::from);
        let own = printable.filter(|&c| Tile::FLOOR.with_glyph(c).is_ok_and(|t| !t.is_builtin()));
        assert_eq!(own.count(), 94 - 2 - 4);
    }

    #[test]
    fn named_tiles_have_the_tutorial_flags() {
        let flags = |t: Tile| (t.walkable, t.transparent);
        assert_eq!(flags(Tile::WALL), (false, false));
        assert_eq!(flags(Tile::FLOOR), (true, true));
        assert_eq!(flags(Tile::DOOR), (true, false));
        assert_eq!(flags(Tile::CHASM), (false, true));
        assert_eq!(Tile::default(), Tile::WALL);
    }
}
