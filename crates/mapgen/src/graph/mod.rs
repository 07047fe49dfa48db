//! Every dungeon as a graph of regions: nodes that divide its walkable tiles (rooms,
//! corridors, open areas, doorways) and links where two nodes touch.
//!
//! [`RegionGraph::of`] works on any [`Dungeon`], from any generator or made by hand:
//!
//! 1. **Rooms** are the generator's rooms, in its order: the rooms of the
//!    [`RoomGrid`](crate::generators::grid::RoomGrid) (kind [`NodeKind::Grid`] with the
//!    room's kind; all its cells, and the walls between its own cells where they are
//!    floor) when the dungeon has one, else [`Dungeon::rooms`] (kind [`NodeKind::Room`]:
//!    the walkable tiles of [`Rect::inner`]).
//! 2. **The other walkable tiles** are *free*. Each free tile's chessboard distance to the
//!    nearest tile that is not free (a wall, a room, the map's edge) sorts them: a tile
//!    inside some 3 x 3 square of free tiles is *open*; the others are *narrow* (passages
//!    at most two tiles wide).
//! 3. **Areas** ([`NodeKind::Area`]) are chambers of the open tiles, found a run of a row
//!    at a time: the *cores* (the open tiles in the middle of a 5 x 5 square of free
//!    tiles) are joined where they touch, within squares of 12 x 12 tiles, and every other
//!    open tile takes the chamber of a core in its own run of a row (the nearer one along
//!    the row), or of the tiles beside its run in the row above or below. Where open space
//!    narrows below five tiles its cores part: a cave is several chambers joined at its
//!    narrow places, each seldom larger than 16 x 16 tiles.
//! 4. **Narrow tiles**, 8-connected into components: a component of at most eight tiles
//!    off one area and nothing else is a nook of that area; a component every tile of
//!    which touches a room, touching two rooms or more and no area, is a **doorway**
//!    ([`NodeKind::Door`]); any other is **corridor** ([`NodeKind::Corridor`]), cut at
//!    its junctions (a tile whose eight neighbours hold three or more separate runs of
//!    narrow tiles), each junction joining the first corridor piece that reaches it.
//! 5. **Bounded**: an area or corridor of more than [`RegionGraph::MAX_TILES`] tiles is
//!    cut along a grid of 16 x 16 squares; every node is 8-connected (a piece in two
//!    parts is two nodes). Free nodes are numbered after the rooms, by their first tile
//!    in row order.
//! 6. **Links** join two nodes wherever a tile of one is one of the eight neighbours of a
//!    tile of the other, and list the tiles of one side that touch the other (the side
//!    with fewer, `b`'s on a tie): every step between the two nodes starts or ends on one
//!    of them, so they are where a door goes, and closing them cuts that link.
//!
//! Every walkable tile is in exactly one node; the graph is connected when the map's
//! walkable tiles are (a generator's always are). The work is linear in the map's area
//! plus a sort of the contacts between nodes.
//!
//! ```
//! use mapgen::graph::{NodeKind, RegionGraph};
//! use mapgen::prelude::*;
//!
//! let dungeon = RoomsSettings::default().generate(42)?;
//! let graph = RegionGraph::of(&dungeon);
//! // The tutorial's rooms first, in its order, then its corridors.
//! assert_eq!(graph.nodes()[0].kind, NodeKind::Room);
//! assert_eq!(graph.nodes()[0].bounds, dungeon.rooms[0]);
//! assert_eq!(graph.node_at(dungeon.start), Some(0));
//! let corridors = graph.nodes().iter().filter(|n| n.kind == NodeKind::Corridor).count();
//! assert!(corridors > 0);
//! // Where the first room meets a corridor: the corridor's tile in the room's wall.
//! let (other, link) = graph.neighbours(0).next().unwrap();
//! assert_eq!(graph.nodes()[other].kind, NodeKind::Corridor);
//! let door = graph.link_tiles(link)[0];
//! assert!(!dungeon.rooms[0].inner_contains(door));
//! # Ok::<(), mapgen::GenerateError>(())
//! ```

mod areas;
mod cuts;
mod distance;
mod links;
mod narrow;
mod padded;
mod pieces;
mod rooms;
mod rows;
#[cfg(feature = "serde")]
mod serde_form;
mod sparse;
mod steps;
mod walked;

use std::ops::Range;

