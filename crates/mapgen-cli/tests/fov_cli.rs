//! `mapgen fov` end to end: all 40 reference cases in one process, and its errors.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use fov_case::FovCase;

fn mapgen(args: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mapgen"))
        .arg("fov")
        .args(args)
        .output()
        .unwrap()
}

/// The reference cases, kept with the library's tests.
fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fov-case/cases");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_reference_case_in_one_run() {
    let files = fixtures();
    assert_eq!(files.len(), 40);
    let args: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let out = mapgen(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let grids: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(grids.len(), files.len());
    for (i, (grid, file)) in grids.iter().zip(&files).enumerate() {
        let case = FovCase::parse(&fs::read_to_string(file).unwrap()).unwrap();
        let expected = case.visible.unwrap();
        // Each grid ends in a newline; the separator took it from all but the last.
        let grid = if i + 1 < files.len() {
            format!("{grid}\n")
        } else {
            grid.to_string()
        };
        assert_eq!(grid, expected, "{}", file.display());
    }
}

#[test]
fn a_bad_file_is_a_one_line_error_naming_it() {
    let dir = std::env::temp_dir().join(format!("mapgen-fov-cli-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    fs::write(
        &bad,
        "size 2 1\norigin 0 0\nradius 0\nlight_walls 2\nmap\n..\n",
    )
    .unwrap();
    let missing = dir.join("missing.txt");
    for (path, problem) in [
        (&bad, "line 4: bad light_walls \"2\"; expected 0 or 1"),
        (&missing, ""),
    ] {
        let out = mapgen(&[path]);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with(&format!("error: {}: {problem}", path.display())),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    fs::remove_dir_all(dir).unwrap();
}

/// What is not a case file is refused by its kind, before it is opened or read: a device
/// that never ends (`/dev/zero` once read until memory ran out), a named pipe (opening it
/// would wait for a writer forever), a directory; and a file larger than any case file
/// is refused by its size.
#[test]
fn only_regular_files_of_a_case_files_size_are_read() {
    let dir = std::env::temp_dir().join(format!("mapgen-fov-kinds-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("pipe.txt");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let huge = dir.join("huge.txt");
    // Sparse: no disk is used.
    fs::File::create(&huge)
        .unwrap()
        .set_len(400_000_000)
        .unwrap();
    let cases: [(&Path, &str); 4] = [
        (
            Path::new("/dev/zero"),
            "is a character device, not a case file",
        ),
        (&fifo, "is a FIFO (named pipe), not a case file"),
        (&dir, "is a directory, not a case file"),
        (
            &huge,
            "is larger than 301108576 bytes, the most a case file can need",
        ),
    ];
    for (path, problem) in cases {
        let out = mapgen(&[path]);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with(&format!("error: {}: {problem}", path.display())),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_byte_order_mark_is_accepted_and_bad_utf8_is_named() {
    let dir = std::env::temp_dir().join(format!("mapgen-fov-bom-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let bom = dir.join("bom.txt");
    fs::write(
        &bom,
        "\u{feff}size 3 1\r\norigin 0 0\r\nradius 0\r\nlight_walls 1\r\nmap\r\n.#.\r\n",
    )
    .unwrap();
    let out = mapgen(&[&bom]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.stdout, b"110\n");
    let latin1 = dir.join("latin1.txt");
    fs::write(&latin1, b"# caf\xe9\nsize 1 1\n").unwrap();
    let out = mapgen(&[&latin1]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr.trim_end(),
        format!("error: {}: is not UTF-8 text", latin1.display())
    );
    fs::remove_dir_all(dir).unwrap();
}
