//! Invariants of the grid-of-rooms generator over random settings and seeds.

use crate::common;

use mapgen::generators::Generate;
use mapgen::generators::grid::{
    DoorWeights, GridRoom, GridSettings, RoomCell, RoomGrid, RoomKind, Side,
};
use mapgen::{GenerateError, Tile};
use proptest::prelude::*;

fn weights() -> impl Strategy<Value = DoorWeights> {
    (0..=6u32, 0..=12u32, 0..=6u32, 0..=6u32, 0..=3u32)
        .prop_filter("some shape must grow", |(_, s, t, e, c)| s + t + e + c > 0)
        .prop_map(|(dead_end, straight, turn, tee, cross)| DoorWeights {
            dead_end,
            straight,
            turn,
            tee,
            cross,
        })
}

/// Valid settings with a room count the grid can usually hold.
fn settings() -> impl Strategy<Value = GridSettings> {
    (
        1..=12i32,
        1..=10i32,
        3..=15i32,
        3..=11i32,
        0..=3u32,
        weights(),
    )
        .prop_filter("two cells at least", |(c, r, ..)| c * r >= 2)
        .prop_flat_map(
            |(cols, rows, room_width, room_height, treasure_rooms, door_weights)| {
                let mut most = ((cols * rows) as u32 / 2).max(2);
                if door_weights.turn + door_weights.tee + door_weights.cross == 0 {
                    // Straight corridors only: rooms grow along the start's row and column.
                    most = most.min((cols + rows - 1) as u32);
                }
                (2..=most).prop_map(move |room_count| GridSettings {
                    cols,
                    rows,
                    room_width,
                    room_height,
                    room_count,
                    treasure_rooms: treasure_rooms.min((cols * rows) as u32),
                    door_weights,
                })
            },
        )
}

/// The dungeon, or `None` when the settings could not reach their room count (a
/// documented, named outcome); any other error fails the test.
fn grow(s: &GridSettings, seed: u64) -> Option<mapgen::Dungeon> {
    match s.generate(seed) {
        Ok(d) => Some(d),
        Err(GenerateError::GaveUp {
            generator: mapgen::generators::GeneratorKind::Grid,
            ..
        }) => None,
        Err(e) => panic!("{s:?}: {e}"),
    }
}

