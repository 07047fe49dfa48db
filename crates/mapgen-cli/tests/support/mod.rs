//! What the command's end-to-end tests share: running `mapgen`, reading what it printed,
//! and checking a refusal the way the standards say (exit 2, one line, no panic).
#![allow(dead_code, reason = "each test file uses part of it")]

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `mapgen` with `args`.
pub fn mapgen<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mapgen"))
        .args(args)
        .output()
        .unwrap()
}

/// What a command that must succeed printed.
pub fn stdout_bytes(args: &[&str]) -> Vec<u8> {
    let out = mapgen(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// What a command that must succeed printed, as text.
pub fn stdout(args: &[&str]) -> String {
    String::from_utf8(stdout_bytes(args)).unwrap()
}

/// What a command that must succeed printed, as JSON.
pub fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_slice(&stdout_bytes(args)).unwrap()
}

/// Runs a command that must be refused: exit 2, one `error:` line, nothing on stdout, no
/// panic; its message.
pub fn refused<S: AsRef<OsStr> + std::fmt::Debug>(args: &[S]) -> String {
    let out = mapgen(args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// A directory of this test file's own, named `name`, empty.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "mapgen-{}-{name}-{}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
