//! Locks and keys on every generator's dungeons, checked by playing them: a solver walks
//! from the start (eight ways, as the region graph's links are), picks up each key it
//! reaches and opens a door once it holds its key. Over thousands of seeds and random
//! sizes, with and without vaults: every lock opens and every walkable tile is reached;
//! each door shuts something off; no key lies behind its own door; the keys come in
//! order; the exit is behind the last door. What each generator reaches at its default
//! size: the share of seeds with 3 locks.

use std::collections::{BTreeSet, VecDeque};

use mapgen::generators::grid::{LinkKind, RoomGrid};
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::graph::RegionGraph;
use mapgen::locks::{
    Lock, LockError, Locks, Shortfall, place_locks, place_seeded_locks, stream_seed,
};
use mapgen::{Dungeon, DungeonRng, Map, Point, Tile};
use proptest::prelude::*;

use crate::common::{generated_with_vaults, sized_generator};

/// What a play reached.
struct Played {
    /// Each tile of the map: reached.
    reached: Vec<bool>,
    /// The locks in the order their keys were picked up.
    keys: Vec<usize>,
}

/// The tiles `start` reaches, eight ways, never onto a `shut` tile.
fn reach(map: &Map, start: Point, shut: &BTreeSet<Point>) -> Vec<bool> {
    play(map, start, &[], shut).reached
}

/// Plays `locks` on `map` from `start`: a breadth-first walk over walkable tiles, eight
/// ways, never onto a `shut` tile nor onto a door whose key is not held; a key is picked
/// up when its tile is reached, and a door touched before is then walked through.
fn play(map: &Map, start: Point, locks: &[Lock], shut: &BTreeSet<Point>) -> Played {
    let mut reached = vec![false; map.tiles().len()];
    let mut have = vec![false; locks.len()];
    let mut touched = vec![false; locks.len()];
    let mut keys = Vec::new();
    let mut queue = VecDeque::new();
    let arrive = |p: Point, queue: &mut VecDeque<Point>, reached: &mut Vec<bool>| {
        let i = map.index(p).unwrap();
        if !reached[i] {
            reached[i] = true;
            queue.push_back(p);
        }
    };
    arrive(start, &mut queue, &mut reached);
    while let Some(p) = queue.pop_front() {
        if let Some(lock) = locks.iter().find(|l| l.key == p)
            && !std::mem::replace(&mut have[lock.id], true)
        {
            keys.push(lock.id);
            if touched[lock.id] {
                arrive(lock.door, &mut queue, &mut reached);
            }
        }
        for q in p.neighbours8() {
            if !map.is_walkable(q) || shut.contains(&q) {
                continue;
            }
            match locks.iter().find(|l| l.door == q) {
                Some(lock) if !have[lock.id] => touched[lock.id] = true,
                _ => arrive(q, &mut queue, &mut reached),
            }
        }
    }
    Played { reached, keys }
}

/// The tiles of an `isaac` floor's own locked and secret doors.
fn own_doors(dungeon: &Dungeon) -> BTreeSet<Point> {
    let Some(grid) = dungeon.room_grid() else {
        return BTreeSet::new();
    };
    grid.links()
        .iter()
        .filter(|l| l.kind != LinkKind::Open)
        .filter_map(|l| Some(grid.door_tile(l.a, l.side()?)))
        .collect()
}

/// Every promise of `locks` on `dungeon`, or the first broken one.
fn check_locks(dungeon: &Dungeon, graph: &RegionGraph, locks: &Locks) -> Result<(), String> {
    if !locks.walled.is_empty() {
        return Err(format!("place_locks walled {:?}", locks.walled));
    }
    check_walled_locks(dungeon, dungeon, graph, locks)
}

