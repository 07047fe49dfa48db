//! Isaac's rules, checked over thousands of seeds, every stage, XL or not. Each check is
//! written beside the sentence of the source it comes from (quoted, with its address);
//! docs/grid-of-rooms.md's Isaac section lists the decisions where the sources are silent.
//!
//! Sources:
//! - WIKI: <https://bindingofisaacrebirth.fandom.com/wiki/Level_Generation> (and its
//!   pseudo-code, <https://bindingofisaacrebirth.gamepedia.com/Level_Generation>)
//! - TALK: <https://bindingofisaacrebirth.fandom.com/wiki/Talk:Level_Generation>
//! - BORIS: <https://www.boristhebrave.com/2020/09/12/dungeon-generation-in-binding-of-isaac/>
//! - ISSUE: issue 18, which asks for these tests.

use crate::common;

use std::collections::{BTreeSet, VecDeque};

use mapgen::generators::Generate;
use mapgen::generators::grid::{
    Doors, GridSettings, LinkKind, RoomCell, RoomGrid, RoomKind, RoomShape, Side,
};
use mapgen::generators::isaac::IsaacSettings;
use mapgen::{Dungeon, DungeonRng, Point, Tile};
use proptest::prelude::*;

/// Any valid settings; rooms small so that thousands of floors stay quick (the tiles are
/// checked at every size, the default in the snapshots).
fn settings() -> impl Strategy<Value = IsaacSettings> {
    (
        1..=IsaacSettings::MAX_STAGE,
        any::<bool>(),
        3..=17i32,
        3..=11i32,
    )
        .prop_map(|(stage, xl, room_width, room_height)| IsaacSettings {
            stage,
            xl,
            room_width,
            room_height,
        })
}

fn floor(s: &IsaacSettings, seed: u64) -> Result<Dungeon, TestCaseError> {
    s.generate(seed)
        .map_err(|e| TestCaseError::fail(format!("{s:?} seed {seed}: {e}")))
}

fn grid(d: &Dungeon) -> &RoomGrid {
    d.room_grid().expect("an isaac floor has a room grid")
}

fn kinds(grid: &RoomGrid, kind: RoomKind) -> Vec<usize> {
    (0..grid.rooms().len())
        .filter(|&i| grid.rooms()[i].kind == kind)
        .collect()
}

/// The rooms beside room `i` (any of its cells, any side), each once.
fn rooms_beside(grid: &RoomGrid, i: usize) -> BTreeSet<usize> {
    grid.rooms()[i]
        .cells()
        .flat_map(|c| Side::ALL.map(|s| grid.room_index(c.neighbour(s))))
        .flatten()
        .filter(|&j| j != i)
        .collect()
}

/// How many doors room `i` has.
fn door_count(grid: &RoomGrid, i: usize) -> usize {
    grid.links()
        .iter()
        .filter(|l| grid.room_index(l.a) == Some(i) || grid.room_index(l.b) == Some(i))
        .count()
}

