//! Typed errors. Each names the offending field or place, its value and what is allowed.
//!
//! Both enums are `#[non_exhaustive]`: new generators bring new ways to fail, and adding
//! a variant must not break a `match` in your code.

use std::borrow::Cow;

use thiserror::Error;

use crate::generators::GeneratorKind;

/// Why a [`Map`](crate::Map) or [`Grid`](crate::Grid) could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MapError {
    /// A side is negative or longer than [`Map::MAX_SIDE`](crate::Map::MAX_SIDE).
    #[error("map {field} is {value}; allowed 0..={max}", max = crate::Map::MAX_SIDE)]
    Size {
        /// `"width"` or `"height"`.
        field: &'static str,
        /// The rejected value.
        value: i64,
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
    /// A glyph that cannot name a tile of one's own ([`Tile::with_glyph`](crate::Tile::with_glyph)).
    #[error(
        "tile glyph {glyph:?} cannot name a tile of one's own; allowed: printable ASCII other than space, '\"', '\\' and the built-in tiles' '#', '.', '+', '~'"
    )]
    TileGlyph {
        /// The glyph given.
        glyph: char,
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
    /// A list of cells whose length is not `width * height`.
    #[error("{len} cells given for a grid of {expected}")]
    Length {
        /// How many cells were given.
        len: usize,
        /// `width * height`.
        expected: usize,
    },
    /// The memory for the cells could not be had: a grid of large values, or a machine
    /// short of memory. Returned instead of aborting the process.
    #[error("a {width}x{height} grid needs {bytes} bytes, more than could be allocated")]
    Memory {
        /// Width in cells.
        width: i32,
        /// Height in cells.
        height: i32,
        /// The bytes asked for (saturating).
        bytes: usize,
    },
}

/// Why a generator could not make a dungeon from its settings.
///
/// Settings errors name the settings field (`room_min_size`); a front end that calls the
/// field something else (the `mapgen` command's `--room-min`) renames them with
/// [`GenerateError::rename_fields`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// A setting lies outside its allowed range.
    #[error("{field} is {value}; allowed {min}..={max}")]
    OutOfRange {
        /// The settings field, as named in the settings struct.
        field: Cow<'static, str>,
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
        min_field: Cow<'static, str>,
        /// The minimum's value.
        min: i64,
        /// The maximum's field name.
        max_field: Cow<'static, str>,
        /// The maximum's value.
        max: i64,
    },
    /// A sum or product of settings lies outside its allowed range, such as the grid's
    /// `cols * rows` (there must be room for a start and a boss room). Names every field
    /// involved, so the message points at all the settings that could be changed.
    #[error("{expression} is {value}; allowed {min}..={max}", expression = fields.join(combine.symbol()))]
    Combination {
        /// The settings fields, as named in the settings struct.
        fields: Vec<Cow<'static, str>>,
        /// How they combine.
        combine: Combine,
        /// Their sum or product.
        value: i64,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
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
    /// The settings are valid but the generator could not build a dungeon that keeps its
    /// promises within its attempt budget.
    #[error("{generator} generator gave up after {attempts} attempts: {reason}")]
    GaveUp {
        /// The generator.
        generator: GeneratorKind,
        /// How many whole dungeons it tried.
        attempts: u32,
        /// What every attempt lacked.
        reason: &'static str,
    },
    /// A generator that grows floor towards a target setting used up its step budget
    /// (proportional to the map's area) before reaching it.
    #[error(
        "{generator} generator: {field} ({value}) asks for {target} floor tiles; {reached} were \
         carved within the budget of {budget} steps (lower {field}, or choose other settings)"
    )]
    BudgetExhausted {
        /// The generator.
        generator: GeneratorKind,
        /// The settings field that sets the target.
        field: Cow<'static, str>,
        /// That field's value.
        value: i64,
        /// The floor tiles the target asks for.
        target: u64,
        /// The floor tiles carved when the budget ran out.
        reached: u64,
        /// The budget, in steps.
        budget: u64,
    },
    /// The map could not be made (its memory could not be had).
    #[error(transparent)]
    Map(#[from] MapError),
}

/// How the fields of a [`GenerateError::Combination`] combine. Public because a
/// generator of your own names it when it validates with
/// [`GenerateError::check_combination`] (see the example there), and a program reading a
/// `Combination` error can tell a sum from a product.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Combine {
    /// `a + b + ...`
    Sum,
    /// `a * b * ...`
    Product,
}

impl Combine {
    /// `" + "` or `" * "`, as the message joins the fields.
    pub const fn symbol(self) -> &'static str {
        match self {
            Combine::Sum => " + ",
            Combine::Product => " * ",
        }
    }

    /// The sum or product of `values`, in `i64` (saturating).
    fn of(self, values: &[i64]) -> i64 {
        match self {
            Combine::Sum => values.iter().fold(0, |a, &v| a.saturating_add(v)),
            Combine::Product => values.iter().fold(1, |a, &v| a.saturating_mul(v)),
        }
    }
}

