//! Coloured locks in the game (`--locks N`), played to the way down by a scripted
//! player that knows only what the player knows: auto-explore (which picks up the keys
//! it sees and stops beside a locked door whose key is held), a walk into that door,
//! and travel to the stairs once they are known. Over several generators and seeds:
//!
//! * every lock placed opens, in the order placed (key `i` lies behind door `i - 1`),
//!   and only with its own key: the door refuses the `@` until then; look mode's `Tab`
//!   visits the door the player stands at;
//! * the down stairs are where the locks lead ([`Locks::exit`]), behind the last door,
//!   and the player reaches them;
//! * the same seed gives the same locks as `mapgen generate --locks` (the seed's lock
//!   stream), and a level without `--locks` has none.

use game_core::direction::{Direction, Vertical};
use game_core::doors::{KeyKind, LOCKED_DOOR};
use game_core::event::Event;
use game_core::explore::{ExploreStep, ExploreStop, Explorer};
use game_core::game::Game;
use game_core::goal::Monsters;
use game_core::level::LevelOrder;
use game_core::look::interesting_tiles;
use game_core::travel::{Travel, TravelStep};
use game_core::turn::{Act, Outcome};
use mapgen::Tile;
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::locks::place_seeded_locks;

fn order(kind: GeneratorKind, seed: u64, locks: u8) -> LevelOrder {
    LevelOrder {
        locks,
        ..LevelOrder::first(Generator::with_defaults(kind), seed)
    }
}

/// What the scripted player did on one level.
#[derive(Debug, Default)]
struct Played {
    /// The coloured doors opened, by lock id, in order.
    opened: Vec<u8>,
    /// Doors walked into without their key.
    refused: usize,
    /// The stairs down reached.
    down: bool,
}

/// Plays `game`'s first level: explore; beside a door whose key is held, walk into it;
/// once nothing is left, travel to the stairs down. Before opening a door, walks into
/// every other coloured door it stands beside (a check that they stay shut).
fn play(game: &mut Game) -> Played {
    let mut played = Played::default();
    let mut explorer = Explorer::new();
    let mut travel = Travel::new();
    explorer.begin();
    for _ in 0..20_000 {
        let level = game.level();
        let held = level.known_locks().filter(|d| d.key != KeyKind::Any);
        let doors: Vec<_> = held.filter(|d| game.holds(d.key)).map(|d| d.at).collect();
        explorer.set_doors(doors);
        let step = explorer.step(game.known(), game.player());
        match step {
            ExploreStep::Move(to) => {
                let d = Direction::from_step(to - game.player()).unwrap();
                assert!(
                    game.turn(Act::Move(d)).is_taken(),
                    "explore walked into {to}"
                );
            }
            ExploreStep::Searching => {}
            ExploreStep::Stop(ExploreStop::Sighted(_)) => explorer.begin(),
            ExploreStep::Stop(ExploreStop::AtDoor(door)) => {
                let key = game.level().doors().key_for(door).unwrap();
                assert!(game.holds(key), "stopped at a door whose key is not held");
                assert!(
                    interesting_tiles(game).contains(&door),
                    "look mode's Tab visits the locked door {door}"
                );
                let d = Direction::from_step(door - game.player()).unwrap();
                let turn = game.turn(Act::Move(d));
                assert!(turn.is_taken());
                assert!(turn.events.contains(&Event::Unlocked {
                    at: door,
                    key,
                    keys: game.keys()
                }));
                assert_eq!(game.map().tile(door), mapgen::Tile::DOOR);
                assert!(!game.holds(key), "the key is used up");
                let KeyKind::Colour(id) = key else {
                    panic!("an Isaac door in the list")
                };
                played.opened.push(id);
                explorer.begin();
            }
            ExploreStep::Stop(_) => break,
        }
        // Every coloured door beside the @ whose key is not held stays shut.
        for d in Direction::ALL {
            let at = game.player() + d.step();
            let Some(key @ KeyKind::Colour(_)) = game.level().doors().key_for(at) else {
                continue;
            };
            if game.holds(key) {
                continue;
            }
            let turn = game.turn(Act::Move(d));
            assert_eq!(turn.outcome, Outcome::Refused);
            assert_eq!(turn.events, [Event::Locked { at, key }]);
            assert_eq!(game.map().tile(at), LOCKED_DOOR);
            played.refused += 1;
        }
    }
    let Some(down) = game.level().down() else {
        return played;
    };
    if !game.known().is_known(down) {
        return played;
    }
    if travel.plan(game.known(), game.player(), down).is_err() {
        return played;
    }
    for _ in 0..20_000 {
        match travel.step(game.known(), game.player()) {
            TravelStep::Move(to) => {
                let d = Direction::from_step(to - game.player()).unwrap();
                assert!(game.turn(Act::Move(d)).is_taken());
            }
            TravelStep::Arrived => break,
            TravelStep::Stop(_) => return played,
        }
    }
    played.down = game.stairs_here() == Some(Vertical::Down);
    played
}

