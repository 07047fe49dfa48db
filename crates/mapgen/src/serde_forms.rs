//! How the crate's types look saved with serde (the `serde` feature), and the checks a
//! loaded value passes before it exists.
//!
//! The forms are the ones the `mapgen` command writes: a map is its size and one string of
//! glyphs per row (`"tiles": ["#####", "#..+#", ...]`), with a `legend` of the tiles of
//! one's own when it has any ([`Tile::with_glyph`]); a dungeon is its map's fields beside
//! `start`, `rooms` and, for a grid dungeon, `grid`. Loading never builds a value that
//! breaks its type's promises: a map whose rows disagree with its size, a start outside the
//! map or a room grid with two rooms in one cell is a serde error that names the problem.
//! Fields a form does not know are ignored, so a whole line of `mapgen generate --format
//! jsonl` loads as a [`Dungeon`].

use serde::de::{self, Deserializer};
use serde::ser::{SerializeSeq, SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::generators::grid::{
    Doors, GridRoom, Link, LinkKind, RoomCell, RoomGrid, RoomKind, RoomPlan, RoomShape, Side,
};
use crate::path::{AStar, DijkstraMap, Moves};
use crate::shape::check_side;
use crate::spawns::{Spawn, SpawnKind};
use crate::vaults::{Placement, Rotation};
use crate::{Dungeon, Grid, Layout, Map, Point, Rect, Tile};

/// A serde error from anything displayable.
fn invalid<E: de::Error>(message: impl std::fmt::Display) -> E {
    E::custom(message)
}

// ---------------------------------------------------------------- tiles and maps

/// A tile's saved form: a built-in tile's glyph, or a tile of one's own in full.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum TileForm {
    Builtin(char),
    Own {
        glyph: char,
        walkable: bool,
        transparent: bool,
    },
}

impl Serialize for Tile {
    /// A built-in tile's glyph, a one-character string (`"#"`); a tile of your own as
    /// `{"glyph": ">", "walkable": true, "transparent": true}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let form = match self.is_builtin() {
            true => TileForm::Builtin(self.glyph()),
            false => TileForm::Own {
                glyph: self.glyph(),
                walkable: self.walkable,
                transparent: self.transparent,
            },
        };
        form.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match TileForm::deserialize(deserializer)? {
            TileForm::Builtin(glyph) => Tile::from_glyph(glyph).ok_or_else(|| {
                invalid(format_args!(
                    "unknown tile glyph {glyph:?}; allowed '#', '.', '+', '~'"
                ))
            }),
            TileForm::Own {
                glyph,
                walkable,
                transparent,
            } => Tile::new(walkable, transparent)
                .with_glyph(glyph)
                .map_err(invalid),
        }
    }
}

/// The tiles of one's own on `map`, each once, in row order: what the text of the rows
/// does not say. Two different tiles with one glyph cannot be told apart in the rows.
fn legend_of(map: &Map) -> Result<Vec<Tile>, String> {
    let mut legend: Vec<Tile> = Vec::new();
    // The tile seen for each ASCII glyph: one table read a tile.
    let mut seen: [Option<Tile>; 128] = [None; 128];
    for &tile in map.tiles().iter().filter(|t| !t.is_builtin()) {
        let Some(slot) = seen.get_mut(usize::from(tile.glyph_byte())) else {
            continue; // glyphs are ASCII
        };
        match *slot {
            Some(known) if known == tile => {}
            Some(_) => {
                return Err(format!(
                    "two different tiles of the map have the glyph {:?}",
                    tile.glyph()
                ));
            }
            None => {
                *slot = Some(tile);
                legend.push(tile);
            }
        }
    }
    Ok(legend)
}

/// A map's rows as glyph strings, written without a `String` per row.
struct Rows<'a>(&'a Map);

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let map = self.0;
        let mut seq = serializer.serialize_seq(Some(map.height().max(0) as usize))?;
        let mut row = Vec::with_capacity(map.width().max(0) as usize);
        for y in 0..map.height() {
            row.clear();
            map.push_row_glyphs(y, &mut row);
            // Glyphs are ASCII.
            seq.serialize_element(std::str::from_utf8(&row).unwrap_or_default())?;
        }
        seq.end()
    }
}

