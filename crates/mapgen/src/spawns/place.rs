//! Placing a table's things in a dungeon: the rules and the draws, documented on
//! [`SpawnTable::place`].

use crate::{Dungeon, DungeonRng, Point, Tile};

use super::error::SpawnError;
use super::places::{Place, places};
use super::{Spawn, SpawnKind, SpawnTable};

impl SpawnTable {
    /// Places this table's things in `dungeon`'s [`places`] for `depth` (1 for the first
    /// level), drawing from `rng`; adds them to [`Dungeon::spawns`] and returns how many
    /// it placed. A dungeon with little room gets fewer things, which is not an error.
    ///
    /// Draw from the generator's own stream after it has made the dungeon (and after the
    /// vaults), as `mapgen generate --spawns` does, so that one seed names the dungeon and
    /// its things:
    ///
    /// ```
    /// use mapgen::prelude::*;
    /// use mapgen::spawns::SpawnTable;
    ///
    /// let table = SpawnTable::builtin();
    /// let make = |depth| -> Result<Dungeon, Box<dyn std::error::Error>> {
    ///     let mut rng = DungeonRng::new(7);
    ///     let mut dungeon = CavesSettings::default().generate_with(&mut rng)?;
    ///     table.place(&mut dungeon, depth, &mut rng)?;
    ///     Ok(dungeon)
    /// };
    /// assert_eq!(make(4)?, make(4)?); // a seed, a depth and a table name the things
    /// let (shallow, deep) = (make(1)?.spawns.len(), make(8)?.spawns.len());
    /// assert!(deep > shallow, "{deep} things at depth 8, {shallow} at depth 1");
    /// assert!(table.place(&mut make(1)?, 0, &mut DungeonRng::new(1)).is_err()); // depth 0
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # The rules
    ///
    /// 1. A thing goes only on a *free* tile: plain floor ([`Tile::FLOOR`]: not a door,
    ///    a chasm, stairs or any other tile of one's own), neither the start nor the exit
    ///    ([`Dungeon::exit`]), outside every vault's footprint ([`Dungeon::vaults`]: a
    ///    vault keeps its tiles for what its maker puts there), and with no thing on it
    ///    yet, counting those already in [`Dungeon::spawns`]. So there is at most one
    ///    thing per tile, however many tables are placed.
    /// 2. The place that holds the start gets no monsters (the player's first room is
    ///    quiet, as the bracket-lib tutorial skips the first room); items it may get.
    /// 3. A place gets at most [`SpawnTable::most_per_place`] things of each kind at this
    ///    depth, and at most `max` of each entry.
    ///
    /// # The draws
    ///
    /// For each place in order, for monsters then items: how many, uniformly from 0 to
    /// the most for the place; then for each, an entry by its weight at this depth among
    /// those of the kind that the place may still take (weight above 0, fewer than its
    /// `max` here), and a tile uniformly among the place's free tiles. A place stops
    /// taking things of a kind when no entry or no free tile is left.
    ///
    /// The work is linear in the map's area and the places' tiles (once per call, a flag a
    /// tile and a breadth-first search for the exit), plus, per thing, the table's
    /// entries.
    ///
    /// # Errors
    /// [`SpawnError::Depth`] for depth 0.
    pub fn place(
        &self,
        dungeon: &mut Dungeon,
        depth: u32,
        rng: &mut DungeonRng,
    ) -> Result<usize, SpawnError> {
        let found = places(dungeon);
        self.place_in(dungeon, &found, depth, rng)
    }

