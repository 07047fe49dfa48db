//! Generation speed benchmarks for `mapgen`: `cargo bench -p mapgen-bench --bench generate`.
//!
//! The library is empty; the benchmarks live in `benches/`. They sit in this crate so that
//! `mapgen`'s own tests do not build criterion.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
