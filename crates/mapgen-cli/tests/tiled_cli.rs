//! `mapgen generate --format tmx|tmj` end to end: for every generator, Tiled's own Rust
//! loader (the `tiled` crate) reads the TMX back, and its tiles and objects are what the
//! other outputs say (the ASCII map, the dungeon's JSON, the region graph); the TMJ,
//! read by its documented fields, holds the same map. And the refusals.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use mapgen::generators::GeneratorKind;
use serde_json::Value;
use tiled::{LayerType, ObjectShape, PropertyValue, TileLayer};

mod support;
use support::{mapgen, stdout, temp_dir};

/// Writes the map of `args` as `NAME.tmx` and `NAME.tmj` in `dir`; their paths.
fn write_tiled(dir: &Path, name: &str, args: &[&str]) -> (PathBuf, PathBuf) {
    let tmx = dir.join(format!("{name}.tmx"));
    let tmj = dir.join(format!("{name}.tmj"));
    for (format, path) in [("tmx", &tmx), ("tmj", &tmj)] {
        stdout(
            &[
                args,
                &["--format", format, "--output", path.to_str().unwrap()],
            ]
            .concat(),
        );
    }
    (tmx, tmj)
}

/// An object as read: `(layer, id, name, type, x, y, shape, properties)`.
type ReadObject = (
    String,
    u32,
    String,
    String,
    i64,
    i64,
    String,
    Vec<(String, String)>,
);

/// What a map holds, read from either format: its size, tile size, tileset image (file
/// name and size), the glyph of each tile (`gid - firstgid`), and each object as `(layer,
/// id, name, type, x, y, shape, properties)`.
#[derive(Debug, PartialEq)]
struct Read {
    size: (u32, u32),
    tile: (u32, u32),
    image: (String, i32, i32),
    glyphs: Vec<u32>,
    objects: Vec<ReadObject>,
}

fn shape_text(width: f32, height: f32, shape: &ObjectShape) -> String {
    match shape {
        ObjectShape::Point(..) => "point".into(),
        ObjectShape::Rect { .. } => format!("rect {width} {height}"),
        ObjectShape::Polygon { points } => {
            let p: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
            format!("polygon {}", p.join(" "))
        }
        other => format!("{other:?}"),
    }
}

/// The TMX at `path`, through the `tiled` crate.
fn read_tmx(path: &Path) -> Read {
    let map = tiled::Loader::new().load_tmx_map(path).unwrap();
    assert_eq!(map.orientation, tiled::Orientation::Orthogonal);
    assert_eq!(map.tilesets().len(), 1);
    let tileset = &map.tilesets()[0];
    assert_eq!((tileset.tilecount, tileset.columns), (256, 16));
    let image = tileset.image.as_ref().unwrap();
    assert!(
        image.source.exists(),
        "{} beside the map",
        image.source.display()
    );
    let name = image
        .source
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let mut glyphs = Vec::new();
    let mut objects = Vec::new();
    for layer in map.layers() {
        match layer.layer_type() {
            LayerType::Tiles(TileLayer::Finite(tiles)) => {
                for y in 0..map.height as i32 {
                    for x in 0..map.width as i32 {
                        glyphs.push(tiles.get_tile(x, y).unwrap().id());
                    }
                }
            }
            LayerType::Objects(group) => {
                for o in group.objects() {
                    let (w, h) = match o.shape {
                        ObjectShape::Rect { width, height } => (width, height),
                        _ => (0.0, 0.0),
                    };
                    let mut properties: Vec<(String, String)> = o
                        .properties
                        .iter()
                        .map(|(k, v)| {
                            let v = match v {
                                PropertyValue::StringValue(s) => format!("string {s}"),
                                PropertyValue::IntValue(i) => format!("int {i}"),
                                other => format!("{other:?}"),
                            };
                            (k.clone(), v)
                        })
                        .collect();
                    properties.sort();
                    objects.push((
                        layer.name.clone(),
                        o.id(),
                        o.name.clone(),
                        o.user_type.clone(),
                        o.x as i64,
                        o.y as i64,
                        shape_text(w, h, &o.shape),
                        properties,
                    ));
                }
            }
            _ => panic!("unexpected layer {}", layer.name),
        }
    }
    Read {
        size: (map.width, map.height),
        tile: (map.tile_width, map.tile_height),
        image: (name, image.width, image.height),
        glyphs,
        objects,
    }
}

