//! Auto-explore: one step at a time toward the nearest place the player has not seen,
//! decided only from what the player knows.
//!
//! Based on: DCSS's auto-explore (`crawl-ref/source/travel.cc`: a flood from the player
//! finds the nearest known square next to an unseen one, kept as the target until it is
//! reached or nothing around it is left unseen) and Brogue CE's (`src/brogue/Movement.c`,
//! `explore` and `nextStep`: a Dijkstra map walked downhill, cardinal directions tried
//! first, so a tie never goes to a diagonal step); Brian Walker, "The Incredible Power
//! of Dijkstra Maps" (<https://www.roguebasin.com/index.php/The_Incredible_Power_of_Dijkstra_Maps>).
//!
//! * **The frontier.** Known walkable tiles with an unknown neighbour
//!   ([`Knowledge::frontier`]). Standing on one shows its neighbours, so reaching a
//!   target always teaches something. Things seen that walking over picks up (Isaac's
//!   keys, [`Knowledge::things`]) are targets too: exploring never ends with a key the
//!   player saw and could reach left lying. So are the tiles beside a locked door the
//!   player holds the key of ([`Explorer::set_doors`]): the run stops there
//!   ([`ExploreStop::AtDoor`]), and the player opens it by walking into it, or by
//!   exploring again from where the run stopped (the next run's first step is into the
//!   door: a key has one door, so asking again can only mean "open it").
//! * **The target.** The frontier tile cheapest to walk to from the player over the
//!   known walkable tiles (integer costs, [`Moves`]); among equals the first in row
//!   order. First a mapgen Dijkstra map from the player within [`NEAR_STEPS`] (on the
//!   box of tiles that bound can reach); if nothing is there, a search that stops at the
//!   nearest frontier tile and can be spread over several calls (`far`), so a far target
//!   on a huge level never costs one call more than its budget.
//! * **Keeping it.** The target stays until the player stands on it or it leaves the
//!   frontier (everything around it seen): the walk never wavers between two equally
//!   near places. A target reached without anything learnt there (a sight radius below
//!   2 sees no neighbour) is given up, so the walk always ends.
//! * **The route.** To a near target: a mapgen Dijkstra map rooted at the target, walked
//!   downhill, cardinal steps first among equally cheap ones. To a far one: the search
//!   traced back from the target (no second search of a large area). The route is
//!   followed as it is; when something walkable was learnt and the target is near, it
//!   is made again (a shorter way may have shown up).

use mapgen::Point;
use mapgen::path::{Moves, PathError};

use crate::knowledge::{Knowledge, Landmark};
use crate::route::Route;
use crate::route::far::{FarSearch, Progress};
use crate::route::flood::Flood;

/// "Near", in cardinal steps: how far the first search for a target reaches, and how
/// near a target must be for its route to be made again when something walkable was
/// learnt. 32 steps is a box of 65x65 tiles: a few tens of microseconds.
pub const NEAR_STEPS: i32 = 32;

/// The tiles a far search may cover in one step of the game's auto-explore: a few
/// milliseconds at most, so a frame stays under 16 ms on a 1000x1000 level (a far target
/// then takes a few steps without a move to find).
pub const GAME_SEARCH_BUDGET: usize = 20_000;

/// What auto-explore does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExploreStep {
    /// Step onto this neighbouring tile.
    Move(Point),
    /// The search for a far target used this call's budget
    /// ([`Explorer::with_search_budget`]): call again; the player does not move.
    Searching,
    /// Stop, and why.
    Stop(ExploreStop),
}

/// Why auto-explore stops. The game may add reasons (a monster in view, an item); not
/// `#[non_exhaustive]`, so the session's match on it lists each new one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExploreStop {
    /// No known walkable tile borders the unknown: every place the player can reach has
    /// been seen ("Explored this level.").
    Explored,
    /// Unknown places remain, but no known way leads next to them (seen across a chasm,
    /// or out of sight's reach): "Explored all you can reach."
    PartlyExplored {
        /// How many frontier tiles are left.
        frontier: usize,
    },
    /// A landmark came into view since the last step of this run (stairs).
    Sighted(Landmark),
    /// The player does not stand on a known walkable tile: remember what they see first.
    NotOnKnownFloor,
    /// The player stands beside this locked door, and holds its key
    /// ([`Explorer::set_doors`]). A step asked for again from the same tile (the next
    /// run, the player not having moved) is into the door.
    AtDoor(Point),
}

