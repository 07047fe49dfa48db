//! `mapgen path` and `mapgen dijkstra` end to end: the JSON they print agrees with the
//! library, the flags change what they should, and bad points are usage errors.

use mapgen::generators::Generate;
use mapgen::generators::grid::GridSettings;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::path::{
    AStar, CornerCutting, DijkstraMap, Directions, Goal, Moves, PathFinder, PathSettings, Weight,
};
use mapgen::{Map, Point};
use serde_json::Value;

mod support;
use support::{json, mapgen, refused};

/// The keys of a JSON object, in the order printed.
fn keys(answer: &Value) -> Vec<&str> {
    answer
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

fn point(v: &Value) -> Point {
    Point::new(v[0].as_i64().unwrap() as i32, v[1].as_i64().unwrap() as i32)
}

/// The step cost from `a` to `b` under `moves` on `map`, written out from the rules.
fn step_cost(map: &Map, moves: &Moves, a: Point, b: Point) -> Option<u64> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let diagonal = dx != 0 && dy != 0;
    if dx.abs() > 1 || dy.abs() > 1 || (dx, dy) == (0, 0) || !map.is_walkable(b) {
        return None;
    }
    if diagonal && moves.directions == Directions::Four {
        return None;
    }
    if diagonal
        && moves.corners == CornerCutting::Forbidden
        && !(map.is_walkable((b.x, a.y)) && map.is_walkable((a.x, b.y)))
    {
        return None;
    }
    Some(u64::from(if diagonal {
        moves.diagonal_cost
    } else {
        moves.cardinal_cost
    }))
}

/// Checks one `mapgen path` answer against the library and the step rules.
fn check_path(answer: &Value, map: &Map, moves: Moves, from: Point, to: Point) {
    let mut astar = AStar::default();
    let expected = astar.search(map, moves, from, to).unwrap();
    assert_eq!(answer["cost"].as_u64(), expected);
    assert_eq!(Some(chain_cost(answer, map, moves, from, to)), expected);
}

