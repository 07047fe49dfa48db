//! `--generator dla`: the flags of diffusion-limited aggregation.

use clap::Args;
use mapgen::generators::dla::DlaSettings;
use mapgen::generators::Symmetry;
use mapgen::generators::dla::DlaAlgorithm;

use crate::{FlagSet, MapSize};

const DEFAULT: DlaSettings = DlaSettings::DEFAULT;

/// The DLA generator's flags; each field is named as its settings field.
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "Diffusion-limited aggregation generator (--generator dla)")]
pub struct Flags {
    /// Particles: walk-inwards, walk-outwards or central-attractor
    #[arg(long, value_name = "ALGORITHM", default_value_t = DEFAULT.algorithm)]
    algorithm: DlaAlgorithm,
    /// Side of the square brush a particle paints, in tiles
    #[arg(long, value_name = "TILES", default_value_t = DEFAULT.brush_size, allow_negative_numbers = true, value_parser = crate::whole::<i32>)]
    brush_size: i32,
    /// Mirror images: none, horizontal, vertical or both
    #[arg(long, value_name = "SYMMETRY", default_value_t = DEFAULT.symmetry)]
    symmetry: Symmetry,
    /// Percent of the tiles inside the border the aggregate grows to (0-100)
    ///
    /// Particles take at most 2000 steps per tile inside the border and 8 billion in all
    /// (seconds, not minutes, on the largest map); a target not reached by then is an
    /// error naming this flag. walk-outwards needs time quadratic in the floor: 25 % is
    /// reached on maps up to about 400x400.
    #[arg(long, value_name = "PERCENT", default_value_t = DEFAULT.cluster_percent, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    cluster_percent: u32,
}

impl FlagSet for Flags {
    type Settings = DlaSettings;

    fn settings(&self, size: &MapSize) -> DlaSettings {
        DlaSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            algorithm: self.algorithm,
            brush_size: self.brush_size,
            symmetry: self.symmetry,
            cluster_percent: self.cluster_percent,
        }
    }
}