fn neighbour(grid: &RoomGrid, cell: RoomCell, side: Side) -> Option<&GridRoom> {
    grid.room_at(cell.neighbour(side))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn same_seed_same_dungeon(s in settings(), seed in any::<u64>()) {
        common::same_seed_same_result(&s, seed)?;
    }

    #[test]
    fn every_door_is_matched_and_none_leads_off_the_grid(s in settings(), seed in any::<u64>()) {
        let Some(d) = grow(&s, seed) else { return Ok(()) };
        let grid = d.room_grid().unwrap();
        for room in grid.rooms() {
            prop_assert!((0..grid.cols()).contains(&room.cell.col) && (0..grid.rows()).contains(&room.cell.row));
            for side in room.doors.sides() {
                let other = neighbour(grid, room.cell, side);
                prop_assert!(other.is_some(), "door {:?} of {:?} leads nowhere", side, room);
                prop_assert!(other.unwrap().doors.has(side.opposite()), "one-way door {:?} of {:?}", side, room);
            }
        }
    }

    #[test]
    fn rooms_are_distinct_counted_and_reachable_with_true_depths(s in settings(), seed in any::<u64>()) {
        let Some(d) = grow(&s, seed) else { return Ok(()) };
        let grid = d.room_grid().unwrap();
        prop_assert_eq!(grid.rooms().len(), s.room_count as usize);
        prop_assert_eq!(d.rooms.len(), grid.rooms().len());
        for (i, a) in grid.rooms().iter().enumerate() {
            prop_assert!(grid.rooms()[i + 1..].iter().all(|b| a.cell != b.cell));
            // A room's depth is one more than its shallowest neighbour's (start: 0).
            let through_doors = a.doors.sides().filter_map(|side| neighbour(grid, a.cell, side)).map(|n| n.doors_from_start + 1).min();
            if a.kind == RoomKind::Start {
                prop_assert_eq!(a.doors_from_start, 0);
            } else {
                prop_assert_eq!(Some(a.doors_from_start), through_doors, "{:?}", a);
            }
        }
    }

    #[test]
    fn start_in_the_middle_and_one_boss_at_the_greatest_depth(s in settings(), seed in any::<u64>()) {
        let Some(d) = grow(&s, seed) else { return Ok(()) };
        let grid = d.room_grid().unwrap();
        let start = &grid.rooms()[0];
        prop_assert_eq!((start.cell.col, start.cell.row, start.kind), (s.cols / 2, s.rows / 2, RoomKind::Start));
        prop_assert_eq!(grid.rooms().iter().filter(|r| r.kind == RoomKind::Start).count(), 1);
        let bosses: Vec<_> = grid.rooms().iter().filter(|r| r.kind == RoomKind::Boss).collect();
        prop_assert_eq!(bosses.len(), 1);
        let deepest = grid.rooms().iter().map(|r| r.doors_from_start).max().unwrap();
        prop_assert_eq!(bosses[0].doors_from_start, deepest);
        prop_assert_eq!(bosses[0].doors.len(), 1, "boss room is a dead end");
        let treasure: Vec<_> = grid.rooms().iter().filter(|r| r.kind == RoomKind::Treasure).collect();
        prop_assert!(treasure.len() <= s.treasure_rooms as usize);
        prop_assert!(treasure.iter().all(|r| r.doors.len() == 1));
    }

    #[test]
    fn tile_map_matches_the_graph_and_is_connected(s in settings(), seed in any::<u64>()) {
        let Some(d) = grow(&s, seed) else { return Ok(()) };
        let grid = d.room_grid().unwrap();
        prop_assert_eq!((d.map.width(), d.map.height()), s.map_size());
        prop_assert!(d.map.tile(d.start).walkable);
        prop_assert_eq!(grid.cell_at_tile(d.start), Some(grid.rooms()[0].cell));
        let doors_in_graph: usize = grid.rooms().iter().map(|r| r.doors.len()).sum();
        let door_tiles = d.map.iter().filter(|&(_, t)| t == Tile::DOOR).count();
        prop_assert_eq!(door_tiles * 2, doors_in_graph);
        for room in grid.rooms() {
            for side in room.doors.sides() {
                prop_assert_eq!(d.map.tile(grid.door_tile(room.cell, side)), Tile::DOOR);
            }
        }
        let lost = common::unreachable_walkable(&d.map, d.start);
        prop_assert!(lost.is_empty(), "unreachable: {:?}\n{}", lost, d.map);
    }
}

#[test]
fn straighter_door_sets_make_deeper_dungeons() {
    let mean_depth = |door_weights: DoorWeights| {
        let s = GridSettings {
            room_count: 20,
            door_weights,
            ..GridSettings::default()
        };
        let depths: Vec<f64> = (0..300)
            .map(|seed| {
                let d = s.generate(seed).unwrap();
                let rooms = d.room_grid().unwrap().rooms();
                rooms
                    .iter()
                    .map(|r| f64::from(r.doors_from_start))
                    .sum::<f64>()
                    / rooms.len() as f64
            })
            .collect();
        depths.iter().sum::<f64>() / depths.len() as f64
    };
    let base = DoorWeights::default();
    let straighter = DoorWeights {
        straight: base.straight * 4,
        ..base
    };
    let bushier = DoorWeights {
        straight: 1,
        ..base
    };
    let (b, s, u) = (
        mean_depth(bushier),
        mean_depth(base),
        mean_depth(straighter),
    );
    assert!(
        b < s && s < u,
        "mean depth should rise with the straight weight: {b:.2} < {s:.2} < {u:.2}"
    );
}

