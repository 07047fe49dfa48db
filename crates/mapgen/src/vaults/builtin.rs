//! Our own library of vaults, `builtin.txt`, read once on first use.

use std::sync::OnceLock;

use super::VaultLibrary;

/// The text of the built-in library: `mapgen vaults show NAME` prints from it.
pub const BUILTIN_TEXT: &str = include_str!("builtin.txt");

/// The built-in library, parsed on first use. Its text is checked by the tests, so the
/// parse cannot fail; an empty library would be the answer if it did.
pub(super) fn library() -> &'static VaultLibrary {
    static LIBRARY: OnceLock<VaultLibrary> = OnceLock::new();
    LIBRARY.get_or_init(|| VaultLibrary::parse("builtin", BUILTIN_TEXT).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_builtin_text_parses() {
        let library = super::VaultLibrary::parse("builtin", super::BUILTIN_TEXT);
        assert!(library.is_ok(), "{}", library.unwrap_err());
    }
}
