//! The graph saved with serde: `{"nodes": [...], "links": [...]}`.
//!
//! A node is `{"id", "kind", "tiles": [[y, x_from, x_to], ...], "bounds", "center"}`
//! (its tiles as runs of a row, inclusive), a link `{"a", "b", "tiles": [[x, y], ...]}`.
//! Only saved: a graph is made again from its dungeon with [`RegionGraph::of`].

use serde::Serialize;
use serde::ser::{SerializeSeq, SerializeStruct, Serializer};

use super::{Link, Node, RegionGraph, Run};
use crate::Point;

impl Serialize for RegionGraph {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut graph = serializer.serialize_struct("RegionGraph", 2)?;
        graph.serialize_field("nodes", &Nodes(self))?;
        graph.serialize_field("links", &Links(self))?;
        graph.end()
    }
}

struct Nodes<'a>(&'a RegionGraph);

impl Serialize for Nodes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let graph = self.0;
        let mut seq = serializer.serialize_seq(Some(graph.nodes.len()))?;
        for (id, node) in graph.nodes.iter().enumerate() {
            seq.serialize_element(&NodeForm {
                id,
                node,
                runs: graph.runs(id),
            })?;
        }
        seq.end()
    }
}

struct NodeForm<'a> {
    id: usize,
    node: &'a Node,
    runs: &'a [Run],
}

impl Serialize for NodeForm<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut node = serializer.serialize_struct("Node", 5)?;
        node.serialize_field("id", &self.id)?;
        node.serialize_field("kind", self.node.kind.name())?;
        node.serialize_field("tiles", &RunsForm(self.runs))?;
        node.serialize_field("bounds", &self.node.bounds)?;
        node.serialize_field("center", &self.node.center)?;
        node.end()
    }
}

struct RunsForm<'a>(&'a [Run]);

impl Serialize for RunsForm<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|r| [r.y, r.x_from, r.x_to]))
    }
}

struct Links<'a>(&'a RegionGraph);

impl Serialize for Links<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let graph = self.0;
        serializer.collect_seq(graph.links.iter().enumerate().map(|(i, link)| LinkForm {
            link,
            tiles: graph.link_tiles(i),
        }))
    }
}

struct LinkForm<'a> {
    link: &'a Link,
    tiles: &'a [Point],
}

impl Serialize for LinkForm<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut link = serializer.serialize_struct("Link", 3)?;
        link.serialize_field("a", &self.link.a)?;
        link.serialize_field("b", &self.link.b)?;
        link.serialize_field("tiles", &TilesForm(self.tiles))?;
        link.end()
    }
}

struct TilesForm<'a>(&'a [Point]);

impl Serialize for TilesForm<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for p in self.0 {
            seq.serialize_element(&[p.x, p.y])?;
        }
        seq.end()
    }
}

#[cfg(test)]
mod tests {
    use crate::generators::Generate;
    use crate::generators::grid::GridSettings;
    use crate::graph::RegionGraph;

    /// The documented form: ids, kinds by name, tiles as runs, links with their tiles.
    #[test]
    fn a_grid_saves_in_the_documented_form() {
        let dungeon = GridSettings {
            cols: 2,
            rows: 1,
            room_width: 4,
            room_height: 4,
            room_count: 2,
            ..GridSettings::default()
        }
        .generate(0)
        .unwrap();
        let graph = RegionGraph::of(&dungeon);
        assert_eq!(
            format!("{}", dungeon.map),
            "#######\n#..+..#\n#..#..#\n#######\n"
        );
        let json = serde_json::to_string(&graph).unwrap();
        assert_eq!(
            json,
            concat!(
                r#"{"nodes":["#,
                r#"{"id":0,"kind":"start","tiles":[[1,4,5],[2,4,5]],"bounds":{"x1":3,"y1":0,"x2":6,"y2":3},"center":{"x":4,"y":1}},"#,
                r#"{"id":1,"kind":"boss","tiles":[[1,1,2],[2,1,2]],"bounds":{"x1":0,"y1":0,"x2":3,"y2":3},"center":{"x":1,"y":1}},"#,
                r#"{"id":2,"kind":"door","tiles":[[1,3,3]],"bounds":{"x1":2,"y1":0,"x2":4,"y2":2},"center":{"x":3,"y":1}}],"#,
                r#""links":[{"a":0,"b":2,"tiles":[[3,1]]},{"a":1,"b":2,"tiles":[[3,1]]}]}"#
            )
        );
    }
}
