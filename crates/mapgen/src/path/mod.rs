//! Paths and Dijkstra maps over anything walkable, with integer costs.
//!
//! * [`DijkstraMap`]: from every cell, the cost of walking to the nearest of several
//!   goals, each goal with its own starting value; [`downhill`](DijkstraMap::downhill)
//!   steps toward a goal, [`flee`](DijkstraMap::flee) turns the map into one that leads
//!   away. For auto-explore, fleeing, "go to the nearest of these".
//! * [`AStar`]: the cheapest path between two cells, `None` when there is none, with an
//!   optional cost limit ([`AStar::search_within`]) and buffers reused from one search to
//!   the next.
//! * [`walking_steps`], [`farthest_walkable`], [`cull_unreachable`]: the 4-connected step
//!   counts the generators use (the exit of a dungeon is the farthest walkable tile).
//!
//! Both searches walk on a [`Walkable`]: a [`Map`](crate::Map), a map with costs added by
//! a closure ([`with_costs`]), or your own type. [`Moves`] say which steps exist and what
//! they cost.
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
//! * **Ties.** Deterministic: [`DijkstraMap::downhill`] takes the first of equally good
//!   steps clockwise from north; [`DijkstraMap::farthest`] the first cell in row order;
//!   A* the same path for the same query, every time.

mod astar;
mod bucket_queue;
mod cells;
mod dijkstra;
mod error;
mod moves;
mod radix_heap;
mod walkable;
mod walking;

pub use astar::AStar;
pub use dijkstra::{DijkstraMap, Goal};
pub use error::PathError;
pub use moves::{CornerCutting, Directions, Moves};
pub use walkable::{Walkable, WalkableFn, WithCosts, walkable_fn, with_costs};
pub use walking::{cull_unreachable, farthest_walkable, walking_steps};
