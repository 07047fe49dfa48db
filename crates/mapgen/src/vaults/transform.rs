//! The eight ways to lay a vault down: mirrored or not, then turned clockwise by 0, 90,
//! 180 or 270 degrees (the dihedral group of the square).

use crate::{Grid, Point};

/// How a vault is laid down: `mirror` flips its rows left to right first, then `rotate`
/// turns it clockwise.
///
/// ```
/// use mapgen::vaults::{Glyphs, Orientation, Rotation};
/// let vault = Glyphs::from_rows(&["#@", "#."]).unwrap();
/// let turned = vault.oriented(Orientation { mirror: false, rotate: Rotation::R90 });
/// assert_eq!(turned.rows(), ["##", ".@"]); // the top row became the right column
/// let flipped = vault.oriented(Orientation { mirror: true, rotate: Rotation::R0 });
/// assert_eq!(flipped.rows(), ["@#", ".#"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Orientation {
    /// Flip each row left to right, before turning.
    pub mirror: bool,
    /// The clockwise turn, after mirroring.
    pub rotate: Rotation,
}

/// A clockwise quarter-turn count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Rotation {
    /// As written.
    #[default]
    R0,
    /// A quarter turn clockwise: the top row becomes the right column.
    R90,
    /// A half turn.
    R180,
    /// Three quarter turns clockwise (one counter-clockwise).
    R270,
}

impl Rotation {
    /// The four turns, in order.
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    /// The turn in degrees: 0, 90, 180 or 270 (the JSON's `rotate`).
    pub const fn degrees(self) -> u16 {
        match self {
            Rotation::R0 => 0,
            Rotation::R90 => 90,
            Rotation::R180 => 180,
            Rotation::R270 => 270,
        }
    }

    /// The turn of `degrees` (0, 90, 180 or 270); `None` for any other number.
    ///
    /// ```
    /// use mapgen::vaults::Rotation;
    /// assert_eq!(Rotation::from_degrees(270), Some(Rotation::R270));
    /// assert_eq!(Rotation::from_degrees(45), None);
    /// ```
    pub const fn from_degrees(degrees: u16) -> Option<Rotation> {
        match degrees {
            0 => Some(Rotation::R0),
            90 => Some(Rotation::R90),
            180 => Some(Rotation::R180),
            270 => Some(Rotation::R270),
            _ => None,
        }
    }

    /// How many quarter turns.
    const fn quarters(self) -> u8 {
        match self {
            Rotation::R0 => 0,
            Rotation::R90 => 1,
            Rotation::R180 => 2,
            Rotation::R270 => 3,
        }
    }
}

impl Orientation {
    /// As written.
    pub const IDENTITY: Orientation = Orientation {
        mirror: false,
        rotate: Rotation::R0,
    };

    /// All eight, unmirrored first, each by increasing turn: the order in which a vault's
    /// distinct orientations are listed (the first of equal results is kept).
    pub const ALL: [Orientation; 8] = {
        let mut all = [Orientation::IDENTITY; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Orientation {
                mirror: i >= 4,
                rotate: Rotation::ALL[i % 4],
            };
            i += 1;
        }
        all
    };
}

/// Which orientations a vault allows: the format's `transforms:` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Transforms {
    /// All eight (`all`, the default).
    #[default]
    All,
    /// Only as written (`none`).
    None,
    /// The four turns, never mirrored (`rotate`).
    Rotate,
    /// As written or mirrored, never turned (`mirror`).
    Mirror,
}

impl Transforms {
    /// The field's words, in the order of the variants' listing.
    pub const WORDS: [(&'static str, Transforms); 4] = [
        ("all", Transforms::All),
        ("none", Transforms::None),
        ("rotate", Transforms::Rotate),
        ("mirror", Transforms::Mirror),
    ];

    /// The word the format uses.
    pub fn word(self) -> &'static str {
        Transforms::WORDS
            .iter()
            .find(|(_, t)| *t == self)
            .map_or("all", |(w, _)| w)
    }

