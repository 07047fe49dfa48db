//! Lock-and-key progression on any dungeon: locked doors on the links of its
//! [region graph](crate::graph) that cut it, each key where the player reaches it before
//! its door, the exit behind the last door.
//!
//! [`place_locks`] puts up to `count` locks on a dungeon. Each lock is a door tile and a
//! key tile; the locks are numbered in the order the player opens them, and key `id`
//! opens door `id`:
//!
//! * **A door cuts the dungeon.** It is the one tile of a link of the graph that cuts it
//!   ([`RegionGraph::cut_links`]), a tile of the node behind it, with more than that tile
//!   behind it: closing the door shuts off everything behind it, and nothing in front
//!   loses a tile.
//! * **The exit is behind the last door**, and each key is behind the door before its
//!   own: key 0 lies in front of every door, key `i` behind door `i - 1` but in front of
//!   door `i` and of every later one. So the player collects the keys in order, each
//!   opening the way to the next; a door may stand behind an earlier one (locks nest).
//! * **Keys** lie on floor tiles ([`Tile::FLOOR`]), each in a node of its own, never on
//!   the start, the exit or a door.
//! * On an `isaac` floor the dungeon's own locked and secret doors
//!   ([`LinkKind`](crate::generators::grid::LinkKind)) count as shut: no key lies behind
//!   them and no lock needs them, so a game keeps playing them its own way.
//!
//! The method works back from the exit: the last door is the last lockable link on the
//! way from the start to the exit; its key goes in a node drawn from those in front of it
//! (outside everything shut off so far) with enough lockable links on their way from the
//! start for the locks still to place, a room or an area before a corridor; the door
//! before it is the last lockable link on the way to that key, and so on. Where no
//! lockable link is left on the way, or no floor tile for a key, fewer locks are placed
//! and [`Locks::shortfall`] says why. The exit is the generator's planned one (an
//! `isaac` floor's boss room), else the tile farthest from the start over the graph: a
//! breadth-first search of the nodes, counting the rook's steps from the tile each is
//! entered at, which is mostly [`Dungeon::exit`]'s tile and never needs a search of the
//! map. When it leads to fewer locks than asked for, the exit moves where more fit
//! ([`Locks::exit`]), unless the generator planned it. The same dungeon, count and
//! stream give the same locks. The work is linear in the graph's nodes, links and runs
//! for each lock (at most [`MAX_LOCKS`] are placed), with no pass over the map's tiles.
//!
//! A dungeon whose corridors loop has few links that cut it: the tutorial's `rooms`, whose
//! corridors cross rooms and one another, has fewer than 3 on a quarter of its seeds.
//! [`place_locks_walling_loops`] then changes the dungeon: it walls up one-tile passages
//! that close loops (a collapsed passage), one at a time while that lets more locks fit,
//! so that the links left around each loop cut it: at most one wall for each lock asked
//! for, each chosen among the first 32 links that may be walled. Each walled tile is the
//! one tile of a link between a corridor, doorway or area and another node, never the
//! start or the exit, and walling it takes nothing else from the graph, so every walkable
//! tile left is still reached. Each wall tried costs a placing, but no new search of the
//! graph: walling a link off the search tree leaves its order as it was, so only the
//! bridges along the loop it closes and the gates are worked out again, and the nodes for
//! keys keep one shuffle. A few times the work of [`place_locks`] on a dungeon that needs
//! walls, at most `32 * count` placings.
//!
//! ```
//! use mapgen::graph::RegionGraph;
//! use mapgen::locks::place_locks;
//! use mapgen::prelude::*;
//!
//! let dungeon = GridSettings::default().generate(3)?;
//! let graph = RegionGraph::of(&dungeon);
//! let mut rng = DungeonRng::new(3);
//! let locks = place_locks(&dungeon, &graph, 3, &mut rng)?;
//! assert_eq!(locks.locks.len(), 3);
//! assert_eq!(locks.shortfall, None);
//! for lock in &locks.locks {
//!     // Every door is the one tile of a link that cuts the graph.
//!     assert_eq!(graph.link_tiles(lock.link), [lock.door]);
//!     assert!(graph.cut_links().contains(&lock.link));
//!     assert_eq!(dungeon.map.tile(lock.key), Tile::FLOOR);
//! }
//! assert_eq!(locks.door_at(locks.locks[0].door).map(|l| l.id), Some(0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! An open cave has few links that one tile closes; it gets fewer locks, and says so:
//!
//! ```
//! use mapgen::graph::RegionGraph;
//! use mapgen::locks::{Shortfall, place_locks};
//! use mapgen::prelude::*;
//!
//! let cave = CavesSettings::default().generate(1)?;
//! let locks = place_locks(&cave, &RegionGraph::of(&cave), 5, &mut DungeonRng::new(1))?;
//! if locks.locks.len() < 5 {
//!     assert!(locks.shortfall.is_some());
//!     println!("{} of 5: {}", locks.locks.len(), locks.shortfall.unwrap());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod exit;
mod keys;
mod tree;
mod walled;

