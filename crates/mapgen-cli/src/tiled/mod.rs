//! `mapgen generate --format tmx` and `--format tmj`: a dungeon as a map of the Tiled map
//! editor, in its XML (TMX) or JSON (TMJ) format, with its tileset image beside it.
//!
//! What the map holds (both formats, as `docs/export.md` lists it): an orthogonal map of
//! the dungeon's size; one tileset, the game's CP437 font `terminal8x8` (16 x 16 glyphs of
//! 8 x 8 pixels), its image [`TILESET_IMAGE`] written beside the map and named relative
//! to it; the tile layer `tiles` in CSV, each tile's `gid - 1` its glyph's CP437 code (the
//! ASCII output's character); and the object layers `markers` (points `start` and `exit`),
//! `regions` (each node of the region graph, a rectangle when it fills its bounds, else
//! the polygon of its outline, with its `kind` and `node` as properties), `doors` (a
//! point on each tile of a link that leaves a room) and `vaults` (each placed vault's
//! footprint, named after it); with `--spawns`, `spawns` too ([`TiledMap::add_spawns`]);
//! with `--locks`, `locks` (each lock's door and key as points, with the lock's id and
//! colour), the `exit` marker where the locks lead.

mod outline;
mod tmj;
mod tmx;

use mapgen::graph::RegionGraph;
use mapgen::locks::Locks;
use mapgen::{Dungeon, Point};

pub use tmj::write_tmj;
pub use tmx::write_tmx;

/// The tileset's image file, written beside the map.
pub const TILESET_IMAGE: &str = "cp437-terminal8x8.png";
/// The font whose sheet the tileset is.
const FONT: &str = "terminal8x8";

/// The PNG of the tileset: the game's built-in `terminal8x8` sheet.
pub fn tileset_png() -> &'static [u8] {
    tileset::sheets::BUILTIN
        .iter()
        .find(|(name, _)| *name == FONT)
        .map_or(&[][..], |(_, png)| png)
}

/// A PNG's width and height, from its header.
fn png_size(png: &[u8]) -> (u32, u32) {
    let word = |at: usize| {
        png.get(at..at + 4)
            .map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    (word(16), word(20))
}

/// A map for Tiled, before it is written in either format.
#[derive(Debug, Clone, PartialEq)]
pub struct TiledMap {
    /// Size in tiles.
    pub width: i32,
    pub height: i32,
    /// A tile's side in pixels (the font's glyph).
    pub tile: u32,
    /// The tileset image: its file name and size in pixels.
    pub image: String,
    pub image_size: (u32, u32),
    /// The tile layer's global tile IDs, row by row.
    pub gids: Vec<u32>,
    /// The object layers, numbered from 2 (the tile layer is 1).
    pub layers: Vec<ObjectLayer>,
}

/// An object layer.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectLayer {
    pub name: &'static str,
    pub objects: Vec<Object>,
}

/// An object: its position in pixels, its shape and properties. Ids are given in order
/// from 1 across the map.
#[derive(Debug, Clone, PartialEq)]
pub struct Object {
    pub id: u32,
    pub name: String,
    /// The object's class (Tiled's `type`).
    pub class: String,
    pub x: i64,
    pub y: i64,
    pub shape: Shape,
    pub properties: Vec<(&'static str, Property)>,
}

/// An object's shape.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Point,
    Rect {
        width: i64,
        height: i64,
    },
    /// Corners relative to the object's position, the first `(0, 0)`.
    Polygon(Vec<(i64, i64)>),
}

/// A custom property's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Property {
    Text(String),
    Int(i64),
}

/// The first global tile ID of the tileset.
pub const FIRST_GID: u32 = 1;

impl TiledMap {
    /// The map of `dungeon`, its tileset image named `image`.
    pub fn of(dungeon: &Dungeon, image: &str) -> TiledMap {
        let map = &dungeon.map;
        let image_size = png_size(tileset_png());
        let tile = image_size.0 / tileset::sheets::GRID;
        let gids = map
            .tiles()
            .iter()
            .map(|t| FIRST_GID + u32::from(t.glyph_byte()))
            .collect();
        let graph = RegionGraph::of(dungeon);
        let mut ids = 0..;
        let mut next = || ids.next().unwrap_or(0) + 1;
        let px = |v: i32| i64::from(v) * i64::from(tile);
        let centre =
            |p: mapgen::Point| (px(p.x) + i64::from(tile / 2), px(p.y) + i64::from(tile / 2));
        let point = |id, name: &str, p: mapgen::Point| {
            let (x, y) = centre(p);
            Object {
                id,
                name: name.to_string(),
                class: name.to_string(),
                x,
                y,
                shape: Shape::Point,
                properties: Vec::new(),
            }
        };
        let markers = vec![
            point(next(), "start", dungeon.start),
            point(next(), "exit", dungeon.exit()),
        ];
        let regions = (0..graph.nodes().len())
            .map(|n| region(&graph, n, next(), tile))
            .collect();
        let doors = door_tiles(&graph)
            .into_iter()
            .map(|p| point(next(), "door", p))
            .collect();
        let vaults = dungeon
            .vaults
            .iter()
            .map(|v| Object {
                id: next(),
                name: v.name.clone(),
                class: "vault".into(),
                x: px(v.x),
                y: px(v.y),
                shape: Shape::Rect {
                    width: px(v.width),
                    height: px(v.height),
                },
                properties: Vec::new(),
            })
            .collect();
        TiledMap {
            width: map.width(),
            height: map.height(),
            tile,
            image: image.to_string(),
            image_size,
            gids,
            layers: vec![
                ObjectLayer {
                    name: "markers",
                    objects: markers,
                },
                ObjectLayer {
                    name: "regions",
                    objects: regions,
                },
                ObjectLayer {
                    name: "doors",
                    objects: doors,
                },
                ObjectLayer {
                    name: "vaults",
                    objects: vaults,
                },
            ],
        }
    }

