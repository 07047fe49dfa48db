//! Copies the game's [`Screen`] into bracket-lib's console.

use bracket_lib::prelude::{BTerm, RGB};
use game_core::scene::Screen;

/// Writes every cell of `screen` into the active console.
pub fn draw(screen: &Screen, ctx: &mut BTerm) {
    for (p, cell) in screen.cells() {
        ctx.set(
            p.x,
            p.y,
            RGB::named(cell.fg),
            RGB::named(cell.bg),
            cell.glyph,
        );
    }
}
