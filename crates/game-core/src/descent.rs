//! Which level is made at each depth: the generator and the seed.
//!
//! The first level of a game with seed `S` is exactly `mapgen generate --seed S` with the
//! same generator and flags (stairs aside). Each deeper level's seed is derived from `S`
//! and the depth alone ([`level_seed`]), so a level is the same however it is reached
//! (1, 2, 3 or 1, 2, 1, 2, 3). The generator is the chosen one at every depth, or one
//! per depth from `--levels` (the last repeated), until `G` picks another for the levels
//! made from then on.

use mapgen::generators::Generator;
use mapgen::generators::isaac::IsaacSettings;
use mapgen::vaults::VaultPlan;

use crate::level::{LevelOrder, Purpose};

/// The seed of the level at `depth` in the game of seed `game_seed`: the game's seed for
/// the first level, and for the others a `SplitMix64` mix of the two (integers only, the
/// same on every platform).
///
/// ```
/// use game_core::descent::level_seed;
/// assert_eq!(level_seed(42, 1), 42);
/// assert_ne!(level_seed(42, 2), level_seed(42, 3));
/// assert_eq!(level_seed(42, 2), level_seed(42, 2));
/// // Pinned: a saved game's levels depend on it.
/// assert_eq!(level_seed(42, 2), 2_949_826_092_126_892_291);
/// ```
pub fn level_seed(game_seed: u64, depth: u32) -> u64 {
    if depth <= 1 {
        return game_seed;
    }
    mapgen::DungeonRng::derive_seed(game_seed, u64::from(depth))
}

/// `generator` for the level at `depth`: an `isaac` floor's stage plus `depth - 1`
/// (capped at the last stage); any other generator as it is.
///
/// ```
/// use game_core::descent::stage_for_depth;
/// use mapgen::generators::Generator;
/// use mapgen::generators::isaac::IsaacSettings;
/// let first = Generator::Isaac(IsaacSettings { stage: 2, ..IsaacSettings::default() });
/// let Generator::Isaac(third) = stage_for_depth(&first, 3) else { unreachable!() };
/// assert_eq!(third.stage, 4);
/// let Generator::Isaac(deep) = stage_for_depth(&first, 40) else { unreachable!() };
/// assert_eq!(deep.stage, IsaacSettings::MAX_STAGE);
/// ```
pub fn stage_for_depth(generator: &Generator, depth: u32) -> Generator {
    match generator {
        Generator::Isaac(settings) => Generator::Isaac(IsaacSettings {
            stage: settings
                .stage
                .saturating_add(depth.saturating_sub(1))
                .min(IsaacSettings::MAX_STAGE)
                .max(settings.stage),
            ..*settings
        }),
        other => other.clone(),
    }
}

/// The recipe of a game's levels: its seed and the generator of each depth.
#[derive(Debug, Clone, PartialEq)]
pub struct Descent {
    seed: u64,
    /// One per depth from the first; the last is repeated below. Never empty.
    by_depth: Vec<Generator>,
    /// `G`'s choice: the generator of every level made from now on.
    from_now: Option<Generator>,
    /// `--vaults`, stamped into every level.
    vaults: Option<VaultPlan>,
    /// `--locks`: coloured locks on every level.
    locks: u8,
}

impl Descent {
    /// Every level of the game of `seed` made by `generator`.
    pub fn new(seed: u64, generator: Generator) -> Descent {
        Descent {
            seed,
            by_depth: vec![generator],
            from_now: None,
            vaults: None,
            locks: 0,
        }
    }

    /// The same recipe with up to `locks` coloured locks on every level (`--locks`).
    #[must_use]
    pub fn with_locks(mut self, locks: u8) -> Descent {
        self.locks = locks;
        self
    }

    /// The coloured locks asked for on every level (`--locks`).
    pub fn locks(&self) -> u8 {
        self.locks
    }

