//! The text format of the field-of-view cases: parameters, a map, and optionally the
//! expected answer and libtcod's.
//!
//! ```text
//! # a comment
//! size W H
//! origin X Y
//! radius R
//! light_walls 0|1
//! map
//! <H lines of W glyphs: '#' opaque, '.' transparent ('+' and '~' as in Map::from_ascii)>
//! visible            (optional: the expected answer)
//! <H lines of W chars: '1' visible, '0' not>
//! libtcod            (optional: libtcod's answer where it differs)
//! <H lines of W chars>
//! ```

use crate::{Map, Point, Tile};

/// One parsed case. Parsing is pure: it reads text and does no I/O.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FovCase {
    /// The point of view (not checked against the map: that is the computation's job).
    pub origin: Point,
    /// The radius; 0 is unlimited.
    pub radius: u32,
    /// Whether opaque cells are revealed.
    pub light_walls: bool,
    /// The map.
    pub map: Map,
    /// The `visible` section, one line per row ending in `\n`, if present.
    pub visible: Option<String>,
    /// The `libtcod` section, in the same form, if present.
    pub libtcod: Option<String>,
}

/// Why a case could not be read. Line numbers count from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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
    light_walls: Option<bool>,
}

impl FovCase {
    /// Parses a whole case, the expected sections included.
    ///
    /// ```
    /// use mapgen::fov::FovCase;
    /// let case = FovCase::parse(
    ///     "size 3 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.#.\nvisible\n110\n",
    /// )?;
    /// assert_eq!(case.map.to_string(), ".#.\n");
    /// assert_eq!(case.visible.as_deref(), Some("110\n"));
    /// assert_eq!(case.libtcod, None);
    /// # Ok::<(), mapgen::fov::FovCaseError>(())
    /// ```
    ///
    /// # Errors
    /// A [`FovCaseError`] naming the line and the problem.
    pub fn parse(text: &str) -> Result<FovCase, FovCaseError> {
        FovCase::parse_with(text, true)
    }

    /// Parses the parameters and the map only, ignoring whatever follows the map (the
    /// expected sections); `visible` and `libtcod` are `None`.
    ///
    /// # Errors
    /// A [`FovCaseError`] naming the line and the problem.
    pub fn parse_input(text: &str) -> Result<FovCase, FovCaseError> {
        FovCase::parse_with(text, false)
    }

    fn parse_with(text: &str, sections: bool) -> Result<FovCase, FovCaseError> {
        // (line number from 1, text without its line ending)
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

        let mut map = Map::new(width as i32, height as i32).expect("size checked");
        read_section(&mut lines, "map", width, height, |x, y, glyph| {
            let tile = Tile::from_glyph(glyph)?;
            map.set((x as i32, y as i32), tile);
            Some(())
        })?;

        let mut case = FovCase {
            origin,
            radius,
            light_walls,
            map,
            visible: None,
            libtcod: None,
        };
        if !sections {
            return Ok(case);
        }
        while let Some((line, l)) = lines.next() {
            let slot = match l.trim() {
                "" => continue,
                "visible" if case.visible.is_none() => &mut case.visible,
                "libtcod" if case.libtcod.is_none() => &mut case.libtcod,
                _ => {
                    return Err(FovCaseError::Trailing {
                        line,
                        text: l.to_string(),
                    });
                }
            };
            let section = if l.trim() == "visible" {
                "visible"
            } else {
                "libtcod"
            };
            let mut grid = String::with_capacity((width + 1) * height);
            read_section(&mut lines, section, width, height, |x, _, c| {
                matches!(c, '0' | '1').then(|| {
                    grid.push(c);
                    if x + 1 == width {
                        grid.push('\n');
                    }
                })
            })?;
            *slot = Some(grid);
        }
        Ok(case)
    }
}

impl Header {
    fn read(&mut self, line: usize, l: &str) -> Result<(), FovCaseError> {
        let (key, value) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
        let value = value.trim();
        let bad = |key, expected| FovCaseError::BadValue {
            line,
            key,
            value: value.to_string(),
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
                    "0" => false,
                    "1" => true,
                    _ => return Err(bad("light_walls", "0 or 1")),
                });
            }
            _ => {
                return Err(FovCaseError::UnknownLine {
                    line,
                    text: l.to_string(),
                });
            }
        }
        Ok(())
    }

    #[allow(clippy::type_complexity)]
    fn check(&self) -> Result<(usize, usize, Point, u32, bool), FovCaseError> {
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

/// Reads `height` rows of `width` characters, handing each to `cell(x, y, c)`, which
/// returns `None` for a character the section does not allow.
fn read_section<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    section: &'static str,
    width: usize,
    height: usize,
    mut cell: impl FnMut(usize, usize, char) -> Option<()>,
) -> Result<(), FovCaseError> {
    for y in 0..height {
        let Some((line, row)) = lines.next() else {
            return Err(FovCaseError::ShortSection {
                section,
                found: y,
                expected: height,
            });
        };
        let len = row.chars().count();
        if len != width {
            return Err(FovCaseError::RowLength {
                line,
                section,
                len,
                expected: width,
            });
        }
        for (x, glyph) in row.chars().enumerate() {
            cell(x, y, glyph).ok_or(FovCaseError::Glyph {
                line,
                column: x + 1,
                glyph,
                section,
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "# comment\nsize 3 2\norigin 2 1\nradius 5\nlight_walls 0\nmap\n\
                        .#.\n...\nvisible\n101\n111\nlibtcod\n100\n111\n";

    #[test]
    fn reads_every_part() {
        let case = FovCase::parse(GOOD).unwrap();
        assert_eq!(case.origin, Point::new(2, 1));
        assert_eq!(case.radius, 5);
        assert!(!case.light_walls);
        assert_eq!(case.map.to_string(), ".#.\n...\n");
        assert_eq!(case.visible.as_deref(), Some("101\n111\n"));
        assert_eq!(case.libtcod.as_deref(), Some("100\n111\n"));
        let input = FovCase::parse_input(GOOD).unwrap();
        assert_eq!((input.visible, input.libtcod), (None, None));
        assert_eq!(input.map, case.map);
        // CRLF line endings read the same.
        assert_eq!(FovCase::parse(&GOOD.replace('\n', "\r\n")).unwrap(), case);
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
}
