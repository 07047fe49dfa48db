//! What a game is started with: every setting a front end reads from its flags (the
//! window's command line, a page's URL parameters) through the `game-flags` crate, as
//! plain values. The seed is chosen by the front end (a fresh one comes from its clock).

use mapgen::generators::{Generator, GeneratorKind};
use mapgen::vaults::VaultPlan;

use crate::action::Input;

/// When a scripted game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitAfter {
    /// After this many frames.
    Frames(u64),
    /// Once the replay is played, no plan runs and no level is being made.
    Idle,
}

/// The generators of a game: the first level's, one per depth, and those `G` can switch
/// to or must skip.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratorSetup {
    /// The first level's generator.
    pub first: Generator,
    /// One per depth (`--levels`), empty without it.
    pub levels: Vec<Generator>,
    /// What `G` cycles through: every kind whose settings are valid with the flags.
    pub choices: Vec<Generator>,
    /// The kinds `G` skips, each with why (its settings' error, named by the flags).
    pub skipped: Vec<(GeneratorKind, String)>,
}

impl GeneratorSetup {
    /// Every level made by `first`; `G` cycles through the other kinds' defaults.
    pub fn just(first: Generator) -> GeneratorSetup {
        GeneratorSetup {
            first,
            levels: Vec::new(),
            choices: Vec::new(),
            skipped: Vec::new(),
        }
    }
}

/// A game's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The game's seed: its first level's.
    pub seed: u64,
    /// The generators.
    pub generators: GeneratorSetup,
    /// Stamped into every level.
    pub vaults: Option<VaultPlan>,
    /// Coloured locks on every level (`--locks`), 0 to
    /// [`MAX_COLOURED_LOCKS`](game_core::doors::MAX_COLOURED_LOCKS).
    pub locks: u8,
    /// Field-of-view radius in tiles; 0 sees without limit.
    pub fov_radius: u32,
    /// The depth of the amulet's level, the deepest (`--goal-depth`).
    pub goal_depth: u32,
    /// Whether levels keep their monsters (`--peaceful` leaves them out).
    pub monsters: game_core::goal::Monsters,
    /// Milliseconds between two steps of a running plan; 0 for as many as a frame's time
    /// allows.
    pub step_ms: u32,
    /// Milliseconds of a slide between rooms; 0 for a cut.
    pub slide_ms: u32,
    /// Inputs to play first, one a frame (a key waits while a plan runs).
    pub replay: Vec<Input>,
    /// When a scripted game ends.
    pub exit_after: Option<ExitAfter>,
    /// Every new level starts with its playback (`W`).
    pub watch_new_levels: bool,
}

impl Config {
    /// A game of `seed` whose levels `generator` makes, with the flags' defaults.
    pub fn new(seed: u64, generator: Generator) -> Config {
        Config {
            seed,
            generators: GeneratorSetup::just(generator),
            vaults: None,
            locks: 0,
            fov_radius: game_core::game::DEFAULT_FOV_RADIUS,
            goal_depth: game_core::goal::DEFAULT_GOAL_DEPTH,
            monsters: game_core::goal::Monsters::Placed,
            step_ms: crate::plan::DEFAULT_STEP_MS,
            slide_ms: crate::slide::DEFAULT_SLIDE_MS,
            replay: Vec::new(),
            exit_after: None,
            watch_new_levels: false,
        }
    }
}
