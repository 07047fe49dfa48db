//! `--generator isaac`: the flags of The Binding of Isaac's floors.

use clap::Args;
use mapgen::generators::isaac::IsaacSettings;

use crate::{FlagSet, MapSize, RoomSize};

const DEFAULT: IsaacSettings = IsaacSettings::DEFAULT;

/// The isaac generator's flags; each id is its settings field's name. `--room-width` and
/// `--room-height` are the shared [`RoomSize`].
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "Isaac generator (--generator isaac)")]
pub struct Flags {
    /// Isaac's stage (floor) number, 1 to 12: later stages have more rooms
    #[arg(long, value_name = "1-12", default_value_t = DEFAULT.stage, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    stage: u32,
    /// An XL floor (the Curse of the Labyrinth): 1.8 times the rooms, two boss rooms
    #[arg(long, default_value_t = DEFAULT.xl)]
    xl: bool,
}

impl FlagSet for Flags {
    type Settings = IsaacSettings;

    const SIZE_NOTE: Option<&'static str> = Some(
        "its map size follows from --room-width and --room-height (13 x 13 rooms)",
    );
    const ROOM_SIZE: bool = true;

    fn settings(&self, size: &MapSize) -> IsaacSettings {
        self.settings_with_rooms(size, &RoomSize::default())
    }

    fn settings_with_rooms(&self, _size: &MapSize, rooms: &RoomSize) -> IsaacSettings {
        IsaacSettings {
            stage: self.stage,
            xl: self.xl,
            room_width: rooms.room_width.unwrap_or(DEFAULT.room_width),
            room_height: rooms.room_height.unwrap_or(DEFAULT.room_height),
        }
    }
}

#[cfg(test)]
mod tests {
    use mapgen::generators::Generator;
    use mapgen::generators::isaac::IsaacSettings;

    use crate::test_cli;

    /// This generator's flags `args`, as a generator or an error message.
    fn generator(args: &[&str]) -> Result<Generator, String> {
        test_cli::generator("isaac", args)
    }

    #[test]
    fn flags_fill_the_settings_and_errors_name_them() {
        let expected = IsaacSettings {
            stage: 4,
            xl: true,
            room_width: 9,
            room_height: 7,
        };
        let args = ["--stage", "4", "--xl", "--room-width", "9", "--room-height", "7"];
        assert_eq!(generator(&args), Ok(Generator::Isaac(expected)));
        assert_eq!(
            generator(&[]),
            Ok(Generator::Isaac(IsaacSettings::default()))
        );
        assert_eq!(
            generator(&["--stage", "13"]),
            Err("--stage is 13; allowed 1..=12".to_string())
        );
        assert_eq!(
            generator(&["--room-width", "2"]),
            Err("--room-width is 2; allowed 3..=255".to_string())
        );
        assert_eq!(
            generator(&["--stage", "-1"]),
            Err("--stage is -1; allowed 1..=12".to_string())
        );
        let err = generator(&["--width", "50"]).unwrap_err();
        assert!(
            err.starts_with("--width is not a setting of the isaac generator: its map size"),
            "{err}"
        );
    }

    #[test]
    fn the_room_size_is_shared_with_grid_and_refused_elsewhere() {
        let Ok(Generator::Grid(grid)) = test_cli::generator("grid", &["--room-width", "7"])
        else {
            panic!("not grid")
        };
        assert_eq!((grid.room_width, grid.room_height), (7, 9));
        assert_eq!(
            test_cli::generator("rooms", &["--room-height", "7"]),
            Err("--room-height is a setting of the grid and isaac generators, not of rooms".into())
        );
        assert_eq!(
            test_cli::generator("grid", &["--stage", "2"]),
            Err("--stage is a setting of the isaac generator, not of grid".into())
        );
    }
}
