//! The spawn table format: a parser that names the file, line and column of the first
//! problem, and a printer that the parser reads back to the same table.
//!
//! ```text
//! # How many things a place (a room or an area) gets at most, by depth: DEPTH:COUNT.
//! monsters 1:2 4:3 6:5
//! items    1:1 4:2
//!
//! # How many things a level gets at most, by depth (optional): DEPTH:COUNT.
//! level monsters 1:8 4:12
//! level items    1:4
//!
//! # monster|item NAME [max N] weight DEPTH:WEIGHT ...
//! monster orc    weight 1:80
//! monster troll  max 1  weight 3:15 5:30 7:60
//! item    potion weight 1:35
//! ```
//!
//! One line per statement; words are separated by spaces or tabs; `#` starts a comment to
//! the end of the line; blank lines are skipped.
//!
//! * `monsters STEPS` and `items STEPS`: the most monsters (items) a place gets, by depth;
//!   each place gets a number drawn from 0 to it. Each at most once, and required when the
//!   table has entries of that kind. Counts 0 to [`MAX_PER_PLACE`].
//! * `level monsters STEPS` and `level items STEPS` (optional): the most monsters (items)
//!   one level gets, by depth, its budget; 0 above the first step, like every step. Each
//!   at most once. Counts 0 to [`MAX_PER_LEVEL`].
//! * `monster NAME ...` and `item NAME ...`: an entry. `NAME` is 1 to [`MAX_NAME`] of
//!   `a-z`, `0-9` and `_`, unique in the table. Then, in either order, `weight STEPS`
//!   (required; weights 0 to [`MAX_WEIGHT`], 0 for never) and `max N` (optional: at most
//!   N of it in one place, 1 to [`MAX_PER_PLACE`]).
//! * `STEPS` is one or more `DEPTH:VALUE`, depths from 1 and rising: the value holds from
//!   its depth down to the next step's, and is 0 above the first (the libtcod tutorial's
//!   `from_dungeon_level`). At most [`MAX_STEPS`] a line.
//!
//! At most [`MAX_ENTRIES`] entries and [`MAX_FILE_BYTES`] bytes; the parser's work and
//! memory are linear in the text. The printer writes the `monsters` and `items` lines,
//! then the `level` lines, then the entries in file order, one space between words,
//! without comments.

use std::fmt;

use crate::vaults::shown;

use super::error::{SpawnFileError, SpawnProblem};
use super::{
    MAX_ENTRIES, MAX_FILE_BYTES, MAX_NAME, MAX_PER_LEVEL, MAX_PER_PLACE, MAX_STEPS, MAX_WEIGHT,
    SpawnEntry, SpawnKind, SpawnTable, Steps,
};

/// Parses table text named `file`; see [`SpawnTable::parse`].
pub(super) fn parse(file: &str, text: &str) -> Result<SpawnTable, SpawnFileError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(at(file, 1, 1, too_large(text.len())));
    }
    let mut parser = Parser::default();
    for (index, line) in lines(text) {
        parser
            .line(line)
            .map_err(|(column, problem)| at(file, index + 1, column, problem))?;
    }
    parser
        .finish()
        .map_err(|(line, column, problem)| at(file, line, column, problem))
}

/// Parses table bytes named `file`: not UTF-8 is an error at the first bad byte.
pub(super) fn parse_bytes(file: &str, bytes: &[u8]) -> Result<SpawnTable, SpawnFileError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(at(file, 1, 1, too_large(bytes.len())));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(file, text),
        Err(e) => {
            // The valid prefix says where the bad byte is.
            let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
            let line = good.matches('\n').count() + 1;
            let column = good.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            Err(at(file, line, column, SpawnProblem::NotText))
        }
    }
}

fn too_large(bytes: usize) -> SpawnProblem {
    SpawnProblem::TooLarge {
        bytes,
        max: MAX_FILE_BYTES,
    }
}

fn at(file: &str, line: usize, column: usize, problem: SpawnProblem) -> SpawnFileError {
    SpawnFileError {
        file: file.to_owned(),
        line,
        column,
        problem,
    }
}

/// The lines of `text` with their 0-based index, without line ends (`\n` or `\r\n`).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
}