impl Serialize for Map {
    /// `{"width": 5, "height": 3, "tiles": ["#####", "#..+#", "#####"]}`: one string per
    /// row, as `Display` prints it; a map with tiles of your own adds a `legend` of them
    /// (`[{"glyph": ">", "walkable": true, "transparent": true}]`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let legend = legend_of(self).map_err(serde::ser::Error::custom)?;
        let mut s = serializer.serialize_struct("Map", 3 + usize::from(!legend.is_empty()))?;
        s.serialize_field("width", &self.width())?;
        s.serialize_field("height", &self.height())?;
        s.serialize_field("tiles", &Rows(self))?;
        if !legend.is_empty() {
            s.serialize_field("legend", &legend)?;
        }
        s.end()
    }
}

/// A saved map before its checks.
#[derive(Deserialize)]
struct MapForm {
    width: i64,
    height: i64,
    tiles: Vec<String>,
    #[serde(default)]
    legend: Vec<Tile>,
}

impl<'de> Deserialize<'de> for Map {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = MapForm::deserialize(deserializer)?;
        map_of(form.width, form.height, &form.tiles, &form.legend)
    }
}

/// The tile of every ASCII glyph a saved map may use: the built-in ones and those of its
/// legend, so each glyph of the rows is one table read, however long the legend.
struct Legend([Option<Tile>; 128]);

impl Legend {
    /// The table of `legend`, refusing a built-in tile in it and a glyph given twice (two
    /// tiles for one glyph, or the same tile again: nothing a saved map writes).
    fn of<E: de::Error>(legend: &[Tile]) -> Result<Legend, E> {
        let mut table = [None; 128];
        for glyph in ['#', '.', '+', '~'] {
            table[glyph as usize] = Tile::from_glyph(glyph);
        }
        for tile in legend {
            let glyph = tile.glyph();
            if tile.is_builtin() {
                return Err(invalid(format_args!(
                    "the legend names the built-in tile {glyph:?}; it lists tiles of one's own only"
                )));
            }
            // A tile of one's own has a printable ASCII glyph.
            let Some(slot) = table.get_mut(glyph as usize) else {
                return Err(invalid(format_args!(
                    "the legend's glyph {glyph:?} is not ASCII"
                )));
            };
            if slot.is_some() {
                return Err(invalid(format_args!(
                    "the legend gives the glyph {glyph:?} twice; each glyph once"
                )));
            }
            *slot = Some(*tile);
        }
        Ok(Legend(table))
    }

    /// The tile `glyph` stands for.
    #[inline]
    fn tile(&self, glyph: char) -> Option<Tile> {
        self.0.get(glyph as usize).copied().flatten()
    }
}

/// The map of `rows` of glyphs (built-in, or of the tiles of `legend`), checked against its
/// stated size.
fn map_of<E: de::Error>(
    width: i64,
    height: i64,
    rows: &[String],
    legend: &[Tile],
) -> Result<Map, E> {
    let legend = Legend::of(legend)?;
    let width = check_side("width", width).map_err(invalid)?;
    let height = check_side("height", height).map_err(invalid)?;
    if rows.len() != height as usize {
        return Err(invalid(format_args!(
            "tiles has {} rows; the map's height is {height}",
            rows.len()
        )));
    }
    // Never more than the text holds, whatever the stated width claims.
    let glyphs: usize = rows.iter().map(String::len).sum();
    let mut tiles = Vec::with_capacity((width as usize * height as usize).min(glyphs));
    for (y, row) in rows.iter().enumerate() {
        let before = tiles.len();
        for (x, glyph) in row.chars().enumerate() {
            let tile = legend.tile(glyph);
            let tile = tile.ok_or(crate::MapError::Glyph { glyph, x, y });
            tiles.push(tile.map_err(invalid)?);
            if tiles.len() - before > width as usize {
                break;
            }
        }
        let len = tiles.len() - before;
        if len != width as usize {
            return Err(invalid(format_args!(
                "tiles row {y} has {len} tiles; the map's width is {width}"
            )));
        }
    }
    let grid = Grid::from_cells(width, height, tiles).map_err(invalid)?;
    Ok(Map::from(grid))
}

// ---------------------------------------------------------------- dungeons

