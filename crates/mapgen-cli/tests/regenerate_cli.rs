//! `mapgen regenerate` end to end: streaming, pictures, hostile input.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Runs `mapgen args` with `input` on standard input.
fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mapgen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The command may stop reading early; a closed pipe is its answer, not ours.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn generated(args: &[&str]) -> Vec<u8> {
    let out = run(args, b"");
    assert!(out.status.success(), "{args:?}");
    out.stdout
}

/// One line on standard error, exit 2, no panic.
fn refused(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: ") && err.lines().count() == 1,
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    err
}

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("mapgen-regen-{}-{name}", std::process::id()))
}

/// Dungeons are written as they are read: a broken fourth dungeon leaves the first three
/// written, in an array that is closed, and is named.
#[test]
fn dungeons_before_a_broken_one_are_written_and_the_array_closed() {
    let saved = generated(&["generate", "--count", "3", "--format", "jsonl"]);
    let mut input = saved.clone();
    input.extend_from_slice(b"{\"seed\": 3, \"generator\": \"rooms\", \"tiles\": 5}\n");
    let out = run(&["regenerate", "-"], &input);
    let err = refused(&out);
    assert!(err.contains("dungeon 3: "), "{err}");
    let written: Value = serde_json::from_slice(&out.stdout).unwrap();
    let again = generated(&["generate", "--count", "3", "--format", "json"]);
    assert_eq!(written, serde_json::from_slice::<Value>(&again).unwrap());
}

/// `--format png` draws the saved dungeon, as `generate --format png` does; a file of more
/// than one dungeon is refused before anything is written.
#[test]
fn png_draws_the_one_saved_dungeon() {
    let args = ["--generator", "caves", "--seed", "4"];
    let json = generated(&[&["generate", "--format", "json"][..], &args].concat());
    let png = generated(&[&["generate", "--format", "png"][..], &args].concat());
    let file = temp_file("one.json");
    std::fs::write(&file, &json).unwrap();
    let out = run(
        &["regenerate", file.to_str().unwrap(), "--format", "png"],
        b"",
    );
    assert!(out.status.success());
    assert!(out.stdout.starts_with(b"\x89PNG"));
    assert_eq!(out.stdout, png);
    std::fs::remove_file(&file).unwrap();

    let two = generated(&["generate", "--count", "2", "--format", "jsonl"]);
    let out = run(&["regenerate", "--format", "png", "-"], &two);
    let err = refused(&out);
    assert!(err.contains("--format png shows one dungeon"), "{err}");
    assert!(out.stdout.is_empty());
}

/// `--format gif` and `--format steps` show the making of the saved dungeon, byte for
/// byte as `generate` shows it (they wrote nothing and exited 0 before); vaults
/// included. A file of more than one dungeon is refused in one line.
#[test]
fn gif_and_steps_show_the_making_of_the_one_saved_dungeon() {
    let args = [
        "--generator",
        "bsp",
        "--seed",
        "6",
        "--vaults",
        "builtin",
        "--vault-count",
        "2",
    ];
    let json = generated(&[&["generate", "--format", "json"][..], &args].concat());
    let file = temp_file("making.json");
    std::fs::write(&file, &json).unwrap();
    for format in ["gif", "steps"] {
        let made = generated(&[&["generate", "--format", format][..], &args].concat());
        let out = run(
            &["regenerate", file.to_str().unwrap(), "--format", format],
            b"",
        );
        assert!(
            out.status.success(),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.stdout.is_empty(), "{format}");
        assert!(out.stdout == made, "{format}: not what generate writes");
        let two = generated(&["generate", "--count", "2", "--format", "jsonl"]);
        let out = run(&["regenerate", "--format", format, "-"], &two);
        let err = refused(&out);
        assert!(
            err.contains(&format!("--format {format} shows one dungeon")),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
    std::fs::remove_file(&file).unwrap();
}

/// A byte order mark, as Windows editors write, is read past; an unknown field of any
/// shape is skipped.
#[test]
fn a_byte_order_mark_and_unknown_fields_are_accepted() {
    let saved = generated(&["generate", "--seed", "8", "--format", "json"]);
    let mut input = b"\xEF\xBB\xBF".to_vec();
    input.extend(
        String::from_utf8(saved.clone())
            .unwrap()
            .replacen('{', "{\"notes\": {\"a\": [1, [2, [3]], \"x\"]},", 1)
            .as_bytes(),
    );
    let out = run(&["regenerate", "-"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.stdout, saved);
}

/// Input that is not saved dungeons is refused in one line, naming where.
#[test]
fn input_that_is_not_saved_dungeons_is_refused_in_one_line() {
    let cases: [(&[u8], &str); 5] = [
        (b"", "holds no dungeon"),
        (b"\x89PNG\r\n", "not JSON"),
        (
            b"[1]",
            "dungeon 0: invalid type: integer `1`, expected a saved dungeon",
        ),
        (b"{\"seed\": 1, \"seed\": 2}", "duplicate field `seed`"),
        (
            b"{\"seed\": 1, \"tiles\": [\"",
            "not JSON: dungeon 0: EOF while parsing",
        ),
    ];
    for (input, expected) in cases {
        let err = refused(&run(&["regenerate", "-"], input));
        assert!(err.contains(expected), "{err}");
    }
}
