//! `--generator drunkard`: the flags of the drunkard's walk.

use clap::Args;
use mapgen::generators::drunkard::DrunkardSettings;
use mapgen::generators::Symmetry;
use mapgen::generators::drunkard::DrunkardMode;

use crate::{FlagSet, MapSize};

const DEFAULT: DrunkardSettings = DrunkardSettings::DEFAULT;

/// The drunkard's-walk generator's flags; each field is named as its settings field.
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "Drunkard's walk generator (--generator drunkard)")]
pub struct Flags {
    /// Walkers: open-area, open-halls, winding-passages, fat-passages or symmetric
    #[arg(long, value_name = "MODE", default_value_t = DEFAULT.mode)]
    mode: DrunkardMode,
    /// Percent of the tiles inside the border to carve (0-100)
    ///
    /// Walkers take at most 200 steps per tile inside the border and 8 billion in all
    /// (seconds, not minutes, on the largest map); a target not reached by then is an
    /// error naming this flag. open-area walkers all start at the centre: 50 % is reached
    /// on maps up to about 120x120.
    #[arg(long, default_value_t = DEFAULT.floor_percent, allow_negative_numbers = true)]
    floor_percent: u32,
    /// Mirror of the symmetric mode: none, horizontal, vertical or both
    #[arg(long, value_name = "SYMMETRY", default_value_t = DEFAULT.mirror)]
    mirror: Symmetry,
}

impl FlagSet for Flags {
    type Settings = DrunkardSettings;

    fn settings(&self, size: &MapSize) -> DrunkardSettings {
        DrunkardSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            mode: self.mode,
            floor_percent: self.floor_percent,
            mirror: self.mirror,
        }
    }
}