/// The TMJ at `path`, by the fields of Tiled's JSON map format.
fn read_tmj(path: &Path) -> Read {
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(doc["type"], "map");
    assert_eq!(doc["orientation"], "orthogonal");
    assert_eq!(doc["infinite"], false);
    let tileset = &doc["tilesets"][0];
    assert_eq!(
        (tileset["tilecount"].as_u64(), tileset["columns"].as_u64()),
        (Some(256), Some(16))
    );
    let firstgid = tileset["firstgid"].as_u64().unwrap() as u32;
    let image = tileset["image"].as_str().unwrap();
    assert!(path.parent().unwrap().join(image).exists());
    let int = |v: &Value| v.as_i64().unwrap();
    let mut glyphs = Vec::new();
    let mut objects = Vec::new();
    for layer in doc["layers"].as_array().unwrap() {
        match layer["type"].as_str().unwrap() {
            "tilelayer" => glyphs.extend(
                layer["data"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|g| g.as_u64().unwrap() as u32 - firstgid),
            ),
            "objectgroup" => {
                for o in layer["objects"].as_array().unwrap() {
                    let shape = if o["point"] == true {
                        "point".to_string()
                    } else if let Some(points) = o["polygon"].as_array() {
                        let p: Vec<String> = points
                            .iter()
                            .map(|p| format!("{},{}", int(&p["x"]), int(&p["y"])))
                            .collect();
                        format!("polygon {}", p.join(" "))
                    } else {
                        format!("rect {} {}", int(&o["width"]), int(&o["height"]))
                    };
                    let mut properties: Vec<(String, String)> = o["properties"]
                        .as_array()
                        .map(|ps| {
                            ps.iter()
                                .map(|p| {
                                    let value = match &p["value"] {
                                        Value::String(s) => s.clone(),
                                        v => v.to_string(),
                                    };
                                    (
                                        p["name"].as_str().unwrap().to_string(),
                                        format!("{} {value}", p["type"].as_str().unwrap()),
                                    )
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    properties.sort();
                    objects.push((
                        layer["name"].as_str().unwrap().to_string(),
                        o["id"].as_u64().unwrap() as u32,
                        o["name"].as_str().unwrap().to_string(),
                        o["type"].as_str().unwrap().to_string(),
                        int(&o["x"]),
                        int(&o["y"]),
                        shape,
                        properties,
                    ));
                }
            }
            other => panic!("unexpected layer type {other}"),
        }
    }
    Read {
        size: (
            doc["width"].as_u64().unwrap() as u32,
            doc["height"].as_u64().unwrap() as u32,
        ),
        tile: (
            doc["tilewidth"].as_u64().unwrap() as u32,
            doc["tileheight"].as_u64().unwrap() as u32,
        ),
        image: (
            image.to_string(),
            int(&tileset["imagewidth"]) as i32,
            int(&tileset["imageheight"]) as i32,
        ),
        glyphs,
        objects,
    }
}

/// Inside the polygon `corners` (absolute pixels), by crossings; `p` is never on an edge
/// (a tile's centre, corners on tile corners).
fn inside(corners: &[(f64, f64)], p: (f64, f64)) -> bool {
    let mut odd = false;
    for (i, &(x1, y1)) in corners.iter().enumerate() {
        let (x2, y2) = corners[(i + 1) % corners.len()];
        if (y1 > p.1) != (y2 > p.1) && p.0 < x1 + (p.1 - y1) * (x2 - x1) / (y2 - y1) {
            odd = !odd;
        }
    }
    odd
}

/// `args` less `--spawns` and `--spawn-depth` (and their values).
fn without_spawns<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut kept = Vec::new();
    let mut rest = args.iter();
    while let Some(&arg) = rest.next() {
        if arg == "--spawns" || arg == "--spawn-depth" {
            rest.next();
        } else {
            kept.push(arg);
        }
    }
    kept
}

/// The map and objects of `read` are what the other outputs of the same dungeon say. The
/// tile layer is the map without its spawns (ASCII draws them over it; the map holds them
/// as objects).
fn check_against_outputs(read: &Read, args: &[&str]) {
    let ascii = stdout(&[&without_spawns(args)[..], &["--format", "ascii"]].concat());
    let rows: Vec<&str> = ascii.lines().collect();
    let (w, h) = (rows[0].len() as u32, rows.len() as u32);
    assert_eq!(read.size, (w, h));
    let t = i64::from(read.tile.0);
    assert_eq!(read.tile, (8, 8));
    assert_eq!(read.image, ("cp437-terminal8x8.png".to_string(), 128, 128));
    let expected: Vec<u32> = rows.iter().flat_map(|r| r.bytes().map(u32::from)).collect();
    assert_eq!(
        read.glyphs, expected,
        "gid - firstgid is the ASCII output's character"
    );
    let dungeon: Value =
        serde_json::from_str(&stdout(&[args, &["--format", "json"]].concat())).unwrap();
    let graph: Value =
        serde_json::from_str(&stdout(&[args, &["--format", "graph"]].concat())).unwrap();
    let centre = |p: &Value| {
        (
            p["x"].as_i64().unwrap() * t + t / 2,
            p["y"].as_i64().unwrap() * t + t / 2,
        )
    };
    let of_layer = |name: &'static str| read.objects.iter().filter(move |o| o.0 == name);
    let markers: Vec<(String, (i64, i64))> = of_layer("markers")
        .map(|o| (o.2.clone(), (o.4, o.5)))
        .collect();
    assert_eq!(
        markers,
        [
            ("start".to_string(), centre(&dungeon["start"])),
            ("exit".to_string(), centre(&dungeon["exit"]))
        ]
    );
    // Regions: one per node, its kind; a rectangle exactly its tiles, or a polygon
    // around every one of them.
    let nodes = graph["nodes"].as_array().unwrap();
    let regions: Vec<_> = of_layer("regions").collect();
    assert_eq!(regions.len(), nodes.len());
    for (node, region) in nodes.iter().zip(&regions) {
        let kind = node["kind"].as_str().unwrap();
        assert_eq!(region.3, kind);
        assert_eq!(
            region.7,
            [
                ("kind".into(), format!("string {kind}")),
                ("node".into(), format!("int {}", node["id"]))
            ]
        );
        let runs = node["tiles"].as_array().unwrap();
        let tiles: Vec<(i64, i64)> = runs
            .iter()
            .flat_map(|r| {
                let r: Vec<i64> = r
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_i64().unwrap())
                    .collect();
                (r[1]..=r[2]).map(move |x| (x, r[0]))
            })
            .collect();
        let shape = &region.6;
        if let Some(rect) = shape.strip_prefix("rect ") {
            let (x0, y0) = (
                tiles.iter().map(|t| t.0).min().unwrap(),
                tiles.iter().map(|t| t.1).min().unwrap(),
            );
            let (x1, y1) = (
                tiles.iter().map(|t| t.0).max().unwrap(),
                tiles.iter().map(|t| t.1).max().unwrap(),
            );
            assert_eq!(((x1 - x0 + 1) * (y1 - y0 + 1)) as usize, tiles.len());
            assert_eq!((region.4, region.5), (x0 * t, y0 * t));
            assert_eq!(rect, format!("{} {}", (x1 - x0 + 1) * t, (y1 - y0 + 1) * t));
        } else {
            let corners: Vec<(f64, f64)> = shape
                .strip_prefix("polygon ")
                .unwrap()
                .split(' ')
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (
                        x.parse::<f64>().unwrap() + region.4 as f64,
                        y.parse::<f64>().unwrap() + region.5 as f64,
                    )
                })
                .collect();
            assert!(
                corners.len() >= 4
                    && corners
                        .iter()
                        .all(|c| c.0 % t as f64 == 0.0 && c.1 % t as f64 == 0.0)
            );
            for &(x, y) in &tiles {
                let c = ((x * t + t / 2) as f64, (y * t + t / 2) as f64);
                assert!(
                    inside(&corners, c),
                    "{args:?}: tile ({x}, {y}) of node {} outside its polygon",
                    node["id"]
                );
            }
        }
    }
    // Doors: the tiles of the links that leave a room.
    let room = |id: &Value| {
        let kind = nodes[id.as_u64().unwrap() as usize]["kind"]
            .as_str()
            .unwrap();
        !["corridor", "area", "door"].contains(&kind)
    };
    let mut doors = BTreeSet::new();
    for link in graph["links"].as_array().unwrap() {
        if room(&link["a"]) || room(&link["b"]) {
            for p in link["tiles"].as_array().unwrap() {
                doors.insert((
                    p[0].as_i64().unwrap() * t + t / 2,
                    p[1].as_i64().unwrap() * t + t / 2,
                ));
            }
        }
    }
    let written: BTreeSet<(i64, i64)> = of_layer("doors").map(|o| (o.4, o.5)).collect();
    assert_eq!(written, doors);
    assert!(of_layer("doors").all(|o| o.6 == "point" && o.3 == "door"));
    // Vaults: their footprints.
    let vaults: Vec<(String, i64, i64, String)> = dungeon["vaults"]
        .as_array()
        .map(|vs| {
            vs.iter()
                .map(|v| {
                    let n = |k: &str| v[k].as_i64().unwrap();
                    (
                        v["name"].as_str().unwrap().to_string(),
                        n("x") * t,
                        n("y") * t,
                        format!("rect {} {}", n("width") * t, n("height") * t),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let written: Vec<(String, i64, i64, String)> = of_layer("vaults")
        .map(|o| (o.2.clone(), o.4, o.5, o.6.clone()))
        .collect();
    assert_eq!(written, vaults);
    // Spawns (with `--spawns`): a point at each thing's tile, named after it, its kind
    // as its class, in the JSON's order.
    let spawns: Vec<(String, String, (i64, i64))> = dungeon["spawns"]
        .as_array()
        .map(|ss| {
            ss.iter()
                .map(|s| {
                    (
                        s["name"].as_str().unwrap().to_string(),
                        s["kind"].as_str().unwrap().to_string(),
                        centre(s),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let written: Vec<(String, String, (i64, i64))> = of_layer("spawns")
        .map(|o| (o.2.clone(), o.3.clone(), (o.4, o.5)))
        .collect();
    assert_eq!(written, spawns, "{args:?}: the spawns layer");
    assert!(of_layer("spawns").all(|o| o.6 == "point" && o.7.is_empty()));
    // Object ids: 1, 2, 3... across the map.
    let ids: Vec<u32> = read.objects.iter().map(|o| o.1).collect();
    assert_eq!(ids, (1..=ids.len() as u32).collect::<Vec<_>>());
}

/// Every generator, with and without vaults: the TMX reads back through `tiled` to what
/// the other outputs say, and the TMJ holds the same map.
#[test]
fn every_generator_round_trips() {
    let dir = temp_dir("round-trip");
    for &kind in GeneratorKind::ALL {
        for vaults in [None, Some("4")] {
            let mut args = vec!["generate", "--generator", kind.name(), "--seed", "3"];
            if let Some(count) = vaults {
                args.extend(["--vaults", "builtin", "--vault-count", count]);
            }
            let (tmx, tmj) = write_tiled(&dir, kind.name(), &args);
            let read = read_tmx(&tmx);
            check_against_outputs(&read, &args);
            assert_eq!(
                read_tmj(&tmj),
                read,
                "{args:?}: the TMJ holds the TMX's map"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With `--spawns`, the map carries the placed things as the layer `spawns`, in both
/// formats (and the map itself is the one `--format ascii` draws with them).
#[test]
fn spawns_are_a_layer() {
    let dir = temp_dir("spawns");
    for generator in ["rooms", "caves", "grid", "maze"] {
        let args = [
            "generate",
            "--generator",
            generator,
            "--seed",
            "5",
            "--vaults",
            "builtin",
            "--vault-count",
            "2",
            "--spawns",
            "builtin",
            "--spawn-depth",
            "4",
        ];
        let (tmx, tmj) = write_tiled(&dir, generator, &args);
        let read = read_tmx(&tmx);
        assert!(
            read.objects.iter().any(|o| o.0 == "spawns"),
            "{generator}: some things placed"
        );
        check_against_outputs(&read, &args);
        assert_eq!(
            read_tmj(&tmj),
            read,
            "{generator}: the TMJ holds the TMX's map"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With `--locks`: the layer `locks` holds each lock's door and key where the JSON has
/// them, with its id and colour, and the `exit` marker is the JSON's exit (where the
/// locks lead); the TMJ holds the same.
#[test]
fn locks_round_trip() {
    let dir = temp_dir("locks");
    let mut walls = 0;
    for kind in ["grid", "rooms", "maze", "caves"] {
        let args = [
            "generate",
            "--generator",
            kind,
            "--seed",
            "5",
            "--locks",
            "3",
        ];
        let (tmx, tmj) = write_tiled(&dir, kind, &args);
        let read = read_tmx(&tmx);
        assert_eq!(read_tmj(&tmj), read, "{kind}: the TMJ holds the TMX's map");
        let dungeon: Value =
            serde_json::from_str(&stdout(&[&args[..], &["--format", "json"]].concat())).unwrap();
        let t = i64::from(read.tile.0);
        let centre = |p: &Value| {
            (
                p["x"].as_i64().unwrap() * t + t / 2,
                p["y"].as_i64().unwrap() * t + t / 2,
            )
        };
        let exit = read
            .objects
            .iter()
            .find(|o| o.0 == "markers" && o.2 == "exit")
            .unwrap();
        assert_eq!((exit.4, exit.5), centre(&dungeon["exit"]), "{kind}");
        let mut expected = Vec::new();
        for lock in dungeon["locks"].as_array().unwrap() {
            let id = lock["id"].as_u64().unwrap();
            let colour = tileset::colors::lock(id as usize).0;
            let properties = vec![
                ("colour".to_string(), format!("string {colour}")),
                ("lock".to_string(), format!("int {id}")),
            ];
            for (name, class, at) in [
                ("door", "lock", &lock["door"]),
                ("key", "key", &lock["key"]),
            ] {
                let (x, y) = centre(at);
                expected.push((
                    format!("{name} {id}"),
                    class.to_string(),
                    x,
                    y,
                    "point".to_string(),
                    properties.clone(),
                ));
            }
        }
        let written: Vec<_> = read
            .objects
            .iter()
            .filter(|o| o.0 == "locks")
            .map(|o| (o.2.clone(), o.3.clone(), o.4, o.5, o.6.clone(), o.7.clone()))
            .collect();
        assert_eq!(written, expected, "{kind}");
        // Passages walled up to close loops are wall in the tile layer.
        for wall in dungeon["walled"].as_array().unwrap() {
            let (x, y) = (wall["x"].as_u64().unwrap(), wall["y"].as_u64().unwrap());
            let glyph = read.glyphs[(y * u64::from(read.size.0) + x) as usize];
            assert_eq!(glyph, u32::from(b'#'), "{kind}");
            walls += 1;
        }
        let ids: Vec<u32> = read.objects.iter().map(|o| o.1).collect();
        assert_eq!(ids, (1..=ids.len() as u32).collect::<Vec<_>>());
    }
    assert!(walls > 0, "rooms seed 5 walls a loop");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The tileset image is the game's font sheet, byte for byte, beside the map.
#[test]
fn the_tileset_is_the_font_beside_the_map() {
    let dir = temp_dir("tileset");
    let map = dir.join("sub").join("level.tmx");
    std::fs::create_dir_all(map.parent().unwrap()).unwrap();
    stdout(&[
        "generate",
        "--format",
        "tmx",
        "--output",
        map.to_str().unwrap(),
    ]);
    let image = std::fs::read(dir.join("sub").join("cp437-terminal8x8.png")).unwrap();
    let font = tileset::sheets::BUILTIN
        .iter()
        .find(|(n, _)| *n == "terminal8x8")
        .unwrap()
        .1;
    assert_eq!(image, font);
    let text = std::fs::read_to_string(&map).unwrap();
    assert!(text.contains(r#"<image source="cp437-terminal8x8.png" width="128" height="128"/>"#));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Refused with one line and exit 2: no `--output`, several dungeons, a map too large.
#[test]
fn refusals_name_the_flag() {
    for (args, message) in [
        (
            &["generate", "--format", "tmx"][..],
            "error: --format tmx writes a map and its tileset image beside it: name the map with --output FILE\n",
        ),
        (
            &[
                "generate", "--format", "tmj", "--count", "2", "--output", "x.tmj",
            ][..],
            "error: --format tmj writes one dungeon, not --count 2\n",
        ),
        (
            &[
                "generate", "--format", "tmx", "--width", "3000", "--height", "2000", "--output",
                "x.tmx",
            ][..],
            "error: --format tmx holds at most 4194304 tiles (2048 x 2048); this map is 3000 x 2000\n",
        ),
        (
            &["generate", "--format", "ascii", "--graph"][..],
            "error: --graph is for --format png only\n",
        ),
        (
            &["regenerate", "saved.json", "--format", "tmj"][..],
            "error: regenerate does not write Tiled maps: use `mapgen generate --format tmx --output FILE` with the dungeon's generator, settings and seed\n",
        ),
    ] {
        let out = mapgen(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), message);
        assert!(out.stdout.is_empty());
    }
    assert!(!Path::new("x.tmx").exists() && !Path::new("x.tmj").exists());
}
