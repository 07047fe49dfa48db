//! Corridors between the two subtrees of a cut, as libtcod's BSP sample digs them: straight
//! across the cut where the two subtrees face each other, otherwise a Z.
//!
//! Based on: <https://github.com/libtcod/libtcod/blob/develop/samples/samples_c.c>
//! (`traverse_node`).
//!
//! libtcod's sample digs from the cut towards each subtree "until it reaches floor",
//! trusting the map to stop it. Here the floor tile each end stops at is found first, by
//! scanning one row or column of that subtree's [`Bounds`]; the scan always finds one,
//! because every row and every column of a subtree's bounds holds floor of that subtree
//! (true of a room, and kept by each corridor: a straight one spans the rows between its
//! two subtrees, a Z also the columns). So every corridor starts and ends on floor of its
//! own two subtrees, and stays inside their bounds' hull.

use crate::generators::bsp_tree::Cut;
use crate::{Map, Point, Tile};

/// The smallest box holding every floor tile of a subtree, ends included: libtcod's node
/// "resized to fit its sons".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bounds {
    pub(super) x1: i32,
    pub(super) y1: i32,
    pub(super) x2: i32,
    pub(super) y2: i32,
}

impl Bounds {
    /// The box holding both.
    pub(super) fn hull(a: Bounds, b: Bounds) -> Bounds {
        Bounds {
            x1: a.x1.min(b.x1),
            y1: a.y1.min(b.y1),
            x2: a.x2.max(b.x2),
            y2: a.y2.max(b.y2),
        }
    }
}

/// Where a corridor goes, drawn before any floor is dug: the numbers libtcod's sample
/// draws, in its order. A plan depends only on the two subtrees' bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Plan {
    /// Straight across the cut at `u` (a column for a vertical corridor, a row otherwise).
    Straight { u: i32 },
    /// Along `u1` from the first subtree to `v`, across to `u2`, and on to the second.
    Z { u1: i32, u2: i32, v: i32 },
}

/// The corridor from the floor of `first` (above or left of the cut) to that of `second`
/// (below or right): vertical across a horizontal cut, horizontal across a vertical cut.
pub(super) fn plan(cut: Cut, first: Bounds, second: Bounds, rng: &mut crate::DungeonRng) -> Plan {
    let frame = Frame::of(cut);
    let (near, far) = (frame.axes(first), frame.axes(second));
    if near.across.1 < far.across.0 || far.across.1 < near.across.0 {
        // No overlapping zone: a Z, with its middle leg in the gap between the subtrees.
        let u1 = rng.range_inclusive(near.across.0, near.across.1);
        let u2 = rng.range_inclusive(far.across.0, far.across.1);
        let v = rng.range_inclusive(near.along.1 + 1, far.along.0);
        Plan::Z { u1, u2, v }
    } else {
        let lo = near.across.0.max(far.across.0);
        let hi = near.across.1.min(far.across.1);
        Plan::Straight {
            u: rng.range_inclusive(lo, hi),
        }
    }
}

/// Digs a planned corridor, once both subtrees are dug: from the floor tile of `first`
/// nearest the cut on its line to that of `second`.
pub(super) fn join(map: &mut Map, cut: Cut, first: Bounds, second: Bounds, plan: Plan) {
    let frame = Frame::of(cut);
    let (near, far) = (frame.axes(first), frame.axes(second));
    match plan {
        Plan::Z { u1, u2, v } => {
            let from = last_floor(map, frame, u1, near.along);
            // libtcod digs the last leg from the row after the middle one, so a middle leg
            // on the second subtree's first row that meets its floor still goes on to the
            // next floor below; none below, and the leg ends where it is.
            let to = first_floor_after(map, frame, u2, v, far.along.1);
            dig(map, frame.point(u1, from), frame.point(u1, v));
            dig(map, frame.point(u1, v), frame.point(u2, v));
            dig(map, frame.point(u2, v), frame.point(u2, to));
        }
        Plan::Straight { u } => {
            let from = last_floor(map, frame, u, near.along);
            let to = first_floor(map, frame, u, far.along);
            dig(map, frame.point(u, from), frame.point(u, to));
        }
    }
}

/// Coordinates in which every corridor runs along `v`, from the first subtree (smaller
/// `v`) to the second; `u` is the coordinate across it.
#[derive(Debug, Clone, Copy)]
enum Frame {
    /// `u` is x, `v` is y: a vertical corridor.
    Upright,
    /// `u` is y, `v` is x: a horizontal corridor.
    Transposed,
}

/// A subtree's bounds in a frame: `across` the corridor and `along` it, ends included.
struct Axes {
    across: (i32, i32),
    along: (i32, i32),
}

impl Frame {
    fn of(cut: Cut) -> Frame {
        match cut {
            Cut::Horizontal(_) => Frame::Upright,
            Cut::Vertical(_) => Frame::Transposed,
        }
    }