    /// [`SpawnTable::place`] in the places given rather than the dungeon's own: to put a
    /// table of bosses in a boss room, or treasure in the treasure rooms. The rules are
    /// the same; tiles outside the map are never free.
    ///
    /// ```
    /// use mapgen::prelude::*;
    /// use mapgen::spawns::{PlaceOf, SpawnTable, places};
    ///
    /// let mut rng = DungeonRng::new(5);
    /// let mut floor = IsaacSettings::default().generate_with(&mut rng)?;
    /// let grid = floor.room_grid().unwrap().clone();
    /// let boss_room: Vec<_> = places(&floor)
    ///     .into_iter()
    ///     .filter(|p| matches!(p.of, PlaceOf::GridRoom(i) if grid.rooms()[i].kind == RoomKind::Boss))
    ///     .collect();
    /// let bosses = SpawnTable::parse("bosses", "monsters 1:1\nmonster dragon weight 1:1\n")?;
    /// let placed = bosses.place_in(&mut floor, &boss_room, 1, &mut rng)?;
    /// assert!(placed <= 1);
    /// SpawnTable::builtin().place(&mut floor, 1, &mut rng)?; // never on the dragon's tile
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`SpawnTable::place`].
    pub fn place_in(
        &self,
        dungeon: &mut Dungeon,
        places: &[Place],
        depth: u32,
        rng: &mut DungeonRng,
    ) -> Result<usize, SpawnError> {
        if depth == 0 {
            return Err(SpawnError::Depth { depth });
        }
        let mut taken = Taken::of(dungeon);
        let before = dungeon.spawns.len();
        let mut placed_here = vec![0u32; self.entries.len()];
        // Kept from place to place, so that a dungeon of many places allocates them once.
        let (mut free, mut weights) = (Vec::new(), Vec::new());
        for place in places {
            let holds_start = place.tiles.contains(&dungeon.start);
            // The free tiles are listed when the place first draws a thing: most draw none.
            let mut listed = false;
            placed_here.fill(0);
            for kind in SpawnKind::ALL {
                let most = match (kind, holds_start) {
                    (SpawnKind::Monster, true) => 0,
                    _ => self.most_per_place(kind, depth),
                };
                // `most` is at most MAX_PER_PLACE, far inside i32.
                let count = rng.range_inclusive(0, most as i32);
                if count > 0 && !listed {
                    let is_free = |p: &Point| taken.is_free(dungeon, *p);
                    free.clear();
                    free.extend(place.tiles.iter().copied().filter(is_free));
                    listed = true;
                }
                for _ in 0..count {
                    if free.is_empty() {
                        break;
                    }
                    let Some(entry) = self.draw_entry(kind, depth, &placed_here, &mut weights, rng)
                    else {
                        break;
                    };
                    let Some(at) = draw_tile(&mut free, &mut taken, dungeon, rng) else {
                        break;
                    };
                    placed_here[entry] += 1;
                    let name = self.entries[entry].name.clone();
                    dungeon.spawns.push(Spawn::new(name, kind, at));
                }
            }
        }
        Ok(dungeon.spawns.len() - before)
    }

    /// An entry of `kind` by its weight at `depth`, among those a place with `placed` of
    /// each may still take.
    fn draw_entry(
        &self,
        kind: SpawnKind,
        depth: u32,
        placed: &[u32],
        weights: &mut Vec<u32>,
        rng: &mut DungeonRng,
    ) -> Option<usize> {
        weights.clear();
        weights.extend(self.entries.iter().zip(placed).map(|(e, &n)| {
            let room_left = e.max_per_place.is_none_or(|max| n < max);
            if e.kind == kind && room_left {
                e.weight.at(depth)
            } else {
                0
            }
        }));
        rng.weighted_index(weights)
    }
}

/// A tile drawn uniformly from `free` and taken; tiles another thing took since the list
/// was made (a tile listed twice, or in two places) are dropped and the draw made again.
fn draw_tile(
    free: &mut Vec<Point>,
    taken: &mut Taken,
    dungeon: &Dungeon,
    rng: &mut DungeonRng,
) -> Option<Point> {
    while !free.is_empty() {
        let len = u32::try_from(free.len()).unwrap_or(u32::MAX);
        let at = free.swap_remove(rng.below(len) as usize);
        if taken.take(dungeon, at) {
            return Some(at);
        }
    }
    None
}

/// The tiles no thing may go on besides those that are not plain floor: the start, the
/// exit, the things placed, and the vaults' footprints; one flag a tile of the map.
struct Taken {
    tiles: Vec<bool>,
}

impl Taken {
    fn of(dungeon: &Dungeon) -> Taken {
        let map = &dungeon.map;
        let mut taken = Taken {
            tiles: vec![false; map.tiles().len()],
        };
        for vault in &dungeon.vaults {
            let (x0, y0) = (vault.x.max(0), vault.y.max(0));
            let (x1, y1) = (
                vault.x.saturating_add(vault.width).min(map.width()),
                vault.y.saturating_add(vault.height).min(map.height()),
            );
            for y in y0..y1 {
                for x in x0..x1 {
                    taken.take(dungeon, Point::new(x, y));
                }
            }
        }
        for p in dungeon
            .spawns
            .iter()
            .map(|s| s.at)
            .chain([dungeon.start, dungeon.exit()])
        {
            taken.take(dungeon, p);
        }
        taken
    }

    /// Plain floor that nothing has taken; tiles outside the map are never free.
    fn is_free(&self, dungeon: &Dungeon, p: Point) -> bool {
        dungeon
            .map
            .index(p)
            .is_some_and(|i| dungeon.map.tiles()[i] == Tile::FLOOR && !self.tiles[i])
    }

