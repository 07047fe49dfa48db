//! What the two command-line programs, `mapgen` and `game`, share: values quoted in
//! one-line messages ([`quote`]), the files a user names, read and written without
//! trusting the path ([`files`]), and usage errors in one line (`usage`, with the feature of that name).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod files;
pub mod quote;
#[cfg(feature = "usage")]
pub mod usage;