    fn point(self, u: i32, v: i32) -> Point {
        match self {
            Frame::Upright => Point::new(u, v),
            Frame::Transposed => Point::new(v, u),
        }
    }

    fn axes(self, b: Bounds) -> Axes {
        match self {
            Frame::Upright => Axes {
                across: (b.x1, b.x2),
                along: (b.y1, b.y2),
            },
            Frame::Transposed => Axes {
                across: (b.y1, b.y2),
                along: (b.x1, b.x2),
            },
        }
    }
}

/// The last floor tile at `u` along `span` (the one nearest the cut on the first side);
/// the span's far end if there were none, which the bounds' invariant rules out.
fn last_floor(map: &Map, frame: Frame, u: i32, span: (i32, i32)) -> i32 {
    (span.0..=span.1)
        .rev()
        .find(|&v| map.is_walkable(frame.point(u, v)))
        .unwrap_or(span.1)
}

/// The first floor tile at `u` along `span` (the one nearest the cut on the second side).
fn first_floor(map: &Map, frame: Frame, u: i32, span: (i32, i32)) -> i32 {
    (span.0..=span.1)
        .find(|&v| map.is_walkable(frame.point(u, v)))
        .unwrap_or(span.0)
}

/// The first floor tile at `u` after `v`, up to `end`; `v` itself if there is none.
fn first_floor_after(map: &Map, frame: Frame, u: i32, v: i32, end: i32) -> i32 {
    (v + 1..=end)
        .find(|&w| map.is_walkable(frame.point(u, w)))
        .unwrap_or(v)
}

/// Carves the straight segment from `a` to `b` (same row or same column), ends included.
fn dig(map: &mut Map, a: Point, b: Point) {
    map.fill_rect(
        a.x.min(b.x)..a.x.max(b.x).saturating_add(1),
        a.y.min(b.y)..a.y.max(b.y).saturating_add(1),
        Tile::FLOOR,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DungeonRng;

    fn bounds(x1: i32, y1: i32, x2: i32, y2: i32) -> Bounds {
        Bounds { x1, y1, x2, y2 }
    }

    fn carve(map: &mut Map, b: Bounds) {
        map.fill_rect(b.x1..b.x2 + 1, b.y1..b.y2 + 1, Tile::FLOOR);
    }

    #[test]
    fn facing_rooms_get_a_straight_corridor_between_their_nearest_tiles() {
        for seed in 0..20 {
            let mut map = Map::new(9, 12).unwrap();
            let (top, bottom) = (bounds(2, 1, 6, 3), bounds(4, 7, 7, 10));
            carve(&mut map, top);
            carve(&mut map, bottom);
            let cut = Cut::Horizontal(5);
            let plan = plan(cut, top, bottom, &mut DungeonRng::new(seed));
            join(&mut map, cut, top, bottom, plan);
            let dug: Vec<Point> = map
                .iter()
                .filter(|&(p, t)| t.walkable && p.y > 3 && p.y < 7)
                .map(|(p, _)| p)
                .collect();
            assert_eq!(dug.len(), 3, "seed {seed}:\n{map}");
            assert!(dug.iter().all(|p| p.x == dug[0].x && (4..=6).contains(&p.x)));
        }
    }

    #[test]
    fn offset_rooms_get_a_z_that_ends_on_both() {
        for seed in 0..20 {
            let mut map = Map::new(14, 8).unwrap();
            let (left, right) = (bounds(1, 1, 3, 2), bounds(8, 4, 12, 6));
            carve(&mut map, left);
            carve(&mut map, right);
            let cut = Cut::Vertical(6);
            let plan = plan(cut, left, right, &mut DungeonRng::new(seed));
            join(&mut map, cut, left, right, plan);
            let steps = crate::path::walking_steps(&map, Point::new(1, 1));
            assert!(steps.get_or_default((12, 6)).is_some(), "seed {seed}:\n{map}");
            assert!(map.iter().all(|(p, t)| !t.walkable || (1..=12).contains(&p.x)));
        }
    }

    #[test]
    fn the_scan_stops_at_the_nearest_floor_even_in_a_ragged_subtree() {
        // The lower subtree's bounds start at row 6, but column 3 has floor only at row 9.
        let mut map = Map::new(8, 12).unwrap();
        let top = bounds(1, 1, 5, 2);
        carve(&mut map, top);
        map.fill_rect(1..7, 6..7, Tile::FLOOR);
        map.fill_rect(3..4, 9..10, Tile::FLOOR);
        map.fill_rect(2..3, 6..10, Tile::FLOOR);
        assert_eq!(first_floor(&map, Frame::Upright, 3, (6, 10)), 6);
        assert_eq!(last_floor(&map, Frame::Upright, 3, (1, 2)), 2);
        map.fill_rect(3..4, 6..7, Tile::WALL);
        assert_eq!(first_floor(&map, Frame::Upright, 3, (6, 10)), 9);
    }
}
