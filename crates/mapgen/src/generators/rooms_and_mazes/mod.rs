//! Bob Nystrom's "Rooms and Mazes": rooms placed without overlap, mazes grown in the
//! space between them, the regions joined through connectors (doors), dead ends filled.
//!
//! Based on: <https://journal.stuffwithstuff.com/2014/12/21/rooms-and-mazes/>

mod connectors;
mod dead_ends;

use super::growing_tree::{Growth, Lattice};
use super::named_enum::named_enum;
use crate::carve::create_room;
use crate::generators::Generate;
use crate::record::Recorder;
use crate::{Dungeon, DungeonRng, GenerateError, Map, Point, Rect};
use connectors::RegionLabels;

/// Settings of the rooms-and-mazes generator; the names are Nystrom's.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::rooms_and_mazes::{DeadEnds, RoomsAndMazesSettings};
/// use mapgen::Tile;
/// let dungeon = RoomsAndMazesSettings::default().generate(7)?;
/// assert_eq!(dungeon.start, dungeon.rooms[0].center());
/// assert!(dungeon.map.tiles().contains(&Tile::DOOR));
/// let mazes = RoomsAndMazesSettings { dead_ends: DeadEnds::Keep, ..Default::default() };
/// assert!(mazes.generate(7)?.map.tiles().iter().filter(|t| t.walkable).count()
///     > dungeon.map.tiles().iter().filter(|t| t.walkable).count());
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct RoomsAndMazesSettings {
    /// Map width in tiles, 3..=[`Map::MAX_SIDE`]; default 79. Rooms and mazes sit on the
    /// odd columns, so with an even width the column before the right border stays wall.
    pub width: i32,
    /// Map height in tiles, 3..=[`Map::MAX_SIDE`]; default 45 (odd rows, as `width`).
    pub height: i32,
    /// How many rooms to try to place (Nystrom's `numRoomTries`),
    /// 0..=[`RoomsAndMazesSettings::MAX_ROOM_TRIES`]; a try that overlaps an earlier room
    /// or does not fit the map is dropped. Default 100.
    pub room_tries: u32,
    /// Makes rooms larger (Nystrom's `roomExtraSize`), 0..=[`RoomsAndMazesSettings::MAX_ROOM_EXTRA_SIZE`]:
    /// a room's shorter side is odd, 3 to `5 + 2 * room_extra_size` tiles of floor, and
    /// its longer side up to one less than twice that. Default 1.
    pub room_extra_size: u32,
    /// Percent chance that a maze corridor turns where it could go straight on
    /// (Nystrom's `windingPercent`), 0..=100: 0 runs straight until blocked, 100 turns at
    /// random. Default 30.
    pub winding_percent: u32,
    /// Percent chance of opening a connector between two regions that are already joined,
    /// making a loop (Nystrom's `extraConnectorChance` of 20 is one in 20, 5 here),
    /// 0..=100. Default 5.
    pub extra_connector_percent: u32,
    /// Whether dead ends are filled in afterwards; default [`DeadEnds::Remove`].
    pub dead_ends: DeadEnds,
}

named_enum! {
    /// What to do with the maze corridors' dead ends. Parsed by name; a wrong name is an
    /// [`UnknownName`](crate::generators::UnknownName) that lists the choices.
    ///
    /// ```
    /// use mapgen::generators::rooms_and_mazes::DeadEnds;
    /// assert_eq!("keep".parse(), Ok(DeadEnds::Keep));
    /// assert_eq!(
    ///     "maybe".parse::<DeadEnds>().unwrap_err().to_string(),
    ///     "unknown dead-ends choice \"maybe\"; allowed: remove, keep"
    /// );
    /// ```
    #[derive(Default)]
    pub enum DeadEnds ("dead-ends choice") {
        /// Fill them in, repeatedly, so every corridor leads somewhere (Nystrom's last step).
        #[default]
        Remove = "remove",
        /// Leave the mazes whole.
        Keep = "keep",
    }
}

impl Default for RoomsAndMazesSettings {
    fn default() -> Self {
        RoomsAndMazesSettings::DEFAULT
    }
}

impl RoomsAndMazesSettings {
    /// 79 x 45, 100 room tries, rooms 3 to 7 across (up to 13 the long way), winding 30,
    /// 5 % extra connectors, dead ends removed.
    pub const DEFAULT: RoomsAndMazesSettings = RoomsAndMazesSettings {
        width: 79,
        height: 45,
        room_tries: 100,
        room_extra_size: 1,
        winding_percent: 30,
        extra_connector_percent: 5,
        dead_ends: DeadEnds::Remove,
    };
    /// The largest allowed `room_tries`.
    pub const MAX_ROOM_TRIES: u32 = 1_000_000;
    /// The largest allowed `room_extra_size`.
    pub const MAX_ROOM_EXTRA_SIZE: u32 = 1_000;
}

