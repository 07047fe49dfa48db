//! The text format of the field-of-view test cases: parameters, a map, and optionally the
//! expected answer and libtcod's. [`FovCase::parse`] reads it; `FovCase`'s `Display`
//! writes it.
//!
//! ```text
//! # a comment
//! size W H
//! origin X Y
//! radius R
//! light_walls 0|1
//! map
//! <H lines of W glyphs, as Map::from_ascii reads them: '#' opaque, '.' transparent, '+', '~'>
//! visible            (optional: the expected answer)
//! <H lines of W chars: '1' visible, '0' not>
//! libtcod            (optional: libtcod's answer where it differs)
//! <H lines of W chars>
//! ```
//!
//! Before the `map` line, blank lines and lines starting with `#` are skipped; after the
//! map, blank lines between the sections. Lines may end in `\n` or `\r\n`, and a UTF-8
//! byte-order mark before the first line is skipped.
//!
//! ```
//! use fov_case::FovCase;
//! use mapgen::fov::FieldOfView;
//!
//! let text = "size 3 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.#.\nvisible\n110\n";
//! let case = FovCase::parse(text)?;
//! let mut fov = FieldOfView::default();
//! fov.compute(&case.map, case.origin, case.radius, case.light_walls)?;
//! assert_eq!(case.visible, Some(fov.to_string()));
//! assert_eq!(case.to_string(), text); // and back to text
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::fmt;

use mapgen::fov::{LightWalls, Radius};
use mapgen::{Map, MapError, Point};

/// One case. Parsing is pure: it reads text and does no I/O.
///
/// `Display` writes the case in the format [`FovCase::parse`] reads, so cases round-trip
/// through text (as long as the map is at least 1x1 and each section has the map's size
/// and only `0` and `1`):
///
/// ```
/// use fov_case::FovCase;
/// use mapgen::fov::{LightWalls, Radius};
/// use mapgen::{Map, Point};
///
/// let case = FovCase {
///     origin: Point::new(0, 0),
///     radius: Radius::Tiles(8),
///     light_walls: LightWalls::On,
///     map: Map::from_ascii(".#.\n")?,
///     visible: Some("110\n".to_string()),
///     libtcod: None,
/// };
/// let text = case.to_string();
/// assert_eq!(
///     text,
///     "size 3 1\norigin 0 0\nradius 8\nlight_walls 1\nmap\n.#.\nvisible\n110\n"
/// );
/// assert_eq!(FovCase::parse(&text)?, case);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FovCase {
    /// The point of view (not checked against the map: that is the computation's job).
    pub origin: Point,
    /// The radius; the file writes [`Radius::Unlimited`] as `radius 0`, as libtcod does.
    pub radius: Radius,
    /// Whether opaque cells are revealed (`light_walls 1` is [`LightWalls::On`]).
    pub light_walls: LightWalls,
    /// The map.
    pub map: Map,
    /// The `visible` section, one line per row ending in `\n`, if present.
    pub visible: Option<String>,
    /// The `libtcod` section, in the same form, if present.
    pub libtcod: Option<String>,
}

