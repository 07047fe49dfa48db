//! Collapsed passages: one-tile links that close a loop of the region graph, walled up so
//! that the links around the loop cut it and can take a lock.
//!
//! A link can be walled when its one tile is in a corridor, doorway or area (never a
//! room), is not the start or the exit, and walling it takes nothing else from the graph:
//! the tile's node around it stays in one piece and every other node beside it touches
//! that node elsewhere too (the check a door in the node above gets,
//! [`only_between`](super::tree::only_between)). Walled tiles and doors stand three
//! tiles apart or more, so each such check looks at tiles none of the others removes; the
//! graph with a link walled is then the graph without that link, and every walkable tile
//! left is still reached.

use super::tree::{Between, GateTree};
use crate::graph::RegionGraph;
use crate::{Map, Point, Tile};

/// The links walled up, and their tiles.
#[derive(Debug, Clone, Default)]
pub(super) struct Walled {
    /// The walled links, in the order they were walled.
    links: Vec<usize>,
    /// Their tiles.
    pub(super) tiles: Vec<Point>,
}

impl Walled {
    /// True when `link` is walled.
    pub(super) fn closes(&self, link: usize) -> bool {
        self.links.contains(&link)
    }

    /// The link walled last.
    pub(super) fn last(&self) -> Option<usize> {
        self.links.last().copied()
    }

    /// True when `p` is within two tiles (eight ways) of a walled tile.
    pub(super) fn near(&self, p: Point) -> bool {
        self.tiles
            .iter()
            .any(|t| (t.x - p.x).abs() <= 2 && (t.y - p.y).abs() <= 2)
    }

    /// Makes these `base`'s walls and `link`'s tile `tile` too, in the room these had.
    pub(super) fn base_and(&mut self, base: &Walled, link: usize, tile: Point) {
        self.links.clone_from(&base.links);
        self.links.push(link);
        self.tiles.clone_from(&base.tiles);
        self.tiles.push(tile);
    }
}

/// The links of `graph` that may be walled next, with their tiles: each closes a loop of
/// `tree`, joins nodes where keys may go (`open`) and passes the checks of the module
/// docs, on a floor or door tile of `map`; `keep` are the start and the exit.
pub(super) fn candidates(
    graph: &RegionGraph,
    map: &Map,
    tree: &GateTree,
    open: &[bool],
    walled: &Walled,
    keep: [Point; 2],
    between: &mut Between,
) -> Vec<(usize, Point)> {
    (0..graph.links().len())
        .filter(|&link| !walled.closes(link) && tree.closes_loop(graph, link))
        .filter_map(|link| {
            let l = &graph.links()[link];
            let [tile] = *graph.link_tiles(link) else {
                return None;
            };
            let node = graph.node_at(tile)?;
            let fits = open[l.a]
                && open[l.b]
                && !graph.nodes()[node].kind.is_room()
                && !keep.contains(&tile)
                && [Tile::FLOOR, Tile::DOOR].contains(&map.tile(tile))
                && !walled.near(tile)
                && between.only_between(graph, link, tile);
            fits.then_some((link, tile))
        })
        .collect()
}