/// Every promise of `locks`, placed on `given` (whose graph is `graph`) and played on
/// `dungeon`, which is `given` with the tiles `locks.walled` walled up; or the first
/// broken one. The door's link cuts the graph of `dungeon` too.
fn check_walled_locks(
    given: &Dungeon,
    dungeon: &Dungeon,
    graph: &RegionGraph,
    locks: &Locks,
) -> Result<(), String> {
    let map = &dungeon.map;
    let (start, exit) = (dungeon.start, locks.exit);
    // The walls: walkable tiles made wall, nothing else changed, none a door or key.
    for (p, tile) in given.map.iter() {
        let walled = locks.walled.contains(&p);
        let expected = if walled { Tile::WALL } else { tile };
        if walled && !tile.walkable {
            return Err(format!("walled {p}, which was not walkable"));
        }
        if map.tile(p) != expected {
            return Err(format!(
                "tile {p} is {:?}, {expected:?} expected",
                map.tile(p)
            ));
        }
    }
    // The links walled up: those whose one tile is walled.
    let gone: BTreeSet<usize> = (0..graph.links().len())
        .filter(|&l| matches!(graph.link_tiles(l), [t] if locks.walled.contains(t)))
        .collect();
    if gone.len() < locks.walled.len() {
        return Err(format!("walled {:?}, not all one-tile links", locks.walled));
    }
    // A planned exit stays; any other is a walkable tile (the farthest over the graph,
    // or moved where more locks fit), reached below.
    let planned = given.room_grid().and_then(RoomGrid::planned_exit);
    let exit_was = planned.unwrap_or(exit);
    if exit != exit_was || !map.is_walkable(exit) {
        return Err(format!("the exit moved from {exit_was} to {exit}"));
    }
    let n = locks.locks.len();
    if (n < locks.asked) != locks.shortfall.is_some() || n > locks.asked {
        return Err(format!(
            "{n} of {} placed, shortfall {:?}",
            locks.asked, locks.shortfall
        ));
    }
    let walkable: Vec<bool> = map.tiles().iter().map(|t| t.walkable).collect();
    let at = |p: Point| map.index(p).unwrap();
    let own = own_doors(dungeon);
    let none = BTreeSet::new();
    let mut key_nodes = BTreeSet::new();
    for (i, lock) in locks.locks.iter().enumerate() {
        if lock.id != i {
            return Err(format!("lock {i} has id {}", lock.id));
        }
        if graph.link_tiles(lock.link) != [lock.door] {
            return Err(format!(
                "lock {i}: door {} is not the one tile of link {}",
                lock.door, lock.link
            ));
        }
        if own.is_empty() && !cuts(graph, lock.link, &gone) {
            return Err(format!(
                "lock {i}: link {} does not cut the graph (without the walled links {gone:?})",
                lock.link
            ));
        }
        if map.tile(lock.key) != Tile::FLOOR || [start, exit].contains(&lock.key) {
            return Err(format!(
                "lock {i}: key on {} ({:?})",
                lock.key,
                map.tile(lock.key)
            ));
        }
        if locks.locks.iter().any(|l| l.door == lock.key) {
            return Err(format!("lock {i}: key on a door"));
        }
        if !key_nodes.insert(graph.node_at(lock.key)) {
            return Err(format!("lock {i}: key in the node of another key"));
        }
        // Alone, the door shuts something off, but not its own key.
        let alone = reach(map, start, &BTreeSet::from([lock.door]));
        let lost = (0..walkable.len()).any(|t| walkable[t] && !alone[t] && t != at(lock.door));
        if !lost {
            return Err(format!(
                "lock {i}: its door at {} shuts nothing off",
                lock.door
            ));
        }
        if !alone[at(lock.key)] {
            return Err(format!(
                "lock {i}: its key at {} is behind its door",
                lock.key
            ));
        }
        // Doors i.. shut (and the floor's own): key i is reached, key i + 1 and the exit
        // are not.
        let mut shut = own.clone();
        shut.extend(locks.locks[i..].iter().map(|l| l.door));
        let so_far = reach(map, start, &shut);
        if !so_far[at(lock.key)] {
            return Err(format!("lock {i}: key not reached through doors 0..{i}"));
        }
        if let Some(next) = locks.locks.get(i + 1)
            && so_far[at(next.key)]
        {
            return Err(format!("key {} reached before door {i} opens", i + 1));
        }
        if so_far[at(exit)] {
            return Err(format!("the exit is reached with door {i} shut"));
        }
    }
    // The exit is behind the last door.
    if let Some(last) = locks.locks.last()
        && reach(map, start, &BTreeSet::from([last.door]))[at(exit)]
    {
        return Err(format!(
            "the exit {exit} is not behind the last door {}",
            last.door
        ));
    }
    // Played from the start: the keys in order, every door open, every tile reached (with
    // the floor's own doors open; with them shut, every key and the exit still).
    let all = play(map, start, &locks.locks, &none);
    if all.keys != (0..n).collect::<Vec<_>>() {
        return Err(format!("keys picked up in the order {:?}", all.keys));
    }
    if let Some(t) = (0..walkable.len()).find(|&t| walkable[t] && !all.reached[t]) {
        return Err(format!("tile {t} never reached"));
    }
    let shut = play(map, start, &locks.locks, &own);
    if shut.keys.len() != n || !shut.reached[at(exit)] {
        return Err(format!(
            "with the floor's own doors shut: keys {:?}, exit reached {}",
            shut.keys,
            shut.reached[at(exit)]
        ));
    }
    Ok(())
}

