//! Every program in `examples/` runs to the end without an error (`cargo test` only builds
//! examples). One line per example; one behind a feature carries its `#[cfg]`.

/// Includes each example as a module and makes a test that calls its `main`.
macro_rules! run_examples {
    ($($(#[$gate:meta])* $name:ident = $file:literal,)*) => {
        $(
            $(#[$gate])*
            #[path = $file]
            mod $name;

            $(#[$gate])*
            #[test]
            fn $name() {
                $name::main().unwrap();
            }
        )*
    };
}

run_examples! {
    generate = "../../examples/generate.rs",
    field_of_view = "../../examples/field_of_view.rs",
    path = "../../examples/path.rs",
    #[cfg(feature = "bracket")] bracket_astar = "../../examples/bracket_astar.rs",
    #[cfg(feature = "serde")] save_load = "../../examples/save_load.rs",
}
