//! Travel: the shortest known way to a tile the player picked, shown while hovering and
//! walked one step at a time.
//!
//! Based on: Brogue CE's `travel` and `travelMap` (`src/brogue/Movement.c`): the route is
//! shown before it is walked, and "You have not explored that location." and "No path is
//! available." are answers, not failures. The route shown is the walk the player will
//! make: a click walks exactly the steps hovered.
//!
//! A route is mapgen's A* over the known tiles (unknown ones are walls): exact, and on the
//! tutorial's map a few times faster than a Dijkstra map from the player, so hovering
//! costs little even on the first frame after a move, and the same ends asked again at
//! the same knowledge cost nothing. While walking, the route is made again from where the
//! player stands whenever something walkable was learnt (a shorter way may have shown
//! up).

use mapgen::Point;
use mapgen::path::{AStar, Moves, PathError};

use crate::knowledge::Knowledge;
use crate::route::Route;

/// Why there is no route to a tile: an answer to show the player, never a failure.
/// More reasons may come; not `#[non_exhaustive]`, so each is told in its own words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NoRoute {
    /// The tile is outside the level.
    #[error("{at} is outside the level")]
    OutsideLevel {
        /// The tile asked for.
        at: Point,
    },
    /// The player has not seen the tile.
    #[error("you have not explored {at}")]
    Unknown {
        /// The tile asked for.
        at: Point,
    },
    /// The tile is known, and nobody can stand on it (a wall).
    #[error("{at} cannot be walked on")]
    NotWalkable {
        /// The tile asked for.
        at: Point,
    },
    /// No known way leads there from where the player stands.
    #[error("no known way leads to {at}")]
    Unreachable {
        /// The tile asked for.
        at: Point,
    },
    /// No target: nothing was planned, or the plan was cancelled.
    #[error("there is no target")]
    NoTarget,
    /// The player does not stand on a known walkable tile.
    #[error("the start {at} is not known floor")]
    StartNotKnown {
        /// Where the player stands.
        at: Point,
    },
}

/// What travel does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TravelStep {
    /// Step onto this neighbouring tile.
    Move(Point),
    /// The player stands on the target.
    Arrived,
    /// The way is gone or there was none.
    Stop(NoRoute),
}

/// Travel's planner: [`Travel::plan`] a route (hovering shows it), then
/// [`Travel::step`] once per step, moving the player as it says and updating the
/// [`Knowledge`] with what they see, until it says arrived or stop.
///
/// ```
/// use game_core::knowledge::Knowledge;
/// use game_core::travel::{NoRoute, Travel, TravelStep};
/// use mapgen::{Map, Point};
///
/// let map = Map::from_ascii("#####\n#...#\n#.#.#\n#####\n")?;
/// let mut known = Knowledge::of_size(&map);
/// for (p, tile) in map.iter() {
///     known.learn(p, tile); // the whole map seen
/// }
/// let mut travel = Travel::new();
/// let route = travel.plan(&known, Point::new(1, 2), Point::new(3, 2))?;
/// assert_eq!(route, [Point::new(1, 2), Point::new(2, 1), Point::new(3, 2)]);
/// assert_eq!(travel.step(&known, Point::new(1, 2)), TravelStep::Move(Point::new(2, 1)));
/// assert_eq!(travel.step(&known, Point::new(3, 2)), TravelStep::Arrived);
/// // A wall, or a tile outside: answers, not errors.
/// let wall = Point::new(2, 2);
/// assert_eq!(travel.plan(&known, Point::new(1, 2), wall), Err(NoRoute::NotWalkable { at: wall }));
/// let outside = Point::new(9, 9);
/// assert_eq!(travel.plan(&known, Point::new(1, 2), outside), Err(NoRoute::OutsideLevel { at: outside }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Travel {
    moves: Moves,
    astar: AStar,
    route: Route,
    /// The last route planned, and what it was planned from.
    path: Vec<Point>,
    planned: Option<(Point, Point, u64)>,
}

