//! Diffusion-limited aggregation: particles wander until they touch the floor carved so
//! far and stick there, growing branching caves.
//!
//! Based on: <https://bfnightly.bracketproductions.com/chapter_30.html> (the Rust
//! roguelike tutorial's modes), after T. A. Witten and L. M. Sander, "Diffusion-Limited
//! Aggregation, a Kinetic Critical Phenomenon", Phys. Rev. Lett. 47 (1981), and
//! <https://www.roguebasin.com/index.php/Diffusion-limited_aggregation>.

use crate::generators::named_enum::named_enum;
use crate::generators::walkers::{Budget, Canvas, Steps, Symmetry, target_tiles};
use crate::generators::Generate;
use crate::record::Recorder;
use crate::{Dungeon, DungeonRng, GenerateError, Point};

named_enum! {
    /// How particles move before they stick.
    pub enum DlaAlgorithm ("DLA algorithm") {
        /// A particle starts on a random tile near the aggregate and walks at random
        /// until its next step would land on floor; it sticks where it stands.
        WalkInwards = "walk-inwards",
        /// A particle starts at the centre and walks at random over the floor until its
        /// next step would land on wall; that wall becomes floor.
        WalkOutwards = "walk-outwards",
        /// A particle starts on a random tile near the aggregate and moves in a straight
        /// line towards the centre until its next step would land on floor.
        CentralAttractor = "central-attractor",
    }
}

/// Settings of the diffusion-limited-aggregation generator. `Default` gives the classic
/// branching look at 80 x 45.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::dla::DlaSettings;
/// let dungeon = DlaSettings::default().generate(7)?;
/// let floor = dungeon.map.tiles().iter().filter(|t| t.walkable).count();
/// assert!(floor >= 78 * 43 / 4, "a quarter of the tiles inside the border");
/// assert_eq!(dungeon.start, mapgen::Point::new(40, 22), "the centre");
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct DlaSettings {
    /// Map width in tiles, 3..=[`Map::MAX_SIDE`](crate::Map::MAX_SIDE); default 80.
    pub width: i32,
    /// Map height in tiles, 3..=[`Map::MAX_SIDE`](crate::Map::MAX_SIDE); default 45.
    pub height: i32,
    /// How particles move; default [`DlaAlgorithm::WalkInwards`].
    pub algorithm: DlaAlgorithm,
    /// Side of the square brush a particle paints where it sticks, in tiles,
    /// 1..=[`DlaSettings::MAX_BRUSH`]; default 1.
    pub brush_size: i32,
    /// Mirror images of every stroke; default [`Symmetry::None`].
    pub symmetry: Symmetry,
    /// Particles stick until this share of the tiles inside the border, in percent, is
    /// floor, 0..=100; default 25. The floor ends at least at the target (rounded up, and
    /// at least one tile) and less than one stroke (`brush_size`² tiles per mirror image)
    /// above it.
    pub cluster_percent: u32,
}

impl Default for DlaSettings {
    fn default() -> Self {
        DlaSettings::DEFAULT
    }
}

impl DlaSettings {
    /// 80 x 45, walk inwards, brush 1, no symmetry, a quarter of the map floor.
    pub const DEFAULT: DlaSettings = DlaSettings {
        width: 80,
        height: 45,
        algorithm: DlaAlgorithm::WalkInwards,
        brush_size: 1,
        symmetry: Symmetry::None,
        cluster_percent: 25,
    };
    /// The largest brush.
    pub const MAX_BRUSH: i32 = 16;
    /// Particle steps allowed per tile inside the border: the step budget, at most
    /// [`DlaSettings::MAX_STEPS`].
    pub const STEPS_PER_TILE: u64 = 2_000;
    /// The most steps a run takes, whatever the map (8·10⁹, about 14 s of work on a
    /// 2-core machine): the budget per tile caps at this from 2000 x 2000 tiles on.
    pub const MAX_STEPS: u64 = crate::generators::walkers::MAX_STEPS;
    /// How far from the aggregate's bounding box particles start, in tiles.
    pub const LAUNCH_MARGIN: i32 = 8;
}

impl Generate for DlaSettings {
    const NAME: &'static str = "dla";
    const ABOUT: &'static str = "diffusion-limited aggregation: branching caves";

