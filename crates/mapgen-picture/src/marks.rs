//! How the start, the exit and spawned things are marked on a picture.
//!
//! The game has no exit to draw, so its colour is the pictures' own; the start takes the
//! colour the game's minimap gives the start room.

use mapgen::spawns::SpawnKind;
use tileset::{Rgb, colors};

use crate::canvas::{Canvas, PixelRect};

/// The start's marker: the game's start-room blue.
pub const START_MARK: Rgb = colors::MINIMAP_START;
/// The exit's marker: a red no map tile has.
pub const EXIT_MARK: Rgb = (230, 40, 40);
/// The markers' outlines, and the exit marker's core.
pub const MARK_EDGE: Rgb = colors::BLACK;
/// A monster's tile: a dark crimson that no tile and no room kind has.
pub const MONSTER_MARK: Rgb = (140, 0, 40);
/// An item's tile: a deep blue that no tile has (white is a glyph's colour on the
/// vaults' tiles of their own), darker than the start's marker.
pub const ITEM_MARK: Rgb = (30, 90, 255);

/// The colour of a spawned thing's mark.
pub const fn spawn_mark(kind: SpawnKind) -> Rgb {
    match kind {
        SpawnKind::Monster => MONSTER_MARK,
        SpawnKind::Item => ITEM_MARK,
    }
}

/// Marks spawned things, each given as its tile's square and its kind: the square in
/// [`spawn_mark`]'s colour, less a border of a quarter tile from 3 pixels a tile (so that
/// neighbours stay apart). Nothing is drawn outside `area`.
pub fn draw_spawn_marks(
    canvas: &mut Canvas,
    area: PixelRect,
    marks: impl IntoIterator<Item = (PixelRect, SpawnKind)>,
    tile: u32,
) {
    let inset = if tile >= 3 { (tile / 4).max(1) } else { 0 };
    for (square, kind) in marks {
        let mark = PixelRect {
            x: square.x.saturating_add(inset),
            y: square.y.saturating_add(inset),
            width: tile - 2 * inset,
            height: tile - 2 * inset,
        };
        canvas.fill(mark.clip(area), spawn_mark(kind));
    }
}

/// Marks `exit`, then `start` over it should they overlap: each a square three tiles of
/// `tile` pixels wide centred on the square `centre_of_*`, outlined one pixel wide in
/// [`MARK_EDGE`]. The exit's has a [`MARK_EDGE`] core the size of a tile (from 2 pixels
/// a tile), so the two differ in shape as well as colour. Nothing is drawn outside
/// `area`.
pub fn draw_markers(
    canvas: &mut Canvas,
    area: PixelRect,
    centre_of_start: PixelRect,
    centre_of_exit: PixelRect,
    tile: u32,
) {
    for (centre, colour) in [(centre_of_exit, EXIT_MARK), (centre_of_start, START_MARK)] {
        // A tile on each side of the centre's square; at the canvas's top or left edge
        // the marker is cut there.
        let (x, y) = (centre.x.saturating_sub(tile), centre.y.saturating_sub(tile));
        let far = |from: u32| from.saturating_add(tile.saturating_mul(2));
        let marker = PixelRect {
            x,
            y,
            width: far(centre.x) - x,
            height: far(centre.y) - y,
        };
        canvas.fill(marker.clip(area), colour);
        canvas.outline(marker, area, MARK_EDGE);
        if colour == EXIT_MARK && tile >= 2 {
            canvas.fill(centre.clip(area), MARK_EDGE);
        }
    }
}
