//! Our own spawn table, `builtin.txt`, read once on first use.

use std::sync::OnceLock;

use super::SpawnTable;

/// The text of the built-in table.
pub const BUILTIN_TEXT: &str = include_str!("builtin.txt");

/// The built-in table, parsed on first use. Its text is checked by the tests, so the
/// parse cannot fail; an empty table would be the answer if it did.
pub(super) fn table() -> &'static SpawnTable {
    static TABLE: OnceLock<SpawnTable> = OnceLock::new();
    TABLE.get_or_init(|| SpawnTable::parse("builtin", BUILTIN_TEXT).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spawns::SpawnKind;

    #[test]
    fn the_builtin_text_parses() {
        let table = SpawnTable::parse("builtin", BUILTIN_TEXT);
        assert!(table.is_ok(), "{}", table.unwrap_err());
    }

    /// What the game builds on: at least four monsters, healing potions, and more things
    /// deeper.
    #[test]
    fn the_builtin_table_has_what_a_short_game_needs() {
        let table = table();
        let monsters = table
            .entries()
            .iter()
            .filter(|e| e.kind == SpawnKind::Monster);
        assert!(monsters.count() >= 4);
        assert!(
            table
                .get("healing_potion")
                .is_some_and(|p| p.weight.at(1) > 0)
        );
        for kind in SpawnKind::ALL {
            let counts: Vec<u32> = (1..=12).map(|d| table.most_per_place(kind, d)).collect();
            assert!(
                counts.windows(2).all(|w| w[0] <= w[1]),
                "{kind}: {counts:?}"
            );
            assert!(
                counts[0] >= 1 && counts[11] > counts[0],
                "{kind}: {counts:?}"
            );
        }
    }
}
