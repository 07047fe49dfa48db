//! The sample a dungeon is learned from: one of the built-in ASCII maps, or a map of the
//! user's in [`Map`]'s text form, checked once when it is read.

use std::sync::Arc;

use super::patterns::MAX_SAMPLE_TILES;
use crate::generators::named_enum::named_enum;
use crate::{Map, MapError};

/// Why a sample could not be used. Each message is one line naming what is wrong.
///
/// Lines and columns of the text are counted from 1, as an editor counts them.
///
/// ```
/// use mapgen::generators::wfc::{SampleError, SampleMap};
/// let err = SampleMap::from_ascii("###\n#?#\n###\n").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "sample line 2, column 2: unknown tile glyph '?'; allowed '#', '.', '+', '~'"
/// );
/// assert_eq!(SampleMap::from_ascii(""), Err(SampleError::Empty));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SampleError {
    /// No tiles at all.
    #[error("sample is empty; it needs rows of tiles ('#' wall, '.' floor, '+' door, '~' chasm)")]
    Empty,
    /// A character that is not a tile glyph.
    #[error("sample line {line}, column {column}: unknown tile glyph {glyph:?}; allowed '#', '.', '+', '~'")]
    Glyph {
        /// The character found.
        glyph: char,
        /// Its line, from 1.
        line: usize,
        /// Its column, from 1.
        column: usize,
    },
    /// A line whose length differs from the first line's.
    #[error("sample line {line} has {len} tiles; every line must have {expected}, as the first")]
    Ragged {
        /// The line, from 1.
        line: usize,
        /// Its length.
        len: usize,
        /// The first line's length.
        expected: usize,
    },
    /// Not a map for another reason (its memory could not be had).
    #[error("sample: {0}")]
    Map(MapError),
    /// Wider or taller than [`SampleMap::MAX_SIDE`].
    #[error("sample is {width}x{height}; allowed at most {max}x{max}", max = SampleMap::MAX_SIDE)]
    TooLarge {
        /// Its width.
        width: i32,
        /// Its height.
        height: i32,
    },
    /// A side shorter than the smallest pattern.
    #[error("sample is {width}x{height}; allowed at least {min}x{min} (the smallest pattern size)", min = SampleMap::MIN_SIDE)]
    TooSmall {
        /// Its width.
        width: i32,
        /// Its height.
        height: i32,
    },
    /// More kinds of tile than the solver packs.
    #[error("sample has {count} kinds of tile; allowed at most {max}", max = MAX_SAMPLE_TILES)]
    TooManyTiles {
        /// How many distinct tiles it has.
        count: usize,
    },
    /// Nothing to walk on: every dungeon made from it would be solid rock.
    #[error("sample has no walkable tile; it needs floor ('.') or doors ('+')")]
    NoWalkable,
}

/// A checked sample map: 2x2 to 32x32 tiles, at most four kinds of tile, some walkable.
///
/// ```
/// use mapgen::generators::wfc::SampleMap;
/// let sample = SampleMap::from_ascii("#####\n#...#\n#.#.#\n#...#\n#####\n")?;
/// assert_eq!((sample.map().width(), sample.map().height()), (5, 5));
/// assert!(SampleMap::from_ascii(&"#.".repeat(17)).is_err(), "34 wide");
/// # Ok::<(), mapgen::generators::wfc::SampleError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SampleMap {
    map: Arc<Map>,
}

impl SampleMap {
    /// The longest side of a sample, in tiles: its patterns, and so the solver's memory per
    /// cell, grow with its area.
    pub const MAX_SIDE: i32 = 32;
    /// The shortest side: one window of the smallest pattern size.
    pub const MIN_SIDE: i32 = 2;

