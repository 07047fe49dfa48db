//! The vault file format (described on [`super`]): a parser that names the file, line,
//! column and field of the first problem, and a printer that the parser reads back to the
//! same vaults. The parser's work and memory are linear in the text, which is at most
//! [`super::MAX_FILE_BYTES`] long.

use std::collections::BTreeMap;
use std::fmt;

use crate::{Point, Tile};

use super::error::{VaultFileError, VaultProblem, shown};
use super::transform::{Glyphs, Transforms};
use super::{
    DEFAULT_WEIGHT, LegendEntry, MAX_FILE_BYTES, MAX_NAME, MAX_SIDE, MAX_TAG, MAX_TAGS, MAX_VAULTS,
    MAX_WEIGHT, Unique, Vault, VaultCell, VaultLibrary,
};

/// The line between two vaults.
const SEPARATOR: &str = "---";

/// The header fields, in the order the printer writes them.
const FIELDS: [&str; 7] = [
    "name",
    "weight",
    "transforms",
    "unique",
    "tags",
    "legend",
    "map",
];

/// Parses vault text named `file`; see [`VaultLibrary::parse`]. A UTF-8 byte order mark
/// at the start (as Windows editors write) is read past.
pub(super) fn parse(file: &str, text: &str) -> Result<VaultLibrary, VaultFileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() > MAX_FILE_BYTES {
        return Err(at(file, 1, 1, "file", too_large(text.len())));
    }
    let mut parser = Parser::new(file);
    for (index, raw) in lines(text) {
        parser.line(index + 1, raw)?;
    }
    parser.finish(lines(text).count())
}

/// Parses vault bytes named `file`: not UTF-8 is an error at the first bad byte.
pub(super) fn parse_bytes(file: &str, bytes: &[u8]) -> Result<VaultLibrary, VaultFileError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(at(file, 1, 1, "file", too_large(bytes.len())));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(file, text),
        Err(e) => {
            // The valid prefix says where the bad byte is.
            let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
            let line = good.matches('\n').count() + 1;
            let column = good.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            Err(at(file, line, column, "file", VaultProblem::NotText))
        }
    }
}

fn too_large(bytes: usize) -> VaultProblem {
    VaultProblem::TooLarge {
        bytes,
        max: MAX_FILE_BYTES,
    }
}

fn at(
    file: &str,
    line: usize,
    column: usize,
    field: &'static str,
    problem: VaultProblem,
) -> VaultFileError {
    VaultFileError {
        file: file.to_owned(),
        line,
        column,
        field,
        problem,
    }
}

/// The lines of `text` with their 0-based index, without line ends (`\n` or `\r\n`); no
/// empty line after a final line end.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let none = text.is_empty();
    body.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .filter(move |_| !none)
}

/// What has been read of the vault being read.
#[derive(Default)]
struct Header {
    /// The line of its first field.
    first_line: Option<usize>,
    /// The line each field was given on, by its index in `FIELDS`.
    given: [Option<usize>; FIELDS.len()],
    name: Option<String>,
    weight: Option<u32>,
    transforms: Option<Transforms>,
    unique: Option<Unique>,
    tags: Vec<String>,
    legend: Vec<LegendEntry>,
}

/// The rows read so far after `map:`.
struct Rows {
    map_line: usize,
    width: usize,
    height: usize,
    cells: Vec<u8>,
    /// The first of the empty lines read since the last row: fine at the end, ragged if a
    /// row follows.
    pending_empty: Option<usize>,
}

enum State {
    Header(Header),
    Rows(Header, Rows),
}

struct Parser<'f> {
    file: &'f str,
    state: State,
    vaults: Vec<Vault>,
    /// Each name and the line of its vault: `BTreeMap`, for a deterministic order.
    names: BTreeMap<String, usize>,
    /// The line of the last `---`, for a file that ends in one.
    last_separator: Option<usize>,
    /// Each legend glyph of the vaults read so far, with its base and the line of the
    /// first vault that gave it: a glyph means one tile in the whole file.
    legend_glyphs: BTreeMap<char, (char, usize)>,
}