    /// True when `orientation` is one of this set's.
    pub const fn allows(self, orientation: Orientation) -> bool {
        let turned = !matches!(orientation.rotate, Rotation::R0);
        match self {
            Transforms::All => true,
            Transforms::None => !orientation.mirror && !turned,
            Transforms::Rotate => !orientation.mirror,
            Transforms::Mirror => !turned,
        }
    }
}

/// A vault's map: a small [`Grid`] of ASCII glyphs, one byte a cell.
///
/// ```
/// use mapgen::Point;
/// use mapgen::vaults::Glyphs;
/// let closet = Glyphs::from_rows(&["###", "#@#"]).unwrap();
/// assert_eq!((closet.width(), closet.height()), (3, 2));
/// assert_eq!(closet.glyph(Point::new(1, 1)), Some(b'@'));
/// assert_eq!(closet.glyph(Point::new(3, 0)), None);
/// assert_eq!(closet.rows(), ["###", "#@#"]);
/// assert!(Glyphs::from_rows(&["###", "#"]).is_none(), "rows of two lengths");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Glyphs(Grid<u8>);

impl Glyphs {
    /// The glyphs of equally long ASCII rows; `None` when rows differ in length, are not
    /// ASCII or are longer than a map's side.
    pub fn from_rows(rows: &[&str]) -> Option<Glyphs> {
        let width = rows.first().map_or(0, |r| r.len());
        if !rows.iter().all(|r| r.len() == width && r.is_ascii()) {
            return None;
        }
        let cells = rows.iter().flat_map(|r| r.bytes()).collect();
        let (width, height) = (i32::try_from(width).ok()?, i32::try_from(rows.len()).ok()?);
        Grid::from_cells(width, height, cells).ok().map(Glyphs)
    }

    /// Glyphs from their cells, row-major; the caller keeps `cells.len() == width *
    /// height` and the sides small (a vault's are at most [`MAX_SIDE`](super::MAX_SIDE)).
    pub(crate) fn from_cells(width: usize, height: usize, cells: Vec<u8>) -> Glyphs {
        debug_assert_eq!(cells.len(), width * height);
        Glyphs(Grid::from_cells(width as i32, height as i32, cells).unwrap_or_default())
    }

    /// Width in glyphs.
    pub const fn width(&self) -> i32 {
        self.0.width()
    }

    /// Height in glyphs.
    pub const fn height(&self) -> i32 {
        self.0.height()
    }

    /// The glyph at `p`; `None` outside.
    pub fn glyph(&self, p: impl Into<Point>) -> Option<u8> {
        self.0.get(p).copied()
    }

    /// The glyphs as a grid.
    pub(crate) const fn grid(&self) -> &Grid<u8> {
        &self.0
    }

    /// All glyphs, row-major.
    pub fn cells(&self) -> &[u8] {
        self.0.cells()
    }

    /// The rows as text, as written (spaces kept).
    pub fn rows(&self) -> Vec<String> {
        (0..self.height())
            .map(|y| self.0.row(y).iter().map(|&b| char::from(b)).collect())
            .collect()
    }

    /// These glyphs laid down in `orientation`: mirrored first, then turned clockwise.
    ///
    /// Four quarter turns, and two mirrors, give the glyphs back:
    ///
    /// ```
    /// use mapgen::vaults::{Glyphs, Orientation, Rotation};
    /// let vault = Glyphs::from_rows(&["#@#", "#.~"]).unwrap();
    /// let quarter = Orientation { mirror: false, rotate: Rotation::R90 };
    /// let mut turned = vault.clone();
    /// for _ in 0..4 {
    ///     turned = turned.oriented(quarter);
    /// }
    /// assert_eq!(turned, vault);
    /// ```
    #[must_use]
    pub fn oriented(&self, orientation: Orientation) -> Glyphs {
        let mut out = if orientation.mirror {
            self.mirrored()
        } else {
            self.clone()
        };
        for _ in 0..orientation.rotate.quarters() {
            out = out.turned_clockwise();
        }
        out
    }

