//! Paths fast on big maps: A* guided by landmarks, exact or within a factor of the cheapest.
//!
//! Based on: Hart, Nilsson, Raphael 1968 (A*, as in `astar.rs`); Goldberg and Harrelson
//! 2005 (landmark bounds, see [`Landmarks`]); Ira Pohl, "Heuristic search viewed as path
//! finding in a graph", Artificial Intelligence 1(3-4), 1970
//! (<https://doi.org/10.1016/0004-3702(70)90007-X>): weighted A*, `f = g + w * h`; and
//! Maxim Likhachev, Geoff Gordon, Sebastian Thrun, "ARA*: Anytime A* with Provable Bounds
//! on Sub-Optimality", NIPS 2003 (<https://papers.nips.cc/paper/2382>), whose theorem gives
//! the bound `cost <= w * cheapest` for a consistent estimate even when no cell is
//! expanded twice.

use std::fmt;

use crate::{Map, Point};

use super::engine::{Ends, Engine, Octile};
use super::landmarks::{Joined, LandmarkBound};
use super::{Landmarks, Moves, PathError, Walkable, Weight};

/// What a [`PathFinder`] searches for: the moves, how far from the cheapest a path may
/// be, and how many landmarks to keep per map.
///
/// ```
/// use mapgen::path::{PathSettings, Weight};
/// let exact = PathSettings::default();
/// assert!(exact.weight.is_exact() && exact.landmarks == 0);
/// let fast = PathSettings { landmarks: 8, weight: "1.5".parse()?, ..PathSettings::default() };
/// assert!(fast.validate().is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct PathSettings {
    /// The steps and their costs. Default [`Moves::default`].
    pub moves: Moves,
    /// How far from the cheapest a path may be: a path found costs at most `weight`
    /// times the cheapest. Default [`Weight::EXACT`], the cheapest.
    pub weight: Weight,
    /// How many landmarks to compute per map, `0..=`[`Landmarks::MAX_COUNT`]; 0 (the
    /// default) computes none. Landmarks cost a Dijkstra map each (plus a labelling of
    /// the map's regions) every time the map's walkability changes, and two or four
    /// bytes a cell each (and one more byte a cell in all: each cell's open steps); they
    /// speed up every search until then (see [`Landmarks`]). 8
    /// suit a map that stays put for a few dozen searches; 32, the most, give the fewest
    /// cells searched on big open maps.
    pub landmarks: u32,
}

impl Default for PathSettings {
    fn default() -> PathSettings {
        PathSettings {
            moves: Moves::default(),
            weight: Weight::EXACT,
            landmarks: 0,
        }
    }
}

impl PathSettings {
    /// Checks the moves and the landmark count.
    ///
    /// ```
    /// use mapgen::path::PathSettings;
    /// let many = PathSettings { landmarks: 33, ..PathSettings::default() };
    /// assert_eq!(many.validate().unwrap_err().to_string(), "landmarks is 33; allowed 0..=32");
    /// ```
    ///
    /// # Errors
    /// [`PathError::OutOfRange`] naming the field.
    pub fn validate(&self) -> Result<(), PathError> {
        self.moves.validate()?;
        Landmarks::check_count(self.landmarks)
    }
}

