//! Golden region graphs: the graph of pinned dungeons, drawn as a map of node symbols with
//! the list of nodes and links, must not change by accident.

use crate::common;

use mapgen::Dungeon;
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::graph::RegionGraph;

/// The symbol of node `id`: its number in base 62, last digit.
fn symbol(id: usize) -> char {
    const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    char::from(DIGITS[id % 62])
}

/// The map with each walkable tile drawn as its node's symbol and each wall as `#`, then a
/// line per node (`id kind size bounds center`) and per link (`a-b tiles`).
pub fn render_graph(dungeon: &Dungeon) -> String {
    let graph = RegionGraph::of(dungeon);
    let mut out = String::new();
    for y in 0..dungeon.map.height() {
        for x in 0..dungeon.map.width() {
            out.push(graph.node_at((x, y)).map_or('#', symbol));
        }
        out.push('\n');
    }
    for (id, node) in graph.nodes().iter().enumerate() {
        let b = node.bounds;
        out.push_str(&format!(
            "node {id} {} {} tiles, bounds {},{},{},{}, center {}\n",
            node.kind.name(),
            node.size,
            b.x1,
            b.y1,
            b.x2,
            b.y2,
            node.center
        ));
    }
    for (i, link) in graph.links().iter().enumerate() {
        let tiles: Vec<String> = graph
            .link_tiles(i)
            .iter()
            .map(ToString::to_string)
            .collect();
        out.push_str(&format!("link {}-{} {}\n", link.a, link.b, tiles.join(" ")));
    }
    out
}

/// Every generator at its default settings, seed 3 (the gallery's).
#[test]
fn every_generator_at_the_gallery_seed() {
    for &kind in GeneratorKind::ALL {
        let dungeon = Generator::with_defaults(kind).generate(3).unwrap();
        common::assert_snapshot(
            &format!("graph-{}-seed-3.txt", kind.name()),
            &render_graph(&dungeon),
        );
    }
}
