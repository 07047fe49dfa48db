//! Every wall pattern of every map from 2x2 to 4x4 (as libtcod tests its FOV), from every
//! origin: the answer equals Ford's algorithm (the reference), sight is symmetric between
//! floor cells, and each of the 8 symmetries of the square maps the answer of a pattern to
//! the answer of the transformed pattern.

use crate::fov_reference;

use fov_reference::d4;

use mapgen::fov::{FieldOfView, LightWalls, Radius};
use mapgen::{Map, Point, Tile};

/// Bit `y * w + x` of `pattern` set means a wall at `(x, y)`.
fn map_of(w: i32, h: i32, pattern: u32) -> Map {
    let mut map = Map::new(w, h).unwrap();
    for i in 0..w * h {
        let tile = if pattern >> i & 1 == 1 {
            Tile::WALL
        } else {
            Tile::FLOOR
        };
        map.set((i % w, i / w), tile);
    }
    map
}

/// The visible cells of every pattern from every origin, as bit masks:
/// `table[pattern][origin]`, bit `y * w + x` set when `(x, y)` is visible.
fn table(w: i32, h: i32, radius: u32, fov: &mut FieldOfView) -> Vec<Vec<u16>> {
    (0..1u32 << (w * h))
        .map(|pattern| {
            let map = map_of(w, h, pattern);
            (0..w * h)
                .map(|o| {
                    fov.compute(
                        &map,
                        Point::new(o % w, o / w),
                        Radius::or_unlimited(radius),
                        LightWalls::On,
                    )
                    .unwrap();
                    (0..w * h)
                        .filter(|&i| fov.is_visible((i % w, i / w)))
                        .fold(0u16, |m, i| m | 1 << i)
                })
                .collect()
        })
        .collect()
}

fn check_size(w: i32, h: i32, radius: u32, fov: &mut FieldOfView) -> usize {
    let n = w * h;
    let own = table(w, h, radius, fov);
    let transposed = table(h, w, radius, fov);
    let mut checked = 0;
    for (pattern, views) in own.iter().enumerate() {
        let pattern = pattern as u32;
        let map = map_of(w, h, pattern);
        for a in 0..n {
            let origin = Point::new(a % w, a / w);
            let view = views[a as usize];

            // Equal to Ford's algorithm run to the end.
            let expected = fov_reference::reference_cells(&map, origin, radius, true);
            let got: Vec<bool> = (0..n).map(|i| view >> i & 1 == 1).collect();
            assert_eq!(got, expected, "{w}x{h} pattern {pattern:#x} from {origin}");

            // Floor-to-floor symmetry.
            for b in 0..n {
                if pattern >> a & 1 == 0 && pattern >> b & 1 == 0 {
                    let ab = view >> b & 1;
                    let ba = views[b as usize] >> a & 1;
                    assert_eq!(ab, ba, "{w}x{h} pattern {pattern:#x}: {a} vs {b}");
                }
            }

            // The 8 symmetries of the square.
            for t in 1..8u8 {
                let (tw, th) = if t & 4 != 0 { (h, w) } else { (w, h) };
                let moved = |bits: u32| {
                    (0..n).filter(|&i| bits >> i & 1 == 1).fold(0u32, |m, i| {
                        let (x, y, _, _) = d4(t, w, h, i % w, i / w);
                        m | 1 << (y * tw + x)
                    })
                };
                let (ox, oy, _, _) = d4(t, w, h, origin.x, origin.y);
                let table = if t & 4 != 0 { &transposed } else { &own };
                let got = table[moved(pattern) as usize][(oy * tw + ox) as usize];
                assert_eq!(
                    u32::from(got),
                    moved(u32::from(view)),
                    "{w}x{h} pattern {pattern:#x} from {origin}, symmetry {t} ({tw}x{th})"
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_wall_pattern_up_to_4x4_unlimited() {
    let mut fov = FieldOfView::default();
    let mut checked = 0;
    for w in 2..=4 {
        for h in 2..=4 {
            checked += check_size(w, h, 0, &mut fov);
        }
    }
    // Sum over sizes of 2^(w*h) patterns times w*h origins.
    assert_eq!(checked, 1_156_416);
}

#[test]
fn every_wall_pattern_up_to_4x4_radius_2() {
    let mut fov = FieldOfView::default();
    for w in 2..=4 {
        for h in 2..=4 {
            check_size(w, h, 2, &mut fov);
        }
    }
}