/// The extra room drawn for the quota: the third draw of the floor's stream, after the
/// two of the floor's seed.
fn quota_of(s: &IsaacSettings, seed: u64) -> u32 {
    let mut rng = DungeonRng::new(seed);
    rng.next_u32();
    rng.next_u32();
    s.quota(rng.below(2))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    // WIKI pseudo-code: "NumberOfRooms = Min(20, Rand(0, 1) + 5 + Floor(StageId * 10 / 3))",
    // "if CurseOfTheLabyrinth then NumberOfRooms = Min(45, Floor(NumberOfRooms * 1.8))".
    // WIKI pseudo-code: "MinDeadEnds = 5 / if StageId ~= 1 then MinDeadEnds += 1 / if
    // CurseOfTheLabyrinth then MinDeadEnds += 1".
    #[test]
    fn the_quota_and_the_dead_end_minimum_are_met(s in settings(), seed in any::<u64>()) {
        let d = floor(&s, seed)?;
        let g = grid(&d);
        let secret = kinds(g, RoomKind::Secret).len();
        let second_boss = usize::from(s.xl);
        prop_assert_eq!(g.rooms().len() - secret - second_boss, quota_of(&s, seed) as usize);
        let dead_ends = (1..g.rooms().len())
            .filter(|&i| g.rooms()[i].kind != RoomKind::Secret && door_count(g, i) == 1)
            .count();
        prop_assert!(dead_ends >= s.min_dead_ends() as usize, "{} dead ends", dead_ends);
    }

    // BORIS: "With the exception of the secret room, there are no loops in the dungeon."
    // TALK: "Maps will not generate in ways that create 2x2 boxes of rooms." "Double,
    // quadruple, and L-shaped rooms count as a single room for this purpose".
    #[test]
    fn rooms_but_the_secret_room_form_a_tree_without_2x2_blocks(s in settings(), seed in any::<u64>()) {
        let d = floor(&s, seed)?;
        let g = grid(&d);
        let secret = kinds(g, RoomKind::Secret)[0];
        let tree_links: Vec<_> = g.links().iter()
            .filter(|l| g.room_index(l.b) != Some(secret))
            .collect();
        // Connected with one door fewer than rooms: a tree.
        prop_assert_eq!(tree_links.len(), g.rooms().len() - 2);
        let mut seen = vec![false; g.rooms().len()];
        seen[0] = true;
        let mut queue = VecDeque::from([0usize]);
        while let Some(i) = queue.pop_front() {
            for l in &tree_links {
                for (p, q) in [(l.a, l.b), (l.b, l.a)] {
                    if g.room_index(p) == Some(i) && let Some(j) = g.room_index(q) && !seen[j] {
                        seen[j] = true;
                        queue.push_back(j);
                    }
                }
            }
        }
        prop_assert_eq!(seen.iter().filter(|&&v| !v).count(), 1, "only the secret room is off the tree");
        // The non-secret rooms beside each other are exactly those a door joins: no
        // unlinked neighbours, so no hidden loop either.
        for i in 0..g.rooms().len() {
            if i == secret { continue; }
            let beside: BTreeSet<usize> = rooms_beside(g, i).into_iter().filter(|&j| j != secret).collect();
            let linked: BTreeSet<usize> = tree_links.iter()
                .filter_map(|l| match (g.room_index(l.a), g.room_index(l.b)) {
                    (Some(a), Some(b)) if a == i => Some(b),
                    (Some(a), Some(b)) if b == i => Some(a),
                    _ => None,
                })
                .collect();
            prop_assert_eq!(beside, linked, "room {}", i);
        }
        // ISSUE: "no 2x2 block of cells taken by four 1x1 rooms"; here stronger: a 2x2
        // block of cells of rooms other than the secret room holds at most two rooms.
        for row in 0..g.rows() - 1 {
            for col in 0..g.cols() - 1 {
                let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(dc, dr)| g.room_index(RoomCell::new(col + dc, row + dr)));
                if block.iter().all(|r| r.is_some_and(|r| r != secret)) {
                    let distinct: BTreeSet<_> = block.iter().flatten().collect();
                    prop_assert!(distinct.len() <= 2, "2x2 block at {},{}", col, row);
                }
            }
        }
    }

    // TALK: "There will always be at least 2 rooms connected to the start room."
    // ISSUE: "A 13x13 grid of cells, start in the centre."
    #[test]
    fn the_start_is_a_one_cell_room_in_the_centre_with_two_doors(s in settings(), seed in any::<u64>()) {
        let d = floor(&s, seed)?;
        let g = grid(&d);
        let start = &g.rooms()[0];
        prop_assert_eq!((g.cols(), g.rows()), (13, 13));
        prop_assert_eq!((start.kind, start.cell, start.shape()), (RoomKind::Start, RoomCell::new(6, 6), RoomShape::OneByOne));
        prop_assert_eq!(kinds(g, RoomKind::Start).len(), 1);
        prop_assert!(door_count(g, 0) >= 2);
        prop_assert_eq!(start.doors_from_start, 0);
    }

    // WIKI: "Special rooms are placed in order from the dead end farthest from the starting
    // room to the closest." Pseudo-code: "Boss room is placed in the farthest deadend,
    // super secret is placed in the next farthest deadend"; "DequeueDeadend also resizes
    // the deadend" (to 1x1). WIKI: "If it is an XL floor, two boss rooms will be generated
    // back to back." "Shop (guaranteed for the first 3 Chapters)." "Treasure Room
    // (guaranteed for the first 3 Chapters)." "If it is an XL floor, two Treasure Rooms
    // generate." "Chest, Dark Room, and The Void only generate Boss Rooms and Secret
    // Rooms/Super Secret Rooms".
    #[test]
    fn special_rooms_are_one_cell_dead_ends_farthest_first(s in settings(), seed in any::<u64>()) {
        let d = floor(&s, seed)?;
        let g = grid(&d);
        let count = |k| kinds(g, k).len();
        let xl = usize::from(s.xl);
        prop_assert_eq!(count(RoomKind::Boss), 1 + xl);
        prop_assert_eq!(count(RoomKind::SuperSecret), 1);
        prop_assert_eq!(count(RoomKind::Secret), 1);
        let shop = usize::from(s.stage <= 6);
        prop_assert_eq!(count(RoomKind::Shop), shop);
        prop_assert_eq!(count(RoomKind::Treasure), shop * (1 + xl));
        for kind in [RoomKind::Sacrifice, RoomKind::Dice, RoomKind::Library, RoomKind::Curse, RoomKind::Miniboss, RoomKind::Challenge, RoomKind::Arcade] {
            prop_assert!(count(kind) <= usize::from(s.stage <= 10), "{} on stage {}", kind, s.stage);
        }
        prop_assert!(count(RoomKind::Sacrifice) + count(RoomKind::Dice) <= 1);
        if s.stage % 2 == 1 {
            prop_assert_eq!(count(RoomKind::Arcade), 0, "arcades on even stages only");
        }
        // The floor ends in the boss room: the deepest room of all (the second boss on XL).
        let boss = g.boss().unwrap();
        prop_assert_eq!(boss.doors_from_start, g.rooms().iter().map(|r| r.doors_from_start).max().unwrap());
        prop_assert_eq!(door_count(g, kinds(g, RoomKind::Boss).last().copied().unwrap()), 1);
        // Every special room but the first boss of an XL floor is a one-cell dead end.
        let order = [RoomKind::Boss, RoomKind::SuperSecret, RoomKind::Shop, RoomKind::Treasure,
            RoomKind::Sacrifice, RoomKind::Dice, RoomKind::Library, RoomKind::Curse,
            RoomKind::Miniboss, RoomKind::Challenge, RoomKind::Arcade];
        let first_boss = kinds(g, RoomKind::Boss)[0];
        let mut placed: Vec<usize> = Vec::new();
        for kind in order {
            // Two of a kind (XL treasure rooms) in the order they were placed: farther first.
            let mut of_kind = kinds(g, kind);
            of_kind.sort_by_key(|&i| std::cmp::Reverse(g.rooms()[i].doors_from_start));
            for i in of_kind {
                prop_assert_eq!(g.rooms()[i].shape(), RoomShape::OneByOne);
                let doors = if s.xl && i == first_boss { 2 } else { 1 };
                prop_assert_eq!(door_count(g, i), doors, "{} room {}", kind, i);
                placed.push(i);
            }
        }
        // In the order above, each on a dead end no nearer the start than the next one's.
        // (The first boss of an XL floor counts at its own depth; the second is behind it.)
        let depth = |i: usize| g.rooms()[i].doors_from_start;
        let by_order: Vec<u32> = placed.iter().copied().filter(|&i| !(s.xl && i != first_boss && g.rooms()[i].kind == RoomKind::Boss)).map(depth).collect();
        prop_assert!(by_order.windows(2).all(|w| w[0] >= w[1]), "depths in placing order {:?}", by_order);
        // And every dead end left normal is no farther than any special room.
        let nearest_special = by_order.iter().copied().min().unwrap();
        for i in kinds(g, RoomKind::Normal) {
            if door_count(g, i) == 1 {
                prop_assert!(depth(i) <= nearest_special, "normal dead end {} at depth {}", i, depth(i));
            }
        }
    }

    // ISSUE: "The treasure room borders one room only."
    #[test]
    fn treasure_rooms_border_one_room(s in settings(), seed in any::<u64>()) {
        let d = floor(&s, seed)?;
        let g = grid(&d);
        for i in kinds(g, RoomKind::Treasure) {
            prop_assert_eq!(rooms_beside(g, i).len(), 1);
        }
    }

    // BORIS: the generator "searchs for an empty cell that is next to at least three rooms
    // and not next to any end rooms. If doesn't find one after 300 attempts, it loosens the
    // criteria a bit, and after 600 attempts loosens it even futher."
    // TALK: "Secret Rooms will never border Boss Rooms or Super Secret Rooms".
    // ISSUE: "Its doors are secret. The super secret room's one door is secret."
    #[test]
    fn one_secret_room_behind_secret_doors_beside_no_boss_and_no_dead_end(s in settings(), seed in any::<u64>()) {
        let d = floor(&s, seed)?;
        let g = grid(&d);
        let secret = kinds(g, RoomKind::Secret);
        prop_assert_eq!(secret.len(), 1);
        let secret = secret[0];
        let room = &g.rooms()[secret];
        prop_assert_eq!(room.shape(), RoomShape::OneByOne);
        let cell = room.cell;
        let taken_sides = Side::ALL.into_iter().filter(|&side| g.room_index(cell.neighbour(side)).is_some()).count();
        prop_assert!(taken_sides >= 1);
        // A secret door on every side that has a room beside it.
        prop_assert_eq!(g.cell_doors(cell).len(), taken_sides);
        for l in g.links() {
            let touches = g.room_index(l.a) == Some(secret) || g.room_index(l.b) == Some(secret);
            if touches {
                prop_assert_eq!(l.kind, LinkKind::Secret);
            }
        }
        for j in rooms_beside(g, secret) {
            prop_assert_ne!(g.rooms()[j].kind, RoomKind::Boss);
            prop_assert!(door_count(g, j) >= 2, "beside dead end {}", j);
        }
        let super_secret = kinds(g, RoomKind::SuperSecret)[0];
        prop_assert_eq!(door_count(g, super_secret), 1);
        let door = g.links().iter().find(|l| g.room_index(l.b) == Some(super_secret)).unwrap();
        prop_assert_eq!(door.kind, LinkKind::Secret);
        prop_assert_eq!(rooms_beside(g, super_secret).len(), 1);
    }

    // ISSUE: "Doors have a kind: open, locked (the shop; the treasure room from stage 2 on)
    // or secret." WIKI (Treasure Room): "From Basement 2 and on, this Room requires a key".
    // ISSUE: "every door joins two cells of two different rooms and appears on both".
    #[test]
    fn every_door_joins_two_rooms_is_on_both_and_has_its_kind(s in settings(), seed in any::<u64>()) {
        let d = floor(&s, seed)?;
        let g = grid(&d);
        for l in g.links() {
            let side = l.side();
            prop_assert!(side.is_some(), "{:?} not side by side", l);
            let (a, b) = (g.room_index(l.a).unwrap(), g.room_index(l.b).unwrap());
            prop_assert_ne!(a, b);
            prop_assert!(g.cell_doors(l.a).has(side.unwrap()));
            prop_assert!(g.cell_doors(l.b).has(side.unwrap().opposite()));
            let (ka, kb) = (g.rooms()[a].kind, g.rooms()[b].kind);
            let either = |k: RoomKind| ka == k || kb == k;
            let expected = if ka.is_secret() || kb.is_secret() {
                LinkKind::Secret
            } else if either(RoomKind::Shop) || either(RoomKind::Library) || either(RoomKind::Dice) || (s.stage >= 2 && either(RoomKind::Treasure)) {
                LinkKind::Locked
            } else {
                LinkKind::Open
            };
            prop_assert_eq!(l.kind, expected, "{} to {}", ka, kb);
        }
        // One door between two rooms at most (the secret room aside, which has one a side).
        let pairs: Vec<(usize, usize)> = g.links().iter()
            .map(|l| (g.room_index(l.a).unwrap(), g.room_index(l.b).unwrap()))
            .filter(|&(_, b)| g.rooms()[b].kind != RoomKind::Secret)
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        let distinct: BTreeSet<_> = pairs.iter().collect();
        prop_assert_eq!(distinct.len(), pairs.len());
        // A room's `doors` are those of its first cell.
        for r in g.rooms() {
            prop_assert_eq!(r.doors, g.cell_doors(r.cell));
        }
    }

    // ISSUE: "depth (doors from the start)".
    #[test]
    fn depths_count_doors_from_the_start(s in settings(), seed in any::<u64>()) {
        let d = floor(&s, seed)?;
        let g = grid(&d);
        let n = g.rooms().len();
        let mut depth = vec![u32::MAX; n];
        depth[0] = 0;
        let mut queue = VecDeque::from([0usize]);
        while let Some(i) = queue.pop_front() {
            for l in g.links().iter().filter(|l| l.kind != LinkKind::Secret || g.rooms()[g.room_index(l.b).unwrap()].kind == RoomKind::SuperSecret) {
                for (p, q) in [(l.a, l.b), (l.b, l.a)] {
                    if g.room_index(p) == Some(i) && let Some(j) = g.room_index(q) && g.rooms()[j].kind != RoomKind::Secret && depth[j] == u32::MAX {
                        depth[j] = depth[i] + 1;
                        queue.push_back(j);
                    }
                }
            }
        }
        let secret = kinds(g, RoomKind::Secret)[0];
        depth[secret] = rooms_beside(g, secret).iter().map(|&j| depth[j]).min().unwrap() + 1;
        let actual: Vec<u32> = g.rooms().iter().map(|r| r.doors_from_start).collect();
        prop_assert_eq!(actual, depth);
    }

    // ISSUE: "Tiles as for grid (rooms of --room-width x --room-height tiles ...; doors as
    // door tiles; a large room is one open space)"; "the tiles agree with the grid (a door
    // tile exactly where a link is)".
    #[test]
    fn the_tiles_agree_with_the_grid(s in settings(), seed in any::<u64>()) {
        let d = floor(&s, seed)?;
        common::check_generated(&s, seed, &d)?;
        let g = grid(&d);
        prop_assert_eq!((d.map.width(), d.map.height()), s.map_size());
        let link_tiles: BTreeSet<(i32, i32)> = g.links().iter()
            .map(|l| g.door_tile(l.a, l.side().unwrap()))
            .map(|p| (p.x, p.y))
            .collect();
        prop_assert_eq!(link_tiles.len(), g.links().len());
        let door_tiles: BTreeSet<(i32, i32)> = d.map.iter().filter(|&(_, t)| t == Tile::DOOR).map(|(p, _)| (p.x, p.y)).collect();
        prop_assert_eq!(door_tiles, link_tiles);
        // Every cell's inside is floor when a room holds it and wall when none does; the
        // wall between two cells of one room is open in its middle.
        for row in 0..g.rows() {
            for col in 0..g.cols() {
                let cell = RoomCell::new(col, row);
                let here = g.room_index(cell);
                let inner = g.outline(cell);
                for p in inner.inner_cells() {
                    prop_assert_eq!(d.map.is_walkable(p), here.is_some(), "cell {},{} tile {}", col, row, p);
                    prop_assert_eq!(g.room_index_at_tile(p), here);
                }
                for side in [Side::East, Side::South] {
                    if here.is_some() && here == g.room_index(cell.neighbour(side)) {
                        prop_assert_eq!(d.map.tile(g.door_tile(cell, side)), Tile::FLOOR);
                    }
                }
            }
        }
        // A 2x2 room is open in the middle too; an L keeps its inner corner.
        for r in g.rooms() {
            if matches!(r.shape(), RoomShape::TwoByTwo) || r.shape().is_l() {
                let origin = r.shape().box_origin(r.cell);
                let middle = g.outline(RoomCell::new(origin.col + 1, origin.row + 1));
                let corner = Point::new(middle.x1, middle.y1);
                prop_assert_eq!(d.map.is_walkable(corner), r.shape() == RoomShape::TwoByTwo);
            }
        }
        // The start stands in the start room; the rooms' rectangles list the rooms in order.
        prop_assert_eq!(g.room_index_at_tile(d.start), Some(0));
        prop_assert_eq!(d.rooms.len(), g.rooms().len());
        for (i, rect) in d.rooms.iter().enumerate() {
            prop_assert_eq!(g.room_index_at_tile(rect.center()), Some(i));
        }
    }

    // ISSUE: "Every room has its own seed, derived from the floor's seed and the room";
    // and a seed names a floor.
    #[test]
    fn rooms_have_their_own_seeds_and_a_seed_names_a_floor(s in settings(), seed in any::<u64>()) {
        let d = floor(&s, seed)?;
        let g = grid(&d);
        let seeds: BTreeSet<u64> = g.rooms().iter().map(|r| r.plan.unwrap().seed).collect();
        prop_assert_eq!(seeds.len(), g.rooms().len());
        common::same_dungeon_again(&s, seed, &d)?;
        // Cells and shapes agree with the index.
        for (i, r) in g.rooms().iter().enumerate() {
            for c in r.cells() {
                prop_assert_eq!(g.room_index(c), Some(i));
            }
        }
        let taken = (0..13).flat_map(|row| (0..13).map(move |col| RoomCell::new(col, row)))
            .filter(|&c| g.room_index(c).is_some())
            .count();
        prop_assert_eq!(taken, g.rooms().iter().map(|r| r.cells().count()).sum::<usize>());
    }

    // Settings from a user, any values: a floor, or an error naming the field.
    #[test]
    fn any_settings_give_a_floor_or_an_error_naming_the_field(
        stage in any::<u32>(), xl in any::<bool>(), room_width in any::<i32>(), room_height in any::<i32>(), seed in any::<u64>()
    ) {
        let s = IsaacSettings { stage: stage % 16, xl, room_width: room_width % 300, room_height: room_height % 300 };
        common::dungeon_or_named_error(&s, seed, &["stage", "room_width", "room_height"])?;
    }
}