    /// Checks every field, naming the first one that is out of range.
    ///
    /// # Errors
    /// [`GenerateError::OutOfRange`].
    fn validate(&self) -> Result<(), GenerateError> {
        GenerateError::check_map_size(self.width, self.height)?;
        GenerateError::check_range(
            "brush_size",
            self.brush_size.into(),
            1,
            Self::MAX_BRUSH.into(),
        )?;
        GenerateError::check_range("cluster_percent", self.cluster_percent.into(), 0, 100)
    }

    /// Generates a dungeon from `rng`'s stream.
    ///
    /// The centre tile `(width / 2, height / 2)` is painted first (the seed of the
    /// aggregate) and is the start. Then particles stick, one stroke each, until the
    /// floor reaches the target. Walking particles take random orthogonal steps (sixteen
    /// per 32-bit draw). Particles of [`DlaAlgorithm::WalkInwards`] and
    /// [`DlaAlgorithm::CentralAttractor`] start on a tile drawn uniformly from the
    /// aggregate's bounding box grown by [`DlaSettings::LAUNCH_MARGIN`] tiles (inside the
    /// border; a floor tile is drawn again), and a walking particle stays in that box
    /// (a step out of it is spent standing still). The central attractor's line is the
    /// 4-connected line that keeps closest to the straight one (at a tie, along the row
    /// first). No rooms.
    ///
    /// # Errors
    /// The first invalid setting; [`GenerateError::BudgetExhausted`] when particles take
    /// [`DlaSettings::STEPS_PER_TILE`] steps (draws of a start tile included) per tile
    /// inside the border, or [`DlaSettings::MAX_STEPS`] in all, without reaching the
    /// target (walking outwards on large maps: each particle crosses the whole aggregate).
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.validate()?;
        let mut canvas = Canvas::new(self.width, self.height, self.brush_size, self.symmetry);
        let start = Point::new(self.width / 2, self.height / 2);
        canvas.paint(start);
        let target = target_tiles(self.cluster_percent, canvas.interior());
        let mut budget = Budget::new(Self::STEPS_PER_TILE, canvas.interior());
        let mut steps = Steps::new();
        while canvas.floor_count() < target {
            let stuck = match self.algorithm {
                DlaAlgorithm::WalkInwards => walk_inwards(&canvas, rng, &mut steps, &mut budget),
                DlaAlgorithm::WalkOutwards => {
                    walk_outwards(&canvas, start, rng, &mut steps, &mut budget)
                }
                DlaAlgorithm::CentralAttractor => {
                    central_attractor(&canvas, start, rng, &mut budget)
                }
            };
            match stuck {
                Some(p) => {
                    canvas.paint(p);
                    recorder.step_with("particle stuck", || canvas.to_map());
                }
                None => {
                    return Err(GenerateError::BudgetExhausted {
                        generator: super::GeneratorKind::Dla,
                        field: "cluster_percent".into(),
                        value: self.cluster_percent.into(),
                        target,
                        reached: canvas.floor_count(),
                        budget: budget.limit,
                    });
                }
            }
        }
        Ok(Dungeon::new(canvas.into_map(), start))
    }
}

/// A wall tile drawn uniformly from the launch box; `None` when the budget runs out.
fn launch(canvas: &Canvas, rng: &mut DungeonRng, budget: &mut Budget) -> Option<Point> {
    let (lo, hi) = canvas.floor_box(DlaSettings::LAUNCH_MARGIN);
    loop {
        if !budget.take() {
            return None;
        }
        let p = Point::new(
            rng.range_inclusive(lo.x, hi.x),
            rng.range_inclusive(lo.y, hi.y),
        );
        if !canvas.is_floor(p) {
            return Some(p);
        }
    }
}

/// Where a particle that walks in from the launch box sticks.
#[inline] // called by the generation with and without a recorder
fn walk_inwards(
    canvas: &Canvas,
    rng: &mut DungeonRng,
    steps: &mut Steps,
    budget: &mut Budget,
) -> Option<Point> {
    let mut at = launch(canvas, rng, budget)?;
    let (lo, hi) = canvas.floor_box(DlaSettings::LAUNCH_MARGIN);
    loop {
        if !budget.take() {
            return None;
        }
        let next = at + steps.next(rng);
        if canvas.is_floor(next) {
            return Some(at);
        }
        if (lo.x..=hi.x).contains(&next.x) && (lo.y..=hi.y).contains(&next.y) {
            at = next;
        }
    }
}

