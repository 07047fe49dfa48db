//! The JSON of one dungeon, written straight into a byte buffer.
//!
//! `mapgen generate --count 20000` spends most of its time printing unless printing is
//! cheap, so there is no `serde_json::Value` in between and no `String` per row: the
//! dungeon is written into a slice of the output sized for it beforehand ([`Cursor`]),
//! whose write position stays in a register, and tile rows are turned into glyph bytes in
//! place at vector speed ([`Map::write_row_glyphs`]).
//!
//! The fields are those of `mapgen`'s serde forms ([`Dungeon`] and [`Generator`], loaded
//! back with `serde_json` in the tests and by `mapgen regenerate`) plus `seed` and `exit`,
//! and with `--vaults` the `vault_settings` ([`VaultRecord`]) and `vaults` (even when
//! empty: how many were placed), with `--spawns` the `spawn_settings` ([`SpawnRecord`])
//! and `spawns` (even when empty), with `--locks` the `lock_settings`, `locks` and
//! `walled` (the tiles walled up to close loops, wall in `tiles`; both even when empty)
//! and, when fewer were placed than asked for, `lock_shortfall`; `exit` is then the exit
//! the locks lead to.
//! The settings are the same for every dungeon of a run, so they are serialized once, with
//! the derive, and copied ([`Header`]).
//!
//! Two layouts: [`Layout::Line`] (`jsonl`) writes everything compact on one line, as
//! `serde_json::to_string` would; [`Layout::Readable`] (`json`) spreads the objects that
//! hold arrays one field per line and arrays one element per line, everything else
//! (rooms, points, rows of tiles) compact on its line, so a dungeon reads well and diffs
//! line by line.

use mapgen::generators::Generator;
use mapgen::generators::grid::{Doors, GridRoom, Link, RoomCell, RoomGrid};
use mapgen::locks::{Lock, Locks};
use mapgen::spawns::Spawn;
use mapgen::vaults::Placement;
use mapgen::{Dungeon, Map, Point, Rect, Tile};
use mapgen_flags::spawns::Spawns;
use mapgen_flags::vaults::Vaults;

use crate::spawn_record::SpawnRecord;
use crate::vault_record::VaultRecord;

/// How the JSON is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Spread over lines; the object starts at this indentation (in spaces).
    Readable {
        /// Spaces before the object's closing brace.
        indent: usize,
    },
    /// Compact, on one line.
    Line,
}

/// What every dungeon of a run shares: the generator's name and its settings as compact
/// JSON, `{"width":80,...}`, and the vault settings when vaults are placed.
#[derive(Debug, Clone)]
pub struct Header {
    name: &'static str,
    settings: Vec<u8>,
    /// `vault_settings` as compact JSON; `None` without `--vaults`.
    vault_settings: Option<Vec<u8>>,
    /// How many locks to place; `None` without `--locks`.
    locks: Option<u8>,
    /// `spawn_settings` as compact JSON; `None` without `--spawns`.
    spawn_settings: Option<Vec<u8>>,
}

impl Header {
    /// The header of dungeons made by `generator`, with `vaults` placed in them.
    pub fn of(generator: &Generator, vaults: Option<&Vaults>) -> Header {
        // `{"generator": name, "settings": {...}}` by the derive; keep the settings.
        let settings = serde_json::to_value(generator)
            .ok()
            .and_then(|mut v| v.get_mut("settings").map(serde_json::Value::take))
            .and_then(|settings| serde_json::to_vec(&settings).ok())
            .unwrap_or_else(|| b"{}".to_vec());
        let vault_settings = vaults.and_then(|v| serde_json::to_vec(&VaultRecord::of(v)).ok());
        Header {
            name: generator.name(),
            settings,
            vault_settings,
            locks: None,
            spawn_settings: None,
        }
    }

    /// The same header for dungeons with `locks` locks placed on them (`--locks`).
    #[must_use]
    pub fn with_locks(mut self, locks: Option<u8>) -> Header {
        self.locks = locks;
        self
    }

    /// True with `--spawns`: the dungeons' things are placed (and drawn in ASCII).
    pub fn has_spawns(&self) -> bool {
        self.spawn_settings.is_some()
    }

