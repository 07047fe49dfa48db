//! Saved dungeons read one at a time: what `mapgen regenerate` streams.
//!
//! The input is one JSON object, an array of them, or one object after another (JSON
//! lines); it may start with a UTF-8 byte order mark, which Windows editors write. Each
//! object is parsed on its own, straight from the reader: the fields `regenerate` uses are
//! kept as their raw text, the others are skipped without being built (serde's
//! [`IgnoredAny`]), and no saved dungeon may take more than
//! [`MAX_DUNGEON_BYTES`], what the largest map's dungeon takes as `mapgen generate` writes
//! it. So memory holds one saved dungeon at a time, whatever the input's length, and an
//! endless value (`yes | mapgen regenerate -`) is refused once past the bound.
//!
//! [`IgnoredAny`]: serde::de::IgnoredAny

use std::cell::{Cell, RefCell};
use std::io::{self, BufRead, BufReader, Read};

use anyhow::{Context, bail};
use mapgen::generators::Generator;
use mapgen::{Dungeon, Map};
use serde::Deserialize;
use serde::de::value::MapDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, Error as _, SeqAccess, Visitor};
use serde_json::value::RawValue;

/// Bytes of a row of tiles besides its glyphs, as `generate --format json --count 2`
/// writes it: a line end, six spaces, two quotes and a comma.
const ROW_EXTRA_BYTES: u64 = 10;
/// Bytes of a room of the largest map in the same layout:
/// `\n      {"x1":9999,"y1":9999,"x2":9999,"y2":9999},`.
const ROOM_BYTES: u64 = 49;
/// Tiles per room at the densest: `bsp --min-leaf 2` cuts the map into 2 x 2 leaves (their
/// shared walls included), one room each.
const TILES_PER_ROOM: u64 = 4;
/// Bytes for everything else: settings, start, exit, a room grid (at most 63 rooms).
const OTHER_BYTES: u64 = 1 << 20;

/// The most bytes one saved dungeon may take in the input, whitespace before it included:
/// what `mapgen generate --format json --count 2` writes for a dungeon of the largest map
/// ([`Map::MAX_SIDE`] a side) with as many rooms as a generator makes there. About 1.3 GB.
pub const MAX_DUNGEON_BYTES: u64 = {
    let side = Map::MAX_SIDE as u64;
    let rows = side * (side + ROW_EXTRA_BYTES);
    let rooms = side * side / TILES_PER_ROOM * ROOM_BYTES;
    rows + rooms + OTHER_BYTES
};

/// One saved dungeon and what it was made with.
pub struct Saved {
    /// Its seed.
    pub seed: u64,
    /// Its generator and settings, validated.
    pub generator: Generator,
    /// The dungeon as saved, loaded through `mapgen`'s serde form (which checks it).
    pub dungeon: Dungeon,
    /// `vault_settings` as saved (JSON text), for the command to load: what library the
    /// vaults came from.
    pub vault_settings: Option<Box<RawValue>>,
    /// `lock_settings` as saved (JSON text): how many locks were asked for.
    pub lock_settings: Option<Box<RawValue>>,
    /// `spawn_settings` as saved (JSON text): what table and depth placed the spawns.
    pub spawn_settings: Option<Box<RawValue>>,
}

/// Reads every saved dungeon of `input` in order and calls `each(i, saved)` on dungeon
/// number `i` (from 0) as soon as it is read, before reading the next. Returns how many
/// there were.
///
/// # Errors
/// The first error of `each`, or why the input is not saved dungeons (not JSON, a
/// dungeon past `max_bytes`, a field `mapgen`'s serde forms refuse), naming the dungeon.
pub fn for_each_saved(
    input: impl Read,
    max_bytes: u64,
    mut each: impl FnMut(u64, Saved) -> anyhow::Result<()>,
) -> anyhow::Result<u64> {
    let budget = Budget::new(max_bytes);
    let reader = RefCell::new(BufReader::with_capacity(1 << 16, input));
    let mut source = Source {
        reader: &reader,
        budget: &budget,
    };
    source.skip_bom()?;
    let mut state = State {
        count: 0,
        budget: &budget,
        failed: None,
        each: &mut each,
    };
    // One parser for the whole input, so that its line and column numbers are the file's.
    let mut parser = serde_json::Deserializer::from_reader(Source {
        reader: &reader,
        budget: &budget,
    });
    loop {
        match source.next_non_whitespace() {
            Err(err) => return Err(state.explain_io(err)),
            Ok(None) => return Ok(state.count),
            Ok(Some(b'{' | b'[')) => {}
            Ok(Some(byte)) => bail!(
                "not JSON: {:?} after dungeon {} where an object or an array of them begins",
                char::from(byte),
                state.count
            ),
        }
        // The parser stops right after the value's closing bracket, so `source` sees
        // what follows.
        if let Err(err) = TopLevel(&mut state).deserialize(&mut parser) {
            return Err(state.explain(err));
        }
    }
}

