//! Which rotations and reflections of the sample's windows are patterns too: the dihedral
//! group of the square and the subgroups the `symmetry` setting names.
//!
//! Every subgroup used is closed under composition, so "a window occurs in the sample
//! under the symmetry" means the same whichever of its images is compared.

use crate::generators::named_enum::named_enum;

named_enum! {
    /// How many images of each sample window (rotations and reflections) become patterns:
    /// the command line's `--pattern-symmetry 1|2|4|8`.
    ///
    /// ```
    /// use mapgen::generators::wfc::PatternSymmetry;
    /// let symmetry: PatternSymmetry = "4".parse()?;
    /// assert_eq!(symmetry, PatternSymmetry::Four);
    /// assert_eq!(symmetry.images(), 4);
    /// assert!("3".parse::<PatternSymmetry>().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub enum PatternSymmetry ("pattern symmetry") {
        /// The windows as the sample has them.
        One = "1",
        /// And their mirror images, left to right.
        Two = "2",
        /// And mirrored top to bottom, and turned half way: rows stay rows.
        Four = "4",
        /// All eight: the four quarter turns, each also mirrored.
        Eight = "8",
    }
}

impl PatternSymmetry {
    /// How many images of a window are used: 1, 2, 4 or 8.
    pub const fn images(self) -> usize {
        self.transforms().len()
    }

    /// The images, the identity first.
    pub(crate) const fn transforms(self) -> &'static [Transform] {
        use Transform::*;
        match self {
            PatternSymmetry::One => &[Identity],
            PatternSymmetry::Two => &[Identity, MirrorX],
            PatternSymmetry::Four => &[Identity, MirrorX, MirrorY, Turn180],
            PatternSymmetry::Eight => &[
                Identity, MirrorX, MirrorY, Turn180, Turn90, Turn270, Transpose, AntiTranspose,
            ],
        }
    }
}

/// One symmetry of the square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Transform {
    Identity,
    /// Left and right swapped.
    MirrorX,
    /// Top and bottom swapped.
    MirrorY,
    Turn180,
    /// A quarter turn clockwise.
    Turn90,
    /// A quarter turn anticlockwise.
    Turn270,
    /// Mirrored in the main diagonal: rows become columns.
    Transpose,
    /// Mirrored in the other diagonal.
    AntiTranspose,
}

impl Transform {
    /// The cell of the original `n` x `n` window that lands at `(x, y)` of the image.
    pub(crate) const fn source(self, n: usize, x: usize, y: usize) -> (usize, usize) {
        let (fx, fy) = (n - 1 - x, n - 1 - y);
        match self {
            Transform::Identity => (x, y),
            Transform::MirrorX => (fx, y),
            Transform::MirrorY => (x, fy),
            Transform::Turn180 => (fx, fy),
            Transform::Turn90 => (y, fx),
            Transform::Turn270 => (fy, x),
            Transform::Transpose => (y, x),
            Transform::AntiTranspose => (fy, fx),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The image of a window given as rows of bytes.
    fn image(t: Transform, rows: &[&[u8]]) -> Vec<Vec<u8>> {
        let n = rows.len();
        (0..n)
            .map(|y| {
                (0..n)
                    .map(|x| {
                        let (sx, sy) = t.source(n, x, y);
                        rows[sy][sx]
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn each_transform_moves_the_corner_where_it_should() {
        let window: &[&[u8]] = &[b"ab", b"cd"];
        let cases = [
            (Transform::Identity, [b"ab", b"cd"]),
            (Transform::MirrorX, [b"ba", b"dc"]),
            (Transform::MirrorY, [b"cd", b"ab"]),
            (Transform::Turn180, [b"dc", b"ba"]),
            (Transform::Turn90, [b"ca", b"db"]),
            (Transform::Turn270, [b"bd", b"ac"]),
            (Transform::Transpose, [b"ac", b"bd"]),
            (Transform::AntiTranspose, [b"db", b"ca"]),
        ];
        for (t, expected) in cases {
            let expected: Vec<Vec<u8>> = expected.iter().map(|r| r.to_vec()).collect();
            assert_eq!(image(t, window), expected, "{t:?}");
        }
    }

    #[test]
    fn every_symmetry_is_a_group() {
        // Closed under composition: the image of an image is again one of the images.
        let window: &[&[u8]] = &[b"abc", b"def", b"ghi"];
        for &symmetry in PatternSymmetry::ALL {
            let images: Vec<_> = symmetry.transforms().iter().map(|&t| image(t, window)).collect();
            for first in &images {
                let rows: Vec<&[u8]> = first.iter().map(Vec::as_slice).collect();
                for &t in symmetry.transforms() {
                    assert!(images.contains(&image(t, &rows)), "{symmetry:?}");
                }
            }
            assert_eq!(symmetry.name().parse::<usize>().unwrap(), symmetry.images());
        }
    }
}
