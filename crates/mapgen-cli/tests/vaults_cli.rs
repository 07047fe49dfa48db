//! `--vaults` end to end: on every command that makes dungeons, in the JSON, through
//! `regenerate`, `mapgen vaults list|show`, and the errors (one line, exit 2).

use std::path::Path;

use cli_common::quote::short_path;
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
use serde_json::{Value, json};

mod support;
use support::{mapgen, refused, stdout, temp_dir};

fn plan(count: u32, tags: &[&str]) -> VaultPlan {
    let settings = VaultSettings {
        count,
        tags: tags.iter().map(ToString::to_string).collect(),
    };
    VaultPlan::new(VaultLibrary::builtin().clone(), settings).unwrap()
}

/// A small vault file of our own: a closet with a secret door.
const CLOSET: &str = "name: closet\nweight: 3\nlegend: S=+\nmap:\n#####\n#.S.#\n##.##\n##@##\n";

#[test]
fn ascii_is_the_librarys_dungeon_with_vaults_on_every_generator() {
    for &kind in GeneratorKind::ALL {
        let generator = Generator::with_defaults(kind);
        let expected = plan(4, &[]).generate(&generator, 8).unwrap();
        let args = [
            "generate",
            "--generator",
            kind.name(),
            "--seed",
            "8",
            "--vaults",
            "builtin",
            "--vault-count",
            "4",
        ];
        assert_eq!(stdout(&args), expected.map.to_string(), "{kind}");
    }
}

#[test]
fn json_lists_the_placed_vaults_their_settings_and_the_exit_after_stamping() {
    let args = [
        "generate",
        "--seed",
        "42",
        "--format",
        "json",
        "--vaults",
        "builtin",
        "--vault-count",
        "5",
        "--vault-tags",
        "treasure,hall",
    ];
    let saved: Value = serde_json::from_str(&stdout(&args)).unwrap();
    let generator = Generator::with_defaults(GeneratorKind::Rooms);
    let expected = plan(5, &["treasure", "hall"])
        .generate(&generator, 42)
        .unwrap();
    assert!(!expected.vaults.is_empty());
    let vaults: Vec<Value> = expected
        .vaults
        .iter()
        .map(|p| {
            json!({"name": p.name, "x": p.x, "y": p.y, "width": p.width, "height": p.height,
                   "mirror": p.mirror, "rotate": p.rotate.degrees()})
        })
        .collect();
    assert_eq!(saved["vaults"], Value::Array(vaults));
    let exit = expected.exit();
    assert_eq!(saved["exit"], json!({"x": exit.x, "y": exit.y}));
    assert_eq!(
        saved["vault_settings"],
        json!({"library": "builtin", "fingerprint": format!("{:016x}", VaultLibrary::builtin().fingerprint()),
               "count": 5, "tags": ["treasure", "hall"]})
    );
    // The dungeon loads back through the library's serde form, vaults and legend too.
    let loaded: mapgen::Dungeon = serde_json::from_value(saved.clone()).unwrap();
    assert_eq!(loaded, expected);
    // Every placed vault's name is in the library, with one of the asked tags.
    for vault in saved["vaults"].as_array().unwrap() {
        let found = VaultLibrary::builtin()
            .get(vault["name"].as_str().unwrap())
            .unwrap();
        assert!(found.tags().iter().any(|t| t == "treasure" || t == "hall"));
    }
}

#[test]
fn fewer_fits_than_asked_is_not_an_error_and_zero_places_none() {
    // A 20x12 map has room for a few vaults at most, not 64.
    let args = [
        "generate",
        "--width",
        "20",
        "--height",
        "12",
        "--format",
        "json",
        "--vaults",
        "builtin",
        "--vault-count",
        "64",
    ];
    let saved: Value = serde_json::from_str(&stdout(&args)).unwrap();
    assert!(saved["vaults"].as_array().unwrap().len() < 64);

    let none: Value = serde_json::from_str(&stdout(&[
        "generate",
        "--seed",
        "3",
        "--format",
        "json",
        "--vaults",
        "builtin",
        "--vault-count",
        "0",
    ]))
    .unwrap();
    let plain: Value =
        serde_json::from_str(&stdout(&["generate", "--seed", "3", "--format", "json"])).unwrap();
    assert_eq!(none["vaults"], json!([]));
    assert_eq!(none["tiles"], plain["tiles"]);
    // Without --vaults the JSON has neither field.
    assert!(plain.get("vaults").is_none() && plain.get("vault_settings").is_none());
}