impl Serialize for Dungeon {
    /// The map's fields (`width`, `height`, `tiles`) beside `start` and `rooms`, `grid`
    /// for a grid dungeon and `vaults` when vaults were placed: `{"width": 80, "height":
    /// 45, "start": {"x": 14, "y": 3}, "rooms": [{"x1": 10, "y1": 0, "x2": 19, "y2": 6},
    /// ...], "tiles": ["####...", ...]}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let grid = self.room_grid();
        let legend = legend_of(&self.map).map_err(serde::ser::Error::custom)?;
        let fields = 5
            + usize::from(grid.is_some())
            + usize::from(!legend.is_empty())
            + usize::from(!self.vaults.is_empty())
            + usize::from(!self.spawns.is_empty());
        let mut s = serializer.serialize_struct("Dungeon", fields)?;
        s.serialize_field("width", &self.map.width())?;
        s.serialize_field("height", &self.map.height())?;
        s.serialize_field("start", &self.start)?;
        s.serialize_field("rooms", &self.rooms)?;
        s.serialize_field("tiles", &Rows(&self.map))?;
        if !legend.is_empty() {
            s.serialize_field("legend", &legend)?;
        }
        if let Some(grid) = grid {
            s.serialize_field("grid", grid)?;
        }
        if !self.vaults.is_empty() {
            s.serialize_field("vaults", &self.vaults)?;
        }
        if !self.spawns.is_empty() {
            s.serialize_field("spawns", &self.spawns)?;
        }
        s.end()
    }
}

/// A saved dungeon before its checks.
#[derive(Deserialize)]
struct DungeonForm {
    width: i64,
    height: i64,
    start: Point,
    #[serde(default)]
    rooms: Vec<Rect>,
    tiles: Vec<String>,
    #[serde(default)]
    legend: Vec<Tile>,
    #[serde(default)]
    grid: Option<RoomGrid>,
    #[serde(default)]
    vaults: Vec<Placement>,
    #[serde(default)]
    spawns: Vec<Spawn>,
}

impl<'de> Deserialize<'de> for Dungeon {
    /// Checks that the map's rows match its size, the start is a walkable tile of it,
    /// every room's outline lies in the map with its floor walkable and no other room's,
    /// every vault's footprint lies in the map, every spawn is on a tile of it, and a
    /// grid's rooms fit in it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = DungeonForm::deserialize(deserializer)?;
        let map = map_of(form.width, form.height, &form.tiles, &form.legend)?;
        let start = form.start;
        if !map.in_bounds(start) {
            return Err(invalid(format_args!(
                "start {start} is outside the {}x{} map",
                map.width(),
                map.height()
            )));
        }
        if !map.is_walkable(start) {
            return Err(invalid(format_args!(
                "start {start} is not walkable (a {:?} tile)",
                map.tile(start).glyph()
            )));
        }
        check_rooms(&map, &form.rooms)?;
        let layout = match form.grid {
            Some(grid) => {
                let (cols, rows) = (grid.cols() - 1, grid.rows() - 1);
                check_outline(
                    &map,
                    "the room grid",
                    &grid.outline(RoomCell::new(cols, rows)),
                )?;
                Layout::Grid(grid)
            }
            None => Layout::Plain,
        };
        for (i, vault) in form.vaults.iter().enumerate() {
            let footprint = Rect::new(vault.x, vault.y, vault.width - 1, vault.height - 1);
            check_outline(&map, &format!("vault {i}"), &footprint)?;
        }
        let mut dungeon = Dungeon::new(map, start)
            .with_rooms(form.rooms)
            .with_layout(layout);
        dungeon.vaults = form.vaults;
        for (i, spawn) in form.spawns.iter().enumerate() {
            if !dungeon.map.in_bounds(spawn.at) {
                return Err(invalid(format_args!(
                    "spawn {i} ({}) at {} is outside the {}x{} map",
                    spawn.name,
                    spawn.at,
                    dungeon.map.width(),
                    dungeon.map.height()
                )));
            }
        }
        dungeon.spawns = form.spawns;
        Ok(dungeon)
    }
}

// ---------------------------------------------------------------- spawns

/// A placed thing's saved form: `{"name": "orc", "kind": "monster", "x": 3, "y": 4}`.
#[derive(Serialize, Deserialize)]
struct SpawnForm<N> {
    name: N,
    kind: SpawnKindForm,
    x: i32,
    y: i32,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum SpawnKindForm {
    Monster,
    Item,
}

impl Serialize for Spawn {
    /// `{"name": "orc", "kind": "monster", "x": 3, "y": 4}`; `kind` is `monster` or `item`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let kind = match self.kind {
            SpawnKind::Monster => SpawnKindForm::Monster,
            SpawnKind::Item => SpawnKindForm::Item,
        };
        SpawnForm {
            name: self.name.as_str(),
            kind,
            x: self.at.x,
            y: self.at.y,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Spawn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = SpawnForm::<String>::deserialize(deserializer)?;
        let kind = match form.kind {
            SpawnKindForm::Monster => SpawnKind::Monster,
            SpawnKindForm::Item => SpawnKind::Item,
        };
        Ok(Spawn::new(form.name, kind, Point::new(form.x, form.y)))
    }
}

