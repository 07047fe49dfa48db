//! One map cell: whether it can be walked on and whether it can be seen through.

/// A map cell with the two flags of libtcod's `TCOD_MapCell`, kept apart so that
/// see-through-but-impassable (a chasm, a window) and passable-but-opaque (a door, a
/// curtain) tiles are possible.
///
/// The libtcod tutorial calls the same flags `blocked` (= `!walkable`) and
/// `block_sight` (= `!transparent`).
///
/// A tile is two bytes, `walkable` then `transparent` (`#[repr(C)]`), so a row of tiles can
/// be read as bytes without unsafe code (`zerocopy::IntoBytes`): that is how
/// [`Map::push_row_glyphs`](crate::Map::push_row_glyphs) turns rows into text at vector
/// speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, zerocopy::IntoBytes, zerocopy::Immutable)]
#[repr(C)]
pub struct Tile {
    /// Creatures can stand on this tile.
    pub walkable: bool,
    /// Light and sight pass through this tile.
    pub transparent: bool,
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

    /// A tile with the given flags.
    pub const fn new(walkable: bool, transparent: bool) -> Tile {
        Tile {
            walkable,
            transparent,
        }
    }

    /// The ASCII glyph of this tile: `#` wall, `.` floor, `+` door, `~` chasm.
    ///
    /// The glyph is a function of the two flags, so every tile has exactly one.
    pub const fn glyph(self) -> char {
        match (self.walkable, self.transparent) {
            (false, false) => '#',
            (true, true) => '.',
            (true, false) => '+',
            (false, true) => '~',
        }
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
        let (w, t) = (self.walkable as u8, self.transparent as u8);
        // '#' = 35; a floor adds 8 + 91 - 88 ('.' = 46), a door 8 ('+' = 43), a chasm
        // 91 ('~' = 126).
        35 + 8 * w + 91 * t - 88 * (w & t)
    }

    /// [`Tile::glyph_byte`] of the tile whose two bytes, read as a little-endian `u16`,
    /// are `bits`: `walkable` in the low byte, `transparent` in the high byte, each 0 or 1.
    /// A multiply, an add and one compare: a few vector instructions per 16 tiles.
    #[inline]
    pub(crate) const fn glyph_byte_of_bits(bits: u16) -> u8 {
        // The high byte of bits * (8 * 256 + 91) + 35 * 256 is 35 + 8 walkable + 91
        // transparent: '#' 35, '+' 43, '~' 126, and 134 for both, which is '.' (46) plus 88.
        let sum = (bits.wrapping_mul(8 * 256 + 91).wrapping_add(35 * 256) >> 8) as u8;
        sum.wrapping_sub(if bits == 0x0101 { 88 } else { 0 })
    }

    /// The tile a glyph stands for, the inverse of [`Tile::glyph`]; `None` for any other
    /// character.
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
                let bits = u16::from(walkable) | u16::from(transparent) << 8;
                assert_eq!(Tile::glyph_byte_of_bits(bits), tile.glyph_byte());
                let bytes = zerocopy::IntoBytes::as_bytes(&tile);
                assert_eq!(bytes, [u8::from(walkable), u8::from(transparent)]);
            }
        }
        assert_eq!(Tile::from_glyph('x'), None);
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