#[test]
fn settings_errors_name_the_field() {
    let base = GridSettings::default();
    let cases = [
        (
            GridSettings { cols: 0, ..base },
            "cols is 0; allowed 1..=833",
        ),
        (
            GridSettings {
                cols: 1,
                rows: 1,
                ..base
            },
            "cols * rows is 1; allowed 2..=1040417",
        ),
        (
            GridSettings {
                room_width: 2,
                ..base
            },
            "room_width is 2; allowed 3..=255",
        ),
        (
            GridSettings {
                room_count: 64,
                ..base
            },
            "room_count is 64; allowed 2..=63",
        ),
        (
            GridSettings {
                room_count: 1,
                ..base
            },
            "room_count is 1; allowed 2..=63",
        ),
        (
            GridSettings {
                door_weights: DoorWeights {
                    dead_end: 5,
                    straight: 0,
                    turn: 0,
                    tee: 0,
                    cross: 0,
                },
                ..base
            },
            "door_weights.straight + door_weights.turn + door_weights.tee + door_weights.cross is 0; allowed 1..=4000000",
        ),
    ];
    for (settings, message) in cases {
        assert_eq!(settings.generate(0).unwrap_err().to_string(), message);
    }
}

#[test]
fn unreachable_room_count_gives_up_with_a_reason() {
    // Dead ends weigh so much that 40 rooms almost never grow on a 9 x 7 grid.
    let door_weights = DoorWeights {
        dead_end: 1000,
        straight: 1,
        turn: 1,
        tee: 0,
        cross: 0,
    };
    let s = GridSettings {
        room_count: 40,
        door_weights,
        ..GridSettings::default()
    };
    let err = s.generate(1).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("grid generator gave up after 1000 attempts"),
        "{err}"
    );
}

/// Straight corridors never leave the start room's row and column, so more rooms than
/// those cells cannot grow: refused before any attempt, not after a thousand.
#[test]
fn straight_corridors_only_cannot_grow_past_the_start_cross() {
    let straight_only = DoorWeights {
        dead_end: 0,
        straight: 1,
        turn: 0,
        tee: 0,
        cross: 0,
    };
    let s = GridSettings {
        room_count: 16,
        door_weights: straight_only,
        ..GridSettings::default()
    };
    assert_eq!(
        s.generate(1).unwrap_err().to_string(),
        "room_count is 16; allowed 2..=15"
    );
    // Exactly the start's row and column: it can grow them all.
    let full = GridSettings {
        room_count: 15,
        ..s
    };
    let d = full.generate(1).unwrap();
    let grid = d.room_grid().unwrap();
    assert_eq!(grid.rooms().len(), 15);
    assert!(
        grid.rooms()
            .iter()
            .all(|r| r.cell.col == 4 || r.cell.row == 3)
    );
}

/// A nearly full grid that growth almost never fills used to be grown a thousand times
/// (12.8 s for 300 x 300); the rooms grown over all attempts are now bounded by
/// `growth_budget`, so the generator gives up after a few hundred attempts here.
#[test]
fn a_grid_that_cannot_fill_gives_up_within_its_growth_budget() {
    let s = GridSettings {
        cols: 60,
        rows: 60,
        room_width: 3,
        room_height: 3,
        room_count: 3600,
        door_weights: DoorWeights {
            dead_end: 0,
            ..DoorWeights::default()
        },
        ..GridSettings::default()
    };
    assert_eq!(s.growth_budget(), 1 << 20);
    let GenerateError::GaveUp {
        attempts, reason, ..
    } = s.generate(5).unwrap_err()
    else {
        panic!("not GaveUp")
    };
    // Each attempt grows at least 1000 rooms before it closes.
    assert!(attempts <= (1 << 20) / 1000, "{attempts} attempts");
    assert!(reason.contains("growth budget"), "{reason}");
}

#[test]
fn border_rooms_exist_and_have_no_outward_doors() {
    let s = GridSettings {
        cols: 5,
        rows: 3,
        room_count: 12,
        ..GridSettings::default()
    };
    let on_border = (0..50).any(|seed| {
        let grid = s.generate(seed).unwrap().room_grid().unwrap().clone();
        grid.rooms()
            .iter()
            .any(|r| r.cell.col == 0 || r.cell.row == 0 || r.cell.col == 4 || r.cell.row == 2)
    });
    assert!(on_border);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The promises every generator keeps: border, connectivity, the exit, room floors.
    #[test]
    fn keeps_every_generators_promises(s in settings(), seed in any::<u64>()) {
        let Some(d) = grow(&s, seed) else { return Ok(()) };
        if let Err(broken) = common::check_dungeon(&d) {
            return Err(TestCaseError::fail(format!("{s:?} seed {seed}: {broken}")));
        }
    }
}
