//! A perfect maze on the odd cells of the map: exactly one path between any two floor
//! tiles.
//!
//! Based on: Jamis Buck, "Maze Generation: Growing Tree algorithm"
//! (<https://weblog.jamisbuck.org/2011/1/27/maze-generation-growing-tree-algorithm>).

use super::growing_tree::{Growth, Lattice};
use crate::generators::Generate;
use crate::record::Recorder;
use crate::{Dungeon, DungeonRng, GenerateError, Map, Point};

/// Settings of the maze generator.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::maze::MazeSettings;
/// use mapgen::Point;
/// let dungeon = MazeSettings::default().generate(7)?;
/// assert_eq!(dungeon.start, Point::new(1, 1));
/// // 39 x 22 cells and the 857 passages of a spanning tree between them.
/// let floor = dungeon.map.tiles().iter().filter(|t| t.walkable).count();
/// assert_eq!(floor, 2 * 39 * 22 - 1);
/// assert!(dungeon.rooms.is_empty());
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct MazeSettings {
    /// Map width in tiles, 3..=[`Map::MAX_SIDE`]; default 79. With an even width the
    /// column before the right border stays wall, as cells sit at odd columns.
    pub width: i32,
    /// Map height in tiles, 3..=[`Map::MAX_SIDE`]; default 45. With an even height the
    /// row above the bottom border stays wall.
    pub height: i32,
    /// Percent chance that a step of the growing tree works on a random active cell
    /// instead of the newest one, 0..=100: 0 is the recursive backtracker (long winding
    /// corridors, few branches), 100 picks at random every time (Prim-like: short
    /// corridors, many branches and dead ends). Default 10.
    pub branching: u32,
}

impl Default for MazeSettings {
    fn default() -> Self {
        MazeSettings::DEFAULT
    }
}

impl MazeSettings {
    /// 79 x 45 (odd sides, so the maze runs to the border on every side), branching 10.
    pub const DEFAULT: MazeSettings = MazeSettings {
        width: 79,
        height: 45,
        branching: 10,
    };
}

impl Generate for MazeSettings {
    const NAME: &'static str = "maze";
    const ABOUT: &'static str =
        "a perfect maze (growing tree): one path between any two floor tiles";

    /// Checks every field, naming the first one that is out of range.
    ///
    /// ```
    /// use mapgen::generators::Generate;
    /// use mapgen::generators::maze::MazeSettings;
    /// let bad = MazeSettings { branching: 101, ..MazeSettings::default() };
    /// assert_eq!(bad.validate().unwrap_err().to_string(), "branching is 101; allowed 0..=100");
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`] naming the field.
    fn validate(&self) -> Result<(), GenerateError> {
        GenerateError::check_map_size(self.width, self.height)?;
        GenerateError::check_range("branching", self.branching.into(), 0, 100)
    }

    /// Generates a dungeon from `rng`'s stream.
    ///
    /// The cells are the tiles at odd columns and rows inside the border (`(width - 1) /
    /// 2` by `(height - 1) / 2` of them). A growing tree starts at the first cell, `(1,
    /// 1)`, and grows into every cell: each step takes the newest active cell, or with
    /// `branching` percent chance a random one, and carves a passage to one of its
    /// neighbour cells still wall, drawn uniformly, or drops the cell when there is none.
    /// The floor is a spanning tree of the cells: `2 * cells - 1` tiles, and walkable
    /// 4-neighbour pairs = floor tiles - 1. The player starts at `(1, 1)`; there are no
    /// rooms.
    ///
    /// # Errors
    /// The first invalid setting, as [`MazeSettings::validate`](Generate::validate).
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        let mut map = Map::checked(self.width, self.height);
        let start = Point::new(1, 1);
        let growth = Growth {
            branching: self.branching,
            winding: 100,
        };
        Lattice::of(&map).grow_recorded(&mut map, start, growth, rng, |_| {}, recorder);
        Ok(Dungeon::new(map, start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_settings_name_field_value_and_range() {
        let base = MazeSettings::default();
        for (settings, message) in [
            (MazeSettings { width: 2, ..base }, "width is 2; allowed 3..=10000"),
            (MazeSettings { height: -1, ..base }, "height is -1; allowed 3..=10000"),
            (
                MazeSettings {
                    branching: 1000,
                    ..base
                },
                "branching is 1000; allowed 0..=100",
            ),
        ] {
            assert_eq!(settings.generate(1).unwrap_err().to_string(), message);
        }
    }

    #[test]
    fn smallest_mazes() {
        let tiny = |width, height| {
            MazeSettings {
                width,
                height,
                branching: 50,
            }
            .generate(4)
            .unwrap()
            .map
            .to_string()
        };
        assert_eq!(tiny(3, 3), "###\n#.#\n###\n");
        assert_eq!(tiny(4, 3), "####\n#.##\n####\n");
        assert_eq!(tiny(5, 3), "#####\n#...#\n#####\n");
    }
}
