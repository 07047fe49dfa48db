//! Where keys go: a node drawn among those that leave room for the locks still to place,
//! and a floor tile of it.
//!
//! A key goes in a node the start reaches that no lock placed so far shuts off and no key
//! holds yet, with a floor tile free for it. Among those, one is drawn (the nodes are
//! shuffled once; the first that fits is taken) from the nodes with at least as many
//! lockable links on their way from the start as locks remain to be placed before it, a
//! room or an area before a corridor or a doorway: then each remaining lock finds its
//! door on that way. When no node has that many, the node with the most is taken, and
//! fewer locks fit.

use super::tree::GateTree;
use crate::generators::grid::LinkKind;
use crate::graph::{NodeKind, RegionGraph};
use crate::{Dungeon, DungeonRng, Map, Point, Tile};

/// Not counted yet.
const UNCOUNTED: u32 = u32::MAX;
/// A place shut off by a lock.
const SHUT: u8 = 1;
/// A place whose node holds a key.
const TAKEN: u8 = 2;

/// A node a key may go in, with what choosing among them reads of it: eight bytes, a
/// swap of the shuffle.
#[derive(Debug, Clone, Copy)]
struct Offer {
    /// Its place in the depth-first order (the same in every tree of the walls tried).
    place: u32,
    /// A room or an area, taken before a corridor or a doorway.
    roomy: bool,
}

/// The nodes a key may go in, in drawn order, and which are shut off or taken: one
/// shuffle for every placing on the same tree's places (the walls tried keep them).
pub(super) struct KeyPlaces {
    /// Reached nodes where keys may go, shuffled.
    offered: Vec<Offer>,
    /// One past the last roomy node of `offered`: after it, the first node with enough
    /// room is the one taken.
    roomy_end: usize,
    /// The stream after the shuffle.
    shuffled: DungeonRng,
    /// Whether each place of the depth-first order is [`SHUT`] off by a lock, or its
    /// node [`TAKEN`] by a key (or the exit).
    state: Vec<u8>,
    /// The floor tiles of each node, counted when first asked: the map's, the same for
    /// every placing. One table, so one allocation.
    floors: Vec<Floors>,
}

/// What is known of a node's floor tiles.
#[derive(Debug, Clone, Copy)]
struct Floors {
    /// How many, [`UNCOUNTED`] before they are all counted.
    all: u32,
    /// At least this many: a count stopped early.
    seen: u32,
}

/// The tiles no key goes on: the start, the exit.
#[derive(Debug, Clone, Copy)]
pub(super) struct Keep {
    pub(super) start: Point,
    pub(super) exit: Point,
}

impl KeyPlaces {
    /// The nodes `tree` reaches whose `open` is true, shuffled from `rng` (one number per
    /// node but the first); [`KeyPlaces::restart`] before placing.
    pub(super) fn new(
        graph: &RegionGraph,
        tree: &GateTree,
        open: &[bool],
        rng: &DungeonRng,
    ) -> KeyPlaces {
        let mut shuffled = rng.clone();
        // A maze has no roomy node: no kind read for each node, nor a pass to find the
        // last roomy one (the nodes of a dungeon with rooms start with them, so asking
        // is quick).
        let any_roomy = graph.nodes().iter().any(|node| is_roomy(node.kind));
        let roomy = |node: u32| any_roomy && is_roomy(graph.nodes()[node as usize].kind);
        let mut offered = Vec::with_capacity(tree.by_order.len());
        for (place, &node) in tree.by_order.iter().enumerate() {
            if open[node as usize] {
                offered.push(Offer {
                    place: place as u32,
                    roomy: roomy(node),
                });
            }
        }
        shuffle(&mut offered, &mut shuffled);
        let roomy_end = if any_roomy {
            offered.iter().rposition(|o| o.roomy).map_or(0, |k| k + 1)
        } else {
            0
        };
        KeyPlaces {
            offered,
            roomy_end,
            shuffled,
            state: Vec::new(),
            floors: vec![
                Floors {
                    all: UNCOUNTED,
                    seen: 0
                };
                open.len()
            ],
        }
    }

    /// Nothing shut off or taken on `tree` (whose places are those it was shuffled
    /// from); the stream after the shuffle, to draw the keys' tiles from.
    pub(super) fn restart(&mut self, tree: &GateTree) -> DungeonRng {
        self.state.clear();
        self.state.resize(tree.by_order.len(), 0);
        self.shuffled.clone()
    }

