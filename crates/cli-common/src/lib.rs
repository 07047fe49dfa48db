//! What the two command-line programs, `mapgen` and `game`, share: values quoted in
//! one-line messages ([`quote`]), and the files a user names, read and written without
//! trusting the path ([`files`]).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod files;
pub mod quote;