// ISSUE: "every shape of large room appears over 2000 floors". TALK: "Double, quadruple,
// and L-shaped rooms count as a single room".
#[test]
fn every_shape_appears_over_2000_floors() {
    let mut seen = BTreeSet::new();
    let mut large_rooms = 0;
    for seed in 0..2000u64 {
        let s = IsaacSettings {
            stage: 1 + (seed % 12) as u32,
            xl: seed % 5 == 0,
            room_width: 5,
            room_height: 4,
        };
        let d = s.generate(seed).unwrap();
        for r in grid(&d).rooms() {
            seen.insert(r.shape());
            large_rooms += usize::from(r.shape() != RoomShape::OneByOne);
        }
    }
    assert_eq!(seen.len(), RoomShape::ALL.len(), "{seen:?}");
    assert!(large_rooms > 2000, "{large_rooms}");
}

/// Doors of a one-cell room are what its first cell's links say.
#[test]
fn grid_rooms_without_links_keep_their_doors() {
    let d = GridSettings::default().generate(3).unwrap();
    let g = d.room_grid().unwrap();
    assert!(g.links().is_empty());
    for r in g.rooms() {
        assert_eq!(g.cell_doors(r.cell), r.doors);
        assert_eq!(r.plan, None);
        assert_eq!(r.shape(), RoomShape::OneByOne);
    }
    assert_eq!(g.cell_doors(RoomCell::new(-1, 0)), Doors::EMPTY);
}