/// Auto-explore's planner: call [`Explorer::begin`] when the player starts exploring,
/// then [`Explorer::step`] once per step, moving the player as it says and updating the
/// [`Knowledge`] with what they see, until it says stop.
///
/// It keeps its target, route and buffers from one step to the next; keep one per
/// level, or call [`Explorer::forget`] when the player changes level.
///
/// ```
/// use game_core::explore::{ExploreStep, ExploreStop, Explorer};
/// use game_core::knowledge::Knowledge;
/// use mapgen::fov::{FieldOfView, LightWalls, Radius};
/// use mapgen::{Map, Point};
///
/// let map = Map::from_ascii(concat!(
///     "##########\n",
///     "#....#...#\n",
///     "#........#\n",
///     "##########\n",
/// ))?;
/// let mut known = Knowledge::new(map.width(), map.height())?;
/// let mut fov = FieldOfView::new(map.width(), map.height())?;
/// let mut explorer = Explorer::new();
/// let mut player = Point::new(1, 1);
/// explorer.begin();
/// let stop = loop {
///     fov.compute(&map, player, Radius::Tiles(4), LightWalls::On)?;
///     known.remember(&map, &fov);
///     match explorer.step(&known, player) {
///         ExploreStep::Move(next) => player = next,
///         ExploreStep::Searching => {} // a far target on a huge level: call again
///         ExploreStep::Stop(why) => break why,
///     }
/// };
/// assert_eq!(stop, ExploreStop::Explored);
/// assert_eq!(known.walkable_tiles(), 15, "every floor tile seen");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Explorer {
    moves: Moves,
    /// At most this many tiles of a far search per call.
    search_budget: usize,
    target: Option<Point>,
    /// The Dijkstra map from the player that finds near targets.
    near: Flood,
    /// The search from the player that finds far targets.
    far: FarSearch,
    route: Route,
    /// Targets reached with nothing learnt there, in (y, x) order.
    given_up: Vec<(i32, i32)>,
    /// How many landmarks were known when this run began (`None`: the next step begins).
    landmarks_seen: Option<usize>,
    /// Locked doors the player holds the key of, in (y, x) order.
    doors: Vec<Point>,
    /// Where the player stood and the door beside them when a run last stopped at a
    /// door: a step asked for there again goes into it.
    stopped_at_door: Option<(Point, Point)>,
}

/// Where a new target was found.
enum Found {
    /// By the near search, at this cost.
    Near(Point, i32),
    /// By the far search.
    Far(Point),
    /// Nowhere: nothing reachable is left.
    Nothing,
    /// Not yet: the far search goes on at the next call.
    Unfinished,
}

impl Default for Explorer {
    fn default() -> Explorer {
        Explorer::new()
    }
}

impl Explorer {
    /// A planner that moves as the game's `@` does: [`Moves::default`] (8 directions,
    /// cardinal 2, diagonal 3, corners may be cut), with no limit on a call's search.
    pub fn new() -> Explorer {
        Explorer {
            moves: Moves::default(),
            search_budget: usize::MAX,
            target: None,
            near: Flood::default(),
            far: FarSearch::default(),
            route: Route::default(),
            given_up: Vec::new(),
            landmarks_seen: None,
            doors: Vec::new(),
            stopped_at_door: None,
        }
    }

    /// The locked doors the player knows and holds the key of: the known walkable tiles
    /// beside them are places to go, and the run stops at the first reached
    /// ([`ExploreStop::AtDoor`]). Call before each [`Explorer::step`] (after a door
    /// opens or a key is picked up, the list changes); none by default.
    pub fn set_doors(&mut self, doors: impl IntoIterator<Item = Point>) {
        self.doors.clear();
        self.doors.extend(doors);
        self.doors.sort_by_key(|p| (p.y, p.x));
        self.doors.dedup();
    }

    /// A planner with other moves.
    ///
    /// ```
    /// use game_core::explore::Explorer;
    /// use mapgen::path::Moves;
    /// assert!(Explorer::with_moves(Moves::FOUR).is_ok());
    /// let err = Explorer::with_moves(Moves::EIGHT.with_costs(0, 3)).unwrap_err();
    /// assert_eq!(err.to_string(), "cardinal_cost is 0; allowed 1..=100000");
    /// ```
    ///
    /// # Errors
    /// [`PathError::OutOfRange`] for step costs [`Moves::validate`] refuses.
    pub fn with_moves(moves: Moves) -> Result<Explorer, PathError> {
        moves.validate()?;
        Ok(Explorer {
            moves,
            ..Explorer::new()
        })
    }

    /// The same planner, searching at most `tiles` tiles (at least one cost level) per
    /// call for a far target: a call that runs out says [`ExploreStep::Searching`] and
    /// the next goes on. Roughly 0.1 µs a tile on the project's 2-core machine, so the
    /// game's 50,000 is a few milliseconds. The choices are the same whatever the budget;
    /// only the calls they take differ.
    #[must_use]
    pub fn with_search_budget(mut self, tiles: usize) -> Explorer {
        self.search_budget = tiles.max(1);
        self
    }