    /// Adds the object layer `spawns`: a point at the centre of each spawned thing's tile,
    /// named after it, its class its kind (`monster` or `item`), in the dungeon's order,
    /// numbered after the other objects.
    pub fn add_spawns(&mut self, dungeon: &Dungeon) {
        let t = i64::from(self.tile);
        let centre = |v: i32| i64::from(v) * t + t / 2;
        let objects = dungeon
            .spawns
            .iter()
            .zip(self.next_object_id()..)
            .map(|(spawn, id)| Object {
                id,
                name: spawn.name.clone(),
                class: spawn.kind.word().to_string(),
                x: centre(spawn.at.x),
                y: centre(spawn.at.y),
                shape: Shape::Point,
                properties: Vec::new(),
            })
            .collect();
        self.layers.push(ObjectLayer {
            name: "spawns",
            objects,
        });
    }

    /// The same map with the layer `locks`: each lock's door (class `lock`) and key (class
    /// `key`) as points at their tiles' centres, named `door N` and `key N`, with the
    /// properties `lock` (its id) and `colour` (its colour's name); and the `exit` marker
    /// moved where the locks lead.
    #[must_use]
    pub fn with_locks(mut self, locks: &Locks) -> TiledMap {
        let tile = i64::from(self.tile);
        let centre = |p: Point| {
            (
                i64::from(p.x) * tile + tile / 2,
                i64::from(p.y) * tile + tile / 2,
            )
        };
        let mut id = self.next_object_id();
        let mut objects = Vec::with_capacity(2 * locks.locks.len());
        for lock in &locks.locks {
            let colour = tileset::colors::lock(lock.id).0;
            for (class, p) in [("lock", lock.door), ("key", lock.key)] {
                let (x, y) = centre(p);
                let word = if class == "lock" { "door" } else { "key" };
                objects.push(Object {
                    id,
                    name: format!("{word} {}", lock.id),
                    class: class.to_string(),
                    x,
                    y,
                    shape: Shape::Point,
                    properties: vec![
                        ("lock", Property::Int(lock.id as i64)),
                        ("colour", Property::Text(colour.to_string())),
                    ],
                });
                id += 1;
            }
        }
        let exit = self
            .layers
            .iter_mut()
            .flat_map(|l| &mut l.objects)
            .find(|o| o.class == "exit");
        if let Some(exit) = exit {
            (exit.x, exit.y) = centre(locks.exit);
        }
        self.layers.push(ObjectLayer {
            name: "locks",
            objects,
        });
        self
    }

    /// One more than the highest object id.
    pub fn next_object_id(&self) -> u32 {
        1 + self
            .layers
            .iter()
            .flat_map(|l| &l.objects)
            .map(|o| o.id)
            .max()
            .unwrap_or(0)
    }
}

/// Node `n` of `graph` as an object: a rectangle when its tiles fill their bounds, else
/// its outline as a polygon.
fn region(graph: &RegionGraph, n: usize, id: u32, tile: u32) -> Object {
    let node = &graph.nodes()[n];
    let t = i64::from(tile);
    let b = node.bounds;
    let (x, y) = (i64::from(b.x1 + 1) * t, i64::from(b.y1 + 1) * t);
    let (w, h) = (i64::from(b.x2 - b.x1 - 1), i64::from(b.y2 - b.y1 - 1));
    let (x, y, shape) = if node.size as i64 == w * h {
        let rect = Shape::Rect {
            width: w * t,
            height: h * t,
        };
        (x, y, rect)
    } else {
        let corners = outline::outline(graph, n);
        let (ox, oy) = corners.first().copied().unwrap_or_default();
        let points = corners
            .iter()
            .map(|&(cx, cy)| (i64::from(cx - ox) * t, i64::from(cy - oy) * t))
            .collect();
        (i64::from(ox) * t, i64::from(oy) * t, Shape::Polygon(points))
    };
    Object {
        id,
        name: format!("{} {n}", node.kind.name()),
        class: node.kind.name().to_string(),
        x,
        y,
        shape,
        properties: vec![
            ("kind", Property::Text(node.kind.name().to_string())),
            ("node", Property::Int(n as i64)),
        ],
    }
}

/// The tiles of the links that leave a room (a door in its wall, or where a corridor
/// meets it), each once, in row order.
fn door_tiles(graph: &RegionGraph) -> Vec<mapgen::Point> {
    let nodes = graph.nodes();
    let mut doors = Vec::new();
    for (i, link) in graph.links().iter().enumerate() {
        if nodes[link.a].kind.is_room() || nodes[link.b].kind.is_room() {
            doors.extend_from_slice(graph.link_tiles(i));
        }
    }
    doors.sort_unstable_by_key(|p| (p.y, p.x));
    doors.dedup();
    doors
}