/// The cost of an answer's path, step by step, after checking that it runs from `from`
/// to `to` by legal steps.
fn chain_cost(answer: &Value, map: &Map, moves: Moves, from: Point, to: Point) -> u64 {
    assert_eq!(point(&answer["from"]), from);
    assert_eq!(point(&answer["to"]), to);
    let path: Vec<Point> = answer["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(point)
        .collect();
    assert_eq!(path.first(), Some(&from));
    assert_eq!(path.last(), Some(&to));
    path.windows(2)
        .map(|w| step_cost(map, &moves, w[0], w[1]).expect("a legal step"))
        .sum()
}

#[test]
fn path_goes_from_start_to_exit_by_default() {
    let answer = json(&["path", "--seed", "42"]);
    let d = RoomsSettings::default().generate(42).unwrap();
    check_path(&answer, &d.map, Moves::default(), d.start, d.exit());
    assert_eq!(keys(&answer), ["from", "to", "cost", "path"]);
}

#[test]
fn path_flags_choose_the_moves() {
    let d = GridSettings::default().generate(5).unwrap();
    let (from, to) = (d.start, d.exit());
    let ends = [
        "--generator".to_string(),
        "grid".to_string(),
        "--seed".to_string(),
        "5".to_string(),
        "--from".to_string(),
        format!("{},{}", from.x, from.y),
        "--to".to_string(),
        format!("{},{}", to.x, to.y),
    ];
    let cases: [(&[&str], Moves); 4] = [
        (&[], Moves::default()),
        (&["--moves", "4"], Moves::FOUR),
        (
            &[
                "--no-corner-cutting",
                "--cardinal-cost",
                "5",
                "--diagonal-cost",
                "7",
            ],
            Moves::EIGHT
                .with_costs(5, 7)
                .with_corner_cutting(CornerCutting::Forbidden),
        ),
        (
            &["--moves", "4", "--cardinal-cost", "1"],
            Moves::FOUR.with_costs(1, 3),
        ),
    ];
    for (flags, moves) in cases {
        let mut args = vec!["path"];
        args.extend(ends.iter().map(String::as_str));
        args.extend_from_slice(flags);
        check_path(&json(&args), &d.map, moves, from, to);
    }
}

#[test]
fn no_path_is_null_with_exit_0() {
    let d = RoomsSettings::default().generate(42).unwrap();
    let cost = json(&["path", "--seed", "42"])["cost"].as_u64().unwrap();
    let limit = (cost - 1).to_string();
    let answer = json(&["path", "--seed", "42", "--max-cost", &limit]);
    assert_eq!(answer["cost"], Value::Null);
    assert_eq!(answer["path"], Value::Null);
    assert_eq!(point(&answer["from"]), d.start);
    let at_limit = json(&["path", "--seed", "42", "--max-cost", &cost.to_string()]);
    assert_eq!(at_limit["cost"].as_u64(), Some(cost));
}

#[test]
fn suboptimal_paths_are_within_the_weight_and_say_so() {
    for (generator, seed) in [("rooms", "42"), ("caves", "3"), ("drunkard", "8")] {
        let base = ["path", "--generator", generator, "--seed", seed];
        let cheapest = json(&base);
        let d = mapgen::generators::Generator::with_defaults(generator.parse().unwrap())
            .generate(seed.parse().unwrap())
            .unwrap();
        let (from, to) = (point(&cheapest["from"]), point(&cheapest["to"]));
        let best = cheapest["cost"].as_u64().expect("joined");
        for text in ["1", "1.2", "1.5", "4/3", "3"] {
            let weight: Weight = text.parse().unwrap();
            let mut args = base.to_vec();
            args.extend(["--suboptimal", text]);
            let answer = json(&args);
            assert_eq!(keys(&answer), ["from", "to", "suboptimal", "cost", "path"]);
            assert_eq!(answer["suboptimal"], weight.to_string());
            let cost = answer["cost"].as_u64().expect("a path");
            assert!(
                cost * u64::from(weight.denominator()) <= best * u64::from(weight.numerator()),
                "{generator} {seed} w {text}: {cost} against the cheapest {best}"
            );
            assert_eq!(
                chain_cost(&answer, &d.map, Moves::default(), from, to),
                cost
            );
            let mut finder = PathFinder::new(PathSettings {
                weight,
                ..PathSettings::default()
            })
            .unwrap();
            assert_eq!(finder.search(&d.map, from, to).unwrap(), Some(cost));
            if weight.is_exact() {
                assert_eq!(cost, best);
            }
        }
    }
    // With a cost limit: never a dearer path.
    let answer = json(&[
        "path",
        "--seed",
        "42",
        "--suboptimal",
        "1.5",
        "--max-cost",
        "100",
    ]);
    assert_eq!(answer["cost"], Value::Null, "the cheapest costs 101");
    assert_eq!(answer["suboptimal"], "1.5");
}

#[test]
fn bad_weights_are_usage_errors_that_name_the_flag() {
    for (text, why) in [
        ("0.9", "is below 1"),
        ("-1", "is not a number like 1.5"),
        ("1.2345", "is not a number like 1.5"),
        ("x", "is not a number like 1.5"),
        ("101", "is above 100"),
        ("1/0", "is not a number like 1.5"),
    ] {
        let stderr = refused(&["path", "--suboptimal", text]);
        let expected = format!(
            "error: invalid value '{text}' for '--suboptimal <W>': suboptimal weight `{text}` {why}; allowed 1 to 100, at most 3 decimals"
        );
        assert!(stderr.starts_with(&expected), "{text}: {stderr}");
    }
}

#[test]
fn bad_points_and_moves_are_usage_errors() {
    let d = RoomsSettings::default().generate(0).unwrap();
    assert_eq!(
        d.start,
        Point::new(11, 33),
        "the start the goal below stands on"
    );
    let wall = d.map.iter().find(|(_, t)| !t.walkable).unwrap().0;
    let wall = format!("{},{}", wall.x, wall.y);
    let cases: [(&[&str], &str); 6] = [
        (
            &["path", "--from", "80,3"],
            "error: --from 80,3 is outside the 80x45 map; allowed: x in 0..=79, y in 0..=44",
        ),
        (
            &["path", "--to", "5,-1"],
            "error: --to 5,-1 is outside the 80x45 map; allowed: x in 0..=79, y in 0..=44",
        ),
        (
            &["path", "--to", &wall],
            "is not walkable (a '#' tile); allowed: a walkable tile ('.' floor or '+' door)",
        ),
        (
            &["dijkstra", "--from", "11,33,5", "--from", "0, 45"],
            "error: --from 0, 45 is outside",
        ),
        (
            &["path", "--from", "3"],
            "error: invalid value '3' for '--from <X,Y>': expected X,Y",
        ),
        (
            &["dijkstra", "--from", "3,4,x"],
            "expected X,Y or X,Y,VALUE",
        ),
    ];
    for (args, message) in cases {
        let stderr = refused(args);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        if !stderr.contains("invalid value") {
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        }
    }
    assert!(refused(&["path", "--moves", "6"]).contains("possible values: 4, 8"));
    assert!(refused(&["path", "--cardinal-cost", "0"]).contains("1..=100000"));
    assert!(refused(&["dijkstra", "--diagonal-cost", "100001"]).contains("1..=100000"));
    assert!(refused(&["path", "--cols", "5"]).contains("--cols is a setting of the grid"));
}

#[test]
fn dijkstra_prints_the_librarys_map_row_by_row() {
    let settings = RoomsSettings {
        width: 30,
        height: 20,
        ..RoomsSettings::default()
    };
    let d = settings.generate(9).unwrap();
    let floor: Vec<Point> = d
        .map
        .iter()
        .filter(|(_, t)| t.walkable)
        .map(|(p, _)| p)
        .collect();
    let (a, b) = (floor[0], floor[floor.len() - 1]);
    let args = [
        "dijkstra".to_string(),
        "--width".to_string(),
        "30".to_string(),
        "--height".to_string(),
        "20".to_string(),
        "--seed".to_string(),
        "9".to_string(),
        "--moves".to_string(),
        "4".to_string(),
        format!("--from={},{}", a.x, a.y),
        format!("--from={},{},-7", b.x, b.y),
        "--max-cost".to_string(),
        "40".to_string(),
    ];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = mapgen(&args);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().count(),
        20 + 2,
        "a line per row, and the two ends"
    );
    let answer: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (answer["width"].as_i64(), answer["height"].as_i64()),
        (Some(30), Some(20))
    );
    let mut dm = DijkstraMap::default();
    dm.compute_within(&d.map, Moves::FOUR, [Goal::new(a, 0), Goal::new(b, -7)], 40)
        .unwrap();
    let rows = answer["distances"].as_array().unwrap();
    assert_eq!(rows.len(), 20);
    for (y, row) in rows.iter().enumerate() {
        let printed: Vec<Option<i64>> = row.as_array().unwrap().iter().map(Value::as_i64).collect();
        let expected: Vec<Option<i64>> = dm.row(y as i32).collect();
        assert_eq!(printed, expected, "row {y}");
    }
    assert_eq!(rows[b.y as usize][b.x as usize], -7);
    assert!(
        rows.iter()
            .flat_map(|r| r.as_array().unwrap())
            .any(Value::is_null)
    );
}

