//! `--output FILE`: checked before it is touched, replaced only by a whole output.

use std::process::Command;

/// A mistyped setting leaves the previous output as it was (it used to be emptied first),
/// and so does a seed range past the last seed; no cut file stays beside it.
#[test]
fn refused_settings_leave_the_previous_output() {
    let dir = std::env::temp_dir().join(format!("mapgen-output-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("dungeons.json");
    let path = file.to_str().unwrap();
    let ok = Command::new(env!("CARGO_BIN_EXE_mapgen"))
        .args(["generate", "--format", "json", "--output", path])
        .status()
        .unwrap();
    assert!(ok.success());
    let before = std::fs::read(&file).unwrap();
    assert!(!before.is_empty());
    for bad in [
        &["--room-min", "12", "--room-max", "8"][..],
        &["--seed", "18446744073709551615", "--count", "2"],
        &["--format", "jsonl", "--cols", "3"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_mapgen"))
            .args(["generate", "--format", "json", "--output", path])
            .args(bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert_eq!(std::fs::read(&file).unwrap(), before, "{bad:?}");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "{bad:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A full disk (`/dev/full`) behind standard output is named in one line, exit 2.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_on_standard_output_is_named() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mapgen"))
        .args(["generate", "--count", "50"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: standard output: cannot write it: No space left on device"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}