impl<'f> Parser<'f> {
    fn new(file: &'f str) -> Parser<'f> {
        Parser {
            file,
            state: State::Header(Header::default()),
            vaults: Vec::new(),
            names: BTreeMap::new(),
            last_separator: None,
            legend_glyphs: BTreeMap::new(),
        }
    }

    fn err(
        &self,
        line: usize,
        column: usize,
        field: &'static str,
        problem: VaultProblem,
    ) -> VaultFileError {
        at(self.file, line, column, field, problem)
    }

    fn line(&mut self, line: usize, text: &str) -> Result<(), VaultFileError> {
        if text == SEPARATOR {
            return self.separator(line);
        }
        match std::mem::replace(&mut self.state, State::Header(Header::default())) {
            State::Header(mut header) => {
                self.header_line(&mut header, line, text)?;
                if header.given[6].is_some() {
                    let rows = Rows {
                        map_line: line,
                        width: 0,
                        height: 0,
                        cells: Vec::new(),
                        pending_empty: None,
                    };
                    self.state = State::Rows(header, rows);
                } else {
                    self.state = State::Header(header);
                }
            }
            State::Rows(header, mut rows) => {
                self.row(&header, &mut rows, line, text)?;
                self.state = State::Rows(header, rows);
            }
        }
        Ok(())
    }

    fn separator(&mut self, line: usize) -> Result<(), VaultFileError> {
        self.last_separator = Some(line);
        match std::mem::replace(&mut self.state, State::Header(Header::default())) {
            State::Rows(header, rows) => self.finish_vault(header, rows),
            State::Header(header) if header.first_line.is_none() => {
                Err(self.err(line, 1, "file", VaultProblem::EmptyVault))
            }
            State::Header(_) => Err(self.err(line, 1, "map", VaultProblem::Missing)),
        }
    }

    fn finish(mut self, line_count: usize) -> Result<VaultLibrary, VaultFileError> {
        match std::mem::replace(&mut self.state, State::Header(Header::default())) {
            State::Rows(header, rows) => self.finish_vault(header, rows)?,
            State::Header(header) if header.first_line.is_some() => {
                return Err(self.err(line_count.max(1), 1, "map", VaultProblem::Missing));
            }
            State::Header(_) => {
                if let Some(line) = self.last_separator {
                    return Err(self.err(line, 1, "file", VaultProblem::EmptyVault));
                }
            }
        }
        if self.vaults.is_empty() {
            return Err(self.err(1, 1, "file", VaultProblem::NoVaults));
        }
        Ok(VaultLibrary {
            vaults: self.vaults,
        })
    }

    /// One line of a header: a blank line, or `field: value`.
    fn header_line(
        &mut self,
        header: &mut Header,
        line: usize,
        text: &str,
    ) -> Result<(), VaultFileError> {
        if text.trim().is_empty() {
            return Ok(());
        }
        let Some((key, rest)) = text.split_once(':').filter(|(k, _)| is_field_word(k)) else {
            let found = shown(text);
            return Err(self.err(line, 1, "header", VaultProblem::NotAField { found }));
        };
        let Some(field) = FIELDS.iter().position(|f| *f == key) else {
            let found = shown(key);
            return Err(self.err(line, 1, "header", VaultProblem::UnknownField { found }));
        };
        let name = FIELDS[field];
        if let Some(first) = header.given[field] {
            return Err(self.err(line, 1, name, VaultProblem::Repeated { first }));
        }
        if header.first_line.is_none() && self.vaults.len() == MAX_VAULTS {
            let problem = VaultProblem::TooManyVaults { max: MAX_VAULTS };
            return Err(self.err(line, 1, "file", problem));
        }
        header.first_line.get_or_insert(line);
        header.given[field] = Some(line);
        let value = rest.trim_start_matches(' ').trim_end();
        let column = key.chars().count()
            + 1
            + (rest.chars().count() - rest.trim_start_matches(' ').chars().count())
            + 1;
        let err = |problem| self.err(line, column, name, problem);
        match name {
            "name" => header.name = Some(self.name(value).map_err(err)?),
            "weight" => header.weight = Some(weight(value).map_err(err)?),
            "transforms" => header.transforms = Some(transforms(value).map_err(err)?),
            "unique" => header.unique = Some(unique(value).map_err(err)?),
            "tags" => header.tags = tags(value).map_err(err)?,
            "legend" => header.legend = self.legend(value).map_err(err)?,
            _ if !value.is_empty() => {
                return Err(err(VaultProblem::MapValue {
                    found: shown(value),
                }));
            }
            _ => {}
        }
        Ok(())
    }

    fn name(&self, value: &str) -> Result<String, VaultProblem> {
        let ok = (1..=MAX_NAME).contains(&value.len())
            && value
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if !ok {
            return Err(VaultProblem::BadName {
                value: shown(value),
            });
        }
        match self.names.get(value) {
            Some(&first) => Err(VaultProblem::DuplicateName {
                value: shown(value),
                first,
            }),
            None => Ok(value.to_owned()),
        }
    }

    /// A legend whose glyphs mean what they meant in the vaults before.
    fn legend(&self, value: &str) -> Result<Vec<LegendEntry>, VaultProblem> {
        let entries = legend(value)?;
        for e in &entries {
            if let Some(&(first_base, first)) = self.legend_glyphs.get(&e.glyph)
                && first_base != e.base
            {
                return Err(VaultProblem::LegendConflict {
                    glyph: e.glyph,
                    base: e.base,
                    first_base,
                    first,
                });
            }
        }
        Ok(entries)
    }

    /// One line after `map:`: a row of glyphs.
    fn row(
        &self,
        header: &Header,
        rows: &mut Rows,
        line: usize,
        text: &str,
    ) -> Result<(), VaultFileError> {
        if text.is_empty() {
            rows.pending_empty.get_or_insert(line);
            return Ok(());
        }
        if let Some(empty) = rows.pending_empty {
            let problem = VaultProblem::Ragged {
                len: 0,
                expected: rows.width,
            };
            return Err(self.err(empty, 1, "map", problem));
        }
        if rows.height == MAX_SIDE {
            return Err(self.err(line, 1, "map", VaultProblem::TooTall));
        }
        let before = rows.cells.len();
        for (x, glyph) in text.chars().enumerate() {
            if x == MAX_SIDE {
                return Err(self.err(line, x + 1, "map", VaultProblem::TooWide));
            }
            if rows.height > 0 && x == rows.width {
                return Err(self.err(line, x + 1, "map", ragged(text, rows.width)));
            }
            if header_cell(&header.legend, glyph).is_none() {
                return Err(self.err(line, x + 1, "map", VaultProblem::UnknownGlyph { glyph }));
            }
            rows.cells.push(glyph as u8);
        }
        let len = rows.cells.len() - before;
        if rows.height == 0 {
            rows.width = len;
        } else if len != rows.width {
            return Err(self.err(line, len + 1, "map", ragged(text, rows.width)));
        }
        rows.height += 1;
        Ok(())
    }

    fn finish_vault(&mut self, header: Header, rows: Rows) -> Result<(), VaultFileError> {
        let first_line = header.first_line.unwrap_or(rows.map_line);
        let Some(name) = header.name else {
            return Err(self.err(first_line, 1, "name", VaultProblem::Missing));
        };
        if rows.height == 0 {
            return Err(self.err(rows.map_line, 1, "map", VaultProblem::NoRows));
        }
        let glyphs = Glyphs::from_cells(rows.width, rows.height, rows.cells);
        let vault = Vault {
            name,
            weight: header.weight.unwrap_or(DEFAULT_WEIGHT),
            transforms: header.transforms.unwrap_or_default(),
            unique: header.unique.unwrap_or_default(),
            tags: header.tags,
            legend: header.legend,
            glyphs,
            stencils: Default::default(),
        };
        if let Err((cell, problem)) = check_shape(&vault) {
            // Vault sides are at most `MAX_SIDE`: a cell's coordinates are small and not
            // negative.
            let (line, column) = match cell {
                Some(p) => (rows.map_line + 1 + p.y as usize, p.x as usize + 1),
                None => (rows.map_line, 1),
            };
            return Err(self.err(line, column, "map", problem));
        }
        self.names.insert(vault.name.clone(), first_line);
        for e in &vault.legend {
            self.legend_glyphs
                .entry(e.glyph)
                .or_insert((e.base, first_line));
        }
        self.vaults.push(vault);
        Ok(())
    }
}

fn ragged(text: &str, expected: usize) -> VaultProblem {
    VaultProblem::Ragged {
        len: text.chars().count(),
        expected,
    }
}

fn is_field_word(key: &str) -> bool {
    !key.is_empty() && key.len() <= 16 && key.bytes().all(|b| b.is_ascii_lowercase())
}

fn weight(value: &str) -> Result<u32, VaultProblem> {
    let digits = !value.is_empty() && value.len() <= 6 && value.bytes().all(|b| b.is_ascii_digit());
    digits
        .then(|| value.parse::<u32>().ok())
        .flatten()
        .filter(|w| (1..=MAX_WEIGHT).contains(w))
        .ok_or_else(|| VaultProblem::BadWeight {
            value: shown(value),
        })
}

fn transforms(value: &str) -> Result<Transforms, VaultProblem> {
    Transforms::WORDS
        .iter()
        .find(|(w, _)| *w == value)
        .map(|(_, t)| *t)
        .ok_or_else(|| VaultProblem::BadTransforms {
            value: shown(value),
        })
}

fn unique(value: &str) -> Result<Unique, VaultProblem> {
    match value {
        "none" => Ok(Unique::None),
        "level" => Ok(Unique::Level),
        _ => Err(VaultProblem::BadUnique {
            value: shown(value),
        }),
    }
}

fn tags(value: &str) -> Result<Vec<String>, VaultProblem> {
    let mut tags: Vec<String> = Vec::new();
    for tag in value.split_ascii_whitespace() {
        let ok = tag.len() <= MAX_TAG && tag.bytes().all(|b| b.is_ascii_graphic() && b != b',');
        if !ok {
            return Err(VaultProblem::BadTag { value: shown(tag) });
        }
        if tags.iter().any(|t| t == tag) {
            return Err(VaultProblem::DuplicateTag { value: shown(tag) });
        }
        if tags.len() == MAX_TAGS {
            return Err(VaultProblem::TooManyTags);
        }
        tags.push(tag.to_owned());
    }
    Ok(tags)
}

fn legend(value: &str) -> Result<Vec<LegendEntry>, VaultProblem> {
    let mut entries: Vec<LegendEntry> = Vec::new();
    for entry in value.split_ascii_whitespace() {
        let bytes = entry.as_bytes();
        let bad = || VaultProblem::BadLegend {
            value: shown(entry),
        };
        let [glyph, b'=', base] = *bytes else {
            return Err(bad());
        };
        let (glyph, base) = (char::from(glyph), char::from(base));
        let reserved = matches!(glyph, '#' | '.' | '+' | '~' | '@' | '-' | ' ' | '"' | '\\');
        if !glyph.is_ascii_graphic() || reserved || !matches!(base, '#' | '.' | '+' | '~') {
            return Err(bad());
        }
        if entries.iter().any(|e| e.glyph == glyph) {
            return Err(VaultProblem::DuplicateLegend { glyph });
        }
        entries.push(LegendEntry { glyph, base });
    }
    Ok(entries)
}

/// The tile of one's own a legend entry stamps: its base's flags, printed as its glyph.
pub(super) fn legend_tile(entry: LegendEntry) -> Option<Tile> {
    Tile::from_glyph(entry.base)?.with_glyph(entry.glyph).ok()
}

/// What `glyph` stamps, given a legend: `None` for a glyph neither built in nor in it.
pub(super) fn header_cell(legend: &[LegendEntry], glyph: char) -> Option<VaultCell> {
    match glyph {
        ' ' => Some(VaultCell::Keep),
        '@' => Some(VaultCell::Stamp {
            tile: Tile::FLOOR,
            entrance: true,
        }),
        _ => {
            let tile = Tile::from_glyph(glyph).or_else(|| {
                let entry = legend.iter().find(|e| e.glyph == glyph)?;
                legend_tile(*entry)
            })?;
            Some(VaultCell::Stamp {
                tile,
                entrance: false,
            })
        }
    }
}

/// The promises of a vault's shape, checked once when it is read (every orientation keeps
/// them): at least one entrance; entrances on the edge (a neighbour outside the rows or a
/// space); no other walkable tile on the edge, so entrances are the only ways in; every
/// walkable tile reached from an entrance through the vault's own walkable tiles. `Err`
/// names the cell (`None`s: the vault as a whole).
fn check_shape(vault: &Vault) -> Result<(), (Option<Point>, VaultProblem)> {
    let g = vault.glyphs.grid();
    let cell = |p: Point| g.get(p).and_then(|&b| vault.cell(b));
    let walkable =
        |p: Point| matches!(cell(p), Some(VaultCell::Stamp { tile, .. }) if tile.walkable);
    let on_edge = |p: Point| {
        p.neighbours4()
            .any(|n| !g.in_bounds(n) || matches!(cell(n), Some(VaultCell::Keep)))
    };
    let mut entrances = Vec::new();
    for (p, &b) in g.iter() {
        let glyph = char::from(b);
        match cell(p) {
            Some(VaultCell::Stamp { entrance: true, .. }) => {
                if !on_edge(p) {
                    return Err((Some(p), VaultProblem::EntranceInside));
                }
                entrances.push(p);
            }
            Some(VaultCell::Stamp { tile, .. }) if tile.walkable && on_edge(p) => {
                return Err((Some(p), VaultProblem::OpenEdge { glyph }));
            }
            _ => {}
        }
    }
    if entrances.is_empty() {
        return Err((None, VaultProblem::NoEntrance));
    }
    let mut reached = g.map(|_| false);
    for &p in &entrances {
        reached.set(p, true);
    }
    let mut queue = entrances;
    while let Some(p) = queue.pop() {
        for n in p.neighbours4() {
            if !reached.get_or_default(n) && walkable(n) {
                reached.set(n, true);
                queue.push(n);
            }
        }
    }
    for (p, &b) in g.iter() {
        if walkable(p) && !reached.get_or_default(p) {
            return Err((
                Some(p),
                VaultProblem::Unreachable {
                    glyph: char::from(b),
                },
            ));
        }
    }
    Ok(())
}

impl fmt::Display for Vault {
    /// The vault as the format writes it, every field but empty `tags:` and `legend:`,
    /// ending in a line end: [`VaultLibrary::parse`] reads it back to this vault.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "name: {}", self.name)?;
        writeln!(f, "weight: {}", self.weight)?;
        writeln!(f, "transforms: {}", self.transforms.word())?;
        writeln!(f, "unique: {}", self.unique.word())?;
        if !self.tags.is_empty() {
            writeln!(f, "tags: {}", self.tags.join(" "))?;
        }
        if !self.legend.is_empty() {
            let entries: Vec<String> = self
                .legend
                .iter()
                .map(|e| format!("{}={}", e.glyph, e.base))
                .collect();
            writeln!(f, "legend: {}", entries.join(" "))?;
        }
        writeln!(f, "map:")?;
        for row in self.glyphs.rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

impl fmt::Display for VaultLibrary {
    /// Every vault as the format writes it, separated by `---` lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, vault) in self.vaults.iter().enumerate() {
            if i > 0 {
                writeln!(f, "{SEPARATOR}")?;
            }
            write!(f, "{vault}")?;
        }
        Ok(())
    }
}
