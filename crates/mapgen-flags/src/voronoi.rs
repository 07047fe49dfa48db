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
    /// Cells in the hive, each grown around a random point
    #[arg(long = "cells", id = "seeds", value_name = "N", default_value_t = DEFAULT.seeds, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    cells: u32,
    /// `--cells`' old name, which read like `--seed`: still taken, with a warning.
    #[arg(long = "seeds", value_name = "N", hide = true, conflicts_with = "seeds", allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    old_seeds: Option<u32>,
    /// Nearness to a seed: euclidean, manhattan or chebyshev
    #[arg(long, value_name = "METRIC", default_value_t = DEFAULT.distance)]
    distance: Distance,
    /// Chance in percent that neighbouring cells get an opening beyond the spanning tree
    #[arg(long, value_name = "PERCENT", default_value_t = DEFAULT.extra_openings, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    extra_openings: u32,
}

impl FlagSet for Flags {
    type Settings = VoronoiSettings;

    fn settings(&self, size: &MapSize) -> VoronoiSettings {
        VoronoiSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            seeds: self.old_seeds.unwrap_or(self.cells),
            distance: self.distance,
            extra_openings: self.extra_openings,
        }
    }

    fn warnings(&self) -> Vec<String> {
        match self.old_seeds {
            Some(_) => vec!["--seeds is now --cells (how many cells); the old name will go in a later release".into()],
            None => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use mapgen::generators::Generator;

    use crate::test_cli::{generator, parse};

    fn cells(args: &[&str]) -> u32 {
        match generator("voronoi", args) {
            Ok(Generator::Voronoi(s)) => s.seeds,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    #[test]
    fn cells_sets_how_many_cells_and_the_old_name_still_does_with_a_warning() {
        assert_eq!(cells(&["--cells", "9"]), 9);
        assert_eq!(cells(&["--seeds", "9"]), 9);
        assert!(parse(&["--generator", "voronoi", "--cells", "9"]).warnings().is_empty());
        let warnings = parse(&["--generator", "voronoi", "--seeds", "9"]).warnings();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("--seeds is now --cells"), "{warnings:?}");
    }

    #[test]
    fn the_old_name_is_refused_beside_the_new_one_and_for_other_generators() {
        let both = generator("voronoi", &["--cells", "9", "--seeds", "9"]).unwrap_err();
        assert!(both.contains("--seeds") && both.contains("--cells"), "{both}");
        let other = generator("rooms", &["--seeds", "9"]).unwrap_err();
        assert_eq!(other, "--seeds is a setting of the voronoi generator, not of rooms");
    }

    #[test]
    fn invalid_counts_are_named_by_the_new_flag() {
        let err = generator("voronoi", &["--cells", "0"]).unwrap_err();
        assert!(err.starts_with("--cells is 0;"), "{err}");
    }
}
