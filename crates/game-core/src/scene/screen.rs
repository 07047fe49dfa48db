//! The console's cells: what a frame is made of.

use mapgen::{Grid, Point};

use super::{Rgb, colors};

/// One console cell: a CP437 glyph index and its colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// The glyph's index in the font (CP437 code).
    pub glyph: u16,
    /// Foreground colour.
    pub fg: Rgb,
    /// Background colour.
    pub bg: Rgb,
}

impl Cell {
    /// An empty black cell.
    pub const BLANK: Cell = Cell {
        glyph: b' ' as u16,
        fg: colors::WHITE,
        bg: colors::BLACK,
    };
}

impl Default for Cell {
    /// [`Cell::BLANK`]: what the screen reads outside its edges.
    fn default() -> Self {
        Cell::BLANK
    }
}

/// The console's cells; reused frame after frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Screen {
    cells: Grid<Cell>,
}

impl Screen {
    /// A blank `width` x `height` screen; empty for sides out of range.
    pub fn new(width: i32, height: i32) -> Screen {
        Screen {
            cells: Grid::new(width.max(0), height.max(0), Cell::BLANK).unwrap_or_default(),
        }
    }

    /// Width in cells.
    pub fn width(&self) -> i32 {
        self.cells.width()
    }

    /// Height in cells.
    pub fn height(&self) -> i32 {
        self.cells.height()
    }

    /// The cell at `p`; a blank one outside the screen.
    pub fn cell(&self, p: impl Into<Point>) -> Cell {
        self.cells.get(p)
    }

    /// Every cell with its position, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Point, Cell)> + '_ {
        self.cells.iter().map(|(p, &c)| (p, c))
    }

    /// The text of row `y`, one char per cell (for tests and debugging).
    pub fn row_text(&self, y: i32) -> String {
        self.cells
            .row(y)
            .iter()
            .map(|c| char::from(u8::try_from(c.glyph).unwrap_or(b'?')))
            .collect()
    }

    pub(super) fn set(&mut self, p: impl Into<Point>, cell: Cell) {
        self.cells.set(p, cell);
    }

    pub(super) fn clear(&mut self) {
        self.cells.fill(Cell::BLANK);
    }

    /// Writes `text` from `(x, y)` in `fg` on `bg`, cut at the right edge; non-ASCII
    /// shows as `?`.
    pub(super) fn print(&mut self, x: i32, y: i32, text: &str, fg: Rgb, bg: Rgb) {
        for (i, c) in (0..).zip(text.chars()) {
            let glyph = if c.is_ascii() {
                c as u16
            } else {
                u16::from(b'?')
            };
            self.set((x.saturating_add(i), y), Cell { glyph, fg, bg });
        }
    }
}
