//! `mapgen generate` end to end: formats, seeds and errors.

use std::process::Command;

use mapgen::generators::rooms::RoomsSettings;
use mapgen::generators::{Generate, GeneratorKind};
use serde_json::Value;

mod support;
use support::{mapgen, refused, stdout};

/// The `tiles` rows of a JSON dungeon, as `Map`'s `Display` writes them.
fn tiles_text(json: &Value) -> String {
    let rows = json["tiles"].as_array().unwrap();
    rows.iter().fold(String::new(), |mut text, row| {
        text.push_str(row.as_str().unwrap());
        text.push('\n');
        text
    })
}

#[test]
fn ascii_is_the_librarys_map() {
    let expected = RoomsSettings::default()
        .generate(42)
        .unwrap()
        .map
        .to_string();
    assert_eq!(stdout(&["generate", "--seed", "42"]), expected);
}

#[test]
fn ascii_count_separates_maps_with_a_blank_line() {
    let text = stdout(&["generate", "--seed", "5", "--count", "3"]);
    let maps: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(maps.len(), 3);
    for (i, map) in maps.iter().enumerate() {
        let expected = RoomsSettings::default()
            .generate(5 + i as u64)
            .unwrap()
            .map
            .to_string();
        assert_eq!(format!("{}\n", map.trim_end()), expected);
    }
}

#[test]
fn json_has_the_documented_shape() {
    let args = [
        "generate", "--format", "json", "--seed", "7", "--width", "60", "--height", "30",
    ];
    let json: Value = serde_json::from_str(&stdout(&args)).unwrap();
    let settings = RoomsSettings {
        width: 60,
        height: 30,
        ..RoomsSettings::default()
    };
    let d = settings.generate(7).unwrap();
    assert_eq!(json["seed"], 7);
    assert_eq!(json["generator"], "rooms");
    assert_eq!(
        (json["width"].as_i64(), json["height"].as_i64()),
        (Some(60), Some(30))
    );
    assert_eq!(
        json["start"],
        serde_json::json!({"x": d.start.x, "y": d.start.y})
    );
    let exit = d.exit();
    assert_eq!(json["exit"], serde_json::json!({"x": exit.x, "y": exit.y}));
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "seed",
            "generator",
            "settings",
            "width",
            "height",
            "start",
            "exit",
            "rooms",
            "tiles"
        ]
    );
    let rooms = json["rooms"].as_array().unwrap();
    assert_eq!(rooms.len(), d.rooms.len());
    for (room, r) in rooms.iter().zip(&d.rooms) {
        assert_eq!(
            room,
            &serde_json::json!({"x1": r.x1, "y1": r.y1, "x2": r.x2, "y2": r.y2})
        );
    }
    assert_eq!(tiles_text(&json), d.map.to_string());
}

#[test]
fn json_with_count_is_an_array_of_consecutive_seeds() {
    let json: Value = serde_json::from_str(&stdout(&[
        "generate", "--format", "json", "--seed", "3", "--count", "4",
    ]))
    .unwrap();
    let seeds: Vec<i64> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["seed"].as_i64().unwrap())
        .collect();
    assert_eq!(seeds, [3, 4, 5, 6]);
}

#[test]
fn jsonl_is_one_object_per_line_matching_json() {
    let text = stdout(&[
        "generate", "--format", "jsonl", "--seed", "10", "--count", "5",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    for (i, line) in lines.iter().enumerate() {
        let from_line: Value = serde_json::from_str(line).unwrap();
        let seed = (10 + i).to_string();
        let single: Value =
            serde_json::from_str(&stdout(&["generate", "--format", "json", "--seed", &seed]))
                .unwrap();
        assert_eq!(from_line, single);
    }
}

#[test]
fn invalid_settings_are_named_with_exit_2() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["--room-min", "12", "--room-max", "8"],
            "error: --room-min (12) is larger than --room-max (8)",
        ),
        (
            &["--room-max", "4"],
            "error: the default --room-min (6) is larger than --room-max (4)",
        ),
        (
            &["--width", "20", "--height", "10"],
            "error: the default --room-max is 10; allowed 2..=9",
        ),
        (
            &["--room-min", "1"],
            "error: --room-min is 1; allowed 2..=44",
        ),
        (
            &["--max-rooms", "0"],
            "error: --max-rooms is 0; allowed 1..=1000000",
        ),
        (&["--width", "2"], "error: --width is 2; allowed 3..=10000"),
        (
            &["--width", "20", "--room-max", "25"],
            "error: --room-max is 25; allowed 2..=19",
        ),
    ];
    for (flags, message) in cases {
        let mut args = vec!["generate"];
        args.extend_from_slice(flags);
        assert_eq!(refused(&args).trim_end(), message);
    }
}

