//! The generator menu: the generator of each kind `G` cycles through, with the player's
//! settings for it, and the kinds it skips because they cannot make a level with those
//! settings (a map too small for rooms of the default size, say).

use mapgen::generators::{Generator, GeneratorKind};

/// The generators `G` cycles through, one per kind, and those it skips with the reason.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratorMenu {
    choices: Vec<Generator>,
    skipped: Vec<(GeneratorKind, String)>,
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
        GeneratorMenu {
            choices,
            skipped: Vec::new(),
        }
    }

    /// The same menu with `choices` (one generator per kind; the binary builds them from
    /// the flags) in place of those of the same kinds.
    #[must_use]
    pub fn with_choices(mut self, choices: Vec<Generator>) -> GeneratorMenu {
        for choice in choices {
            self.skipped.retain(|(kind, _)| *kind != choice.kind());
            match self.choices.iter_mut().find(|g| g.kind() == choice.kind()) {
                Some(slot) => *slot = choice,
                None => self.choices.push(choice),
            }
        }
        self
    }

    /// The same menu without the kinds of `skipped`, each with why it cannot be had
    /// (its settings' error, as the flags name it).
    #[must_use]
    pub fn with_skipped(mut self, skipped: Vec<(GeneratorKind, String)>) -> GeneratorMenu {
        for (kind, why) in skipped {
            self.choices.retain(|g| g.kind() != kind);
            self.skipped.retain(|(k, _)| *k != kind);
            self.skipped.push((kind, why));
        }
        self
    }

    /// The generator the menu holds for `kind`, if it can be had.
    pub fn choice(&self, kind: GeneratorKind) -> Option<&Generator> {
        self.choices.iter().find(|g| g.kind() == kind)
    }

    /// `G` after `kind`: the next kind in [`GeneratorKind::ALL`] (the command line's
    /// order) that the menu holds, wrapping around, and the kinds passed over on the way
    /// with the reason each cannot be had. `kind` itself when no other can be had.
    ///
    /// ```
    /// use game_app::menu::GeneratorMenu;
    /// use mapgen::generators::{Generator, GeneratorKind};
    /// let menu = GeneratorMenu::new(&Generator::with_defaults(GeneratorKind::Rooms))
    ///     .with_skipped(vec![(GeneratorKind::Grid, "too small".to_string())]);
    /// let (next, skipped) = menu.after(GeneratorKind::Rooms);
    /// assert_eq!(next.kind(), GeneratorKind::ALL[2]);
    /// assert_eq!(skipped, [(GeneratorKind::Grid, "too small")]);
    /// ```
    pub fn after(&self, kind: GeneratorKind) -> (Generator, Vec<(GeneratorKind, &str)>) {
        let all = GeneratorKind::ALL;
        let at = all.iter().position(|&k| k == kind).unwrap_or(0);
        let mut skipped = Vec::new();
        for step in 1..=all.len() {
            let next = all[(at + step) % all.len()];
            if let Some(generator) = self.choice(next) {
                return (generator.clone(), skipped);
            }
            if let Some((_, why)) = self.skipped.iter().find(|(k, _)| *k == next) {
                skipped.push((next, why.as_str()));
            }
        }
        let stay = self
            .choice(kind)
            .cloned()
            .unwrap_or_else(|| Generator::with_defaults(kind));
        (stay, skipped)
    }
}

/// A seed from `fresh_seed` that differs from `current`; after a few equal draws (a
/// broken source) it steps past `current` instead of looping.
pub fn different_seed(current: u64, fresh_seed: &mut dyn FnMut() -> u64) -> u64 {
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
        assert_eq!(menu.choice(GeneratorKind::Rooms), Some(&rooms));
        let grid = Generator::Grid(GridSettings {
            room_count: 6,
            ..GridSettings::default()
        });
        let menu = menu.with_choices(vec![grid.clone()]);
        assert_eq!(menu.choice(GeneratorKind::Grid), Some(&grid));
        assert_eq!(
            menu.choice(GeneratorKind::Rooms),
            Some(&rooms),
            "the others stay"
        );
    }

    #[test]
    fn g_visits_every_kind_in_order_and_comes_back() {
        let first = GeneratorKind::ALL[0];
        let menu = GeneratorMenu::new(&Generator::with_defaults(first));
        let mut kind = first;
        let mut seen = Vec::new();
        for _ in GeneratorKind::ALL {
            kind = menu.after(kind).0.kind();
            seen.push(kind);
        }
        let mut expected = GeneratorKind::ALL[1..].to_vec();
        expected.push(first);
        assert_eq!(seen, expected);
    }

    #[test]
    fn with_every_other_kind_skipped_g_stays_and_names_them_all() {
        let first = GeneratorKind::ALL[0];
        let skipped = GeneratorKind::ALL[1..]
            .iter()
            .map(|&k| (k, format!("{k} cannot")))
            .collect();
        let menu = GeneratorMenu::new(&Generator::with_defaults(first)).with_skipped(skipped);
        let (next, passed) = menu.after(first);
        assert_eq!(next.kind(), first);
        assert_eq!(passed.len(), GeneratorKind::ALL.len() - 1);
    }
}
