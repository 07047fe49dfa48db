//! The colours: the tutorial's four for the map (libtcod tutorial, part 4), and the game's
//! own for text. Every glyph the game draws as text reads at 4.5:1 or more on what is
//! behind it (WCAG's level AA; the game's tests compose frames and check every such cell).

/// An RGB colour.
pub type Rgb = (u8, u8, u8);

/// A remembered wall out of sight.
pub const DARK_WALL: Rgb = (0, 0, 100);
/// Remembered ground out of sight.
pub const DARK_GROUND: Rgb = (50, 50, 150);
/// A wall in the torch's light.
pub const LIGHT_WALL: Rgb = (130, 110, 50);
/// Ground in the torch's light.
pub const LIGHT_GROUND: Rgb = (200, 180, 50);
/// Never seen, and the panel's background.
pub const BLACK: Rgb = (0, 0, 0);
/// The panel's values.
pub const WHITE: Rgb = (255, 255, 255);
/// The `@`, always on the lit ground: 10:1 there (white was 2.09:1).
pub const PLAYER: Rgb = (0, 0, 0);
/// The panel's key help, the help screen's frame.
pub const GREY: Rgb = (150, 150, 150);
/// The panel's notices, the keys on the help screen.
pub const NOTICE: Rgb = (255, 200, 80);
/// The help screen's background.
pub const HELP_BG: Rgb = (16, 16, 48);
/// The minimap's background.
pub const MINIMAP_BG: Rgb = (12, 12, 36);
/// A visited room on the minimap.
pub const MINIMAP_ROOM: Rgb = (170, 170, 190);
/// The start room on the minimap.
pub const MINIMAP_START: Rgb = (110, 190, 255);
/// The boss room on the minimap.
pub const MINIMAP_BOSS: Rgb = (235, 60, 60);
/// A treasure room on the minimap.
pub const MINIMAP_TREASURE: Rgb = (255, 215, 0);
/// Stairs in the torch's light: a cell of their own colour, so they are found at a
/// glance (the glyph black on it, 13:1).
pub const LIGHT_STAIRS: Rgb = (120, 220, 255);
/// Remembered stairs out of sight (the glyph in the lit stairs' colour on it, 4.8:1).
pub const DARK_STAIRS: Rgb = (20, 90, 130);
/// The route shown under the mouse and to the look cursor.
pub const ROUTE: Rgb = (70, 140, 90);
/// The look cursor.
pub const CURSOR: Rgb = (230, 230, 230);

/// The colours of locked doors and their keys, by lock (a lock's `id` in
/// [`mapgen::locks`], going round after the eighth): the name a game says ("the red key
/// opens the red door") and the colour it draws. Eight colours far apart and from the
/// lit floor's gold and the walls' brown, each light enough that a black glyph reads on
/// it.
pub const LOCKS: [(&str, Rgb); 8] = [
    ("red", (230, 60, 60)),
    ("blue", (90, 140, 255)),
    ("green", (60, 200, 80)),
    ("violet", (190, 120, 255)),
    ("orange", (255, 150, 30)),
    ("cyan", (40, 210, 220)),
    ("pink", (255, 130, 200)),
    ("white", (240, 240, 240)),
];

/// The name and colour of lock `id` ([`LOCKS`], going round).
///
/// ```
/// use tileset::colors::lock;
/// assert_eq!(lock(0).0, "red");
/// assert_eq!(lock(9), lock(1));
/// ```
pub const fn lock(id: usize) -> (&'static str, Rgb) {
    LOCKS[id % LOCKS.len()]
}