/// How many bytes the dungeon being read may still take, and where in the input reading
/// is (the parser's own line numbers miss the blanks between values).
struct Budget {
    left: Cell<u64>,
    max: u64,
    over: Cell<bool>,
    line: Cell<u64>,
    column: Cell<u64>,
}

impl Budget {
    fn new(max: u64) -> Budget {
        Budget {
            left: Cell::new(max),
            max,
            over: Cell::new(false),
            line: Cell::new(1),
            column: Cell::new(0),
        }
    }

    /// Takes `bytes`; false, and marked, past the bound.
    fn take(&self, bytes: &[u8]) -> bool {
        let Some(left) = self.left.get().checked_sub(bytes.len() as u64) else {
            self.over.set(true);
            return false;
        };
        self.left.set(left);
        // The parser reads a byte at a time: keep this loop short.
        let (mut line, mut column) = (self.line.get(), self.column.get());
        for &byte in bytes {
            if byte == b'\n' {
                line += 1;
                column = 0;
            } else {
                column += 1;
            }
        }
        self.line.set(line);
        self.column.set(column);
        true
    }

    /// A new dungeon begins: the whole budget again.
    fn refill(&self) {
        self.left.set(self.max);
    }
}

/// The input, shared by the parser and the loop that finds where each value begins; reads
/// count against the budget.
struct Source<'a, R> {
    reader: &'a RefCell<BufReader<R>>,
    budget: &'a Budget,
}

impl<R: Read> Source<'_, R> {
    /// Skips a UTF-8 byte order mark at the start. A first byte 0xEF begins no JSON
    /// value, so it is read byte by byte (a pipe may hand over one byte at a time).
    fn skip_bom(&mut self) -> anyhow::Result<()> {
        for &expected in b"\xEF\xBB\xBF" {
            let mut reader = self.reader.borrow_mut();
            match reader.fill_buf()?.first() {
                Some(&byte) if byte == expected => reader.consume(1),
                _ if expected == 0xEF => return Ok(()),
                _ => bail!("not JSON: begins with a cut UTF-8 byte order mark"),
            }
        }
        Ok(())
    }

    /// Skips JSON whitespace; the byte after it, not consumed, or `None` at the end.
    fn next_non_whitespace(&mut self) -> io::Result<Option<u8>> {
        let mut reader = self.reader.borrow_mut();
        loop {
            let buf = reader.fill_buf()?;
            if buf.is_empty() {
                return Ok(None);
            }
            let blanks = buf
                .iter()
                .position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
            let skipped = blanks.unwrap_or(buf.len());
            let next = blanks.map(|i| buf[i]);
            if !self.budget.take(&buf[..skipped]) {
                return Err(too_large());
            }
            reader.consume(skipped);
            if next.is_some() {
                return Ok(next);
            }
        }
    }
}

impl<R: Read> Read for Source<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut reader = self.reader.borrow_mut();
        let available = reader.fill_buf()?;
        let n = available.len().min(buf.len());
        if !self.budget.take(&available[..n]) {
            return Err(too_large());
        }
        buf[..n].copy_from_slice(&available[..n]);
        reader.consume(n);
        Ok(n)
    }
}

fn too_large() -> io::Error {
    io::Error::other("too large")
}

/// What the reading loop carries from one dungeon to the next.
struct State<'a, F> {
    count: u64,
    budget: &'a Budget,
    /// The error of `each`, which serde carries only as a message.
    failed: Option<anyhow::Error>,
    each: &'a mut F,
}