// ---------------------------------------------------------------- vaults

/// A placed vault's saved form: `rotate` in degrees.
#[derive(Serialize, Deserialize)]
struct PlacementForm<N> {
    name: N,
    x: i32,
    y: i32,
    width: i32,
    height: i32,
    mirror: bool,
    rotate: u16,
}

impl Serialize for Placement {
    /// `{"name": "crypt", "x": 12, "y": 4, "width": 11, "height": 7, "mirror": false,
    /// "rotate": 90}`: the footprint's top-left tile and size, and the orientation
    /// (mirrored first, then turned clockwise by `rotate` degrees).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PlacementForm {
            name: self.name.as_str(),
            x: self.x,
            y: self.y,
            width: self.width,
            height: self.height,
            mirror: self.mirror,
            rotate: self.rotate.degrees(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Placement {
    /// Checks the turn (0, 90, 180 or 270) and that the sides are those a vault can have.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = PlacementForm::<String>::deserialize(deserializer)?;
        let rotate = Rotation::from_degrees(form.rotate).ok_or_else(|| {
            invalid(format_args!(
                "vault rotate {} is not a turn; allowed 0, 90, 180, 270",
                form.rotate
            ))
        })?;
        let max = crate::vaults::MAX_SIDE as i32;
        for (field, side) in [("width", form.width), ("height", form.height)] {
            if !(1..=max).contains(&side) {
                return Err(invalid(format_args!(
                    "vault {field} is {side}; allowed 1..={max}"
                )));
            }
        }
        let orientation = crate::vaults::Orientation {
            mirror: form.mirror,
            rotate,
        };
        let corner = Point::new(form.x, form.y);
        let size = (form.width, form.height);
        Ok(Placement::new(form.name, corner, size, orientation))
    }
}

/// Checks what [`Dungeon::rooms`] promises: every outline inside the map, every floor
/// tile ([`Rect::inner`]) walkable, no tile the floor of two rooms. Each tile is marked
/// once before an overlap is found, so the work is at most the map's tiles and the rooms.
fn check_rooms<E: de::Error>(map: &Map, rooms: &[Rect]) -> Result<(), E> {
    if rooms.is_empty() {
        return Ok(());
    }
    let mut owner: Grid<u32> = Grid::new(map.width(), map.height(), u32::MAX).map_err(invalid)?;
    for (i, room) in rooms.iter().enumerate() {
        check_outline(map, &format!("room {i}"), room)?;
        for p in room.inner_cells() {
            if !map.is_walkable(p) {
                return Err(invalid(format_args!(
                    "room {i} has the floor tile {p}, which is not walkable"
                )));
            }
            let first = owner.get(p).copied().unwrap_or(u32::MAX);
            if first != u32::MAX {
                return Err(invalid(format_args!(
                    "rooms {first} and {i} share the floor tile {p}"
                )));
            }
            owner.set(p, u32::try_from(i).unwrap_or(u32::MAX - 1));
        }
    }
    Ok(())
}

/// Checks that an outline is a rectangle inside `map`.
fn check_outline<E: de::Error>(map: &Map, what: &str, r: &Rect) -> Result<(), E> {
    let inside = r.x1 <= r.x2 && r.y1 <= r.y2 && map.in_bounds((r.x1, r.y1));
    if inside && map.in_bounds((r.x2, r.y2)) {
        return Ok(());
    }
    Err(invalid(format_args!(
        "{what} ({}, {})-({}, {}) is not a rectangle inside the {}x{} map",
        r.x1,
        r.y1,
        r.x2,
        r.y2,
        map.width(),
        map.height()
    )))
}

// ---------------------------------------------------------------- grid dungeons

impl Serialize for Doors {
    /// The letters of the sides with a door, `NESW` order: `"NS"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut letters = [0u8; 4];
        let mut len = 0;
        for (slot, side) in letters.iter_mut().zip(self.sides()) {
            *slot = side.letter() as u8;
            len += 1;
        }
        let text = std::str::from_utf8(letters.get(..len).unwrap_or_default());
        serializer.serialize_str(text.unwrap_or_default())
    }
}