use thiserror::Error;

use crate::Tile;
use crate::generators::grid::RoomGrid;
use crate::graph::RegionGraph;
use crate::{Dungeon, DungeonRng, Map, Point};
use keys::{Keep, KeyPlaces, Places, open_nodes};
use tree::{Between, GateTree};
use walled::Walled;

/// The most locks [`place_locks`] places: each costs a pass over the graph's nodes.
pub const MAX_LOCKS: usize = 64;

/// The sub-stream of a dungeon's seed its locks are drawn from (the bytes of `lock`).
const LOCK_STREAM: u64 = 0x6c6f_636b;

/// The seed of the stream the locks of the dungeon made from `seed` are drawn from
/// (sub-stream `lock` of it, [`DungeonRng::derive_seed`]): `mapgen generate --locks` and
/// the game draw from it, so they place the same locks, and what draws from the
/// dungeon's own stream after it is made does not move them.
///
/// ```
/// use mapgen::locks::stream_seed;
/// assert_ne!(stream_seed(3), 3);
/// assert_eq!(stream_seed(3), mapgen::DungeonRng::derive_seed(3, 0x6c6f_636b));
/// ```
pub const fn stream_seed(seed: u64) -> u64 {
    DungeonRng::derive_seed(seed, LOCK_STREAM)
}

/// Up to `count` locks on `dungeon`, made from `seed` as `mapgen generate --locks` and the
/// game make them: [`place_locks_walling_loops`] over the dungeon's [`RegionGraph`],
/// drawing from [`stream_seed`]`(seed)`. A lock the player can walk around is no lock, so
/// where loops leave too few links that cut the dungeon, passages that close them are
/// walled up ([`Locks::walled`], [`Tile::WALL`] in `dungeon` now). `count` 0 changes
/// nothing and builds no graph.
///
/// # Errors
/// As [`place_locks`]'s; the dungeon is left as it was.
///
/// ```
/// use mapgen::generators::{Generator, GeneratorKind};
/// use mapgen::graph::RegionGraph;
/// use mapgen::locks::{place_locks_walling_loops, place_seeded_locks, stream_seed};
/// use mapgen::DungeonRng;
/// let dungeon = Generator::with_defaults(GeneratorKind::Rooms).generate(7)?;
/// let mut walled = dungeon.clone();
/// let locks = place_seeded_locks(&mut walled, 7, 3)?;
/// let (mut again, mut rng) = (dungeon.clone(), DungeonRng::new(stream_seed(7)));
/// let graph = RegionGraph::of(&dungeon);
/// assert_eq!(locks, place_locks_walling_loops(&mut again, &graph, 3, &mut rng)?);
/// assert_eq!(walled, again);
/// for &wall in &locks.walled {
///     assert!(dungeon.map.is_walkable(wall) && !walled.map.is_walkable(wall));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn place_seeded_locks(
    dungeon: &mut Dungeon,
    seed: u64,
    count: usize,
) -> Result<Locks, LockError> {
    if count == 0 {
        return Ok(Locks {
            exit: dungeon.exit(),
            ..Locks::default()
        });
    }
    let graph = RegionGraph::of(dungeon);
    let mut rng = DungeonRng::new(stream_seed(seed));
    place_locks_walling_loops(dungeon, &graph, count, &mut rng)
}

