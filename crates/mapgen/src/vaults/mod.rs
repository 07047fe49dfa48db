//! Prefab vaults: hand-made rooms written in a text file, stamped into any generated
//! [`Dungeon`](crate::Dungeon) with its connectivity kept.
//!
//! ```
//! use mapgen::prelude::*;
//! use mapgen::vaults::{VaultLibrary, VaultSettings, place_vaults};
//!
//! // The vaults draw from the generator's stream after it: one seed names both.
//! let mut rng = DungeonRng::new(42);
//! let mut dungeon = RoomsSettings::default().generate_with(&mut rng)?;
//! let settings = VaultSettings { count: 3, ..VaultSettings::default() };
//! let placed = place_vaults(&mut dungeon, VaultLibrary::builtin(), &settings, &mut rng)?;
//! assert!(placed <= 3); // fewer fits than asked is not an error
//! for p in &dungeon.vaults {
//!     println!("{} at {},{} ({}x{})", p.name, p.x, p.y, p.width, p.height);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! * [The format](#the-format): the text [`VaultLibrary::parse`] reads and `Display`
//!   prints, which round-trip.
//! * [`transform`]: mirror, then turn clockwise; a vault's distinct orientations.
//! * [`place_vaults`] and [`VaultPlan`]: the placement step any generator's dungeon can go
//!   through; the rules, and how the candidate search scales, are on [`place_vaults`].
//! * [`VaultLibrary::builtin`]: our own library of vaults.
//!
//! # The format
//!
//! ```text
//! name: shrine_closet
//! weight: 10
//! transforms: all
//! unique: none
//! tags: shrine small
//! legend: _=.
//! map:
//! #####
//! #._.#
//! ##@##
//! ---
//! name: next_vault
//! ...
//! ```
//!
//! A vault is its header, `field: value` lines in any order (blank lines between them are
//! skipped), then `map:` and its rows, one per line, up to a line `---` or the end. Rows
//! are taken as written from the first column: a space is a glyph (leave the base map as
//! it is) and nothing is stripped, except a `\r` before the line end, empty lines after
//! the last row and a UTF-8 byte order mark at the start of the text.
//!
//! Based on: DCSS's vault files (`crawl-ref/docs/develop/levels/syntax.txt`: a map of
//! glyphs with a name, weight, tags and orientation rules) and the bracket-lib tutorial's
//! room vaults (<http://bfnightly.bracketproductions.com/chapter_35.html>), checked here
//! for fit and connectivity.

mod board;
mod builtin;
mod error;
mod format;
mod place;
mod stencil;
mod topology;
pub mod transform;

pub use builtin::BUILTIN_TEXT;
pub(crate) use error::shown;
pub use error::{VaultError, VaultFileError, VaultProblem};
pub use place::{Placement, VaultPlan, VaultSettings, place_vaults};
pub use transform::{Glyphs, Orientation, Rotation, Transforms};

use crate::Tile;

/// The longest vault text read, in bytes (1 MiB: hundreds of vaults).
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// The most vaults one text may hold.
pub const MAX_VAULTS: usize = 1024;
/// The longest side of a vault, in tiles.
pub const MAX_SIDE: usize = 64;
/// The longest vault name.
pub const MAX_NAME: usize = 64;
/// The weight of a vault that gives none.
pub const DEFAULT_WEIGHT: u32 = 10;
/// The largest weight.
pub const MAX_WEIGHT: u32 = 10_000;
/// The longest tag.
pub const MAX_TAG: usize = 32;
/// The most tags one vault may have.
pub const MAX_TAGS: usize = 16;

/// One hand-made vault, as read from a file: its header fields and its glyph rows.
///
/// ```
/// use mapgen::vaults::{Transforms, VaultLibrary};
/// let text = "name: closet\nweight: 3\ntransforms: rotate\ntags: small\nmap:\n###\n#.#\n#@#\n";
/// let library = VaultLibrary::parse("closet.txt", text)?;
/// let closet = &library.vaults()[0];
/// assert_eq!((closet.name(), closet.weight(), closet.transforms()), ("closet", 3, Transforms::Rotate));
/// assert_eq!(closet.glyphs().rows(), ["###", "#.#", "#@#"]);
/// assert_eq!(closet.to_string(), "name: closet\nweight: 3\ntransforms: rotate\nunique: none\ntags: small\nmap:\n###\n#.#\n#@#\n");
/// # Ok::<(), mapgen::vaults::VaultFileError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vault {
    name: String,
    weight: u32,
    transforms: Transforms,
    unique: Unique,
    tags: Vec<String>,
    legend: Vec<LegendEntry>,
    glyphs: Glyphs,
    /// Its orientations prepared for placement, made when first placed.
    stencils: StencilCache,
}

/// A vault's prepared orientations, made on first use and kept: not part of what the
/// vault is (equality and `Debug` ignore it).
#[derive(Clone, Default)]
struct StencilCache(std::sync::OnceLock<Vec<stencil::Stencil>>);