/// Why a case could not be read. Line numbers count from 1.
///
/// Marked `#[non_exhaustive]` because the format may grow new checks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FovCaseError {
    /// A header line that is not `KEY VALUE...` with a known key.
    #[error(
        "line {line}: unknown line {text:?}; expected size, origin, radius, light_walls or map"
    )]
    UnknownLine {
        /// Where.
        line: usize,
        /// The line.
        text: String,
    },
    /// A header key given twice.
    #[error("line {line}: {key} given twice")]
    Duplicate {
        /// Where.
        line: usize,
        /// The key.
        key: &'static str,
    },
    /// A header value that does not parse or is out of range.
    #[error("line {line}: bad {key} {value:?}; expected {expected}")]
    BadValue {
        /// Where.
        line: usize,
        /// The key.
        key: &'static str,
        /// The text after the key.
        value: String,
        /// What is allowed.
        expected: &'static str,
    },
    /// A header key missing before the `map` line.
    #[error("no {key} line before the map")]
    Missing {
        /// The key.
        key: &'static str,
    },
    /// The text ends before a `map` line.
    #[error("no map line; the map must follow size, origin, radius and light_walls")]
    NoMap,
    /// A section with fewer rows than the map's height.
    #[error("{section} section has {found} rows; expected {expected}")]
    ShortSection {
        /// `map`, `visible` or `libtcod`.
        section: &'static str,
        /// Rows found.
        found: usize,
        /// The height.
        expected: usize,
    },
    /// A section row of the wrong length.
    #[error("line {line}: {section} row has {len} characters; expected {expected}")]
    RowLength {
        /// Where.
        line: usize,
        /// `map`, `visible` or `libtcod`.
        section: &'static str,
        /// Characters found.
        len: usize,
        /// The width.
        expected: usize,
    },
    /// A character not allowed in a section.
    #[error("line {line}, column {column}: {glyph:?} is not allowed in the {section} section")]
    Glyph {
        /// Where.
        line: usize,
        /// The character's column, from 1.
        column: usize,
        /// The character.
        glyph: char,
        /// `map`, `visible` or `libtcod`.
        section: &'static str,
    },
    /// The map section does not make a map for another reason.
    #[error("map section: {0}")]
    Map(MapError),
    /// Anything after the map but the two known sections (or one of them twice).
    #[error("line {line}: unexpected {text:?} after the map; expected visible or libtcod")]
    Trailing {
        /// Where.
        line: usize,
        /// The line.
        text: String,
    },
}

/// The four header values, each optional until the `map` line.
#[derive(Default)]
struct Header {
    size: Option<(usize, usize)>,
    origin: Option<Point>,
    radius: Option<u32>,
    light_walls: Option<LightWalls>,
}

/// A line of the case file: its number from 1, and its text without the line ending.
type Line<'a> = (usize, &'a str);

impl FovCase {
    /// Parses a whole case, the expected sections included.
    ///
    /// ```
    /// use fov_case::FovCase;
    /// let case = FovCase::parse(
    ///     "size 3 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.#.\nvisible\n110\n",
    /// )?;
    /// assert_eq!(case.map.to_string(), ".#.\n");
    /// assert_eq!(case.visible.as_deref(), Some("110\n"));
    /// assert_eq!(case.libtcod, None);
    /// # Ok::<(), fov_case::FovCaseError>(())
    /// ```
    ///
    /// # Errors
    /// A [`FovCaseError`] naming the line and the problem:
    ///
    /// ```
    /// use fov_case::FovCase;
    /// let err = FovCase::parse("size 2 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.x\n");
    /// assert_eq!(
    ///     err.unwrap_err().to_string(),
    ///     "line 6, column 2: 'x' is not allowed in the map section"
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<FovCase, FovCaseError> {
        FovCase::parse_with(text, true)
    }

    /// Parses the parameters and the map only, ignoring whatever follows the map (the
    /// expected sections); `visible` and `libtcod` are `None`.
    ///
    /// ```
    /// use fov_case::FovCase;
    /// let text = "size 1 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.\nvisible\n2\n";
    /// assert_eq!(FovCase::parse_input(text)?.visible, None);
    /// assert!(FovCase::parse(text).is_err()); // '2' is not allowed under visible
    /// # Ok::<(), fov_case::FovCaseError>(())
    /// ```
    ///
    /// # Errors
    /// A [`FovCaseError`] naming the line and the problem.
    pub fn parse_input(text: &str) -> Result<FovCase, FovCaseError> {
        FovCase::parse_with(text, false)
    }

    fn parse_with(text: &str, sections: bool) -> Result<FovCase, FovCaseError> {
        // Editors on Windows may start a UTF-8 file with a byte-order mark.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text
            .lines()
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .enumerate()
            .map(|(i, l)| (i + 1, l));

        let mut header = Header::default();
        loop {
            let Some((line, l)) = lines.next() else {
                // No map line: report the first missing value, or the map itself.
                header.check()?;
                return Err(FovCaseError::NoMap);
            };
            let l = l.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            if l == "map" {
                break;
            }
            header.read(line, l)?;
        }
        let (width, height, origin, radius, light_walls) = header.check()?;

        let rows: Vec<Line> = lines.by_ref().take(height).collect();
        let map = read_map(&rows, width)?;
        check_height("map", &rows, height)?;

        let mut case = FovCase {
            origin,
            radius: Radius::or_unlimited(radius),
            light_walls,
            map,
            visible: None,
            libtcod: None,
        };
        if !sections {
            return Ok(case);
        }
        while let Some((line, l)) = lines.next() {
            let (section, slot) = match l.trim() {
                "" => continue,
                "visible" if case.visible.is_none() => ("visible", &mut case.visible),
                "libtcod" if case.libtcod.is_none() => ("libtcod", &mut case.libtcod),
                _ => {
                    return Err(FovCaseError::Trailing {
                        line,
                        text: excerpt(l),
                    });
                }
            };
            let rows: Vec<Line> = lines.by_ref().take(height).collect();
            let grid = read_grid(&rows, section, width)?;
            check_height(section, &rows, height)?;
            *slot = Some(grid);
        }
        Ok(case)
    }
}