/// A locked door and the key that opens it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Lock {
    /// Its place in the order the player opens the locks, from 0; its index in
    /// [`Locks::locks`]. A game names and colours a lock by it ("the red key opens the
    /// red door").
    pub id: usize,
    /// The door: a walkable tile of the map that the lock closes.
    pub door: Point,
    /// Where its key lies: a floor tile in front of the door.
    pub key: Point,
    /// The link of the [`RegionGraph`] the door closes (an index into
    /// [`RegionGraph::links`]); the door is its only tile.
    pub link: usize,
}

/// The locks placed on a dungeon, in the order they open, and why there are fewer than
/// asked for, if there are.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Locks {
    /// The locks, in the order they open: [`Lock::id`] is the index.
    pub locks: Vec<Lock>,
    /// How many were asked for.
    pub asked: usize,
    /// Why fewer than [`Locks::asked`] were placed; `None` when all were.
    pub shortfall: Option<Shortfall>,
    /// The exit the locks lead to, behind the last door: the tile farthest from the
    /// start over the graph (see the [module docs](self)) when that is behind as many
    /// locks as asked for (and always a generator's planned exit, the boss room of an
    /// `isaac` floor); else a floor tile chosen as a key is (deepest behind lockable
    /// links), when more locks fit before it. [`Dungeon::exit`] when no lock is asked
    /// for. A game that places locks puts its way out here.
    pub exit: Point,
    /// The tiles walled up to close loops, in the order they were walled: always empty
    /// from [`place_locks`]; from [`place_locks_walling_loops`], walkable tiles of the
    /// dungeon as it was given, [`Tile::WALL`] now.
    pub walled: Vec<Point>,
}

/// Why fewer locks were placed than asked for. `#[non_exhaustive]`: other reasons may
/// come with other ways of placing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Shortfall {
    /// No link left on the way from the start to the exit (for the last lock) or to the
    /// key of the earliest lock placed that one door tile closes and that shuts off more
    /// than the door: an open cave, or every such link already locked.
    #[error(
        "no link on the way from the start to the exit or to the first key that one door tile closes"
    )]
    NoCut,
    /// A door was found, but no node in front of it (and of the later doors) had a floor
    /// tile left for its key.
    #[error("no floor tile left in front of the first door for its key")]
    NoKeyTile,
    /// The exit is behind the dungeon's own locked or secret doors (an `isaac` floor made
    /// by hand), or the start does not reach it.
    #[error("the start does not reach the exit through open doors")]
    ExitShut,
}

impl Shortfall {
    /// A short name for the reason: `no-cut`, `no-key-tile` or `exit-shut`.
    ///
    /// ```
    /// assert_eq!(mapgen::locks::Shortfall::NoCut.name(), "no-cut");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Shortfall::NoCut => "no-cut",
            Shortfall::NoKeyTile => "no-key-tile",
            Shortfall::ExitShut => "exit-shut",
        }
    }
}

/// Why no locks could be placed at all: the graph is not the dungeon's, or the count is
/// too large.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LockError {
    /// The graph is of a map of another size.
    #[error(
        "the region graph is {graph_width}x{graph_height} but the map {width}x{height}; give the graph of this dungeon"
    )]
    GraphSize {
        /// The graph's width.
        graph_width: i32,
        /// The graph's height.
        graph_height: i32,
        /// The map's width.
        width: i32,
        /// The map's height.
        height: i32,
    },
    /// More locks asked for than [`MAX_LOCKS`].
    #[error("{count} locks asked for; allowed 0 to {max}", max = MAX_LOCKS)]
    TooMany {
        /// The count asked for.
        count: usize,
    },
    /// The start is in no node of the graph: not a walkable tile.
    #[error("the start ({x}, {y}) is not a walkable tile of the graph")]
    StartNotWalkable {
        /// The start's column.
        x: i32,
        /// The start's row.
        y: i32,
    },
}

