//! Caves grown by a cellular automaton: random fill, then rounds of a birth/survival rule
//! in which walls are the live cells, then the separate caves joined by tunnels (or all but
//! the start's filled in).
//!
//! Based on: <https://www.roguebasin.com/index.php/Cellular_Automata_Method_for_Generating_Random_Cave-Like_Levels>
//! (Jim Babcock's 4-5 rule: a tile is wall when at least five of the nine tiles of its
//! 3 x 3 block are, which is birth at 5 and survival at 4 wall neighbours out of eight).

use crate::generators::named_enum::named_enum;
use crate::generators::start::{centre, nearest_walkable_to_centre};
use crate::join::join_regions;
use crate::generators::Generate;
use crate::record::Recorder;
use crate::{Dungeon, DungeonRng, GenerateError, Grid, Map, Tile, path};

named_enum! {
    /// What happens to caves the start cannot reach.
    pub enum CaveRegions ("cave regions setting") {
        /// Join every cave to the others with the shortest L-shaped tunnels (a minimum
        /// spanning tree over the caves), so no carved floor is lost.
        Join = "join",
        /// Keep only the cave of the start and fill the others with wall.
        KeepStart = "keep-start",
    }
}

/// Settings of the cellular-automaton cave generator. `Default` gives the classic look
/// at 80 x 45.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::caves::CavesSettings;
/// use mapgen::Regions;
/// let dungeon = CavesSettings::default().generate(7)?;
/// assert!(dungeon.map.is_walkable(dungeon.start));
/// assert_eq!(Regions::of(&dungeon.map).count(), 1, "every cave is joined");
/// assert!(dungeon.rooms.is_empty());
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct CavesSettings {
    /// Map width in tiles, 3..=[`Map::MAX_SIDE`]; default 80.
    pub width: i32,
    /// Map height in tiles, 3..=[`Map::MAX_SIDE`]; default 45.
    pub height: i32,
    /// Chance, in percent, that a tile inside the border starts as floor, 0..=100;
    /// default 55. The border is always wall.
    pub floor_chance: u32,
    /// Rounds of the rule, 0..=[`CavesSettings::MAX_ITERATIONS`]; default 4.
    pub iterations: u32,
    /// Birth: a floor tile becomes wall when at least this many of its eight neighbours
    /// are wall, 0..=9 (9: never); default 5.
    pub birth_limit: u32,
    /// Survival: a wall tile stays wall when at least this many of its eight neighbours
    /// are wall, 0..=9 (9: never); default 4.
    pub survival_limit: u32,
    /// What happens to the caves the start cannot reach; default [`CaveRegions::Join`].
    pub regions: CaveRegions,
}

impl Default for CavesSettings {
    fn default() -> Self {
        CavesSettings::DEFAULT
    }
}

impl CavesSettings {
    /// 80 x 45, 55 % floor, four rounds of the 4-5 rule, caves joined.
    pub const DEFAULT: CavesSettings = CavesSettings {
        width: 80,
        height: 45,
        floor_chance: 55,
        iterations: 4,
        birth_limit: 5,
        survival_limit: 4,
        regions: CaveRegions::Join,
    };
    /// The most rounds of the rule.
    pub const MAX_ITERATIONS: u32 = 100;
}

impl Generate for CavesSettings {
    const NAME: &'static str = "caves";
    const ABOUT: &'static str = "cellular-automaton caves, joined by tunnels";