/// A word of a line and its 1-based column, in characters.
#[derive(Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    column: usize,
}

/// The words of `line` before any `#`.
fn words(line: &str) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut column = 0;
    for (byte, c) in line.char_indices() {
        column += 1;
        let blank = c == ' ' || c == '\t';
        if blank || c == '#' {
            if let Some((from, col)) = start.take() {
                words.push(Word {
                    text: &line[from..byte],
                    column: col,
                });
            }
            if c == '#' {
                return words;
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((from, col)) = start {
        words.push(Word {
            text: &line[from..],
            column: col,
        });
    }
    words
}

/// A problem at a column of the current line.
type LineError = (usize, SpawnProblem);

/// What has been read so far.
#[derive(Default)]
struct Parser {
    /// The line being read, 1-based.
    line: usize,
    /// `monsters` and `items`, with the line each was given on.
    per_place: [Option<(Steps, usize)>; 2],
    /// `level monsters` and `level items`, likewise.
    per_level: [Option<(Steps, usize)>; 2],
    /// The entries, with the line of each.
    entries: Vec<(SpawnEntry, usize)>,
}

impl Parser {
    fn line(&mut self, text: &str) -> Result<(), LineError> {
        self.line += 1;
        let words = words(text);
        let Some((first, rest)) = words.split_first() else {
            return Ok(());
        };
        let kind = SpawnKind::ALL.into_iter();
        if let Some(kind) = kind.clone().find(|k| k.count_word() == first.text) {
            return self.count_line(kind, *first, rest);
        }
        if let Some(kind) = kind.clone().find(|k| k.word() == first.text) {
            return self.entry_line(kind, *first, rest);
        }
        if first.text == "level" {
            return self.level_line(*first, rest);
        }
        Err((
            first.column,
            SpawnProblem::UnknownLine {
                found: shown(first.text),
            },
        ))
    }

    /// `monsters STEPS` or `items STEPS`.
    fn count_line(&mut self, kind: SpawnKind, first: Word, rest: &[Word]) -> Result<(), LineError> {
        let slot = &mut self.per_place[kind as usize];
        if let Some((_, line)) = slot {
            let problem = SpawnProblem::Repeated {
                word: kind.count_word(),
                first: *line,
            };
            return Err((first.column, problem));
        }
        let steps = steps(first, rest, "count", MAX_PER_PLACE)?;
        *slot = Some((steps, self.line));
        Ok(())
    }

    /// `level monsters STEPS` or `level items STEPS`.
    fn level_line(&mut self, first: Word, rest: &[Word]) -> Result<(), LineError> {
        let Some((what, rest)) = rest.split_first() else {
            let end = first.column + first.text.chars().count();
            return Err((end, SpawnProblem::LevelKind { found: shown("") }));
        };
        let Some(kind) = SpawnKind::ALL
            .into_iter()
            .find(|k| k.count_word() == what.text)
        else {
            let found = shown(what.text);
            return Err((what.column, SpawnProblem::LevelKind { found }));
        };
        let slot = &mut self.per_level[kind as usize];
        if let Some((_, line)) = slot {
            let problem = SpawnProblem::Repeated {
                word: kind.level_words(),
                first: *line,
            };
            return Err((first.column, problem));
        }
        let steps = steps(*what, rest, "count", MAX_PER_LEVEL)?;
        *slot = Some((steps, self.line));
        Ok(())
    }

    /// `monster NAME [max N] weight STEPS`, fields in either order.
    fn entry_line(&mut self, kind: SpawnKind, first: Word, rest: &[Word]) -> Result<(), LineError> {
        let Some((name, mut rest)) = rest.split_first() else {
            let end = first.column + first.text.chars().count();
            return Err((end, SpawnProblem::NoName { kind: kind.word() }));
        };
        let name = self.name(*name)?;
        if self.entries.len() == MAX_ENTRIES {
            return Err((first.column, SpawnProblem::TooManyEntries));
        }
        let (mut weight, mut max) = (None, None);
        while let Some((field, after)) = rest.split_first() {
            match field.text {
                "max" => {
                    if max.is_some() {
                        return Err((field.column, SpawnProblem::FieldTwice { field: "max" }));
                    }
                    let (value, after) = most(*field, after)?;
                    max = Some(value);
                    rest = after;
                }
                "weight" => {
                    if weight.is_some() {
                        return Err((field.column, SpawnProblem::FieldTwice { field: "weight" }));
                    }
                    // The steps run to the next word without a ':'.
                    let len = after.iter().take_while(|w| w.text.contains(':')).count();
                    weight = Some(steps(*field, &after[..len], "weight", MAX_WEIGHT)?);
                    rest = &after[len..];
                }
                other => {
                    let found = shown(other);
                    return Err((field.column, SpawnProblem::UnknownField { found }));
                }
            }
        }
        let weight = weight.ok_or((first.column, SpawnProblem::NoWeight))?;
        let entry = SpawnEntry {
            name,
            kind,
            weight,
            max_per_place: max,
        };
        self.entries.push((entry, self.line));
        Ok(())
    }

    /// A new entry's name, checked for its characters and against the earlier names.
    fn name(&self, word: Word) -> Result<String, LineError> {
        let name = word.text;
        let good = (1..=MAX_NAME).contains(&name.len())
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if !good {
            let value = shown(name);
            return Err((word.column, SpawnProblem::BadName { value }));
        }
        if let Some((_, first)) = self.entries.iter().find(|(e, _)| e.name == name) {
            let problem = SpawnProblem::DuplicateName {
                value: shown(name),
                first: *first,
            };
            return Err((word.column, problem));
        }
        Ok(name.to_owned())
    }

    /// The table, once every line is read: each kind with entries has its count line.
    fn finish(self) -> Result<SpawnTable, (usize, usize, SpawnProblem)> {
        if self.entries.is_empty() {
            return Err((self.line.max(1), 1, SpawnProblem::NoEntries));
        }
        for kind in SpawnKind::ALL {
            let first = self.entries.iter().find(|(e, _)| e.kind == kind);
            if let (Some((_, line)), None) = (first, &self.per_place[kind as usize]) {
                let count_word = kind.count_word();
                return Err((*line, 1, SpawnProblem::NoCount { count_word }));
            }
        }
        let without_lines = |[monsters, items]: [Option<(Steps, usize)>; 2]| {
            [monsters.map(|(s, _)| s), items.map(|(s, _)| s)]
        };
        Ok(SpawnTable {
            per_place: without_lines(self.per_place),
            per_level: without_lines(self.per_level),
            entries: self.entries.into_iter().map(|(e, _)| e).collect(),
        })
    }
}

/// `max N`: the number after `field`, and the words after it.
fn most<'w, 'a>(field: Word, after: &'w [Word<'a>]) -> Result<(u32, &'w [Word<'a>]), LineError> {
    let Some((value, rest)) = after.split_first() else {
        let end = field.column + field.text.chars().count();
        let value = shown("");
        return Err((end, SpawnProblem::BadMax { value }));
    };
    match value.text.parse::<u32>() {
        Ok(n) if (1..=MAX_PER_PLACE).contains(&n) => Ok((n, rest)),
        _ => {
            let value_shown = shown(value.text);
            Err((value.column, SpawnProblem::BadMax { value: value_shown }))
        }
    }
}

