//! `--generator maze`: the flags of the perfect maze.

use clap::Args;
use mapgen::generators::maze::MazeSettings;

use crate::{FlagSet, MapSize};

const DEFAULT: MazeSettings = MazeSettings::DEFAULT;

/// The maze generator's flags; each id is its settings field's name.
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "Maze generator (--generator maze)")]
pub struct Flags {
    /// Percent of steps taken from a random cell instead of the newest: 0 long corridors, 100 many branches
    #[arg(long, value_name = "PERCENT", default_value_t = DEFAULT.branching, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    branching: u32,
}

impl FlagSet for Flags {
    type Settings = MazeSettings;

    fn settings(&self, size: &MapSize) -> MazeSettings {
        MazeSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            branching: self.branching,
        }
    }
}

#[cfg(test)]
mod tests {
    use mapgen::generators::Generator;
    use mapgen::generators::maze::MazeSettings;

    use crate::test_cli;

    /// This generator's flags `args`, as a generator or an error message.
    fn generator(args: &[&str]) -> Result<Generator, String> {
        test_cli::generator("maze", args)
    }

    #[test]
    fn flags_fill_the_settings_and_errors_name_them() {
        let expected = MazeSettings {
            width: 21,
            height: 11,
            branching: 100,
        };
        let args = ["--width", "21", "--height", "11", "--branching", "100"];
        assert_eq!(generator(&args), Ok(Generator::Maze(expected)));
        assert_eq!(
            generator(&["--branching", "-1"]),
            Err("--branching is -1; allowed 0..=100".to_string())
        );
        assert_eq!(
            generator(&["--branching", "101"]),
            Err("--branching is 101; allowed 0..=100".to_string())
        );
    }
}