    /// Each row flipped left to right.
    fn mirrored(&self) -> Glyphs {
        let mut cells = self.0.cells().to_vec();
        for row in cells.chunks_mut(self.width().max(1) as usize) {
            row.reverse();
        }
        Glyphs::from_cells(self.width() as usize, self.height() as usize, cells)
    }

    /// A quarter turn clockwise: the new cell `(x, y)` is the old `(y, height - 1 - x)`,
    /// so the top row becomes the right column.
    fn turned_clockwise(&self) -> Glyphs {
        let (w, h) = (self.height(), self.width());
        let mut cells = Vec::with_capacity(self.0.len());
        for y in 0..h {
            for x in 0..w {
                cells.push(
                    self.glyph(Point::new(y, self.height() - 1 - x))
                        .unwrap_or(b' '),
                );
            }
        }
        Glyphs::from_cells(w as usize, h as usize, cells)
    }

    /// The distinct orientations among those `transforms` allows, in [`Orientation::ALL`]'s
    /// order, each with its glyphs; of orientations giving equal glyphs the first is kept,
    /// so a symmetric vault is not more likely in one layout than another.
    pub fn distinct_orientations(&self, transforms: Transforms) -> Vec<(Orientation, Glyphs)> {
        let mut out: Vec<(Orientation, Glyphs)> = Vec::new();
        for orientation in Orientation::ALL {
            if !transforms.allows(orientation) {
                continue;
            }
            let glyphs = self.oriented(orientation);
            if out.iter().all(|(_, g)| *g != glyphs) {
                out.push((orientation, glyphs));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orientation_list_is_the_documented_order() {
        let degrees: Vec<(bool, u16)> = Orientation::ALL
            .iter()
            .map(|o| (o.mirror, o.rotate.degrees()))
            .collect();
        assert_eq!(
            degrees,
            [
                (false, 0),
                (false, 90),
                (false, 180),
                (false, 270),
                (true, 0),
                (true, 90),
                (true, 180),
                (true, 270)
            ]
        );
    }

    #[test]
    fn turns_and_mirrors_of_a_small_vault() {
        let g = Glyphs::from_rows(&["ab", "cd", "ef"]).unwrap();
        let o = |mirror, rotate| g.oriented(Orientation { mirror, rotate }).rows();
        assert_eq!(o(false, Rotation::R90), ["eca", "fdb"]);
        assert_eq!(o(false, Rotation::R180), ["fe", "dc", "ba"]);
        assert_eq!(o(false, Rotation::R270), ["bdf", "ace"]);
        assert_eq!(o(true, Rotation::R0), ["ba", "dc", "fe"]);
        // Mirror first, then turn: the mirrored rows turned a quarter.
        assert_eq!(o(true, Rotation::R90), ["fdb", "eca"]);
    }

    #[test]
    fn symmetric_vaults_have_fewer_distinct_orientations() {
        let square = Glyphs::from_rows(&["###", "#@#", "###"]).unwrap();
        assert_eq!(square.distinct_orientations(Transforms::All).len(), 1);
        let bar = Glyphs::from_rows(&["#@#"]).unwrap();
        let kept: Vec<Orientation> = bar
            .distinct_orientations(Transforms::All)
            .into_iter()
            .map(|(o, _)| o)
            .collect();
        assert_eq!(kept, [Orientation::ALL[0], Orientation::ALL[1]]);
        let corner = Glyphs::from_rows(&["@#", "##"]).unwrap();
        assert_eq!(corner.distinct_orientations(Transforms::All).len(), 4);
        assert_eq!(corner.distinct_orientations(Transforms::Mirror).len(), 2);
        assert_eq!(corner.distinct_orientations(Transforms::None).len(), 1);
        let chiral = Glyphs::from_rows(&["@#.", "###"]).unwrap();
        assert_eq!(chiral.distinct_orientations(Transforms::All).len(), 8);
        assert_eq!(chiral.distinct_orientations(Transforms::Rotate).len(), 4);
    }
}
