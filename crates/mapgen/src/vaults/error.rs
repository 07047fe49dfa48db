//! What can be wrong with a vault file, and with the request to place vaults.

use thiserror::Error;

use crate::GenerateError;

/// Why a vault file was refused: where (file, line, column, field) and what.
///
/// Its message is one line, `FILE:LINE:COLUMN: FIELD: PROBLEM`, fit for a command-line
/// error: values quoted from the file are escaped and cut to 40 characters (with their
/// length), so no input can make the message span lines or grow large.
///
/// ```
/// use mapgen::vaults::VaultLibrary;
/// let text = "name: closet\nmap:\n###\n#x#\n#@#\n";
/// let err = VaultLibrary::parse("closet.txt", text).unwrap_err();
/// assert_eq!((err.line, err.column, err.field), (4, 2, "map"));
/// assert_eq!(
///     err.to_string(),
///     "closet.txt:4:2: map: unknown glyph 'x'; allowed '#', '.', '+', '~', '@', ' ' and the legend's"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}:{line}:{column}: {field}: {problem}")]
#[non_exhaustive]
pub struct VaultFileError {
    /// The name the caller gave the text (a path, or `builtin`).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The field the problem is in (`name`, `weight`, `transforms`, `unique`, `tags`,
    /// `legend`, `map`), or `file` for the text as a whole and `header` for a line that is
    /// no field.
    pub field: &'static str,
    /// What is wrong.
    pub problem: VaultProblem,
}

/// The most characters of a value from the file that an error message quotes.
const MAX_SHOWN: usize = 40;

/// What is wrong at the place a [`VaultFileError`] names. `#[non_exhaustive]`: the format
/// may grow fields, and with them new ways to be wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum VaultProblem {
    /// Longer than any vault file may be.
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
    /// No vault at all.
    #[error("no vaults; a vault is `name:` and the other fields, then `map:` and its rows")]
    NoVaults,
    /// More vaults than a file may hold.
    #[error("more than {max} vaults")]
    TooManyVaults {
        /// [`MAX_VAULTS`](super::MAX_VAULTS).
        max: usize,
    },
    /// A line in a vault's header that is not `field: value`.
    #[error("expected `field: value` or `---`, found {found}")]
    NotAField {
        /// The line, quoted, escaped and cut short.
        found: String,
    },
    /// A field name that is not one of the format's.
    #[error("unknown field {found}; allowed name, weight, transforms, unique, tags, legend, map")]
    UnknownField {
        /// The field name, quoted, escaped and cut short.
        found: String,
    },
    /// A field given twice in one vault.
    #[error("given twice in one vault; first at line {first}")]
    Repeated {
        /// The line of the first.
        first: usize,
    },
    /// A vault without a required field.
    #[error("missing; every vault needs `name:` and `map:`")]
    Missing,
    /// A `---` with no vault before it.
    #[error("a vault with no fields; remove the extra `---`")]
    EmptyVault,
    /// Text after `map:` on its own line.
    #[error("found {found} after `map:`; the rows start on the next line")]
    MapValue {
        /// The text, quoted, escaped and cut short.
        found: String,
    },
    /// A name that is not `[a-z0-9_]+` of at most [`MAX_NAME`](super::MAX_NAME) characters.
    #[error("{value} is not a vault name; allowed 1 to {max} of a-z, 0-9 and _", max = super::MAX_NAME)]
    BadName {
        /// The name given, quoted, escaped and cut short.
        value: String,
    },
    /// A name already used by an earlier vault of the file.
    #[error("{value} is already the name of the vault at line {first}")]
    DuplicateName {
        /// The name, quoted, escaped and cut short.
        value: String,
        /// The line of the first vault of that name.
        first: usize,
    },
    /// A weight that is not a whole number in range.
    #[error("{value} is not a weight; allowed a whole number in 1..={max}", max = super::MAX_WEIGHT)]
    BadWeight {
        /// The weight given, quoted, escaped and cut short.
        value: String,
    },
    /// Not one of the transform sets.
    #[error("{value} is not a set of transforms; allowed all, none, rotate, mirror")]
    BadTransforms {
        /// The value given, quoted, escaped and cut short.
        value: String,
    },
    /// Not one of the uniqueness rules.
    #[error("{value} is not a uniqueness; allowed none, level")]
    BadUnique {
        /// The value given, quoted, escaped and cut short.
        value: String,
    },
    /// A tag with characters a tag cannot have, or too long.
    #[error("tag {value} is not a word; allowed 1 to {max} printable ASCII characters other than ','", max = super::MAX_TAG)]
    BadTag {
        /// The tag, quoted, escaped and cut short.
        value: String,
    },
    /// A tag given twice.
    #[error("tag {value} is given twice")]
    DuplicateTag {
        /// The tag, quoted, escaped and cut short.
        value: String,
    },
    /// More tags than a vault may have.
    #[error("more than {max} tags", max = super::MAX_TAGS)]
    TooManyTags,
    /// A legend entry that is not `GLYPH=BASE`.
    #[error(
        "legend entry {value} is not GLYPH=BASE; BASE is one of '#', '.', '+', '~' and GLYPH printable ASCII other than space, '\"', '\\\\', '-', '@' and the BASEs"
    )]
    BadLegend {
        /// The entry, quoted, escaped and cut short.
        value: String,
    },
    /// A legend glyph given twice.
    #[error("legend glyph {glyph:?} is given twice")]
    DuplicateLegend {
        /// The glyph.
        glyph: char,
    },
    /// A legend glyph that an earlier vault of the file gave another base: a map would
    /// then hold two different tiles that print alike.
    #[error(
        "legend glyph {glyph:?} is {glyph}={base} here but {glyph}={first_base} in the vault at line {first}"
    )]
    LegendConflict {
        /// The glyph.
        glyph: char,
        /// Its base here.
        base: char,
        /// Its base in the earlier vault.
        first_base: char,
        /// The line of the earlier vault.
        first: usize,
    },
    /// A map glyph that is neither built in nor in the legend.
    #[error("unknown glyph {glyph:?}; allowed '#', '.', '+', '~', '@', ' ' and the legend's")]
    UnknownGlyph {
        /// The character found.
        glyph: char,
    },
    /// A row longer than a vault may be wide.
    #[error("a row of more than {max} glyphs", max = super::MAX_SIDE)]
    TooWide,
    /// More rows than a vault may be tall.
    #[error("more than {max} rows", max = super::MAX_SIDE)]
    TooTall,
    /// `map:` with no row after it.
    #[error("no rows; the rows follow `map:`, one per line")]
    NoRows,
    /// A row of another length than the first.
    #[error("row has {len} glyphs; every row must have {expected}, as the first")]
    Ragged {
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A vault without an entrance.
    #[error("no entrance '@'; a vault needs at least one, on its edge")]
    NoEntrance,
    /// An entrance inside the vault.
    #[error("entrance '@' is not on the vault's edge (next to a space or outside the rows)")]
    EntranceInside,
    /// A walkable tile other than an entrance on the vault's edge: a second, unchecked way in.
    #[error("walkable {glyph:?} on the vault's edge; only an entrance '@' may open the vault")]
    OpenEdge {
        /// The glyph there.
        glyph: char,
    },
    /// Walkable tiles that no entrance reaches inside the vault.
    #[error("walkable {glyph:?} cannot be reached from any entrance '@' inside the vault")]
    Unreachable {
        /// The glyph there.
        glyph: char,
    },
}