impl Generate for RoomsAndMazesSettings {
    const NAME: &'static str = "rooms-and-mazes";
    const ABOUT: &'static str =
        "Nystrom's rooms and mazes: rooms, mazes between them, doors joining all, dead ends filled";

    /// Checks every field, naming the first one that is out of range.
    ///
    /// ```
    /// use mapgen::generators::Generate;
    /// use mapgen::generators::rooms_and_mazes::RoomsAndMazesSettings;
    /// let bad = RoomsAndMazesSettings { winding_percent: 101, ..Default::default() };
    /// assert_eq!(bad.validate().unwrap_err().to_string(), "winding_percent is 101; allowed 0..=100");
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`] naming the field.
    fn validate(&self) -> Result<(), GenerateError> {
        GenerateError::check_map_size(self.width, self.height)?;
        GenerateError::check_range(
            "room_tries",
            self.room_tries.into(),
            0,
            Self::MAX_ROOM_TRIES.into(),
        )?;
        GenerateError::check_range(
            "room_extra_size",
            self.room_extra_size.into(),
            0,
            Self::MAX_ROOM_EXTRA_SIZE.into(),
        )?;
        GenerateError::check_range("winding_percent", self.winding_percent.into(), 0, 100)?;
        GenerateError::check_range(
            "extra_connector_percent",
            self.extra_connector_percent.into(),
            0,
            100,
        )
    }

    /// Generates a dungeon from `rng`'s stream, in Nystrom's four steps.
    ///
    /// 1. **Rooms.** Each of `room_tries` tries draws, as Nystrom's `_addRooms`, a side
    ///    `size = 2 * (1 + below(2 + room_extra_size)) + 1`, a `rectangularity =
    ///    2 * below(1 + size / 2)`, a coin for which side gets it, then odd `x` and `y`
    ///    (`2 * below((width - w) / 2) + 1`); a room that does not fit, or whose floor
    ///    overlaps an earlier room's, is dropped. Rooms sit on odd tiles with odd sides,
    ///    so two rooms always have wall between them.
    /// 2. **Mazes.** From every odd cell still wall, in row order, a maze grows (a
    ///    growing tree on the newest cell, going straight on with `100 -
    ///    winding_percent` percent chance) through the cells still wall.
    /// 3. **Connectors.** A connector is a wall tile beside floor of two different
    ///    regions (rooms and mazes). In a random order, each connector that joins regions
    ///    not yet joined becomes a door (`Tile::DOOR`); one between regions already joined
    ///    becomes a door with `extra_connector_percent` chance, unless a door is beside
    ///    it. Doors are where a corridor meets a room, or two rooms meet.
    /// 4. **Dead ends** ([`DeadEnds::Remove`]): every floor or door tile with one walkable
    ///    neighbour is filled, again and again, so no corridor ends in a dead end.
    ///
    /// The player starts at the centre of the first room placed (`rooms[0]`); with no
    /// room at all (a tiny map, or `room_tries` 0) at the first walkable tile in row
    /// order, and then with dead ends removed the whole dungeon is that one tile.
    ///
    /// # Errors
    /// The first invalid setting, as [`RoomsAndMazesSettings::validate`](Generate::validate).
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        let mut map = Map::checked(self.width, self.height);
        let mut regions = RegionLabels::new(&map);
        let rooms = self.add_rooms(&mut map, &mut regions, rng);
        recorder.stage("rooms placed", &map);
        let mut lattice = Lattice::of(&map);
        let growth = Growth {
            branching: 0,
            winding: self.winding_percent,
        };
        for cell in lattice.cells() {
            if !map.is_walkable(cell) {
                regions.start();
                lattice.grow_recorded(&mut map, cell, growth, rng, |p| regions.add(p), recorder);
            }
        }
        connectors::connect_regions(&mut map, &regions, self.extra_connector_percent, rng);
        recorder.stage("regions connected", &map);
        if self.dead_ends == DeadEnds::Remove {
            dead_ends::remove_dead_ends(&mut map);
            recorder.stage("dead ends filled", &map);
        }
        let start = match rooms.first() {
            Some(room) => room.center(),
            None => first_walkable(&map),
        };
        Ok(Dungeon::new(map, start).with_rooms(rooms))
    }
}

