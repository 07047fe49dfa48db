//! Not a library. Two jobs for `cargo test --workspace`:
//!
//! * The `rust` code blocks of the repository's README and of its `docs/` pages are
//!   compiled and run as doc tests here, against `mapgen`. They live outside the published
//!   `mapgen` package, so they cannot be its doc tests (its own `crates/mapgen/README.md`
//!   is). `tests/doc_links.rs` checks that every page with a `rust` block is listed here.
//! * This crate depends on `mapgen` with every optional feature (see `Cargo.toml`), so
//!   a workspace test run builds `mapgen` with them and runs their tests and examples.
#![forbid(unsafe_code)]

/// One doc-test item per page with Rust examples: `pages!(Name = "path", ...)`.
macro_rules! pages {
    ($($name:ident = $path:literal),* $(,)?) => {
        $(
            #[cfg(doctest)]
            #[doc = include_str!(concat!("../../../", $path))]
            struct $name;
        )*
        /// The pages whose Rust examples run here, from the repository's root.
        ///
        /// ```
        /// assert!(workspace_tests::PAGES_WITH_EXAMPLES.contains(&"docs/paths.md"));
        /// ```
        pub const PAGES_WITH_EXAMPLES: &[&str] = &[$($path),*];
    };
}

pages!(
    Readme = "README.md",
    Library = "docs/library.md",
    FieldOfView = "docs/field-of-view.md",
    Paths = "docs/paths.md",
    Generators = "docs/generators.md",
    Vaults = "docs/vaults.md",
    Spawns = "docs/spawns.md",
    Recording = "docs/recording.md",
    Graph = "docs/graph.md",
    Locks = "docs/locks.md",
);
