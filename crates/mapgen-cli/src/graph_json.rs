//! `mapgen generate --format graph`: the region graph of each dungeon as JSON.
//!
//! `{"seed", "generator", "width", "height", "nodes": [...], "links": [...]}`, the nodes
//! and links in the library's serde form ([`mapgen::graph`]), one per line, the object
//! spread as `--format json` spreads a dungeon.

use mapgen::Dungeon;
use mapgen::graph::RegionGraph;
use serde_json::Value;

use crate::json::Buffer;

/// Writes the graph of `dungeon`, made from `seed` by generator `name`, at the end of
/// `out`; its closing brace at `indent` spaces.
pub fn write_graph(out: &mut Buffer, indent: usize, seed: u64, name: &str, dungeon: &Dungeon) {
    let graph = RegionGraph::of(dungeon);
    let value = serde_json::to_value(&graph).unwrap_or(Value::Null);
    let pad = " ".repeat(indent);
    let mut text = format!(
        "{{\n{pad}  \"seed\": {seed},\n{pad}  \"generator\": {},\n{pad}  \"width\": {},\n{pad}  \"height\": {},\n",
        Value::from(name),
        dungeon.map.width(),
        dungeon.map.height()
    );
    for (key, last) in [("nodes", false), ("links", true)] {
        let items = value[key].as_array().map_or(&[][..], Vec::as_slice);
        text.push_str(&format!("{pad}  \"{key}\": "));
        if items.is_empty() {
            text.push_str("[]");
        } else {
            let lines: Vec<String> = items.iter().map(|v| format!("{pad}    {v}")).collect();
            text.push_str(&format!("[\n{}\n{pad}  ]", lines.join(",\n")));
        }
        text.push_str(if last { "\n" } else { ",\n" });
    }
    text.push_str(&pad);
    text.push('}');
    out.write_with(text.len(), |cursor| cursor.extend(text.as_bytes()));
}
