//! The libtcod "Complete Roguelike Tutorial" rooms-and-corridors generator (part 3).
//!
//! Based on: <https://www.roguebasin.com/index.php/Complete_Roguelike_Tutorial,_using_python%2Blibtcod,_part_3>

mod corridors;
mod occupancy;

use crate::carve::{Bend, create_room};
use crate::generators::Generate;
use crate::record::Recorder;
use crate::{Dungeon, DungeonRng, GenerateError, Map, Rect};
use corridors::Corridors;
use occupancy::Placed;

/// Settings of the rooms-and-corridors generator. `Default` gives the tutorial's values.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::rooms::RoomsSettings;
/// let dungeon = RoomsSettings::default().generate(7)?;
/// assert!(dungeon.map.tile(dungeon.start).walkable);
/// assert_eq!(dungeon.start, dungeon.rooms[0].center());
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct RoomsSettings {
    /// Map width in tiles, 3..=[`Map::MAX_SIDE`]; default 80.
    pub width: i32,
    /// Map height in tiles, 3..=[`Map::MAX_SIDE`]; default 45.
    pub height: i32,
    /// How many rooms to try to place, 1..=[`RoomsSettings::MAX_ROOMS`]; each try that
    /// would intersect an earlier room is dropped, so fewer rooms may result. Default 30.
    pub max_rooms: u32,
    /// Smallest room outline side in tiles (walls included), at least 2 so that a room has
    /// floor; default 6.
    pub room_min_size: i32,
    /// Largest room outline side in tiles, at most `min(width, height) - 1` so that the
    /// room fits inside the map's border; default 10.
    pub room_max_size: i32,
}

impl Default for RoomsSettings {
    fn default() -> Self {
        RoomsSettings::DEFAULT
    }
}

impl RoomsSettings {
    /// The tutorial's settings: 80 x 45, 30 tries, rooms 6 to 10.
    pub const DEFAULT: RoomsSettings = RoomsSettings {
        width: 80,
        height: 45,
        max_rooms: 30,
        room_min_size: 6,
        room_max_size: 10,
    };
    /// The largest allowed `max_rooms`.
    pub const MAX_ROOMS: u32 = 1_000_000;
    /// The smallest room side that still carves floor.
    pub const MIN_ROOM_SIZE: i32 = 2;
}

impl Generate for RoomsSettings {
    const NAME: &'static str = "rooms";
    const ABOUT: &'static str = "the libtcod tutorial's rooms joined by L-shaped tunnels";

