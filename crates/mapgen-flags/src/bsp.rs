//! `--generator bsp`: the flags of libtcod's BSP dungeon.

use clap::Args;
use mapgen::generators::bsp::BspSettings;

use crate::{FlagSet, MapSize};

const DEFAULT: BspSettings = BspSettings::DEFAULT;

/// The BSP generator's flags; each id is its settings field's name.
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "BSP generator (--generator bsp)")]
pub struct Flags {
    /// Levels of cuts at most (0: one room)
    #[arg(long, value_name = "N", default_value_t = DEFAULT.depth, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    depth: u32,
    /// Shortest side of a leaf, its shared wall included; rooms are one less
    #[arg(long = "min-leaf", value_name = "TILES", default_value_t = DEFAULT.min_leaf_size, allow_negative_numbers = true, value_parser = crate::whole::<i32>)]
    min_leaf_size: i32,
    /// Percent: a node wider than this share of its height is cut across its width
    #[arg(long = "max-h-ratio", value_name = "PERCENT", default_value_t = DEFAULT.max_h_ratio, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    max_h_ratio: u32,
    /// Percent: a node taller than this share of its width is cut across its height
    #[arg(long = "max-v-ratio", value_name = "PERCENT", default_value_t = DEFAULT.max_v_ratio, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    max_v_ratio: u32,
}

impl FlagSet for Flags {
    type Settings = BspSettings;

    fn settings(&self, size: &MapSize) -> BspSettings {
        BspSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            depth: self.depth,
            min_leaf_size: self.min_leaf_size,
            max_h_ratio: self.max_h_ratio,
            max_v_ratio: self.max_v_ratio,
        }
    }
}

#[cfg(test)]
mod tests {
    use mapgen::generators::Generator;
    use mapgen::generators::bsp::BspSettings;

    use crate::test_cli;

    /// This generator's flags `args`, as a generator or an error message.
    fn generator(args: &[&str]) -> Result<Generator, String> {
        test_cli::generator("bsp", args)
    }

    #[test]
    fn flags_fill_the_settings() {
        let args = ["--width", "60", "--depth", "3", "--min-leaf", "7", "--max-h-ratio", "200", "--max-v-ratio", "120"];
        let expected = BspSettings {
            width: 60,
            depth: 3,
            min_leaf_size: 7,
            max_h_ratio: 200,
            max_v_ratio: 120,
            ..BspSettings::default()
        };
        assert_eq!(generator(&args), Ok(Generator::Bsp(expected)));
    }

    #[test]
    fn errors_name_the_flags() {
        for (args, message) in [
            (&["--min-leaf", "1"][..], "--min-leaf is 1; allowed 2..=44"),
            (&["--depth", "101"], "--depth is 101; allowed 0..=100"),
            (&["--max-v-ratio", "50"], "--max-v-ratio is 50; allowed 100..=10000"),
            (&["--height", "3", "--min-leaf", "5"], "--min-leaf is 5; allowed 2..=2"),
        ] {
            assert_eq!(generator(args), Err(message.to_string()), "{args:?}");
        }
    }
}