impl Locks {
    /// The lock whose door is at `p`.
    pub fn door_at(&self, p: impl Into<Point>) -> Option<&Lock> {
        let p = p.into();
        self.locks.iter().find(|lock| lock.door == p)
    }

    /// The lock whose key lies at `p`.
    ///
    /// ```
    /// use mapgen::graph::RegionGraph;
    /// use mapgen::locks::place_locks;
    /// use mapgen::prelude::*;
    /// let dungeon = MazeSettings::default().generate(2)?;
    /// let locks = place_locks(&dungeon, &RegionGraph::of(&dungeon), 2, &mut DungeonRng::new(2))?;
    /// let last = locks.locks.last().unwrap();
    /// assert_eq!(locks.key_at(last.key), Some(last));
    /// assert_eq!(locks.key_at(dungeon.start), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn key_at(&self, p: impl Into<Point>) -> Option<&Lock> {
        let p = p.into();
        self.locks.iter().find(|lock| lock.key == p)
    }
}

/// Places up to `count` locks on `dungeon`, whose region graph is `graph`, drawing from
/// `rng` (see the [module docs](self)). `count` 0 draws nothing.
///
/// # Errors
/// [`LockError::TooMany`] when `count` is above [`MAX_LOCKS`]; [`LockError::GraphSize`]
/// when `graph` is of a map of another size than the dungeon's;
/// [`LockError::StartNotWalkable`] when the start is in no node.
pub fn place_locks(
    dungeon: &Dungeon,
    graph: &RegionGraph,
    count: usize,
    rng: &mut DungeonRng,
) -> Result<Locks, LockError> {
    let placing = Placing::new(dungeon, graph, count)?;
    if count == 0 {
        return Ok(Locks {
            exit: placing.exit,
            ..Locks::default()
        });
    }
    let walled = Walled::default();
    let tree = GateTree::new(graph, placing.root, placing.start, &mut Between::new(graph));
    let mut keys = KeyPlaces::new(graph, &tree, &placing.open, rng);
    let (plan, drawn) = placing.plan(&tree, &walled, count, &mut keys);
    *rng = drawn;
    Ok(Locks {
        asked: count,
        ..plan
    })
}