impl<'de> Deserialize<'de> for Doors {
    /// Letters `N`, `E`, `S`, `W`, each at most once, in any order.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        let mut doors = Doors::EMPTY;
        for letter in text.chars() {
            let side = Side::ALL.into_iter().find(|s| s.letter() == letter);
            match side {
                Some(side) if !doors.has(side) => doors = doors.with(side),
                _ => {
                    return Err(invalid(format_args!(
                        "doors {text:?}: each of the letters N, E, S, W may appear once"
                    )));
                }
            }
        }
        Ok(doors)
    }
}

/// A grid cell in a room's `cells` and at the ends of a link: `[col, row]`.
#[derive(Serialize, Deserialize)]
struct CellForm([i32; 2]);

impl From<RoomCell> for CellForm {
    fn from(cell: RoomCell) -> CellForm {
        CellForm([cell.col, cell.row])
    }
}

impl From<CellForm> for RoomCell {
    fn from(CellForm([col, row]): CellForm) -> RoomCell {
        RoomCell::new(col, row)
    }
}

/// A saved link: `{"a": [6, 6], "b": [6, 5], "kind": "open"}`.
#[derive(Serialize, Deserialize)]
struct LinkForm {
    a: CellForm,
    b: CellForm,
    kind: LinkKind,
}

impl Serialize for Link {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        LinkForm {
            a: self.a.into(),
            b: self.b.into(),
            kind: self.kind,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Link {
    /// Any two cells: [`RoomGrid::with_links`] checks them against the rooms.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let LinkForm { a, b, kind } = LinkForm::deserialize(deserializer)?;
        Ok(Link {
            a: a.into(),
            b: b.into(),
            kind,
        })
    }
}

/// A saved grid room. The `grid` generator's rooms have the first five fields only; the
/// `isaac` generator's also `cells`, `shape` and `seed`.
#[derive(Serialize, Deserialize)]
struct GridRoomForm {
    col: i32,
    row: i32,
    doors: Doors,
    kind: RoomKind,
    depth: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cells: Option<Vec<CellForm>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shape: Option<RoomShape>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
}

impl Serialize for GridRoom {
    /// `{"col": 4, "row": 3, "doors": "NS", "kind": "start", "depth": 0}`, and for a room
    /// with a plan `"cells": [[4, 3], [5, 3]], "shape": "2x1", "seed": 123` after those.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GridRoomForm {
            col: self.cell.col,
            row: self.cell.row,
            doors: self.doors,
            kind: self.kind,
            depth: self.doors_from_start,
            cells: self
                .plan
                .map(|_| self.cells().map(CellForm::from).collect()),
            shape: self.plan.map(|p| p.shape),
            seed: self.plan.map(|p| p.seed),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GridRoom {
    /// `shape` and `seed` come together or not at all; `cells`, when given, must be the
    /// shape's cells from (`col`, `row`).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = GridRoomForm::deserialize(deserializer)?;
        let plan = match (form.shape, form.seed) {
            (Some(shape), Some(seed)) => Some(RoomPlan { shape, seed }),
            (None, None) => None,
            _ => return Err(invalid("a grid room has both shape and seed, or neither")),
        };
        let room = GridRoom {
            cell: RoomCell::new(form.col, form.row),
            doors: form.doors,
            kind: form.kind,
            doors_from_start: form.depth,
            plan,
        };
        if let Some(cells) = form.cells
            && !cells.into_iter().map(RoomCell::from).eq(room.cells())
        {
            return Err(invalid(format_args!(
                "the room at cell {} lists cells that are not those of a {} room there",
                room.cell,
                room.shape()
            )));
        }
        Ok(room)
    }
}

/// A saved room grid before [`RoomGrid::new`] and [`RoomGrid::with_links`] check it.
#[derive(Serialize, Deserialize)]
struct RoomGridForm<R, L> {
    cols: i32,
    rows: i32,
    room_width: i32,
    room_height: i32,
    rooms: R,
    /// Only a grid with links (the `isaac` generator's) writes them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    links: Option<L>,
}

impl Serialize for RoomGrid {
    /// `{"cols": 9, "rows": 7, "room_width": 13, "room_height": 9, "rooms": [{"col": 4,
    /// "row": 3, "doors": "NS", "kind": "start", "depth": 0}, ...]}`, and `"links": [{"a":
    /// [6, 6], "b": [6, 5], "kind": "open"}, ...]` when there are links.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RoomGridForm {
            cols: self.cols(),
            rows: self.rows(),
            room_width: self.room_width(),
            room_height: self.room_height(),
            rooms: self.rooms(),
            links: Some(self.links()).filter(|links| !links.is_empty()),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RoomGrid {
    /// As [`RoomGrid::new`] and [`RoomGrid::with_links`] check: sizes in range, every room
    /// in the grid, one room a cell, every door to a room with the matching door, links
    /// between side-by-side cells of two rooms.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = RoomGridForm::<Vec<GridRoom>, Vec<Link>>::deserialize(deserializer)?;
        let (size, room) = ((form.cols, form.rows), (form.room_width, form.room_height));
        RoomGrid::new(size.0, size.1, room.0, room.1, form.rooms)
            .and_then(|grid| grid.with_links(form.links.unwrap_or_default()))
            .map_err(invalid)
    }
}

impl Serialize for Layout {
    /// `"plain"`, or `{"grid": {...}}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Layout::Plain => serializer.serialize_unit_variant("Layout", 0, "plain"),
            Layout::Grid(grid) => serializer.serialize_newtype_variant("Layout", 1, "grid", grid),
        }
    }
}

