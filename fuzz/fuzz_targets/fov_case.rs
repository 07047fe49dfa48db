//! The field-of-view case format on any text: an error naming a line, or a case that
//! writes back to text that reads as the same case, and whose field of view computes (an
//! error only for an origin outside the map).
#![no_main]

use fov_case::FovCase;
use libfuzzer_sys::fuzz_target;
use mapgen::fov::{FieldOfView, FovError};

fuzz_target!(|text: &str| {
    let Ok(case) = FovCase::parse(text) else {
        return;
    };
    assert_eq!(FovCase::parse(&case.to_string()).as_ref(), Ok(&case));
    let mut fov = FieldOfView::default();
    match fov.compute(&case.map, case.origin, case.radius, case.light_walls) {
        Ok(()) => assert!(fov.visible_cells().count() <= case.map.tiles().len()),
        Err(FovError::OriginOutOfBounds { .. }) => assert!(!case.map.in_bounds(case.origin)),
        Err(other) => panic!("{other}"),
    }
});