impl<F: FnMut(u64, Saved) -> anyhow::Result<()>> State<'_, F> {
    /// Loads the fields of the dungeon just parsed and hands it to `each`.
    fn take(&mut self, form: &SavedForm) -> Result<(), serde_json::Error> {
        let i = self.count;
        let result = form
            .load()
            .with_context(|| format!("dungeon {i}"))
            .and_then(|saved| (self.each)(i, saved));
        self.count += 1;
        self.budget.refill();
        result.map_err(|err| {
            self.failed = Some(err);
            de::Error::custom("")
        })
    }

    /// The error to report for a failed parse: the error of `each` if that was it, the
    /// bound if the input ran past it, else the parser's, placed in the input.
    fn explain(&mut self, err: serde_json::Error) -> anyhow::Error {
        if let Some(failed) = self.failed.take() {
            return failed;
        }
        let i = self.count;
        let budget = self.budget;
        if budget.over.get() {
            return anyhow::anyhow!(
                "dungeon {i} is larger than {} bytes, the most a saved dungeon of the largest map ({} x {}) takes",
                budget.max,
                Map::MAX_SIDE,
                Map::MAX_SIDE
            );
        }
        if err.is_io() {
            return anyhow::Error::new(err).context("cannot be read");
        }
        // The parser's position counts from where it started; the input's is ours.
        let message = message_of(&err);
        let (line, column) = (budget.line.get(), budget.column.get());
        let what = if err.is_data() { "" } else { "not JSON: " };
        anyhow::anyhow!("{what}dungeon {i}: {message} at line {line} column {column}")
    }

    /// The error to report when the input cannot be read.
    fn explain_io(&mut self, err: io::Error) -> anyhow::Error {
        if self.budget.over.get() {
            return self.explain(serde_json::Error::custom(""));
        }
        anyhow::Error::new(err).context("cannot be read")
    }
}

/// A value at the top of the input: one saved dungeon, or an array of them.
struct TopLevel<'s, 'a, F>(&'s mut State<'a, F>);

impl<'de, F: FnMut(u64, Saved) -> anyhow::Result<()>> DeserializeSeed<'de> for TopLevel<'_, '_, F> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, F: FnMut(u64, Saved) -> anyhow::Result<()>> Visitor<'de> for TopLevel<'_, '_, F> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a saved dungeon (a JSON object) or an array of them")
    }

    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        let form = SavedForm::deserialize(de::value::MapAccessDeserializer::new(map))?;
        self.0.take(&form).map_err(de::Error::custom)
    }

    /// Each element is handed on as soon as it is parsed: the array is never whole.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(form) = seq.next_element::<SavedForm>()? {
            self.0.take(&form).map_err(de::Error::custom)?;
        }
        Ok(())
    }
}

/// The fields of a saved dungeon that `regenerate` uses, as their JSON text; the others
/// (`exit`, anything unknown) are skipped.
#[derive(Deserialize)]
#[serde(expecting = "a saved dungeon (a JSON object)")]
struct SavedForm {
    seed: Option<Box<RawValue>>,
    generator: Option<Box<RawValue>>,
    settings: Option<Box<RawValue>>,
    width: Option<Box<RawValue>>,
    height: Option<Box<RawValue>>,
    start: Option<Box<RawValue>>,
    rooms: Option<Box<RawValue>>,
    tiles: Option<Box<RawValue>>,
    legend: Option<Box<RawValue>>,
    grid: Option<Box<RawValue>>,
    vaults: Option<Box<RawValue>>,
    vault_settings: Option<Box<RawValue>>,
    lock_settings: Option<Box<RawValue>>,
    spawns: Option<Box<RawValue>>,
    spawn_settings: Option<Box<RawValue>>,
}

impl SavedForm {
    /// The seed, generator and dungeon, each checked by its serde form.
    fn load(&self) -> anyhow::Result<Saved> {
        let seed = self
            .seed
            .as_deref()
            .and_then(|raw| serde_json::from_str::<u64>(raw.get()).ok())
            .with_context(|| format!("no \"seed\" (a whole number 0..={})", u64::MAX))?;
        if let Some(tiles) = &self.tiles {
            check_rows(tiles).map_err(without_position)?;
        }
        let generator = Generator::deserialize(fields([
            ("generator", &self.generator),
            ("settings", &self.settings),
        ]))
        .map_err(without_position)?;
        let dungeon = Dungeon::deserialize(fields([
            ("width", &self.width),
            ("height", &self.height),
            ("start", &self.start),
            ("rooms", &self.rooms),
            ("tiles", &self.tiles),
            ("legend", &self.legend),
            ("grid", &self.grid),
            ("vaults", &self.vaults),
            ("spawns", &self.spawns),
        ]))
        .map_err(without_position)?;
        Ok(Saved {
            seed,
            generator,
            dungeon,
            vault_settings: self.vault_settings.clone(),
            lock_settings: self.lock_settings.clone(),
            spawn_settings: self.spawn_settings.clone(),
        })
    }
}

