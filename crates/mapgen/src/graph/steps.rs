//! The steps a segment's flood takes from each narrow tile, worked out for every tile at
//! once before the flood, so that following a corridor is a walk: a mask of the
//! neighbours of its own segment to go on to, and one of the neighbours of other
//! segments to keep for later.
//!
//! A step joins a segment between two junctions, or between two other tiles unless it is
//! diagonal with a junction beside it (see [`super::narrow`]). A diagonal step whose
//! corner has a tile of the segment beside both ends (one of the two orthogonal
//! neighbours they share) is left out: the flood reaches its end through that tile, so
//! the segments are the same, and a corridor's tile has one step on, not two or three.

use super::narrow::{JUNCTION, LANES, NARROW, VECTORS, blocks, lanes};
use super::padded::{Padded, ring_rows};

/// Each narrow tile's steps, by slot, bit `k` for the `k`th neighbour round the ring
/// ([`Padded::ring`]); 0 for the other slots.
pub(super) struct Steps {
    /// The neighbours of the tile's own segment to go on to.
    pub(super) join: Vec<u8>,
    /// The narrow neighbours of other segments.
    pub(super) cross: Vec<u8>,
}

impl Steps {
    /// The steps of every narrow tile, from the flags `near` (the narrow tiles and the
    /// junctions among them): sweeps along the rows that the compiler makes vector code
    /// of, a tile a lane, blocks with no narrow tile skipped.
    pub(super) fn of(near: &[u8], pad: Padded) -> Steps {
        let (w, s) = (pad.width, pad.stride());
        let mut join = vec![0u8; pad.len()];
        let mut cross = vec![0u8; pad.len()];
        for y in 0..pad.height {
            let b = (y + 1) * s;
            let (up, mid, down) = pad.rows_around(near, y);
            let (ring, here) = ring_rows(up, mid, down);
            let out_join = &mut join[b + 1..b + 1 + w];
            let out_cross = &mut cross[b + 1..b + 1 + w];
            if w < LANES || !VECTORS {
                for x in (0..w).filter(|&x| here[x] != 0) {
                    (out_join[x], out_cross[x]) = tile_steps(&ring, here, x);
                }
                continue;
            }
            for (from, _) in blocks(w) {
                let block = |row: &[u8]| lanes(row, from);
                let here = block(here);
                if here.iter().fold(0, |any, &f| any | f) != 0 {
                    let ring = ring.map(block);
                    let (mut joins, mut crosses) = ([0; LANES], [0; LANES]);
                    for lane in 0..LANES {
                        (joins[lane], crosses[lane]) = tile_steps(&ring, &here, lane);
                    }
                    out_join[from..from + LANES].copy_from_slice(&joins);
                    out_cross[from..from + LANES].copy_from_slice(&crosses);
                }
            }
        }
        Steps { join, cross }
    }
}

