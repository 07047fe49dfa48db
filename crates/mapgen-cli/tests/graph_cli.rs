//! `mapgen generate --format graph`: the library's region graph with the seed, generator
//! and size, spread one node and one link per line; an array of them with `--count`; and
//! `--format png --graph`.

use mapgen::generators::{Generator, GeneratorKind};
use mapgen::graph::RegionGraph;
use serde_json::Value;

mod support;
use support::mapgen;

fn json(args: &[&str]) -> (String, Value) {
    let out = mapgen(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let value = serde_json::from_str(&text).unwrap();
    (text, value)
}

#[test]
fn every_generator_prints_the_librarys_graph() {
    for &kind in GeneratorKind::ALL {
        let (text, value) = json(&[
            "generate",
            "--generator",
            kind.name(),
            "--seed",
            "5",
            "--format",
            "graph",
        ]);
        let dungeon = Generator::with_defaults(kind).generate(5).unwrap();
        let graph = serde_json::to_value(RegionGraph::of(&dungeon)).unwrap();
        assert_eq!(value["seed"], 5);
        assert_eq!(value["generator"], kind.name());
        assert_eq!(
            (value["width"].as_i64(), value["height"].as_i64()),
            (
                Some(dungeon.map.width().into()),
                Some(dungeon.map.height().into())
            )
        );
        assert_eq!(value["nodes"], graph["nodes"], "{kind}");
        assert_eq!(value["links"], graph["links"], "{kind}");
        // Spread: the header fields, then a node or a link per line.
        let lines = text.lines().count();
        let items =
            graph["nodes"].as_array().unwrap().len() + graph["links"].as_array().unwrap().len();
        assert_eq!(lines, 10 + items, "{kind}");
        assert!(text.starts_with("{\n  \"seed\": 5,\n") && text.ends_with("\n}\n"));
    }
}

#[test]
fn several_dungeons_are_an_array() {
    let (_, value) = json(&[
        "generate",
        "--generator",
        "caves",
        "--seed",
        "1",
        "--count",
        "3",
        "--format",
        "graph",
    ]);
    let graphs = value.as_array().unwrap();
    assert_eq!(
        graphs
            .iter()
            .map(|g| g["seed"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert!(
        graphs
            .iter()
            .all(|g| !g["nodes"].as_array().unwrap().is_empty())
    );
}

#[test]
fn a_png_with_its_regions_coloured() {
    let out = mapgen(&[
        "generate",
        "--generator",
        "caves",
        "--format",
        "png",
        "--graph",
        "--tile-size",
        "2",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let plain = mapgen(&[
        "generate",
        "--generator",
        "caves",
        "--format",
        "png",
        "--tile-size",
        "2",
    ]);
    assert!(out.stdout.starts_with(b"\x89PNG") && out.stdout != plain.stdout);
}