/// True when `link` of `graph` cuts it once the links `gone` are taken out too: its two
/// nodes are then apart.
fn cuts(graph: &RegionGraph, link: usize, gone: &BTreeSet<usize>) -> bool {
    let (a, b) = (graph.links()[link].a, graph.links()[link].b);
    let mut seen = vec![false; graph.nodes().len()];
    seen[a] = true;
    let mut stack = vec![a];
    while let Some(n) = stack.pop() {
        for (other, l) in graph.neighbours(n) {
            if l != link && !gone.contains(&l) && !std::mem::replace(&mut seen[other], true) {
                stack.push(other);
            }
        }
    }
    !seen[b]
}

/// The locks of `dungeon` for `count` and `seed`.
fn locks_of(dungeon: &Dungeon, graph: &RegionGraph, count: usize, seed: u64) -> Locks {
    place_locks(dungeon, graph, count, &mut DungeonRng::new(seed)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Every promise, on every generator, random sizes, seeds and counts, some with vaults;
    /// the same call, the same locks.
    #[test]
    fn every_promise_holds_on_every_generator(
        kind in proptest::sample::select(GeneratorKind::ALL),
        pick in any::<u32>(),
        seed in any::<u64>(),
        count in prop_oneof![1 => 0usize..=1, 4 => 2usize..=4, 1 => 5usize..=12],
        vaults in prop_oneof![3 => Just(0u32), 1 => 1u32..=6],
    ) {
        let generator = sized_generator(kind, pick);
        let Some(dungeon) = generated_with_vaults(&generator, seed, vaults) else { return Ok(()) };
        let graph = RegionGraph::of(&dungeon);
        let locks = locks_of(&dungeon, &graph, count, seed);
        if let Err(broken) = check_locks(&dungeon, &graph, &locks) {
            return Err(TestCaseError::fail(format!(
                "{generator:?} seed {seed}, {vaults} vaults, {count} locks: {broken}\n{:?}\n{}",
                locks, dungeon.map
            )));
        }
        prop_assert_eq!(&locks_of(&dungeon, &graph, count, seed), &locks);
        // As `mapgen generate --locks` and the game place them (`place_seeded_locks`,
        // walling loops, from the seed's lock stream): every promise on the walled
        // dungeon, never fewer locks than placed as it is.
        let mut walled = dungeon.clone();
        let more = place_seeded_locks(&mut walled, seed, count).unwrap();
        if let Err(broken) = check_walled_locks(&dungeon, &walled, &graph, &more) {
            return Err(TestCaseError::fail(format!(
                "walling, {generator:?} seed {seed}, {vaults} vaults, {count} locks: {broken}\n{:?}\n{}\n{}",
                more, dungeon.map, walled.map
            )));
        }
        let mut again = dungeon.clone();
        prop_assert_eq!(&place_seeded_locks(&mut again, seed, count).unwrap(), &more);
        prop_assert_eq!(&again, &walled);
        let as_it_is = locks_of(&dungeon, &graph, count, stream_seed(seed));
        prop_assert!(more.locks.len() >= as_it_is.locks.len());
        if more.walled.is_empty() {
            prop_assert_eq!(&more, &as_it_is);
        }
    }
}

/// The share of seeds 0 to 499 (`wfc`: 0 to 19) on which each generator at its default
/// settings gets 3 locks from the seed's lock stream, placed as the dungeon is
/// (`place_locks`) and as `mapgen generate --locks 3` and the game place them
/// (`place_seeded_locks`, walling up loops), with how many tiles that walls; at least
/// 90 % for the generators of rooms joined by doors or corridors as the product places
/// them. Placed as they are, the tutorial's rooms, whose corridors cross so often that a
/// quarter of its dungeons have fewer than 3 links that cut the graph at all, reach 60 %.
/// The caves and open maps are shown, not bound (docs/locks.md has the table).
#[test]
fn share_of_seeds_with_three_locks() {
    // (generator, as placed, as the product places them)
    let floors = [
        (GeneratorKind::Rooms, 60, 90),
        (GeneratorKind::Grid, 90, 90),
        (GeneratorKind::Isaac, 90, 90),
        (GeneratorKind::Bsp, 90, 90),
        (GeneratorKind::BspInterior, 90, 90),
        (GeneratorKind::Maze, 90, 90),
        (GeneratorKind::RoomsAndMazes, 90, 90),
        (GeneratorKind::Wfc, 90, 90),
    ];
    for &kind in GeneratorKind::ALL {
        let generator = Generator::with_defaults(kind);
        let seeds = if kind == GeneratorKind::Wfc { 20 } else { 500 };
        let (mut full, mut full_walled, mut walled, mut walling) = (0, 0, 0, 0);
        for seed in 0..seeds {
            let mut dungeon = generator.generate(seed).unwrap();
            let graph = RegionGraph::of(&dungeon);
            let as_it_is = locks_of(&dungeon, &graph, 3, stream_seed(seed));
            full += usize::from(as_it_is.locks.len() == 3);
            let more = place_seeded_locks(&mut dungeon, seed, 3).unwrap();
            full_walled += usize::from(more.locks.len() == 3);
            walled += more.walled.len();
            walling += usize::from(!more.walled.is_empty());
        }
        let percent = |n: usize| 100 * n / seeds as usize;
        println!(
            "{kind}: 3 locks on {full} of {seeds} seeds ({} %); as the product places them on {full_walled} ({} %), {walled} tiles walled on {walling} seeds",
            percent(full),
            percent(full_walled)
        );
        if let Some(&(_, floor, walled_floor)) = floors.iter().find(|(k, _, _)| *k == kind) {
            assert!(
                percent(full) >= floor,
                "{kind}: 3 locks on {full} of {seeds} seeds, below {floor} %"
            );
            assert!(
                percent(full_walled) >= walled_floor,
                "{kind}: as the product places them, 3 locks on {full_walled} of {seeds} seeds, below {walled_floor} %"
            );
        }
    }
}

/// Zero asked: nothing placed, no shortfall; a graph of another map and a start on a wall
/// are refused; a dungeon without cuts says so.
#[test]
fn refusals_and_shortfalls() {
    let dungeon = Generator::with_defaults(GeneratorKind::Grid)
        .generate(1)
        .unwrap();
    let graph = RegionGraph::of(&dungeon);
    let none = locks_of(&dungeon, &graph, 0, 1);
    assert_eq!((none.locks.len(), none.asked, none.shortfall), (0, 0, None));

    let other = Generator::with_defaults(GeneratorKind::Maze)
        .generate(1)
        .unwrap();
    let err = place_locks(
        &dungeon,
        &RegionGraph::of(&other),
        1,
        &mut DungeonRng::new(1),
    )
    .unwrap_err();
    assert!(matches!(err, LockError::GraphSize { .. }), "{err}");
    assert!(
        err.to_string().contains("give the graph of this dungeon"),
        "{err}"
    );

    // One room: nothing to cut.
    let map = Map::from_ascii("#######\n#.....#\n#.....#\n#######\n").unwrap();
    let room = Dungeon::new(map.clone(), Point::new(1, 1));
    let locks = locks_of(&room, &RegionGraph::of(&room), 2, 0);
    assert_eq!(
        (locks.locks.len(), locks.shortfall),
        (0, Some(Shortfall::NoCut))
    );
    let walled = Dungeon::new(map, Point::new(0, 0));
    let err = place_locks(
        &walled,
        &RegionGraph::of(&walled),
        2,
        &mut DungeonRng::new(0),
    )
    .unwrap_err();
    assert_eq!(err, LockError::StartNotWalkable { x: 0, y: 0 });
}

/// A corridor of rooms made by hand: the doors are the corridors' first tiles, keys in
/// the rooms before them, the exit in the last room.
#[test]
fn a_row_of_rooms() {
    let map = Map::from_ascii(
        "#################\n\
         #...#...#...#...#\n\
         #...+...+...+...#\n\
         #...#...#...#...#\n\
         #################\n",
    )
    .unwrap();
    let rooms = (0..4).map(|i| mapgen::Rect::new(4 * i, 0, 4, 4)).collect();
    let dungeon = Dungeon::new(map, Point::new(1, 2)).with_rooms(rooms);
    assert_eq!(dungeon.exit(), Point::new(15, 1));
    let graph = RegionGraph::of(&dungeon);
    for seed in 0..20 {
        let locks = locks_of(&dungeon, &graph, 5, seed);
        check_locks(&dungeon, &graph, &locks).unwrap();
        let doors: Vec<Point> = locks.locks.iter().map(|l| l.door).collect();
        assert_eq!(
            doors,
            [(4, 2), (8, 2), (12, 2)].map(Point::from),
            "seed {seed}"
        );
        for (i, lock) in locks.locks.iter().enumerate() {
            assert_eq!(lock.key.x / 4, i as i32, "seed {seed}: key {i} in room {i}");
        }
        assert_eq!(locks.shortfall, Some(Shortfall::NoCut));
    }
}
