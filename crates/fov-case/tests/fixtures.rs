//! The 40 reference cases of `mapgen`'s tests: each reads, and the writer gives back its
//! text byte for byte, all but the comment line.

use std::fs;
use std::path::{Path, PathBuf};

use fov_case::FovCase;

/// The reference cases, kept with the library's tests.
fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_reference_case_round_trips() {
    let files = fixtures();
    assert_eq!(files.len(), 40);
    let mut with_libtcod = 0;
    for file in &files {
        let name = file.display();
        let text = fs::read_to_string(file).unwrap();
        let case = FovCase::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(case.visible.is_some(), "{name}");
        with_libtcod += usize::from(case.libtcod.is_some());
        let (comment, rest) = text.split_once('\n').unwrap();
        assert!(comment.starts_with("# "), "{name}");
        assert_eq!(case.to_string(), rest, "{name}");
    }
    assert_eq!(with_libtcod, 7);
}
