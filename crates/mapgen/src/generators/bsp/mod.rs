//! Rooms in the leaves of a binary space partition, joined up the tree: libtcod's BSP
//! toolkit and the dungeon of its BSP sample.
//!
//! Based on: <https://github.com/libtcod/libtcod/blob/develop/src/libtcod/bsp_c.c>
//! (`TCOD_bsp_split_recursive`) and
//! <https://github.com/libtcod/libtcod/blob/develop/samples/samples_c.c> (the BSP sample's
//! `traverse_node`), with rooms in walls (`roomWalls`) and of random size (`randomRoom`).

mod corridors;

use super::bsp_tree::{AnyCut, BspTree, SplitRules};
use crate::generators::Generate;
use crate::record::Recorder;
use crate::{Dungeon, DungeonRng, GenerateError, Map, Rect, Tile};
use corridors::Bounds;

/// Settings of the BSP rooms generator. `Default` gives libtcod's sample values on the
/// tutorial's 80 x 45 map.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::bsp::BspSettings;
/// let dungeon = BspSettings::default().generate(7)?;
/// assert_eq!(dungeon.start, dungeon.rooms[0].center());
/// assert!(dungeon.rooms.len() > 10);
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct BspSettings {
    /// Map width in tiles, 3..=[`Map::MAX_SIDE`]; default 80.
    pub width: i32,
    /// Map height in tiles, 3..=[`Map::MAX_SIDE`]; default 45.
    pub height: i32,
    /// Levels of cuts at most (libtcod's `nb`), 0..=[`BspSettings::MAX_DEPTH`]; 0 makes
    /// one room. The tree has at most `2^depth` leaves; `min_leaf_size` usually stops
    /// the cutting first. Default 8.
    pub depth: u32,
    /// The shortest side of a leaf, in tiles, counting the one wall it shares with its
    /// neighbour; rooms are at least `min_leaf_size - 1` floor tiles on each side.
    /// 2..=`min(width, height) - 1`; default 5 (libtcod's sample: `minRoomSize + 1`).
    pub min_leaf_size: i32,
    /// A node wider than this percentage of its height is always cut across its width
    /// (libtcod's `maxHRatio`), 100..=[`BspSettings::MAX_RATIO`]; default 150.
    pub max_h_ratio: u32,
    /// A node taller than this percentage of its width is always cut across its height
    /// (libtcod's `maxVRatio`), 100..=[`BspSettings::MAX_RATIO`]; default 150.
    pub max_v_ratio: u32,
}

impl Default for BspSettings {
    fn default() -> Self {
        BspSettings::DEFAULT
    }
}

impl BspSettings {
    /// libtcod's sample settings (depth 8, rooms of at least 4, ratios 1.5) on 80 x 45.
    pub const DEFAULT: BspSettings = BspSettings {
        width: 80,
        height: 45,
        depth: 8,
        min_leaf_size: 5,
        max_h_ratio: 150,
        max_v_ratio: 150,
    };
    /// The largest allowed `depth`.
    pub const MAX_DEPTH: u32 = 100;
    /// The largest allowed `max_h_ratio` and `max_v_ratio`, in percent.
    pub const MAX_RATIO: u32 = 10_000;
}

impl Generate for BspSettings {
    const NAME: &'static str = "bsp";
    const ABOUT: &'static str =
        "libtcod's BSP dungeon: a room in each leaf, corridors joining sibling subtrees";