#[test]
fn dijkstra_defaults_to_the_start_and_streams_big_maps() {
    let answer = json(&["dijkstra", "--seed", "3"]);
    let d = RoomsSettings::default().generate(3).unwrap();
    let start = &answer["distances"][d.start.y as usize][d.start.x as usize];
    assert_eq!(start, 0);
    let exit = d.exit();
    assert!(answer["distances"][exit.y as usize][exit.x as usize].as_i64() > Some(0));

    let out = mapgen(&[
        "dijkstra",
        "--width",
        "1000",
        "--height",
        "1000",
        "--max-rooms",
        "2000",
    ]);
    assert!(out.status.success());
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = answer["distances"].as_array().unwrap();
    assert_eq!(rows.len(), 1000);
    assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 1000));
}

/// Issue 25: values past `i32` were printed as `null`, and a goal starting at
/// `i32::MAX` left every other tile `null`, all with exit 0.
#[test]
fn dijkstra_prints_values_past_32_bits() {
    let d = RoomsSettings::default().generate(3).unwrap();
    let from = format!("--from={},{},{}", d.start.x, d.start.y, i32::MAX);
    let answer = json(&["dijkstra", "--seed", "3", &from]);
    let mut dm = DijkstraMap::default();
    dm.compute(&d.map, Moves::default(), [Goal::new(d.start, i32::MAX)])
        .unwrap();
    let rows = answer["distances"].as_array().unwrap();
    for (y, row) in rows.iter().enumerate() {
        let printed: Vec<Option<i64>> = row.as_array().unwrap().iter().map(Value::as_i64).collect();
        let expected: Vec<Option<i64>> = dm.row(y as i32).collect();
        assert_eq!(printed, expected, "row {y}");
    }
    let exit = d.exit();
    assert!(rows[exit.y as usize][exit.x as usize].as_i64() > Some(i64::from(i32::MAX)));
    // A limit past 32 bits is taken as typed.
    let limit = (u64::from(u32::MAX) + 1).to_string();
    let path = json(&["path", "--seed", "3", "--max-cost", &limit]);
    assert_eq!(path, json(&["path", "--seed", "3"]));
}

/// Issue 25 item 3, then issue 37: `PathFinder` counted in 32 bits, so `--suboptimal` was
/// refused where a path could cost more; it counts in 64 bits now and answers on the same
/// map, within the weight of the exact search's cost.
#[test]
fn suboptimal_answers_where_costs_pass_32_bits() {
    let dear = [
        "path",
        "--width",
        "250",
        "--height",
        "200",
        "--cardinal-cost",
        "100000",
        "--diagonal-cost",
        "100000",
    ];
    let mut weighted = dear.to_vec();
    weighted.extend(["--suboptimal", "1.5"]);
    let exact = json(&dear)["cost"].as_u64().expect("a path");
    let found = json(&weighted)["cost"].as_u64().expect("a path");
    assert!(
        found >= exact && 2 * found <= 3 * exact,
        "{found} against {exact}"
    );
}
