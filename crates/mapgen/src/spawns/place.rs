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
    /// 4. With a `level` line, the call (a level) gets at most
    ///    [`SpawnTable::most_per_level`] things of its kind at this depth, spread over the
    ///    places as the draws fall, not poured into the first ones.
    ///
    /// # The draws
    ///
    /// Without `level` lines, for each place in order, for monsters then items: how many,
    /// uniformly from 0 to the most for the place; then for each, an entry by its weight
    /// at this depth among those of the kind that the place may still take (weight above
    /// 0, fewer than its `max` here), and a tile uniformly among the place's free tiles. A
    /// place stops taking things of a kind when no entry or no free tile is left.
    ///
    /// With a `level` line, every place first draws its counts, in the same order (each
    /// place, monsters then items); then, for monsters then items, if the drawn total is
    /// over the budget, the draws kept are chosen uniformly among all those drawn (Knuth's
    /// selection sampling), so each place keeps its share; then each place takes its kept
    /// counts as above.
    ///
    /// The work is linear in the map's area and the places' tiles (once per call, a flag a
    /// tile and a breadth-first search for the exit), plus, per thing, the table's
    /// entries; a budget adds one draw per thing the places drew.
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
        // Without a budget each place draws its counts as it comes, the order tables placed
        // before budgets existed, so they place the same things.
        let planned = self
            .has_budget()
            .then(|| self.planned_counts(dungeon.start, places, depth, rng));
        let mut taken = Taken::of(dungeon);
        let before = dungeon.spawns.len();
        let mut placed_here = vec![0u32; self.entries.len()];
        // Kept from place to place, so that a dungeon of many places allocates them once.
        let (mut free, mut weights) = (Vec::new(), Vec::new());
        for (i, place) in places.iter().enumerate() {
            // Only the draws as they come need it; planned counts know it already.
            let holds_start = planned.is_none() && place.tiles.contains(&dungeon.start);
            // The free tiles are listed when the place first draws a thing: most draw none.
            let mut listed = false;
            placed_here.fill(0);
            for kind in SpawnKind::ALL {
                let count = match &planned {
                    Some(counts) => counts[i][kind as usize],
                    None => self.draw_count(kind, holds_start, depth, rng),
                };
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

    /// How many things of `kind` a place gets, uniformly from 0 to its most at `depth`
    /// (none for monsters where the player starts).
    fn draw_count(
        &self,
        kind: SpawnKind,
        holds_start: bool,
        depth: u32,
        rng: &mut DungeonRng,
    ) -> u32 {
        let most = match (kind, holds_start) {
            (SpawnKind::Monster, true) => 0,
            _ => self.most_per_place(kind, depth),
        };
        // `most` is at most MAX_PER_PLACE, far inside i32; the draw is from 0 up.
        rng.range_inclusive(0, most as i32).unsigned_abs()
    }

    /// Every place's counts of monsters and items (by [`SpawnKind`] order), drawn in
    /// place order, then each kind with a budget thinned to it.
    fn planned_counts(
        &self,
        start: Point,
        places: &[Place],
        depth: u32,
        rng: &mut DungeonRng,
    ) -> Vec<[u32; 2]> {
        let mut counts: Vec<[u32; 2]> = places
            .iter()
            .map(|place| {
                let holds_start = place.tiles.contains(&start);
                SpawnKind::ALL.map(|kind| self.draw_count(kind, holds_start, depth, rng))
            })
            .collect();
        for kind in SpawnKind::ALL {
            if let Some(budget) = self.most_per_level(kind, depth) {
                thin(&mut counts, kind as usize, budget, rng);
            }
        }
        counts
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

/// Keeps at most `budget` of the draws counted in column `kind` of `counts`, the ones
/// kept chosen uniformly among all the draws: Knuth's selection sampling (The Art of
/// Computer Programming, vol. 2, 3.4.2, Algorithm S), each draw in turn kept with the
/// chance (draws still to keep) / (draws still to see). A place keeps its share of the
/// budget, whatever its position in the list.
fn thin(counts: &mut [[u32; 2]], kind: usize, budget: u32, rng: &mut DungeonRng) {
    let total: u64 = counts.iter().map(|c| u64::from(c[kind])).sum();
    let (mut to_keep, mut to_see) = (u64::from(budget), total);
    if to_see <= to_keep {
        return;
    }
    for count in counts.iter_mut().map(|c| &mut c[kind]) {
        let drawn = *count;
        *count = 0;
        for _ in 0..drawn {
            // Once nothing or everything left is to be kept, the rest needs no draw.
            if to_keep == to_see || (to_keep > 0 && rng.below_u64(to_see) < to_keep) {
                *count += 1;
                to_keep -= 1;
            }
            to_see -= 1;
        }
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

    /// Ten rooms side by side, the start outside them all.
    fn ten_places() -> (Dungeon, Vec<Place>) {
        let row = format!("#{}#", ".".repeat(100));
        let wall = "#".repeat(102);
        let text = format!("{wall}\n{row}\n{row}\n{wall}\n");
        let dungeon = one_room(&text, Point::new(1, 1));
        let places = (0..10)
            .map(|i| {
                let tiles = (2..10)
                    .flat_map(|x| [Point::new(10 * i + x, 1), Point::new(10 * i + x, 2)])
                    .collect();
                Place::new(tiles, PlaceOf::Area)
            })
            .collect();
        (dungeon, places)
    }

    #[test]
    fn a_budget_caps_the_level_and_spreads_its_things() {
        let table = SpawnTable::parse(
            "t",
            "monsters 1:4\nitems 1:4\nlevel monsters 1:5 2:0\nmonster orc weight 1:1\nitem gem weight 1:1\n",
        )
        .unwrap();
        let (dungeon, places) = ten_places();
        // How many monsters each place got over all seeds, and the items, left unbudgeted.
        let (mut per_place, mut items) = ([0u32; 10], 0);
        for seed in 0..400 {
            let mut d = dungeon.clone();
            table
                .place_in(&mut d, &places, 1, &mut DungeonRng::new(seed))
                .unwrap();
            let (monsters, rest): (Vec<_>, Vec<_>) =
                d.spawns.iter().partition(|s| s.kind == SpawnKind::Monster);
            // Ten places drawing 0 to 4 each draw more than 5 almost always.
            assert!(monsters.len() <= 5, "{} monsters", monsters.len());
            for s in monsters {
                per_place[(s.at.x / 10) as usize] += 1;
            }
            items += rest.len();
            let mut deeper = dungeon.clone();
            table
                .place_in(&mut deeper, &places, 2, &mut DungeonRng::new(seed))
                .unwrap();
            assert!(deeper.spawns.iter().all(|s| s.kind == SpawnKind::Item));
        }
        assert_eq!(per_place.iter().sum::<u32>(), 5 * 400);
        // 200 a place when spread evenly; filling in order would leave the last ones empty.
        assert!(
            per_place.iter().all(|&n| (140..=260).contains(&n)),
            "{per_place:?}"
        );
        assert!(items > 400 * 10, "the items have no budget: {items}");
    }

    #[test]
    fn thinning_keeps_the_budget_uniformly() {
        let mut rng = DungeonRng::new(3);
        let mut kept = [0u32; 4];
        for _ in 0..4000 {
            let mut counts = [[3, 1], [0, 1], [1, 1], [0, 0]];
            thin(&mut counts, 0, 2, &mut rng);
            assert_eq!(counts.iter().map(|c| c[0]).sum::<u32>(), 2);
            assert!(counts.iter().all(|c| c[1] == u32::from(c != &[0, 0])));
            for (k, c) in kept.iter_mut().zip(counts) {
                *k += c[0];
            }
        }
        // Each of the four draws is kept half the time: 3 of them in the first place.
        assert_eq!(kept[1] + kept[3], 0);
        assert!((5600..=6400).contains(&kept[0]), "{kept:?}");
        assert!((1700..=2300).contains(&kept[2]), "{kept:?}");
        // Under the budget nothing changes and nothing is drawn.
        let mut counts = [[3, 0], [1, 0]];
        let mut untouched = rng.clone();
        thin(&mut counts, 0, 4, &mut rng);
        assert_eq!(counts, [[3, 0], [1, 0]]);
        assert_eq!(rng.next_u32(), untouched.next_u32());
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
