//! The libtcod "Complete Roguelike Tutorial" rooms-and-corridors generator (part 3).
//!
//! Based on: <https://www.roguebasin.com/index.php/Complete_Roguelike_Tutorial,_using_python%2Blibtcod,_part_3>

use crate::occupancy::Occupancy;
use crate::{Bend, Dungeon, DungeonRng, GenerateError, Map, Rect, Tile, tunnel_between};

/// Settings of the rooms-and-corridors generator. `Default` gives the tutorial's values.
///
/// ```
/// use mapgen::RoomsSettings;
/// let dungeon = RoomsSettings::default().generate(7).unwrap();
/// assert!(dungeon.map.tile_at(dungeon.start).walkable);
/// assert_eq!(dungeon.start, dungeon.rooms[0].center());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
        RoomsSettings {
            width: 80,
            height: 45,
            max_rooms: 30,
            room_min_size: 6,
            room_max_size: 10,
        }
    }
}

impl RoomsSettings {
    /// The largest allowed `max_rooms`.
    pub const MAX_ROOMS: u32 = 1_000_000;
    /// The smallest room side that still carves floor.
    pub const MIN_ROOM_SIZE: i32 = 2;

    /// Checks every field, naming the first one that is out of range.
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`] or [`GenerateError::MinAboveMax`].
    pub fn validate(&self) -> Result<(), GenerateError> {
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
        if self.room_min_size > self.room_max_size {
            return Err(GenerateError::MinAboveMax {
                min_field: "room_min_size",
                min: self.room_min_size.into(),
                max_field: "room_max_size",
                max: self.room_max_size.into(),
            });
        }
        Ok(())
    }

    /// Generates the dungeon named by `seed`.
    ///
    /// For each of `max_rooms` tries it draws, in this order, `w` and `h` in
    /// `room_min_size..=room_max_size`, `x` in `0..=width - w - 1` and `y` in
    /// `0..=height - h - 1`; drops the room if it intersects an earlier one; otherwise
    /// carves its inner area and, from the second room on, flips a coin for the bend of an
    /// L-shaped tunnel from the previous room's centre to this one's. The player starts at
    /// the first room's centre.
    ///
    /// # Errors
    /// The first invalid setting, as [`RoomsSettings::validate`].
    pub fn generate(&self, seed: u64) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        let mut rng = DungeonRng::new(seed);
        let mut map = Map::new(self.width, self.height)?;
        let mut occupied = Occupancy::new(self.width, self.height);
        let mut rooms: Vec<Rect> = Vec::with_capacity(self.max_rooms.min(4096) as usize);
        for _ in 0..self.max_rooms {
            let room = self.random_room(&mut rng);
            if occupied.intersects(&room) {
                continue;
            }
            occupied.mark(&room);
            create_room(&mut map, &room);
            if let Some(previous) = rooms.last() {
                let bend = if rng.coin() {
                    Bend::HorizontalFirst
                } else {
                    Bend::VerticalFirst
                };
                tunnel_between(&mut map, previous.center(), room.center(), bend);
            }
            rooms.push(room);
        }
        let start = rooms.first().ok_or(GenerateError::GaveUp {
            generator: "rooms",
            attempts: 1,
            reason: "no room could be placed",
        })?;
        Ok(Dungeon {
            start: start.center(),
            map,
            rooms,
            grid: None,
        })
    }

    fn random_room(&self, rng: &mut DungeonRng) -> Rect {
        let w = rng.range_inclusive(self.room_min_size, self.room_max_size);
        let h = rng.range_inclusive(self.room_min_size, self.room_max_size);
        let x = rng.range_inclusive(0, self.width - w - 1);
        let y = rng.range_inclusive(0, self.height - h - 1);
        Rect::new(x, y, w, h)
    }
}

/// Carves the room's inner area (its outline stays wall), as the tutorial's `create_room`.
pub fn create_room(map: &mut Map, room: &Rect) {
    let (cols, rows) = room.inner();
    map.fill(cols, rows, Tile::FLOOR);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;

    #[test]
    fn tutorial_rooms_carve_exactly_the_shown_cells() {
        // The tutorial's two first rooms, joined by its horizontal tunnel at row 23.
        let mut map = Map::new(80, 45).unwrap();
        let room1 = Rect::new(20, 15, 10, 15);
        let room2 = Rect::new(35, 15, 10, 15);
        create_room(&mut map, &room1);
        create_room(&mut map, &room2);
        crate::create_h_tunnel(&mut map, 25, 55, 23);
        for (p, tile) in map.iter() {
            let in_room = room1.inner_contains(p) || room2.inner_contains(p);
            let in_tunnel = p.y == 23 && (25..=55).contains(&p.x);
            assert_eq!(tile.walkable, in_room || in_tunnel, "{p}");
        }
        // Each room is 9 x 14 floor cells: columns 21..=29 and 36..=44, rows 16..=29.
        assert!(map.is_walkable(21, 16) && map.is_walkable(29, 29));
        assert!(!map.is_walkable(20, 16) && !map.is_walkable(30, 16) && !map.is_walkable(21, 30));
        // Columns 30..=35 stay wall between the rooms except along the tunnel.
        assert!((30..=35).all(|x| !map.is_walkable(x, 22) && map.is_walkable(x, 23)));
    }

    #[test]
    fn room_at_one_one_keeps_a_wall_on_every_side() {
        let mut map = Map::new(8, 8).unwrap();
        create_room(&mut map, &Rect::new(1, 1, 5, 5));
        assert_eq!(
            map.to_string(),
            "########\n########\n##....##\n##....##\n##....##\n##....##\n########\n########\n"
        );
    }

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