    /// Checks every field, naming the first one that is out of range.
    ///
    /// ```
    /// use mapgen::generators::Generate;
    /// use mapgen::generators::caves::CavesSettings;
    /// let bad = CavesSettings { birth_limit: 10, ..CavesSettings::default() };
    /// assert_eq!(bad.validate().unwrap_err().to_string(), "birth_limit is 10; allowed 0..=9");
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`].
    fn validate(&self) -> Result<(), GenerateError> {
        GenerateError::check_map_size(self.width, self.height)?;
        GenerateError::check_range("floor_chance", self.floor_chance.into(), 0, 100)?;
        GenerateError::check_range(
            "iterations",
            self.iterations.into(),
            0,
            Self::MAX_ITERATIONS.into(),
        )?;
        GenerateError::check_range("birth_limit", self.birth_limit.into(), 0, 9)?;
        GenerateError::check_range("survival_limit", self.survival_limit.into(), 0, 9)
    }

    /// Generates a cave from `rng`'s stream.
    ///
    /// 1. Fill: each tile inside the border, in row order, is floor with chance
    ///    `floor_chance` %: one 32-bit draw serves two tiles, the low 16 bits the first
    ///    (floor when `bits * 100 < floor_chance * 65536`).
    /// 2. `iterations` rounds of the rule, every tile from the previous round's tiles
    ///    (two buffers, swapped; nothing is allocated per round).
    /// 3. If nothing is floor, the centre tile `(width / 2, height / 2)` is carved.
    /// 4. [`CaveRegions::Join`]: the caves are joined by the shortest L-shaped tunnels;
    ///    [`CaveRegions::KeepStart`]: the caves the start cannot reach are filled in.
    ///
    /// The start is the walkable tile nearest the centre (squared distance; ties go to
    /// the first in row order), chosen before step 4. No rooms.
    ///
    /// # Errors
    /// The first invalid setting, as [`CavesSettings::validate`](Generate::validate).
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        let (w, h) = (self.width as usize, self.height as usize);
        let mut walls = self.random_fill(rng);
        recorder.stage_with("random fill", || self.walls_map(&walls));
        let mut next = walls.clone();
        let mut columns = vec![0u8; w];
        let rule = self.rule();
        for _ in 0..self.iterations {
            step(&walls, &mut next, &mut columns, w, h, &rule);
            std::mem::swap(&mut walls, &mut next);
            recorder.step_with("smoothing pass", || self.walls_map(&walls));
        }
        let mut map = self.walls_map(&walls);
        let start = match nearest_walkable_to_centre(&map) {
            Some(start) => start,
            None => {
                let start = centre(&map);
                map.set(start, Tile::FLOOR);
                start
            }
        };
        match self.regions {
            CaveRegions::Join => {
                join_regions(&mut map);
                recorder.stage("regions joined", &map);
            }
            CaveRegions::KeepStart => {
                path::cull_unreachable(&mut map, start);
                recorder.stage("unreachable caves filled", &map);
            }
        }
        Ok(Dungeon::new(map, start))
    }
}

impl CavesSettings {
    /// 1 for wall, 0 for floor; the border is wall.
    fn random_fill(&self, rng: &mut DungeonRng) -> Vec<u8> {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut walls = vec![1u8; w * h];
        let threshold = self.floor_chance * 65_536;
        let mut spare: Option<u32> = None;
        for y in 1..h - 1 {
            for cell in &mut walls[y * w + 1..y * w + w - 1] {
                let bits = match spare.take() {
                    Some(high) => high,
                    None => {
                        let draw = rng.next_u32();
                        spare = Some(draw >> 16);
                        draw & 0xffff
                    }
                };
                *cell = u8::from(bits * 100 >= threshold);
            }
        }
        walls
    }

    /// The map of `walls`: wall where 1, floor elsewhere.
    fn walls_map(&self, walls: &[u8]) -> Map {
        let tiles = walls
            .iter()
            .map(|&wall| if wall == 1 { Tile::WALL } else { Tile::FLOOR })
            .collect();
        Grid::from_cells(self.width, self.height, tiles)
            .map_or_else(|_| Map::checked(self.width, self.height), Map::from)
    }

    /// The next state of a tile, indexed by `self * 9 + wall neighbours`.
    fn rule(&self) -> [u8; 18] {
        let mut rule = [0u8; 18];
        for n in 0..9u32 {
            rule[n as usize] = u8::from(n >= self.birth_limit);
            rule[9 + n as usize] = u8::from(n >= self.survival_limit);
        }
        rule
    }
}

/// One round of the rule over the tiles inside the border: `next` from `walls`.
/// `columns` holds, per column, the walls of the three rows around the current one.
fn step(walls: &[u8], next: &mut [u8], columns: &mut [u8], w: usize, h: usize, rule: &[u8; 18]) {
    for y in 1..h - 1 {
        let above = &walls[(y - 1) * w..y * w];
        let row = &walls[y * w..(y + 1) * w];
        let below = &walls[(y + 1) * w..(y + 2) * w];
        for (((c, a), r), b) in columns.iter_mut().zip(above).zip(row).zip(below) {
            *c = a + r + b;
        }
        let out = &mut next[y * w + 1..(y + 1) * w - 1];
        let blocks = columns.windows(3);
        for ((cell, block), &me) in out.iter_mut().zip(blocks).zip(&row[1..]) {
            let neighbours = block[0] + block[1] + block[2] - me;
            *cell = rule[usize::from(me) * 9 + usize::from(neighbours)];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_round_follows_the_four_five_rule() {
        let settings = CavesSettings::default();
        let text = "#######\n#.#...#\n#...#.#\n#.....#\n#######\n";
        let map = Map::from_ascii(text).unwrap();
        let walls: Vec<u8> = map.tiles().iter().map(|t| u8::from(!t.walkable)).collect();
        let mut next = walls.clone();
        let mut columns = vec![0; 7];
        step(&walls, &mut next, &mut columns, 7, 5, &settings.rule());
        // Reference: count the eight neighbours of every inside tile directly.
        for y in 1..4i32 {
            for x in 1..6i32 {
                let wall = |dx: i32, dy: i32| u32::from(!map.is_walkable((x + dx, y + dy)));
                let n: u32 = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
                    .iter()
                    .map(|&(dx, dy)| wall(dx, dy))
                    .sum();
                let expected = if wall(0, 0) == 1 { n >= 4 } else { n >= 5 };
                assert_eq!(next[(y * 7 + x) as usize] == 1, expected, "({x}, {y})");
            }
        }
    }

    #[test]
    fn fill_chance_zero_and_hundred_are_exact() {
        let mut rng = DungeonRng::new(1);
        let all_wall = CavesSettings {
            floor_chance: 0,
            ..CavesSettings::default()
        };
        assert!(all_wall.random_fill(&mut rng).iter().all(|&c| c == 1));
        let all_floor = CavesSettings {
            floor_chance: 100,
            width: 5,
            height: 4,
            ..CavesSettings::default()
        };
        let cells = all_floor.random_fill(&mut rng);
        assert_eq!(cells, [1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    }

    #[test]
    fn nothing_left_carves_the_centre() {
        let settings = CavesSettings {
            floor_chance: 0,
            ..CavesSettings::default()
        };
        let d = settings.generate(3).unwrap();
        assert_eq!(d.start, crate::Point::new(40, 22));
        assert_eq!(d.map.iter().filter(|(_, t)| t.walkable).count(), 1);
    }
}