#[test]
fn bad_flags_get_clap_messages_with_exit_2() {
    assert!(refused(&["generate", "--bogus"]).contains("unexpected argument '--bogus'"));
    assert!(refused(&["generate", "--seed", "-1"]).contains("--seed"));
    assert!(refused(&["generate", "--count", "0"]).contains("--count"));
    assert!(
        refused(&["generate", "--format", "xml"]).contains("possible values: ascii, json, jsonl")
    );
    assert!(refused(&["generate", "--generator", "swamp"]).contains("unknown generator \"swamp\""));
    assert!(refused(&["generate", "--width", "99999999999"]).contains("--width"));
    let bare = mapgen::<&str>(&[]);
    assert_eq!(bare.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bare.stderr).contains("Usage"));
}

#[test]
fn seed_range_past_u64_max_is_refused() {
    let stderr = refused(&["generate", "--seed", "18446744073709551615", "--count", "2"]);
    assert!(stderr.contains("runs past the largest seed"), "{stderr}");
}

#[test]
fn grid_json_has_the_room_graph() {
    let args = [
        "generate",
        "--generator",
        "grid",
        "--format",
        "json",
        "--seed",
        "4",
        "--cols",
        "7",
        "--room-count",
        "12",
    ];
    let json: Value = serde_json::from_str(&stdout(&args)).unwrap();
    let settings = mapgen::generators::grid::GridSettings {
        cols: 7,
        room_count: 12,
        ..mapgen::generators::grid::GridSettings::default()
    };
    let d = settings.generate(4).unwrap();
    let graph = d.room_grid().unwrap();
    assert_eq!(json["generator"], "grid");
    assert_eq!(
        (json["grid"]["cols"].as_i64(), json["grid"]["rows"].as_i64()),
        (Some(7), Some(7))
    );
    let rooms = json["grid"]["rooms"].as_array().unwrap();
    assert_eq!(rooms.len(), 12);
    assert_eq!(json["rooms"].as_array().unwrap().len(), 12);
    for (room, r) in rooms.iter().zip(graph.rooms()) {
        let expected = serde_json::json!({
            "col": r.cell.col, "row": r.cell.row, "doors": r.doors.to_string(), "kind": r.kind.name(), "depth": r.doors_from_start
        });
        assert_eq!(room, &expected);
    }
    assert_eq!(rooms[0]["kind"], "start");
    assert_eq!(rooms.iter().filter(|r| r["kind"] == "boss").count(), 1);
    assert!(tiles_text(&json).contains('+'), "door tiles are '+'");
    assert_eq!(tiles_text(&json), d.map.to_string());
}

#[test]
fn grid_works_in_every_format() {
    let ascii = stdout(&["generate", "--generator", "grid", "--seed", "9"]);
    let d = mapgen::generators::grid::GridSettings::default()
        .generate(9)
        .unwrap();
    assert_eq!(ascii, d.map.to_string());
    let jsonl = stdout(&[
        "generate",
        "--generator",
        "grid",
        "--format",
        "jsonl",
        "--count",
        "3",
    ]);
    for line in jsonl.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["grid"]["rooms"].as_array().unwrap().len(), 15);
    }
    assert_eq!(jsonl.lines().count(), 3);
    let rooms: Value = serde_json::from_str(&stdout(&["generate", "--format", "json"])).unwrap();
    assert!(
        rooms.get("grid").is_none(),
        "rooms dungeons have no grid object"
    );
}

#[test]
fn flags_of_the_other_generator_and_bad_grid_settings_are_refused() {
    let stderr = refused(&["generate", "--cols", "5"]);
    assert_eq!(
        stderr.trim_end(),
        "error: --cols is a setting of the grid generator, not of rooms"
    );
    let stderr = refused(&["generate", "--generator", "grid", "--room-count", "64"]);
    assert_eq!(
        stderr.trim_end(),
        "error: --room-count is 64; allowed 2..=63"
    );
    let stderr = refused(&["generate", "--generator", "grid", "--room-width", "2"]);
    assert_eq!(
        stderr.trim_end(),
        "error: --room-width is 2; allowed 3..=255"
    );
}