use crate::generators::grid::RoomKind;
use crate::{Dungeon, Point, Rect};
use padded::Padded;
use pieces::Pieces;
use rows::RowRuns;

/// The label of a tile in no node (a wall, the border; a free tile before it has a
/// piece).
const NONE: u32 = u32::MAX;
/// The bit of a free tile's piece key while the pieces are cut (node numbers and keys
/// stay below it).
const PIECE: u32 = 1 << 31;

/// The graph of regions of a dungeon: see the [module docs](self) for how it is made.
///
/// ```
/// use mapgen::graph::{NodeKind, RegionGraph};
/// use mapgen::prelude::*;
///
/// let cave = CavesSettings::default().generate(3)?;
/// let graph = RegionGraph::of(&cave);
/// let areas = graph.nodes().iter().filter(|n| n.kind == NodeKind::Area).count();
/// assert!(areas > 1, "a cave is several chambers");
/// let walkable = cave.map.tiles().iter().filter(|t| t.walkable).count();
/// assert_eq!(graph.nodes().iter().map(|n| n.size).sum::<usize>(), walkable);
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionGraph {
    pad: Padded,
    /// Each tile's node, with a border of [`NONE`] all round (see [`Padded`]).
    labels: Vec<u32>,
    nodes: Vec<Node>,
    runs: Vec<Run>,
    links: Vec<Link>,
    link_tiles: Vec<Point>,
    /// `(neighbour, link)` of every node, grouped by node.
    adjacency: Vec<(u32, u32)>,
    /// Where each node's entries start in `adjacency`, and one past the last.
    adjacency_start: Vec<u32>,
}

/// A node of a [`RegionGraph`]: an 8-connected set of walkable tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Node {
    /// What the node is.
    pub kind: NodeKind,
    /// For a room node, the room's index: in the
    /// [`RoomGrid`](crate::generators::grid::RoomGrid)'s rooms for [`NodeKind::Grid`], in
    /// [`Dungeon::rooms`] for [`NodeKind::Room`]. `None` for the others.
    pub room: Option<usize>,
    /// The smallest rectangle whose [`Rect::inner`] holds the node's tiles, in the sense
    /// of a room's outline: for a room of [`Dungeon::rooms`], the room itself.
    pub bounds: Rect,
    /// The node's tile nearest the mean of its tiles (rounded down), the first in row
    /// order among equals: for a rectangular room, [`Rect::center`].
    pub center: Point,
    /// How many tiles.
    pub size: usize,
    runs: Range<u32>,
}

/// What a node is. `#[non_exhaustive]`: more kinds may come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NodeKind {
    /// A room of [`Dungeon::rooms`].
    Room,
    /// A room of a grid of rooms, with its kind (start, boss, shop...).
    Grid(RoomKind),
    /// A passage at most two tiles wide, between junctions.
    Corridor,
    /// A chamber of open space (a cave's, or any space wider than a corridor that is not
    /// a room).
    Area,
    /// A doorway: tiles outside the rooms, each beside a room, joining two rooms or more
    /// (a door in a shared wall).
    Door,
}

impl NodeKind {
    /// The name the JSON uses: `room`, `corridor`, `area`, `door`, or a grid room's kind
    /// (`start`, `normal`, `boss`, ...).
    ///
    /// ```
    /// use mapgen::graph::NodeKind;
    /// use mapgen::generators::grid::RoomKind;
    /// assert_eq!(NodeKind::Corridor.name(), "corridor");
    /// assert_eq!(NodeKind::Grid(RoomKind::Boss).name(), "boss");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            NodeKind::Room => "room",
            NodeKind::Grid(kind) => kind.name(),
            NodeKind::Corridor => "corridor",
            NodeKind::Area => "area",
            NodeKind::Door => "door",
        }
    }

    /// True for the generator's rooms ([`NodeKind::Room`] and [`NodeKind::Grid`]).
    pub const fn is_room(self) -> bool {
        matches!(self, NodeKind::Room | NodeKind::Grid(_))
    }
}

/// Tiles `x_from..=x_to` of row `y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Run {
    /// The row.
    pub y: i32,
    /// The first column.
    pub x_from: i32,
    /// The last column (inclusive).
    pub x_to: i32,
}

/// Two nodes that touch: `a < b`, indices into [`RegionGraph::nodes`]; its tiles are
/// [`RegionGraph::link_tiles`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Link {
    /// The node of lower index.
    pub a: usize,
    /// The node of higher index.
    pub b: usize,
    tiles: Range<u32>,
}