    /// The generator's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The same header for dungeons with `spawns` placed in them.
    #[must_use]
    pub fn with_spawns(mut self, spawns: Option<&Spawns>) -> Header {
        self.spawn_settings = spawns.and_then(|s| serde_json::to_vec(&SpawnRecord::of(s)).ok());
        self
    }
}

/// Writes the JSON object of `dungeon`, made from `seed` by the generator of `header`
/// with `locks` placed on it (`--locks`), at the end of `out`.
pub fn write_dungeon(
    out: &mut Buffer,
    layout: Layout,
    seed: u64,
    header: &Header,
    dungeon: &Dungeon,
    locks: Option<&Locks>,
) {
    let hint = size_hint(layout, header, dungeon, locks);
    out.write_with(hint, |cursor| {
        write_fields(cursor, layout, seed, header, dungeon, locks);
    });
}

/// The fields of a dungeon, in order: the one list of what its JSON holds.
fn write_fields(
    out: &mut Cursor,
    layout: Layout,
    seed: u64,
    header: &Header,
    dungeon: &Dungeon,
    locks: Option<&Locks>,
) {
    let map = &dungeon.map;
    let mut object = Object::begin(out, layout.spread());
    object.field("seed", &seed);
    object.field("generator", header.name);
    object.field("settings", &Verbatim(&header.settings));
    if let Some(vault_settings) = &header.vault_settings {
        object.field("vault_settings", &Verbatim(vault_settings));
    }
    if let Some(count) = header.locks {
        object.field("lock_settings", &LockSettings(count));
    }
    if let Some(spawn_settings) = &header.spawn_settings {
        object.field("spawn_settings", &Verbatim(spawn_settings));
    }
    object.field("width", &map.width());
    object.field("height", &map.height());
    object.field("start", &dungeon.start);
    let exit = locks.map_or_else(|| dungeon.exit(), |l| l.exit);
    object.field("exit", &exit);
    object.field("rooms", &Items(&dungeon.rooms));
    object.field("tiles", &Rows(map));
    // Only vaults stamp tiles of one's own.
    if header.vault_settings.is_some() {
        let legend = legend_of(map);
        if !legend.is_empty() {
            object.field("legend", &Items(&legend));
        }
    }
    if let Some(grid) = dungeon.room_grid() {
        object.field("grid", grid);
    }
    if header.vault_settings.is_some() {
        object.field("vaults", &Items(&dungeon.vaults));
    }
    if header.locks.is_some() {
        let placed = locks.map_or(&[][..], |l| &l.locks[..]);
        object.field("locks", &Items(placed));
        let walled = locks.map_or(&[][..], |l| &l.walled[..]);
        object.field("walled", &Items(walled));
        if let Some(shortfall) = locks.and_then(|l| l.shortfall) {
            object.field("lock_shortfall", shortfall.name());
        }
    }
    if header.spawn_settings.is_some() {
        object.field("spawns", &Items(&dungeon.spawns));
    }
    object.end();
}

/// The tiles of one's own on `map`, each once, in row order: the serde form's `legend`,
/// which says what the glyphs of the rows that are not built in stand for.
fn legend_of(map: &Map) -> Vec<Tile> {
    let mut legend: Vec<Tile> = Vec::new();
    for &tile in map.tiles().iter().filter(|t| !t.is_builtin()) {
        if !legend.contains(&tile) {
            legend.push(tile);
        }
    }
    legend
}

/// Bytes that hold the JSON of `dungeon` with room to spare.
fn size_hint(layout: Layout, header: &Header, dungeon: &Dungeon, locks: Option<&Locks>) -> usize {
    let indent = match layout {
        Layout::Readable { indent } => indent + 8,
        Layout::Line => 0,
    };
    let map = &dungeon.map;
    let rows = map.height().max(0) as usize;
    let grid_rooms = dungeon.room_grid().map_or(0, |g| g.rooms().len());
    let links = dungeon.room_grid().map_or(0, |g| g.links().len());
    1024 + header.settings.len()
        + header.vault_settings.as_ref().map_or(0, Vec::len)
        + header.spawn_settings.as_ref().map_or(0, Vec::len)
        + map.tiles().len()
        + rows * (indent + 4)
        + dungeon.rooms.len() * (indent + 64)
        + grid_rooms * (indent + 112)
        // An isaac room's cells, shape and seed; its doors as links.
        + links * (indent + 200)
        + dungeon.vaults.len() * (indent + 160)
        + usize::from(header.locks.unwrap_or(0)) * (indent + 64)
        + locks.map_or(0, |l| l.walled.len()) * (indent + 32)
        + dungeon.spawns.iter().map(|s| indent + 64 + s.name.len()).sum::<usize>()
}

