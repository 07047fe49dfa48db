//! Spawn tables: monsters and items placed in any dungeon, more and tougher with depth.
//!
//! A [`SpawnTable`] lists things by name, each a [`SpawnKind`] (monster or item) with a
//! weight by depth ([`Steps`], the tutorial's `from_dungeon_level`) and an optional most
//! per place; the table also says, by depth, how many monsters and items a place gets at
//! most, and may say how many one level gets at most. [`SpawnTable::place`] puts them in a dungeon's [`places`] (its rooms, or areas
//! for generators without rooms) and adds them to [`Dungeon::spawns`](crate::Dungeon::spawns).
//!
//! ```
//! use mapgen::prelude::*;
//! use mapgen::spawns::{SpawnKind, SpawnTable};
//!
//! // The spawns draw from the seed's stream after the generator (and any vaults).
//! let mut rng = DungeonRng::new(42);
//! let mut dungeon = RoomsSettings::default().generate_with(&mut rng)?;
//! let depth = 3;
//! let placed = SpawnTable::builtin().place(&mut dungeon, depth, &mut rng)?;
//! assert_eq!(placed, dungeon.spawns.len());
//! for spawn in &dungeon.spawns {
//!     assert_ne!(spawn.at, dungeon.start);
//!     println!("{} {} at {}", spawn.kind, spawn.name, spawn.at);
//! }
//! assert!(dungeon.spawns.iter().any(|s| s.kind == SpawnKind::Monster));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! * [`format`](mod@format): the text format, its parser ([`SpawnTable::parse`]) and
//!   printer (`Display`), which round-trip.
//! * [`places`]: where things may go, the seam a region graph will fill later.
//! * [`SpawnTable::place`]: the rules and the draws.
//! * [`SpawnTable::builtin`]: our own table (`builtin.txt`).
//!
//! Based on: the libtcod tutorial's "Monster and item progression"
//! (<https://tomassedovic.github.io/roguelike-tutorial/part-12-monster-item-progression.html>:
//! `from_dungeon_level`, a most per room by level, chances by level) and the bracket-lib
//! tutorial's spawn tables (<http://bfnightly.bracketproductions.com/chapter_12.html>).

mod builtin;
mod error;
pub mod format;
mod place;
mod places;

pub use builtin::BUILTIN_TEXT;
pub use error::{SpawnError, SpawnFileError, SpawnProblem};
pub use places::{AREA_TILES, MIN_AREA_TILES, Place, PlaceOf, places};

use crate::Point;

/// The longest spawn table text read, in bytes (1 MiB).
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// The most entries (monsters and items) one table may hold.
pub const MAX_ENTRIES: usize = 256;
/// The most steps one line may give.
pub const MAX_STEPS: usize = 64;
/// The longest entry name.
pub const MAX_NAME: usize = 64;
/// The largest weight.
pub const MAX_WEIGHT: u32 = 10_000;
/// The most things of one kind a place may get, and the largest `max` of an entry.
pub const MAX_PER_PLACE: u32 = 100;
/// The largest budget of a `level` line: the most things of one kind a level may get.
pub const MAX_PER_LEVEL: u32 = 10_000;

/// What a spawned thing is: the game decides what each does; the library only places it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpawnKind {
    /// Something that acts (`monster` in the format and the JSON).
    Monster,
    /// Something to pick up (`item`).
    Item,
}

impl SpawnKind {
    /// Both kinds, in the order a place gets them.
    pub const ALL: [SpawnKind; 2] = [SpawnKind::Monster, SpawnKind::Item];

    /// The word the format and the JSON use: `monster` or `item`.
    ///
    /// ```
    /// use mapgen::spawns::SpawnKind;
    /// assert_eq!(SpawnKind::Item.word(), "item");
    /// assert_eq!("monster".parse(), Ok(SpawnKind::Monster));
    /// ```
    pub const fn word(self) -> &'static str {
        match self {
            SpawnKind::Monster => "monster",
            SpawnKind::Item => "item",
        }
    }

    /// The format's line that says how many of this kind a place gets: `monsters` or
    /// `items`.
    pub const fn count_word(self) -> &'static str {
        match self {
            SpawnKind::Monster => "monsters",
            SpawnKind::Item => "items",
        }
    }

    /// The format's line that says how many of this kind a level gets: `level monsters`
    /// or `level items`.
    pub const fn level_words(self) -> &'static str {
        match self {
            SpawnKind::Monster => "level monsters",
            SpawnKind::Item => "level items",
        }
    }
}

impl std::fmt::Display for SpawnKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

impl std::str::FromStr for SpawnKind {
    type Err = String;

    /// `monster` or `item`.
    fn from_str(word: &str) -> Result<SpawnKind, String> {
        SpawnKind::ALL
            .into_iter()
            .find(|k| k.word() == word)
            .ok_or_else(|| format!("{word:?} is not a spawn kind; allowed monster, item"))
    }
}