/// A reusable path search for big maps: A* with [landmarks](Landmarks) kept per map, and a
/// bounded-suboptimal mode. [`AStar`](super::AStar) is the plain exact search; this one is
/// for those who ask for more.
///
/// * **Exact** with [`Weight::EXACT`]: the cost found equals the Dijkstra map's, as with
///   `AStar`. The estimate is the larger of the open-floor estimate (octile with the
///   default moves) and the landmark bounds, both consistent; on a map with landmarks
///   the search expands far fewer cells when landmarks lie beyond the goal; with 32 of
///   them round the edge of the map, some always do. Between random cells of a map of
///   scattered walls they cut the cells searched by about five; the bounded search is
///   faster still.
/// * **Bounded** with a larger weight `w`: weighted A*, `f = g + w * h` in integers, each
///   cell expanded at most once; the path costs at most `w` times the cheapest.
/// * **Landmarks per map.** With [`PathSettings::landmarks`] above 0, the first search on
///   a map computes them, and they serve every search on that map until its walkability
///   changes (its [`Map::walk_revision`] moves on) or another map is searched; then the
///   next search computes them again ([`Landmarks::is_current`]). Keep a finder per map
///   all the same, or call [`PathFinder::forget`] before searching another: a map
///   dropped and a new one made in its memory, of its size and revision, is not told
///   apart (unless the search's ends disagree with the landmarks). A walkable that names
///   no map ([`Walkable::underlying_map`] is `None`) is searched with the open-floor estimate
///   alone. The same query on the same map gives the same path every time.
/// * **Extra costs** ([`with_costs`](super::with_costs), your own `Walkable` whose
///   `underlying_map` names its map) are welcome: they only add to a step or forbid it, so every
///   bound of the plain map stays a lower bound and the answers stay exact (or within
///   the weight).
/// * **No path, quickly**: cells the map does not join get `None` without a search when
///   landmarks are kept, and a flood from the goal stops a search whose goal is closed
///   off, as in `AStar`.
///
/// ```
/// use mapgen::path::{PathFinder, PathSettings};
/// use mapgen::{Map, Point, Tile};
/// let mut map = Map::from_ascii(concat!(
///     "#######\n",
///     "#..#..#\n",
///     "#..#..#\n",
///     "#.....#\n",
///     "#######\n",
/// ))?;
/// let mut finder = PathFinder::new(PathSettings { landmarks: 4, ..PathSettings::default() })?;
/// let (from, to) = (Point::new(1, 1), Point::new(5, 1));
/// assert_eq!(finder.search(&map, from, to)?, Some(12)); // computes the landmarks
/// assert_eq!(finder.path().first(), Some(&from));
/// map.set((3, 3), Tile::WALL); // the landmarks are computed again on the next search
/// assert_eq!(finder.search(&map, from, to)?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Within a factor of the cheapest:
///
/// ```
/// use mapgen::path::{PathFinder, PathSettings};
/// use mapgen::generators::{Generate, rooms::RoomsSettings};
/// let dungeon = RoomsSettings::default().generate(42)?;
/// let settings = PathSettings { weight: "1.5".parse()?, ..PathSettings::default() };
/// let mut finder = PathFinder::new(settings)?;
/// let cost = finder.search(&dungeon.map, dungeon.start, dungeon.exit())?.expect("a path");
/// assert!(2 * cost <= 3 * 101, "the cheapest costs 101");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PathFinder {
    settings: PathSettings,
    engine: Engine,
    landmarks: Option<Landmarks>,
}

impl fmt::Debug for PathFinder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PathFinder")
            .field("settings", &self.settings)
            .field("landmarks", &self.landmarks)
            .field("path", &self.engine.path())
            .finish_non_exhaustive()
    }
}

impl PathFinder {
    /// A finder for `settings`, with no map yet.
    ///
    /// # Errors
    /// As [`PathSettings::validate`].
    pub fn new(settings: PathSettings) -> Result<PathFinder, PathError> {
        settings.validate()?;
        Ok(PathFinder {
            settings,
            engine: Engine::default(),
            landmarks: None,
        })
    }

    /// The settings.
    pub fn settings(&self) -> &PathSettings {
        &self.settings
    }