/// The room generators, 3 locks: the scripted player opens every lock placed, in order,
/// and reaches the stairs behind the last.
#[test]
fn a_scripted_player_opens_every_lock_in_order_and_reaches_the_stairs() {
    let kinds = [
        GeneratorKind::Grid,
        GeneratorKind::Bsp,
        GeneratorKind::Maze,
        GeneratorKind::RoomsAndMazes,
        GeneratorKind::Rooms,
        GeneratorKind::Isaac,
    ];
    let (mut levels, mut locks_opened, mut refusals) = (0, 0, 0);
    for kind in kinds {
        for seed in 0..8 {
            let level = order(kind, seed, 3).make().unwrap();
            let Some(locks) = level.locks().cloned() else {
                panic!("{kind} seed {seed}: no locks value")
            };
            if locks.locks.is_empty() {
                continue;
            }
            assert_eq!(level.down(), Some(locks.exit), "{kind} {seed}");
            // Peaceful: the script explores and opens doors, it does not fight (the
            // monsters' part is the last test's).
            let mut game = Game::from_level(level, 10).with_monsters(Monsters::LeftOut);
            let played = play(&mut game);
            let placed: Vec<u8> = (0..locks.locks.len() as u8).collect();
            assert_eq!(played.opened, placed, "{kind} seed {seed}: opened in order");
            assert!(played.down, "{kind} seed {seed}: the stairs reached");
            assert_eq!(game.level().held_keys(), [] as [u8; 0]);
            levels += 1;
            locks_opened += played.opened.len();
            refusals += played.refused;
        }
    }
    assert!(levels >= 40, "{levels} levels with locks");
    assert!(locks_opened >= 100, "{locks_opened} locks opened");
    assert!(refusals > 0, "no door was ever tried without its key");
}

/// The game places the locks `mapgen generate --locks` places on the same dungeon: the
/// seed's lock stream on the dungeon as made, its loops walled up where that lets more
/// fit (wall in the level too); no `--locks`, no locks.
#[test]
fn the_locks_are_the_commands_for_the_seed() {
    let mut walls = 0;
    for kind in [
        GeneratorKind::Grid,
        GeneratorKind::Bsp,
        GeneratorKind::Isaac,
        GeneratorKind::Rooms,
    ] {
        for seed in [1, 7, 42, 3, 5, 11] {
            let mut dungeon = Generator::with_defaults(kind).generate(seed).unwrap();
            let expected = place_seeded_locks(&mut dungeon, seed, 3).unwrap();
            let level = order(kind, seed, 3).make().unwrap();
            assert_eq!(level.locks(), Some(&expected), "{kind} {seed}");
            for &wall in &expected.walled {
                assert_eq!(level.map().tile(wall), Tile::WALL, "{kind} {seed}");
                walls += 1;
            }
            for lock in &expected.locks {
                assert_eq!(level.map().tile(lock.door), LOCKED_DOOR);
                let key = level.entities().at(lock.key).map(|e| e.thing);
                let id = u8::try_from(lock.id).unwrap();
                assert_eq!(
                    key,
                    Some(game_core::entity::Thing::Key(KeyKind::Colour(id)))
                );
            }
            let plain = order(kind, seed, 0).make().unwrap();
            assert_eq!(plain.locks(), None);
            let coloured = plain.doors().locked().iter();
            assert_eq!(coloured.filter(|d| d.key != KeyKind::Any).count(), 0);
        }
    }
    assert!(walls > 0, "no seed walled a loop");
}

/// An isaac floor keeps its own locked doors and keys beside the coloured ones: Isaac's
/// keys open Isaac's doors, never a coloured one.
#[test]
fn isaac_floors_keep_their_own_locks() {
    let mut both = 0;
    for seed in 0..20 {
        let level = order(GeneratorKind::Isaac, seed, 2).make().unwrap();
        let doors = level.doors().locked();
        let isaacs = doors.iter().filter(|d| d.key == KeyKind::Any).count();
        let plain = order(GeneratorKind::Isaac, seed, 0).make().unwrap();
        assert_eq!(isaacs, plain.doors().locked().len(), "seed {seed}");
        if isaacs > 0 && doors.len() > isaacs {
            both += 1;
        }
    }
    assert!(both >= 5, "{both} floors with both kinds");
}

