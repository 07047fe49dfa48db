//! `mapgen generate --generator wfc` end to end: a sample file of the user's, its refusals,
//! and a saved dungeon of a custom sample made again from its settings alone.

use std::path::PathBuf;

use serde_json::Value;

mod support;
use support::mapgen;

/// A directory of this test's own in the temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("mapgen-wfc-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// A file of the directory holding `bytes`, as an argument.
    fn file(&self, name: &str, bytes: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const SAMPLE: &[u8] = b"##########\n#...#....#\n#.#.#.##.#\n#.#...#..#\n#...#...##\n##########\n";

#[test]
fn a_custom_sample_is_saved_in_the_settings_and_regenerates() {
    let dir = TempDir::new("regenerate");
    let sample = dir.file("sample.txt", SAMPLE);
    let args = [
        "generate",
        "--generator",
        "wfc",
        "--sample-file",
        &sample,
        "--width",
        "40",
        "--height",
        "20",
        "--seed",
        "4",
        "--count",
        "2",
        "--format",
        "json",
    ];
    let out = mapgen(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let saved = String::from_utf8(out.stdout).unwrap();
    let json: Value = serde_json::from_str(&saved).unwrap();
    let rows: Vec<&str> = json[0]["settings"]["sample"]["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(rows.join("\n") + "\n", std::str::from_utf8(SAMPLE).unwrap());
    // The sample file is not needed any more: the settings hold the sample.
    std::fs::remove_file(&sample).unwrap();
    let file = dir.file("saved.json", saved.as_bytes());
    let again = mapgen(&["regenerate", &file]);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_eq!(String::from_utf8(again.stdout).unwrap(), saved);
    // A sample in the settings is checked on loading, as the flag checks a file.
    let tampered = [
        (
            saved.replacen("\"#...#....#\"", "\"#...#...\"", 1),
            "tiles row 1 has 8 tiles; the map's width is 10",
        ),
        (
            saved.replacen("\"#...#....#\"", "\"#...#..?.#\"", 1),
            "unknown tile glyph '?'",
        ),
        (
            saved
                .replacen("\"#...#....#\"", "\"##########\"", 1)
                .replace('.', "#"),
            "sample has no walkable tile",
        ),
    ];
    for (text, problem) in tampered {
        let file = dir.file("tampered.json", text.as_bytes());
        let out = mapgen(&["regenerate", &file]);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(problem), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // A built-in sample is saved by its name; an unknown name lists the known ones.
    let out = mapgen(&[
        "generate",
        "--generator",
        "wfc",
        "--width",
        "30",
        "--height",
        "12",
        "--format",
        "json",
    ]);
    let builtin = String::from_utf8(out.stdout).unwrap();
    assert!(builtin.contains("\"sample\":\"rooms\""), "{builtin}");
    let file = dir.file(
        "named.json",
        builtin.replacen("\"rooms\"", "\"forest\"", 1).as_bytes(),
    );
    let err = String::from_utf8(mapgen(&["regenerate", &file]).stderr).unwrap();
    assert!(
        err.contains("unknown sample \"forest\"; allowed: rooms, caves, ruined-hall, lakes"),
        "{err}"
    );
}

#[test]
fn a_bad_sample_file_is_one_line_and_exit_2() {
    let dir = TempDir::new("refusals");
    let cases = [
        (
            dir.file("glyph.txt", b"####\n#.?#\n####\n"),
            "sample line 2, column 3: unknown tile glyph '?'",
        ),
        (dir.file("empty.txt", b""), "sample is empty"),
        (
            dir.file("ragged.txt", b"####\n#.#\n"),
            "sample line 2 has 3 tiles",
        ),
        (
            dir.file("large.txt", &vec![b'.'; 100_000]),
            "is larger than 2176 bytes",
        ),
        (
            dir.file("tall.txt", ".#\n".repeat(40).as_bytes()),
            "sample is 2x40; allowed at most 32x32",
        ),
        (
            dir.0.join("missing.txt").to_str().unwrap().to_string(),
            "does not exist",
        ),
        (
            dir.0.to_str().unwrap().to_string(),
            "is a directory, not a regular file",
        ),
        // A special file is refused before it is opened: /dev/zero would never end.
        (
            "/dev/zero".to_string(),
            "is a character device, not a regular file",
        ),
    ];
    for (path, problem) in &cases {
        let out = mapgen(&["generate", "--generator", "wfc", "--sample-file", path]);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{path}: {err}");
        assert!(out.stdout.is_empty());
        assert!(err.starts_with("error: --sample-file "), "{err}");
        assert!(err.contains(problem), "{path}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn a_sample_that_cannot_tile_gives_up_with_one_line() {
    let dir = TempDir::new("untileable");
    let sample = dir.file("checker.txt", b"#.\n.#\n");
    let args = [
        "generate",
        "--generator",
        "wfc",
        "--sample-file",
        &sample,
        "--pattern-size",
        "2",
        "--pattern-symmetry",
        "1",
    ];
    let out = mapgen(&args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.starts_with("error: seed 0: wfc generator gave up after 1 attempts"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}