impl PartialEq for StencilCache {
    fn eq(&self, _: &StencilCache) -> bool {
        true
    }
}

impl Eq for StencilCache {}

impl std::fmt::Debug for StencilCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StencilCache")
    }
}

/// How often a vault may appear: the format's `unique:` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Unique {
    /// Any number of times (`none`, the default).
    #[default]
    None,
    /// At most once per dungeon (`level`).
    Level,
}

impl Unique {
    /// The word the format uses.
    pub const fn word(self) -> &'static str {
        match self {
            Unique::None => "none",
            Unique::Level => "level",
        }
    }
}

/// A glyph of the vault's own, `GLYPH=BASE` in its legend: it stamps a tile with the
/// flags of the built-in tile `BASE` that prints as `GLYPH` (a
/// [`Tile::with_glyph`]), so `S=+` is a secret door, walkable and opaque like a door, and
/// `$=.` treasure on the floor. The built-in glyphs cannot be given another meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LegendEntry {
    /// The glyph used in the rows.
    pub glyph: char,
    /// `#`, `.`, `+` or `~`: whose flags it has.
    pub base: char,
}

/// What one glyph of a vault does to the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VaultCell {
    /// A space: the base map stays as it is.
    Keep,
    /// The tile put there; `entrance` for `@` (stamped as floor).
    Stamp {
        /// The tile.
        tile: Tile,
        /// True for an entrance.
        entrance: bool,
    },
}

impl Vault {
    /// The vault's name, unique in its file: `[a-z0-9_]+`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How likely it is picked against the others: a vault of weight 20 twice as often as
    /// one of 10, among those that fit.
    pub const fn weight(&self) -> u32 {
        self.weight
    }

    /// Which orientations it may be laid in.
    pub const fn transforms(&self) -> Transforms {
        self.transforms
    }

    /// How often it may appear in one dungeon.
    pub const fn unique(&self) -> Unique {
        self.unique
    }

    /// Its tags, as written.
    pub fn tags(&self) -> &[String] {
        &self.tags
    }

    /// Its own glyphs.
    pub fn legend(&self) -> &[LegendEntry] {
        &self.legend
    }

    /// Its rows as written, untransformed.
    pub const fn glyphs(&self) -> &Glyphs {
        &self.glyphs
    }

    /// What `glyph` stamps in this vault; `None` for a glyph it does not use.
    ///
    /// ```
    /// use mapgen::Tile;
    /// use mapgen::vaults::{VaultCell, VaultLibrary};
    /// let library = VaultLibrary::parse("x", "name: nook\nlegend: S=+\nmap:\n###\n#S#\n#.#\n#@#\n")?;
    /// let nook = &library.vaults()[0];
    /// let secret = Tile::DOOR.with_glyph('S')?;
    /// assert_eq!(nook.cell(b'S'), Some(VaultCell::Stamp { tile: secret, entrance: false }));
    /// assert_eq!(nook.cell(b'@'), Some(VaultCell::Stamp { tile: Tile::FLOOR, entrance: true }));
    /// assert_eq!(nook.cell(b' '), Some(VaultCell::Keep));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cell(&self, glyph: u8) -> Option<VaultCell> {
        format::header_cell(&self.legend, char::from(glyph))
    }

    /// The distinct orientations `transforms` allows, with the glyphs of each: placement
    /// picks uniformly among these.
    ///
    /// ```
    /// use mapgen::vaults::VaultLibrary;
    /// let hall = VaultLibrary::builtin().get("pillared_hall").unwrap();
    /// // `transforms: rotate`, and a half turn gives the same glyphs.
    /// assert_eq!(hall.orientations().len(), 2);
    /// ```
    pub fn orientations(&self) -> Vec<(Orientation, Glyphs)> {
        self.glyphs.distinct_orientations(self.transforms)
    }

    /// The distinct orientations prepared for placement, in the order of
    /// [`Vault::orientations`].
    fn stencils(&self) -> &[stencil::Stencil] {
        self.stencils.0.get_or_init(|| {
            let orientations = self.orientations();
            orientations
                .iter()
                .map(|(o, g)| stencil::Stencil::new(self, *o, g))
                .collect()
        })
    }
}

/// The vaults of one file (or of the built-in library): names unique, each checked, and
/// each legend glyph meaning the same in every vault that uses it (so a map's tiles of
/// one's own have one glyph each).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct VaultLibrary {
    vaults: Vec<Vault>,
}