/// A node being made: its kind and room.
#[derive(Debug, Clone, Copy)]
struct Seed {
    kind: NodeKind,
    room: Option<usize>,
}

impl RegionGraph {
    /// The most tiles an area or a corridor holds; rooms hold what the generator made.
    pub const MAX_TILES: usize = MAX_TILES;

    /// The region graph of `dungeon` (see the [module docs](self)). The same dungeon
    /// gives the same graph.
    pub fn of(dungeon: &Dungeon) -> RegionGraph {
        RegionGraph::made(dungeon, Contacts::FromCrossings)
    }

    /// The region graph of `dungeon`, its contacts read as `contacts` says where it may.
    fn made(dungeon: &Dungeon, contacts: Contacts) -> RegionGraph {
        if contacts == Contacts::FromCrossings
            && let Some(graph) = sparse::graph(dungeon)
        {
            return graph;
        }
        let map = &dungeon.map;
        let pad = Padded::new(map.width(), map.height());
        let mut labels = vec![NONE; pad.len()];
        let mut seeds = Vec::new();
        rooms::claim_rooms(dungeon, pad, &mut labels, &mut seeds);
        let free = distance::free_tiles(map, pad, &labels, !seeds.is_empty());
        let chambers = areas::chambers(&free.dist, free.open_rows.clone(), pad, &mut labels);
        let mut pieces = Pieces::of_chambers(&chambers, narrow::expected_keys(pad));
        let corridors_alone = seeds.is_empty() && chambers.size.is_empty();
        let crossings_asked = contacts == Contacts::FromCrossings;
        let listing = WALKED && crossings_asked && corridors_alone;
        let (mut crossings, walk) = narrow::cut(&free, pad, &mut labels, &mut pieces, listing);
        drop(free);
        // On a map of corridors alone (no room, no open tile), nodes meet only where the
        // walk crossed from one segment to another, or where a piece cut into squares
        // crosses from one to the next: no pass between the rows is needed. And the walk
        // marked every tile (but in the web build): no read of every slot is needed
        // either, the parts of cut pieces found as their first tiles come. (There each
        // segment is a piece of its own, key `k` piece `k`, as many keys as pieces.) The
        // web build numbers over every slot, and reads the contacts between the rows
        // where a piece is cut.
        let by_crossings = crossings_asked
            && corridors_alone
            && pieces.sizes.iter().all(|&size| size as usize <= MAX_TILES);
        let from_walk = listing && pieces.of_key.len() == pieces.kinds.len();
        let (nodes, runs, contacts) = if from_walk {
            let (runs, start) = if by_crossings {
                walked::number(&walk, &pieces, pad, &mut labels, &mut seeds)
            } else {
                walked::number_cut(&walk, &pieces, pad, &mut labels, &mut seeds, &mut crossings)
            };
            let nodes = nodes_grouped(&seeds, &runs, &start);
            let mut contacts = links::Contacts::for_slots(pad.len(), nodes.len());
            contacts.of_crossings(&labels, &crossings);
            (nodes, runs, contacts)
        } else {
            drop(walk);
            let mut rows = pieces::number(&pieces, pad, &mut labels, &mut seeds, !by_crossings);
            if by_crossings {
                rows.contacts.of_crossings(&labels, &crossings);
            }
            let (nodes, runs) = nodes_of(&rows, &seeds);
            (nodes, runs, rows.contacts)
        };
        RegionGraph::assembled(pad, labels, nodes, runs, contacts)
    }

    /// The graph of `nodes` (their tiles `labels` and `runs`) whose links are read from
    /// `contacts`: the last step of every path that makes one. (Inlined in both callers
    /// natively, as the steps it calls: called, it cost a maze graph 0.7 % more
    /// instructions.)
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn assembled(
        pad: Padded,
        labels: Vec<u32>,
        nodes: Vec<Node>,
        runs: Vec<Run>,
        contacts: links::Contacts,
    ) -> RegionGraph {
        let (links, link_tiles) = contacts.links(pad, nodes.len());
        let (adjacency, adjacency_start) = adjacency_of(nodes.len(), &links);
        RegionGraph {
            pad,
            labels,
            nodes,
            runs,
            links,
            link_tiles,
            adjacency,
            adjacency_start,
        }
    }

    /// The map's width in tiles.
    pub fn width(&self) -> i32 {
        self.pad.width as i32
    }

