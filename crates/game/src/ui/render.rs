//! Copies the game's [`Screen`] into bracket-lib's console.

use bracket_lib::prelude::{BTerm, RGB};
use game_core::scene::Screen;

/// Writes every cell of `screen` into the active console.
pub fn draw(screen: &Screen, ctx: &mut BTerm) {
    for (x, y, cell) in screen.cells() {
        ctx.set(x, y, RGB::named(cell.fg), RGB::named(cell.bg), cell.glyph);
    }
}