/// [`Layout`]'s saved form.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
enum LayoutForm {
    Plain,
    Grid(RoomGrid),
}

impl<'de> Deserialize<'de> for Layout {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match LayoutForm::deserialize(deserializer)? {
            LayoutForm::Plain => Layout::Plain,
            LayoutForm::Grid(grid) => Layout::Grid(grid),
        })
    }
}

// ---------------------------------------------------------------- path results

/// One row of a Dijkstra map, `null` where nothing was reached.
struct DistanceRow<'a>(&'a DijkstraMap, i32);

impl Serialize for DistanceRow<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.row(self.1))
    }
}

/// The rows of a Dijkstra map.
struct DistanceRows<'a>(&'a DijkstraMap);

impl Serialize for DistanceRows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((0..self.0.height()).map(|y| DistanceRow(self.0, y)))
    }
}

impl Serialize for DijkstraMap {
    /// `{"width": 3, "height": 2, "moves": {...}, "distances": [[0, 2, null], [2, 3,
    /// null]]}`: one array per row, `null` where no goal is reached (as `mapgen dijkstra`
    /// prints). The scratch buffers are not saved.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("DijkstraMap", 4)?;
        s.serialize_field("width", &self.width())?;
        s.serialize_field("height", &self.height())?;
        s.serialize_field("moves", &self.moves())?;
        s.serialize_field("distances", &DistanceRows(self))?;
        s.end()
    }
}

/// A saved Dijkstra map before its checks.
#[derive(Deserialize)]
struct DijkstraForm {
    width: i64,
    height: i64,
    moves: Moves,
    distances: Vec<Vec<Option<i64>>>,
}

impl<'de> Deserialize<'de> for DijkstraMap {
    /// Checks the size against the rows, the moves ([`Moves::validate`]) and that no value
    /// is `i64::MAX` (which no computation gives).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = DijkstraForm::deserialize(deserializer)?;
        let width = check_side("width", form.width).map_err(invalid)?;
        let height = check_side("height", form.height).map_err(invalid)?;
        form.moves.validate().map_err(invalid)?;
        if form.distances.len() != height as usize {
            return Err(invalid(format_args!(
                "distances has {} rows; the height is {height}",
                form.distances.len()
            )));
        }
        // Grows with the rows checked, so never beyond what the input holds.
        let mut values = Vec::new();
        for (y, row) in form.distances.iter().enumerate() {
            if row.len() != width as usize {
                return Err(invalid(format_args!(
                    "distances row {y} has {} values; the width is {width}",
                    row.len()
                )));
            }
            values.extend_from_slice(row);
        }
        let grid = Grid::from_cells(width, height, values).map_err(invalid)?;
        DijkstraMap::from_values(&grid, form.moves).map_err(|bad| {
            invalid(format_args!(
                "distance {bad} is out of range; allowed up to {}",
                i64::MAX - 1
            ))
        })
    }
}

/// A saved A* search: the path it found.
#[derive(Serialize, Deserialize)]
struct AStarForm<P> {
    path: P,
}

impl Serialize for AStar {
    /// `{"path": [{"x": 1, "y": 1}, ...]}`: the last search's path (empty when it found
    /// none). The per-cell buffers are not saved; a loaded search sizes them on its first
    /// search.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        AStarForm { path: self.path() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for AStar {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = AStarForm::<Vec<Point>>::deserialize(deserializer)?;
        Ok(AStar::with_path(form.path))
    }
}