/// A value from a vault file (or a tag asked for) as an error message shows it: quoted,
/// escaped, and cut to [`MAX_SHOWN`] characters, then `...` and its length, so it never
/// spans lines or grows large.
pub(crate) fn shown(value: &str) -> String {
    let cut: String = value.chars().take(MAX_SHOWN).collect();
    if value.chars().nth(MAX_SHOWN).is_some() {
        format!("{cut:?}... ({} characters)", value.chars().count())
    } else {
        format!("{cut:?}")
    }
}

/// How many of a library's tags an unknown-tag message lists.
const TAGS_LISTED: usize = 8;

/// The first [`TAGS_LISTED`] of `tags`, each shown, and how many there are.
fn some_tags(tags: &[String]) -> String {
    let listed: Vec<String> = tags.iter().take(TAGS_LISTED).map(|t| shown(t)).collect();
    let more = tags.len().saturating_sub(TAGS_LISTED);
    match (tags.len(), more) {
        (0, _) => "the library has no tags".to_string(),
        (1, _) => format!("the library's one tag: {}", listed.join(", ")),
        (n, 0) => format!("the library's {n} tags: {}", listed.join(", ")),
        (n, _) => format!(
            "the library's {n} tags: {}, and {more} more",
            listed.join(", ")
        ),
    }
}

/// Why vaults could not be placed: the request, not the dungeon (a dungeon with no room for
/// a vault is not an error; fewer placements come back).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum VaultError {
    /// A setting lies outside its allowed range (`count`), as the generators' settings
    /// say it: a front end renames the field with [`GenerateError::rename_fields`].
    #[error(transparent)]
    Settings(#[from] GenerateError),
    /// A tag that no vault of the library has. The message quotes it cut short and lists a
    /// few of the library's tags and how many there are, so it stays one short line
    /// whatever the tag and the library.
    #[error("no vault has the tag {}; {}", shown(tag), some_tags(known))]
    UnknownTag {
        /// The tag asked for.
        tag: String,
        /// The library's tags, sorted, each once.
        known: Vec<String>,
    },
}
