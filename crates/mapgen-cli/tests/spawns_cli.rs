//! `--spawns` end to end: ASCII, JSON and PNG output, `regenerate` without the table file,
//! and the errors (one line, exit 2).

use cli_common::quote::short_path;
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::spawns::{SpawnKind, SpawnTable};
use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
use mapgen::{Dungeon, DungeonRng};
use serde_json::{Value, json};

mod support;
use support::{mapgen, refused, stdout, temp_dir};

/// The library's dungeon of `seed` with `vaults` vaults and `table` at `depth`, drawn
/// from one stream as the command promises.
fn library(kind: GeneratorKind, seed: u64, vaults: u32, table: &SpawnTable, depth: u32) -> Dungeon {
    let mut rng = DungeonRng::new(seed);
    let mut dungeon = Generator::with_defaults(kind)
        .generate_with(&mut rng)
        .unwrap();
    if vaults > 0 {
        let settings = VaultSettings {
            count: vaults,
            ..VaultSettings::default()
        };
        VaultPlan::new(VaultLibrary::builtin().clone(), settings)
            .unwrap()
            .place(&mut dungeon, &mut rng);
    }
    table.place(&mut dungeon, depth, &mut rng).unwrap();
    dungeon
}

/// The map as text with each thing over its tile: a monster as the first letter of its
/// name, an item as `!`.
fn drawn(dungeon: &Dungeon) -> String {
    let mut rows: Vec<Vec<u8>> = (0..dungeon.map.height())
        .map(|y| dungeon.map.row_glyphs(y).into_bytes())
        .collect();
    for s in &dungeon.spawns {
        rows[s.at.y as usize][s.at.x as usize] = match s.kind {
            SpawnKind::Monster => s.name.as_bytes()[0],
            SpawnKind::Item => b'!',
        };
    }
    rows.into_iter()
        .map(|r| String::from_utf8(r).unwrap() + "\n")
        .collect()
}

/// A small table of our own.
const TABLE: &str =
    "# two things\nmonsters 1:3\nitems 1:2\nmonster bat weight 1:5\nitem apple max 1 weight 1:1\n";

#[test]
fn ascii_and_json_are_the_librarys_spawns_on_every_generator() {
    for &kind in GeneratorKind::ALL {
        let expected = library(kind, 8, 2, SpawnTable::builtin(), 3);
        let flags = [
            "--generator",
            kind.name(),
            "--seed",
            "8",
            "--vaults",
            "builtin",
            "--vault-count",
            "2",
            "--spawns",
            "builtin",
            "--spawn-depth",
            "3",
        ];
        let ascii = stdout(&[&["generate"][..], &flags].concat());
        assert_eq!(ascii, drawn(&expected), "{kind}");
        assert!(!expected.spawns.is_empty(), "{kind}: nothing placed");
        let json: Value = serde_json::from_str(&stdout(
            &[&["generate", "--format", "json"][..], &flags].concat(),
        ))
        .unwrap();
        let spawns: Vec<Value> = expected
            .spawns
            .iter()
            .map(|s| json!({"name": s.name, "kind": s.kind.word(), "x": s.at.x, "y": s.at.y}))
            .collect();
        assert_eq!(json["spawns"], Value::from(spawns), "{kind}");
        let fingerprint = format!("{:016x}", SpawnTable::builtin().fingerprint());
        assert_eq!(
            json["spawn_settings"],
            json!({"table": "builtin", "fingerprint": fingerprint, "depth": 3})
        );
        // The tiles stay the map's: the things are beside them.
        assert_eq!(json["tiles"][0], expected.map.row_glyphs(0));
    }
    // Without --spawns the JSON has neither field, and the map is the same.
    let plain: Value =
        serde_json::from_str(&stdout(&["generate", "--seed", "3", "--format", "json"])).unwrap();
    assert!(plain.get("spawns").is_none() && plain.get("spawn_settings").is_none());
    let with: Value = serde_json::from_str(&stdout(&[
        "generate", "--seed", "3", "--format", "json", "--spawns", "builtin",
    ]))
    .unwrap();
    assert_eq!(with["tiles"], plain["tiles"]);
    assert_eq!(with["spawn_settings"]["depth"], 1);
}

