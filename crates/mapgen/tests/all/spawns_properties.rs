//! Every rule of spawn placement, on dungeons of every generator in the list, thousands of
//! seeds, depths, vaults and random tables with and without a budget per level; a table
//! without one placing exactly as the rule before budgets did; what the places promise;
//! and the built-in table's promise of more and tougher things with depth.

use std::collections::HashSet;

use mapgen::generators::{Generator, GeneratorKind};
use mapgen::spawns::{
    AREA_TILES, MIN_AREA_TILES, Place, PlaceOf, Spawn, SpawnKind, SpawnTable, places,
};
use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
use mapgen::{Dungeon, DungeonRng, Point, Tile};
use proptest::prelude::*;

fn generator() -> impl Strategy<Value = GeneratorKind> {
    proptest::sample::select(GeneratorKind::ALL.to_vec())
}

/// `D:V` steps: 1 to 3 of them, depths rising from 1 to 12, values up to `max`.
fn steps(max: u32) -> impl Strategy<Value = String> {
    proptest::collection::btree_map(1u32..=12, 0..=max, 1..=3).prop_map(|steps| {
        steps
            .iter()
            .map(|(d, v)| format!("{d}:{v}"))
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// A table's text: both count lines, and 1 to 8 entries of either kind with a `max` or not;
/// with `budgets`, a `level` line for each kind half the time (budgets up to 30, often
/// binding).
fn table_text_with(budgets: bool) -> impl Strategy<Value = String> {
    let entry = (any::<bool>(), proptest::option::of(1u32..=4), steps(20));
    let levels = [(); 2].map(|()| proptest::option::of(steps(30)));
    let entries = proptest::collection::vec(entry, 1..=8);
    (steps(6), steps(6), levels, entries).prop_map(move |(monsters, items, levels, entries)| {
        let mut text = format!("monsters {monsters}\nitems {items}\n");
        for (word, steps) in ["monsters", "items"].iter().zip(levels) {
            if let Some(steps) = steps.filter(|_| budgets) {
                text += &format!("level {word} {steps}\n");
            }
        }
        for (i, (monster, max, weight)) in entries.iter().enumerate() {
            let kind = if *monster { "monster" } else { "item" };
            let max = max.map(|m| format!(" max {m}")).unwrap_or_default();
            text += &format!("{kind} e{i}{max} weight {weight}\n");
        }
        text
    })
}

/// A table's text, three in four with a `level` line or two.
fn table_text() -> impl Strategy<Value = String> {
    table_text_with(true)
}

fn table() -> impl Strategy<Value = SpawnTable> {
    prop_oneof![
        1 => Just(SpawnTable::builtin().clone()),
        2 => table_text().prop_map(|text| SpawnTable::parse("random", &text).unwrap()),
    ]
}

/// A table without `level` lines.
fn unbudgeted_table() -> impl Strategy<Value = SpawnTable> {
    prop_oneof![
        1 => Just(SpawnTable::builtin().clone()),
        2 => table_text_with(false).prop_map(|text| SpawnTable::parse("random", &text).unwrap()),
    ]
}

/// The dungeon of `kind` and `seed` with `vaults` vaults, and its rng after them.
fn dungeon(kind: GeneratorKind, seed: u64, vaults: u32) -> (Dungeon, DungeonRng) {
    let mut rng = DungeonRng::new(seed);
    let mut dungeon = Generator::with_defaults(kind)
        .generate_with(&mut rng)
        .unwrap();
    let settings = VaultSettings {
        count: vaults,
        ..VaultSettings::default()
    };
    let plan = VaultPlan::new(VaultLibrary::builtin().clone(), settings).unwrap();
    plan.place(&mut dungeon, &mut rng);
    (dungeon, rng)
}

/// The rules of `SpawnTable::place`, checked on `after` (`before` with the table placed
/// at `depth`) by looking at every spawn; `Err` names the first broken one.
fn check_rules(
    before: &Dungeon,
    after: &Dungeon,
    table: &SpawnTable,
    depth: u32,
) -> Result<(), String> {
    let mut unchanged = after.clone();
    unchanged.spawns.truncate(before.spawns.len());
    if unchanged != *before {
        return Err("placing changed the dungeon, or the spawns before".into());
    }
    let exit = before.exit();
    let mut seen: HashSet<Point> = before.spawns.iter().map(|s| s.at).collect();
    let new = &after.spawns[before.spawns.len()..];
    for s in new {
        let at = s.at;
        if after.map.tile(at) != Tile::FLOOR {
            return Err(format!(
                "{} at {at} on a {:?}",
                s.name,
                after.map.tile(at).glyph()
            ));
        }
        if at == after.start || at == exit {
            return Err(format!("{} at {at}: the start or the exit", s.name));
        }
        if let Some(v) = after.vaults.iter().find(|v| v.contains(at)) {
            return Err(format!("{} at {at} in vault {}", s.name, v.name));
        }
        if !seen.insert(at) {
            return Err(format!("two things at {at}"));
        }
        let Some(entry) = table.get(&s.name) else {
            return Err(format!("{} is not in the table", s.name));
        };
        if entry.kind != s.kind || entry.weight.at(depth) == 0 {
            return Err(format!(
                "{} ({}) has weight 0 at depth {depth} or another kind",
                s.name, s.kind
            ));
        }
    }
    // Per place: within the counts, each entry within its max, no monster where the
    // player starts, and nothing outside every place.
    let found = places(before);
    let mut placed_somewhere = 0;
    for place in &found {
        let tiles: HashSet<Point> = place.tiles.iter().copied().collect();
        let here: Vec<_> = new.iter().filter(|s| tiles.contains(&s.at)).collect();
        placed_somewhere += here.len();
        for kind in SpawnKind::ALL {
            let count = here.iter().filter(|s| s.kind == kind).count() as u32;
            let most = table.most_per_place(kind, depth);
            if count > most {
                return Err(format!("{count} {kind}s in {:?}; at most {most}", place.of));
            }
            if kind == SpawnKind::Monster && count > 0 && tiles.contains(&before.start) {
                return Err(format!("a monster in the start's place {:?}", place.of));
            }
        }
        for entry in table.entries() {
            let count = here.iter().filter(|s| s.name == entry.name).count() as u32;
            if entry.max_per_place.is_some_and(|max| count > max) {
                return Err(format!("{count} {} in {:?}", entry.name, place.of));
            }
        }
    }
    // Per level: within the budget.
    for kind in SpawnKind::ALL {
        let count = new.iter().filter(|s| s.kind == kind).count() as u32;
        if let Some(budget) = table.most_per_level(kind, depth)
            && count > budget
        {
            return Err(format!("{count} {kind}s on the level; at most {budget}"));
        }
    }
    if placed_somewhere != new.len() {
        return Err(format!(
            "{} things outside every place (or in two)",
            new.len() - placed_somewhere
        ));
    }
    Ok(())
}

/// The things placing `table` adds to `dungeon`, by the rule before budgets, written out
/// here as it was (`SpawnTable::place` of mapgen 0.2.0): each place in order draws its
/// count of monsters (none where the player starts), takes them, then the same for items;
/// a thing's entry by weight among those the place may still take, its tile swap-removed
/// at a uniform index from the place's free tiles, listed when the place first draws.
fn placed_by_the_old_rule(
    table: &SpawnTable,
    dungeon: &Dungeon,
    depth: u32,
    rng: &mut DungeonRng,
) -> Vec<Spawn> {
    let mut taken: HashSet<Point> = dungeon.spawns.iter().map(|s| s.at).collect();
    taken.extend([dungeon.start, dungeon.exit()]);
    let free = |taken: &HashSet<Point>, p: Point| {
        dungeon.map.tile(p) == Tile::FLOOR
            && !taken.contains(&p)
            && !dungeon.vaults.iter().any(|v| v.contains(p))
    };
    let mut new = Vec::new();
    for place in places(dungeon) {
        let mut placed_here = vec![0u32; table.entries().len()];
        let (mut tiles, mut listed) = (Vec::new(), false);
        for kind in SpawnKind::ALL {
            let most = match kind {
                SpawnKind::Monster if place.tiles.contains(&dungeon.start) => 0,
                _ => table.most_per_place(kind, depth),
            };
            let count = rng.range_inclusive(0, most as i32);
            if count > 0 && !listed {
                tiles = place
                    .tiles
                    .iter()
                    .copied()
                    .filter(|&p| free(&taken, p))
                    .collect();
                listed = true;
            }
            for _ in 0..count {
                if tiles.is_empty() {
                    break;
                }
                let weights: Vec<u32> = table
                    .entries()
                    .iter()
                    .zip(&placed_here)
                    .map(|(e, &n)| {
                        let room_left = e.max_per_place.is_none_or(|max| n < max);
                        if e.kind == kind && room_left {
                            e.weight.at(depth)
                        } else {
                            0
                        }
                    })
                    .collect();
                let Some(entry) = rng.weighted_index(&weights) else {
                    break;
                };
                let mut at = None;
                while !tiles.is_empty() {
                    let p = tiles.swap_remove(rng.below(tiles.len() as u32) as usize);
                    if taken.insert(p) {
                        at = Some(p);
                        break;
                    }
                }
                let Some(at) = at else {
                    break;
                };
                placed_here[entry] += 1;
                new.push(Spawn::new(table.entries()[entry].name.clone(), kind, at));
            }
        }
    }
    new
}

/// How many of `tiles` a 4-connected walk from the first reaches without leaving them.
fn reach(tiles: &[Point]) -> usize {
    let inside: HashSet<Point> = tiles.iter().copied().collect();
    let mut reached = vec![tiles[0]];
    let mut seen: HashSet<Point> = reached.iter().copied().collect();
    let mut next = 0;
    while let Some(&p) = reached.get(next) {
        next += 1;
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let q = Point::new(p.x + dx, p.y + dy);
            if inside.contains(&q) && seen.insert(q) {
                reached.push(q);
            }
        }
    }
    reached.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The rules hold (and again when a second table is placed after the first), the same
    /// seed, depth and table give the same things, and the dungeon is otherwise untouched.
    #[test]
    fn every_rule_holds_on_every_generator(
        kind in generator(),
        seed in any::<u64>(),
        depth in 1u32..=12,
        vaults in 0u32..=3,
        table in table(),
        second in table(),
    ) {
        let (before, rng) = dungeon(kind, seed, vaults);
        let mut after = before.clone();
        let mut first_rng = rng.clone();
        let placed = table.place(&mut after, depth, &mut first_rng).unwrap();
        prop_assert_eq!(placed, after.spawns.len());
        if let Err(broken) = check_rules(&before, &after, &table, depth) {
            return Err(TestCaseError::fail(format!("{kind} seed {seed} depth {depth}: {broken}\n{table}")));
        }
        let mut again = before.clone();
        table.place(&mut again, depth, &mut rng.clone()).unwrap();
        prop_assert_eq!(&again, &after);
        let mut twice = after.clone();
        second.place(&mut twice, depth, &mut first_rng).unwrap();
        if let Err(broken) = check_rules(&after, &twice, &second, depth) {
            return Err(TestCaseError::fail(format!("{kind} seed {seed} depth {depth}, second table: {broken}")));
        }
    }

    /// A table without `level` lines places exactly what the rule before budgets placed,
    /// and leaves the stream where it left it; a second table too.
    #[test]
    fn without_a_budget_the_old_rule_holds(
        kind in generator(),
        seed in any::<u64>(),
        depth in 1u32..=12,
        vaults in 0u32..=3,
        table in unbudgeted_table(),
        second in unbudgeted_table(),
    ) {
        let (mut dungeon, rng) = dungeon(kind, seed, vaults);
        let (mut new_rng, mut old_rng) = (rng.clone(), rng);
        for table in [table, second] {
            let old = placed_by_the_old_rule(&table, &dungeon, depth, &mut old_rng);
            let before = dungeon.spawns.len();
            table.place(&mut dungeon, depth, &mut new_rng).unwrap();
            prop_assert_eq!(&dungeon.spawns[before..], &old[..], "{} seed {} depth {}", kind, seed, depth);
            prop_assert_eq!(new_rng.next_u32(), old_rng.next_u32());
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Places lie in the map on walkable tiles and never share one; rooms are the rooms'
    /// floors, grid rooms the grid's rooms, areas connected and of bounded size.
    #[test]
    fn places_partition_what_they_cover(kind in generator(), seed in any::<u64>(), vaults in 0u32..=3) {
        let (dungeon, _) = dungeon(kind, seed, vaults);
        let found = places(&dungeon);
        let mut owner: HashSet<Point> = HashSet::new();
        for place in &found {
            for &p in &place.tiles {
                prop_assert!(dungeon.map.is_walkable(p), "{kind} {seed}: {p} is not walkable");
                prop_assert!(owner.insert(p), "{kind} {seed}: {p} in two places");
            }
            match place.of {
                PlaceOf::Room(i) => {
                    let floor: Vec<Point> = dungeon.rooms[i].inner_cells().collect();
                    prop_assert_eq!(&place.tiles, &floor);
                }
                PlaceOf::GridRoom(i) => {
                    let grid = dungeon.room_grid().unwrap();
                    prop_assert!(place.tiles.iter().all(|&p| grid.room_index_at_tile(p) == Some(i)));
                }
                PlaceOf::Area => {
                    prop_assert!((MIN_AREA_TILES..=AREA_TILES).contains(&place.tiles.len()));
                    let reached = reach(&place.tiles);
                    prop_assert_eq!(reached, place.tiles.len(), "{} {}: an area is not connected", kind, seed);
                }
                _ => prop_assert!(false, "a new kind of place"),
            }
        }
        // Where there are no rooms, areas cover most of the floor.
        if dungeon.rooms.is_empty() && dungeon.room_grid().is_none() {
            let walkable = dungeon.map.tiles().iter().filter(|t| t.walkable).count();
            prop_assert!(owner.len() * 10 >= walkable * 7, "{kind} {seed}: areas cover {} of {walkable}", owner.len());
        }
    }

    /// The printer writes what the parser reads back, for any table.
    #[test]
    fn printed_tables_read_back(text in table_text()) {
        let table = SpawnTable::parse("random", &text).unwrap();
        let printed = table.to_string();
        prop_assert_eq!(SpawnTable::parse("printed", &printed).unwrap(), table.clone());
        prop_assert_eq!(table.fingerprint(), SpawnTable::parse("again", &text).unwrap().fingerprint());
    }
}

/// The built-in table's promise, over 100 seeds of every generator: deeper levels have
/// more things, and their monsters are tougher (further down the table's list, which
/// goes from the weakest to the strongest).
#[test]
fn the_builtin_table_gives_more_and_tougher_things_deeper() {
    let table = SpawnTable::builtin();
    let toughness = |name: &str| {
        let at = table.entries().iter().position(|e| e.name == name);
        u32::try_from(at.unwrap()).unwrap()
    };
    for &kind in GeneratorKind::ALL {
        let mut rows = Vec::new();
        for depth in [1, 3, 5, 8] {
            let (mut count, mut monsters, mut tough) = (0, 0u32, 0u32);
            for seed in 0..100 {
                let (mut dungeon, mut rng) = dungeon(kind, seed, 0);
                table.place(&mut dungeon, depth, &mut rng).unwrap();
                count += dungeon.spawns.len();
                for s in dungeon
                    .spawns
                    .iter()
                    .filter(|s| s.kind == SpawnKind::Monster)
                {
                    monsters += 1;
                    tough += toughness(&s.name);
                }
            }
            rows.push((depth, count, f64::from(tough) / f64::from(monsters.max(1))));
        }
        for pair in rows.windows(2) {
            let ((d0, n0, t0), (d1, n1, t1)) = (pair[0], pair[1]);
            assert!(
                n1 > n0,
                "{kind}: {n1} things at depth {d1}, {n0} at depth {d0}"
            );
            assert!(
                t1 > t0,
                "{kind}: toughness {t1:.2} at depth {d1}, {t0:.2} at depth {d0}"
            );
        }
    }
}

/// A budget spreads over the level: over 50 seeds of every generator that makes many
/// places, the things in the second half of the places are about as many as in the
/// first (filling places in order until the budget is spent would leave the second half
/// nearly empty).
#[test]
fn a_budget_spreads_over_the_places() {
    let text = format!(
        "{}level monsters 1:8\nlevel items 1:4\n",
        SpawnTable::builtin()
    );
    let table = SpawnTable::parse("budget", &text).unwrap();
    for &kind in GeneratorKind::ALL {
        let (mut first, mut second, mut most) = (0u32, 0u32, 0usize);
        for seed in 0..50 {
            let (mut dungeon, mut rng) = dungeon(kind, seed, 0);
            let found: Vec<Place> = places(&dungeon);
            let half = found.len() / 2;
            let placed = table.place(&mut dungeon, 1, &mut rng).unwrap();
            most = most.max(placed);
            for s in &dungeon.spawns {
                let at = found.iter().position(|p| p.tiles.contains(&s.at)).unwrap();
                *(if at < half { &mut first } else { &mut second }) += 1;
            }
        }
        assert!(most <= 12, "{kind}: {most} things on a level");
        if first + second >= 300 {
            let ratio = f64::from(second) / f64::from(first);
            assert!(
                (0.6..=1.6).contains(&ratio),
                "{kind}: {first} things in the first half of the places, {second} in the second"
            );
        }
    }
}

/// Every generator's dungeon gets things at depth 1 from the built-in table, the isaac
/// floors and the other grids included.
#[test]
fn every_generator_gets_things() {
    for &kind in GeneratorKind::ALL {
        let total: usize = (0..20)
            .map(|seed| {
                let (mut dungeon, mut rng) = dungeon(kind, seed, 0);
                SpawnTable::builtin()
                    .place(&mut dungeon, 1, &mut rng)
                    .unwrap()
            })
            .sum();
        assert!(total >= 20, "{kind}: {total} things in 20 dungeons");
    }
}
