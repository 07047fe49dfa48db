//! What can be wrong with a spawn table file, and with a request to place one.

use thiserror::Error;

/// Why a spawn table was refused: where (file, line, column) and what.
///
/// Its message is one line, `FILE:LINE:COLUMN: PROBLEM`: values quoted from the file are
/// escaped and cut short with their length, so no input can make the message span lines
/// or grow large.
///
/// ```
/// use mapgen::spawns::SpawnTable;
/// let err = SpawnTable::parse("mine.txt", "monsters 1:2\nmonster Orc weight 1:5\n").unwrap_err();
/// assert_eq!((err.line, err.column), (2, 9));
/// assert_eq!(err.to_string(), "mine.txt:2:9: \"Orc\" is not a name; allowed 1 to 64 of a-z, 0-9 and _");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}:{line}:{column}: {problem}")]
#[non_exhaustive]
pub struct SpawnFileError {
    /// The name the caller gave the text (a path, or `builtin`).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub problem: SpawnProblem,
}

/// What is wrong at the place a [`SpawnFileError`] names. `#[non_exhaustive]`: the format
/// may grow, and with it the ways to be wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SpawnProblem {
    /// Longer than any table may be.
    #[error("the text is {bytes} bytes; allowed at most {max}")]
    TooLarge {
        /// Its length.
        bytes: usize,
        /// [`MAX_FILE_BYTES`](super::MAX_FILE_BYTES).
        max: usize,
    },
    /// Bytes that are not UTF-8 (a binary file).
    #[error("not UTF-8 text (a binary file?)")]
    NotText,
    /// No entry at all.
    #[error("no entries; a table needs lines `monster NAME weight DEPTH:WEIGHT ...` or `item ...`")]
    NoEntries,
    /// More entries than a table may hold.
    #[error("more than {max} entries", max = super::MAX_ENTRIES)]
    TooManyEntries,
    /// A line that starts with none of the format's words.
    #[error(
        "{found} starts no line of a spawn table; allowed monsters, items, level, monster, item"
    )]
    UnknownLine {
        /// The first word, quoted.
        found: String,
    },
    /// A `monsters`, `items`, `level monsters` or `level items` line given twice.
    #[error("`{word}` is given twice; first at line {first}")]
    Repeated {
        /// `monsters`, `items`, `level monsters` or `level items`.
        word: &'static str,
        /// The line of the first.
        first: usize,
    },
    /// `level` followed by neither `monsters` nor `items`.
    #[error("expected `level monsters` or `level items`, found {found}")]
    LevelKind {
        /// The word after `level`, quoted (empty when missing).
        found: String,
    },
    /// `monster` or `item` with no name after it.
    #[error("`{kind}` needs a name")]
    NoName {
        /// `monster` or `item`.
        kind: &'static str,
    },
    /// A name that is not `[a-z0-9_]+` of at most [`MAX_NAME`](super::MAX_NAME) characters.
    #[error("{value} is not a name; allowed 1 to {max} of a-z, 0-9 and _", max = super::MAX_NAME)]
    BadName {
        /// The name given, quoted.
        value: String,
    },
    /// A name already used by an earlier entry.
    #[error("{value} is already the name of the entry at line {first}")]
    DuplicateName {
        /// The name, quoted.
        value: String,
        /// The line of the first entry of that name.
        first: usize,
    },
    /// A word after the name that is not `max` or `weight`.
    #[error("expected `max N` or `weight DEPTH:WEIGHT ...`, found {found}")]
    UnknownField {
        /// The word, quoted.
        found: String,
    },
    /// `max` or `weight` given twice on one line.
    #[error("`{field}` is given twice on this line")]
    FieldTwice {
        /// `max` or `weight`.
        field: &'static str,
    },
    /// An entry without `weight`.
    #[error("no `weight DEPTH:WEIGHT ...`; every entry needs one")]
    NoWeight,
    /// `max` that is not a whole number in range, or missing.
    #[error("{value} is not a most per place; allowed a whole number in 1..={max}", max = super::MAX_PER_PLACE)]
    BadMax {
        /// The value given, quoted (empty when missing).
        value: String,
    },
    /// A line of steps with none.
    #[error("no steps; give DEPTH:VALUE pairs, such as 1:10 4:20")]
    NoSteps,
    /// A step that is not `DEPTH:VALUE`.
    #[error("{value} is not a step; allowed DEPTH:VALUE, such as 3:15")]
    BadStep {
        /// The step, quoted.
        value: String,
    },
    /// A step's depth that is not a whole number from 1.
    #[error("{value} is not a depth; allowed a whole number in 1..={}", u32::MAX)]
    BadDepth {
        /// The depth, quoted.
        value: String,
    },
    /// A step's value out of range.
    #[error("{value} is not a {what}; allowed a whole number in 0..={max}")]
    BadValue {
        /// The value, quoted.
        value: String,
        /// `weight` or `count`.
        what: &'static str,
        /// The largest allowed.
        max: u32,
    },
    /// Steps whose depths do not rise.
    #[error(
        "depth {depth} is not deeper than the step before it ({before}); steps go from shallow to deep"
    )]
    StepOrder {
        /// The depth.
        depth: u32,
        /// The depth of the step before.
        before: u32,
    },
    /// More steps than a line may give.
    #[error("more than {max} steps", max = super::MAX_STEPS)]
    TooManySteps,
    /// Entries of a kind with no line saying how many a place gets.
    #[error(
        "no `{count_word}` line says how many {count_word} a place gets (such as `{count_word} 1:2 4:3`)"
    )]
    NoCount {
        /// `monsters` or `items`.
        count_word: &'static str,
    },
}

/// Why a table could not be placed: the request, not the dungeon (a dungeon with no room
/// for things is not an error; fewer come back).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SpawnError {
    /// A depth below 1.
    #[error("depth is {depth}; allowed 1..={}", u32::MAX)]
    Depth {
        /// The depth asked for.
        depth: u32,
    },
}
