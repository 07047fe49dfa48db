//! Why a search could not run.

use crate::MapError;

/// Why a path or Dijkstra map could not be computed. `#[non_exhaustive]`: new options
/// may bring new ways to fail.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PathError {
    /// A setting of the [`Moves`](super::Moves) lies outside its allowed range.
    #[error("{field} is {value}; allowed {min}..={max}")]
    OutOfRange {
        /// The field, as named in [`Moves`](super::Moves).
        field: &'static str,
        /// The rejected value.
        value: i64,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// The map's size is out of range (a [`Walkable`](super::Walkable) of your own may say
    /// anything).
    #[error(transparent)]
    Size(#[from] MapError),
    /// A map of another size than the Dijkstra map it is used with.
    #[error(
        "the map is {width}x{height}; the Dijkstra map was computed on {expected_width}x{expected_height}"
    )]
    SizeMismatch {
        /// The map's width.
        width: i32,
        /// The map's height.
        height: i32,
        /// The Dijkstra map's width.
        expected_width: i32,
        /// The Dijkstra map's height.
        expected_height: i32,
    },
    /// A map of another size than the one a [`NearestSearch`](super::NearestSearch) was
    /// started on.
    #[error(
        "the map is {width}x{height}; the search was started on a map of {expected_width}x{expected_height}"
    )]
    StartedOn {
        /// The map's width.
        width: i32,
        /// The map's height.
        height: i32,
        /// The width of the map the search was started on.
        expected_width: i32,
        /// The height of the map the search was started on.
        expected_height: i32,
    },
}
