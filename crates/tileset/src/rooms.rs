//! How a room of each of Isaac's kinds looks, in one table: its colour (on the game's
//! minimap, and on the floors of isaac rooms in the `mapgen` command's pictures) and its
//! icon on the minimap, as Isaac players read them (in CP437).

use mapgen::generators::grid::RoomKind;

use crate::colors::{MINIMAP_BOSS, MINIMAP_ROOM, MINIMAP_START, MINIMAP_TREASURE, Rgb};

/// A room kind's looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoomLook {
    /// Its colour: reads at 4.5:1 or more on [`MINIMAP_BG`](crate::colors::MINIMAP_BG).
    pub colour: Rgb,
    /// Its icon on the minimap (a CP437 code); `None` for the start and normal rooms,
    /// which show as plain blocks.
    pub icon: Option<u8>,
}

/// The looks of a room of `kind`: `☻` boss (a skull), `☼` treasure (the item room's
/// crown), `$` shop, `?` secret, `!` super secret, `▲` sacrifice (its spikes), `÷` dice,
/// `≡` library (a book), `Ω` curse, `☺` miniboss, `X` challenge (crossed swords), `7`
/// arcade (its slot machines). Normal rooms, and kinds to come, are [`MINIMAP_ROOM`]
/// without an icon.
///
/// ```
/// use mapgen::generators::grid::RoomKind;
/// use tileset::colors::MINIMAP_BOSS;
/// use tileset::rooms::room_look;
/// assert_eq!(room_look(RoomKind::Boss).colour, MINIMAP_BOSS);
/// assert_eq!(room_look(RoomKind::Shop).icon, Some(b'$'));
/// assert_eq!(room_look(RoomKind::Normal).icon, None);
/// ```
pub const fn room_look(kind: RoomKind) -> RoomLook {
    let (colour, icon) = match kind {
        RoomKind::Start => (MINIMAP_START, None),
        RoomKind::Boss => (MINIMAP_BOSS, Some(2)),
        RoomKind::Treasure => (MINIMAP_TREASURE, Some(15)),
        RoomKind::Shop => ((80, 190, 90), Some(b'$')),
        RoomKind::SuperSecret => ((170, 130, 230), Some(b'!')),
        RoomKind::Secret => ((205, 185, 255), Some(b'?')),
        RoomKind::Sacrifice => ((210, 100, 60), Some(30)),
        RoomKind::Dice => ((230, 230, 230), Some(246)),
        RoomKind::Library => ((0, 170, 160), Some(240)),
        RoomKind::Curse => ((215, 80, 160), Some(234)),
        RoomKind::Miniboss => ((255, 140, 0), Some(1)),
        RoomKind::Challenge => ((80, 140, 240), Some(b'X')),
        RoomKind::Arcade => ((180, 230, 80), Some(b'7')),
        _ => (MINIMAP_ROOM, None),
    };
    RoomLook { colour, icon }
}
