//! The generator flags of the `mapgen` command and the game, in one place so that both
//! take the same names, defaults and checks.
//!
//! Each generator's flags are optional: an absent flag takes the generator's default, and a
//! flag of the other generator is refused rather than silently ignored.

use clap::Args;
use mapgen::{DoorWeights, Generator, GeneratorKind, GridSettings, RoomsSettings};

/// A flag given for a generator that does not take it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--{flag} is a setting of the {owner} generator, not of {chosen}")]
pub struct FlagError {
    /// The flag, without its dashes.
    pub flag: &'static str,
    /// The generator that takes it.
    pub owner: GeneratorKind,
    /// The generator chosen.
    pub chosen: GeneratorKind,
}

/// `--generator` and every generator's settings.
#[derive(Debug, Clone, Args)]
pub struct GeneratorFlags {
    /// Generator: rooms (libtcod tutorial rooms and corridors) or grid (rooms on a grid
    /// joined by doors, The Binding of Isaac style).
    #[arg(long, default_value = "rooms", value_parser = parse_generator)]
    pub generator: GeneratorKind,

    /// Map width in tiles [default: 80]
    #[arg(long, help_heading = "Rooms generator", allow_negative_numbers = true)]
    pub width: Option<i32>,
    /// Map height in tiles [default: 45]
    #[arg(long, help_heading = "Rooms generator", allow_negative_numbers = true)]
    pub height: Option<i32>,
    /// Room placement attempts [default: 30]
    #[arg(long, help_heading = "Rooms generator", allow_negative_numbers = true)]
    pub max_rooms: Option<u32>,
    /// Smallest room side, walls included [default: 6]
    #[arg(long, help_heading = "Rooms generator", allow_negative_numbers = true)]
    pub room_min: Option<i32>,
    /// Largest room side, walls included [default: 10]
    #[arg(long, help_heading = "Rooms generator", allow_negative_numbers = true)]
    pub room_max: Option<i32>,

    /// Grid columns [default: 9]
    #[arg(long, help_heading = "Grid generator", allow_negative_numbers = true)]
    pub cols: Option<i32>,
    /// Grid rows [default: 7]
    #[arg(long, help_heading = "Grid generator", allow_negative_numbers = true)]
    pub rows: Option<i32>,
    /// Room width in tiles, walls included [default: 13]
    #[arg(long, help_heading = "Grid generator", allow_negative_numbers = true)]
    pub room_width: Option<i32>,
    /// Room height in tiles, walls included [default: 9]
    #[arg(long, help_heading = "Grid generator", allow_negative_numbers = true)]
    pub room_height: Option<i32>,
    /// Rooms to grow, start and boss included [default: 15]
    #[arg(long, help_heading = "Grid generator", allow_negative_numbers = true)]
    pub room_count: Option<u32>,
    /// Dead ends that become treasure rooms, at most [default: 1]
    #[arg(long, help_heading = "Grid generator", allow_negative_numbers = true)]
    pub treasure_rooms: Option<u32>,
    /// Weight of a dead end (only the entry door) [default: 3]
    #[arg(long, help_heading = "Grid generator", allow_negative_numbers = true)]
    pub weight_dead_end: Option<u32>,
    /// Weight of going straight on (entry and opposite door) [default: 8]
    #[arg(long, help_heading = "Grid generator", allow_negative_numbers = true)]
    pub weight_straight: Option<u32>,
    /// Weight of each turn (entry and a side door) [default: 2]
    #[arg(long, help_heading = "Grid generator", allow_negative_numbers = true)]
    pub weight_turn: Option<u32>,
    /// Weight of each T shape (three doors) [default: 2]
    #[arg(long, help_heading = "Grid generator", allow_negative_numbers = true)]
    pub weight_tee: Option<u32>,
    /// Weight of a crossing (four doors) [default: 1]
    #[arg(long, help_heading = "Grid generator", allow_negative_numbers = true)]
    pub weight_cross: Option<u32>,
}

fn parse_generator(name: &str) -> Result<GeneratorKind, String> {
    name.parse()
        .map_err(|e: mapgen::GenerateError| e.to_string())
}

impl GeneratorFlags {
    /// The chosen generator's name.
    pub fn kind(&self) -> GeneratorKind {
        self.generator
    }

    /// The chosen generator with the settings the flags name, not yet validated.
    ///
    /// # Errors
    /// [`FlagError`] when a flag of another generator was given.
    pub fn generator(&self) -> Result<Generator, FlagError> {
        let chosen = self.kind();
        for kind in GeneratorKind::ALL.into_iter().filter(|&k| k != chosen) {
            if let Some(flag) = self.given_flags(kind).first() {
                return Err(FlagError {
                    flag,
                    owner: kind,
                    chosen,
                });
            }
        }
        Ok(self.generator_for(chosen))
    }