impl fmt::Display for FovCase {
    /// The case in the format [`FovCase::parse`] reads: the four header lines, `map` and
    /// its rows, then the `visible` and `libtcod` sections that are present. No comments.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "size {} {}", self.map.width(), self.map.height())?;
        writeln!(f, "origin {} {}", self.origin.x, self.origin.y)?;
        writeln!(f, "radius {}", self.radius.limit().unwrap_or(0))?;
        writeln!(
            f,
            "light_walls {}",
            u8::from(self.light_walls == LightWalls::On)
        )?;
        write!(f, "map\n{}", self.map)?;
        for (section, grid) in [("visible", &self.visible), ("libtcod", &self.libtcod)] {
            if let Some(grid) = grid {
                writeln!(f, "{section}")?;
                for row in grid.lines() {
                    writeln!(f, "{row}")?;
                }
            }
        }
        Ok(())
    }
}

impl Header {
    fn read(&mut self, line: usize, l: &str) -> Result<(), FovCaseError> {
        let (key, value) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
        let value = value.trim();
        let bad = |key, expected| FovCaseError::BadValue {
            line,
            key,
            value: excerpt(value),
            expected,
        };
        let twice = |set: bool, key| {
            if set {
                Err(FovCaseError::Duplicate { line, key })
            } else {
                Ok(())
            }
        };
        let pair = |value: &str| -> Option<(i64, i64)> {
            let mut it = value.split_whitespace().map(str::parse::<i64>);
            match (it.next(), it.next(), it.next()) {
                (Some(Ok(a)), Some(Ok(b)), None) => Some((a, b)),
                _ => None,
            }
        };
        match key {
            "size" => {
                twice(self.size.is_some(), "size")?;
                let side = |v: i64| (1..=i64::from(Map::MAX_SIDE)).contains(&v);
                const EXPECTED: &str = "two sides in 1..=10000";
                let (w, h) = pair(value)
                    .filter(|&(w, h)| side(w) && side(h))
                    .ok_or_else(|| bad("size", EXPECTED))?;
                self.size = Some((w as usize, h as usize));
            }
            "origin" => {
                twice(self.origin.is_some(), "origin")?;
                let fits = |v: i64| i32::try_from(v).ok();
                let p = pair(value)
                    .and_then(|(x, y)| Some(Point::new(fits(x)?, fits(y)?)))
                    .ok_or_else(|| bad("origin", "two integers X Y"))?;
                self.origin = Some(p);
            }
            "radius" => {
                twice(self.radius.is_some(), "radius")?;
                let r = value
                    .parse::<u32>()
                    .map_err(|_| bad("radius", "an integer in 0..=4294967295"))?;
                self.radius = Some(r);
            }
            "light_walls" => {
                twice(self.light_walls.is_some(), "light_walls")?;
                self.light_walls = Some(match value {
                    "0" => LightWalls::Off,
                    "1" => LightWalls::On,
                    _ => return Err(bad("light_walls", "0 or 1")),
                });
            }
            _ => {
                return Err(FovCaseError::UnknownLine {
                    line,
                    text: excerpt(l),
                });
            }
        }
        Ok(())
    }

    #[allow(clippy::type_complexity)]
    fn check(&self) -> Result<(usize, usize, Point, u32, LightWalls), FovCaseError> {
        let missing = |key| FovCaseError::Missing { key };
        let (w, h) = self.size.ok_or(missing("size"))?;
        Ok((
            w,
            h,
            self.origin.ok_or(missing("origin"))?,
            self.radius.ok_or(missing("radius"))?,
            self.light_walls.ok_or(missing("light_walls"))?,
        ))
    }
}