/// A value that changes with depth: steps `(depth, value)`, depths from 1 and rising,
/// each value holding from its depth down to the next step's. Above the first step the
/// value is 0. The libtcod tutorial's `from_dungeon_level` table.
///
/// ```
/// use mapgen::spawns::SpawnTable;
/// let table = SpawnTable::parse("t", "monsters 1:2 4:3\nmonster troll weight 3:15 5:30 7:60\n")?;
/// let troll = &table.entries()[0].weight;
/// assert_eq!(troll.steps(), [(3, 15), (5, 30), (7, 60)]);
/// assert_eq!([1, 2, 3, 4, 5, 6, 7, 100].map(|d| troll.at(d)), [0, 0, 15, 15, 30, 30, 60, 60]);
/// # Ok::<(), mapgen::spawns::SpawnFileError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Steps(Vec<(u32, u32)>);

impl Steps {
    /// The steps, shallowest first.
    pub fn steps(&self) -> &[(u32, u32)] {
        &self.0
    }

    /// The value at `depth`: that of the deepest step at or above it, 0 above the first.
    pub fn at(&self, depth: u32) -> u32 {
        let after = self.0.partition_point(|&(d, _)| d <= depth);
        after.checked_sub(1).map_or(0, |i| self.0[i].1)
    }
}

/// One line of a table: a thing that may be placed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SpawnEntry {
    /// Its name, unique in its table: `[a-z0-9_]+`, at most [`MAX_NAME`] characters.
    pub name: String,
    /// Monster or item.
    pub kind: SpawnKind,
    /// How likely it is picked against the others of its kind, by depth (0 to
    /// [`MAX_WEIGHT`]; 0 never).
    pub weight: Steps,
    /// The most of it one place gets (1 to [`MAX_PER_PLACE`]); `None` for no limit but
    /// the place's count.
    pub max_per_place: Option<u32>,
}

/// A spawn table: how many monsters and items a place gets by depth, optionally how many
/// a whole level gets, and the entries to pick them from. Made by [`SpawnTable::parse`]
/// (or [`SpawnTable::builtin`]), which checks everything, so a table is always valid.
///
/// ```
/// use mapgen::spawns::{SpawnKind, SpawnTable};
/// let text = "monsters 1:2 4:3\nitems 1:1\nlevel monsters 1:6 4:9\nmonster orc max 2 weight 1:80\nitem potion weight 1:35\n";
/// let table = SpawnTable::parse("mine.txt", text)?;
/// assert_eq!(table.most_per_place(SpawnKind::Monster, 5), 3);
/// assert_eq!(table.most_per_level(SpawnKind::Monster, 5), Some(9));
/// assert_eq!(table.most_per_level(SpawnKind::Item, 5), None); // no budget: as many as the places draw
/// assert_eq!(table.entries()[0].max_per_place, Some(2));
/// assert_eq!(table.to_string(), text); // the printer writes what it read
/// # Ok::<(), mapgen::spawns::SpawnFileError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct SpawnTable {
    /// `monsters` and `items` lines, by [`SpawnKind`] order; `None` when not given.
    per_place: [Option<Steps>; 2],
    /// `level monsters` and `level items` lines, likewise.
    per_level: [Option<Steps>; 2],
    entries: Vec<SpawnEntry>,
}

impl SpawnTable {
    /// Reads table text; `file` names it in errors (a path, or `builtin`).
    ///
    /// ```
    /// use mapgen::spawns::SpawnTable;
    /// let err = SpawnTable::parse("mine.txt", "monsters 1:2\nmonster orc weight 3:5 2:9\n");
    /// assert_eq!(
    ///     err.unwrap_err().to_string(),
    ///     "mine.txt:2:24: depth 2 is not deeper than the step before it (3); steps go from shallow to deep"
    /// );
    /// ```
    ///
    /// # Errors
    /// The first problem, as a [`SpawnFileError`] naming `file`, the line and the column.
    pub fn parse(file: &str, text: &str) -> Result<SpawnTable, SpawnFileError> {
        format::parse(file, text)
    }

    /// [`SpawnTable::parse`] of bytes: bytes that are not UTF-8 are an error at the first
    /// bad one.
    ///
    /// ```
    /// use mapgen::spawns::SpawnTable;
    /// let err = SpawnTable::parse_bytes("a.bin", b"monsters 1:1\n\xff").unwrap_err();
    /// assert_eq!(err.to_string(), "a.bin:2:1: not UTF-8 text (a binary file?)");
    /// ```
    ///
    /// # Errors
    /// As [`SpawnTable::parse`].
    pub fn parse_bytes(file: &str, bytes: &[u8]) -> Result<SpawnTable, SpawnFileError> {
        format::parse_bytes(file, bytes)
    }