/// The steps of `words` (after `field`), values of `what` in `0..=max`.
fn steps(field: Word, words: &[Word], what: &'static str, max: u32) -> Result<Steps, LineError> {
    if words.is_empty() {
        let end = field.column + field.text.chars().count();
        return Err((end, SpawnProblem::NoSteps));
    }
    if words.len() > MAX_STEPS {
        return Err((words[MAX_STEPS].column, SpawnProblem::TooManySteps));
    }
    let mut steps: Vec<(u32, u32)> = Vec::with_capacity(words.len());
    for word in words {
        let Some((depth, value)) = word.text.split_once(':') else {
            let value = shown(word.text);
            return Err((word.column, SpawnProblem::BadStep { value }));
        };
        let depth = match depth.parse::<u32>() {
            Ok(d) if d >= 1 => d,
            _ if depth.is_empty() => {
                let value = shown(word.text);
                return Err((word.column, SpawnProblem::BadStep { value }));
            }
            _ => {
                let value = shown(depth);
                return Err((word.column, SpawnProblem::BadDepth { value }));
            }
        };
        let value_column = word.column + depth_len(word.text) + 1;
        let value = match value.parse::<u32>() {
            Ok(v) if v <= max => v,
            _ => {
                let value = shown(value);
                return Err((value_column, SpawnProblem::BadValue { value, what, max }));
            }
        };
        if let Some(&(before, _)) = steps.last()
            && depth <= before
        {
            return Err((word.column, SpawnProblem::StepOrder { depth, before }));
        }
        steps.push((depth, value));
    }
    Ok(Steps(steps))
}