/// Auto-explore goes to a locked door the player holds the key of and stops beside it
/// (before, it said the level was explored and left the player to find the door); asked
/// again from there, it steps into the door (before, it stopped again, saying the same
/// line); with no such door it explores what it can reach and stops as before.
#[test]
fn explore_stops_beside_a_door_it_holds_the_key_of() {
    use game_core::knowledge::Knowledge;
    use mapgen::fov::{FieldOfView, LightWalls, Radius};
    use mapgen::{Map, Point};
    // The door at (6, 2) is shut: a wall to the eye.
    let map = Map::from_ascii(concat!(
        "##########\n",
        "#....#...#\n",
        "#.....#..#\n",
        "##########\n",
    ))
    .unwrap();
    let door = Point::new(6, 2);
    let run = |doors: &[Point]| {
        let mut known = Knowledge::of_size(&map);
        let mut fov = FieldOfView::new(map.width(), map.height()).unwrap();
        let mut explorer = Explorer::new();
        let mut player = Point::new(1, 1);
        explorer.begin();
        for _ in 0..100 {
            fov.compute(&map, player, Radius::Tiles(3), LightWalls::On)
                .unwrap();
            known.remember(&map, &fov);
            explorer.set_doors(doors.iter().copied());
            match explorer.step(&known, player) {
                ExploreStep::Move(next) => player = next,
                ExploreStep::Searching => {}
                ExploreStep::Stop(why) => return (why, player, explorer, known),
            }
        }
        panic!("never stopped")
    };
    let (why, at, mut explorer, known) = run(&[door]);
    assert_eq!(why, ExploreStop::AtDoor(door));
    assert!(
        (at.x - door.x).abs() <= 1 && (at.y - door.y).abs() <= 1,
        "{at}"
    );
    // Explore again without moving: into the door. From another tile beside it (the
    // player walked off and back), it stops there first, as on arriving.
    let mut again = explorer.clone();
    again.begin();
    assert_eq!(again.step(&known, at), ExploreStep::Move(door));
    let beside = [(5, 2), (6, 1), (7, 1), (7, 2)]
        .map(|(x, y)| Point::new(x, y))
        .into_iter()
        .find(|&p| p != at && known.is_walkable(p))
        .unwrap();
    explorer.begin();
    let stop = ExploreStep::Stop(ExploreStop::AtDoor(door));
    assert_eq!(explorer.step(&known, beside), stop);
    assert_eq!(explorer.step(&known, beside), ExploreStep::Move(door));
    let (why, ..) = run(&[]);
    assert_eq!(why, ExploreStop::Explored);
}

/// Travel keeps to what the player knows to be open: a route never goes through a
/// locked door (a wall until opened), so travel to a place behind one answers that no
/// known way leads there, and goes once the door is open.
#[test]
fn travel_does_not_pass_a_locked_door() {
    use game_core::knowledge::Knowledge;
    use game_core::travel::NoRoute;
    use mapgen::{Map, Point, Tile};
    let map = Map::from_ascii("#######\n#..#..#\n#######\n").unwrap();
    let mut known = Knowledge::of_size(&map);
    for (p, tile) in map.iter() {
        known.learn(p, tile);
    }
    let (from, to, door) = (Point::new(1, 1), Point::new(5, 1), Point::new(3, 1));
    known.learn(door, LOCKED_DOOR);
    let mut travel = Travel::new();
    assert_eq!(
        travel.plan(&known, from, to).map(<[Point]>::len),
        Err(NoRoute::Unreachable { at: to })
    );
    known.learn(door, Tile::DOOR);
    assert!(travel.plan(&known, from, to).unwrap().contains(&door));
}

/// With the monsters and items the spawn table places: every key lies where its lock
/// put it (no item on it, no monster on it or on a door), and a monster placed behind a
/// locked door stays behind it while the door is shut, however long the `@` waits on the
/// near side (monsters walk where the map is walkable, and a locked door is not).
#[test]
fn monsters_and_items_keep_off_the_keys_and_stay_behind_locked_doors() {
    use game_core::entity::Thing;
    use mapgen::path::walking_steps;
    let kinds = [
        GeneratorKind::Bsp,
        GeneratorKind::Maze,
        GeneratorKind::RoomsAndMazes,
        GeneratorKind::Grid,
        GeneratorKind::Rooms,
    ];
    let (mut behind_total, mut things_total) = (0, 0);
    for kind in kinds {
        for seed in 0..8 {
            let level = order(kind, seed, 3).make().unwrap();
            let locks = level.locks().cloned().unwrap();
            for lock in &locks.locks {
                let id = u8::try_from(lock.id).unwrap();
                let key = level.entities().at(lock.key).map(|e| e.thing);
                assert_eq!(key, Some(Thing::Key(KeyKind::Colour(id))), "{kind} {seed}");
                assert!(level.body_at(lock.key).is_none(), "{kind} {seed}");
                assert!(level.body_at(lock.door).is_none(), "{kind} {seed}");
            }
            things_total += level.entities().iter().count() - locks.locks.len();
            // The near side: what the start reaches with every door shut.
            let near = walking_steps(level.map(), level.arrival());
            let is_behind = |p| near.get_or_default(p).is_none();
            let behind: Vec<u32> = level
                .monsters()
                .filter(|b| is_behind(b.at))
                .map(|b| b.id)
                .collect();
            if behind.is_empty() {
                continue;
            }
            behind_total += behind.len();
            let mut game = Game::from_level(level, 10);
            for _ in 0..200 {
                if game.turn(Act::Wait).outcome != Outcome::Taken {
                    break;
                }
            }
            for body in game.level().monsters().filter(|b| behind.contains(&b.id)) {
                assert!(
                    is_behind(body.at),
                    "{kind} seed {seed}: {:?} came through a locked door to {}",
                    body.kind,
                    body.at
                );
            }
        }
    }
    assert!(behind_total >= 20, "{behind_total} monsters behind doors");
    assert!(things_total >= 40, "{things_total} items besides the keys");
}