    /// Starts a run: landmarks known now do not stop it. The target, if any, is kept, so
    /// a run stopped by a landmark goes on where it was heading.
    pub fn begin(&mut self) {
        self.landmarks_seen = None;
    }

    /// Forgets the target, the route and the given-up targets: for another level.
    pub fn forget(&mut self) {
        self.target = None;
        self.route.forget();
        self.far = FarSearch::default();
        self.given_up.clear();
        self.landmarks_seen = None;
        self.stopped_at_door = None;
    }

    /// The tile the walk is heading for, if any.
    pub fn target(&self) -> Option<Point> {
        self.target
    }

    /// The route the next steps will follow, from `player` to the target, both included,
    /// into `out` (empty when there is none): for showing it. As of the last
    /// [`Explorer::step`].
    pub fn route(&self, player: Point, out: &mut Vec<Point>) {
        match self.target {
            Some(t) if self.route.target() == Some(t) => self.route.rest(player, out),
            _ => out.clear(),
        }
    }

    /// The next step from `player`, on what `known` says: a neighbouring tile to move
    /// onto, or why to stop. Reads nothing but `known`, `player` and what this planner
    /// decided before, so two levels that look the same to the player get the same step.
    ///
    /// Costs a look along the route while the target stands; a Dijkstra map on a small
    /// box when something walkable was learnt near the target; a search from the player,
    /// as far as the nearest frontier tile, when a new target is needed.
    pub fn step(&mut self, known: &Knowledge, player: Point) -> ExploreStep {
        if let Some(landmark) = self.new_landmark(known) {
            return ExploreStep::Stop(ExploreStop::Sighted(landmark));
        }
        if !known.is_walkable(player) {
            return ExploreStep::Stop(ExploreStop::NotOnKnownFloor);
        }
        if let Some(&door) = self.doors.iter().find(|&&d| is_beside(player, d)) {
            self.target = None;
            // Asked again where the last run stopped at this door: open it.
            if self.stopped_at_door.take() == Some((player, door)) {
                return ExploreStep::Move(door);
            }
            self.stopped_at_door = Some((player, door));
            return ExploreStep::Stop(ExploreStop::AtDoor(door));
        }
        let fronts = door_fronts(known, &self.doors).count();
        // Each pass either moves, stops, or gives a frontier tile up: bounded.
        for _ in 0..=known.frontier_tiles() + known.things().len() + fronts {
            self.retire_target(known, player);
            if let Some(target) = self.target {
                if let Some(next) = self.follow(known, player, target) {
                    return ExploreStep::Move(next);
                }
                // Off the route (the player walked elsewhere): choose afresh.
                self.target = None;
            }
            let (target, routed) = match self.nearest_frontier(known, player) {
                Found::Near(t, cost) => {
                    (t, self.route.plan(known, self.moves, player, t, Some(cost)))
                }
                Found::Far(t) => {
                    let far = &self.far;
                    (
                        t,
                        self.route
                            .trace_back(known, self.moves, player, t, |p| far.get(p)),
                    )
                }
                Found::Nothing => return ExploreStep::Stop(self.nothing_left(known)),
                Found::Unfinished => return ExploreStep::Searching,
            };
            self.target = Some(target);
            if routed.is_some()
                && let Some(next) = self.route.next_step(player)
            {
                return ExploreStep::Move(next);
            }
            self.give_up(target);
        }
        ExploreStep::Stop(self.nothing_left(known))
    }

    /// The first landmark seen since the run began, if one was: the run then counts it
    /// as seen.
    fn new_landmark(&mut self, known: &Knowledge) -> Option<Landmark> {
        let now = known.landmarks().len();
        let before = self.landmarks_seen.replace(now).unwrap_or(now);
        known.landmarks().get(before).copied()
    }

    /// Drops the target once it is reached or no longer wanted (off the frontier, or the
    /// thing there gone); a target reached that is still wanted taught nothing and is
    /// given up.
    fn retire_target(&mut self, known: &Knowledge, player: Point) {
        let Some(target) = self.target else {
            return;
        };
        let wanted = is_wanted(known, &self.doors, target) && !self.is_given_up(target);
        if target == player && wanted {
            self.give_up(target);
        }
        if target == player || !wanted {
            self.target = None;
        }
    }

    /// The wanted tile (frontier, or a thing to pick up) cheapest to reach from
    /// `player`, first in row order among equals: within [`NEAR_STEPS`] by a Dijkstra
    /// map, else by the far search.
    fn nearest_frontier(&mut self, known: &Knowledge, player: Point) -> Found {
        let doors = std::mem::take(&mut self.doors);
        let found = self.nearest_wanted(known, player, &doors);
        self.doors = doors;
        found
    }

