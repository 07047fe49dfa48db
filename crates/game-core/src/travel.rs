//! Travel: the shortest known way to a tile the player picked, shown while hovering and
//! walked one step at a time.
//!
//! Based on: Brogue CE's `travel` and `travelMap` (`src/brogue/Movement.c`): a Dijkstra
//! map, shown as a route before it is walked; "You have not explored that location."
//! and "No path is available." are answers, not failures. The route shown is the walk
//! the player will make: the hover shows exactly the steps that follow a click.
//!
//! Hovering asks for many routes from one place: a Dijkstra map from the player, made
//! once per place and knowledge within [`HOVER_STEPS`] (the screen), gives each route
//! by tracing it back from the tile hovered, in the time of the route's length. Tiles
//! beyond are reached by A* (for the cost) and a Dijkstra map rooted at the tile,
//! limited to that cost. While walking, the route is made again, as far as the cost
//! left, whenever something walkable was learnt.

use mapgen::Point;
use mapgen::path::{AStar, Moves, PathError};

use crate::knowledge::Knowledge;
use crate::route::Route;
use crate::route::flood::Flood;

/// How far, in cardinal steps, the Dijkstra map from the player that serves hovering
/// reaches: beyond a screen's width, and a box of 129x129 tiles at most.
pub const HOVER_STEPS: i32 = 64;

/// Why there is no route to a tile: an answer to show the player, never a failure.
/// `#[non_exhaustive]`: more reasons may come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
/// let mut known = Knowledge::new(map.width(), map.height())?;
/// for (p, tile) in map.iter() {
///     known.learn(p, tile); // the whole map seen
/// }
/// let mut travel = Travel::new();
/// let route = travel.plan(&known, Point::new(1, 2), Point::new(3, 2))?;
/// assert_eq!(route, [Point::new(1, 2), Point::new(2, 1), Point::new(3, 2)]);
/// assert_eq!(travel.step(&known, Point::new(1, 2)), TravelStep::Move(Point::new(2, 1)));
/// assert_eq!(travel.step(&known, Point::new(3, 2)), TravelStep::Arrived);
/// // A wall, or a tile never seen: answers, not errors.
/// assert_eq!(travel.plan(&known, Point::new(1, 2), Point::new(2, 2)), Err(NoRoute::NotWalkable { at: Point::new(2, 2) }));
/// assert_eq!(travel.plan(&known, Point::new(1, 2), Point::new(9, 9)), Err(NoRoute::OutsideLevel { at: Point::new(9, 9) }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Travel {
    moves: Moves,
    /// [`HOVER_STEPS`] unless set.
    hover_steps: i32,
    route: Route,
    /// The Dijkstra map from the player for hovering, and the place and knowledge
    /// revision it was made for.
    from_player: Flood,
    made_for: Option<(Point, u64)>,
    /// Finds the cost of a far route first, so the Dijkstra map need not reach farther.
    astar: AStar,
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
            hover_steps: HOVER_STEPS,
            route: Route::default(),
            from_player: Flood::default(),
            made_for: None,
            astar: AStar::default(),
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

    /// The same planner, its Dijkstra map from the player reaching `steps` cardinal steps
    /// (at least 1) instead of [`HOVER_STEPS`]: tiles beyond are routed by A* and a map
    /// rooted at them.
    #[must_use]
    pub fn with_hover_steps(mut self, steps: i32) -> Travel {
        self.hover_steps = steps.max(1);
        self.made_for = None;
        self
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
        let bound = self
            .hover_steps
            .saturating_mul(self.moves.cardinal_cost as i32);
        if self.made_for != Some((from, known.revision())) {
            self.from_player
                .compute(known, self.moves, from, Some(bound));
            self.made_for = Some((from, known.revision()));
        }
        let from_player = &self.from_player;
        let routed = if from_player.get(to).is_some() {
            self.route
                .trace_back(known, self.moves, from, to, |p| from_player.get(p))
        } else if from_player
            .farthest()
            .is_none_or(|far| far.saturating_add(self.largest_step()) <= bound)
        {
            None // the search from the player reached all it could
        } else {
            // Beyond the screen: A* gives the exact cost quickly, and the Dijkstra map
            // rooted at `to` then needs to reach no farther than that.
            match self.astar.search(known.as_map(), self.moves, from, to) {
                Ok(Some(cost)) => {
                    self.route
                        .plan(known, self.moves, from, to, i32::try_from(cost).ok())
                }
                _ => None,
            }
        };
        if routed.is_none() {
            return Err(NoRoute::Unreachable { at: to });
        }
        self.route.rest(from, &mut self.path);
        self.planned = Some(key);
        Ok(&self.path)
    }

    fn largest_step(&self) -> i32 {
        self.moves.cardinal_cost.max(self.moves.diagonal_cost) as i32
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

    /// The next step from `player` toward the target. The route is made again, no
    /// farther than the cost left, when something walkable was learnt since (a shorter
    /// way may have shown up) or the player left it.
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
        let left = self.route.cost_left(player);
        let stale = !self.route.is_current(known, target) || left.is_none();
        if stale
            && self
                .route
                .plan(known, self.moves, player, target, left)
                .is_none()
        {
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