    /// Shuts off the nodes below `gate` (and `gate`), passing over those already shut.
    pub(super) fn shut_below(&mut self, tree: &GateTree, gate: usize) {
        let mut place = tree.order(gate);
        let end = tree.end(gate);
        while place < end {
            let node = tree.by_order[place as usize] as usize;
            if self.state[place as usize] & SHUT != 0 {
                // Shut before: a whole subtree, which starts here.
                place = tree.end(node);
            } else {
                self.state[place as usize] |= SHUT;
                place += 1;
            }
        }
    }

    /// A key's tile, and its node, in a node with at least `room` lockable links on its
    /// way from the start if there is one, else in the node with the most; `None` when no
    /// node has a tile for it.
    pub(super) fn take(
        &mut self,
        places: &Places,
        keep: Keep,
        room: u32,
        rng: &mut DungeonRng,
    ) -> Option<(Point, usize)> {
        let tree = places.tree;
        // The first with enough room and roomy; else the first with enough room; else the
        // most room, roomy first.
        let mut best: Option<(usize, usize, (bool, bool, u32))> = None;
        for k in 0..self.offered.len() {
            let Offer { place, roomy } = self.offered[k];
            if self.state[place as usize] != 0 {
                continue;
            }
            let node = tree.by_order[place as usize] as usize;
            let depth = tree.depth(node);
            let enough = depth >= room;
            let rank = if enough {
                (true, roomy, 0)
            } else {
                (false, false, 2 * depth + u32::from(roomy))
            };
            // Its free tiles only matter when it would be chosen.
            if best.is_none_or(|(_, _, r)| rank > r) && self.any_free(places, node, keep) {
                best = Some((node, place as usize, rank));
                // Nothing after it beats it.
                if enough && (roomy || k >= self.roomy_end) {
                    break;
                }
            }
        }
        let (node, place, _) = best?;
        self.state[place] |= TAKEN;
        // Count the free tiles, draw one, then find it: no list of them.
        let free = self.free(places, node, keep);
        let pick = rng.below(free);
        places.nth_free(node, keep, pick).map(|p| (p, node))
    }

    /// True when a key may lie on a floor tile of `node`: surely so when it has more
    /// floor tiles than there are tiles no key goes on, which a count that stops there
    /// tells.
    fn any_free(&mut self, places: &Places, node: usize, keep: Keep) -> bool {
        let off = 4 + places.walled.len() as u32;
        if self.floors[node].seen > off {
            return true;
        }
        if self.floors[node].all == UNCOUNTED {
            let (seen, all) = places.floors(node, off + 1);
            self.floors[node].seen = seen;
            if !all {
                return true;
            }
            self.floors[node].all = seen;
        }
        self.free(places, node, keep) > 0
    }

    /// How many floor tiles of `node` a key may lie on: its floor tiles less those of
    /// them no key goes on ([`Places::free_tiles`]), without reading its tiles again.
    fn free(&mut self, places: &Places, node: usize, keep: Keep) -> u32 {
        if self.floors[node].all == UNCOUNTED {
            self.floors[node].all = places.floors(node, UNCOUNTED).0;
        }
        let (graph, map) = (places.graph, places.map);
        let off_here = |p: Point| graph.node_at(p) == Some(node) && map.tile(p) == Tile::FLOOR;
        self.floors[node].all - places.kept_off(&places.kept(node, keep), &off_here)
    }
}

/// A room or an area, where a key goes before a corridor or a doorway.
fn is_roomy(kind: NodeKind) -> bool {
    kind == NodeKind::Area || kind.is_room()
}

/// Shuffles `offered` by Fisher-Yates, drawing from `shuffled`.
fn shuffle(offered: &mut [Offer], shuffled: &mut DungeonRng) {
    for i in (1..offered.len()).rev() {
        let j = shuffled.below((i + 1).min(u32::MAX as usize) as u32) as usize;
        offered.swap(i, j);
    }
}

/// What choosing a key's tile reads.
pub(super) struct Places<'a> {
    pub(super) graph: &'a RegionGraph,
    pub(super) tree: &'a GateTree,
    pub(super) map: &'a Map,
    /// The tiles walled up.
    pub(super) walled: &'a [Point],
}