impl Layout {
    fn spread(self) -> Option<usize> {
        match self {
            Layout::Readable { indent } => Some(indent),
            Layout::Line => None,
        }
    }
}

/// Bytes written for one item (a dungeon's text) in storage reused from one item to the
/// next. The storage never shrinks and stays initialized, so it is zeroed once, not once
/// per item, and every write goes through a [`Cursor`].
#[derive(Debug, Default)]
pub struct Buffer {
    bytes: Vec<u8>,
    len: usize,
}

impl Buffer {
    /// Forgets what was written; keeps the storage.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// What was written.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// What was written, to change in place.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        &mut self.bytes[..self.len]
    }

    /// Runs `write` on a cursor at the end of what was written, with at least `room` bytes
    /// of storage after it; again with twice the room while it does not fit.
    pub fn write_with(&mut self, mut room: usize, mut write: impl FnMut(&mut Cursor)) {
        loop {
            let needed = self.len.saturating_add(room);
            if self.bytes.len() < needed {
                self.bytes.resize(needed, 0);
            }
            let mut cursor = Cursor::new(&mut self.bytes[self.len..]);
            write(&mut cursor);
            match cursor.written() {
                Some(len) => {
                    self.len += len;
                    return;
                }
                None => room = room.saturating_mul(2),
            }
        }
    }
}

/// A write position in a slice of bytes sized beforehand. Writing past the end writes
/// nothing and marks the cursor, so that the caller tries again with more room; nothing
/// panics. Unlike pushes onto a `Vec`, whose length is reloaded after every byte stored
/// (the store might alias it), the position can stay in a register: the loops below work
/// on a local copy of the cursor ([`Cursor::take`]).
pub struct Cursor<'a> {
    buf: &'a mut [u8],
    len: usize,
    overflowed: bool,
}

impl<'a> Cursor<'a> {
    fn new(buf: &'a mut [u8]) -> Cursor<'a> {
        Cursor {
            buf,
            len: 0,
            overflowed: false,
        }
    }

    /// How many bytes were written; `None` when they did not fit.
    fn written(&self) -> Option<usize> {
        (!self.overflowed).then_some(self.len)
    }

    /// The cursor, moved out into a local (put it back with `*cursor = local`).
    fn take(&mut self) -> Cursor<'a> {
        std::mem::replace(
            self,
            Cursor {
                buf: &mut [],
                len: 0,
                overflowed: false,
            },
        )
    }

    #[inline(always)]
    pub fn push(&mut self, byte: u8) {
        match self.buf.get_mut(self.len) {
            Some(slot) => {
                *slot = byte;
                self.len += 1;
            }
            None => self.overflowed = true,
        }
    }

    #[inline(always)]
    pub fn extend(&mut self, bytes: &[u8]) {
        match self.buf.get_mut(self.len..self.len + bytes.len()) {
            Some(slots) => {
                slots.copy_from_slice(bytes);
                self.len += bytes.len();
            }
            None => self.overflowed = true,
        }
    }

    /// A line end and `n` spaces: one fixed-size copy when `n` is small (the usual case),
    /// advanced by what is needed.
    #[inline(always)]
    fn new_line(&mut self, n: usize) {
        const LINE: &[u8; 33] = b"\n                                ";
        match self.buf.get_mut(self.len..self.len + LINE.len()) {
            Some(slots) if n < LINE.len() => {
                slots.copy_from_slice(LINE);
                self.len += 1 + n;
            }
            _ => {
                self.push(b'\n');
                for _ in 0..n {
                    self.push(b' ');
                }
            }
        }
    }

    /// Row `y` of `map` as glyph bytes.
    #[inline(always)]
    pub fn row_glyphs(&mut self, map: &Map, y: i32) {
        let width = map.width().max(0) as usize;
        match self.buf.get_mut(self.len..self.len + width) {
            Some(slots) => self.len += map.write_row_glyphs(y, slots),
            None => self.overflowed = true,
        }
    }
}