/// Where a particle that walks out from `start` over the floor breaks through.
#[inline] // called by the generation with and without a recorder
fn walk_outwards(
    canvas: &Canvas,
    start: Point,
    rng: &mut DungeonRng,
    steps: &mut Steps,
    budget: &mut Budget,
) -> Option<Point> {
    let mut at = start;
    loop {
        if !budget.take() {
            return None;
        }
        let next = at + steps.next(rng);
        if !canvas.is_interior(next) {
            continue;
        }
        if !canvas.is_floor(next) {
            return Some(next);
        }
        at = next;
    }
}

/// Where a particle that moves from the launch box straight towards `centre` sticks.
#[inline] // called by the generation with and without a recorder
fn central_attractor(
    canvas: &Canvas,
    centre: Point,
    rng: &mut DungeonRng,
    budget: &mut Budget,
) -> Option<Point> {
    let from = launch(canvas, rng, budget)?;
    let mut line = Line4::new(from, centre);
    let mut at = from;
    loop {
        if !budget.take() {
            return None;
        }
        // The centre is floor, so the line meets floor before it ends.
        let next = line.next()?;
        if canvas.is_floor(next) {
            return Some(at);
        }
        at = next;
    }
}

/// The 4-connected line from one point to another: each step goes along the row or the
/// column, whichever keeps the line's progress on both axes closest (`(2 * done_x + 1) *
/// |dy|` against `(2 * done_y + 1) * |dx|`; along the row at a tie).
struct Line4 {
    at: Point,
    step: Point,
    delta: (i64, i64),
    done: (i64, i64),
}

impl Line4 {
    fn new(from: Point, to: Point) -> Line4 {
        Line4 {
            at: from,
            step: Point::new((to.x - from.x).signum(), (to.y - from.y).signum()),
            delta: (
                (i64::from(to.x) - i64::from(from.x)).abs(),
                (i64::from(to.y) - i64::from(from.y)).abs(),
            ),
            done: (0, 0),
        }
    }
}

impl Iterator for Line4 {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        let (dx, dy) = self.delta;
        let (nx, ny) = self.done;
        let x_left = nx < dx;
        let y_left = ny < dy;
        let along_x = match (x_left, y_left) {
            (false, false) => return None,
            (true, false) => true,
            (false, true) => false,
            (true, true) => (2 * nx + 1) * dy <= (2 * ny + 1) * dx,
        };
        if along_x {
            self.at = self.at.offset(self.step.x, 0);
            self.done.0 += 1;
        } else {
            self.at = self.at.offset(0, self.step.y);
            self.done.1 += 1;
        }
        Some(self.at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_four_connected_and_end_at_the_target() {
        for (from, to) in [((0, 0), (5, 2)), ((7, 1), (0, 6)), ((3, 3), (3, -4)), ((2, 2), (2, 2))] {
            let (from, to) = (Point::from(from), Point::from(to));
            let points: Vec<Point> = Line4::new(from, to).collect();
            assert_eq!(points.len() as u64, from.manhattan(to));
            let mut prev = from;
            for &p in &points {
                assert_eq!(p.manhattan(prev), 1);
                prev = p;
            }
            assert_eq!(prev, to);
        }
        let line: Vec<Point> = Line4::new(Point::new(0, 0), Point::new(4, 2)).collect();
        assert_eq!(
            line,
            [(1, 0), (1, 1), (2, 1), (3, 1), (3, 2), (4, 2)].map(Point::from)
        );
    }

    #[test]
    fn smallest_map_is_its_centre() {
        for algorithm in DlaAlgorithm::ALL.iter().copied() {
            let s = DlaSettings {
                width: 3,
                height: 3,
                algorithm,
                cluster_percent: 100,
                ..DlaSettings::default()
            };
            assert_eq!(s.generate(0).unwrap().map.to_string(), "###\n#.#\n###\n");
        }
    }
}
