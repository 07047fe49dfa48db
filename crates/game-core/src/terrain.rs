//! What a tile is, as the game knows it and names it ([`TileKind`]): the four built-in
//! tiles, the game's own (stairs, locked doors), and the tiles of vaults' own glyphs
//! ([`FEATURES`], one table), so that a vault's `$` is treasure and its `S` a secret
//! door, never a bare letter.
//!
//! Stairs and locked doors are the level's, found by their place
//! ([`Level::kind_at`](crate::level::Level::kind_at)): a vault whose legend gives `>` the
//! flags of floor makes a tile that looks like the stairs' but is not them.
//! [`TileKind::of`] reads a tile alone and so never says stairs or a locked door.

use mapgen::Tile;

use crate::direction::Vertical;
use crate::doors::KeyKind;
use crate::doorway::OPEN_DOOR;

/// A tile of a vault's own that the game knows: its tile (glyph and flags) and its name
/// with its article.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Feature {
    /// The tile, as a vault stamps it (`GLYPH=BASE` in its legend).
    pub tile: Tile,
    /// What look mode calls it.
    pub name: &'static str,
}

const fn feature(base: Tile, glyph: char, name: &'static str) -> Feature {
    let tile = match base.with_glyph(glyph) {
        Ok(tile) => tile,
        // Not reached: a test checks every glyph of the table is allowed.
        Err(_) => base,
    };
    Feature { tile, name }
}

/// Treasure on the floor (`$=.`), where a vault keeps its hoard: the level lists these
/// places ([`Level::treasure`](crate::level::Level::treasure)) for the items a game puts
/// there.
pub const TREASURE: Feature = feature(Tile::FLOOR, '$', "treasure");

/// A vault's secret door (`S=+`): the game hides it as wall until found, as it hides an
/// isaac floor's ([`Doors::place`](crate::doors::Doors::place)).
pub const SECRET_DOOR: Feature = feature(Tile::DOOR, 'S', "a secret door");

/// Every vault tile the game knows, each named once: the glyphs of the built-in vault
/// library (a test checks that none is missing).
pub const FEATURES: &[Feature] = &[
    TREASURE,
    SECRET_DOOR,
    feature(Tile::FLOOR, '_', "an altar"),
    feature(Tile::WALL, '|', "a bookshelf"),
    feature(Tile::WALL, '&', "a tomb"),
    feature(Tile::CHASM, '{', "water"),
    feature(Tile::WALL, '0', "a pillar"),
    feature(Tile::WALL, '/', "a weapon rack"),
    feature(Tile::WALL, '%', "a crate"),
    feature(Tile::CHASM, 'o', "a well"),
    feature(Tile::FLOOR, 'b', "a bed"),
    feature(Tile::FLOOR, 'T', "a throne"),
    feature(Tile::FLOOR, ',', "grass"),
];

/// What a tile is, as the game names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TileKind {
    /// Open ground.
    Floor,
    /// Rock (a secret door not yet found looks like it).
    Wall,
    /// A door, shut or held open by a body in it.
    Door,
    /// A chasm.
    Chasm,
    /// The level's stairs.
    Stairs(Vertical),
    /// A locked door, and the key that opens it.
    LockedDoor(KeyKind),
    /// A vault's tile the game knows.
    Feature(Feature),
    /// A tile of one's own the game has no name for (a glyph of a user's vault): named by
    /// its flags and its glyph.
    Other(Tile),
}

impl TileKind {
    /// The kind of `tile` read alone: built-in tiles, vault tiles of [`FEATURES`], and
    /// any other tile by its flags and glyph. Never stairs or a locked door: those are the
    /// level's, by place.
    ///
    /// ```
    /// use game_core::terrain::{TREASURE, TileKind};
    /// use mapgen::Tile;
    /// assert_eq!(TileKind::of(Tile::DOOR).name(), "a door");
    /// assert_eq!(TileKind::of(TREASURE.tile).name(), "treasure");
    /// let odd = Tile::FLOOR.with_glyph('>')?;
    /// assert_eq!(TileKind::of(odd).name(), "the floor marked '>'");
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn of(tile: Tile) -> TileKind {
        match tile {
            Tile::FLOOR => TileKind::Floor,
            Tile::WALL => TileKind::Wall,
            Tile::DOOR | OPEN_DOOR => TileKind::Door,
            Tile::CHASM => TileKind::Chasm,
            other => FEATURES
                .iter()
                .find(|f| f.tile == other)
                .map_or(TileKind::Other(other), |&f| TileKind::Feature(f)),
        }
    }

    /// The kind's name with its article, as look mode says it.
    pub fn name(self) -> String {
        match self {
            TileKind::Floor => "the floor".to_string(),
            TileKind::Wall => "a wall".to_string(),
            TileKind::Door => "a door".to_string(),
            TileKind::Chasm => "a chasm".to_string(),
            TileKind::Stairs(Vertical::Down) => "stairs down".to_string(),
            TileKind::Stairs(Vertical::Up) => "stairs up".to_string(),
            TileKind::LockedDoor(key) => key.door_name(),
            TileKind::Feature(feature) => feature.name.to_string(),
            TileKind::Other(tile) => {
                let base = TileKind::of(Tile::new(tile.walkable, tile.transparent));
                format!("{} marked '{}'", base.name(), tile.glyph())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::vaults::VaultLibrary;

    #[test]
    fn every_feature_has_its_glyph_and_a_name_of_its_own() {
        for (i, f) in FEATURES.iter().enumerate() {
            assert!(!f.tile.is_builtin(), "{f:?}: its glyph is refused");
            assert_eq!(TileKind::of(f.tile), TileKind::Feature(*f));
            let others = &FEATURES[i + 1..];
            assert!(others.iter().all(|o| o.tile.glyph() != f.tile.glyph()));
            assert!(others.iter().all(|o| o.name != f.name));
        }
        assert_eq!(TREASURE.tile.glyph(), '$');
        const { assert!(SECRET_DOOR.tile.walkable && !SECRET_DOOR.tile.transparent) };
    }

    /// The built-in vaults' glyphs reached the player as bare letters ("You remember a
    /// 'S' tile"); now each is a kind the game names.
    #[test]
    fn every_glyph_of_the_builtin_vaults_is_a_kind_the_game_names() {
        let tiles = VaultLibrary::builtin().tiles();
        for &tile in &tiles {
            let kind = TileKind::of(tile);
            assert!(
                matches!(kind, TileKind::Feature(_)),
                "{:?} is {kind:?}",
                tile.glyph()
            );
            assert!(!kind.name().contains('\''), "{}", kind.name());
        }
        assert_eq!(tiles.len(), FEATURES.len(), "a name for each, no more");
    }

    #[test]
    fn other_tiles_are_named_by_their_flags_and_glyph() {
        let marked = |base: Tile, glyph| TileKind::of(base.with_glyph(glyph).unwrap()).name();
        assert_eq!(marked(Tile::WALL, 'x'), "a wall marked 'x'");
        assert_eq!(marked(Tile::CHASM, 'x'), "a chasm marked 'x'");
        assert_eq!(marked(Tile::DOOR, '$'), "a door marked '$'", "not treasure");
        assert_eq!(
            TileKind::of(OPEN_DOOR).name(),
            "a door",
            "one a body holds open"
        );
        assert_eq!(marked(Tile::FLOOR, '<'), "the floor marked '<'");
    }
}