impl Places<'_> {
    /// The floor tiles of `node`, counted up to `enough`, and whether all were counted.
    fn floors(&self, node: usize, enough: u32) -> (u32, bool) {
        let (tiles, width) = (self.map.tiles(), self.map.width() as usize);
        let mut floors = 0;
        for run in self.graph.runs(node) {
            if floors >= enough {
                return (floors, false);
            }
            let row = run.y as usize * width;
            let (from, to) = (row + run.x_from as usize, row + run.x_to as usize);
            floors += tiles[from..=to]
                .iter()
                .filter(|&&t| t == Tile::FLOOR)
                .count() as u32;
        }
        (floors, true)
    }

    /// The tiles no key goes on in `node` besides the walled ones: the start, the exit
    /// and the doors it holds (should their links be locked).
    fn kept(&self, node: usize, keep: Keep) -> [Option<Point>; 4] {
        let doors = self.tree.doors_in(node);
        [Some(keep.start), Some(keep.exit), doors[0], doors[1]]
    }

    /// How many of the tiles no key goes on (`kept` as [`Places::kept`] gives them, and
    /// the walled tiles) `within` holds, each counted once: one way of counting for a
    /// node and for a row, so one copy in the game's web build.
    fn kept_off(&self, kept: &[Option<Point>; 4], within: &dyn Fn(Point) -> bool) -> u32 {
        let mut off = 0;
        for (k, &p) in kept.iter().enumerate() {
            if p.is_some_and(within) && !kept[..k].contains(&p) {
                off += 1;
            }
        }
        for &p in self.walled {
            if within(p) && !kept.contains(&Some(p)) {
                off += 1;
            }
        }
        off
    }

    /// Tile `pick` (from 0) of the floor tiles of `node` a key may lie on, in row order:
    /// not the start or the exit, nor a door the node holds should its link be locked,
    /// nor a walled tile. A row is passed over on its count of floor tiles less those of
    /// the few tiles kept off that lie in it; only the row that holds the tile is read
    /// tile by tile.
    fn nth_free(&self, node: usize, keep: Keep, mut pick: u32) -> Option<Point> {
        let kept = self.kept(node, keep);
        let is_off = |p: Point| kept.contains(&Some(p)) || self.walled.contains(&p);
        let (tiles, width) = (self.map.tiles(), self.map.width() as usize);
        for run in self.graph.runs(node) {
            // A node's runs are inside the map: its row's tiles, read in place.
            let row = run.y as usize * width;
            let line = &tiles[row + run.x_from as usize..=row + run.x_to as usize];
            let floors = line.iter().filter(|&&t| t == Tile::FLOOR).count() as u32;
            let in_run = |p: Point| {
                p.y == run.y
                    && (run.x_from..=run.x_to).contains(&p.x)
                    && tiles[row + p.x as usize] == Tile::FLOOR
            };
            let off = self.kept_off(&kept, &in_run);
            let free = floors - off;
            if pick >= free {
                pick -= free;
                continue;
            }
            for x in run.x_from..=run.x_to {
                let p = Point::new(x, run.y);
                if tiles[row + x as usize] == Tile::FLOOR && !is_off(p) {
                    if pick == 0 {
                        return Some(p);
                    }
                    pick -= 1;
                }
            }
        }
        None
    }
}

/// The nodes the start reaches without passing the dungeon's own locked and secret doors
/// (an `isaac` floor's, which the game opens with its own keys and bombs): where keys may
/// go and the exit must be. For other dungeons, every node (those the start reaches are
/// the tree's).
pub(super) fn open_nodes(dungeon: &Dungeon, graph: &RegionGraph, root: usize) -> Vec<bool> {
    let mut shut = vec![false; graph.nodes().len()];
    let mut any = false;
    if let Some(grid) = dungeon.room_grid() {
        for link in grid.links().iter().filter(|l| l.kind != LinkKind::Open) {
            if let Some(node) = link
                .side()
                .and_then(|side| graph.node_at(grid.door_tile(link.a, side)))
            {
                shut[node] = true;
                any = true;
            }
        }
    }
    if !any {
        return vec![true; graph.nodes().len()];
    }
    let mut open = vec![false; graph.nodes().len()];
    open[root] = true;
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        for (other, _) in graph.neighbours(node) {
            if !shut[other] && !open[other] {
                open[other] = true;
                stack.push(other);
            }
        }
    }
    open
}