/// Places up to `count` locks on `dungeon` as [`place_locks`] does, walling up passages
/// that close loops where that lets more locks fit: each walled tile a one-tile link of
/// `graph` (the graph of `dungeon` as it is given) between a corridor, doorway or area
/// and another node, on a loop, whose walling takes nothing else from the graph, so every
/// walkable tile left is still reached. The walled tiles are [`Locks::walled`], made
/// [`Tile::WALL`] in `dungeon`'s map; [`Lock::link`] indexes `graph`, and the door's link
/// cuts the graph once the walled links are gone. Nothing is walled when `place_locks`
/// already places `count` locks, and a wall only when it lets more locks fit or more
/// links take one, at most `count` walls (see the [module docs](self)); the same dungeon,
/// count and stream give the same walls and locks.
///
/// The tutorial's `rooms` dungeons, whose crossing corridors make many loops, get 3 locks
/// on far more seeds this way (see `docs/locks.md`).
///
/// ```
/// use mapgen::graph::RegionGraph;
/// use mapgen::locks::{place_locks, place_locks_walling_loops};
/// use mapgen::prelude::*;
///
/// let mut dungeon = RoomsSettings::default().generate(4)?;
/// let before = dungeon.clone();
/// let graph = RegionGraph::of(&dungeon);
/// let as_it_is = place_locks(&dungeon, &graph, 3, &mut DungeonRng::new(4))?;
/// let locks = place_locks_walling_loops(&mut dungeon, &graph, 3, &mut DungeonRng::new(4))?;
/// assert!(locks.locks.len() >= as_it_is.locks.len());
/// for &wall in &locks.walled {
///     assert!(before.map.is_walkable(wall));
///     assert_eq!(dungeon.map.tile(wall), Tile::WALL);
/// }
/// if locks.walled.is_empty() {
///     assert_eq!(locks, as_it_is);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`place_locks`]; the dungeon is left as it was.
pub fn place_locks_walling_loops(
    dungeon: &mut Dungeon,
    graph: &RegionGraph,
    count: usize,
    rng: &mut DungeonRng,
) -> Result<Locks, LockError> {
    let placing = Placing::new(dungeon, graph, count)?;
    if count == 0 {
        return Ok(Locks {
            exit: placing.exit,
            ..Locks::default()
        });
    }
    let (start, root) = (placing.start, placing.root);
    let mut walled = Walled::default();
    let mut between = Between::new(graph);
    let mut tree = GateTree::new(graph, root, start, &mut between);
    // A wall keeps the tree's places: one shuffle of them for every placing.
    let mut keys = KeyPlaces::new(graph, &tree, &placing.open, rng);
    let (mut locks, mut drawn) = placing.plan(&tree, &walled, count, &mut keys);
    let mut score = (locks.locks.len(), tree.gates());
    // The trees of the walls tried, and of the best so far: built in the same tables.
    let (mut trial, mut best_tree) = (GateTree::default(), None);
    let mut more = Walled::default();
    // One wall at a time, the first that lets every lock fit, else the one that lets the
    // most fit (then makes the most lockable links); none when no wall helps.
    while locks.locks.len() < count && walled.tiles.len() < count {
        let keep = [start, placing.exit];
        let mut best = None;
        let candidates = walled::candidates(
            graph,
            placing.map,
            &tree,
            &placing.open,
            &walled,
            keep,
            &mut between,
        );
        for (link, tile) in candidates.into_iter().take(TRIALS) {
            more.base_and(&walled, link, tile);
            trial.wall_loop(&tree, graph, start, &more, &mut between);
            // No more locks than lockable links: skip the plan when that cannot beat the
            // best.
            let gates = trial.gates();
            let bound = (gates.min(count), gates);
            if bound <= score {
                continue;
            }
            let (plan, more_drawn) = placing.plan(&trial, &more, count, &mut keys);
            let more_score = (plan.locks.len(), bound.1);
            if more_score > score {
                score = more_score;
                best = Some((more.clone(), plan, more_drawn));
                let spare = best_tree.replace(trial);
                trial = spare.unwrap_or_else(GateTree::default);
                if score.0 == count {
                    break;
                }
            }
        }
        let (Some(next), Some(next_tree)) = (best, best_tree.take()) else {
            break;
        };
        (walled, locks, drawn) = next;
        best_tree = Some(std::mem::replace(&mut tree, next_tree));
    }
    *rng = drawn;
    for &tile in &walled.tiles {
        dungeon.map.set(tile, Tile::WALL);
    }
    Ok(Locks {
        asked: count,
        walled: walled.tiles,
        ..locks
    })
}

/// The most walls [`place_locks_walling_loops`] tries for each wall it makes, the first
/// links that may be walled: each try is a placing, linear in the graph.
const TRIALS: usize = 32;

/// What placing reads: the graph, the map, the start and its node, the dungeon's exit,
/// where keys may go, whether the generator planned the exit.
struct Placing<'a> {
    graph: &'a RegionGraph,
    map: &'a Map,
    start: Point,
    root: usize,
    exit: Point,
    open: Vec<bool>,
    planned: bool,
}