    /// [`Explorer::nearest_frontier`], with `doors` taken out of the planner.
    fn nearest_wanted(&mut self, known: &Knowledge, player: Point, doors: &[Point]) -> Found {
        let wanted = || {
            let fronts = door_fronts(known, doors);
            known
                .frontier()
                .chain(things_to_pick_up(known))
                .chain(fronts)
        };
        if wanted().all(|p| self.is_given_up(p)) {
            return Found::Nothing; // nothing left to look for: no search
        }
        let bound = self.near_bound();
        if !self.near.compute(known, self.moves, player, Some(bound)) {
            return Found::Nothing;
        }
        let best = wanted()
            .filter(|&p| !self.is_given_up(p))
            .filter_map(|p| self.near.get(p).map(|cost| (cost, p.y, p.x)))
            .min();
        if let Some((cost, y, x)) = best {
            return Found::Near(Point::new(x, y), cost);
        }
        // Nothing within the bound. If no reached tile is within a step of it, the bound
        // cut nothing off: there is nothing to find.
        let largest = self.moves.cardinal_cost.max(self.moves.diagonal_cost) as i32;
        if self
            .near
            .farthest()
            .is_none_or(|far| far.saturating_add(largest) <= bound)
        {
            return Found::Nothing;
        }
        if !self.far.is_for(known, self.moves, player) {
            self.far.start(known, self.moves, player);
        }
        let given_up = &self.given_up;
        let of_interest = |p: Point| is_wanted(known, doors, p) && !is_listed(given_up, p);
        match self.far.advance(known, self.search_budget, of_interest) {
            Progress::Found(t, _) => Found::Far(t),
            Progress::Exhausted => Found::Nothing,
            Progress::Unfinished => Found::Unfinished,
        }
    }

    /// The next step toward the target along the route, when the player is on it. When
    /// something walkable was learnt since the route was made and the target is near,
    /// the route is made again (a shorter way may have shown up); a far target's route
    /// is followed as it is until then.
    fn follow(&mut self, known: &Knowledge, player: Point, target: Point) -> Option<Point> {
        if self.route.target() != Some(target) {
            return None;
        }
        let left = self.route.cost_left(player)?;
        if !self.route.is_current(known, target) && left <= self.near_bound() {
            self.route
                .plan(known, self.moves, player, target, Some(left))?;
        }
        self.route.next_step(player)
    }

    /// [`NEAR_STEPS`] as a cost.
    fn near_bound(&self) -> i32 {
        NEAR_STEPS.saturating_mul(self.moves.cardinal_cost as i32)
    }

    fn give_up(&mut self, target: Point) {
        let key = (target.y, target.x);
        if let Err(at) = self.given_up.binary_search(&key) {
            self.given_up.insert(at, key);
        }
        if self.target == Some(target) {
            self.target = None;
        }
    }

    fn is_given_up(&self, p: Point) -> bool {
        is_listed(&self.given_up, p)
    }

    fn nothing_left(&self, known: &Knowledge) -> ExploreStop {
        match known.frontier_tiles() {
            0 => ExploreStop::Explored,
            frontier => ExploreStop::PartlyExplored { frontier },
        }
    }
}

/// True when exploring wants to reach `p`: a frontier tile, a thing seen there that
/// walking over picks up, or a known tile beside one of `doors` (locked doors the player
/// holds the key of).
fn is_wanted(known: &Knowledge, doors: &[Point], p: Point) -> bool {
    known.is_frontier(p)
        || known.things().at(p).is_some_and(|e| e.thing.is_picked_up())
        || (known.is_walkable(p) && doors.iter().any(|&d| is_beside(p, d)))
}

/// True when `a` and `b` are neighbours (one step apart, diagonals included).
fn is_beside(a: Point, b: Point) -> bool {
    a != b && (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1
}

/// The known walkable tiles beside `doors`.
fn door_fronts<'a>(known: &'a Knowledge, doors: &'a [Point]) -> impl Iterator<Item = Point> + 'a {
    doors.iter().flat_map(move |&d| {
        crate::direction::Direction::ALL
            .into_iter()
            .map(move |dir| d + dir.step())
            .filter(|&p| known.is_walkable(p))
    })
}

/// The places of the things seen that walking over picks up.
fn things_to_pick_up(known: &Knowledge) -> impl Iterator<Item = Point> + '_ {
    known
        .things()
        .iter()
        .filter(|e| e.thing.is_picked_up())
        .map(|e| e.at)
}

/// True when `p` is in `list`, sorted in (y, x) order.
fn is_listed(list: &[(i32, i32)], p: Point) -> bool {
    !list.is_empty() && list.binary_search(&(p.y, p.x)).is_ok()
}