/// The text of a line for an error message: whole when short, else its start and how
/// long it is, so that a huge bad line makes a short message.
fn excerpt(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        None => text.to_string(),
        Some((end, _)) => format!("{}… ({} characters)", &text[..end], text.chars().count()),
    }
}

/// Reads the map section's rows (all of them, or as many as the file has) with
/// [`Map::from_ascii`], turning its row and column into the case file's line and column.
fn read_map(rows: &[Line], width: usize) -> Result<Map, FovCaseError> {
    let row_length = |line, len| FovCaseError::RowLength {
        line,
        section: "map",
        len,
        expected: width,
    };
    // `from_ascii` measures every row against the first; the first must match the size line.
    if let Some(&(line, first)) = rows.first() {
        let len = first.chars().count();
        if len != width {
            return Err(row_length(line, len));
        }
    }
    // `str::lines` in `from_ascii` removes one "\r\n" per row, so a row that itself ends in
    // '\r' keeps it, and is refused as it would be anywhere else in the row.
    let text: String = rows.iter().flat_map(|&(_, row)| [row, "\r\n"]).collect();
    Map::from_ascii(&text).map_err(|error| match error {
        MapError::Glyph { glyph, x, y } => FovCaseError::Glyph {
            line: rows[y].0,
            column: x + 1,
            glyph,
            section: "map",
        },
        MapError::Ragged { row, len, .. } => row_length(rows[row].0, len),
        // The size line already allows no side above Map::MAX_SIDE.
        other => FovCaseError::Map(other),
    })
}

/// Reads a `visible` or `libtcod` section's rows (all of them, or as many as the file
/// has): `width` characters each, `0` or `1`.
fn read_grid(rows: &[Line], section: &'static str, width: usize) -> Result<String, FovCaseError> {
    let mut grid = String::with_capacity((width + 1) * rows.len());
    for &(line, row) in rows {
        let len = row.chars().count();
        if len != width {
            return Err(FovCaseError::RowLength {
                line,
                section,
                len,
                expected: width,
            });
        }
        let bad = row
            .chars()
            .enumerate()
            .find(|&(_, c)| !matches!(c, '0' | '1'));
        if let Some((x, glyph)) = bad {
            return Err(FovCaseError::Glyph {
                line,
                column: x + 1,
                glyph,
                section,
            });
        }
        grid.push_str(row);
        grid.push('\n');
    }
    Ok(grid)
}

