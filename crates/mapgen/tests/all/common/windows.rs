//! The window property of the wave function collapse generator, checked independently of
//! the library's pattern tables: every `n` x `n` window of a map's interior is a window
//! of the sample under the symmetry.

use std::collections::BTreeSet;

use mapgen::generators::wfc::{PatternSymmetry, WfcSettings};
use mapgen::{Dungeon, Map};

/// The glyphs of an `n` x `n` window of `map` at `(x, y)` under symmetry image `t`
/// (0..8: the four quarter turns, then the same mirrored), as a string.
fn window(map: &Map, x: i32, y: i32, n: i32, t: usize) -> String {
    let mut s = String::new();
    for j in 0..n {
        for i in 0..n {
            let (mut a, mut b) = (i, j);
            if t >= 4 {
                a = n - 1 - a;
            }
            for _ in 0..t % 4 {
                (a, b) = (b, n - 1 - a);
            }
            s.push(map.tile((x + a, y + b)).glyph());
        }
    }
    s
}

/// Which of the eight images (indices of [`window`]) the symmetry allows, written out
/// here rather than taken from the library's table.
fn images(symmetry: PatternSymmetry) -> &'static [usize] {
    match symmetry {
        PatternSymmetry::One => &[0],
        PatternSymmetry::Two => &[0, 4],
        PatternSymmetry::Four => &[0, 4, 2, 6],
        _ => &[0, 1, 2, 3, 4, 5, 6, 7],
    }
}

/// Every `n` x `n` window of the sample under the symmetry's images.
pub fn sample_windows(sample: &Map, n: i32, symmetry: PatternSymmetry) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    for y in 0..=sample.height() - n {
        for x in 0..=sample.width() - n {
            for &t in images(symmetry) {
                set.insert(window(sample, x, y, n, t));
            }
        }
    }
    set
}

/// The window property: every `n` x `n` window of the map's interior (the border aside)
/// is a window of the sample under the symmetry. `Err` names the first that is not.
pub fn interior_windows_in_sample(d: &Dungeon, settings: &WfcSettings) -> Result<(), String> {
    let n = settings.pattern_size as i32;
    let allowed = sample_windows(&settings.sample.map(), n, settings.pattern_symmetry);
    let map = &d.map;
    for y in 1..=map.height() - 1 - n {
        for x in 1..=map.width() - 1 - n {
            let w = window(map, x, y, n, 0);
            if !allowed.contains(&w) {
                return Err(format!("window {w:?} at ({x}, {y}) is not in the sample"));
            }
        }
    }
    Ok(())
}