    /// Reads a sample in [`Map`]'s text form (`#` wall, `.` floor, `+` door, `~` chasm), as
    /// an editor saves it: a UTF-8 byte order mark at the start and blank lines at the end
    /// are read past.
    ///
    /// ```
    /// use mapgen::generators::wfc::SampleMap;
    /// let sample = SampleMap::from_ascii("\u{feff}###\r\n#.#\r\n###\r\n\r\n\n")?;
    /// assert_eq!((sample.map().width(), sample.map().height()), (3, 3));
    /// # Ok::<(), mapgen::generators::wfc::SampleError>(())
    /// ```
    ///
    /// # Errors
    /// [`SampleError::Empty`], [`SampleError::Glyph`], [`SampleError::Ragged`],
    /// [`SampleError::TooLarge`], [`SampleError::TooSmall`], [`SampleError::NoWalkable`].
    pub fn from_ascii(text: &str) -> Result<SampleMap, SampleError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let text = text.trim_end_matches(['\n', '\r']);
        // Refuse an over-large text before reading all of it.
        let rows = text.lines().count();
        let first = text.lines().next().map_or(0, |row| row.chars().count());
        if rows > Self::MAX_SIDE as usize || first > Self::MAX_SIDE as usize {
            let side = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
            return Err(SampleError::TooLarge {
                width: side(first),
                height: side(rows),
            });
        }
        let map = Map::from_ascii(text).map_err(|err| match err {
            MapError::Glyph { glyph, x, y } => SampleError::Glyph {
                glyph,
                line: y + 1,
                column: x + 1,
            },
            MapError::Ragged { row, len, expected } => SampleError::Ragged {
                line: row + 1,
                len,
                expected,
            },
            other => SampleError::Map(other),
        })?;
        SampleMap::new(map)
    }

    /// Checks a map as a sample.
    ///
    /// # Errors
    /// As [`SampleMap::from_ascii`], and [`SampleError::TooManyTiles`] for a map of more
    /// than four kinds of tile (tiles of one's own count as kinds).
    pub fn new(map: Map) -> Result<SampleMap, SampleError> {
        let (width, height) = (map.width(), map.height());
        if width == 0 || height == 0 {
            return Err(SampleError::Empty);
        }
        if width > Self::MAX_SIDE || height > Self::MAX_SIDE {
            return Err(SampleError::TooLarge { width, height });
        }
        if width < Self::MIN_SIDE || height < Self::MIN_SIDE {
            return Err(SampleError::TooSmall { width, height });
        }
        let mut kinds = Vec::new();
        for tile in map.tiles() {
            if !kinds.contains(tile) {
                kinds.push(*tile);
            }
        }
        if kinds.len() > MAX_SAMPLE_TILES {
            return Err(SampleError::TooManyTiles { count: kinds.len() });
        }
        if !kinds.iter().any(|t| t.walkable) {
            return Err(SampleError::NoWalkable);
        }
        Ok(SampleMap { map: Arc::new(map) })
    }

    /// The sample's tiles.
    pub fn map(&self) -> &Map {
        &self.map
    }
}

named_enum! {
    /// The samples that come with the generator (`--sample NAME`), each at most 32x32.
    pub enum BuiltinSample ("sample") {
        /// Rooms of several sizes joined by one-tile corridors.
        Rooms = "rooms",
        /// Winding caves with pillars of rock.
        Caves = "caves",
        /// A great hall in ruins: broken walls, fallen pillars and rubble.
        RuinedHall = "ruined-hall",
        /// Open caves around underground lakes (chasm tiles: seen across, not walked).
        Lakes = "lakes",
    }
}

impl BuiltinSample {
    /// The sample's text, as [`Map`] prints it.
    pub const fn text(self) -> &'static str {
        match self {
            BuiltinSample::Rooms => include_str!("samples/rooms.txt"),
            BuiltinSample::Caves => include_str!("samples/caves.txt"),
            BuiltinSample::RuinedHall => include_str!("samples/ruined-hall.txt"),
            BuiltinSample::Lakes => include_str!("samples/lakes.txt"),
        }
    }

    /// The sample, read and checked.
    pub fn sample(self) -> SampleMap {
        // The built-in texts are checked by this module's tests.
        SampleMap::from_ascii(self.text()).unwrap_or_else(|_| unreachable!("built-in sample {self} is valid"))
    }
}

/// The sample a [`WfcSettings`](super::WfcSettings) learns from.
///
/// ```
/// use mapgen::generators::wfc::{BuiltinSample, SampleMap, WfcSample};
/// let rooms = WfcSample::Builtin(BuiltinSample::Rooms);
/// assert_eq!(rooms.to_string(), "rooms");
/// let own = WfcSample::Custom(SampleMap::from_ascii("####\n#..#\n####\n")?);
/// assert_eq!(own.map().height(), 3);
/// # Ok::<(), mapgen::generators::wfc::SampleError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum WfcSample {
    /// One of the samples that come with the generator.
    Builtin(BuiltinSample),
    /// A sample of one's own (`--sample-file`).
    Custom(SampleMap),
}

impl WfcSample {
    /// The sample's tiles.
    pub fn map(&self) -> std::borrow::Cow<'_, Map> {
        match self {
            WfcSample::Builtin(b) => std::borrow::Cow::Owned(b.sample().map().clone()),
            WfcSample::Custom(s) => std::borrow::Cow::Borrowed(s.map()),
        }
    }
}