    /// Checks every field, naming the first one that is out of range.
    ///
    /// ```
    /// use mapgen::generators::Generate;
    /// use mapgen::generators::rooms::RoomsSettings;
    /// let bad = RoomsSettings { room_max_size: 45, ..RoomsSettings::default() };
    /// assert_eq!(bad.validate().unwrap_err().to_string(), "room_max_size is 45; allowed 2..=44");
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`] or [`GenerateError::MinAboveMax`].
    fn validate(&self) -> Result<(), GenerateError> {
        let side = i64::from(Map::MAX_SIDE);
        GenerateError::check_range("width", self.width.into(), 3, side)?;
        GenerateError::check_range("height", self.height.into(), 3, side)?;
        GenerateError::check_range(
            "max_rooms",
            self.max_rooms.into(),
            1,
            Self::MAX_ROOMS.into(),
        )?;
        let largest = i64::from(self.width.min(self.height) - 1);
        let smallest = i64::from(Self::MIN_ROOM_SIZE);
        GenerateError::check_range(
            "room_min_size",
            self.room_min_size.into(),
            smallest,
            largest,
        )?;
        GenerateError::check_range(
            "room_max_size",
            self.room_max_size.into(),
            smallest,
            largest,
        )?;
        GenerateError::check_order(
            "room_min_size",
            self.room_min_size.into(),
            "room_max_size",
            self.room_max_size.into(),
        )
    }

    /// Generates a dungeon from `rng`'s stream.
    ///
    /// For each of `max_rooms` tries it draws, in this order, `w` and `h` in
    /// `room_min_size..=room_max_size`, `x` in `0..=width - w - 1` and `y` in
    /// `0..=height - h - 1`; drops the room if it intersects an earlier one; otherwise
    /// carves its inner area and, from the second room on, flips a coin for the bend of an
    /// L-shaped tunnel from the previous room's centre to this one's. The player starts at
    /// the first room's centre (the first try always fits).
    ///
    /// The work is bounded by the map's area plus `max_rooms`: each try tests the room
    /// against the placed ones in time independent of their number, and the corridors'
    /// vertical legs, long together on a big map, are dug in one pass down the map.
    ///
    /// # Errors
    /// The first invalid setting, as [`RoomsSettings::validate`](Generate::validate);
    /// [`GenerateError::Map`] when the map's memory cannot be had.
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        let mut map = Map::new(self.width, self.height)?;
        // Most tries of a small map fail; a big one may place thousands of rooms.
        let expected = self.max_rooms.min(4096) as usize;
        let mut placed = Placed::new(self.width, self.height, expected);
        let mut corridors = Corridors::with_capacity(expected);
        for _ in 0..self.max_rooms {
            let room = self.random_room(rng);
            if placed.intersects(&room) {
                continue;
            }
            create_room(&mut map, &room);
            if let Some(previous) = placed.last() {
                let bend = if rng.coin() {
                    Bend::HorizontalFirst
                } else {
                    Bend::VerticalFirst
                };
                corridors.dig(&mut map, previous.center(), room.center(), bend);
            }
            placed.push(room);
            recorder.step("room", &map);
        }
        corridors.finish(&mut map);
        recorder.stage("corridors joined", &map);
        let rooms = placed.into_rooms();
        // The first try meets an empty map, so there is always a first room.
        let start = rooms.first().map_or_else(Default::default, Rect::center);
        Ok(Dungeon::new(map, start).with_rooms(rooms))
    }
}

impl RoomsSettings {
    #[inline] // called by the generation with and without a recorder
    fn random_room(&self, rng: &mut DungeonRng) -> Rect {
        let w = rng.range_inclusive(self.room_min_size, self.room_max_size);
        let h = rng.range_inclusive(self.room_min_size, self.room_max_size);
        let x = rng.range_inclusive(0, self.width - w - 1);
        let y = rng.range_inclusive(0, self.height - h - 1);
        Rect::new(x, y, w, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;

    #[test]
    fn defaults_are_the_tutorials() {
        let s = RoomsSettings::default();
        assert_eq!(
            (
                s.width,
                s.height,
                s.max_rooms,
                s.room_min_size,
                s.room_max_size
            ),
            (80, 45, 30, 6, 10)
        );
        assert_eq!(s.validate(), Ok(()));
    }

    #[test]
    fn invalid_settings_name_field_value_and_range() {
        let base = RoomsSettings::default();
        let cases = [
            (
                RoomsSettings {
                    room_min_size: 12,
                    room_max_size: 8,
                    ..base
                },
                "room_min_size (12) is larger than room_max_size (8)",
            ),
            (
                RoomsSettings {
                    room_min_size: 1,
                    ..base
                },
                "room_min_size is 1; allowed 2..=44",
            ),
            (
                RoomsSettings {
                    room_max_size: 45,
                    ..base
                },
                "room_max_size is 45; allowed 2..=44",
            ),
            (
                RoomsSettings {
                    max_rooms: 0,
                    ..base
                },
                "max_rooms is 0; allowed 1..=1000000",
            ),
            (
                RoomsSettings { width: 2, ..base },
                "width is 2; allowed 3..=10000",
            ),
            (
                RoomsSettings { height: -4, ..base },
                "height is -4; allowed 3..=10000",
            ),
            (
                RoomsSettings {
                    width: 10_001,
                    ..base
                },
                "width is 10001; allowed 3..=10000",
            ),
        ];
        for (settings, message) in cases {
            let err = settings.generate(1).unwrap_err();
            assert_eq!(err.to_string(), message);
        }
    }

    #[test]
    fn smallest_map_holds_one_room() {
        let s = RoomsSettings {
            width: 3,
            height: 3,
            max_rooms: 5,
            room_min_size: 2,
            room_max_size: 2,
        };
        let d = s.generate(0).unwrap();
        assert_eq!(d.rooms, vec![Rect::new(0, 0, 2, 2)]);
        assert_eq!(d.start, Point::new(1, 1));
        assert_eq!(d.map.to_string(), "###\n#.#\n###\n");
    }

    #[test]
    fn first_room_is_never_dropped() {
        for seed in 0..50 {
            let d = RoomsSettings {
                max_rooms: 1,
                ..RoomsSettings::default()
            }
            .generate(seed)
            .unwrap();
            assert_eq!(d.rooms.len(), 1);
        }
    }
}