/// A value that writes itself as JSON.
trait Json {
    /// Writes the value; `spread` is the indentation of a spread layout, `None` compact.
    fn write(&self, out: &mut Cursor, spread: Option<usize>);
}

/// An object being written: `{`, then fields, then [`Object::end`]. Spread, each field is on
/// its own line indented two spaces more than the braces.
struct Object<'c, 'a> {
    out: &'c mut Cursor<'a>,
    spread: Option<usize>,
    fields: usize,
}

impl<'c, 'a> Object<'c, 'a> {
    #[inline(always)]
    fn begin(out: &'c mut Cursor<'a>, spread: Option<usize>) -> Object<'c, 'a> {
        out.push(b'{');
        Object {
            out,
            spread,
            fields: 0,
        }
    }

    /// A field holding a compact value (the object itself may be spread). Keys are the
    /// names written in this file, which need no escape.
    #[inline(always)]
    fn field(&mut self, key: &'static str, value: &(impl Json + ?Sized)) {
        let out = &mut *self.out;
        if self.fields > 0 {
            out.push(b',');
        }
        self.fields += 1;
        match self.spread {
            Some(indent) => {
                out.new_line(indent + 2);
                push_key(out, key);
                out.extend(b": ");
                value.write(out, Some(indent + 2));
            }
            None => {
                push_key(out, key);
                out.push(b':');
                value.write(out, None);
            }
        }
    }

    #[inline(always)]
    fn end(self) {
        if let Some(indent) = self.spread {
            self.out.new_line(indent);
        }
        self.out.push(b'}');
    }
}

/// An array written with one element per line when spread (the elements themselves
/// compact), `[]` when empty.
#[inline(always)]
fn write_array<T>(
    out: &mut Cursor,
    spread: Option<usize>,
    items: impl ExactSizeIterator<Item = T>,
    mut write_item: impl FnMut(&mut Cursor, T),
) {
    let len = items.len();
    // A local cursor: its position stays in a register through the loop.
    let mut local = out.take();
    local.push(b'[');
    for (i, item) in items.enumerate() {
        if let Some(indent) = spread {
            local.new_line(indent + 2);
        }
        write_item(&mut local, item);
        if i + 1 < len {
            local.push(b',');
        }
    }
    if let (Some(indent), true) = (spread, len > 0) {
        local.new_line(indent);
    }
    local.push(b']');
    *out = local;
}

/// The rooms, or any list of compact values.
struct Items<'a, T>(&'a [T]);

impl<T: Json> Json for Items<'_, T> {
    fn write(&self, out: &mut Cursor, spread: Option<usize>) {
        write_array(out, spread, self.0.iter(), |out, item| {
            item.write(out, None);
        });
    }
}

/// JSON written before, copied as it is.
struct Verbatim<'a>(&'a [u8]);

impl Json for Verbatim<'_> {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.extend(self.0);
    }
}

/// The map's rows as strings of glyphs: `#` wall, `.` floor, `+` door, `~` chasm (none of
/// which JSON escapes).
struct Rows<'a>(&'a Map);

impl Json for Rows<'_> {
    fn write(&self, out: &mut Cursor, spread: Option<usize>) {
        let map = self.0;
        write_array(out, spread, 0..map.height(), |out, y| {
            out.push(b'"');
            out.row_glyphs(map, y);
            out.push(b'"');
        });
    }
}

// The compact objects are written as literal pieces between their numbers: a few stores
// each, rather than a key at a time.