    /// The map's height in tiles.
    pub fn height(&self) -> i32 {
        self.pad.height as i32
    }

    /// The nodes: the rooms first, in the generator's order, then the rest by their first
    /// tile in row order.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The links, in order of `(a, b)`.
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// The node of the tile at `p`; `None` for walls and outside the map. Constant time.
    ///
    /// ```
    /// use mapgen::graph::RegionGraph;
    /// use mapgen::prelude::*;
    /// let dungeon = MazeSettings::default().generate(1)?;
    /// let graph = RegionGraph::of(&dungeon);
    /// assert!(graph.node_at(dungeon.start).is_some());
    /// assert_eq!(graph.node_at((0, 0)), None); // the border is wall
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    pub fn node_at(&self, p: impl Into<Point>) -> Option<usize> {
        match self.pad.slot(p.into()).map(|i| self.labels[i]) {
            Some(label) if label != NONE => Some(label as usize),
            _ => None,
        }
    }

    /// The tiles of `node` as runs of a row, in row order; empty for a node that does not
    /// exist.
    pub fn runs(&self, node: usize) -> &[Run] {
        self.nodes.get(node).map_or(&[], |n| {
            &self.runs[n.runs.start as usize..n.runs.end as usize]
        })
    }

    /// Every tile of `node`, in row order.
    ///
    /// ```
    /// use mapgen::graph::RegionGraph;
    /// use mapgen::prelude::*;
    /// let dungeon = RoomsSettings::default().generate(5)?;
    /// let graph = RegionGraph::of(&dungeon);
    /// let room: Vec<Point> = graph.tiles(0).collect();
    /// assert_eq!(room, dungeon.rooms[0].inner_cells().collect::<Vec<_>>());
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    pub fn tiles(&self, node: usize) -> impl Iterator<Item = Point> + '_ {
        self.runs(node)
            .iter()
            .flat_map(|r| (r.x_from..=r.x_to).map(move |x| Point::new(x, r.y)))
    }

    /// The tiles of link `link` (an index into [`RegionGraph::links`]) in row order: the
    /// tiles of one of its nodes that touch the other; empty for a link that does not
    /// exist.
    pub fn link_tiles(&self, link: usize) -> &[Point] {
        self.links.get(link).map_or(&[], |l| {
            &self.link_tiles[l.tiles.start as usize..l.tiles.end as usize]
        })
    }

    /// The middle tile of link `link` (`link_tiles(link)[len / 2]`), without the checks
    /// of [`RegionGraph::link_tiles`]: a link always has a tile. For the searches of
    /// [`locks`](crate::locks), which read it once a node.
    pub(crate) fn link_middle(&self, link: usize) -> Point {
        let tiles = &self.links[link].tiles;
        self.link_tiles[(tiles.start + (tiles.end - tiles.start) / 2) as usize]
    }

    /// Every node's `(neighbour, link)` entries, grouped by node, and where each node's
    /// entries start (one more than the nodes: the last is the end). For the locks'
    /// searches, which step through them with no branch a link.
    pub(crate) fn adjacency(&self) -> (&[(u32, u32)], &[u32]) {
        (&self.adjacency, &self.adjacency_start)
    }

    /// The nodes that touch `node`, each with the index of the link to it, in order of
    /// the links.
    pub fn neighbours(&self, node: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let range = match (
            self.adjacency_start.get(node),
            self.adjacency_start.get(node + 1),
        ) {
            (Some(&from), Some(&to)) => from as usize..to as usize,
            _ => 0..0,
        };
        self.adjacency[range]
            .iter()
            .map(|&(other, link)| (other as usize, link as usize))
    }

    /// The link between nodes `a` and `b`, if they touch.
    ///
    /// ```
    /// use mapgen::graph::RegionGraph;
    /// use mapgen::prelude::*;
    /// let dungeon = GridSettings::default().generate(3)?;
    /// let graph = RegionGraph::of(&dungeon);
    /// let (door, link) = graph.neighbours(0).next().unwrap();
    /// assert_eq!(graph.link_between(door, 0), Some(link));
    /// assert_eq!(graph.link_between(0, 0), None);
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    pub fn link_between(&self, a: usize, b: usize) -> Option<usize> {
        self.neighbours(a)
            .find(|&(other, _)| other == b)
            .map(|(_, link)| link)
    }

    /// The links that cut the graph, ascending: closing one (its tiles, say with a locked
    /// door) leaves nodes that only it reached. Linear in the nodes plus the links
    /// (Tarjan's bridges).
    ///
    /// ```
    /// use mapgen::graph::RegionGraph;
    /// use mapgen::prelude::*;
    /// // A grid of rooms is a tree of rooms and doors: every link cuts it.
    /// let dungeon = GridSettings::default().generate(3)?;
    /// let graph = RegionGraph::of(&dungeon);
    /// assert_eq!(graph.cut_links().len(), graph.links().len());
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    pub fn cut_links(&self) -> Vec<usize> {
        cuts::cut_links(self)
    }
}