impl std::fmt::Display for WfcSample {
    /// The built-in sample's name, or `custom`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WfcSample::Builtin(b) => b.fmt(f),
            WfcSample::Custom(_) => f.write_str("custom"),
        }
    }
}

/// A sample's saved form, in a settings file: a built-in sample's name (`"rooms"`), or a
/// sample of one's own as a [`Map`] is saved (`{"width": 5, "height": 3, "tiles":
/// ["#####", "#...#", "#####"]}`), so the settings alone make the dungeon again.
#[cfg(feature = "serde")]
impl serde::Serialize for WfcSample {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            WfcSample::Builtin(b) => b.serialize(serializer),
            WfcSample::Custom(s) => s.map().serialize(serializer),
        }
    }
}

/// A name (refused with the list of names when unknown) or a map (refused with the
/// [`SampleError`] it would be on the command line).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for WfcSample {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(SampleVisitor)
    }
}

#[cfg(feature = "serde")]
struct SampleVisitor;

#[cfg(feature = "serde")]
impl<'de> serde::de::Visitor<'de> for SampleVisitor {
    type Value = WfcSample;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a built-in sample's name or a map")
    }

    fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<WfcSample, E> {
        name.parse().map(WfcSample::Builtin).map_err(E::custom)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<WfcSample, A::Error> {
        let map: Map = serde::Deserialize::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
        SampleMap::new(map).map(WfcSample::Custom).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_sample_reads_and_fits() {
        for &b in BuiltinSample::ALL {
            let sample = SampleMap::from_ascii(b.text()).unwrap_or_else(|e| panic!("{b}: {e}"));
            let map = sample.map();
            assert!(map.width() <= 32 && map.height() <= 32, "{b}");
            assert_eq!(map.to_string(), b.text(), "{b} prints as written");
        }
    }

    #[test]
    fn bad_samples_name_what_is_wrong() {
        let cases: &[(&str, &str)] = &[
            ("", "sample is empty; it needs rows of tiles ('#' wall, '.' floor, '+' door, '~' chasm)"),
            ("###\n##\n", "sample line 2 has 2 tiles; every line must have 3, as the first"),
            ("#x\n..\n", "sample line 1, column 2: unknown tile glyph 'x'; allowed '#', '.', '+', '~'"),
            ("\n\n\n", "sample is empty; it needs rows of tiles ('#' wall, '.' floor, '+' door, '~' chasm)"),
            ("##\n\n#.\n", "sample line 2 has 0 tiles; every line must have 2, as the first"),
            ("####\n####\n", "sample has no walkable tile; it needs floor ('.') or doors ('+')"),
            (".\n.\n", "sample is 1x2; allowed at least 2x2 (the smallest pattern size)"),
        ];
        for (text, message) in cases {
            assert_eq!(SampleMap::from_ascii(text).unwrap_err().to_string(), *message, "{text:?}");
        }
        let wide = format!("{}\n", ".".repeat(33));
        assert_eq!(
            SampleMap::from_ascii(&wide).unwrap_err().to_string(),
            "sample is 33x1; allowed at most 32x32"
        );
        let tall = ".\n".repeat(1_000_000);
        assert_eq!(
            SampleMap::from_ascii(&tall),
            Err(SampleError::TooLarge { width: 1, height: 1_000_000 })
        );
    }

    /// What an editor saves: a byte order mark, `\r\n`, blank lines at the end. Refused
    /// before ("row 3 has 0 tiles", an unknown glyph '\u{feff}').
    #[test]
    fn an_editors_sample_is_read() {
        let plain = SampleMap::from_ascii("####\n#..#\n####\n").unwrap();
        for text in ["\u{feff}####\n#..#\n####\n", "####\r\n#..#\r\n####\r\n\r\n", "####\n#..#\n####\n\n\n", "####\n#..#\n####"] {
            assert_eq!(SampleMap::from_ascii(text).as_ref(), Ok(&plain), "{text:?}");
        }
    }

    #[test]
    fn tiles_of_ones_own_count_as_kinds() {
        let stairs = crate::Tile::FLOOR.with_glyph('>').unwrap();
        let mut map = Map::from_ascii("#.+~\n#..#\n").unwrap();
        assert!(SampleMap::new(map.clone()).is_ok());
        map.set((1, 1), stairs);
        assert_eq!(SampleMap::new(map), Err(SampleError::TooManyTiles { count: 5 }));
    }
}
