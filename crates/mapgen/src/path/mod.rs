//! Paths and Dijkstra maps over anything walkable, with integer costs.
//!
//! * [`DijkstraMap`]: from every cell, the cost of walking to the nearest of several
//!   goals, each goal with its own starting value; [`downhill`](DijkstraMap::downhill)
//!   steps toward a goal, [`flee`](DijkstraMap::flee) turns the map into one that leads
//!   away. For auto-explore, fleeing, "go to the nearest of these".
//! * [`AStar`]: the cheapest path between two cells, `None` when there is none, with an
//!   optional cost limit ([`AStar::search_within`]) and buffers reused from one search to
//!   the next.
//! * [`PathFinder`]: A* for those who ask for more, on big maps especially. Exact and
//!   guided by [`Landmarks`] (costs from up to 32 cells round the edge of the map,
//!   computed once per map and kept until its walkability changes), or
//!   bounded-suboptimal: a [`Weight`] `w` gives a path that costs at most `w` times the
//!   cheapest, found much faster. Opt-in: [`AStar`] stays as it is.
//! * [`NearestSearch`]: the nearest cell a test accepts (an unexplored tile, an item), a
//!   slice at a time, so a far one on a huge map never holds up a frame.
//! * [`walking_steps`], [`farthest_walkable`], [`cull_unreachable`]: the 4-connected step
//!   counts the generators use (the exit of a dungeon is the farthest walkable tile).
//!
//! The searches walk on a [`Walkable`]: a [`Map`](crate::Map), a map with costs added by
//! a closure ([`with_costs`]), or your own type. [`Moves`] say which steps exist and what
//! they cost. [`AStar`], [`PathFinder`] and [`NearestSearch`] run one search engine, the
//! estimate (none, the open floor, landmarks) and the open list (buckets, or a heap for a
//! weighted search) its parameters.
//!
//! ```
//! use mapgen::path::{AStar, DijkstraMap, Moves};
//! use mapgen::generators::Generate;
//! use mapgen::generators::rooms::RoomsSettings;
//!
//! let dungeon = RoomsSettings::default().generate(42)?;
//! let (map, start, exit) = (&dungeon.map, dungeon.start, dungeon.exit());
//!
//! let mut astar = AStar::default();
//! let cost = astar.search(map, Moves::default(), start, exit)?;
//! let mut to_start = DijkstraMap::default();
//! to_start.compute(map, Moves::default(), [start])?;
//! assert_eq!(cost.map(|c| c as i64), to_start.get(exit));
//! assert_eq!(astar.path().first(), Some(&start));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Semantics
//!
//! * **Steps.** [`Moves`] give 4 or 8 directions, a cardinal and a diagonal cost (2 and 3
//!   by default, each `1..=`[`Moves::MAX_COST`]) and a corner rule. A step from `a` to its
//!   neighbour `b` is allowed when both are inside the map and walkable, the corner rule
//!   lets it pass and [`Walkable::extra_cost`]`(a, b)` is `Some(extra)`; it costs the
//!   move's cost plus `extra`. Outside the map is never walkable.
//! * **Corners.** [`CornerCutting::Allowed`] (the default, as the game's `@` moves): a
//!   diagonal step needs only its target walkable. [`CornerCutting::Forbidden`]: both
//!   orthogonal cells it passes must be walkable too.
//! * **Costs are exact.** Both searches use Dijkstra's order over a bucket queue, exact for
//!   any integer costs; A*'s estimate never overestimates, so its cost always equals the
//!   Dijkstra map's value from a single goal. Dijkstra values are `i64` (goals start at
//!   any `i32`, below 0 too), A* costs `u64`: wide enough that no walk on the largest map
//!   at the largest costs overflows, so "no path" and "unreached" mean only that.
//! * **Maximum cost.** With [`DijkstraMap::compute_within`], cells whose value would be
//!   above `max_cost` stay unreached; with [`AStar::search_within`], paths dearer than
//!   `max_cost` are not found.
//! * **Landmarks and weights.** [`PathFinder`] with [`PathSettings::landmarks`] above 0
//!   keeps, per map, the costs from that many cells to every cell; for any two cells
//!   `|cost(L, to) - cost(L, from)|` is a lower bound, so A* stays exact and goes almost
//!   straight to a goal that lies near or beyond a landmark. They are computed on the
//!   first search on a map (or by [`PathFinder::prepare`]) and again after any change of
//!   walkability ([`Map::walk_revision`](crate::Map::walk_revision)). Extra costs
//!   only add, so a [`with_costs`] over the map keeps them valid ([`Walkable::underlying_map`]).
//!   With a [`Weight`] above 1 the search orders cells by `g + w * h` and expands each
//!   at most once: cost at most `w` times the cheapest, in integers, deterministic.
//! * **Ties.** Deterministic: [`DijkstraMap::downhill`] takes the first of equally good
//!   steps clockwise from north; [`DijkstraMap::farthest`] the first cell in row order;
//!   A* the same path for the same query, every time.
//!
//! [`PathFinder`], exact with landmarks and within a weight:
//!
//! ```
//! use mapgen::path::{AStar, Moves, PathFinder, PathSettings, Weight};
//! use mapgen::generators::Generate;
//! use mapgen::generators::rooms::RoomsSettings;
//!
//! let dungeon = RoomsSettings::default().generate(42)?;
//! let (map, start, exit) = (&dungeon.map, dungeon.start, dungeon.exit());
//! let cheapest = AStar::default().search(map, Moves::default(), start, exit)?;
//!
//! // Exact, guided by 8 landmarks: computed now, reused until the map changes.
//! let mut exact = PathFinder::new(PathSettings { landmarks: 8, ..PathSettings::default() })?;
//! exact.prepare(map)?;
//! assert_eq!(exact.search(map, start, exit)?, cheapest);
//!
//! // At most 1.5 times the cheapest.
//! let w: Weight = "1.5".parse()?;
//! let mut fast = PathFinder::new(PathSettings { weight: w, ..PathSettings::default() })?;
//! let cost = fast.search(map, start, exit)?.expect("joined");
//! let best = cheapest.expect("joined");
//! assert!(u64::from(cost) * u64::from(w.denominator()) <= u64::from(best) * u64::from(w.numerator()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod astar;
mod bucket_queue;
mod cells;
mod dijkstra;
mod engine;
mod error;
mod finder;
mod landmarks;
mod moves;
mod nearest;
mod nodes;
mod radix_heap;
mod walkable;
mod walking;
mod weight;
mod weighted_queue;

pub use astar::AStar;
pub use dijkstra::{DijkstraMap, Goal};
pub use error::PathError;
pub use finder::{PathFinder, PathSettings};
pub use landmarks::Landmarks;
pub use moves::{CornerCutting, Directions, Moves};
pub use nearest::{Nearest, NearestSearch};
pub use walkable::{Walkable, WalkableFn, WithCosts, walkable_fn, with_costs};
pub use walking::{cull_unreachable, farthest_walkable, walking_steps};
pub use weight::{ParseWeightError, Weight};