/// A section must have a row for each of the map's `height` rows.
fn check_height(section: &'static str, rows: &[Line], height: usize) -> Result<(), FovCaseError> {
    if rows.len() < height {
        return Err(FovCaseError::ShortSection {
            section,
            found: rows.len(),
            expected: height,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input_of(case: &FovCase) -> FovCase {
        FovCase {
            visible: None,
            libtcod: None,
            ..case.clone()
        }
    }

    const GOOD: &str = "# comment\nsize 3 2\norigin 2 1\nradius 5\nlight_walls 0\nmap\n\
                        .#.\n...\nvisible\n101\n111\nlibtcod\n100\n111\n";

    #[test]
    fn reads_every_part() {
        let case = FovCase::parse(GOOD).unwrap();
        assert_eq!(case.origin, Point::new(2, 1));
        assert_eq!(case.radius, Radius::Tiles(5));
        assert_eq!(case.light_walls, LightWalls::Off);
        assert_eq!(case.map.to_string(), ".#.\n...\n");
        assert_eq!(case.visible.as_deref(), Some("101\n111\n"));
        assert_eq!(case.libtcod.as_deref(), Some("100\n111\n"));
        let input = FovCase::parse_input(GOOD).unwrap();
        assert_eq!((input.visible, input.libtcod), (None, None));
        assert_eq!(input.map, case.map);
        // CRLF line endings read the same.
        assert_eq!(FovCase::parse(&GOOD.replace('\n', "\r\n")).unwrap(), case);
        // So does a file that starts with a UTF-8 byte-order mark (Notepad writes one).
        let with_bom = format!("\u{feff}{GOOD}");
        assert_eq!(FovCase::parse(&with_bom).unwrap(), case);
        assert_eq!(FovCase::parse_input(&with_bom).unwrap(), input_of(&case));
        let header_first = "\u{feff}size 1 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.\n";
        assert!(FovCase::parse(header_first).is_ok());
    }

    #[test]
    fn input_mode_ignores_what_follows_the_map() {
        let text = "size 1 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.\nvisible\n2\n";
        assert!(FovCase::parse_input(text).is_ok());
        assert_eq!(
            FovCase::parse(text),
            Err(FovCaseError::Glyph {
                line: 8,
                column: 1,
                glyph: '2',
                section: "visible"
            })
        );
    }

    #[test]
    fn errors_name_the_line_and_problem() {
        let cases: &[(&str, &str)] = &[
            ("", "no size line before the map"),
            ("size 1 1\nmap\n.\n", "no origin line before the map"),
            (
                "size 1 1\norigin 0 0\nradius 0\nlight_walls 1\n",
                "no map line; the map must follow",
            ),
            (
                "size 0 1\n",
                "line 1: bad size \"0 1\"; expected two sides in 1..=10000",
            ),
            ("size 2 2 2\n", "line 1: bad size \"2 2 2\""),
            ("origin x 1\n", "line 1: bad origin \"x 1\""),
            ("radius -1\n", "line 1: bad radius \"-1\""),
            (
                "light_walls yes\n",
                "line 1: bad light_walls \"yes\"; expected 0 or 1",
            ),
            ("size 1 1\nsize 1 1\n", "line 2: size given twice"),
            ("\nfoo 1\n", "line 2: unknown line \"foo 1\""),
            (
                "size 2 2\norigin 0 0\nradius 0\nlight_walls 1\nmap\n..\n",
                "map section has 1 rows; expected 2",
            ),
            (
                "size 2 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n...\n",
                "line 6: map row has 3 characters; expected 2",
            ),
            (
                "size 2 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.x\n",
                "line 6, column 2: 'x' is not allowed in the map section",
            ),
            (
                "size 1 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.\nvisible\n1\nvisible\n1\n",
                "line 9: unexpected \"visible\" after the map",
            ),
            (
                "size 1 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.\nextra\n",
                "line 7: unexpected \"extra\" after the map",
            ),
        ];
        for (text, want) in cases {
            let got = FovCase::parse(text).unwrap_err().to_string();
            assert!(
                got.starts_with(want),
                "{text:?}: got {got:?}, want {want:?}"
            );
        }
    }

    /// The map goes through `Map::from_ascii`; its errors must still come in file order
    /// (a row's length before its glyphs, a bad row before a missing one) and name the
    /// case file's line and column.
    #[test]
    fn map_errors_come_in_file_order_with_file_positions() {
        let head = "size 3 3\norigin 0 0\nradius 0\nlight_walls 1\n\n# the map\nmap\n";
        let cases: &[(&str, FovCaseError)] = &[
            // The first row is measured against the size line, not against itself.
            (
                "..\n...\n...\n",
                FovCaseError::RowLength {
                    line: 8,
                    section: "map",
                    len: 2,
                    expected: 3,
                },
            ),
            (
                "x.\n...\n...\n",
                FovCaseError::RowLength {
                    line: 8,
                    section: "map",
                    len: 2,
                    expected: 3,
                },
            ),
            (
                "...\n.....\n",
                FovCaseError::RowLength {
                    line: 9,
                    section: "map",
                    len: 5,
                    expected: 3,
                },
            ),
            // A bad glyph in an earlier row comes before a ragged later row.
            (
                "..x\n.\n...\n",
                FovCaseError::Glyph {
                    line: 8,
                    column: 3,
                    glyph: 'x',
                    section: "map",
                },
            ),
            (
                "...\n+~#\n.?.\n",
                FovCaseError::Glyph {
                    line: 10,
                    column: 2,
                    glyph: '?',
                    section: "map",
                },
            ),
            // Columns count characters, not bytes.
            (
                "...\né.x\n",
                FovCaseError::Glyph {
                    line: 9,
                    column: 1,
                    glyph: 'é',
                    section: "map",
                },
            ),
            // The rows present are checked before the missing ones are reported.
            (
                "...\n.x.\n",
                FovCaseError::Glyph {
                    line: 9,
                    column: 2,
                    glyph: 'x',
                    section: "map",
                },
            ),
            (
                "...\n...\n",
                FovCaseError::ShortSection {
                    section: "map",
                    found: 2,
                    expected: 3,
                },
            ),
            (
                "",
                FovCaseError::ShortSection {
                    section: "map",
                    found: 0,
                    expected: 3,
                },
            ),
            // `str::lines` takes "\r\n" (or "\n") as a line ending and the reader one more '\r'
            // (or a '\r' at the very end); a '\r' beyond those is a glyph.
            (
                "...\n..\r\r\r\n...\n",
                FovCaseError::Glyph {
                    line: 9,
                    column: 3,
                    glyph: '\r',
                    section: "map",
                },
            ),
            (
                "...\n...\n..\r\r",
                FovCaseError::Glyph {
                    line: 10,
                    column: 3,
                    glyph: '\r',
                    section: "map",
                },
            ),
        ];
        for (map, want) in cases {
            let text = format!("{head}{map}");
            assert_eq!(FovCase::parse(&text).as_ref(), Err(want), "{map:?}");
            assert_eq!(FovCase::parse_input(&text).as_ref(), Err(want), "{map:?}");
        }
        let crlf = FovCase::parse(&format!("{head}...\r\n...\r\n...\r")).unwrap();
        assert_eq!(crlf.map.to_string(), "...\n...\n...\n");
    }

    #[test]
    fn section_errors_come_in_file_order() {
        let head = "size 2 2\norigin 0 0\nradius 0\nlight_walls 1\nmap\n..\n..\n";
        let cases: &[(&str, &str)] = &[
            (
                "visible\n1x\n",
                "line 9, column 2: 'x' is not allowed in the visible section",
            ),
            ("visible\n11\n", "visible section has 1 rows; expected 2"),
            (
                "visible\n11\n11\n\nlibtcod\n11\n111\n",
                "line 14: libtcod row has 3 characters; expected 2",
            ),
        ];
        for (sections, want) in cases {
            let got = FovCase::parse(&format!("{head}{sections}")).unwrap_err();
            assert_eq!(got.to_string(), *want);
        }
    }

    #[test]
    fn a_huge_bad_line_makes_a_short_message() {
        let long = format!("radius {}", "9".repeat(100_000));
        let message = FovCase::parse(&long).unwrap_err().to_string();
        assert_eq!(
            message,
            format!(
                "line 1: bad radius \"{}… (100000 characters)\"; expected an integer in 0..=4294967295",
                "9".repeat(40)
            )
        );
        let unknown = format!("{}\n", "x".repeat(50_000));
        let message = FovCase::parse(&unknown).unwrap_err().to_string();
        assert!(message.len() < 200, "{message}");
        assert_eq!(excerpt("short"), "short");
    }

    #[test]
    fn writes_what_it_reads() {
        // Without its comment line, GOOD is exactly what the writer writes.
        let case = FovCase::parse(GOOD).unwrap();
        let text = case.to_string();
        assert_eq!(text, GOOD.split_once('\n').unwrap().1);
        assert_eq!(FovCase::parse(&text).unwrap(), case);

        // Every tile glyph, negative and far origins, each section alone and neither.
        let map = Map::from_ascii("#.+~\n~+.#\n").unwrap();
        let grids = [None, Some("1010\n0101\n".to_string())];
        for origin in [Point::new(-3, 7), Point::new(i32::MAX, i32::MIN)] {
            for light_walls in [LightWalls::Off, LightWalls::On] {
                for visible in &grids {
                    for libtcod in &grids {
                        let case = FovCase {
                            origin,
                            radius: Radius::Tiles(u32::MAX),
                            light_walls,
                            map: map.clone(),
                            visible: visible.clone(),
                            libtcod: libtcod.clone(),
                        };
                        let text = case.to_string();
                        assert_eq!(FovCase::parse(&text).as_ref(), Ok(&case), "{text}");
                        let input = FovCase {
                            visible: None,
                            libtcod: None,
                            ..case
                        };
                        assert_eq!(FovCase::parse_input(&text), Ok(input), "{text}");
                    }
                }
            }
        }
    }
}
