//! The whole map cut into rooms by one-tile walls, a door in each cut: the BSP interior of
//! a building, as in the Rust roguelike tutorial's "BSP Interior" chapter, with libtcod's
//! cutting rules.
//!
//! Based on: <https://bfnightly.bracketproductions.com/rustbook/chapter_26.html> (the
//! layout) and <https://github.com/libtcod/libtcod/blob/develop/src/libtcod/bsp_c.c>
//! (`TCOD_bsp_split_recursive`, for where the cuts go).

use super::bsp_tree::{BspTree, Cut, CutHooks, SplitRules};
use crate::carve::create_room;
use crate::generators::Generate;
use crate::record::Recorder;
use crate::{Dungeon, DungeonRng, GenerateError, Map, Point, Rect, Tile};

/// Settings of the BSP interior generator.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::bsp_interior::BspInteriorSettings;
/// use mapgen::Tile;
/// let dungeon = BspInteriorSettings::default().generate(7)?;
/// let doors = dungeon.map.tiles().iter().filter(|&&t| t == Tile::DOOR).count();
/// assert_eq!(doors, dungeon.rooms.len() - 1, "one door per cut");
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct BspInteriorSettings {
    /// Map width in tiles, 3..=[`Map::MAX_SIDE`]; default 80.
    pub width: i32,
    /// Map height in tiles, 3..=[`Map::MAX_SIDE`]; default 45.
    pub height: i32,
    /// The shortest side of a room's outline in tiles, walls included: rooms have at
    /// least `min_room_size - 1` floor tiles on each side and, as a node is cut while a
    /// side is at least twice this, usually at most `2 * min_room_size - 2`.
    /// 2..=`min(width, height) - 1`; default 6.
    pub min_room_size: i32,
}

impl Default for BspInteriorSettings {
    fn default() -> Self {
        BspInteriorSettings::DEFAULT
    }
}

impl BspInteriorSettings {
    /// 80 x 45, rooms of outline 6 to 11 (5 to 10 floor tiles across).
    pub const DEFAULT: BspInteriorSettings = BspInteriorSettings {
        width: 80,
        height: 45,
        min_room_size: 6,
    };
    /// libtcod's sample ratios: a node more than 1.5 times as wide as tall (or tall as
    /// wide) is cut across its longer side.
    const MAX_RATIO_PERCENT: u32 = 150;
}

impl Generate for BspInteriorSettings {
    const NAME: &'static str = "bsp-interior";
    const ABOUT: &'static str =
        "the whole map cut into rooms by one-tile walls, a door in every cut";

