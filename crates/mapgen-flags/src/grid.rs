//! `--generator grid`: the flags of the grid of rooms joined by doors.

use clap::Args;
use mapgen::generators::grid::{DoorWeights, GridSettings};

use crate::{FlagSet, MapSize, RoomSize};

const DEFAULT: GridSettings = GridSettings::DEFAULT;
const WEIGHTS: DoorWeights = DoorWeights::DEFAULT;

/// The grid generator's flags; each id is its settings field's name.
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "Grid generator (--generator grid)")]
pub struct Flags {
    /// Grid columns
    #[arg(long, value_name = "N", default_value_t = DEFAULT.cols, allow_negative_numbers = true, value_parser = crate::whole::<i32>)]
    cols: i32,
    /// Grid rows
    #[arg(long, value_name = "N", default_value_t = DEFAULT.rows, allow_negative_numbers = true, value_parser = crate::whole::<i32>)]
    rows: i32,
    /// Rooms to grow, start and boss included
    #[arg(long, value_name = "N", default_value_t = DEFAULT.room_count, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    room_count: u32,
    /// Dead ends that become treasure rooms, at most
    #[arg(long, value_name = "N", default_value_t = DEFAULT.treasure_rooms, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    treasure_rooms: u32,
    /// Weight of a dead end (only the entry door)
    #[arg(long = "weight-dead-end", value_name = "WEIGHT", id = "door_weights.dead_end", default_value_t = WEIGHTS.dead_end, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    weight_dead_end: u32,
    /// Weight of going straight on (entry and opposite door)
    #[arg(long = "weight-straight", value_name = "WEIGHT", id = "door_weights.straight", default_value_t = WEIGHTS.straight, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    weight_straight: u32,
    /// Weight of each turn (entry and a side door)
    #[arg(long = "weight-turn", value_name = "WEIGHT", id = "door_weights.turn", default_value_t = WEIGHTS.turn, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    weight_turn: u32,
    /// Weight of each T shape (three doors)
    #[arg(long = "weight-tee", value_name = "WEIGHT", id = "door_weights.tee", default_value_t = WEIGHTS.tee, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    weight_tee: u32,
    /// Weight of a crossing (four doors)
    #[arg(long = "weight-cross", value_name = "WEIGHT", id = "door_weights.cross", default_value_t = WEIGHTS.cross, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    weight_cross: u32,
}

impl FlagSet for Flags {
    type Settings = GridSettings;

    const SIZE_NOTE: Option<&'static str> =
        Some("its map size follows from --cols, --rows, --room-width and --room-height");

    // --room-width and --room-height are shared with isaac (RoomSize).
    const ROOM_SIZE: bool = true;

    fn settings(&self, size: &MapSize) -> GridSettings {
        self.settings_with_rooms(size, &RoomSize::default())
    }

    fn settings_with_rooms(&self, _size: &MapSize, rooms: &RoomSize) -> GridSettings {
        GridSettings {
            cols: self.cols,
            rows: self.rows,
            room_width: rooms.room_width.unwrap_or(DEFAULT.room_width),
            room_height: rooms.room_height.unwrap_or(DEFAULT.room_height),
            room_count: self.room_count,
            treasure_rooms: self.treasure_rooms,
            door_weights: DoorWeights {
                dead_end: self.weight_dead_end,
                straight: self.weight_straight,
                turn: self.weight_turn,
                tee: self.weight_tee,
                cross: self.weight_cross,
            },
        }
    }
}