/// Where the contacts between nodes are read: the rows (any map), or the crossings of
/// the walk along the corridors where that gives them all (a map of corridors alone).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Contacts {
    #[cfg_attr(not(test), allow(dead_code))]
    FromRows,
    FromCrossings,
}

/// Whether a map of corridors alone is numbered over the tiles its walk marked (see
/// [`walked`]). Not in the web build, whose size is capped: there the rows are read, as on
/// any other map (the same graph, a little slower).
const WALKED: bool = !cfg!(target_arch = "wasm32");

/// The most tiles an area or a corridor holds.
const MAX_TILES: usize = pieces::BLOCK * pieces::BLOCK;

/// The nodes made from `seeds` whose tiles are `rows`, and their runs grouped by node.
fn nodes_of(rows: &RowRuns, seeds: &[Seed]) -> (Vec<Node>, Vec<Run>) {
    let (runs, start) = grouped_runs(&rows.counts, rows.runs.iter().copied());
    (nodes_grouped(seeds, &runs, &start), runs)
}

/// The runs of `items`, each with its node, grouped by node (each node's in the order
/// given), and where node `k`'s start (`start[k]`, and one past the last), `counts[k]`
/// being how many node `k` has: a counting sort, filled from the back so that each
/// `start` ends where its node's runs begin.
fn grouped_runs(
    counts: &[u32],
    items: impl DoubleEndedIterator<Item = (u32, Run)> + ExactSizeIterator,
) -> (Vec<Run>, Vec<u32>) {
    let mut start = Vec::with_capacity(counts.len() + 1);
    let mut total = 0;
    for &count in counts {
        total += count;
        start.push(total);
    }
    start.push(total);
    let blank = Run {
        y: 0,
        x_from: 0,
        x_to: 0,
    };
    let mut runs = vec![blank; items.len()];
    for (node, run) in items.rev() {
        let slot = &mut start[node as usize];
        *slot -= 1;
        runs[*slot as usize] = run;
    }
    (runs, start)
}

/// The nodes made from `seeds` whose runs are `runs`, grouped by node, node `k`'s from
/// `start[k]` to `start[k + 1]`.
fn nodes_grouped(seeds: &[Seed], runs: &[Run], start: &[u32]) -> Vec<Node> {
    seeds
        .iter()
        .zip(start.windows(2))
        .map(|(seed, range)| {
            let range = range[0]..range[1];
            node_of(seed, &runs[range.start as usize..range.end as usize], range)
        })
        .collect()
}

/// The node of `seed` whose tiles are `runs` (at `range` in the graph's runs).
fn node_of(seed: &Seed, runs: &[Run], range: Range<u32>) -> Node {
    // The runs are in row order: the first and last give the rows.
    let (y1, y2) = match (runs.first(), runs.last()) {
        (Some(first), Some(last)) => (first.y, last.y),
        _ => (i32::MAX, i32::MIN),
    };
    let (mut x1, mut x2) = (i32::MAX, i32::MIN);
    // `twice_sum_x`: a run's columns add up to `(x_from + x_to) * len / 2`, a whole
    // number, so halving the total once gives the same sum.
    let (mut size, mut twice_sum_x, mut sum_y) = (0i64, 0i64, 0i64);
    for r in runs {
        let len = i64::from(r.x_to - r.x_from + 1);
        x1 = x1.min(r.x_from);
        x2 = x2.max(r.x_to);
        size += len;
        twice_sum_x += (i64::from(r.x_from) + i64::from(r.x_to)) * len;
        sum_y += i64::from(r.y) * len;
    }
    // Tiles have no negative coordinate: unsigned division rounds down as `div_euclid`.
    let size_nonzero = size.max(1) as u64;
    let mean = (
        (twice_sum_x as u64 / 2 / size_nonzero) as i64,
        (sum_y as u64 / size_nonzero) as i64,
    );
    // The first nearest: no distance reaches `i64::MAX` (sides are at most
    // `Map::MAX_SIDE`).
    let (mut least, mut center) = (i64::MAX, Point::default());
    for r in runs {
        // `clamp`, without its check that the run is not empty.
        let x = mean.0.max(i64::from(r.x_from)).min(i64::from(r.x_to));
        let d = (x - mean.0).pow(2) + (i64::from(r.y) - mean.1).pow(2);
        if d < least {
            (least, center) = (d, Point::new(x as i32, r.y));
        }
    }
    Node {
        kind: seed.kind,
        room: seed.room,
        bounds: Rect {
            x1: x1.saturating_sub(1),
            y1: y1.saturating_sub(1),
            x2: x2.saturating_add(1),
            y2: y2.saturating_add(1),
        },
        center,
        size: size as usize,
        runs: range,
    }
}