/// The checks the built-in generators validate their settings with, public so that a
/// `validate` of your own builds the same errors (and a front end renames their fields the
/// same way):
///
/// ```
/// use mapgen::{Combine, GenerateError};
///
/// /// Settings of a generator of your own.
/// struct Pits { width: i32, height: i32, pits: i64, min_gap: i64, max_gap: i64 }
///
/// impl Pits {
///     fn validate(&self) -> Result<(), GenerateError> {
///         GenerateError::check_map_size(self.width, self.height)?;
///         GenerateError::check_range("pits", self.pits, 0, 100)?;
///         GenerateError::check_order("min_gap", self.min_gap, "max_gap", self.max_gap)?;
///         GenerateError::check_combination(
///             &[("pits", self.pits), ("max_gap", self.max_gap)],
///             Combine::Product,
///             0,
///             i64::from(self.width) * i64::from(self.height),
///         )
///     }
/// }
///
/// let bad = Pits { width: 20, height: 10, pits: 5, min_gap: 4, max_gap: 2 };
/// assert_eq!(bad.validate().unwrap_err().to_string(), "min_gap (4) is larger than max_gap (2)");
/// let bad = Pits { width: 20, height: 10, pits: 100, min_gap: 1, max_gap: 3 };
/// assert_eq!(bad.validate().unwrap_err().to_string(), "pits * max_gap is 300; allowed 0..=200");
/// ```
impl GenerateError {
    /// Checks `min <= value <= max` for a named field.
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`] naming `field`.
    pub fn check_range(
        field: &'static str,
        value: i64,
        min: i64,
        max: i64,
    ) -> Result<(), GenerateError> {
        if (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(GenerateError::OutOfRange {
                field: field.into(),
                value,
                min,
                max,
            })
        }
    }

    /// Checks the sides of a generated map, the fields `width` and `height`:
    /// 3..=[`Map::MAX_SIDE`](crate::Map::MAX_SIDE), a border and a tile inside it.
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`] naming `width` or `height`.
    pub fn check_map_size(width: i32, height: i32) -> Result<(), GenerateError> {
        let side = i64::from(crate::Map::MAX_SIDE);
        GenerateError::check_range("width", width.into(), 3, side)?;
        GenerateError::check_range("height", height.into(), 3, side)
    }

    /// Checks `min <= max` for two named fields.
    ///
    /// # Errors
    /// [`GenerateError::MinAboveMax`] naming both fields.
    pub fn check_order(
        min_field: &'static str,
        min: i64,
        max_field: &'static str,
        max: i64,
    ) -> Result<(), GenerateError> {
        if min <= max {
            Ok(())
        } else {
            Err(GenerateError::MinAboveMax {
                min_field: min_field.into(),
                min,
                max_field: max_field.into(),
                max,
            })
        }
    }

    /// Checks `min <= sum or product of the fields <= max`, naming every field.
    ///
    /// # Errors
    /// [`GenerateError::Combination`] naming every field.
    pub fn check_combination(
        fields: &[(&'static str, i64)],
        combine: Combine,
        min: i64,
        max: i64,
    ) -> Result<(), GenerateError> {
        let values: Vec<i64> = fields.iter().map(|&(_, v)| v).collect();
        let value = combine.of(&values);
        if (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(GenerateError::Combination {
                fields: fields.iter().map(|&(f, _)| Cow::Borrowed(f)).collect(),
                combine,
                value,
                min,
                max,
            })
        }
    }

    /// The same error with each settings field name passed through `rename`, which returns
    /// `None` to keep a name: how the command line reports `--room-min` where the library
    /// says `room_min_size`. Public for any front end that names the settings its own way
    /// (flags, a settings file, a form in a game's menu), so that an error speaks its
    /// words; `mapgen-flags` renames every field to its flag with it.
    ///
    /// ```
    /// use mapgen::generators::Generate;
    /// use mapgen::generators::rooms::RoomsSettings;
    /// let bad = RoomsSettings { room_min_size: 12, room_max_size: 8, ..Default::default() };
    /// let err = bad.validate().unwrap_err();
    /// assert_eq!(err.to_string(), "room_min_size (12) is larger than room_max_size (8)");
    /// let flags = err.rename_fields(|field| Some(format!("--{}", field.replace('_', "-"))));
    /// assert_eq!(flags.to_string(), "--room-min-size (12) is larger than --room-max-size (8)");
    /// ```
    #[must_use]
    pub fn rename_fields(self, rename: impl Fn(&str) -> Option<String>) -> GenerateError {
        let rename = |name: Cow<'static, str>| rename(&name).map_or(name, Cow::Owned);
        match self {
            GenerateError::OutOfRange {
                field,
                value,
                min,
                max,
            } => GenerateError::OutOfRange {
                field: rename(field),
                value,
                min,
                max,
            },
            GenerateError::MinAboveMax {
                min_field,
                min,
                max_field,
                max,
            } => GenerateError::MinAboveMax {
                min_field: rename(min_field),
                min,
                max_field: rename(max_field),
                max,
            },
            GenerateError::BudgetExhausted {
                generator,
                field,
                value,
                target,
                reached,
                budget,
            } => GenerateError::BudgetExhausted {
                generator,
                field: rename(field),
                value,
                target,
                reached,
                budget,
            },
            GenerateError::Combination {
                fields,
                combine,
                value,
                min,
                max,
            } => GenerateError::Combination {
                fields: fields.into_iter().map(rename).collect(),
                combine,
                value,
                min,
                max,
            },
            other => other,
        }
    }
}
