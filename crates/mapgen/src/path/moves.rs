//! How a creature moves: which steps it may take and what each costs.

use crate::Point;

use super::PathError;

/// Which neighbours a step may reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Directions {
    /// North, east, south and west.
    Four,
    /// The four orthogonal steps and the four diagonal ones.
    #[default]
    Eight,
}

/// Whether a diagonal step may pass a corner that is not walkable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum CornerCutting {
    /// A diagonal step needs only its target walkable, as the game's `@` moves.
    #[default]
    Allowed,
    /// A diagonal step also needs both orthogonal cells it passes walkable, so nothing
    /// squeezes between two walls that touch at a corner or round a wall's corner.
    Forbidden,
}

/// The moves of a search: 4 or 8 directions, the cost of an orthogonal ("cardinal") and
/// of a diagonal step, and whether diagonal steps may cut corners.
///
/// The default is the common roguelike convention: 8 directions, cardinal steps cost 2
/// and diagonal steps 3 (close to 2 and 2·√2 in small integers), corners may be cut.
/// A [`Walkable`](super::Walkable) may add an extra cost to any step on top of these.
///
/// ```
/// use mapgen::path::{CornerCutting, Directions, Moves};
/// let moves = Moves::default();
/// assert_eq!((moves.cardinal_cost, moves.diagonal_cost), (2, 3));
/// let strict = Moves::EIGHT.with_corner_cutting(CornerCutting::Forbidden);
/// let rook = Moves::FOUR.with_costs(1, 1);
/// assert_eq!(rook.directions, Directions::Four);
/// assert!(strict.validate().is_ok() && rook.validate().is_ok());
/// assert!(Moves::EIGHT.with_costs(0, 3).validate().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Moves {
    /// Which neighbours a step reaches. Default [`Directions::Eight`].
    pub directions: Directions,
    /// Cost of a step north, east, south or west; `1..=`[`Moves::MAX_COST`], default 2.
    pub cardinal_cost: u32,
    /// Cost of a diagonal step; `1..=`[`Moves::MAX_COST`], default 3. Unused with
    /// [`Directions::Four`].
    pub diagonal_cost: u32,
    /// Whether diagonal steps may cut corners. Default [`CornerCutting::Allowed`].
    pub corners: CornerCutting,
}

impl Default for Moves {
    /// [`Moves::EIGHT`].
    fn default() -> Moves {
        Moves::EIGHT
    }
}

/// One step of a [`Moves`] on a map of a given width: the offset in cells, in row-major
/// index and in packed cells ([`Cells::pack`](super::cells::Cells::pack): added with
/// wrapping to a cell's, the neighbour's, for a step that stays inside the map), and its
/// cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Step {
    pub(crate) delta: Point,
    pub(crate) offset: isize,
    pub(crate) packed: u32,
    pub(crate) cost: u32,
    pub(crate) diagonal: bool,
}

/// The steps of a [`Moves`] on a map of a given width, clockwise from north.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Steps {
    list: [Step; 8],
    len: usize,
}

impl Steps {
    pub(crate) fn as_slice(&self) -> &[Step] {
        self.list.get(..self.len).unwrap_or(&[])
    }

    /// Step `s`, for `s` below 8 (a default step past the last).
    #[inline]
    pub(crate) fn get(&self, s: usize) -> &Step {
        &self.list[s & 7]
    }
}

/// The A* estimate of a [`Moves`]: `long * max(dx, dy) + short * min(dx, dy)`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Estimate {
    long: u64,
    short: u64,
}

impl Estimate {
    /// The estimated cost between `a` and `b`.
    #[inline]
    pub(crate) fn between(&self, a: Point, b: Point) -> u64 {
        let dx = u64::from(a.x.abs_diff(b.x));
        let dy = u64::from(a.y.abs_diff(b.y));
        let (long, short) = if dx > dy { (dx, dy) } else { (dy, dx) };
        self.long * long + self.short * short
    }
}