#[test]
fn saved_dungeons_with_vaults_regenerate_byte_for_byte() {
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
                "6",
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
fn a_vault_files_dungeons_regenerate_without_the_file_and_refuse_an_edited_text() {
    let dir = temp_dir("file");
    let vault_file = dir.join("closet.txt");
    std::fs::write(&vault_file, CLOSET).unwrap();
    let args = [
        "generate",
        "--seed",
        "3",
        "--count",
        "3",
        "--format",
        "json",
        "--vaults",
        vault_file.to_str().unwrap(),
        "--vault-count",
        "4",
    ];
    let saved = stdout(&args);
    let json: Value = serde_json::from_str(&saved).unwrap();
    let library = VaultLibrary::parse("closet.txt", CLOSET).unwrap();
    assert_eq!(json[0]["vault_settings"]["text"], library.to_string());
    assert!(!json[0]["vaults"].as_array().unwrap().is_empty());
    // The secret door is a tile of the file's own, listed in the legend.
    assert_eq!(
        json[0]["legend"],
        json!([{"glyph": "S", "walkable": true, "transparent": false}])
    );
    std::fs::remove_file(&vault_file).unwrap();
    let file = dir.join("saved.json");
    std::fs::write(&file, &saved).unwrap();
    assert_eq!(stdout(&["regenerate", file.to_str().unwrap()]), saved);

    // An edited text that still parses prints to another fingerprint; one that does not
    // parse is named by its line in the text; a builtin fingerprint of another library.
    let edits = [
        (
            saved.replacen("#.S.#", "#.+.#", 1),
            "vault_settings: fingerprint",
        ),
        (
            saved.replacen("#.S.#", "#.S.S", 1),
            "vault_settings: text:8:5: map: walkable 'S' on the vault's edge",
        ),
        (
            saved.replacen("\"count\":4", "\"count\":65", 1),
            "vault_settings: count is 65; allowed 0..=64",
        ),
        (
            saved.replacen("\"tags\":[]", "\"tags\":[\"kitchen\"]", 1),
            "vault_settings: no vault has the tag \"kitchen\"",
        ),
        (
            saved.replacen("\"library\":", "\"libary\":", 1),
            "vault_settings: unknown field `libary`",
        ),
    ];
    for (text, expected) in edits {
        assert_ne!(text, saved, "{expected}");
        std::fs::write(&file, &text).unwrap();
        let err = refused(&["regenerate", file.to_str().unwrap()]);
        assert!(err.contains(expected), "{err}");
    }
    let builtin = stdout(&["generate", "--format", "json", "--vaults", "builtin"]);
    let fingerprint = format!("{:016x}", VaultLibrary::builtin().fingerprint());
    let other = builtin.replacen(&fingerprint, "0123456789abcdef", 1);
    std::fs::write(&file, &other).unwrap();
    let err = refused(&["regenerate", file.to_str().unwrap()]);
    assert!(
        err.contains(
            "fingerprint \"0123456789abcdef\", but this mapgen's built-in vault library has"
        ),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn list_names_every_vault_with_its_size_and_tags() {
    let text = stdout(&["vaults", "list"]);
    let vaults = VaultLibrary::builtin().vaults();
    assert!(vaults.len() >= 20);
    assert_eq!(text.lines().count(), vaults.len());
    for (line, vault) in text.lines().zip(vaults) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let size = format!("{}x{}", vault.glyphs().width(), vault.glyphs().height());
        assert_eq!(words[0], vault.name());
        assert_eq!(words[1], size);
        assert_eq!(words[2], vault.tags().join(","));
    }
    let dir = temp_dir("list");
    let file = dir.join("closet.txt");
    std::fs::write(&file, CLOSET).unwrap();
    let listed = stdout(&["vaults", "list", "--vaults", file.to_str().unwrap()]);
    assert_eq!(listed, "closet  5x4\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn show_prints_a_vaults_rows_as_written_and_nothing_else() {
    for vault in VaultLibrary::builtin().vaults() {
        let mut rows = vault.glyphs().rows().join("\n");
        rows.push('\n');
        assert_eq!(stdout(&["vaults", "show", vault.name()]), rows);
    }
    // Spaces at a row's end are glyphs, kept.
    let nook = stdout(&["vaults", "show", "treasure_nook"]);
    assert!(nook.lines().any(|row| row.ends_with(' ')), "{nook}");
    let dir = temp_dir("show");
    let file = dir.join("closet.txt");
    std::fs::write(&file, CLOSET).unwrap();
    let shown = stdout(&[
        "vaults",
        "show",
        "closet",
        "--vaults",
        file.to_str().unwrap(),
    ]);
    assert_eq!(shown, "#####\n#.S.#\n##.##\n##@##\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_commands_that_make_dungeons_all_take_vaults() {
    let generator = Generator::with_defaults(GeneratorKind::Rooms);
    let expected = plan(5, &[]).generate(&generator, 4).unwrap();
    let vault_flags = ["--seed", "4", "--vaults", "builtin", "--vault-count", "5"];
    // `path` goes from the start to the exit after stamping, through the vaults' tiles.
    let path: Value =
        serde_json::from_str(&stdout(&[&["path"][..], &vault_flags].concat())).unwrap();
    let exit = expected.exit();
    assert_eq!(path["to"], json!([exit.x, exit.y]));
    assert!(!path["cost"].is_null());
    // `dijkstra` measures the stamped map: its walls are null.
    let dijkstra: Value =
        serde_json::from_str(&stdout(&[&["dijkstra"][..], &vault_flags].concat())).unwrap();
    for (y, row) in dijkstra["distances"].as_array().unwrap().iter().enumerate() {
        for (x, d) in row.as_array().unwrap().iter().enumerate() {
            if !expected.map.is_walkable((x as i32, y as i32)) {
                assert!(d.is_null(), "{x},{y}");
            }
        }
    }
    let dir = temp_dir("pictures");
    let with = dir.join("with.png");
    let without = dir.join("without.png");
    for (file, vaults) in [(&with, &vault_flags[..]), (&without, &vault_flags[..2])] {
        let args = [
            &[
                "generate",
                "--format",
                "png",
                "--output",
                file.to_str().unwrap(),
            ][..],
            vaults,
        ]
        .concat();
        stdout(&args);
    }
    assert_ne!(
        std::fs::read(&with).unwrap(),
        std::fs::read(&without).unwrap()
    );
    let sheet = dir.join("sheet.png");
    let args = [
        &[
            "render",
            "--count",
            "2",
            "--output",
            sheet.to_str().unwrap(),
        ][..],
        &vault_flags[2..],
    ]
    .concat();
    stdout(&args);
    assert!(is_png(&sheet));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn is_png(path: &Path) -> bool {
    std::fs::read(path).unwrap().starts_with(b"\x89PNG")
}

#[test]
fn bad_vault_flags_and_files_are_one_line_with_exit_2() {
    let dir = temp_dir("errors");
    let ragged = dir.join("ragged.txt");
    std::fs::write(&ragged, "name: a\nmap:\n###\n#.##\n#@#\n").unwrap();
    let binary = dir.join("binary.bin");
    std::fs::write(&binary, b"name: a\nmap:\n\x00\xff\n").unwrap();
    let twice = dir.join("twice.txt");
    std::fs::write(&twice, format!("{CLOSET}---\n{CLOSET}")).unwrap();
    let shut = dir.join("shut.txt");
    std::fs::write(&shut, "name: shut\nmap:\n###\n#.#\n###\n").unwrap();
    let ragged_name = short_path(&ragged);
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec!["--vaults".into(), ragged.to_str().unwrap().into()],
            format!("error: {ragged_name}:4:"),
        ),
        (
            vec!["--vaults".into(), binary.to_str().unwrap().into()],
            format!("error: {}:3:", short_path(&binary)),
        ),
        (
            vec!["--vaults".into(), twice.to_str().unwrap().into()],
            format!(
                "error: {}:10:7: name: \"closet\" is already the name of the vault at line 1",
                short_path(&twice)
            ),
        ),
        (
            vec!["--vaults".into(), shut.to_str().unwrap().into()],
            format!("error: {}:2:1: map: no entrance '@'", short_path(&shut)),
        ),
        (
            vec!["--vaults".into(), dir.to_str().unwrap().into()],
            format!(
                "error: --vaults {}: is a directory, not a regular file",
                short_path(&dir)
            ),
        ),
        (
            vec!["--vaults".into(), "/dev/zero".into()],
            "error: --vaults /dev/zero: is a character device, not a regular file".into(),
        ),
        (
            vec!["--vaults".into(), "/no/such/file".into()],
            "error: --vaults /no/such/file: does not exist".into(),
        ),
        (
            vec![
                "--vaults".into(),
                "builtin".into(),
                "--vault-tags".into(),
                "kitchen".into(),
            ],
            "error: --vault-tags: no vault has the tag \"kitchen\"; the library's 33 tags: \"armory\","
                .into(),
        ),
    ];
    for (flags, expected) in cases {
        for command in ["generate", "path", "dijkstra"] {
            let mut args = vec![command.to_string()];
            args.extend(flags.iter().cloned());
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let err = refused(&args);
            assert!(err.starts_with(&expected), "{args:?}: {err}");
        }
    }
    let err = refused(&["vaults", "show", "kitchen"]);
    assert_eq!(
        err,
        "error: no vault named \"kitchen\" in builtin; `mapgen vaults list` names them\n"
    );
    let err = refused(&["vaults", "list", "--vaults", ragged.to_str().unwrap()]);
    assert!(
        err.starts_with(&format!("error: {ragged_name}:4:")),
        "{err}"
    );
    // Out of range and --vault-* without --vaults: clap's usage errors, exit 2.
    for args in [
        &["generate", "--vaults", "builtin", "--vault-count", "65"][..],
        &["generate", "--vaults", "builtin", "--vault-count", "-1"],
        &["generate", "--vault-count", "3"],
        &["generate", "--vault-tags", "water"],
        &["generate", "--vaults", ""],
    ] {
        let out = mapgen(args);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(
            out.stdout.is_empty() && !stderr.contains("panicked"),
            "{stderr}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
