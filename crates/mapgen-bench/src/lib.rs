//! Generation speed benchmarks for `mapgen`: `cargo bench -p mapgen-bench --bench generate`.
//!
//! The benchmarks live in `benches/`. They sit in this crate so that `mapgen`'s own tests
//! do not build criterion. The library holds [`baseline`], the tutorial's map written the
//! plain way, which the benchmarks time beside the library's generator.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod baseline;
