//! `--generator voronoi`: the flags of the Voronoi hive.

use clap::Args;
use mapgen::generators::voronoi::VoronoiSettings;
use mapgen::generators::voronoi::Distance;

use crate::{FlagSet, MapSize};

const DEFAULT: VoronoiSettings = VoronoiSettings::DEFAULT;

/// The Voronoi hive generator's flags; each field is named as its settings field.
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "Voronoi hive generator (--generator voronoi)")]
pub struct Flags {
    /// Seed points, one per cell
    #[arg(long, default_value_t = DEFAULT.seeds, allow_negative_numbers = true)]
    seeds: u32,
    /// Nearness to a seed: euclidean, manhattan or chebyshev
    #[arg(long, value_name = "METRIC", default_value_t = DEFAULT.distance)]
    distance: Distance,
    /// Chance in percent that neighbouring cells get an opening beyond the spanning tree
    #[arg(long, default_value_t = DEFAULT.extra_openings, allow_negative_numbers = true)]
    extra_openings: u32,
}

impl FlagSet for Flags {
    type Settings = VoronoiSettings;

    fn settings(&self, size: &MapSize) -> VoronoiSettings {
        VoronoiSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            seeds: self.seeds,
            distance: self.distance,
            extra_openings: self.extra_openings,
        }
    }
}
