//! One map cell: whether it can be walked on and whether it can be seen through.

/// A map cell with the two flags of libtcod's `TCOD_MapCell`, kept apart so that
/// see-through-but-impassable (a chasm, a window) and passable-but-opaque (a door, a
/// curtain) tiles are possible.
///
/// The libtcod tutorial calls the same flags `blocked` (= `!walkable`) and
/// `block_sight` (= `!transparent`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