impl Moves {
    /// The largest step cost: big enough for any terrain scale, small enough that a
    /// cost estimate across the largest map fits in a `u32`.
    pub const MAX_COST: u32 = 100_000;

    /// 8 directions, costs 2 and 3, corners may be cut: the default.
    pub const EIGHT: Moves = Moves {
        directions: Directions::Eight,
        cardinal_cost: 2,
        diagonal_cost: 3,
        corners: CornerCutting::Allowed,
    };

    /// 4 directions, each step costing 2.
    pub const FOUR: Moves = Moves {
        directions: Directions::Four,
        ..Moves::EIGHT
    };

    /// 4 directions, each step costing 1: distances count steps, as
    /// [`walking_steps`](super::walking_steps) does.
    pub const STEPS4: Moves = Moves::FOUR.with_costs(1, 1);

    /// The same moves with these step costs.
    ///
    /// ```
    /// use mapgen::path::Moves;
    /// let moves = Moves::EIGHT.with_costs(10, 14);
    /// assert_eq!((moves.cardinal_cost, moves.diagonal_cost), (10, 14));
    /// ```
    #[must_use]
    pub const fn with_costs(self, cardinal_cost: u32, diagonal_cost: u32) -> Moves {
        Moves {
            cardinal_cost,
            diagonal_cost,
            ..self
        }
    }

    /// The same moves with this corner rule.
    ///
    /// ```
    /// use mapgen::path::{CornerCutting, Moves};
    /// let strict = Moves::EIGHT.with_corner_cutting(CornerCutting::Forbidden);
    /// assert_eq!(strict.corners, CornerCutting::Forbidden);
    /// ```
    #[must_use]
    pub const fn with_corner_cutting(self, corners: CornerCutting) -> Moves {
        Moves { corners, ..self }
    }

    /// Checks that both costs are in `1..=`[`Moves::MAX_COST`] (a free step would let a
    /// walk downhill go round in circles).
    ///
    /// ```
    /// use mapgen::path::Moves;
    /// assert!(Moves::default().validate().is_ok());
    /// let free = Moves::EIGHT.with_costs(0, 3);
    /// assert_eq!(free.validate().unwrap_err().to_string(), "cardinal_cost is 0; allowed 1..=100000");
    /// ```
    ///
    /// # Errors
    /// [`PathError::OutOfRange`] naming the field.
    pub fn validate(&self) -> Result<(), PathError> {
        let check = |field, value: u32| {
            if (1..=Moves::MAX_COST).contains(&value) {
                Ok(())
            } else {
                Err(PathError::OutOfRange {
                    field,
                    value: value.into(),
                    min: 1,
                    max: Moves::MAX_COST.into(),
                })
            }
        };
        check("cardinal_cost", self.cardinal_cost)?;
        check("diagonal_cost", self.diagonal_cost)
    }

    /// The cost of the dearest step.
    pub(crate) fn largest_cost(&self) -> u32 {
        match self.directions {
            Directions::Four => self.cardinal_cost,
            Directions::Eight => self.cardinal_cost.max(self.diagonal_cost),
        }
    }

