//! Typed errors. Each names the offending field or place, its value and what is allowed.

use thiserror::Error;

/// Why a [`Map`](crate::Map) could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MapError {
    /// A side is negative or longer than [`Map::MAX_SIDE`](crate::Map::MAX_SIDE).
    #[error("map {field} is {value}; allowed 0..={max}", max = crate::Map::MAX_SIDE)]
    Size {
        /// `"width"` or `"height"`.
        field: &'static str,
        /// The rejected value.
        value: i32,
    },
    /// A character that is not a tile glyph.
    #[error("unknown tile glyph {glyph:?} at column {x}, row {y}; allowed '#', '.', '+', '~'")]
    Glyph {
        /// The character found.
        glyph: char,
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
    },
    /// A row whose length differs from the first row's.
    #[error("row {row} has {len} tiles; every row must have {expected}, as the first")]
    Ragged {
        /// The row index.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
}

/// Why a generator could not make a dungeon from its settings.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// A setting lies outside its allowed range.
    #[error("{field} is {value}; allowed {min}..={max}")]
    OutOfRange {
        /// The settings field, as named in the settings struct.
        field: &'static str,
        /// The rejected value.
        value: i64,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value (it may depend on other settings).
        max: i64,
    },
    /// A minimum setting is larger than its maximum.
    #[error("{min_field} ({min}) is larger than {max_field} ({max})")]
    MinAboveMax {
        /// The minimum's field name.
        min_field: &'static str,
        /// The minimum's value.
        min: i64,
        /// The maximum's field name.
        max_field: &'static str,
        /// The maximum's value.
        max: i64,
    },
    /// A generator name that is not known.
    #[error("unknown generator {name:?}; allowed: {allowed}")]
    UnknownGenerator {
        /// The name given.
        name: String,
        /// The known names, comma separated.
        allowed: String,
    },
    /// The map could not be allocated.
    #[error(transparent)]
    Map(#[from] MapError),
    /// The settings are valid but the generator could not build a dungeon that keeps its
    /// promises within its attempt budget.
    #[error("{generator} generator gave up after {attempts} attempts: {reason}")]
    GaveUp {
        /// The generator's name.
        generator: &'static str,
        /// How many whole dungeons it tried.
        attempts: u32,
        /// What every attempt lacked.
        reason: &'static str,
    },
}

impl GenerateError {
    /// Checks `min <= value <= max` for a named field.
    pub(crate) fn check_range(
        field: &'static str,
        value: i64,
        min: i64,
        max: i64,
    ) -> Result<(), GenerateError> {
        if (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(GenerateError::OutOfRange {
                field,
                value,
                min,
                max,
            })
        }
    }
}