    /// Checks every field, naming the first one that is out of range.
    ///
    /// ```
    /// use mapgen::generators::Generate;
    /// use mapgen::generators::bsp::BspSettings;
    /// let bad = BspSettings { min_leaf_size: 45, ..BspSettings::default() };
    /// assert_eq!(bad.validate().unwrap_err().to_string(), "min_leaf_size is 45; allowed 2..=44");
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`] naming the field.
    fn validate(&self) -> Result<(), GenerateError> {
        GenerateError::check_map_size(self.width, self.height)?;
        GenerateError::check_range("depth", self.depth.into(), 0, Self::MAX_DEPTH.into())?;
        let largest = i64::from(self.width.min(self.height) - 1);
        GenerateError::check_range("min_leaf_size", self.min_leaf_size.into(), 2, largest)?;
        let max_ratio = i64::from(Self::MAX_RATIO);
        GenerateError::check_range("max_h_ratio", self.max_h_ratio.into(), 100, max_ratio)?;
        GenerateError::check_range("max_v_ratio", self.max_v_ratio.into(), 100, max_ratio)
    }

    /// Generates a dungeon from `rng`'s stream.
    ///
    /// 1. The outline `Rect::new(0, 0, width - 1, height - 1)` is cut as
    ///    `TCOD_bsp_split_recursive` does (all cuts first, a node before its first
    ///    child's subtree, then its second's), so leaves share their walls and every leaf
    ///    is at least `min_leaf_size` on each side.
    /// 2. The nodes are visited in libtcod's inverted level order (deepest level first,
    ///    each level right to left). A leaf gets a room as libtcod's sample draws it:
    ///    left, top, right, bottom, each inside the leaf's inner area and at least
    ///    `min_leaf_size - 1` floor tiles across. A cut node gets a corridor from the
    ///    floor of its first subtree to that of its second, straight across the cut where
    ///    they face each other, else Z-shaped, so each subtree is connected when its
    ///    parent is visited and the whole map is connected at the root.
    ///
    /// The player starts at the centre of the first room dug (`rooms[0]`, the right-most
    /// leaf of the deepest level). The border stays wall: everything dug lies in the
    /// root's inner area.
    ///
    /// # Errors
    /// The first invalid setting, as [`BspSettings::validate`](Generate::validate).
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        let mut map = Map::checked(self.width, self.height);
        let rules = SplitRules {
            depth: self.depth,
            min_size: self.min_leaf_size,
            max_h_ratio: self.max_h_ratio,
            max_v_ratio: self.max_v_ratio,
        };
        let root = Rect::new(0, 0, self.width - 1, self.height - 1);
        let tree = BspTree::split_recursive(root, &rules, rng, &mut AnyCut);
        let nodes = tree.nodes();
        // Every random number is drawn in libtcod's order, which visits the map level by
        // level; the digging then follows the tree (children before parents, as libtcod),
        // one sweep over the map. A node's corridor depends only on its own subtrees,
        // which no other node digs into, so the dungeon is the same.
        let mut bounds = vec![UNSET; nodes.len()];
        let mut plans = vec![None; nodes.len()];
        let mut rooms = Vec::with_capacity(tree.leaves().len());
        for i in tree.inverted_level_order() {
            bounds[i] = match nodes[i].split() {
                None => {
                    let leaf = nodes[i].leaf().unwrap_or_default();
                    let floor = self.random_room(&tree.leaves()[leaf], rng);
                    rooms.push(Rect {
                        x1: floor.x1 - 1,
                        y1: floor.y1 - 1,
                        x2: floor.x2 + 1,
                        y2: floor.y2 + 1,
                    });
                    floor
                }
                Some((cut, [a, b])) => {
                    plans[i] = Some(corridors::plan(cut, bounds[a], bounds[b], rng));
                    Bounds::hull(bounds[a], bounds[b])
                }
            };
        }
        for i in tree.post_order() {
            match (nodes[i].split(), plans[i]) {
                (Some((cut, [a, b])), Some(plan)) => {
                    corridors::join(&mut map, cut, bounds[a], bounds[b], plan);
                    recorder.step("corridor", &map);
                }
                _ => {
                    let floor = bounds[i];
                    map.fill_rect(floor.x1..floor.x2 + 1, floor.y1..floor.y2 + 1, Tile::FLOOR);
                    recorder.step("room", &map);
                }
            }
        }
        // The root is a leaf or has leaves below it, so there is always a first room.
        let start = rooms.first().map_or_else(Default::default, Rect::center);
        Ok(Dungeon::new(map, start).with_rooms(rooms))
    }
}

/// A placeholder for bounds not yet known; every node's are set before they are read,
/// since the inverted level order visits children before their parent.
const UNSET: Bounds = Bounds {
    x1: 0,
    y1: 0,
    x2: 0,
    y2: 0,
};

impl BspSettings {
    /// libtcod's `randomRoom`: the floor of a room inside the leaf's inner area, at least
    /// `min_leaf_size - 1` tiles on each side, drawn left, top, right, bottom.
    fn random_room(&self, leaf: &Rect, rng: &mut DungeonRng) -> Bounds {
        let size = self.min_leaf_size - 1;
        let (min_x, max_x) = (leaf.x1 + 1, leaf.x2 - 1);
        let (min_y, max_y) = (leaf.y1 + 1, leaf.y2 - 1);
        let x1 = rng.range_inclusive(min_x, max_x - size + 1);
        let y1 = rng.range_inclusive(min_y, max_y - size + 1);
        let x2 = rng.range_inclusive(x1 + size - 1, max_x);
        let y2 = rng.range_inclusive(y1 + size - 1, max_y);
        Bounds { x1, y1, x2, y2 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;

    #[test]
    fn defaults_are_libtcods_sample() {
        let s = BspSettings::default();
        assert_eq!(
            (s.width, s.height, s.depth, s.min_leaf_size),
            (80, 45, 8, 5)
        );
        assert_eq!((s.max_h_ratio, s.max_v_ratio), (150, 150));
        assert_eq!(s.validate(), Ok(()));
    }

    #[test]
    fn invalid_settings_name_field_value_and_range() {
        let base = BspSettings::default();
        let cases = [
            (BspSettings { width: 2, ..base }, "width is 2; allowed 3..=10000"),
            (BspSettings { height: 0, ..base }, "height is 0; allowed 3..=10000"),
            (BspSettings { depth: 101, ..base }, "depth is 101; allowed 0..=100"),
            (
                BspSettings {
                    min_leaf_size: 1,
                    ..base
                },
                "min_leaf_size is 1; allowed 2..=44",
            ),
            (
                BspSettings {
                    max_h_ratio: 99,
                    ..base
                },
                "max_h_ratio is 99; allowed 100..=10000",
            ),
            (
                BspSettings {
                    max_v_ratio: 10_001,
                    ..base
                },
                "max_v_ratio is 10001; allowed 100..=10000",
            ),
        ];
        for (settings, message) in cases {
            assert_eq!(settings.generate(1).unwrap_err().to_string(), message);
        }
    }

    #[test]
    fn depth_zero_is_one_room_in_the_whole_map() {
        let s = BspSettings {
            width: 9,
            height: 7,
            depth: 0,
            min_leaf_size: 6,
            ..BspSettings::default()
        };
        for seed in 0..20 {
            let d = s.generate(seed).unwrap();
            assert_eq!(d.rooms.len(), 1);
            let room = d.rooms[0];
            assert!(room.width() >= 6 && room.height() >= 6, "{room:?}");
            assert!(room.x1 >= 0 && room.x2 <= 8 && room.y1 >= 0 && room.y2 <= 6);
        }
    }

    #[test]
    fn smallest_map_is_one_tile_of_floor() {
        let s = BspSettings {
            width: 3,
            height: 3,
            min_leaf_size: 2,
            ..BspSettings::default()
        };
        let d = s.generate(0).unwrap();
        assert_eq!(d.map.to_string(), "###\n#.#\n###\n");
        assert_eq!((d.start, d.rooms), (Point::new(1, 1), vec![Rect::new(0, 0, 2, 2)]));
    }

    #[test]
    fn rooms_stay_inside_their_leaves() {
        let s = BspSettings::default();
        let rules = SplitRules {
            depth: s.depth,
            min_size: s.min_leaf_size,
            max_h_ratio: s.max_h_ratio,
            max_v_ratio: s.max_v_ratio,
        };
        for seed in 0..30 {
            let mut rng = DungeonRng::new(seed);
            let tree = BspTree::split_recursive(
                Rect::new(0, 0, 79, 44),
                &rules,
                &mut rng,
                &mut AnyCut,
            );
            for &outline in tree.leaves() {
                let room = s.random_room(&outline, &mut rng);
                assert!(room.x1 > outline.x1 && room.x2 < outline.x2, "{room:?} {outline:?}");
                assert!(room.y1 > outline.y1 && room.y2 < outline.y2, "{room:?} {outline:?}");
                assert!(room.x2 - room.x1 + 1 >= 4 && room.y2 - room.y1 + 1 >= 4);
            }
        }
    }
}