#[test]
fn saved_dungeons_with_spawns_regenerate_byte_for_byte() {
    let dir = temp_dir("regenerate");
    for &kind in GeneratorKind::ALL {
        for format in ["json", "jsonl"] {
            let args = [
                "generate",
                "--generator",
                kind.name(),
                "--seed",
                "11",
                "--count",
                "2",
                "--format",
                format,
                "--vaults",
                "builtin",
                "--vault-count",
                "3",
                "--spawns",
                "builtin",
                "--spawn-depth",
                "5",
            ];
            let saved = stdout(&args);
            let file = dir.join(format!("{}.{format}", kind.name()));
            std::fs::write(&file, &saved).unwrap();
            let again = stdout(&["regenerate", "--format", format, file.to_str().unwrap()]);
            assert_eq!(again, saved, "{kind} {format}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_table_files_dungeons_regenerate_without_the_file_and_refuse_edits() {
    let dir = temp_dir("file");
    let table_file = dir.join("bats.txt");
    std::fs::write(&table_file, TABLE).unwrap();
    let args = [
        "generate",
        "--seed",
        "3",
        "--count",
        "2",
        "--format",
        "json",
        "--spawns",
        table_file.to_str().unwrap(),
        "--spawn-depth",
        "2",
    ];
    let saved = stdout(&args);
    let json: Value = serde_json::from_str(&saved).unwrap();
    let table = SpawnTable::parse("bats.txt", TABLE).unwrap();
    assert_eq!(json[0]["spawn_settings"]["text"], table.to_string());
    assert_eq!(
        json[0]["spawn_settings"]["table"],
        table_file.to_str().unwrap()
    );
    let names: Vec<&str> = json[0]["spawns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"bat") && names.contains(&"apple"),
        "{names:?}"
    );
    std::fs::remove_file(&table_file).unwrap();
    let file = dir.join("saved.json");
    std::fs::write(&file, &saved).unwrap();
    assert_eq!(stdout(&["regenerate", file.to_str().unwrap()]), saved);
    // The picture of a saved dungeon with things on it.
    let png = mapgen(&["regenerate", "--format", "png", file.to_str().unwrap()]);
    assert_eq!(png.status.code(), Some(2), "two dungeons: one picture only");

    let edits = [
        (
            saved.replacen("weight 1:5", "weight 1:6", 1),
            "spawn_settings: fingerprint",
        ),
        (
            saved.replacen("weight 1:5", "weight 1:x", 1),
            "spawn_settings: text:3:22: \"x\" is not a weight",
        ),
        (
            saved.replacen("\"depth\":2", "\"depth\":0", 1),
            "spawn_settings: depth is 0",
        ),
        (
            saved.replacen("\"table\":", "\"tabel\":", 1),
            "spawn_settings: unknown field `tabel`",
        ),
        (
            saved.replacen("\"name\":\"bat\"", "\"name\":\"cat\"", 1),
            "dungeon 0 is not what rooms makes",
        ),
        (
            saved.replacen("\"spawn_settings\":", "\"notes\":", 1),
            "dungeon 0 has \"spawns\" but no \"spawn_settings\"",
        ),
    ];
    for (text, expected) in edits {
        assert_ne!(text, saved, "{expected}");
        std::fs::write(&file, &text).unwrap();
        let err = refused(&["regenerate", file.to_str().unwrap()]);
        assert!(err.contains(expected), "{expected}: {err}");
    }
    let builtin = stdout(&["generate", "--format", "json", "--spawns", "builtin"]);
    let fingerprint = format!("{:016x}", SpawnTable::builtin().fingerprint());
    std::fs::write(&file, builtin.replacen(&fingerprint, "0123456789abcdef", 1)).unwrap();
    let err = refused(&["regenerate", file.to_str().unwrap()]);
    assert!(
        err.contains(
            "fingerprint \"0123456789abcdef\", but this mapgen's built-in spawn table has"
        ),
        "{err}"
    );
    // Another depth places other things (this table's weights change with depth).
    let deeper = builtin.replacen("\"depth\":1", "\"depth\":6", 1);
    std::fs::write(&file, deeper).unwrap();
    let err = refused(&["regenerate", file.to_str().unwrap()]);
    assert!(
        err.contains("dungeon 0 is not what rooms makes from seed 0"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_picture_marks_monsters_and_items() {
    use mapgen_picture::marks::{ITEM_MARK, MONSTER_MARK};
    let dir = temp_dir("png");
    let file = dir.join("spawns.png");
    stdout(&[
        "generate",
        "--seed",
        "5",
        "--format",
        "png",
        "--tile-size",
        "8",
        "--spawns",
        "builtin",
        "--spawn-depth",
        "4",
        "--output",
        file.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(&file).unwrap();
    let mut reader = png::Decoder::new(&bytes[..]).read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let rgb = |x: u32, y: u32| {
        let i = (y * info.width + x) as usize * 3;
        (pixels[i], pixels[i + 1], pixels[i + 2])
    };
    let expected = library(GeneratorKind::Rooms, 5, 0, SpawnTable::builtin(), 4);
    assert!(expected.spawns.iter().any(|s| s.kind == SpawnKind::Item));
    for s in &expected.spawns {
        // The middle of the thing's 8-pixel square.
        let colour = rgb(s.at.x as u32 * 8 + 4, s.at.y as u32 * 8 + 4);
        let mark = if s.kind == SpawnKind::Monster {
            MONSTER_MARK
        } else {
            ITEM_MARK
        };
        assert_eq!(colour, mark, "{} at {}", s.name, s.at);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_spawn_flags_and_files_are_one_line_with_exit_2() {
    let dir = temp_dir("errors");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "monsters 1:2\nmonster orc weight 3:5 2:9\n").unwrap();
    let binary = dir.join("binary.bin");
    std::fs::write(&binary, b"monsters 1:2\n\x00\xff\n").unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# nothing\n").unwrap();
    let cases: Vec<(String, String)> = vec![
        (
            bad.display().to_string(),
            format!(
                "error: {}:2:24: depth 2 is not deeper than the step before it (3); steps go from shallow to deep",
                short_path(&bad)
            ),
        ),
        (
            binary.display().to_string(),
            format!(
                "error: {}:2:2: not UTF-8 text (a binary file?)",
                short_path(&binary)
            ),
        ),
        (
            empty.display().to_string(),
            format!("error: {}:2:1: no entries;", short_path(&empty)),
        ),
        (
            dir.display().to_string(),
            format!(
                "error: --spawns {}: is a directory, not a regular file",
                short_path(&dir)
            ),
        ),
        (
            "/dev/zero".into(),
            "error: --spawns /dev/zero: is a character device, not a regular file".into(),
        ),
        (
            "/no/such/file".into(),
            "error: --spawns /no/such/file: does not exist".into(),
        ),
    ];
    let out = dir.join("out").display().to_string();
    for (path, expected) in cases {
        for format in ["ascii", "json", "png"] {
            let args = [
                "generate",
                "--format",
                format,
                "--output",
                out.as_str(),
                "--spawns",
                path.as_str(),
            ];
            let err = refused(&args);
            assert!(err.starts_with(&expected), "{args:?}: {err}");
        }
    }
    for format in ["gif", "steps"] {
        let err = refused(&[
            "generate",
            "--format",
            format,
            "--output",
            out.as_str(),
            "--spawns",
            "builtin",
        ]);
        assert!(
            err.contains("--spawns builtin is for --format ascii, json, jsonl, png, tmx and tmj"),
            "{err}"
        );
    }
    // Out of range, and --spawn-depth without --spawns: clap's usage errors, exit 2.
    for args in [
        &["generate", "--spawns", "builtin", "--spawn-depth", "0"][..],
        &["generate", "--spawns", "builtin", "--spawn-depth", "-1"],
        &["generate", "--spawn-depth", "3"],
        &["generate", "--spawns", ""],
    ] {
        let out = mapgen(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.starts_with("error: ") && !stderr.contains("panicked"),
            "{stderr}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