#[test]
fn every_listed_generator_is_reachable_by_name() {
    for &kind in GeneratorKind::ALL {
        let json: Value = serde_json::from_str(&stdout(&[
            "generate",
            "--generator",
            kind.name(),
            "--seed",
            "3",
            "--format",
            "json",
        ]))
        .unwrap();
        assert_eq!(json["generator"], kind.name());
        let expected = mapgen::generators::Generator::with_defaults(kind)
            .generate(3)
            .unwrap();
        assert_eq!(tiles_text(&json), expected.map.to_string(), "{kind}");
        let exit = expected.exit();
        assert_eq!(
            json["exit"],
            serde_json::json!({"x": exit.x, "y": exit.y}),
            "{kind}"
        );
    }
    let help = stdout(&["generate", "--help"]);
    for &kind in GeneratorKind::ALL {
        assert!(
            help.contains(kind.name()) && help.contains(kind.about()),
            "{kind}"
        );
    }
}

/// Grid settings under which seed 0 grows and seed 1 gives up.
const FAILS_AT_SEED_1: [&str; 20] = [
    "--generator",
    "grid",
    "--cols",
    "3",
    "--rows",
    "3",
    "--room-width",
    "3",
    "--room-height",
    "3",
    "--room-count",
    "8",
    "--weight-dead-end",
    "50",
    "--weight-straight",
    "1",
    "--weight-tee",
    "0",
    "--weight-cross",
    "0",
];

#[test]
fn a_failing_seed_is_named_and_json_stays_well_formed() {
    for jobs in ["1", "3"] {
        for format in ["json", "jsonl", "ascii"] {
            let mut args = vec![
                "generate", "--count", "5", "--format", format, "--jobs", jobs,
            ];
            args.extend(FAILS_AT_SEED_1);
            let out = mapgen(&args);
            let stderr = String::from_utf8(out.stderr).unwrap();
            assert_eq!(out.status.code(), Some(2), "{stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(
                stderr.starts_with("error: seed 1: grid generator gave up after"),
                "{stderr}"
            );
            let stdout = String::from_utf8(out.stdout).unwrap();
            match format {
                "json" => {
                    // The array holds the dungeons before the failing seed, and is closed.
                    let json: Value = serde_json::from_str(&stdout).unwrap();
                    let seeds: Vec<i64> = json
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|d| d["seed"].as_i64().unwrap())
                        .collect();
                    assert_eq!(seeds, [0]);
                }
                "jsonl" => assert_eq!(stdout.lines().count(), 1),
                _ => assert_eq!(stdout.lines().count(), 7, "one 7-row map"),
            }
        }
    }
    // Failing on the first seed: an empty array, still valid JSON.
    let mut args = vec![
        "generate", "--seed", "1", "--count", "3", "--format", "json",
    ];
    args.extend(FAILS_AT_SEED_1);
    let out = mapgen(&args);
    assert_eq!(out.status.code(), Some(2));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json, serde_json::json!([]));
    let mut args = vec!["generate", "--seed", "1", "--format", "json"];
    args.extend(FAILS_AT_SEED_1);
    assert!(
        mapgen(&args).stdout.is_empty(),
        "no half object for one seed"
    );
}

#[test]
fn any_number_of_jobs_writes_the_same_bytes() {
    for format in ["ascii", "json", "jsonl"] {
        for generator in ["rooms", "grid"] {
            let args = |jobs: &'static str| {
                vec![
                    "generate",
                    "--count",
                    "60",
                    "--seed",
                    "9",
                    "--format",
                    format,
                    "--generator",
                    generator,
                    "--jobs",
                    jobs,
                ]
            };
            let one = stdout(&args("1"));
            for jobs in ["2", "7"] {
                assert!(
                    one == stdout(&args(jobs)),
                    "{format} {generator} --jobs {jobs}"
                );
            }
        }
    }
    assert!(refused(&["generate", "--jobs", "0"]).contains("--jobs"));
    assert!(refused(&["generate", "--jobs", "1025"]).contains("--jobs"));
}

/// A reader that stops early is not an error, in every format: the JSON writers once hid
/// the broken pipe inside `serde_json`'s error and exited 2.
#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    use std::io::Read;
    use std::process::Stdio;
    for format in ["ascii", "json", "jsonl"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mapgen"))
            .args(["generate", "--count", "100000", "--format", format])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The pipe's read end is dropped here: the next write fails.
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(0), "{format}: {stderr}");
        assert!(stderr.is_empty(), "{format}: {stderr}");
    }
}

#[test]
fn a_one_cell_grid_names_both_flags() {
    let stderr = refused(&[
        "generate",
        "--generator",
        "grid",
        "--cols",
        "1",
        "--rows",
        "1",
    ]);
    assert_eq!(
        stderr.trim_end(),
        "error: --cols * --rows is 1; allowed 2..=1040417"
    );
    let stderr = refused(&[
        "generate",
        "--generator",
        "grid",
        "--weight-straight",
        "0",
        "--weight-turn",
        "0",
        "--weight-tee",
        "0",
        "--weight-cross",
        "0",
    ]);
    assert_eq!(
        stderr.trim_end(),
        "error: --weight-straight + --weight-turn + --weight-tee + --weight-cross is 0; allowed 1..=4000000"
    );
}

