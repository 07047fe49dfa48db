//! The 40 reference cases in `crates/fov-case/cases/` (format in its README.md):
//! mapgen's answer matches every `visible` grid, and where the file says libtcod differs,
//! libtcod's grid really is another answer.
//!
//! Here rather than in mapgen's tests: reading the cases takes this crate, which is not
//! published, and a packaged mapgen must build its tests without it.

use std::fs;
use std::path::PathBuf;

use fov_case::FovCase;
use mapgen::fov::FieldOfView;
use mapgen::fov::transparency_fn;

fn cases() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&p).unwrap())
        })
        .collect()
}

#[test]
fn every_case_matches_the_expected_grid() {
    let cases = cases();
    assert_eq!(cases.len(), 40, "the sample holds 40 cases");
    // One reused result across all cases of all sizes, as the CLI does.
    let mut fov = FieldOfView::default();
    let mut differs = 0;
    for (name, text) in &cases {
        let case = FovCase::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = case.visible.as_deref().expect("a visible section");
        fov.compute(&case.map, case.origin, case.radius, case.light_walls)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let ours = fov.to_string();
        assert_eq!(ours, expected, "{name}: ours (left) vs expected (right)");

        // A closure view of the same map gives the same answer.
        let map = &case.map;
        let view = transparency_fn(map.shape(), |p| map.is_transparent(p));
        let mut fresh = FieldOfView::new(1, 1).unwrap();
        fresh
            .compute(&view, case.origin, case.radius, case.light_walls)
            .unwrap();
        assert_eq!(fresh.to_string(), expected, "{name} via transparency_fn");

        let first_line = text.lines().next().unwrap();
        match &case.libtcod {
            Some(libtcod) => {
                differs += 1;
                assert!(first_line.contains("differs"), "{name}: {first_line}");
                assert_ne!(libtcod, &ours, "{name}: libtcod's grid equals ours");
            }
            None => assert!(first_line.contains("agrees"), "{name}: {first_line}"),
        }
    }
    assert_eq!(differs, 7, "seven cases show where libtcod differs");
}

#[test]
fn visible_cells_lists_exactly_the_grid() {
    let mut fov = FieldOfView::default();
    for (name, text) in cases() {
        let case = FovCase::parse(&text).unwrap();
        fov.compute(&case.map, case.origin, case.radius, case.light_walls)
            .unwrap();
        let listed: Vec<_> = fov.visible_cells().collect();
        let mut scanned = Vec::new();
        for y in 0..fov.height() {
            for x in 0..fov.width() {
                if fov.is_visible((x, y)) {
                    scanned.push(mapgen::Point::new(x, y));
                }
            }
        }
        assert_eq!(listed, scanned, "{name}");
    }
}
