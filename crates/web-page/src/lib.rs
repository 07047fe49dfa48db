//! What the game's page and the generators' playground share on the Rust side of their
//! wasm modules. Neither uses a bindings generator: a page's JavaScript and a module talk
//! through a plain `extern "C"` interface of numbers, and text crosses it in two byte
//! buffers ([`io`]). URL parameters are read as the words of a command line ([`params`]),
//! so a page validates its settings with the same `clap` definitions, and refuses them
//! with the same messages, as the native program.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod io;
pub mod params;
