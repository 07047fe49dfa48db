//! The JSON shape of one dungeon.

use mapgen::{Dungeon, Generator, Point, Rect, RoomGrid};
use serde::Serialize;

/// One dungeon as `mapgen generate --format json|jsonl` writes it.
#[derive(Debug, Serialize)]
pub struct DungeonJson {
    seed: u64,
    generator: &'static str,
    width: i32,
    height: i32,
    start: PointJson,
    /// A walkable tile at the greatest walking distance from `start` ([`Dungeon::exit`]).
    exit: PointJson,
    rooms: Vec<RectJson>,
    /// One string per row: `#` wall, `.` floor, `+` door, `~` chasm.
    tiles: Vec<String>,
    /// The room graph of grid dungeons.
    #[serde(skip_serializing_if = "Option::is_none")]
    grid: Option<GridJson>,
}

#[derive(Debug, Serialize)]
struct GridJson {
    cols: i32,
    rows: i32,
    rooms: Vec<GridRoomJson>,
}

#[derive(Debug, Serialize)]
struct GridRoomJson {
    col: i32,
    row: i32,
    /// The sides with a door, in `NESW` order.
    doors: String,
    kind: &'static str,
    depth: u32,
}

#[derive(Debug, Serialize)]
struct PointJson {
    x: i32,
    y: i32,
}

#[derive(Debug, Serialize)]
struct RectJson {
    x1: i32,
    y1: i32,
    x2: i32,
    y2: i32,
}

impl DungeonJson {
    /// The JSON view of `dungeon`, made by `generator` from `seed`.
    pub fn new(seed: u64, generator: &Generator, dungeon: &Dungeon) -> DungeonJson {
        let map = &dungeon.map;
        DungeonJson {
            seed,
            generator: generator.kind().name(),
            width: map.width(),
            height: map.height(),
            start: point(dungeon.start),
            exit: point(dungeon.exit()),
            rooms: dungeon.rooms.iter().map(rect).collect(),
            tiles: (0..map.height()).map(|y| map.row_glyphs(y)).collect(),
            grid: dungeon.grid().map(grid),
        }
    }
}

fn grid(g: &RoomGrid) -> GridJson {
    let rooms = g
        .rooms()
        .iter()
        .map(|r| GridRoomJson {
            col: r.col,
            row: r.row,
            doors: r.doors.to_string(),
            kind: r.kind.name(),
            depth: r.depth,
        })
        .collect();
    GridJson {
        cols: g.cols(),
        rows: g.rows(),
        rooms,
    }
}

fn point(p: Point) -> PointJson {
    PointJson { x: p.x, y: p.y }
}

fn rect(r: &Rect) -> RectJson {
    RectJson {
        x1: r.x1,
        y1: r.y1,
        x2: r.x2,
        y2: r.y2,
    }
}

/// Writes `value` as JSON that reads well and diffs line by line: objects that hold
/// arrays spread one field per line, arrays one element per line, everything else (rooms,
/// points, rows of tiles) compact on its line.
pub fn write_readable(
    out: &mut impl std::io::Write,
    value: &serde_json::Value,
    indent: usize,
) -> std::io::Result<()> {
    use serde_json::Value;
    let pad = " ".repeat(indent + 2);
    match value {
        Value::Object(fields) if fields.values().any(Value::is_array) => {
            out.write_all(b"{\n")?;
            for (i, (key, field)) in fields.iter().enumerate() {
                write!(out, "{pad}{}: ", Value::from(key.as_str()))?;
                write_readable(out, field, indent + 2)?;
                out.write_all(if i + 1 < fields.len() { b",\n" } else { b"\n" })?;
            }
            write!(out, "{}}}", " ".repeat(indent))
        }
        Value::Array(items) if !items.is_empty() => {
            out.write_all(b"[\n")?;
            for (i, item) in items.iter().enumerate() {
                write!(out, "{pad}{item}")?;
                out.write_all(if i + 1 < items.len() { b",\n" } else { b"\n" })?;
            }
            write!(out, "{}]", " ".repeat(indent))
        }
        _ => write!(out, "{value}"),
    }
}