impl<'a> Placing<'a> {
    /// What placing `count` locks on `dungeon`, whose graph is `graph`, reads; the errors
    /// of [`place_locks`].
    fn new(
        dungeon: &'a Dungeon,
        graph: &'a RegionGraph,
        count: usize,
    ) -> Result<Placing<'a>, LockError> {
        if count > MAX_LOCKS {
            return Err(LockError::TooMany { count });
        }
        let map = &dungeon.map;
        if (graph.width(), graph.height()) != (map.width(), map.height()) {
            return Err(LockError::GraphSize {
                graph_width: graph.width(),
                graph_height: graph.height(),
                width: map.width(),
                height: map.height(),
            });
        }
        let start = dungeon.start;
        let root = graph.node_at(start).ok_or(LockError::StartNotWalkable {
            x: start.x,
            y: start.y,
        })?;
        let planned = dungeon.room_grid().and_then(RoomGrid::planned_exit);
        if count == 0 {
            return Ok(Placing {
                graph,
                map,
                start,
                root,
                exit: dungeon.exit(),
                open: Vec::new(),
                planned: planned.is_some(),
            });
        }
        let open = open_nodes(dungeon, graph, root);
        // No breadth-first search of the map: the graph says where its far end is.
        let exit = planned.unwrap_or_else(|| exit::farthest_over_graph(graph, root, start, &open));
        Ok(Placing {
            graph,
            map,
            start,
            root,
            exit,
            open,
            planned: planned.is_some(),
        })
    }

    /// Up to `count` locks on `tree` (the graph without the `walled` links), and the
    /// stream after them: to the dungeon's exit where it leads to every lock asked for;
    /// else, unless the generator planned it (the boss room), the exit moves where more
    /// locks fit. Draws from the stream after `keys`' shuffle.
    fn plan(
        &self,
        tree: &GateTree,
        walled: &Walled,
        count: usize,
        keys: &mut KeyPlaces,
    ) -> (Locks, DungeonRng) {
        let mut drawn = keys.restart(tree);
        let mut plan = self.chain(tree, walled, Some(self.exit), count, keys, &mut drawn);
        if plan.locks.len() < count && !self.planned {
            let mut again = keys.restart(tree);
            let moved = self.chain(tree, walled, None, count, keys, &mut again);
            if moved.locks.len() > plan.locks.len() {
                (plan, drawn) = (moved, again);
            }
        }
        (plan, drawn)
    }

    /// Up to `count` locks leading to `exit`, or to an exit chosen as a key is when
    /// `None`; [`Locks::asked`] is left 0.
    fn chain(
        &self,
        tree: &GateTree,
        walled: &Walled,
        exit: Option<Point>,
        count: usize,
        keys: &mut KeyPlaces,
        rng: &mut DungeonRng,
    ) -> Locks {
        let graph = self.graph;
        let places = Places {
            graph,
            tree,
            map: self.map,
            walled: &walled.tiles,
        };
        let mut keep = Keep {
            start: self.start,
            exit: self.start,
        };
        let room = |placed: usize| count.saturating_sub(placed).min(u32::MAX as usize) as u32;
        let exit = match exit {
            Some(exit) => exit,
            None => match keys.take(&places, keep, room(0), rng) {
                Some((exit, _)) => exit,
                None => self.start,
            },
        };
        keep.exit = exit;
        let mut locks = Locks {
            exit,
            locks: Vec::with_capacity(count),
            ..Locks::default()
        };
        let reached = |n: usize| self.open[n] && tree.order(n) != tree::NONE;
        let Some(exit_node) = graph.node_at(exit).filter(|&n| reached(n)) else {
            locks.shortfall = Some(Shortfall::ExitShut);
            return locks;
        };
        let door_of = |gate: usize| {
            tree.link_into(gate)
                .map(|link| (link, graph.link_tiles(link)[0]))
        };
        // The exit is behind the last door, not on it.
        let mut gate = tree.gate(exit_node);
        while let Some(g) = gate.filter(|&g| door_of(g).is_some_and(|(_, door)| door == exit)) {
            gate = tree.gate_above(g);
        }
        // Back from the exit: each door the last lockable link before the key behind it.
        while locks.locks.len() < count {
            let Some((g, (link, door))) = gate.and_then(|g| Some((g, door_of(g)?))) else {
                locks.shortfall = Some(Shortfall::NoCut);
                break;
            };
            keys.shut_below(tree, g);
            let Some((key, node)) = keys.take(&places, keep, room(locks.locks.len() + 1), rng)
            else {
                locks.shortfall = Some(Shortfall::NoKeyTile);
                break;
            };
            locks.locks.push(Lock {
                id: 0,
                door,
                key,
                link,
            });
            gate = tree.gate(node);
        }
        locks.locks.reverse();
        for (id, lock) in locks.locks.iter_mut().enumerate() {
            lock.id = id;
        }
        locks
    }
}