/// `generate` records the generator, every setting and the seed; `regenerate` makes the
/// same dungeons from them and prints the same bytes.
#[test]
fn saved_dungeons_regenerate_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("mapgen-regenerate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for &kind in GeneratorKind::ALL {
        for (format, count) in [("json", "1"), ("json", "3"), ("jsonl", "3")] {
            let args = [
                "generate",
                "--generator",
                kind.name(),
                "--seed",
                "11",
                "--count",
                count,
                "--format",
                format,
            ];
            let saved = stdout(&args);
            let file = dir.join(format!("{}-{format}-{count}.json", kind.name()));
            std::fs::write(&file, &saved).unwrap();
            let again = stdout(&["regenerate", "--format", format, file.to_str().unwrap()]);
            assert_eq!(again, saved, "{kind} {format} {count}");
        }
    }
    // Settings other than the defaults are recorded too.
    let args = [
        "generate",
        "--generator",
        "rooms",
        "--width",
        "50",
        "--room-max",
        "7",
        "--format",
        "json",
    ];
    let saved = stdout(&args);
    let json: Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(json["settings"]["width"], 50);
    assert_eq!(json["settings"]["room_max_size"], 7);
    let file = dir.join("rooms-50.json");
    std::fs::write(&file, &saved).unwrap();
    assert_eq!(stdout(&["regenerate", file.to_str().unwrap()]), saved);
    // An isaac floor with its own flags and the shared room size: cells, links, seeds.
    let isaac = [
        "generate",
        "--generator",
        "isaac",
        "--stage",
        "3",
        "--xl",
        "--room-width",
        "9",
        "--format",
        "json",
    ];
    let isaac_saved = stdout(&isaac);
    let json: Value = serde_json::from_str(&isaac_saved).unwrap();
    assert_eq!(json["settings"]["stage"], 3);
    assert_eq!(json["settings"]["room_width"], 9);
    assert!(
        json["grid"]["links"]
            .as_array()
            .is_some_and(|l| !l.is_empty())
    );
    let isaac_file = dir.join("isaac-3-xl.json");
    std::fs::write(&isaac_file, &isaac_saved).unwrap();
    assert_eq!(
        stdout(&["regenerate", isaac_file.to_str().unwrap()]),
        isaac_saved
    );

    // A dungeon that is not what its record makes, settings out of range, and a map that
    // disagrees with its size are refused with one line naming the problem.
    let tampered = [
        (
            saved.replacen("\"seed\": 0", "\"seed\": 1", 1),
            "dungeon 0 is not what rooms makes from seed 1",
        ),
        (
            saved.replacen("\"width\":50", "\"width\":2", 1),
            "dungeon 0: width is 2; allowed 3..=10000",
        ),
        (
            saved.replacen("\"height\": 45", "\"height\": 44", 1),
            "tiles has 45 rows; the map's height is 44",
        ),
        (String::from("[]"), "holds no dungeon"),
        (String::from("{\"seed\": -1}"), "no \"seed\""),
    ];
    for (text, expected) in tampered {
        assert_ne!(text, saved);
        std::fs::write(&file, &text).unwrap();
        let out = mapgen(&["regenerate", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("error: ") && err.contains(expected),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let out = mapgen(&["regenerate", dir.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a directory, not a regular file"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `regenerate -` reads what `generate` writes through a pipe.
#[test]
fn regenerate_reads_standard_input_as_dash() {
    use std::io::Write as _;
    let saved = stdout(&[
        "generate", "--seed", "5", "--count", "2", "--format", "jsonl",
    ]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_mapgen"))
        .args(["regenerate", "--format", "jsonl", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(saved.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), saved);
}

#[test]
fn voronois_old_seeds_flag_still_works_with_one_warning_line() {
    let args = [
        "generate",
        "--generator",
        "voronoi",
        "--width",
        "30",
        "--height",
        "12",
    ];
    let new = mapgen(&[&args[..], &["--cells", "7"]].concat());
    let old = mapgen(&[&args[..], &["--seeds", "7"]].concat());
    assert!(new.status.success() && old.status.success());
    assert_eq!(old.stdout, new.stdout, "the same dungeon");
    assert!(
        new.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&new.stderr)
    );
    let warning = String::from_utf8(old.stderr).unwrap();
    assert!(
        warning.starts_with("warning: --seeds is now --cells"),
        "{warning}"
    );
    assert_eq!(warning.lines().count(), 1, "{warning}");
}