/// Each node's `(neighbour, link)` pairs, grouped by node, and where each node's start.
// Inlined in both its callers (`made` and `sparse`), as it was in its one caller
// before; one copy in the web build.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn adjacency_of(nodes: usize, links: &[Link]) -> (Vec<(u32, u32)>, Vec<u32>) {
    // A counting sort filled from the back: each node's count summed up to where its
    // entries end, then lowered to where they start as they are placed (stable, so in
    // order of the links), with no second table of places.
    let mut start = vec![0u32; nodes + 1];
    for link in links {
        start[link.a] += 1;
        start[link.b] += 1;
    }
    let mut total = 0;
    for slot in &mut start {
        total += *slot;
        *slot = total;
    }
    let mut adjacency = vec![(0, 0); 2 * links.len()];
    for (index, link) in links.iter().enumerate().rev() {
        for (from, to) in [(link.b, link.a), (link.a, link.b)] {
            start[from] -= 1;
            adjacency[start[from] as usize] = (to as u32, index as u32);
        }
    }
    (adjacency, start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use padded::testing::maps;

    proptest::proptest! {
        /// On any map of floor and walls (narrow tiles alone where no 3 x 3 square is
        /// floor, open ones too where one is), the graph with the contacts read from the
        /// walk's crossings and the nodes numbered over the tiles it marked is the graph
        /// with them read between the rows, every slot read: every node, run, label,
        /// link and link tile.
        #[test]
        fn crossings_give_the_contacts_of_the_rows(
            (width, _height, cells) in maps(1..40, 1..16, 5)
        ) {
            // Two floors for three walls: most maps hold no open tile, many a junction.
            let text: String = cells
                .chunks(width)
                .map(|row| row.iter().map(|&c| if c < 3 { '#' } else { '.' }).collect::<String>() + "\n")
                .collect();
            let map = Map::from_ascii(&text).unwrap();
            let dungeon = Dungeon::new(map, Point::new(0, 0));
            let by_rows = RegionGraph::made(&dungeon, Contacts::FromRows);
            proptest::prop_assert_eq!(RegionGraph::of(&dungeon), by_rows);
        }
    }

    /// A corridor winding along every other row of a `width` x `height` map (a wall
    /// row between, opened at alternate ends), with the floor tiles `openings` (slots
    /// in row order, taken modulo the map's) knocked through walls: long segments, cut
    /// into squares, with junctions and loops where the openings fall.
    fn winding(width: usize, height: usize, openings: &[usize]) -> Dungeon {
        let mut cells = vec![b'#'; width * height];
        for y in (1..height - 1).step_by(2) {
            cells[y * width + 1..(y + 1) * width - 1].fill(b'.');
            let turn = if (y / 2) % 2 == 0 { width - 2 } else { 1 };
            if y + 2 < height - 1 {
                cells[(y + 1) * width + turn] = b'.';
            }
        }
        opened(cells, width, height, openings)
    }

    /// A corridor of diagonal steps only, down and up between the top and bottom rows
    /// of a `width` x `height` map, with `openings` as in [`winding`]: parts of one
    /// segment that meet only corner to corner across the squares' edges.
    fn sawtooth(width: usize, height: usize, openings: &[usize]) -> Dungeon {
        let mut cells = vec![b'#'; width * height];
        let period = 2 * (height - 3);
        for x in 1..width - 1 {
            let phase = (x - 1) % period;
            let y = 1 + phase.min(period - phase);
            cells[y * width + x] = b'.';
        }
        opened(cells, width, height, openings)
    }

    /// The dungeon of `cells` (`#` wall, `.` floor, `width` x `height`) with the
    /// `openings` inside its border made floor, started at its first floor tile.
    fn opened(mut cells: Vec<u8>, width: usize, height: usize, openings: &[usize]) -> Dungeon {
        for &at in openings {
            let (x, y) = (at % width, at / width % height);
            if x > 0 && y > 0 && x < width - 1 && y < height - 1 {
                cells[y * width + x] = b'.';
            }
        }
        let first = cells.iter().position(|&c| c == b'.').unwrap_or(0);
        let text: String = cells
            .chunks(width)
            .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
            .collect();
        let start = Point::new((first % width) as i32, (first / width) as i32);
        Dungeon::new(Map::from_ascii(&text).unwrap(), start)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        /// On maps of corridors alone large enough that some segment holds more than
        /// `MAX_TILES` tiles (mazes without branching up to 121 x 121, corridors winding
        /// along rows or by diagonal steps, with walls knocked through), the graph
        /// numbered over the walk's marks, its cut pieces' parts found as their first
        /// tiles come and their contacts at their squares' edges, is the graph with the
        /// rows read: every node, run, label, link and link tile. (Each kind of contact at
        /// a square's edge left out fails it.)
        #[test]
        fn cut_pieces_from_the_walk_are_the_rows(
            width in 41i32..=121,
            height in 41i32..=121,
            seed in 0u64..1_000_000,
            openings in proptest::collection::vec(0usize..20_000, 0..12),
        ) {
            let maze = MazeSettings { width, height, branching: 0 }.generate(seed).unwrap();
            let by_rows = RegionGraph::made(&maze, Contacts::FromRows);
            proptest::prop_assert_eq!(RegionGraph::of(&maze), by_rows);
            let (w, h) = (width as usize, height as usize);
            for dungeon in [winding(w / 2 + 8, h / 2 + 8, &openings), sawtooth(3 * w, h / 3 + 5, &openings)] {
                let by_rows = RegionGraph::made(&dungeon, Contacts::FromRows);
                proptest::prop_assert_eq!(RegionGraph::of(&dungeon), by_rows);
            }
        }
    }

    /// A winding corridor of thousands of tiles and no junction is one segment, cut into
    /// a node for each part of it in a square of 16 x 16 (none larger than `MAX_TILES`),
    /// each linked to the parts beside it; both ways give the same graph.
    #[test]
    fn a_long_corridor_is_cut_the_same_both_ways() {
        let dungeon = winding(70, 50, &[]);
        let graph = RegionGraph::of(&dungeon);
        assert_eq!(graph, RegionGraph::made(&dungeon, Contacts::FromRows));
        let tiles: usize = graph.nodes().iter().map(|n| n.size).sum();
        assert_eq!(tiles, 24 * 68 + 23);
        assert!(
            graph.nodes().len() >= 5 * 4,
            "cut in every square it crosses"
        );
        assert!(graph.nodes().iter().all(|n| n.size <= MAX_TILES));
        assert!(graph.links().len() >= graph.nodes().len() - 1);
        // A winding corridor is a chain: every link cuts it.
        assert_eq!(graph.cut_links().len(), graph.links().len());
    }

    /// `link_middle` is the middle of `link_tiles`, and the adjacency lists each link at
    /// both ends, in order of the links, on every generator's kind of map.
    #[test]
    fn middles_and_adjacency_agree_with_the_links() {
        let dungeons = [
            MazeSettings::default().generate(7).unwrap(),
            CavesSettings::default().generate(7).unwrap(),
            RoomsSettings::default().generate(7).unwrap(),
            GridSettings::default().generate(7).unwrap(),
        ];
        for dungeon in &dungeons {
            let graph = RegionGraph::of(dungeon);
            for link in 0..graph.links().len() {
                let tiles = graph.link_tiles(link);
                assert_eq!(graph.link_middle(link), tiles[tiles.len() / 2]);
            }
            for node in 0..graph.nodes().len() {
                let mine: Vec<(usize, usize)> = graph.neighbours(node).collect();
                let expected: Vec<(usize, usize)> = (graph.links().iter().enumerate())
                    .filter_map(|(k, l)| match node {
                        n if n == l.a => Some((l.b, k)),
                        n if n == l.b => Some((l.a, k)),
                        _ => None,
                    })
                    .collect();
                assert_eq!(mine, expected);
            }
        }
    }
}