/// The fields present among `fields`, as one JSON object to load a type from.
fn fields<'a, const N: usize>(
    fields: [(&'static str, &'a Option<Box<RawValue>>); N],
) -> MapDeserializer<'a, impl Iterator<Item = (&'static str, &'a RawValue)>, serde_json::Error> {
    MapDeserializer::new(
        fields
            .into_iter()
            .filter_map(|(key, value)| Some((key, &**value.as_ref()?))),
    )
}

/// Refuses `tiles` with more rows, or longer rows, than the largest map has, before they
/// are loaded one `String` each: `["", "", ...]` would take 24 bytes a row for 3 of input.
fn check_rows(tiles: &RawValue) -> serde_json::Result<()> {
    struct Rows;
    impl<'de> Visitor<'de> for Rows {
        type Value = ();
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an array of rows")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            let mut rows = 0;
            while seq.next_element::<RowLength>()?.is_some() {
                rows += 1;
                if rows > Map::MAX_SIDE {
                    return Err(de::Error::custom(format_args!(
                        "tiles has more than {} rows, the most a map has",
                        Map::MAX_SIDE
                    )));
                }
            }
            Ok(())
        }
    }
    /// A row, checked for length and dropped.
    struct RowLength;
    impl<'de> Deserialize<'de> for RowLength {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let row = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
            if row.chars().count() > Map::MAX_SIDE as usize {
                return Err(de::Error::custom(format_args!(
                    "a row of tiles has {} glyphs, more than the {} a map has",
                    row.chars().count(),
                    Map::MAX_SIDE
                )));
            }
            Ok(RowLength)
        }
    }
    serde_json::Deserializer::from_str(tiles.get()).deserialize_seq(Rows)
}

/// The message of `err` without its position: a position inside one field's text, as
/// loading a field gives, would be taken for one in the file.
#[allow(clippy::needless_pass_by_value)] // Used as `map_err(without_position)`.
fn without_position(err: serde_json::Error) -> anyhow::Error {
    anyhow::anyhow!("{}", message_of(&err))
}

