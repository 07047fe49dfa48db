//! `--generator bsp-interior`: the flags of the map cut into rooms with doors.

use clap::Args;
use mapgen::generators::bsp_interior::BspInteriorSettings;

use crate::{FlagSet, MapSize};

const DEFAULT: BspInteriorSettings = BspInteriorSettings::DEFAULT;

/// The BSP interior generator's flags; each id is its settings field's name.
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "BSP interior generator (--generator bsp-interior)")]
pub struct Flags {
    /// Shortest side of a room, walls included (rooms are cut while a side is twice this)
    #[arg(long = "min-room-size", value_name = "TILES", default_value_t = DEFAULT.min_room_size, allow_negative_numbers = true, value_parser = crate::whole::<i32>)]
    min_room_size: i32,
}

impl FlagSet for Flags {
    type Settings = BspInteriorSettings;

    fn settings(&self, size: &MapSize) -> BspInteriorSettings {
        BspInteriorSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            min_room_size: self.min_room_size,
        }
    }
}

#[cfg(test)]
mod tests {
    use mapgen::generators::Generator;
    use mapgen::generators::bsp_interior::BspInteriorSettings;

    use crate::test_cli;

    /// This generator's flags `args`, as a generator or an error message.
    fn generator(args: &[&str]) -> Result<Generator, String> {
        test_cli::generator("bsp-interior", args)
    }

    #[test]
    fn flags_fill_the_settings_and_errors_name_them() {
        let expected = BspInteriorSettings {
            height: 30,
            min_room_size: 9,
            ..BspInteriorSettings::default()
        };
        let args = ["--height", "30", "--min-room-size", "9"];
        assert_eq!(generator(&args), Ok(Generator::BspInterior(expected)));
        assert_eq!(
            generator(&["--min-room-size", "80"]),
            Err("--min-room-size is 80; allowed 2..=44".to_string())
        );
        assert_eq!(
            generator(&["--depth", "3"]),
            Err("--depth is a setting of the bsp generator, not of bsp-interior".to_string())
        );
    }
}
