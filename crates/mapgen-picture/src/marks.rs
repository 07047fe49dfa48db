//! How the start and the exit are marked on a picture.
//!
//! The game has no exit to draw, so its colour is the pictures' own; the start takes the
//! colour the game's minimap gives the start room.

use tileset::{Rgb, colors};

use crate::canvas::{Canvas, PixelRect};

/// The start's marker: the game's start-room blue.
pub const START_MARK: Rgb = colors::MINIMAP_START;
/// The exit's marker: a red no map tile has.
pub const EXIT_MARK: Rgb = (230, 40, 40);
/// The markers' outlines, and the exit marker's core.
pub const MARK_EDGE: Rgb = colors::BLACK;

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
