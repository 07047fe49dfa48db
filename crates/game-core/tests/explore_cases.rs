//! Auto-explore on hand-made maps: each reason to stop, the tie rules, and a golden
//! snapshot of a tutorial dungeon explored part way.

mod support;

use game_core::explore::{ExploreStep, ExploreStop, Explorer};
use game_core::knowledge::{Knowledge, Landmark};
use game_core::level::STAIRS_DOWN;
use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::{Map, Point, Tile};
use support::sim::{SimPlayer, explore_all};

fn stairs() -> Tile {
    STAIRS_DOWN
}

/// Steps until a stop, moving and looking; the stop and the steps taken.
fn run_to_stop(player: &mut SimPlayer, explorer: &mut Explorer) -> (ExploreStop, usize) {
    let mut steps = 0;
    loop {
        match explorer.step(&player.known, player.at) {
            ExploreStep::Move(to) => {
                player.step_to(to).unwrap();
                player.look();
                steps += 1;
            }
            ExploreStep::Searching => {}
            ExploreStep::Stop(why) => return (why, steps),
        }
        assert!(steps < 10_000, "no stop");
    }
}

#[test]
fn stairs_coming_into_view_stop_the_run_once() {
    let map = Map::from_ascii_with(
        concat!(
            "##################\n",
            "#......#.........#\n",
            "#......#........>#\n",
            "#................#\n",
            "##################\n",
        ),
        &[stairs()],
    )
    .unwrap();
    let mut player = SimPlayer::knowing(map, Point::new(1, 1), 6, |k| {
        k.with_landmarks(&[Point::new(16, 2)])
    });
    let mut explorer = Explorer::new();
    explorer.begin();
    let (stop, steps) = run_to_stop(&mut player, &mut explorer);
    let landmark = Landmark {
        at: Point::new(16, 2),
        tile: stairs(),
    };
    assert_eq!(stop, ExploreStop::Sighted(landmark));
    assert!(steps > 0);
    // Going on: the stairs, seen already, do not stop it again.
    explorer.begin();
    let (stop, _) = run_to_stop(&mut player, &mut explorer);
    assert_eq!(stop, ExploreStop::Explored);
}

#[test]
fn stairs_in_view_when_the_run_begins_do_not_stop_it() {
    let map = Map::from_ascii_with("#####\n#..>#\n#####\n", &[stairs()]).unwrap();
    let player = SimPlayer::knowing(map, Point::new(1, 1), 10, |k| {
        k.with_landmarks(&[Point::new(3, 1)])
    });
    assert_eq!(player.known.landmarks().len(), 1);
    let mut explorer = Explorer::new();
    explorer.begin();
    assert_eq!(
        explorer.step(&player.known, player.at),
        ExploreStep::Stop(ExploreStop::Explored)
    );
}

/// Floor seen across a chasm, its far side out of sight: the frontier is there, and no
/// known way leads to it.
#[test]
fn places_seen_but_out_of_reach_make_a_partly_explored_level() {
    let map = Map::from_ascii(concat!(
        "#############\n",
        "#...~~~~.....\n",
        "#############\n",
    ))
    .unwrap();
    let mut player = SimPlayer::at(map, Point::new(1, 1), 9);
    let mut explorer = Explorer::new();
    explorer.begin();
    let (stop, _) = run_to_stop(&mut player, &mut explorer);
    assert!(
        matches!(stop, ExploreStop::PartlyExplored { frontier } if frontier > 0),
        "{stop:?}"
    );
}

/// A sight radius of 1 shows only the player's own tile: every target reached teaches
/// nothing and is given up, so the run still ends.
#[test]
fn a_blind_player_gives_up_instead_of_looping() {
    let map = Map::from_ascii("#####\n#...#\n#####\n").unwrap();
    let mut player = SimPlayer::at(map, Point::new(1, 1), 1);
    assert_eq!(player.known.known_tiles(), 1);
    let mut explorer = Explorer::new();
    explorer.begin();
    let (stop, steps) = run_to_stop(&mut player, &mut explorer);
    assert_eq!(steps, 0);
    assert_eq!(stop, ExploreStop::PartlyExplored { frontier: 1 });
}

#[test]
fn nothing_known_under_the_player_is_a_stop_not_a_panic() {
    let known = Knowledge::new(10, 10).unwrap();
    let mut explorer = Explorer::new();
    for p in [Point::new(3, 3), Point::new(-1, 50)] {
        assert_eq!(
            explorer.step(&known, p),
            ExploreStep::Stop(ExploreStop::NotOnKnownFloor)
        );
    }
}

/// Two frontier tiles equally far: the first in row order (north) is the target, and
/// the walk there goes straight before it goes diagonal.
#[test]
fn ties_go_north_first_and_straight_first() {
    let mut known = Knowledge::new(7, 7).unwrap();
    for y in 1..6 {
        for x in 1..6 {
            known.learn(Point::new(x, y), Tile::FLOOR);
        }
    }
    let mut explorer = Explorer::new();
    explorer.begin();
    let at = Point::new(3, 3);
    let ExploreStep::Move(first) = explorer.step(&known, at) else {
        panic!("a frontier all round")
    };
    // Every tile of the border ring (x or y 1 or 5) is frontier; the nearest are the
    // four at 2 straight steps: (3, 1) is first in row order.
    assert_eq!(explorer.target(), Some(Point::new(3, 1)));
    assert_eq!(first, Point::new(3, 2));
}

#[test]
fn forgetting_drops_the_target_for_a_new_level() {
    let mut player = SimPlayer::at(
        Map::from_ascii("#########\n#.......#\n#########\n").unwrap(),
        Point::new(1, 1),
        3,
    );
    let mut explorer = Explorer::new();
    explorer.begin();
    assert!(matches!(
        explorer.step(&player.known, player.at),
        ExploreStep::Move(_)
    ));
    assert!(explorer.target().is_some());
    explorer.forget();
    assert_eq!(explorer.target(), None);
    player.look();
}

/// The tutorial dungeon of seed 1 after 60 steps of auto-explore, from what the player
/// knows: `@` the player, `*` the tiles walked, `X` the target, `o` the route to it,
/// spaces unknown. Regenerate with `UPDATE_GOLDEN=1`.
#[test]
fn golden_tutorial_dungeon_after_60_steps() {
    let dungeon = RoomsSettings::default().generate(1).unwrap();
    let mut player = SimPlayer::in_dungeon(&dungeon, 10);
    let mut explorer = Explorer::new();
    let run = explore_all(&mut player, &mut explorer, 60).unwrap();
    let mut route = Vec::new();
    explorer.route(player.at, &mut route);
    let mut rows: Vec<Vec<u8>> = player
        .known
        .to_string()
        .lines()
        .map(|l| format!("{l:<80}").into_bytes())
        .collect();
    let mut mark = |p: Point, c: u8| rows[p.y as usize][p.x as usize] = c;
    for &p in &run.trail {
        mark(p, b'*');
    }
    for &p in &route {
        mark(p, b'o');
    }
    if let Some(t) = explorer.target() {
        mark(t, b'X');
    }
    mark(player.at, b'@');
    let mut text = String::new();
    for row in &rows {
        text.push_str(String::from_utf8_lossy(row).trim_end());
        text.push('\n');
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/rooms_seed1_60_steps.txt"
    );
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let golden = std::fs::read_to_string(path).expect("golden file; UPDATE_GOLDEN=1 writes it");
    assert_eq!(text, golden, "\n{text}");
}