    /// Our own table (`builtin.txt`), read once: six monsters, weakest first (`rat`,
    /// `kobold`, `goblin`, `archer`, `orc`, `troll`), and two items (`healing_potion`,
    /// `gold`); more of them, and tougher, with depth.
    ///
    /// ```
    /// use mapgen::spawns::{SpawnKind, SpawnTable};
    /// let table = SpawnTable::builtin();
    /// assert!(table.most_per_place(SpawnKind::Monster, 8) > table.most_per_place(SpawnKind::Monster, 1));
    /// assert!(table.get("troll").is_some_and(|t| t.weight.at(1) == 0));
    /// ```
    pub fn builtin() -> &'static SpawnTable {
        builtin::table()
    }

    /// The entries, in file order.
    pub fn entries(&self) -> &[SpawnEntry] {
        &self.entries
    }

    /// The entry named `name`.
    pub fn get(&self, name: &str) -> Option<&SpawnEntry> {
        self.entries.iter().find(|e| e.name == name)
    }

    /// The steps of the `monsters` or `items` line; `None` when the table has none.
    pub fn per_place(&self, kind: SpawnKind) -> Option<&Steps> {
        self.per_place[kind as usize].as_ref()
    }

    /// The most things of `kind` one place gets at `depth`: each place gets a number drawn
    /// uniformly from 0 to this.
    pub fn most_per_place(&self, kind: SpawnKind, depth: u32) -> u32 {
        self.per_place(kind).map_or(0, |steps| steps.at(depth))
    }

    /// The steps of the `level monsters` or `level items` line; `None` when the table has
    /// none.
    pub fn per_level(&self, kind: SpawnKind) -> Option<&Steps> {
        self.per_level[kind as usize].as_ref()
    }

    /// The most things of `kind` one level (one [`SpawnTable::place`]) gets at `depth`, its
    /// budget; `None` when the table has no `level` line for the kind, and then a level
    /// gets what its places draw. Like every step, 0 above the line's first depth.
    ///
    /// ```
    /// use mapgen::spawns::{SpawnKind, SpawnTable};
    /// let table = SpawnTable::parse("t", "items 1:2\nlevel items 2:4 5:6\nitem gold weight 1:1\n")?;
    /// assert_eq!([1, 2, 4, 5].map(|d| table.most_per_level(SpawnKind::Item, d)), [0, 4, 4, 6].map(Some));
    /// assert_eq!(table.most_per_level(SpawnKind::Monster, 1), None);
    /// # Ok::<(), mapgen::spawns::SpawnFileError>(())
    /// ```
    pub fn most_per_level(&self, kind: SpawnKind, depth: u32) -> Option<u32> {
        self.per_level(kind).map(|steps| steps.at(depth))
    }

    /// Whether the table has a `level` line: then its places' counts are drawn first and
    /// thinned to the budgets (see [`SpawnTable::place`]).
    fn has_budget(&self) -> bool {
        self.per_level.iter().any(Option::is_some)
    }

    /// A fingerprint of the table: the 64-bit FNV-1a hash of its printed text. Tables
    /// that print alike place alike; for a saved dungeon to say which table it was made
    /// with. Not a cryptographic hash.
    ///
    /// ```
    /// use mapgen::spawns::SpawnTable;
    /// let a = SpawnTable::parse("a", "items 1:1\nitem gold weight 1:5\n")?;
    /// let same = SpawnTable::parse("b", "# gold only\nitems   1:1\n\nitem gold weight 1:5 # shiny\n")?;
    /// let other = SpawnTable::parse("c", "items 1:1\nitem gold weight 1:6\n")?;
    /// assert_eq!(a.fingerprint(), same.fingerprint());
    /// assert_ne!(a.fingerprint(), other.fingerprint());
    /// # Ok::<(), mapgen::spawns::SpawnFileError>(())
    /// ```
    pub fn fingerprint(&self) -> u64 {
        // FNV-1a, 64 bits: <http://www.isthe.com/chongo/tech/comp/fnv/>.
        const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
        const PRIME: u64 = 0x0100_0000_01b3;
        self.to_string()
            .bytes()
            .fold(OFFSET, |hash, b| (hash ^ u64::from(b)).wrapping_mul(PRIME))
    }
}

/// One thing placed: an entry of [`Dungeon::spawns`](crate::Dungeon::spawns), and of the
/// `spawns` array of the `mapgen` command's JSON (`{"name", "kind", "x", "y"}`).
///
/// ```
/// use mapgen::Point;
/// use mapgen::spawns::{Spawn, SpawnKind};
/// // A game may add its own (a key, a boss) before placing a table: their tiles are taken.
/// let key = Spawn::new("key", SpawnKind::Item, Point::new(3, 4));
/// assert_eq!((key.name.as_str(), key.at.x), ("key", 3));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Spawn {
    /// The entry's name.
    pub name: String,
    /// Monster or item.
    pub kind: SpawnKind,
    /// Its tile.
    pub at: Point,
}

impl Spawn {
    /// A thing named `name` of `kind` at `at`.
    pub fn new(name: impl Into<String>, kind: SpawnKind, at: Point) -> Spawn {
        Spawn {
            name: name.into(),
            kind,
            at,
        }
    }
}