    /// The generator `kind` with the flags given for it and defaults for the rest; what the
    /// game switches to when the player picks another generator.
    pub fn generator_for(&self, kind: GeneratorKind) -> Generator {
        match kind {
            GeneratorKind::Rooms => Generator::Rooms(self.rooms()),
            GeneratorKind::Grid => Generator::Grid(self.grid()),
        }
    }

    fn rooms(&self) -> RoomsSettings {
        let d = RoomsSettings::default();
        RoomsSettings {
            width: self.width.unwrap_or(d.width),
            height: self.height.unwrap_or(d.height),
            max_rooms: self.max_rooms.unwrap_or(d.max_rooms),
            room_min_size: self.room_min.unwrap_or(d.room_min_size),
            room_max_size: self.room_max.unwrap_or(d.room_max_size),
        }
    }

    fn grid(&self) -> GridSettings {
        let d = GridSettings::default();
        let w = d.door_weights;
        GridSettings {
            cols: self.cols.unwrap_or(d.cols),
            rows: self.rows.unwrap_or(d.rows),
            room_width: self.room_width.unwrap_or(d.room_width),
            room_height: self.room_height.unwrap_or(d.room_height),
            room_count: self.room_count.unwrap_or(d.room_count),
            treasure_rooms: self.treasure_rooms.unwrap_or(d.treasure_rooms),
            door_weights: DoorWeights {
                dead_end: self.weight_dead_end.unwrap_or(w.dead_end),
                straight: self.weight_straight.unwrap_or(w.straight),
                turn: self.weight_turn.unwrap_or(w.turn),
                tee: self.weight_tee.unwrap_or(w.tee),
                cross: self.weight_cross.unwrap_or(w.cross),
            },
        }
    }

    /// The flags of generator `kind` that were given, by name.
    fn given_flags(&self, kind: GeneratorKind) -> Vec<&'static str> {
        let flags: Vec<(&'static str, bool)> = match kind {
            GeneratorKind::Rooms => vec![
                ("width", self.width.is_some()),
                ("height", self.height.is_some()),
                ("max-rooms", self.max_rooms.is_some()),
                ("room-min", self.room_min.is_some()),
                ("room-max", self.room_max.is_some()),
            ],
            GeneratorKind::Grid => vec![
                ("cols", self.cols.is_some()),
                ("rows", self.rows.is_some()),
                ("room-width", self.room_width.is_some()),
                ("room-height", self.room_height.is_some()),
                ("room-count", self.room_count.is_some()),
                ("treasure-rooms", self.treasure_rooms.is_some()),
                ("weight-dead-end", self.weight_dead_end.is_some()),
                ("weight-straight", self.weight_straight.is_some()),
                ("weight-turn", self.weight_turn.is_some()),
                ("weight-tee", self.weight_tee.is_some()),
                ("weight-cross", self.weight_cross.is_some()),
            ],
        };
        flags
            .into_iter()
            .filter(|&(_, given)| given)
            .map(|(name, _)| name)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        flags: GeneratorFlags,
    }

    fn parse(args: &[&str]) -> GeneratorFlags {
        Cli::try_parse_from(std::iter::once("test").chain(args.iter().copied()))
            .unwrap()
            .flags
    }

    #[test]
    fn no_flags_give_the_tutorial_rooms() {
        assert_eq!(
            parse(&[]).generator(),
            Ok(Generator::Rooms(RoomsSettings::default()))
        );
    }

    #[test]
    fn flags_fill_the_chosen_generators_settings() {
        let flags = parse(&[
            "--generator",
            "grid",
            "--cols",
            "5",
            "--weight-straight",
            "20",
        ]);
        let Ok(Generator::Grid(s)) = flags.generator() else {
            panic!("not grid")
        };
        assert_eq!((s.cols, s.rows, s.door_weights.straight), (5, 7, 20));
        let flags = parse(&["--room-min", "3", "--width", "50"]);
        let Ok(Generator::Rooms(s)) = flags.generator() else {
            panic!("not rooms")
        };
        assert_eq!((s.room_min_size, s.width, s.height), (3, 50, 45));
    }

    #[test]
    fn a_flag_of_the_other_generator_is_refused() {
        let err = parse(&["--cols", "5"]).generator().unwrap_err();
        assert_eq!(
            err.to_string(),
            "--cols is a setting of the grid generator, not of rooms"
        );
        let err = parse(&["--generator", "grid", "--max-rooms", "5"])
            .generator()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "--max-rooms is a setting of the rooms generator, not of grid"
        );
    }

    #[test]
    fn generator_for_keeps_the_flags_of_that_generator() {
        let flags = parse(&["--generator", "grid", "--cols", "5"]);
        assert_eq!(
            flags.generator_for(GeneratorKind::Rooms),
            Generator::Rooms(RoomsSettings::default())
        );
        let Generator::Grid(s) = flags.generator_for(GeneratorKind::Grid) else {
            panic!()
        };
        assert_eq!(s.cols, 5);
    }
}
