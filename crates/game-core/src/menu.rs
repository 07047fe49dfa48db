//! The generator menu: the generator of each kind `G` cycles through, with the player's
//! settings for it, and the orders for new dungeons from fresh seeds (`R`, `G`); the
//! session makes them, at once or off the frame loop ([`crate::loading`]).

use mapgen::generators::{Generator, GeneratorKind};

use crate::loading::DungeonOrder;
use crate::state::Game;

/// The generators `G` cycles through, one per kind.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratorMenu {
    choices: Vec<Generator>,
}

impl GeneratorMenu {
    /// `current` for its own kind and every other kind's defaults.
    pub fn new(current: &Generator) -> GeneratorMenu {
        let choices = GeneratorKind::ALL
            .iter()
            .map(|&kind| {
                if kind == current.kind() {
                    current.clone()
                } else {
                    Generator::with_defaults(kind)
                }
            })
            .collect();
        GeneratorMenu { choices }
    }

    /// The same menu with `choices` (one generator per kind; the binary builds them from
    /// the flags) in place of those of the same kinds.
    #[must_use]
    pub fn with_choices(mut self, choices: Vec<Generator>) -> GeneratorMenu {
        for choice in choices {
            match self.choices.iter_mut().find(|g| g.kind() == choice.kind()) {
                Some(slot) => *slot = choice,
                None => self.choices.push(choice),
            }
        }
        self
    }

    /// The generator the menu holds for `kind`; that kind's defaults if it holds none.
    pub fn choice(&self, kind: GeneratorKind) -> Generator {
        self.choices
            .iter()
            .find(|g| g.kind() == kind)
            .cloned()
            .unwrap_or_else(|| Generator::with_defaults(kind))
    }

    /// `R`: the order for a new dungeon from `game`'s generator and a fresh seed (never
    /// the current one).
    pub fn new_dungeon(&self, game: &Game, fresh_seed: &mut dyn FnMut() -> u64) -> DungeonOrder {
        DungeonOrder {
            generator: game.generator().clone(),
            seed: different_seed(game.seed(), fresh_seed),
            // The binary adds the command line's (`--vaults`).
            vaults: None,
        }
    }

    /// `G`: the order for a dungeon from the next kind of generator (rooms, grid, ...) as
    /// this menu holds it, from a fresh seed.
    pub fn next_generator(&self, game: &Game, fresh_seed: &mut dyn FnMut() -> u64) -> DungeonOrder {
        DungeonOrder {
            generator: self.choice(next_kind(game.generator().kind())),
            seed: different_seed(game.seed(), fresh_seed),
            // The binary adds the command line's (`--vaults`).
            vaults: None,
        }
    }
}

/// The generator `G` goes to after `kind`: the next in [`GeneratorKind::ALL`] (the
/// command line's order), wrapping around.
///
/// ```
/// use game_core::menu::next_kind;
/// use mapgen::generators::GeneratorKind;
/// let mut kind = GeneratorKind::ALL[0];
/// for _ in GeneratorKind::ALL {
///     kind = next_kind(kind);
/// }
/// assert_eq!(kind, GeneratorKind::ALL[0]);
/// assert_eq!(next_kind(GeneratorKind::Rooms), GeneratorKind::Grid);
/// ```
pub fn next_kind(kind: GeneratorKind) -> GeneratorKind {
    let all = GeneratorKind::ALL;
    let i = all.iter().position(|&k| k == kind).unwrap_or(0);
    all[(i + 1) % all.len()]
}

/// A seed from `fresh_seed` that differs from `current`; after a few equal draws (a
/// broken source) it steps past `current` instead of looping.
fn different_seed(current: u64, fresh_seed: &mut dyn FnMut() -> u64) -> u64 {
    (0..8)
        .map(|_| fresh_seed())
        .find(|&s| s != current)
        .unwrap_or_else(|| current.wrapping_add(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::grid::GridSettings;
    use mapgen::generators::rooms::RoomsSettings;

    #[test]
    fn a_stuck_seed_source_still_gives_a_new_seed() {
        assert_eq!(different_seed(4, &mut || 4), 5);
        assert_eq!(different_seed(u64::MAX, &mut || u64::MAX), 0);
        assert_eq!(different_seed(4, &mut || 9), 9);
    }

    #[test]
    fn the_menu_holds_the_current_generator_and_the_other_kinds_defaults() {
        let rooms = Generator::Rooms(RoomsSettings {
            max_rooms: 12,
            ..RoomsSettings::default()
        });
        let menu = GeneratorMenu::new(&rooms);
        assert_eq!(menu.choice(GeneratorKind::Rooms), rooms);
        assert_eq!(
            menu.choice(GeneratorKind::Grid),
            Generator::Grid(GridSettings::default())
        );
        let grid = Generator::Grid(GridSettings {
            room_count: 6,
            ..GridSettings::default()
        });
        let menu = menu.with_choices(vec![grid.clone()]);
        assert_eq!(menu.choice(GeneratorKind::Grid), grid);
        assert_eq!(menu.choice(GeneratorKind::Rooms), rooms, "the others stay");
    }
}