    /// The same recipe with `vaults` stamped into every level (`--vaults`).
    #[must_use]
    pub fn with_vaults(mut self, vaults: Option<VaultPlan>) -> Descent {
        self.vaults = vaults;
        self
    }

    /// The same recipe with one generator per depth (`--levels`); the last is used for
    /// every depth below. An empty list changes nothing.
    #[must_use]
    pub fn with_levels(mut self, generators: Vec<Generator>) -> Descent {
        if !generators.is_empty() {
            self.by_depth = generators;
        }
        self
    }

    /// The game's seed: the first level's.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The generator of the level at `depth`, if it is still to be made.
    pub fn generator_for(&self, depth: u32) -> &Generator {
        if let Some(chosen) = &self.from_now {
            return chosen;
        }
        let i = (depth.max(1) as usize - 1).min(self.by_depth.len() - 1);
        &self.by_depth[i]
    }

    /// `G`'s choice, if the player made one.
    pub fn chosen(&self) -> Option<&Generator> {
        self.from_now.as_ref()
    }

    /// Makes `generator` the generator of every level made from now on.
    pub fn choose(&mut self, generator: Generator) {
        self.from_now = Some(generator);
    }

    /// The vaults stamped into every level (`--vaults`).
    pub fn vaults(&self) -> Option<&VaultPlan> {
        self.vaults.as_ref()
    }

    /// The order for the level at `depth`. An `isaac` floor's stage rises with the
    /// depth, as Isaac's floors do: the stage of its settings at depth 1, one more per
    /// level below, at most [`IsaacSettings::MAX_STAGE`].
    pub fn order(&self, depth: u32, purpose: Purpose) -> LevelOrder {
        LevelOrder {
            depth,
            generator: stage_for_depth(self.generator_for(depth), depth),
            seed: level_seed(self.seed, depth),
            purpose,
            vaults: self.vaults.clone(),
            locks: self.locks,
        }
    }

    /// The same recipe for a new game of `seed`.
    pub fn restart(&mut self, seed: u64) {
        self.seed = seed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::GeneratorKind;

    #[test]
    fn the_list_gives_a_generator_per_depth_and_repeats_the_last() {
        let kinds = [GeneratorKind::Rooms, GeneratorKind::Caves];
        let descent = Descent::new(7, Generator::with_defaults(GeneratorKind::Maze))
            .with_levels(kinds.iter().map(|&k| Generator::with_defaults(k)).collect());
        let kind_at = |d| descent.generator_for(d).kind();
        assert_eq!(
            [kind_at(1), kind_at(2), kind_at(3), kind_at(40)],
            [kinds[0], kinds[1], kinds[1], kinds[1]]
        );
        let mut chosen = descent.clone();
        chosen.choose(Generator::with_defaults(GeneratorKind::Dla));
        assert_eq!(chosen.generator_for(1).kind(), GeneratorKind::Dla);
        assert_eq!(chosen.order(5, Purpose::Descend).seed, level_seed(7, 5));
    }

    #[test]
    fn level_seeds_differ_by_depth_and_by_game() {
        let mut seen = std::collections::BTreeSet::new();
        for game in [0, 1, 42, u64::MAX] {
            for depth in 1..50 {
                assert!(seen.insert(level_seed(game, depth)), "{game} {depth}");
            }
        }
    }

    #[test]
    fn every_order_carries_the_vaults() {
        use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
        let plan = VaultPlan::new(VaultLibrary::builtin().clone(), VaultSettings::default());
        let plan = plan.unwrap();
        let rooms = Generator::Rooms(mapgen::generators::rooms::RoomsSettings::default());
        let descent = Descent::new(5, rooms).with_vaults(Some(plan.clone()));
        for depth in [1, 2, 7] {
            let order = descent.order(depth, Purpose::Descend);
            assert_eq!(order.vaults.as_ref(), Some(&plan));
            assert_eq!(order.locks, 0);
            assert_eq!(
                descent
                    .clone()
                    .with_locks(3)
                    .order(depth, Purpose::Descend)
                    .locks,
                3
            );
        }
    }
}
