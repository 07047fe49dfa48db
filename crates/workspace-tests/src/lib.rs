//! Not a library. Two jobs for `cargo test --workspace`:
//!
//! * The repository README's `rust` code blocks are compiled and run as doc tests here,
//!   against `mapgen`. They live outside the published `mapgen` package, so they cannot
//!   be its doc tests (its own `crates/mapgen/README.md` is).
//! * This crate depends on `mapgen` with every optional feature (see `Cargo.toml`), so
//!   a workspace test run builds `mapgen` with them and runs their tests and examples.
#![forbid(unsafe_code)]

#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;