    /// The step offsets, clockwise from north as in [`Point::ALL_DIRECTIONS`] (only the
    /// orthogonal ones with [`Directions::Four`]).
    pub(crate) fn deltas(&self) -> &'static [Point] {
        const FOUR: [Point; 4] = Point::ORTHOGONAL;
        match self.directions {
            Directions::Four => &FOUR,
            Directions::Eight => &Point::ALL_DIRECTIONS,
        }
    }

    /// Per step `s` that reached a cell from its parent, the steps from the cell (bit `t`
    /// for [`Moves::deltas`]`[t]`) to a neighbour the parent reaches by a step of its
    /// own at no more than the two steps' cost (or that is the parent itself). When steps
    /// cost only the moves' own costs, the parent offered that neighbour as much already,
    /// so a search need not look at it again (as jump point search prunes, without the
    /// jumps). A parent's diagonal step that may not cut corners needs two more cells
    /// open, so it is not counted.
    pub(crate) fn reached_by_parent(&self) -> [u8; 8] {
        let deltas = self.deltas();
        // The cost of a step the moves allow by `d`; `parents_own` for the parent's
        // straight step to the neighbour, counted on only when it needs no other cell open.
        let cost = |d: Point, parents_own: bool| -> Option<u32> {
            if d.x.abs() > 1 || d.y.abs() > 1 {
                return None;
            }
            let diagonal = d.x != 0 && d.y != 0;
            match (diagonal, self.directions, self.corners) {
                (false, _, _) => Some(self.cardinal_cost),
                (true, Directions::Four, _) => None,
                (true, Directions::Eight, CornerCutting::Allowed) => Some(self.diagonal_cost),
                (true, Directions::Eight, CornerCutting::Forbidden) => {
                    (!parents_own).then_some(self.diagonal_cost)
                }
            }
        };
        let mut masks = [0u8; 8];
        for (mask, &from_parent) in masks.iter_mut().zip(deltas) {
            for (t, &onwards) in deltas.iter().enumerate() {
                let by_parent = from_parent + onwards;
                let covered = by_parent == Point::new(0, 0)
                    || match (
                        cost(by_parent, true),
                        cost(from_parent, false),
                        cost(onwards, false),
                    ) {
                        (Some(direct), Some(a), Some(b)) => {
                            u64::from(direct) <= u64::from(a) + u64::from(b)
                        }
                        _ => false,
                    };
                *mask |= u8::from(covered) << t;
            }
        }
        masks
    }

    /// The steps on a map `width` cells wide, with their index offsets and costs.
    pub(crate) fn steps_on(&self, width: i32) -> Steps {
        let mut list = [Step::default(); 8];
        let deltas = self.deltas();
        for (slot, &delta) in list.iter_mut().zip(deltas) {
            let diagonal = delta.x != 0 && delta.y != 0;
            *slot = Step {
                delta,
                offset: delta.y as isize * width as isize + delta.x as isize,
                packed: (delta.y << 16).wrapping_add(delta.x) as u32,
                cost: if diagonal {
                    self.diagonal_cost
                } else {
                    self.cardinal_cost
                },
                diagonal,
            };
        }
        Steps {
            list,
            len: deltas.len(),
        }
    }

    /// A lower bound on the cost of going from one cell to another that never drops by
    /// more than a step's cost in one step (a consistent A* estimate): the cost of the
    /// cheapest walk across an open floor, counting a cardinal step at
    /// `c = min(cardinal, diagonal)` and a diagonal one at `d = min(diagonal, 2c)`, that is
    /// `c * (max - min) + d * min` of `dx` and `dy`. With the default costs it is the octile
    /// distance `2 * max(dx, dy) + min(dx, dy)`.
    ///
    /// It is a norm (`(2c - d) * max + (d - c) * (dx + dy)` with both factors at least 0),
    /// so the triangle inequality makes it consistent.
    pub(crate) fn estimate(&self) -> Estimate {
        let cardinal = u64::from(self.cardinal_cost);
        match self.directions {
            Directions::Four => Estimate {
                long: cardinal,
                short: cardinal,
            },
            Directions::Eight => {
                let c = cardinal.min(u64::from(self.diagonal_cost));
                let d = u64::from(self.diagonal_cost).min(2 * c);
                Estimate {
                    long: c,
                    short: d - c,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The step cost of moving by `d` under `moves`, on an open floor.
    fn step_cost(moves: &Moves, d: Point) -> Option<u64> {
        let steps = moves.steps_on(10);
        let step = steps.as_slice().iter().find(|s| s.delta == d)?;
        assert_eq!(step.offset, d.y as isize * 10 + d.x as isize);
        Some(u64::from(step.cost))
    }

    /// A step's packed offset added to a packed cell gives the packed neighbour, on the
    /// map's edges too (the search queues neighbours so).
    #[test]
    fn packed_offsets_reach_the_packed_neighbour() {
        use crate::path::cells::Cells;
        let (w, h) = (crate::Map::MAX_SIDE, 3);
        for moves in [Moves::EIGHT, Moves::FOUR] {
            for step in moves.steps_on(w).as_slice() {
                for p in [Point::new(0, 0), Point::new(1, 1), Point::new(w - 1, h - 1)] {
                    let q = p + step.delta;
                    if q.x < 0 || q.y < 0 || q.x >= w || q.y >= h {
                        continue;
                    }
                    let reached = Cells::pack(p).wrapping_add(step.packed);
                    assert_eq!(reached, Cells::pack(q), "{p} by {}", step.delta);
                }
            }
        }
    }

    #[test]
    fn the_estimate_is_consistent_and_zero_at_the_goal() {
        for directions in [Directions::Four, Directions::Eight] {
            for cardinal in 1..=7 {
                for diagonal in 1..=15 {
                    let moves = Moves {
                        directions,
                        ..Moves::EIGHT.with_costs(cardinal, diagonal)
                    };
                    let goal = Point::new(0, 0);
                    let estimate = moves.estimate();
                    assert_eq!(estimate.between(goal, goal), 0);
                    for y in -6..=6 {
                        for x in -6..=6 {
                            let a = Point::new(x, y);
                            for d in Point::ALL_DIRECTIONS {
                                let Some(cost) = step_cost(&moves, d) else {
                                    continue;
                                };
                                let (ha, hb) =
                                    (estimate.between(a, goal), estimate.between(a + d, goal));
                                assert!(ha <= cost + hb, "{moves:?} {a} {d}: {ha} > {cost} + {hb}");
                            }
                        }
                    }
                }
            }
        }
    }

    /// Clockwise from north: N 0, NE 1, E 2, SE 3, S 4, SW 5, W 6, NW 7. A cell reached
    /// eastwards keeps NE, E and SE; reached north-eastwards, also NW and SE (where
    /// jump point search looks for forced neighbours); with four directions only the
    /// step back to the parent is passed over.
    #[test]
    fn the_parent_covers_the_neighbours_behind() {
        let eight = Moves::default().reached_by_parent();
        assert_eq!(eight[2], 0b1111_0001, "reached eastwards");
        assert_eq!(eight[1], 0b0111_0000, "reached north-eastwards");
        let four = Moves::FOUR.reached_by_parent();
        assert_eq!(
            four[..4],
            [0b0100, 0b1000, 0b0001, 0b0010],
            "only the parent"
        );
        // A parent's diagonal that may not cut corners is not counted on.
        let strict = Moves::EIGHT.with_corner_cutting(CornerCutting::Forbidden);
        assert_eq!(
            strict.reached_by_parent()[2],
            0b1110_0000,
            "W, SW and NW only"
        );
        // Dear diagonals: the parent's diagonal step costs more than two steps of the cell.
        let dear = Moves::EIGHT.with_costs(1, 5).reached_by_parent();
        assert_eq!(dear[2], 0b1110_0000, "N and S not by the parent's diagonal");
    }

    #[test]
    fn default_estimate_is_octile() {
        let m = Moves::default().estimate();
        assert_eq!(m.between(Point::new(0, 0), Point::new(5, 2)), 2 * 5 + 2);
        assert_eq!(m.between(Point::new(3, 3), Point::new(0, 0)), 9);
        let four = Moves::FOUR.estimate();
        assert_eq!(four.between(Point::new(0, 0), Point::new(5, 2)), 14);
    }

    #[test]
    fn costs_are_checked_by_field() {
        let err = Moves::EIGHT.with_costs(2, 0).validate().unwrap_err();
        assert_eq!(err.to_string(), "diagonal_cost is 0; allowed 1..=100000");
        let err = Moves::EIGHT
            .with_costs(Moves::MAX_COST + 1, 3)
            .validate()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "cardinal_cost is 100001; allowed 1..=100000"
        );
    }
}