    /// Drops the landmarks kept, so that the next search (or [`PathFinder::prepare`])
    /// computes them for its map: before searching another map than the last.
    ///
    /// ```
    /// use mapgen::path::{PathFinder, PathSettings};
    /// use mapgen::{Map, Point};
    /// let (a, b) = (Map::from_ascii("...\n.#.\n")?, Map::from_ascii("...\n...\n")?);
    /// let mut finder = PathFinder::new(PathSettings { landmarks: 2, ..PathSettings::default() })?;
    /// assert_eq!(finder.search(&a, Point::new(0, 1), Point::new(2, 1))?, Some(6));
    /// finder.forget(); // not needed while a lives; wise once it may be dropped
    /// assert_eq!(finder.search(&b, Point::new(0, 1), Point::new(2, 1))?, Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn forget(&mut self) {
        self.landmarks = None;
    }

    /// The landmarks of the last map searched, when [`PathSettings::landmarks`] is above 0
    /// and a search has named its map.
    pub fn landmarks(&self) -> Option<&Landmarks> {
        self.landmarks.as_ref()
    }

    /// Computes the landmarks of `map` now unless they are current, as the next search on
    /// it would: to take their cost at a time of your choosing. Returns true when it
    /// computed them; false when they were current or [`PathSettings::landmarks`] is 0.
    ///
    /// ```
    /// use mapgen::path::{PathFinder, PathSettings};
    /// use mapgen::Map;
    /// let map = Map::from_ascii("....\n.##.\n....\n")?;
    /// let mut finder = PathFinder::new(PathSettings { landmarks: 2, ..PathSettings::default() })?;
    /// assert!(finder.prepare(&map)?);
    /// assert!(!finder.prepare(&map)?, "current: kept");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Landmarks::build`].
    pub fn prepare(&mut self, map: &Map) -> Result<bool, PathError> {
        let (moves, count) = (self.settings.moves, self.settings.landmarks);
        if count == 0 {
            return Ok(false);
        }
        match &mut self.landmarks {
            Some(l) if l.is_current(map, moves) => Ok(false),
            Some(l) => l.rebuild(map, moves, count).map(|()| true),
            None => {
                self.landmarks = Some(Landmarks::build(map, moves, count)?);
                Ok(true)
            }
        }
    }

    /// The path of the last search, from its start to its goal, both included; empty when
    /// it found none.
    pub fn path(&self) -> &[Point] {
        self.engine.path()
    }

    /// How many cells the last search expanded: a measure of its work, for tests and
    /// benchmarks.
    pub fn expansions(&self) -> u32 {
        self.engine.expansions()
    }

    /// The cost of a path from `from` to `to` on `walk`, or `None` when there is none: an
    /// end outside the map or not walkable, or the ends not joined. With
    /// [`Weight::EXACT`] it is a cheapest path; with a larger weight `w` its cost is at
    /// most `w` times the cheapest. The path is then [`PathFinder::path`].
    ///
    /// # Errors
    /// [`PathError::Size`] for a map larger than [`Map::MAX_SIDE`] a side.
    pub fn search(
        &mut self,
        walk: &impl Walkable,
        from: Point,
        to: Point,
    ) -> Result<Option<u64>, PathError> {
        self.search_within(walk, from, to, u64::MAX)
    }

    /// [`PathFinder::search`] for a path that costs at most `max_cost`: never a dearer one.
    /// An exact search finds one whenever the cheapest is within the limit; a weighted one
    /// whenever the cheapest costs at most `max_cost / w`.
    ///
    /// ```
    /// use mapgen::path::{PathFinder, PathSettings};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("#####\n#...#\n#.#.#\n#####\n")?;
    /// let mut finder = PathFinder::new(PathSettings::default())?;
    /// let (from, to) = (Point::new(1, 2), Point::new(3, 2));
    /// assert_eq!(finder.search_within(&map, from, to, 6)?, Some(6));
    /// assert_eq!(finder.search_within(&map, from, to, 5)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`PathFinder::search`].
    pub fn search_within(
        &mut self,
        walk: &impl Walkable,
        from: Point,
        to: Point,
        max_cost: u64,
    ) -> Result<Option<u64>, PathError> {
        let PathSettings { moves, weight, .. } = self.settings;
        self.engine.start(walk, &moves, weight, max_cost)?;
        let ends_walkable = |p: Point| walk.shape().contains(p) && walk.is_walkable(p);
        if !ends_walkable(from) || !ends_walkable(to) {
            return Ok(None);
        }
        let joined = self.joined(walk, from, to)?;
        let ends = Ends {
            from,
            to,
            limit: max_cost,
            joined: joined == Joined::InLandmarkRegion,
        };
        let octile = Octile::new(&moves, to);
        let engine = &mut self.engine;
        Ok(match (joined, &self.landmarks) {
            (Joined::No, _) => None,
            (Joined::InLandmarkRegion, Some(landmarks)) => {
                let shape = walk.shape();
                let (i, j) = (shape.index_inside(from), shape.index_inside(to));
                // The landmarks' step masks, when the search reads their map's tiles.
                let masks = walk
                    .row_major_tiles()
                    .and_then(|t| landmarks.step_masks_for(t));
                match landmarks.bound(octile, i, j) {
                    LandmarkBound::Narrow(b) => engine.astar(walk, moves, weight, ends, &b, masks),
                    LandmarkBound::Wide(b) => engine.astar(walk, moves, weight, ends, &b, masks),
                }
            }
            _ => engine.astar(walk, moves, weight, ends, &octile, None),
        })
    }

    /// What the landmarks of `walk`'s map say of `from` and `to`, computing them first
    /// when they are asked for and not current; [`Joined::Unknown`] without landmarks.
    fn joined(
        &mut self,
        walk: &impl Walkable,
        from: Point,
        to: Point,
    ) -> Result<Joined, PathError> {
        let shape = walk.shape();
        let map = walk.underlying_map().filter(|m| m.shape() == shape);
        let Some(map) = map.filter(|_| self.settings.landmarks > 0) else {
            return Ok(Joined::Unknown);
        };
        let (i, j) = (shape.index_inside(from), shape.index_inside(to));
        // Landmarks of another map of this size and revision would disagree here, most
        // likely: computed again rather than trusted.
        let disagree = |l: &Landmarks| !l.agrees(i, true) || !l.agrees(j, true);
        if self.landmarks.as_ref().is_some_and(disagree) {
            self.landmarks = None;
        }
        self.prepare(map)?;
        Ok(match &self.landmarks {
            Some(landmarks) => landmarks.joined(i, j),
            None => Joined::Unknown,
        })
    }
}