impl RoomsAndMazesSettings {
    /// Nystrom's `_addRooms`: carves the rooms that fit and do not overlap; returns their
    /// outlines (the floor is each one's inner area).
    fn add_rooms(&self, map: &mut Map, regions: &mut RegionLabels, rng: &mut DungeonRng) -> Vec<Rect> {
        let mut rooms = Vec::new();
        for _ in 0..self.room_tries {
            let size = 2 * (1 + rng.below(2 + self.room_extra_size)) as i32 + 1;
            let rectangularity = 2 * rng.below(1 + size as u32 / 2) as i32;
            let (w, h) = if rng.coin() {
                (size + rectangularity, size)
            } else {
                (size, size + rectangularity)
            };
            let (x_slots, y_slots) = ((map.width() - w) / 2, (map.height() - h) / 2);
            if x_slots < 1 || y_slots < 1 {
                continue;
            }
            let x = 2 * rng.below(x_slots as u32) as i32 + 1;
            let y = 2 * rng.below(y_slots as u32) as i32 + 1;
            if floor_in(map, x, y, w, h) {
                continue;
            }
            let room = Rect::new(x - 1, y - 1, w + 1, h + 1);
            create_room(map, &room);
            regions.start();
            room.inner_cells().for_each(|p| regions.add(p));
            rooms.push(room);
        }
        rooms
    }
}

/// True when any tile of the `w` x `h` block at `(x, y)` (inside the map) is floor.
fn floor_in(map: &Map, x: i32, y: i32, w: i32, h: i32) -> bool {
    let cols = x as usize..(x + w) as usize;
    (y..y + h).any(|row| {
        map.as_grid()
            .row(row)
            .get(cols.clone())
            .is_some_and(|tiles| tiles.iter().any(|t| t.walkable))
    })
}

/// The first walkable tile in row order; `(1, 1)` if there is none.
fn first_walkable(map: &Map) -> Point {
    map.iter()
        .find(|(_, t)| t.walkable)
        .map_or(Point::new(1, 1), |(p, _)| p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tile;

    #[test]
    fn invalid_settings_name_field_value_and_range() {
        let base = RoomsAndMazesSettings::default();
        let cases = [
            (
                RoomsAndMazesSettings { width: 2, ..base },
                "width is 2; allowed 3..=10000",
            ),
            (
                RoomsAndMazesSettings {
                    room_tries: 1_000_001,
                    ..base
                },
                "room_tries is 1000001; allowed 0..=1000000",
            ),
            (
                RoomsAndMazesSettings {
                    room_extra_size: 1001,
                    ..base
                },
                "room_extra_size is 1001; allowed 0..=1000",
            ),
            (
                RoomsAndMazesSettings {
                    extra_connector_percent: 200,
                    ..base
                },
                "extra_connector_percent is 200; allowed 0..=100",
            ),
        ];
        for (settings, message) in cases {
            assert_eq!(settings.generate(1).unwrap_err().to_string(), message);
        }
    }

    #[test]
    fn without_rooms_and_dead_ends_the_dungeon_is_one_tile() {
        let s = RoomsAndMazesSettings {
            width: 11,
            height: 9,
            room_tries: 0,
            ..RoomsAndMazesSettings::default()
        };
        let d = s.generate(3).unwrap();
        assert!(d.rooms.is_empty());
        assert_eq!(d.map.iter().filter(|(_, t)| t.walkable).count(), 1);
        assert!(d.map.is_walkable(d.start));
        let kept = RoomsAndMazesSettings {
            dead_ends: DeadEnds::Keep,
            ..s
        }
        .generate(3)
        .unwrap();
        assert_eq!(kept.start, Point::new(1, 1));
        assert_eq!(kept.map.iter().filter(|(_, t)| t.walkable).count(), 2 * 5 * 4 - 1);
    }

    #[test]
    fn room_outlines_are_wall_or_door() {
        for seed in 0..20 {
            let d = RoomsAndMazesSettings::default().generate(seed).unwrap();
            for room in &d.rooms {
                let (cols, rows) = (room.x1..=room.x2, room.y1..=room.y2);
                for y in rows.clone() {
                    for x in cols.clone() {
                        let p = Point::new(x, y);
                        if !room.inner_contains(p) {
                            let t = d.map.tile(p);
                            assert!(t == Tile::WALL || t == Tile::DOOR, "{p} seed {seed}\n{}", d.map);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn dead_ends_parse_and_print() {
        for &choice in DeadEnds::ALL {
            assert_eq!(choice.name().parse::<DeadEnds>(), Ok(choice));
            assert_eq!(choice.to_string(), choice.name());
        }
        assert_eq!(DeadEnds::default(), DeadEnds::Remove);
    }
}