/// What `err` says, without " at line L column C".
fn message_of(err: &serde_json::Error) -> String {
    let text = err.to_string();
    let position = format!(" at line {} column {}", err.line(), err.column());
    match text.strip_suffix(&position) {
        Some(message) if err.line() > 0 => message.to_string(),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{Buffer, Header, Layout, write_dungeon};

    /// The seeds of `input`'s dungeons, read with at most `max` bytes a dungeon.
    fn seeds(input: impl Read, max: u64) -> anyhow::Result<Vec<u64>> {
        let mut seeds = Vec::new();
        for_each_saved(input, max, |_, saved| {
            seeds.push(saved.seed);
            Ok(())
        })?;
        Ok(seeds)
    }

    /// What `generate` writes for `seed` with `generator`, in `layout`.
    fn saved(generator: &Generator, seed: u64, layout: Layout) -> String {
        let dungeon = generator.generate(seed).unwrap();
        let mut text = Buffer::default();
        write_dungeon(
            &mut text,
            layout,
            seed,
            &Header::of(generator, None),
            &dungeon,
            None,
        );
        String::from_utf8(text.as_bytes().to_vec()).unwrap()
    }

    fn rooms() -> Generator {
        Generator::with_defaults(mapgen::generators::GeneratorKind::ALL[0])
    }

    const ANY: u64 = MAX_DUNGEON_BYTES;

    #[test]
    fn objects_arrays_lines_and_a_byte_order_mark_are_read_in_order() {
        let (a, b) = (
            saved(&rooms(), 3, Layout::Line),
            saved(&rooms(), 4, Layout::Line),
        );
        for input in [
            format!("{a}\n{b}\n"),
            format!("{a}{b}"),
            format!("[{a}, {b}]"),
            format!("[{a}]\n[]\n{b}"),
            format!("\u{feff}{a}\n{b}"),
        ] {
            assert_eq!(seeds(input.as_bytes(), ANY).unwrap(), [3, 4], "{input:.40}");
        }
        let err = seeds(&b"\xEF\xBB{}"[..], ANY).unwrap_err().to_string();
        assert_eq!(err, "not JSON: begins with a cut UTF-8 byte order mark");
    }

    /// Each dungeon is handed on before the next is read: the first arrives although what
    /// follows it never ends.
    #[test]
    fn a_dungeon_is_handed_on_before_the_next_is_read() {
        let first = saved(&rooms(), 9, Layout::Line);
        let input = format!("[{first}, {{\"pad\": \"").into_bytes();
        let mut got = Vec::new();
        let result = for_each_saved(input.chain(io::repeat(b'a')), 100_000, |i, saved| {
            got.push((i, saved.seed));
            Ok(())
        });
        assert_eq!(got, [(0, 9)]);
        assert_eq!(
            result.unwrap_err().to_string(),
            format!(
                "dungeon 1 is larger than 100000 bytes, the most a saved dungeon of the largest map ({0} x {0}) takes",
                Map::MAX_SIDE
            )
        );
    }

    #[test]
    fn the_bound_is_per_dungeon_and_counts_every_byte() {
        let one = saved(&rooms(), 1, Layout::Readable { indent: 2 });
        let max = one.len() as u64;
        let input = format!("{one}{one}{one}");
        assert_eq!(seeds(input.as_bytes(), max).unwrap(), [1, 1, 1]);
        let err = seeds(format!(" {one}").as_bytes(), max).unwrap_err();
        assert!(
            err.to_string().starts_with("dungeon 0 is larger than"),
            "{err}"
        );
        // An endless string, whitespace or ignored field ends at the bound.
        for start in [&b"{\"tiles\": [\""[..], b"", b"{\"exit\": [[[[1,"] {
            let endless = start.chain(io::repeat(if start.is_empty() { b' ' } else { b'1' }));
            let err = seeds(endless, 50_000).unwrap_err().to_string();
            assert!(err.contains("is larger than 50000 bytes"), "{err}");
        }
    }

    #[test]
    fn unused_fields_are_skipped_and_bad_ones_named_in_one_line() {
        let one = saved(&rooms(), 2, Layout::Line);
        let padded = one.replacen('{', r#"{"notes": [[1, 2, {"a": "b"}], "x", null],"#, 1);
        assert_eq!(seeds(padded.as_bytes(), ANY).unwrap(), [2]);
        let rows = format!(r#"{{"seed": 1, "tiles": [{}""]}}"#, "\"\",".repeat(10_000));
        let err = seeds(rows.as_bytes(), ANY).unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            "dungeon 0: tiles has more than 10000 rows, the most a map has"
        );
        let second_line = format!("{one}\n{{\"seed\": 1,,}}");
        let err = seeds(second_line.as_bytes(), ANY).unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            "not JSON: dungeon 1: key must be a string at line 2 column 12"
        );
        let err = seeds(&b"{} 7"[..], ANY).unwrap_err();
        assert!(
            format!("{err:#}").starts_with("dungeon 0: no \"seed\""),
            "{err:#}"
        );
    }

    /// The bound holds the densest dungeon a generator makes: bsp cut to two-tile leaves,
    /// as `generate --format json --count 2` writes it, per tile of its map.
    #[test]
    fn the_bound_holds_the_densest_saved_dungeon() {
        let bsp: Generator = serde_json::from_str(
            r#"{"generator": "bsp", "settings": {"width": 400, "height": 400, "depth": 100, "min_leaf_size": 2}}"#,
        )
        .unwrap();
        let text = saved(&bsp, 0, Layout::Readable { indent: 2 });
        let tiles = 400u32 * 400;
        let largest = u64::from(Map::MAX_SIDE.unsigned_abs()).pow(2);
        let per_tile = (MAX_DUNGEON_BYTES - OTHER_BYTES) as f64 / largest as f64;
        assert!(
            (text.len() as f64) / f64::from(tiles) <= per_tile,
            "{} bytes for {tiles} tiles",
            text.len()
        );
    }
}
