//! `--generator rooms`: the flags of the libtcod tutorial's rooms and corridors.

use clap::Args;
use mapgen::generators::rooms::RoomsSettings;

use crate::{FlagSet, MapSize};

const DEFAULT: RoomsSettings = RoomsSettings::DEFAULT;

/// The rooms generator's flags; each field is named as its settings field.
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "Rooms generator (--generator rooms)")]
pub struct Flags {
    /// Room placement attempts
    #[arg(long = "max-rooms", value_name = "N", default_value_t = DEFAULT.max_rooms, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    max_rooms: u32,
    /// Smallest room side, walls included
    #[arg(long = "room-min", value_name = "TILES", default_value_t = DEFAULT.room_min_size, allow_negative_numbers = true, value_parser = crate::whole::<i32>)]
    room_min_size: i32,
    /// Largest room side, walls included
    #[arg(long = "room-max", value_name = "TILES", default_value_t = DEFAULT.room_max_size, allow_negative_numbers = true, value_parser = crate::whole::<i32>)]
    room_max_size: i32,
}

impl FlagSet for Flags {
    type Settings = RoomsSettings;

    fn settings(&self, size: &MapSize) -> RoomsSettings {
        RoomsSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            max_rooms: self.max_rooms,
            room_min_size: self.room_min_size,
            room_max_size: self.room_max_size,
        }
    }
}