/// Characters before the `:` of a step.
fn depth_len(step: &str) -> usize {
    step.split(':').next().map_or(0, |d| d.chars().count())
}

impl fmt::Display for Steps {
    /// `1:2 4:3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (depth, value)) in self.0.iter().enumerate() {
            let space = if i > 0 { " " } else { "" };
            write!(f, "{space}{depth}:{value}")?;
        }
        Ok(())
    }
}

impl fmt::Display for SpawnEntry {
    /// `monster troll max 1 weight 3:15 5:30`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.word(), self.name)?;
        if let Some(max) = self.max_per_place {
            write!(f, " max {max}")?;
        }
        write!(f, " weight {}", self.weight)
    }
}

impl fmt::Display for SpawnTable {
    /// The table in the format, which [`SpawnTable::parse`] reads back to it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for kind in SpawnKind::ALL {
            if let Some(steps) = self.per_place(kind) {
                writeln!(f, "{} {steps}", kind.count_word())?;
            }
        }
        for kind in SpawnKind::ALL {
            if let Some(steps) = self.per_level(kind) {
                writeln!(f, "{} {steps}", kind.level_words())?;
            }
        }
        for entry in &self.entries {
            writeln!(f, "{entry}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> String {
        SpawnTable::parse("t.txt", text).unwrap_err().to_string()
    }

    #[test]
    fn words_keep_their_columns_and_stop_at_a_comment() {
        let found: Vec<(usize, &str)> = words("  monster\torc  weight 1:5# x y")
            .iter()
            .map(|w| (w.column, w.text))
            .collect();
        assert_eq!(
            found,
            [(3, "monster"), (11, "orc"), (16, "weight"), (23, "1:5")]
        );
        assert!(words("# only a comment").is_empty());
        assert_eq!(words("é x")[1].column, 3, "columns count characters");
    }

    #[test]
    fn every_problem_names_its_line_and_column() {
        let cases = [
            (
                "",
                "t.txt:1:1: no entries; a table needs lines `monster NAME weight DEPTH:WEIGHT ...` or `item ...`",
            ),
            (
                "monsters 1:1\nmonstre orc weight 1:1",
                "t.txt:2:1: \"monstre\" starts no line of a spawn table; allowed monsters, items, level, monster, item",
            ),
            (
                "monsters 1:1\nmonsters 2:2\n",
                "t.txt:2:1: `monsters` is given twice; first at line 1",
            ),
            ("monsters 1:1\nmonster", "t.txt:2:8: `monster` needs a name"),
            (
                "monsters 1:1\nmonster orc weight 1:1\nmonster orc weight 1:1",
                "t.txt:3:9: \"orc\" is already the name of the entry at line 2",
            ),
            (
                "monsters 1:1\nmonster orc wieght 1:1",
                "t.txt:2:13: expected `max N` or `weight DEPTH:WEIGHT ...`, found \"wieght\"",
            ),
            (
                "monsters 1:1\nmonster orc max 2 max 3 weight 1:1",
                "t.txt:2:19: `max` is given twice on this line",
            ),
            (
                "monsters 1:1\nmonster orc max 2",
                "t.txt:2:1: no `weight DEPTH:WEIGHT ...`; every entry needs one",
            ),
            (
                "monsters 1:1\nmonster orc max 0 weight 1:1",
                "t.txt:2:17: \"0\" is not a most per place; allowed a whole number in 1..=100",
            ),
            (
                "monsters 1:1\nmonster orc weight 1:1 max",
                "t.txt:2:27: \"\" is not a most per place; allowed a whole number in 1..=100",
            ),
            (
                "monsters 1:1\nmonster orc weight max 2",
                "t.txt:2:19: no steps; give DEPTH:VALUE pairs, such as 1:10 4:20",
            ),
            (
                "monsters 1:1\nmonster orc weight :5",
                "t.txt:2:20: \":5\" is not a step; allowed DEPTH:VALUE, such as 3:15",
            ),
            (
                "monsters 0:1",
                "t.txt:1:10: \"0\" is not a depth; allowed a whole number in 1..=4294967295",
            ),
            (
                "monsters 1:101",
                "t.txt:1:12: \"101\" is not a count; allowed a whole number in 0..=100",
            ),
            (
                "monsters 1:1\nmonster orc weight 1:10001",
                "t.txt:2:22: \"10001\" is not a weight; allowed a whole number in 0..=10000",
            ),
            (
                "monsters 1:1 1:2",
                "t.txt:1:14: depth 1 is not deeper than the step before it (1); steps go from shallow to deep",
            ),
            (
                "items 1:1\nmonster orc weight 1:1",
                "t.txt:2:1: no `monsters` line says how many monsters a place gets (such as `monsters 1:2 4:3`)",
            ),
            (
                "monsters 1:1\nlevel monsters 1:5\nlevel monsters 2:6",
                "t.txt:3:1: `level monsters` is given twice; first at line 2",
            ),
            (
                "monsters 1:1\nlevel",
                "t.txt:2:6: expected `level monsters` or `level items`, found \"\"",
            ),
            (
                "monsters 1:1\nlevel monster 1:5",
                "t.txt:2:7: expected `level monsters` or `level items`, found \"monster\"",
            ),
            (
                "monsters 1:1\nlevel items",
                "t.txt:2:12: no steps; give DEPTH:VALUE pairs, such as 1:10 4:20",
            ),
            (
                "monsters 1:1\nlevel items 1:10001",
                "t.txt:2:15: \"10001\" is not a count; allowed a whole number in 0..=10000",
            ),
            (
                "monsters 1:1 x",
                "t.txt:1:14: \"x\" is not a step; allowed DEPTH:VALUE, such as 3:15",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(problem(text), expected, "{text:?}");
        }
        let many_steps = format!(
            "monsters {}",
            (1..=65)
                .map(|d| format!("{d}:1"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        assert!(
            problem(&many_steps).ends_with("more than 64 steps"),
            "{}",
            problem(&many_steps)
        );
        let mut many_entries = String::new();
        for i in 0..=MAX_ENTRIES {
            many_entries += &format!("item i{i} weight 1:1\n");
        }
        assert_eq!(
            problem(&format!("items 1:1\n{many_entries}")),
            "t.txt:258:1: more than 256 entries"
        );
    }

    #[test]
    fn a_quoted_value_never_spans_lines_or_grows() {
        let long = "x".repeat(10_000);
        let message = problem(&format!("monsters 1:1\nmonster {long}\u{7}\n"));
        assert!(message.len() < 200 && !message.contains('\n'), "{message}");
    }

    #[test]
    fn the_printer_writes_what_the_parser_reads_back() {
        let text = "# a comment\r\nitems 1:1 4:2\nlevel items 1:3 # three\nmonsters\t1:2\n\nitem potion weight 1:35 max 2 # two\nlevel  monsters 2:0 3:7\nmonster orc weight 1:80 3:0\n";
        let table = SpawnTable::parse("t", text).unwrap();
        let printed = table.to_string();
        assert_eq!(
            printed,
            "monsters 1:2\nitems 1:1 4:2\nlevel monsters 2:0 3:7\nlevel items 1:3\nitem potion max 2 weight 1:35\nmonster orc weight 1:80 3:0\n"
        );
        assert_eq!(SpawnTable::parse("again", &printed).unwrap(), table);
    }

    #[test]
    fn a_bad_byte_is_named_where_it_is() {
        let err = SpawnTable::parse_bytes("b", b"monsters 1:1\nmonster \xc3(").unwrap_err();
        assert_eq!(err.to_string(), "b:2:9: not UTF-8 text (a binary file?)");
        let big = vec![b' '; MAX_FILE_BYTES + 1];
        assert_eq!(
            SpawnTable::parse_bytes("b", &big).unwrap_err().to_string(),
            "b:1:1: the text is 1048577 bytes; allowed at most 1048576"
        );
    }
}