impl VaultLibrary {
    /// Reads vault text; `file` names it in errors (a path, or `builtin`).
    ///
    /// ```
    /// use mapgen::vaults::VaultLibrary;
    /// let text = "name: a\nmap:\n#@#\n---\nname: b\nweight: 5\nmap:\n#@#\n#.#\n###\n";
    /// let library = VaultLibrary::parse("two.txt", text)?;
    /// assert_eq!(library.vaults().len(), 2);
    /// // The printer writes what the parser reads back.
    /// assert_eq!(VaultLibrary::parse("again", &library.to_string())?, library);
    /// let err = VaultLibrary::parse("two.txt", "name: a\nmap:\n#@#\n---\nname: a\nmap:\n#@#\n");
    /// assert_eq!(
    ///     err.unwrap_err().to_string(),
    ///     "two.txt:5:7: name: \"a\" is already the name of the vault at line 1"
    /// );
    /// # Ok::<(), mapgen::vaults::VaultFileError>(())
    /// ```
    ///
    /// # Errors
    /// The first problem, as a [`VaultFileError`] naming `file`, the line, the column and
    /// the field.
    pub fn parse(file: &str, text: &str) -> Result<VaultLibrary, VaultFileError> {
        format::parse(file, text)
    }

    /// [`VaultLibrary::parse`] of bytes: bytes that are not UTF-8 are an error at the first
    /// bad one, so a binary file is refused with its line and column.
    ///
    /// ```
    /// use mapgen::vaults::VaultLibrary;
    /// let err = VaultLibrary::parse_bytes("a.bin", b"name: a\nmap:\n#\xff#\n").unwrap_err();
    /// assert_eq!(err.to_string(), "a.bin:3:2: file: not UTF-8 text (a binary file?)");
    /// ```
    ///
    /// # Errors
    /// As [`VaultLibrary::parse`].
    pub fn parse_bytes(file: &str, bytes: &[u8]) -> Result<VaultLibrary, VaultFileError> {
        format::parse_bytes(file, bytes)
    }

    /// Our own library of vaults (`builtin.txt`), read once.
    ///
    /// ```
    /// let library = mapgen::vaults::VaultLibrary::builtin();
    /// assert!(library.vaults().len() >= 20);
    /// assert!(library.get("pillared_hall").is_some());
    /// ```
    pub fn builtin() -> &'static VaultLibrary {
        builtin::library()
    }

    /// The vaults, in file order.
    pub fn vaults(&self) -> &[Vault] {
        &self.vaults
    }

    /// The vault named `name`.
    pub fn get(&self, name: &str) -> Option<&Vault> {
        self.vaults.iter().find(|v| v.name == name)
    }

    /// Every tag of every vault, sorted, each once.
    pub fn tags(&self) -> Vec<&str> {
        let mut tags: Vec<&str> = self
            .vaults
            .iter()
            .flat_map(|v| v.tags.iter().map(String::as_str))
            .collect();
        tags.sort_unstable();
        tags.dedup();
        tags
    }

    /// The tiles of one's own the vaults stamp (their legends' glyphs), each once, sorted
    /// by glyph: what [`Map::from_ascii_with`](crate::Map::from_ascii_with) needs to read a
    /// printed map with these vaults back.
    ///
    /// ```
    /// use mapgen::prelude::*;
    /// use mapgen::vaults::{VaultLibrary, VaultSettings, place_vaults};
    /// let library = VaultLibrary::builtin();
    /// let mut rng = DungeonRng::new(1);
    /// let mut dungeon = RoomsSettings::default().generate_with(&mut rng)?;
    /// let settings = VaultSettings { count: 5, ..VaultSettings::default() };
    /// place_vaults(&mut dungeon, library, &settings, &mut rng)?;
    /// let text = dungeon.map.to_string();
    /// assert_eq!(Map::from_ascii_with(&text, &library.tiles())?, dungeon.map);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tiles(&self) -> Vec<Tile> {
        let mut tiles: Vec<Tile> = self
            .vaults
            .iter()
            .flat_map(|v| v.legend.iter())
            .filter_map(|e| format::legend_tile(*e))
            .collect();
        tiles.sort_unstable_by_key(|t| t.glyph());
        tiles.dedup();
        tiles
    }

    /// A fingerprint of the library: the 64-bit FNV-1a hash of its printed text (its
    /// `Display`). Libraries that print alike place alike; any change that can change a
    /// placement (a vault, its order, a weight, a glyph) changes the printed text. For a
    /// saved dungeon to say which library it was made with; not a cryptographic hash.
    ///
    /// ```
    /// use mapgen::vaults::VaultLibrary;
    /// let a = VaultLibrary::parse("a", "name: a\nmap:\n#@#\n")?;
    /// let same = VaultLibrary::parse("b", "\nname: a\nweight: 10\n\nmap:\n#@#\n")?;
    /// let other = VaultLibrary::parse("c", "name: a\nweight: 11\nmap:\n#@#\n")?;
    /// assert_eq!(a.fingerprint(), same.fingerprint());
    /// assert_ne!(a.fingerprint(), other.fingerprint());
    /// # Ok::<(), mapgen::vaults::VaultFileError>(())
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