/// The masks `(join, cross)` of tile `x` of a row whose eight neighbours' flags (in ring
/// order) are `ring`, its own `here`: whole rows, or blocks of [`LANES`] tiles. Byte
/// compares and logic only (each lane all ones or all zeros), for vector code.
#[inline(always)]
pub(super) fn tile_steps<R: AsRef<[u8]>>(ring: &[R; 8], here: &[u8], x: usize) -> (u8, u8) {
    // A flag's kind: 0 not narrow, `NARROW`, or `NARROW | JUNCTION`.
    const KIND: u8 = NARROW | JUNCTION;
    let all = |b: bool| u8::from(b).wrapping_neg();
    let own = here[x] & KIND;
    let kind = |k: usize| ring[k].as_ref()[x] & KIND;
    let own_junction = all(own == KIND);
    let junction = |k: usize| all(kind(k) == KIND);
    // A step joins a narrow neighbour of the same kind, and a diagonal one (odd `k`)
    // between two other tiles only with no junction beside it.
    let mut joins = [0u8; 8];
    for (k, j) in joins.iter_mut().enumerate() {
        *j = all(kind(k) == own);
        if k & 1 == 1 {
            *j &= own_junction | !(junction(k - 1) | junction((k + 1) & 7));
        }
    }
    let (mut join, mut cross) = (0, 0);
    for k in 0..8 {
        // A diagonal step beside an orthogonal one of the segment is taken through it.
        let taken = if k & 1 == 1 {
            joins[k] & !(joins[k - 1] | joins[(k + 1) & 7])
        } else {
            joins[k]
        };
        join |= taken & (1 << k);
        cross |= all(kind(k) != 0) & !joins[k] & (1 << k);
    }
    // Only a narrow tile has steps (`joins` holds walls round a wall).
    let narrow = all(own != 0);
    (join & narrow, cross & narrow)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::padded::testing::{maps, padded};

    /// Whether the flood may step from tile `i` to its `k`th neighbour by the segment rule
    /// itself: a narrow neighbour of the same kind, and a diagonal one between two other
    /// tiles only with no junction beside it.
    fn rule(near: &[u8], ring: &[isize; 8], i: usize, k: usize) -> bool {
        let at = |k: usize| near[i.wrapping_add_signed(ring[k & 7])];
        let junction = near[i] & JUNCTION;
        let j = at(k);
        j & NARROW != 0
            && j & JUNCTION == junction
            && (junction != 0 || k & 1 == 0 || (at(k + 7) | at(k + 1)) & JUNCTION == 0)
    }

    /// The root of `x` in `parent`.
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }

    /// Each slot's segment (a root slot) when the steps are those `steps(i, k)` allows.
    fn segments(pad: Padded, steps: impl Fn(usize, usize) -> bool) -> Vec<usize> {
        let ring = pad.ring();
        let mut parent: Vec<usize> = (0..pad.len()).collect();
        for y in 0..pad.height {
            for x in 0..pad.width {
                let i = (y + 1) * pad.stride() + x + 1;
                for (k, &o) in ring.iter().enumerate() {
                    if steps(i, k) {
                        let (a, b) = (
                            root(&mut parent, i),
                            root(&mut parent, i.wrapping_add_signed(o)),
                        );
                        parent[a] = b;
                    }
                }
            }
        }
        (0..pad.len()).map(|i| root(&mut parent, i)).collect()
    }

    proptest::proptest! {
        /// For any flags (each tile a wall, a narrow tile or a junction), any width (one
        /// tile at a time below 16, blocks from 16): a step is kept only where the rule
        /// allows it, both ways; the other narrow neighbours are `cross`; and the steps
        /// kept make the same segments as the rule.
        #[test]
        fn steps_make_the_segments_of_the_rule(
            (width, height, kinds) in maps(1..40, 1..12, 3)
        ) {
            let values = [0, NARROW, NARROW | JUNCTION];
            let (pad, near) = padded(width, height, &kinds, 0u8, |k| values[usize::from(k)]);
            let steps = Steps::of(&near, pad);
            let ring = pad.ring();
            for i in 0..pad.len() {
                for (k, &o) in ring.iter().enumerate() {
                    let (join, cross) = (steps.join[i] >> k & 1 != 0, steps.cross[i] >> k & 1 != 0);
                    let inside = near[i] != 0;
                    if !inside {
                        proptest::prop_assert!(!join && !cross);
                        continue;
                    }
                    let full = rule(&near, &ring, i, k);
                    let narrow = near[i.wrapping_add_signed(o)] & NARROW != 0;
                    proptest::prop_assert!(!join || full);
                    proptest::prop_assert_eq!(cross, narrow && !full);
                    let back = steps.join[i.wrapping_add_signed(o)] >> ((k + 4) & 7) & 1 != 0;
                    proptest::prop_assert_eq!(join, back);
                }
            }
            let by_rule = segments(pad, |i, k| near[i] != 0 && rule(&near, &ring, i, k));
            let by_steps = segments(pad, |i, k| steps.join[i] >> k & 1 != 0);
            // The same partition: each slot's root in one maps to one root in the other.
            let mut pairs: Vec<(usize, usize)> = by_rule.iter().copied().zip(by_steps.iter().copied()).collect();
            pairs.sort_unstable();
            pairs.dedup();
            let rules = pairs.iter().map(|p| p.0).collect::<std::collections::BTreeSet<_>>().len();
            let stepss = pairs.iter().map(|p| p.1).collect::<std::collections::BTreeSet<_>>().len();
            proptest::prop_assert_eq!(pairs.len(), rules);
            proptest::prop_assert_eq!(pairs.len(), stepss);
        }
    }
}
