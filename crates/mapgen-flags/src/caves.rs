//! `--generator caves`: the flags of the cellular-automaton caves.

use clap::Args;
use mapgen::generators::caves::CavesSettings;
use mapgen::generators::caves::CaveRegions;

use crate::{FlagSet, MapSize};

const DEFAULT: CavesSettings = CavesSettings::DEFAULT;

/// The caves generator's flags; each field is named as its settings field.
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "Caves generator (--generator caves)")]
pub struct Flags {
    /// Chance in percent that a tile starts as floor (0-100)
    #[arg(long, value_name = "PERCENT", default_value_t = DEFAULT.floor_chance, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    floor_chance: u32,
    /// Rounds of the cellular automaton
    #[arg(long, value_name = "N", default_value_t = DEFAULT.iterations, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    iterations: u32,
    /// A floor tile becomes wall with at least this many wall neighbours (0-9)
    #[arg(long, value_name = "WALLS", default_value_t = DEFAULT.birth_limit, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    birth_limit: u32,
    /// A wall stays wall with at least this many wall neighbours (0-9)
    #[arg(long, value_name = "WALLS", default_value_t = DEFAULT.survival_limit, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    survival_limit: u32,
    /// Caves the start cannot reach: join (by tunnels) or keep-start (fill the others)
    #[arg(long, value_name = "join|keep-start", default_value_t = DEFAULT.regions)]
    regions: CaveRegions,
}

impl FlagSet for Flags {
    type Settings = CavesSettings;

    fn settings(&self, size: &MapSize) -> CavesSettings {
        CavesSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            floor_chance: self.floor_chance,
            iterations: self.iterations,
            birth_limit: self.birth_limit,
            survival_limit: self.survival_limit,
            regions: self.regions,
        }
    }
}