impl Json for Point {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.extend(br#"{"x":"#);
        self.x.write(out, None);
        out.extend(br#","y":"#);
        self.y.write(out, None);
        out.push(b'}');
    }
}

impl Json for Rect {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.extend(br#"{"x1":"#);
        self.x1.write(out, None);
        out.extend(br#","y1":"#);
        self.y1.write(out, None);
        out.extend(br#","x2":"#);
        self.x2.write(out, None);
        out.extend(br#","y2":"#);
        self.y2.write(out, None);
        out.push(b'}');
    }
}

impl Json for RoomGrid {
    /// The room graph: `doors` are the sides with a door in `NESW` order, `depth` counts
    /// doors from the start; an isaac floor's doors again as `links`, with their kinds.
    fn write(&self, out: &mut Cursor, spread: Option<usize>) {
        let mut object = Object::begin(out, spread);
        object.field("cols", &self.cols());
        object.field("rows", &self.rows());
        object.field("room_width", &self.room_width());
        object.field("room_height", &self.room_height());
        object.field("rooms", &Items(self.rooms()));
        if !self.links().is_empty() {
            object.field("links", &Items(self.links()));
        }
        object.end();
    }
}

impl Json for RoomCell {
    /// `[col,row]`.
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.push(b'[');
        self.col.write(out, None);
        out.push(b',');
        self.row.write(out, None);
        out.push(b']');
    }
}

impl Json for Link {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.extend(br#"{"a":"#);
        self.a.write(out, None);
        out.extend(br#","b":"#);
        self.b.write(out, None);
        out.extend(br#","kind":"#);
        self.kind.name().write(out, None);
        out.push(b'}');
    }
}

impl Json for GridRoom {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.extend(br#"{"col":"#);
        self.cell.col.write(out, None);
        out.extend(br#","row":"#);
        self.cell.row.write(out, None);
        out.extend(br#","doors":"#);
        DoorLetters(self.doors).write(out, None);
        out.extend(br#","kind":"#);
        self.kind.name().write(out, None);
        out.extend(br#","depth":"#);
        self.doors_from_start.write(out, None);
        if let Some(plan) = self.plan {
            out.extend(br#","cells":["#);
            for (i, cell) in self.cells().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                cell.write(out, None);
            }
            out.extend(br#"],"shape":"#);
            plan.shape.name().write(out, None);
            out.extend(br#","seed":"#);
            plan.seed.write(out, None);
        }
        out.push(b'}');
    }
}

impl Json for Placement {
    /// `{"name":"crypt","x":12,"y":4,"width":11,"height":7,"mirror":false,"rotate":90}`.
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.extend(br#"{"name":"#);
        self.name.as_str().write(out, None);
        out.extend(br#","x":"#);
        self.x.write(out, None);
        out.extend(br#","y":"#);
        self.y.write(out, None);
        out.extend(br#","width":"#);
        self.width.write(out, None);
        out.extend(br#","height":"#);
        self.height.write(out, None);
        out.extend(br#","mirror":"#);
        self.mirror.write(out, None);
        out.extend(br#","rotate":"#);
        u32::from(self.rotate.degrees()).write(out, None);
        out.push(b'}');
    }
}

/// `lock_settings`: `{"count":3}`.
struct LockSettings(u8);

impl Json for LockSettings {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.extend(br#"{"count":"#);
        u32::from(self.0).write(out, None);
        out.push(b'}');
    }
}

impl Json for Lock {
    /// `{"id":0,"door":{"x":12,"y":4},"key":{"x":3,"y":7}}`.
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.extend(br#"{"id":"#);
        (self.id as u64).write(out, None);
        out.extend(br#","door":"#);
        self.door.write(out, None);
        out.extend(br#","key":"#);
        self.key.write(out, None);
        out.push(b'}');
    }
}

impl Json for Spawn {
    /// `{"name":"orc","kind":"monster","x":12,"y":4}`.
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.extend(br#"{"name":"#);
        self.name.as_str().write(out, None);
        out.extend(br#","kind":"#);
        self.kind.word().write(out, None);
        out.extend(br#","x":"#);
        self.at.x.write(out, None);
        out.extend(br#","y":"#);
        self.at.y.write(out, None);
        out.push(b'}');
    }
}

impl Json for Tile {
    /// A tile of one's own, as the legend lists it:
    /// `{"glyph":"S","walkable":true,"transparent":false}`.
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.extend(br#"{"glyph":"#);
        let mut glyph = [0u8; 4];
        (*self.glyph().encode_utf8(&mut glyph)).write(out, None);
        out.extend(br#","walkable":"#);
        self.walkable.write(out, None);
        out.extend(br#","transparent":"#);
        self.transparent.write(out, None);
        out.push(b'}');
    }
}

impl Json for bool {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.extend(if *self { &b"true"[..] } else { &b"false"[..] });
    }
}

/// A room's doors as the letters of their sides, `NESW` order.
struct DoorLetters(Doors);

impl Json for DoorLetters {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        out.push(b'"');
        for side in self.0.sides() {
            // Side letters are ASCII.
            out.push(side.letter() as u8);
        }
        out.push(b'"');
    }
}

impl Json for str {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        push_string(out, self);
    }
}

impl Json for u64 {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        push_u64(out, *self);
    }
}

impl Json for u32 {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        push_u64(out, u64::from(*self));
    }
}

impl Json for i32 {
    #[inline(always)]
    fn write(&self, out: &mut Cursor, _spread: Option<usize>) {
        if *self < 0 {
            out.push(b'-');
        }
        push_u64(out, u64::from(self.unsigned_abs()));
    }
}

/// Decimal digits, without the formatting machinery: up to four digits (every coordinate
/// of a map) from a table of pairs, more with `itoa`.
#[inline(always)]
fn push_u64(out: &mut Cursor, v: u64) {
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
                                 2021222324252627282930313233343536373839\
                                 4041424344454647484950515253545556575859\
                                 6061626364656667686970717273747576777879\
                                 8081828384858687888990919293949596979899";
    let pair = |n: u64| {
        let i = 2 * (n % 100) as usize;
        [PAIRS[i], PAIRS[i + 1]]
    };
    match v {
        0..10 => out.push(b'0' + v as u8),
        10..100 => out.extend(&pair(v)),
        100..1000 => {
            out.push(b'0' + (v / 100) as u8);
            out.extend(&pair(v));
        }
        1000..10_000 => {
            out.extend(&pair(v / 100));
            out.extend(&pair(v));
        }
        _ => out.extend(itoa::Buffer::new().format(v).as_bytes()),
    }
}

/// A key: a name that needs no escape.
#[inline(always)]
fn push_key(out: &mut Cursor, key: &'static str) {
    out.push(b'"');
    out.extend(key.as_bytes());
    out.push(b'"');
}

/// A JSON string, escaped as `serde_json` escapes it.
#[inline(always)]
fn push_string(out: &mut Cursor, s: &str) {
    out.push(b'"');
    let bytes = s.as_bytes();
    // Names and keys need no escape: copy them as they are.
    if !bytes.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\') {
        out.extend(bytes);
        out.push(b'"');
        return;
    }
    for &byte in bytes {
        match byte {
            b'"' => out.extend(b"\\\""),
            b'\\' => out.extend(b"\\\\"),
            b'\n' => out.extend(b"\\n"),
            b'\r' => out.extend(b"\\r"),
            b'\t' => out.extend(b"\\t"),
            0x08 => out.extend(b"\\b"),
            0x0c => out.extend(b"\\f"),
            0..0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend(b"\\u00");
                out.push(HEX[usize::from(byte >> 4)]);
                out.push(HEX[usize::from(byte & 0xf)]);
            }
            _ => out.push(byte),
        }
    }
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::GeneratorKind;
    use mapgen::generators::grid::GridSettings;
    use mapgen::generators::rooms::RoomsSettings;
    use serde_json::Value;

    fn json(layout: Layout, seed: u64, generator: &Generator) -> String {
        let dungeon = generator.generate(seed).unwrap();
        let mut out = Buffer::default();
        write_dungeon(
            &mut out,
            layout,
            seed,
            &Header::of(generator, None),
            &dungeon,
            None,
        );
        String::from_utf8(out.as_bytes().to_vec()).unwrap()
    }

    /// The readable layout's rules, applied to any parsed value: what the readable output
    /// must be, given its content.
    fn readable(value: &Value, indent: usize) -> String {
        let pad = " ".repeat(indent + 2);
        match value {
            Value::Object(fields) if fields.values().any(Value::is_array) => {
                let lines: Vec<String> = fields
                    .iter()
                    .map(|(k, v)| {
                        format!(
                            "{pad}{}: {}",
                            Value::from(k.as_str()),
                            readable(v, indent + 2)
                        )
                    })
                    .collect();
                format!("{{\n{}\n{}}}", lines.join(",\n"), " ".repeat(indent))
            }
            Value::Array(items) if !items.is_empty() => {
                let lines: Vec<String> = items.iter().map(|v| format!("{pad}{v}")).collect();
                format!("[\n{}\n{}]", lines.join(",\n"), " ".repeat(indent))
            }
            _ => value.to_string(),
        }
    }

    /// Compact output is `serde_json`'s compact form of the same value, and readable output
    /// follows the layout rules: the two agree on the content and the layouts are exact.
    #[test]
    fn layouts_are_exact_for_every_generator() {
        for &kind in GeneratorKind::ALL {
            let generator = Generator::with_defaults(kind);
            for seed in [0, 7, u64::MAX] {
                let line = json(Layout::Line, seed, &generator);
                let value: Value = serde_json::from_str(&line).unwrap();
                assert_eq!(line, value.to_string(), "{kind} {seed}");
                for indent in [0, 2] {
                    let spread = json(Layout::Readable { indent }, seed, &generator);
                    assert_eq!(spread, readable(&value, indent), "{kind} {seed}");
                }
                assert_eq!(value["seed"], seed);
                assert_eq!(value["generator"], kind.name());
                // What the library's serde forms load: the same dungeon and generator.
                let loaded: mapgen::Dungeon = serde_json::from_value(value.clone()).unwrap();
                assert_eq!(loaded, generator.generate(seed).unwrap(), "{kind} {seed}");
                let loaded: Generator = serde_json::from_value(value.clone()).unwrap();
                assert_eq!(loaded, generator);
            }
        }
    }

    /// The writer and the library's serde form are two implementations of one JSON: on
    /// every generator, with vaults (and their legend) and spawns placed, the writer's
    /// object is serde's plus the fields only the command knows (the seed, the generator
    /// and its settings, the exit) and the lists it writes even when empty.
    #[test]
    fn the_writer_agrees_with_the_serde_form_on_every_field() {
        use mapgen::spawns::SpawnTable;
        use mapgen::vaults::{VaultLibrary, VaultSettings, place_vaults};
        let vaults = VaultSettings {
            count: 4,
            ..VaultSettings::default()
        };
        let only_the_command_writes = [
            "seed",
            "generator",
            "settings",
            "vault_settings",
            "spawn_settings",
            "exit",
        ];
        let mut with_vaults = 0;
        let mut with_spawns = 0;
        for &kind in GeneratorKind::ALL {
            let generator = Generator::with_defaults(kind);
            for seed in 0..4 {
                let mut rng = mapgen::DungeonRng::new(seed);
                let mut dungeon = generator.generate_with(&mut rng).unwrap();
                place_vaults(&mut dungeon, VaultLibrary::builtin(), &vaults, &mut rng).unwrap();
                SpawnTable::builtin()
                    .place(&mut dungeon, 1 + seed as u32, &mut rng)
                    .unwrap();
                with_vaults += usize::from(!dungeon.vaults.is_empty());
                with_spawns += usize::from(!dungeon.spawns.is_empty());
                let header = Header {
                    vault_settings: Some(b"{}".to_vec()),
                    spawn_settings: Some(b"{}".to_vec()),
                    ..Header::of(&generator, None)
                };
                let mut out = Buffer::default();
                write_dungeon(&mut out, Layout::Line, seed, &header, &dungeon, None);
                let mut written: Value = serde_json::from_slice(out.as_bytes()).unwrap();
                let fields = written.as_object_mut().unwrap();
                for key in only_the_command_writes {
                    assert!(fields.remove(key).is_some(), "{kind} {seed}: no {key}");
                }
                for key in ["vaults", "spawns"] {
                    if fields[key] == serde_json::json!([]) {
                        fields.remove(key);
                    }
                }
                let serde_form = serde_json::to_value(&dungeon).unwrap();
                assert_eq!(written, serde_form, "{kind} {seed}");
            }
        }
        // The optional fields were exercised, not only the plain map.
        assert!(
            with_vaults > 20 && with_spawns > 20,
            "{with_vaults} {with_spawns}"
        );
    }

    #[test]
    fn a_small_dungeon_reads_as_documented() {
        let generator = Generator::from(RoomsSettings {
            width: 8,
            height: 5,
            max_rooms: 1,
            room_min_size: 3,
            room_max_size: 3,
        });
        let text = json(Layout::Readable { indent: 0 }, 3, &generator);
        let expected = [
            "{",
            r#"  "seed": 3,"#,
            r#"  "generator": "rooms","#,
            r#"  "settings": {"width":8,"height":5,"max_rooms":1,"room_min_size":3,"room_max_size":3},"#,
            r#"  "width": 8,"#,
            r#"  "height": 5,"#,
            r#"  "start": {"x":3,"y":1},"#,
            r#"  "exit": {"x":4,"y":2},"#,
            r#"  "rooms": ["#,
            r#"    {"x1":2,"y1":0,"x2":5,"y2":3}"#,
            r"  ],",
            r#"  "tiles": ["#,
            "    \"########\",",
            "    \"###..###\",",
            "    \"###..###\",",
            "    \"########\",",
            "    \"########\"",
            r"  ]",
            "}",
        ]
        .join("\n");
        assert_eq!(text, expected);
        let grid = Generator::from(GridSettings {
            cols: 2,
            rows: 1,
            room_width: 3,
            room_height: 3,
            room_count: 2,
            ..GridSettings::default()
        });
        let line = json(Layout::Line, 0, &grid);
        assert!(
            line.ends_with(r#""grid":{"cols":2,"rows":1,"room_width":3,"room_height":3,"rooms":[{"col":1,"row":0,"doors":"W","kind":"start","depth":0},{"col":0,"row":0,"doors":"E","kind":"boss","depth":1}]}}"#),
            "{line}"
        );
    }

    /// Issue 18's fields: each room's `cells`, `shape`, `kind`, `depth` and `seed`, and one
    /// link per door; the grid generator's objects gain none of them.
    #[test]
    fn an_isaac_floor_has_cells_shapes_seeds_and_links() {
        let generator = Generator::from(mapgen::generators::isaac::IsaacSettings::default());
        let value: Value = serde_json::from_str(&json(Layout::Line, 5, &generator)).unwrap();
        let grid = &value["grid"];
        let start = &grid["rooms"][0];
        assert_eq!(start["kind"], "start");
        assert_eq!(start["cells"], serde_json::json!([[6, 6]]));
        assert_eq!(start["shape"], "1x1");
        assert!(start["seed"].is_u64());
        let links = grid["links"].as_array().unwrap();
        assert!(
            links
                .iter()
                .all(|l| ["open", "locked", "secret"].contains(&l["kind"].as_str().unwrap()))
        );
        assert!(links.iter().all(|l| l["a"].as_array().unwrap().len() == 2));
        let dungeon = generator.generate(5).unwrap();
        let serde_grid = serde_json::to_value(dungeon.room_grid().unwrap()).unwrap();
        assert_eq!(grid, &serde_grid, "the hand-written grid is serde's");
        let grid_only: Value = serde_json::from_str(&json(
            Layout::Line,
            5,
            &Generator::from(GridSettings::default()),
        ))
        .unwrap();
        assert!(grid_only["grid"].get("links").is_none());
        assert!(grid_only["grid"]["rooms"][0].get("cells").is_none());
    }

    #[test]
    fn a_buffer_grows_until_the_writing_fits_and_is_reused() {
        let mut buf = Buffer::default();
        let text: Vec<u8> = (0..100u8).collect();
        buf.write_with(1, |cursor| cursor.extend(&text));
        buf.write_with(0, |cursor| cursor.push(7));
        assert_eq!(buf.as_bytes().len(), 101);
        assert_eq!(&buf.as_bytes()[..100], text);
        buf.clear();
        buf.write_with(0, |cursor| cursor.extend(b"ab"));
        assert_eq!(buf.as_bytes(), b"ab");
    }

    #[test]
    fn strings_and_numbers_are_written_as_serde_json_writes_them() {
        for s in ["", "rooms", "a\"b\\c", "\n\r\t\u{8}\u{c}\u{1}\u{1f}", "é~"] {
            let mut buf = [0u8; 64];
            let mut out = Cursor::new(&mut buf);
            push_string(&mut out, s);
            let len = out.written().unwrap();
            assert_eq!(&buf[..len], Value::from(s).to_string().as_bytes());
        }
        for v in (0u64..20_000).chain([99_999, 100_000, u64::MAX]) {
            let mut buf = [0u8; 20];
            let mut out = Cursor::new(&mut buf);
            push_u64(&mut out, v);
            let len = out.written().unwrap();
            assert_eq!(&buf[..len], v.to_string().as_bytes());
        }
        for v in [i32::MIN, -1, 0, i32::MAX] {
            let mut buf = [0u8; 16];
            let mut out = Cursor::new(&mut buf);
            v.write(&mut out, None);
            let len = out.written().unwrap();
            assert_eq!(&buf[..len], v.to_string().as_bytes());
        }
    }
}