impl Default for Travel {
    fn default() -> Travel {
        Travel::new()
    }
}

impl Travel {
    /// A planner that moves as the game's `@` does ([`Moves::default`]).
    pub fn new() -> Travel {
        Travel {
            moves: Moves::default(),
            astar: AStar::default(),
            route: Route::default(),
            path: Vec::new(),
            planned: None,
        }
    }

    /// A planner with other moves.
    ///
    /// # Errors
    /// [`PathError::OutOfRange`] for step costs [`Moves::validate`] refuses.
    pub fn with_moves(moves: Moves) -> Result<Travel, PathError> {
        moves.validate()?;
        Ok(Travel {
            moves,
            ..Travel::new()
        })
    }

    /// Plans the route from `from` to `to` on what `known` says and makes `to` the
    /// target of [`Travel::step`]: the tiles walked, both ends included (just `from`
    /// when it is `to`). Asked again with the same ends and nothing walkable learnt, it
    /// gives the same route at no cost, so hovering may ask every frame.
    ///
    /// # Errors
    /// [`NoRoute`] when `to` is outside, unknown, not walkable or cut off, or `from` is
    /// not known floor; the target is then cleared.
    pub fn plan(&mut self, known: &Knowledge, from: Point, to: Point) -> Result<&[Point], NoRoute> {
        let key = (from, to, known.revision());
        if self.planned == Some(key) {
            return Ok(&self.path);
        }
        self.cancel();
        check_ends(known, from, to)?;
        if self.route_from(known, from, to).is_none() {
            return Err(NoRoute::Unreachable { at: to });
        }
        self.route.rest(from, &mut self.path);
        self.planned = Some(key);
        Ok(&self.path)
    }

    /// A* from `from` to `to` on what is known, as the route; its cost.
    fn route_from(&mut self, known: &Knowledge, from: Point, to: Point) -> Option<i32> {
        match self.astar.search(known.as_map(), self.moves, from, to) {
            Ok(Some(_)) => self.route.follow_path(known, self.moves, self.astar.path()),
            _ => None,
        }
    }

    /// The target of the last successful [`Travel::plan`].
    pub fn target(&self) -> Option<Point> {
        self.route.target()
    }

    /// Forgets the target (the player pressed a key).
    pub fn cancel(&mut self) {
        self.route.forget();
        self.planned = None;
        self.path.clear();
    }

    /// The next step from `player` toward the target. The route is made again from
    /// `player` when something walkable was learnt since (a shorter way may have shown
    /// up) or the player left it.
    pub fn step(&mut self, known: &Knowledge, player: Point) -> TravelStep {
        let Some(target) = self.route.target() else {
            return TravelStep::Stop(NoRoute::NoTarget);
        };
        if player == target {
            return TravelStep::Arrived;
        }
        if let Err(no) = check_ends(known, player, target) {
            self.cancel();
            return TravelStep::Stop(no);
        }
        let stale = !self.route.is_current(known, target) || self.route.cost_left(player).is_none();
        if stale && self.route_from(known, player, target).is_none() {
            self.cancel();
            return TravelStep::Stop(NoRoute::Unreachable { at: target });
        }
        match self.route.next_step(player) {
            Some(next) => TravelStep::Move(next),
            None => {
                self.cancel();
                TravelStep::Stop(NoRoute::Unreachable { at: target })
            }
        }
    }
}

/// Checks that `to` is a known walkable tile of the level and `from` known floor.
fn check_ends(known: &Knowledge, from: Point, to: Point) -> Result<(), NoRoute> {
    if !known.as_map().in_bounds(to) {
        return Err(NoRoute::OutsideLevel { at: to });
    }
    match known.tile(to) {
        None => return Err(NoRoute::Unknown { at: to }),
        Some(tile) if !tile.walkable => return Err(NoRoute::NotWalkable { at: to }),
        Some(_) => {}
    }
    if !known.is_walkable(from) {
        return Err(NoRoute::StartNotKnown { at: from });
    }
    Ok(())
}