    /// Checks every field, naming the first one that is out of range.
    ///
    /// ```
    /// use mapgen::generators::Generate;
    /// use mapgen::generators::bsp_interior::BspInteriorSettings;
    /// let bad = BspInteriorSettings { min_room_size: 1, ..BspInteriorSettings::default() };
    /// assert_eq!(bad.validate().unwrap_err().to_string(), "min_room_size is 1; allowed 2..=44");
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`] naming the field.
    fn validate(&self) -> Result<(), GenerateError> {
        GenerateError::check_map_size(self.width, self.height)?;
        let largest = i64::from(self.width.min(self.height) - 1);
        GenerateError::check_range("min_room_size", self.min_room_size.into(), 2, largest)
    }

    /// Generates a dungeon from `rng`'s stream.
    ///
    /// The map's outline `Rect::new(0, 0, width - 1, height - 1)` (its border) is cut as
    /// `TCOD_bsp_split_recursive` does, with no depth limit and `min_room_size` as the
    /// minimum side, until no node can be cut; each leaf is a room, its floor its inner
    /// area, and neighbouring rooms share the wall between them. Each cut gets one door
    /// (`Tile::DOOR`), drawn right after the cut at a uniform position strictly inside it,
    /// and a later cut that would run its wall into the end of a door is not drawn: the
    /// cut position is drawn among the others, and a node with none left in either
    /// direction stays a room. So each door keeps floor on both sides, every subtree is
    /// connected when it is cut, and the whole map is connected; there are exactly
    /// `rooms - 1` doors and no corridors.
    ///
    /// The player starts at the centre of the first room, the top-left leaf
    /// (`rooms[0]`; rooms are listed left subtree before right).
    ///
    /// # Errors
    /// The first invalid setting, as [`BspInteriorSettings::validate`](Generate::validate).
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        let mut map = Map::checked(self.width, self.height);
        let rules = SplitRules {
            depth: u32::MAX,
            min_size: self.min_room_size,
            max_h_ratio: Self::MAX_RATIO_PERCENT,
            max_v_ratio: Self::MAX_RATIO_PERCENT,
        };
        let root = Rect::new(0, 0, self.width - 1, self.height - 1);
        // All floor inside the border; each cut then draws its wall and door.
        create_room(&mut map, &root);
        recorder.stage("floor inside the border", &map);
        let mut walls = Walls {
            map: &mut map,
            recorder,
        };
        let tree = BspTree::split_recursive(root, &rules, rng, &mut walls);
        let rooms: Vec<Rect> = tree.leaves().to_vec();
        // The root is a leaf or has leaves below it, so there is always a first room.
        let start = rooms.first().map_or_else(Default::default, Rect::center);
        Ok(Dungeon::new(map, start).with_rooms(rooms))
    }
}

/// Draws each cut's wall with its door, and keeps later walls off the doors' ends.
struct Walls<'a, R> {
    map: &'a mut Map,
    recorder: &'a mut R,
}

impl<R: Recorder> CutHooks for Walls<'_, R> {
    /// A cut's wall runs from one side of the node to the other; it may not end on a door,
    /// or the floor beside that door would become wall.
    fn allows(&self, outline: &Rect, cut: Cut) -> bool {
        let (a, b) = match cut {
            Cut::Horizontal(y) => (Point::new(outline.x1, y), Point::new(outline.x2, y)),
            Cut::Vertical(x) => (Point::new(x, outline.y1), Point::new(x, outline.y2)),
        };
        self.map.tile(a) != Tile::DOOR && self.map.tile(b) != Tile::DOOR
    }

    fn cut_made(&mut self, outline: &Rect, cut: Cut, rng: &mut DungeonRng) {
        let Rect { x1, y1, x2, y2 } = *outline;
        let door = match cut {
            Cut::Horizontal(y) => {
                self.map.fill_rect(x1..x2, y..y + 1, Tile::WALL);
                Point::new(rng.range_inclusive(x1 + 1, x2 - 1), y)
            }
            Cut::Vertical(x) => {
                self.map.fill_rect(x..x + 1, y1..y2, Tile::WALL);
                Point::new(x, rng.range_inclusive(y1 + 1, y2 - 1))
            }
        };
        self.map.set(door, Tile::DOOR);
        self.recorder.step("wall", self.map);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_settings_name_field_value_and_range() {
        let base = BspInteriorSettings::default();
        let cases = [
            (
                BspInteriorSettings { width: 2, ..base },
                "width is 2; allowed 3..=10000",
            ),
            (
                BspInteriorSettings {
                    height: 10_001,
                    ..base
                },
                "height is 10001; allowed 3..=10000",
            ),
            (
                BspInteriorSettings {
                    min_room_size: 45,
                    ..base
                },
                "min_room_size is 45; allowed 2..=44",
            ),
        ];
        for (settings, message) in cases {
            assert_eq!(settings.generate(1).unwrap_err().to_string(), message);
        }
    }

    #[test]
    fn a_door_is_refused_nowhere_it_is_needed() {
        // Every cut's door has floor on both sides in the finished map.
        for seed in 0..50 {
            let d = BspInteriorSettings {
                min_room_size: 2,
                width: 23,
                height: 17,
            }
            .generate(seed)
            .unwrap();
            for (p, tile) in d.map.iter() {
                if tile == Tile::DOOR {
                    let across_row = d.map.is_walkable(p + Point::WEST) && d.map.is_walkable(p + Point::EAST);
                    let across_col = d.map.is_walkable(p + Point::NORTH) && d.map.is_walkable(p + Point::SOUTH);
                    assert!(across_row != across_col, "door {p}, seed {seed}:\n{}", d.map);
                }
            }
        }
    }

    #[test]
    fn smallest_map_is_one_room() {
        let d = BspInteriorSettings {
            width: 3,
            height: 3,
            min_room_size: 2,
        }
        .generate(5)
        .unwrap();
        assert_eq!(d.map.to_string(), "###\n#.#\n###\n");
        assert_eq!(d.rooms, vec![Rect::new(0, 0, 2, 2)]);
    }

    #[test]
    fn two_rooms_side_by_side_share_a_door() {
        // A 5 x 3 map with rooms of at least 2: one cut at column 2, a door at (2, 1).
        let d = BspInteriorSettings {
            width: 5,
            height: 3,
            min_room_size: 2,
        }
        .generate(0)
        .unwrap();
        assert_eq!(d.map.to_string(), "#####\n#.+.#\n#####\n");
        assert_eq!(d.rooms, vec![Rect::new(0, 0, 2, 2), Rect::new(2, 0, 2, 2)]);
    }
}
