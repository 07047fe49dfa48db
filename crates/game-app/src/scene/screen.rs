//! The console's cells: what a frame is made of.

use mapgen::{Grid, Point};

use tileset::{Cell, Rgb};

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
        self.cells.get_or_default(p)
    }

    /// Every cell with its position, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Point, Cell)> + '_ {
        self.cells.iter().map(|(p, &c)| (p, c))
    }

    /// Every row as text, top first: each cell's glyph as the Unicode character of its
    /// CP437 code (`?` for a code past 255), so every row has [`Screen::width`]
    /// characters.
    pub fn text(&self) -> Vec<String> {
        (0..self.height())
            .map(|y| {
                self.cells
                    .row(y)
                    .iter()
                    .map(|c| u8::try_from(c.glyph).map_or('?', tileset::cp437::to_char))
                    .collect()
            })
            .collect()
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

    /// Writes `text` from `(x, y)` in `fg` on `bg`, cut at the right edge; a character
    /// of CP437 (`☻`, `≡`) as its glyph, any other as `?`.
    pub(super) fn print(&mut self, x: i32, y: i32, text: &str, fg: Rgb, bg: Rgb) {
        for (i, c) in (0..).zip(text.chars()) {
            let glyph = u16::from(tileset::cp437::from_char(c).unwrap_or(b'?'));
            self.set((x.saturating_add(i), y), Cell { glyph, fg, bg });
        }
    }
}