    /// Takes `p`; false if it was taken already (or lies outside the map).
    fn take(&mut self, dungeon: &Dungeon, p: Point) -> bool {
        match dungeon.map.index(p) {
            Some(i) => !std::mem::replace(&mut self.tiles[i], true),
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Map;
    use crate::spawns::PlaceOf;

    fn one_room(text: &str, start: Point) -> Dungeon {
        Dungeon::new(Map::from_ascii(text).unwrap(), start)
    }

    #[test]
    fn only_free_tiles_take_things_and_each_takes_one() {
        // A row: start, floor, a door, stairs of one's own, floor, the exit (the far end).
        let stairs = Tile::FLOOR.with_glyph('>').unwrap();
        let map = Map::from_ascii_with("#######\n#..+>..\n#######\n", &[stairs]).unwrap();
        let mut dungeon = Dungeon::new(map, Point::new(1, 1));
        assert_eq!(dungeon.exit(), Point::new(6, 1));
        let row: Vec<Point> = (0..7).map(|x| Point::new(x, 1)).collect();
        let every_tile_twice = [row.clone(), row].concat();
        let table = SpawnTable::parse("t", "items 1:100\nitem coin weight 1:1\n").unwrap();
        let place = Place::new(every_tile_twice, PlaceOf::Area);
        for seed in 0..50 {
            let mut d = dungeon.clone();
            table
                .place_in(
                    &mut d,
                    &[place.clone(), place.clone()],
                    1,
                    &mut DungeonRng::new(seed),
                )
                .unwrap();
            let tiles: Vec<Point> = d.spawns.iter().map(|s| s.at).collect();
            assert!(
                tiles
                    .iter()
                    .all(|p| [Point::new(2, 1), Point::new(5, 1)].contains(p)),
                "{tiles:?}"
            );
            let mut unique = tiles.clone();
            unique.sort_unstable_by_key(|p| (p.y, p.x));
            unique.dedup();
            assert_eq!(
                unique.len(),
                tiles.len(),
                "two things on one tile: {tiles:?}"
            );
        }
        // A thing already there takes its tile.
        dungeon
            .spawns
            .push(Spawn::new("key", SpawnKind::Item, Point::new(2, 1)));
        let place = Place::new((0..7).map(|x| Point::new(x, 1)).collect(), PlaceOf::Area);
        table
            .place_in(&mut dungeon, &[place], 1, &mut DungeonRng::new(1))
            .unwrap();
        assert_eq!(
            dungeon.spawns[1..].iter().map(|s| s.at).collect::<Vec<_>>(),
            [Point::new(5, 1)]
        );
    }

    #[test]
    fn the_start_place_gets_no_monsters_and_max_holds() {
        let text = "##########\n#........#\n#........#\n##########\n";
        let table = SpawnTable::parse(
            "t",
            "monsters 1:16\nitems 1:16\nmonster orc max 2 weight 1:1\nmonster rat max 1 weight 1:1\nitem gem max 3 weight 1:1\n",
        )
        .unwrap();
        let tiles: Vec<Point> = (1..9)
            .flat_map(|x| [Point::new(x, 1), Point::new(x, 2)])
            .collect();
        let place = Place::new(tiles, PlaceOf::Area);
        for seed in 0..200 {
            let mut with_start = one_room(text, Point::new(1, 1));
            table
                .place_in(
                    &mut with_start,
                    std::slice::from_ref(&place),
                    1,
                    &mut DungeonRng::new(seed),
                )
                .unwrap();
            assert!(with_start.spawns.iter().all(|s| s.kind == SpawnKind::Item));
            assert!(with_start.spawns.len() <= 3);
            // The same tiles without the start in them: monsters, at most 2 + 1.
            let mut elsewhere = one_room(text, Point::new(1, 1));
            let away = Place::new(place.tiles[2..].to_vec(), PlaceOf::Area);
            table
                .place_in(&mut elsewhere, &[away], 1, &mut DungeonRng::new(seed))
                .unwrap();
            let count = |name: &str| elsewhere.spawns.iter().filter(|s| s.name == name).count();
            assert!(count("orc") <= 2 && count("rat") <= 1 && count("gem") <= 3);
        }
    }

    #[test]
    fn depth_zero_is_refused() {
        let mut d = one_room("###\n#.#\n###\n", Point::new(1, 1));
        let err = SpawnTable::builtin()
            .place(&mut d, 0, &mut DungeonRng::new(1))
            .unwrap_err();
        assert_eq!(err.to_string(), "depth is 0; allowed 1..=4294967295");
    }
}
