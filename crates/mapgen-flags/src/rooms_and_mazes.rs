//! `--generator rooms-and-mazes`: the flags of Nystrom's rooms and mazes.

use clap::Args;
use mapgen::generators::rooms_and_mazes::{DeadEnds, RoomsAndMazesSettings};

use crate::{FlagSet, MapSize};

const DEFAULT: RoomsAndMazesSettings = RoomsAndMazesSettings::DEFAULT;

/// The rooms-and-mazes generator's flags; each id is its settings field's name.
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "Rooms-and-mazes generator (--generator rooms-and-mazes)")]
pub struct Flags {
    /// Room placement attempts
    #[arg(long = "room-tries", value_name = "N", default_value_t = DEFAULT.room_tries, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    room_tries: u32,
    /// Makes rooms larger: shorter sides of 3 to 5 + 2 x this
    #[arg(long = "room-extra-size", value_name = "N", default_value_t = DEFAULT.room_extra_size, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    room_extra_size: u32,
    /// Percent chance that a corridor turns where it could go straight on
    #[arg(long = "winding", value_name = "PERCENT", default_value_t = DEFAULT.winding_percent, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    winding_percent: u32,
    /// Percent chance of an extra door between regions already joined
    #[arg(long = "extra-connectors", value_name = "PERCENT", default_value_t = DEFAULT.extra_connector_percent, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    extra_connector_percent: u32,
    /// Dead ends of the mazes: remove or keep
    #[arg(long = "dead-ends", value_name = "remove|keep", default_value_t = DEFAULT.dead_ends)]
    dead_ends: DeadEnds,
}

impl FlagSet for Flags {
    type Settings = RoomsAndMazesSettings;

    fn settings(&self, size: &MapSize) -> RoomsAndMazesSettings {
        RoomsAndMazesSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            room_tries: self.room_tries,
            room_extra_size: self.room_extra_size,
            winding_percent: self.winding_percent,
            extra_connector_percent: self.extra_connector_percent,
            dead_ends: self.dead_ends,
        }
    }
}

#[cfg(test)]
mod tests {
    use mapgen::generators::Generator;
    use mapgen::generators::rooms_and_mazes::{DeadEnds, RoomsAndMazesSettings};

    use crate::test_cli;

    /// This generator's flags `args`, as a generator or an error message.
    fn generator(args: &[&str]) -> Result<Generator, String> {
        test_cli::generator("rooms-and-mazes", args)
    }

    #[test]
    fn flags_fill_the_settings() {
        let args = [
            "--room-tries", "7", "--room-extra-size", "2", "--winding", "80",
            "--extra-connectors", "0", "--dead-ends", "keep",
        ];
        let expected = RoomsAndMazesSettings {
            room_tries: 7,
            room_extra_size: 2,
            winding_percent: 80,
            extra_connector_percent: 0,
            dead_ends: DeadEnds::Keep,
            ..RoomsAndMazesSettings::default()
        };
        assert_eq!(generator(&args), Ok(Generator::RoomsAndMazes(expected)));
    }

    #[test]
    fn errors_name_the_flags_and_the_choices() {
        assert_eq!(
            generator(&["--winding", "101"]),
            Err("--winding is 101; allowed 0..=100".to_string())
        );
        assert_eq!(
            generator(&["--extra-connectors", "200"]),
            Err("--extra-connectors is 200; allowed 0..=100".to_string())
        );
        let err = generator(&["--dead-ends", "maybe"]).unwrap_err();
        assert!(err.contains("unknown dead-ends choice \"maybe\"; allowed: remove, keep"), "{err}");
    }
}
