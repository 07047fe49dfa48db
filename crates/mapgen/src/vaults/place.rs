//! Placing vaults in a dungeon: the rules, and a search that never misses a fit.
//!
//! The rules and the search are documented on [`place_vaults`].

use crate::generators::Generator;
use crate::record::{DiffRecorder, NoRecorder, Recorder, Recording};
use crate::{Dungeon, DungeonRng, GenerateError, Point, Shape};

use super::board::{Board, Footprint, at};
use super::error::VaultError;
use super::stencil::Stencil;
use super::topology::{Scratch, Topology, keeps_connected, stamp_open};
use super::transform::{Orientation, Rotation};
use super::{Unique, VaultCell, VaultLibrary};

/// How many vaults to place, and which.
///
/// ```
/// let settings = mapgen::vaults::VaultSettings::default();
/// assert_eq!(settings.count, 1);
/// assert!(settings.tags.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VaultSettings {
    /// How many vaults to place, `0..=`[`VaultSettings::MAX_COUNT`]; default 1. Fewer are
    /// placed when fewer fit.
    pub count: u32,
    /// Only vaults with at least one of these tags (any of them); empty (the default) for
    /// every vault.
    pub tags: Vec<String>,
}

impl Default for VaultSettings {
    fn default() -> Self {
        VaultSettings {
            count: 1,
            tags: Vec::new(),
        }
    }
}

impl VaultSettings {
    /// The most vaults one dungeon may be asked for.
    pub const MAX_COUNT: u32 = 64;

    /// Checks the settings against `library`, naming the first bad one.
    ///
    /// ```
    /// use mapgen::vaults::{VaultLibrary, VaultSettings};
    /// let library = VaultLibrary::builtin();
    /// let too_many = VaultSettings { count: 65, ..VaultSettings::default() };
    /// assert_eq!(too_many.validate(library).unwrap_err().to_string(), "count is 65; allowed 0..=64");
    /// let odd = VaultSettings { tags: vec!["kitchen".into()], ..VaultSettings::default() };
    /// assert!(odd.validate(library).unwrap_err().to_string().starts_with("no vault has the tag \"kitchen\""));
    /// ```
    ///
    /// # Errors
    /// [`VaultError::Settings`] for `count` ([`GenerateError::OutOfRange`], so a front end
    /// renames the field as it renames the generators'), [`VaultError::UnknownTag`] for a
    /// tag no vault of `library` has.
    pub fn validate(&self, library: &VaultLibrary) -> Result<(), VaultError> {
        GenerateError::check_range(
            "count",
            i64::from(self.count),
            0,
            i64::from(VaultSettings::MAX_COUNT),
        )?;
        let known = library.tags();
        if let Some(tag) = self.tags.iter().find(|t| !known.contains(&t.as_str())) {
            return Err(VaultError::UnknownTag {
                tag: tag.clone(),
                known: known.iter().map(|&t| t.to_owned()).collect(),
            });
        }
        Ok(())
    }
}

/// Where one vault went: an entry of [`Dungeon::vaults`], and of the `vaults` array of
/// the `mapgen` command's JSON.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Placement {
    /// The vault's name.
    pub name: String,
    /// Column of the footprint's top-left tile.
    pub x: i32,
    /// Row of the footprint's top-left tile.
    pub y: i32,
    /// Footprint width, after the transform.
    pub width: i32,
    /// Footprint height, after the transform.
    pub height: i32,
    /// The vault's rows were flipped left to right first.
    pub mirror: bool,
    /// Then it was turned clockwise by this much (saved as degrees: 0, 90, 180, 270).
    pub rotate: Rotation,
}

impl Placement {
    /// A placement; for loading saved dungeons (the placement step makes its own).
    pub(crate) fn new(name: String, corner: Point, size: (i32, i32), o: Orientation) -> Placement {
        Placement {
            name,
            x: corner.x,
            y: corner.y,
            width: size.0,
            height: size.1,
            mirror: o.mirror,
            rotate: o.rotate,
        }
    }

    /// How the vault was laid: its mirror and turn.
    pub const fn orientation(&self) -> Orientation {
        Orientation {
            mirror: self.mirror,
            rotate: self.rotate,
        }
    }

    /// True when tile `p` lies in the footprint (spaces included).
    ///
    /// ```
    /// use mapgen::prelude::*;
    /// use mapgen::vaults::{VaultLibrary, VaultSettings, place_vaults};
    /// let mut dungeon = RoomsSettings::default().generate(3)?;
    /// place_vaults(&mut dungeon, VaultLibrary::builtin(), &VaultSettings::default(), &mut DungeonRng::new(3))?;
    /// let vault = &dungeon.vaults[0];
    /// assert!(vault.contains(Point::new(vault.x, vault.y)));
    /// assert!(!vault.contains(Point::new(vault.x + vault.width, vault.y)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn contains(&self, p: Point) -> bool {
        // In i64: the fields are public and may hold anything.
        let (dx, dy) = (p.x as i64 - self.x as i64, p.y as i64 - self.y as i64);
        dx >= 0 && dy >= 0 && dx < self.width as i64 && dy < self.height as i64
    }
}

/// What the search did: for the tests that tune it, not part of the output.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct SearchStats {
    /// Positions looked at by the cheap rules (1 to 4).
    pub positions: u64,
    /// (vault, orientation) pairs enumerated.
    pub pools: u64,
    /// Positions drawn.
    pub draws: u64,
    /// Draws that failed rule 5.
    pub rejected: u64,
    /// Rule-5 checks settled at once: nothing reached was covered.
    pub trivial: u64,
    /// Rule-5 checks that searched the window around the footprint.
    pub local: u64,
    /// Rule-5 checks that counted pieces with the Euler number.
    pub euler: u64,
    /// Rule-5 checks that searched a wider window.
    pub wide: u64,
    /// Rule-5 checks that searched the whole map (until the pieces met).
    pub global: u64,
    /// Stamps that cut a wall component in two, so that the labels had to be made again
    /// (when a later check needed them).
    pub relabels: u64,
    /// Tiles the rule-5 checks looked at, in all: what [`check_budget`] bounds.
    pub work: u64,
}

/// Tiles the rule-5 checks of one call may look at, in all, per tile of the map: with the
/// floor below, what bounds the search when positions pass rules 1 to 4 by the thousand
/// and fail rule 5 (solid vaults on a maze: every covered corridor cuts it).
const CHECK_WORK_PER_TILE: u64 = 64;
/// The least the checks may look at, whatever the map: small maps check every position.
const CHECK_WORK_FLOOR: u64 = 1 << 22;

/// The rule-5 work one call may do on `board`.
fn check_budget(board: &Board) -> u64 {
    (board.open.len() as u64 * CHECK_WORK_PER_TILE).max(CHECK_WORK_FLOOR)
}

/// Places up to `settings.count` vaults of `library` in `dungeon`, drawing from `rng`, and
/// returns how many it placed; each is added to [`Dungeon::vaults`]. Fewer fits than asked
/// is not an error.
///
/// Draw from the generator's own stream after it has made the dungeon (as
/// [`VaultPlan::generate`] does), so that one seed names both and the dungeon under the
/// vaults is the one the seed names without them.
///
/// ```
/// use mapgen::prelude::*;
/// use mapgen::vaults::{VaultLibrary, VaultSettings, place_vaults};
///
/// let base = RoomsSettings::default().generate(7)?;
/// let settings = VaultSettings { count: 5, ..VaultSettings::default() };
/// let (mut a, mut b) = (base.clone(), base.clone());
/// let placed = place_vaults(&mut a, VaultLibrary::builtin(), &settings, &mut DungeonRng::new(1))?;
/// place_vaults(&mut b, VaultLibrary::builtin(), &settings, &mut DungeonRng::new(1))?;
/// assert_eq!(a, b); // the seed names the result
/// assert_eq!(a.vaults.len(), placed);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # The rules
///
/// A vault laid in one orientation with its footprint's top-left tile at `(x, y)` is a
/// *fit* when:
///
/// 1. the footprint (the rectangle of its rows, spaces included) lies inside the map less
///    its border;
/// 2. its stamped tiles (not spaces) cover only base [`Tile::FLOOR`](crate::Tile::FLOOR)
///    or [`Tile::WALL`](crate::Tile::WALL); in a grid of rooms ([`Layout::Grid`](crate::Layout::Grid)),
///    only the middle of a room: its floor less the ring of floor along its walls (so no
///    door is touched, no two rooms are joined, and every door of a room still reaches
///    every other through the ring);
/// 3. the footprint holds neither the start nor the exit (as the dungeon came in), and
///    keeps one free tile between itself and every vault placed before (in
///    [`Dungeon::vaults`]);
/// 4. every entrance touches, outside the stamped tiles, a walkable tile the start
///    reaches;
/// 5. once stamped, every walkable tile the start reached is still reached, and so is
///    every walkable tile of the vault.
///
/// A `unique: level` vault already in [`Dungeon::vaults`] is not placed again. After the
/// stamps the dungeon keeps its promises: the start is as it was, [`Dungeon::exit`] (worked
/// out from the map) follows the new tiles, and a room whose floor a vault changed is
/// dropped from [`Dungeon::rooms`] (a room's floor is all walkable and exactly
/// [`Rect::inner`](crate::Rect::inner)). A grid's room graph is kept whole: its doors and
/// the walks between them are as they were.
///
/// # The search
///
/// Each vault placed is chosen in three draws from `rng`: a vault by weight among the
/// eligible ones (any of `settings.tags`, `unique: level`), an orientation uniformly among
/// its distinct allowed ones, and a position uniformly among its fits. A vault or an
/// orientation with no fit is dropped and the draw made again among the rest, so a fit is
/// never missed: if any vault fits anywhere, one is placed. (One bound comes first: the
/// rule-5 checks of one call look at no more than 64 tiles per tile of the map, or 2^22
/// if more; past that, no more vaults are placed. Only maps where positions pass rules 1
/// to 4 by the thousand and fail rule 5, such as solid vaults on a maze, come near it.)
///
/// The position: the footprint's top-left tiles that rule 1 allows are numbered in row
/// order. On a large map (more than 16,384 of them), up to 64 numbers are first drawn
/// uniformly from all of them, and the first that is a fit is taken. Otherwise (and always on a small map) every position
/// where rules 1 to 4 hold is listed in row order, and positions are drawn from the list,
/// each that fails rule 5 removed, until one passes or the list is empty. Both ways give
/// each fit the same chance: a uniform draw that lands on a fit is uniform among the fits
/// (each fit is one number of the same range), and a uniform draw from the list that is
/// kept only if it fits is uniform among the fits in the list, which are all the fits; the
/// mix of two uniform draws over the same fits is uniform over them. The checks are exact
/// (no fit is judged a misfit), so the first way never misses a fit the second would find.
///
/// # How it scales
///
/// With W·H tiles, P positions for a (vault, orientation), F of them fits, and a
/// footprint of A tiles:
///
/// * Once per call, O(W·H): a copy of the walkable flags and a breadth-first search from
///   the start (the reached tiles and the exit: the same search [`Dungeon::exit`] makes).
///   When a check first needs them, the wall labels: runs of wall per row joined by
///   union-find, O(W·H) time and O(runs) memory.
/// * Rules 1 to 4: O(1) per position (a few reads for the entrances; rectangle sums from a
///   summed-area table for the tiles a vault may not cover, when the map has any), row by
///   row over slices so that the compiler vectorises them, and only between the first and
///   last reached tile of the rows the entrances look at.
/// * Rule 5, on positions drawn only: O(A) (the Euler number of the walls says how many
///   pieces a covered footprint leaves, from the quads and wall labels around it), a
///   search of the whole map only when pieces may meet far away, and then only until they
///   have met.
/// * Per vault placed: O(1/density) draws when fits are common; O(P) to enumerate plus
///   about P/F checks of O(A) when they are rare; O(P) per orientation of every vault when
///   nothing fits (each (vault, orientation) found empty is not enumerated again).
/// * All the rule-5 checks of one call together: at most 64·W·H tiles looked at (or 2^22
///   on a small map), however many positions fail them: positions that pass rules 1 to 4
///   and fail rule 5 would otherwise cost O(P·A).
///
/// Linear in the number of candidates and the map; on a 1000x1000 map of rooms the search
/// itself costs less than the breadth-first search from the start.
///
/// # Errors
/// As [`VaultSettings::validate`].
pub fn place_vaults(
    dungeon: &mut Dungeon,
    library: &VaultLibrary,
    settings: &VaultSettings,
    rng: &mut DungeonRng,
) -> Result<usize, VaultError> {
    settings.validate(library)?;
    Ok(place_checked(dungeon, library, settings, rng, &mut NoRecorder).0)
}

/// A library and the settings to place its vaults with, checked together once: what a
/// program keeps to put vaults in every dungeon it makes.
///
/// ```
/// use mapgen::generators::{Generator, GeneratorKind};
/// use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
/// let settings = VaultSettings { count: 4, tags: vec!["shrine".into()] };
/// let plan = VaultPlan::new(VaultLibrary::builtin().clone(), settings)?;
/// let dungeon = plan.generate(&Generator::with_defaults(GeneratorKind::Bsp), 9)?;
/// assert!(dungeon.vaults.iter().all(|p| {
///     plan.library().get(&p.name).is_some_and(|v| v.tags().iter().any(|t| t == "shrine"))
/// }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VaultPlan {
    library: VaultLibrary,
    settings: VaultSettings,
}

impl VaultPlan {
    /// The plan to place `settings`' vaults of `library`.
    ///
    /// # Errors
    /// As [`VaultSettings::validate`].
    pub fn new(library: VaultLibrary, settings: VaultSettings) -> Result<VaultPlan, VaultError> {
        settings.validate(&library)?;
        Ok(VaultPlan { library, settings })
    }

    /// The library.
    pub fn library(&self) -> &VaultLibrary {
        &self.library
    }

    /// The settings.
    pub fn settings(&self) -> &VaultSettings {
        &self.settings
    }

    /// [`place_vaults`] with this plan's library and settings, which are valid: returns
    /// how many vaults were placed.
    pub fn place(&self, dungeon: &mut Dungeon, rng: &mut DungeonRng) -> usize {
        place_checked(dungeon, &self.library, &self.settings, rng, &mut NoRecorder).0
    }

    /// The dungeon `generator` makes from `seed`, with this plan's vaults placed from the
    /// same stream after it: one seed names both, and the dungeon under the vaults is the
    /// one `generator.generate(seed)` makes.
    ///
    /// # Errors
    /// The generator's.
    pub fn generate(&self, generator: &Generator, seed: u64) -> Result<Dungeon, GenerateError> {
        let mut rng = DungeonRng::new(seed);
        let mut dungeon = generator.generate_with(&mut rng)?;
        self.place(&mut dungeon, &mut rng);
        Ok(dungeon)
    }

    /// [`VaultPlan::generate`] and the recording of it: the generator's steps, then one
    /// step per vault placed ("vault placed"), as
    /// [`Generate::record`](crate::generators::Generate::record) records.
    ///
    /// ```
    /// use mapgen::generators::{Generator, GeneratorKind};
    /// use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
    /// let plan = VaultPlan::new(VaultLibrary::builtin().clone(), VaultSettings::default())?;
    /// let generator = Generator::with_defaults(GeneratorKind::Rooms);
    /// let (dungeon, recording) = plan.record(&generator, 42)?;
    /// assert_eq!(dungeon, plan.generate(&generator, 42)?);
    /// assert_eq!(recording.replay()?, dungeon.map);
    /// let vaults = recording.steps().filter(|s| s.caption.text() == "vault placed").count();
    /// assert_eq!(vaults, dungeon.vaults.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The generator's.
    pub fn record(
        &self,
        generator: &Generator,
        seed: u64,
    ) -> Result<(Dungeon, Recording), GenerateError> {
        let mut rng = DungeonRng::new(seed);
        let mut recorder = DiffRecorder::new();
        let mut dungeon = generator.generate_recorded_with(&mut rng, &mut recorder)?;
        place_checked(
            &mut dungeon,
            &self.library,
            &self.settings,
            &mut rng,
            &mut recorder,
        );
        let recording = recorder.finish(&dungeon.map);
        Ok((dungeon, recording))
    }
}

/// The placement step on settings already checked against the library.
fn place_checked(
    dungeon: &mut Dungeon,
    library: &VaultLibrary,
    settings: &VaultSettings,
    rng: &mut DungeonRng,
    recorder: &mut impl Recorder,
) -> (usize, SearchStats) {
    let mut search = Search::new(dungeon, library, settings);
    let mut placed = 0;
    for _ in 0..settings.count {
        let Some((vault, orientation, origin)) = search.next(rng) else {
            break;
        };
        let stencil = &search.stencils[vault][orientation];
        stamp(dungeon, stencil, origin);
        recorder.step("vault placed", &dungeon.map);
        let corner = origin - Point::new(1, 1);
        let size = (stencil.width(), stencil.height());
        let name = library.vaults()[vault].name().to_owned();
        dungeon
            .vaults
            .push(Placement::new(name, corner, size, stencil.orientation));
        search.record(vault, orientation, origin);
        placed += 1;
    }
    (placed, search.stats)
}

/// Writes the vault's stamped tiles into the map at padded `origin`, and drops the rooms
/// whose floor changed.
fn stamp(dungeon: &mut Dungeon, stencil: &Stencil, origin: Point) {
    // The footprint's top-left tile on the map.
    let corner = origin - Point::new(1, 1);
    let mut changed = Vec::new();
    for &d in &stencil.covered {
        let at = corner + d;
        if let Some(&VaultCell::Stamp { tile, .. }) = stencil.cells.get(d)
            && dungeon.map.tile(at) != tile
        {
            dungeon.map.set(at, tile);
            changed.push(at);
        }
    }
    let (x0, y0) = (corner.x, corner.y);
    let (x1, y1) = (x0 + stencil.width(), y0 + stencil.height());
    dungeon.rooms.retain(|room| {
        let (cols, rows) = room.inner();
        let apart = cols.end <= x0 || cols.start >= x1 || rows.end <= y0 || rows.start >= y1;
        apart
            || !changed
                .iter()
                .any(|p| cols.contains(&p.x) && rows.contains(&p.y))
    });
}

/// Positions drawn from a (vault, orientation)'s whole range before its fits are
/// enumerated, on large maps: when fits are common (most maps) one of these lands on one
/// and the enumeration is skipped.
const SAMPLES_BEFORE_ENUMERATION: u32 = 64;

/// Ranges of at most this many positions (the tutorial's 80x45 map has about 2,500) are
/// always enumerated: drawing first would save nothing worth the explaining.
const ENUMERATE_AT_MOST: u64 = 16_384;

/// The state of one call: the board, the prepared stencils and what is known to fit.
struct Search<'l> {
    library: &'l VaultLibrary,
    board: Board,
    /// The wall labels, made when a check first needs them.
    topology: Option<Topology>,
    scratch: Scratch,
    /// Each vault's distinct orientations, prepared; empty for vaults the tags leave out.
    stencils: Vec<&'l [Stencil]>,
    /// Per vault and orientation: true once rules 1 to 4 left no position. They only
    /// grow stricter as vaults are placed, so this holds for the rest of the call.
    never: Vec<Vec<bool>>,
    /// Vaults already placed, for `unique: level`.
    used: Vec<bool>,
    stats: SearchStats,
    /// The rule-5 work this call may do ([`check_budget`]).
    budget: u64,
    /// Row buffers for the enumeration.
    row_ok: Vec<u8>,
    row_any: Vec<u8>,
}

/// The footprint positions of a stencil that rule 1 allows: padded top-left tiles from
/// `first` to `last`, both included.
#[derive(Clone, Copy)]
struct Range {
    first: Point,
    last: Point,
}

impl Range {
    fn of(board: &Board, stencil: &Stencil) -> Option<Range> {
        // Inside the map less its border: padded 2 ..= width - 3, the footprint included.
        let (pw, ph) = (board.shape.width(), board.shape.height());
        let r = Range {
            first: Point::new(2, 2),
            last: Point::new(pw - 2 - stencil.width(), ph - 2 - stencil.height()),
        };
        (r.last.x >= r.first.x && r.last.y >= r.first.y).then_some(r)
    }

    /// The positions, numbered row by row from `first`.
    fn shape(&self) -> Shape {
        let size = self.last - self.first + Point::new(1, 1);
        Shape::with_sides(size.x, size.y)
    }

    fn len(&self) -> u64 {
        self.shape().len() as u64
    }
}

impl<'l> Search<'l> {
    fn new(dungeon: &Dungeon, library: &'l VaultLibrary, settings: &VaultSettings) -> Search<'l> {
        let wanted = |tags: &[String]| {
            settings.tags.is_empty() || tags.iter().any(|t| settings.tags.contains(t))
        };
        let stencils: Vec<&[Stencil]> = library
            .vaults()
            .iter()
            .map(|v| if wanted(v.tags()) { v.stencils() } else { &[] })
            .collect();
        let never = stencils.iter().map(|s| vec![false; s.len()]).collect();
        // Vaults placed before this call: their footprints keep their margin, and a
        // unique one is not placed again.
        let mut board = Board::new(dungeon);
        let placed: Vec<_> = dungeon
            .vaults
            .iter()
            .filter_map(|p| padded_footprint(p, &board))
            .collect();
        board.placed = placed;
        let used = library
            .vaults()
            .iter()
            .map(|v| dungeon.vaults.iter().any(|p| p.name == v.name()))
            .collect();
        Search {
            library,
            budget: check_budget(&board),
            board,
            topology: None,
            scratch: Scratch::default(),
            never,
            used,
            stencils,
            stats: SearchStats::default(),
            row_ok: Vec::new(),
            row_any: Vec::new(),
        }
    }

    /// Draws the next vault, orientation and position: `None` when nothing fits.
    fn next(&mut self, rng: &mut DungeonRng) -> Option<(usize, usize, Point)> {
        let vaults = self.library.vaults();
        // Orientations with no fit this round (rule 5 may change after a stamp).
        let mut spent: Vec<Vec<bool>> = self.never.clone();
        loop {
            let weights: Vec<u32> = (0..vaults.len())
                .map(|v| {
                    let open = spent[v].iter().any(|s| !s);
                    let unique_used = vaults[v].unique() == Unique::Level && self.used[v];
                    if open && !unique_used {
                        vaults[v].weight()
                    } else {
                        0
                    }
                })
                .collect();
            let v = rng.weighted_index(&weights)?;
            loop {
                let left: Vec<usize> = (0..spent[v].len()).filter(|&o| !spent[v][o]).collect();
                if left.is_empty() {
                    break;
                }
                let o = left[rng.below(left.len() as u32) as usize];
                if let Some(origin) = self.draw(v, o, rng) {
                    return Some((v, o, origin));
                }
                spent[v][o] = true;
            }
        }
    }

    /// Draws a position for vault `v` in orientation `o`, uniformly among its fits, or
    /// `None` when it has none. On a large map, first a few positions from the whole
    /// range, each kept if it fits (a uniform draw from the range that lands on a fit is a
    /// uniform draw among the fits); then, if none did (and always on a small map), from
    /// the positions enumerated in row order, so no fit is missed.
    fn draw(&mut self, v: usize, o: usize, rng: &mut DungeonRng) -> Option<Point> {
        let Some(range) = Range::of(&self.board, &self.stencils[v][o]) else {
            self.never[v][o] = true;
            return None;
        };
        let samples = if range.len() <= ENUMERATE_AT_MOST {
            0
        } else {
            SAMPLES_BEFORE_ENUMERATION
        };
        for _ in 0..samples {
            self.stats.draws += 1;
            let k = rng.below_u64(range.len());
            let origin = range.first + range.shape().point_inside(k as usize);
            if !self.obeys_cheap_rules(v, o, origin) {
                continue;
            }
            if self.connected(v, o, origin) {
                return Some(origin);
            }
            self.stats.rejected += 1;
        }
        let pool = self.enumerate(v, o, range);
        if pool.is_empty() {
            self.never[v][o] = true;
            return None;
        }
        self.draw_from(v, o, pool, rng)
    }

    /// Draws from the positions where rules 1 to 4 hold until one keeps the dungeon
    /// connected (rule 5), removing each that does not: uniform among the fits, and each
    /// position checked at most once, so a pool of P positions with F fits costs about
    /// (P + 1) / (F + 1) checks, and P when F is 0.
    fn draw_from(
        &mut self,
        v: usize,
        o: usize,
        mut pool: Vec<u32>,
        rng: &mut DungeonRng,
    ) -> Option<Point> {
        while !pool.is_empty() && self.stats.work < self.budget {
            self.stats.draws += 1;
            let k = rng.below(pool.len() as u32) as usize;
            let origin = self.board.shape.point_inside(pool[k] as usize);
            if self.connected(v, o, origin) {
                return Some(origin);
            }
            self.stats.rejected += 1;
            pool.swap_remove(k);
        }
        None
    }

    /// Rule 5 at `origin`; false once the checks have used up [`check_budget`].
    fn connected(&mut self, v: usize, o: usize, origin: Point) -> bool {
        if self.stats.work >= self.budget {
            return false;
        }
        let stencil = &self.stencils[v][o];
        keeps_connected(
            &self.board,
            &mut self.topology,
            stencil,
            origin,
            &mut self.scratch,
            &mut self.stats,
        )
    }

    /// Rules 1 to 4 at one position (inside the range, so rule 1 holds).
    fn obeys_cheap_rules(&self, v: usize, o: usize, origin: Point) -> bool {
        let (stencil, board) = (&self.stencils[v][o], &self.board);
        let (ox, oy) = (origin.x, origin.y);
        let (x1, y1) = (ox + stencil.width() - 1, oy + stencil.height() - 1);
        let holds = |p: Point| (ox..=x1).contains(&p.x) && (oy..=y1).contains(&p.y);
        if holds(board.start) || holds(board.exit) {
            return false;
        }
        let near = |f: &Footprint| {
            ox <= f.last.x + 1 && x1 >= f.first.x - 1 && oy <= f.last.y + 1 && y1 >= f.first.y - 1
        };
        if board.placed.iter().any(near) {
            return false;
        }
        let touches = |outward: &Vec<Point>| outward.iter().any(|&d| board.reached(at(origin, d)));
        if !stencil.outward.iter().all(touches) {
            return false;
        }
        board.forbidden.is_empty()
            || stencil
                .covered
                .iter()
                .all(|&d| board.forbidden[board.shape.index_inside(at(origin, d))] == 0)
    }

    /// Every position where rules 1 to 4 hold for vault `v` in orientation `o`, in row
    /// order, as padded indices of the footprint's top-left tile. Row by row over slices,
    /// so that the compiler vectorises the rules.
    fn enumerate(&mut self, v: usize, o: usize, range: Range) -> Vec<u32> {
        self.stats.pools += 1;
        let stencil = &self.stencils[v][o];
        self.board.forbidden_sums();
        let board = &self.board;
        let mut pool = Vec::new();
        let (ok, any) = (&mut self.row_ok, &mut self.row_any);
        for oy in range.first.y..=range.last.y {
            // Only columns where every entrance can touch a reached tile of its rows.
            let (mut lo, mut hi) = (range.first.x, range.last.x);
            for outward in &stencil.outward {
                let reach = outward.iter().map(|&d| {
                    let (a, b) = board.row_reached[(oy + d.y) as usize];
                    (a - d.x, b - d.x)
                });
                let (a, b) = reach.fold((i32::MAX, i32::MIN), |(a, b), (c, d)| {
                    if c <= d { (a.min(c), b.max(d)) } else { (a, b) }
                });
                (lo, hi) = (lo.max(a), hi.min(b));
            }
            if lo > hi {
                continue;
            }
            let n = (hi - lo + 1) as usize;
            self.stats.positions += n as u64;
            ok.clear();
            ok.resize(n, 1);
            block_row(board, stencil, oy, lo, ok);
            for outward in &stencil.outward {
                any.clear();
                any.resize(n, 0);
                for &d in outward {
                    let start = board.shape.index_inside(Point::new(lo, oy) + d);
                    for (a, &open) in any.iter_mut().zip(&board.open[start..start + n]) {
                        *a |= open;
                    }
                }
                for (flag, &a) in ok.iter_mut().zip(any.iter()) {
                    *flag &= a;
                }
            }
            if let Some(sums) = &board.forbidden_sums {
                for r in &stencil.rects {
                    let top = sums.row(oy + r.y0);
                    let bottom = sums.row(oy + r.y1);
                    let (l, rr) = ((lo + r.x0) as usize, (lo + r.x1) as usize);
                    let cols = top[l..l + n].iter().zip(&top[rr..rr + n]);
                    let rows = bottom[l..l + n].iter().zip(&bottom[rr..rr + n]);
                    for ((flag, (tl, tr)), (bl, br)) in ok.iter_mut().zip(cols).zip(rows) {
                        *flag &= u8::from(br - bl - tr + tl == 0);
                    }
                }
            }
            let base = board.shape.index_inside(Point::new(lo, oy)) as u32;
            pool.extend(
                ok.iter()
                    .enumerate()
                    .filter(|(_, f)| **f != 0)
                    .map(|(i, _)| base + i as u32),
            );
        }
        pool
    }

    /// Records a stamped vault: its footprint, its use, and its tiles in the board.
    fn record(&mut self, v: usize, o: usize, origin: Point) {
        let stencil = &self.stencils[v][o];
        self.used[v] = true;
        self.board.placed.push(stencil.footprint(origin));
        match &mut self.topology {
            Some(topology) => {
                if !topology.stamp(&mut self.board, stencil, origin) {
                    self.stats.relabels += 1;
                    self.topology = None;
                }
            }
            None => stamp_open(&mut self.board, stencil, origin),
        }
    }
}

/// The footprint of a vault placed before, in padded coordinates, cut to the board and
/// the one tile around it: the fields of a [`Dungeon::vaults`] entry are public, so they
/// may hold anything (`x = i32::MAX`, a negative width). Cutting keeps every answer about
/// footprints on the board (overlap, the free tile between two vaults) and leaves no sum
/// that can overflow. `None` for an empty footprint.
fn padded_footprint(p: &Placement, board: &Board) -> Option<Footprint> {
    if p.width <= 0 || p.height <= 0 {
        return None;
    }
    let cut = |v: i64, side: i32| v.clamp(-1, i64::from(side)) as i32;
    let (x0, y0) = (i64::from(p.x) + 1, i64::from(p.y) + 1);
    let (x1, y1) = (x0 + i64::from(p.width) - 1, y0 + i64::from(p.height) - 1);
    let (width, height) = (board.shape.width(), board.shape.height());
    Some(Footprint {
        first: Point::new(cut(x0, width), cut(y0, height)),
        last: Point::new(cut(x1, width), cut(y1, height)),
    })
}

/// Zeroes the positions of row `oy` (footprints at padded `x_lo + i`) whose footprint
/// holds the start or the exit, or comes within one tile of a placed vault.
fn block_row(board: &Board, stencil: &Stencil, oy: i32, x_lo: i32, ok: &mut [u8]) {
    let (w, h) = (stencil.width(), stencil.height());
    let mut block = |lo: i32, hi: i32| {
        let lo = (lo - x_lo).max(0) as usize;
        let hi = (hi - x_lo + 1).clamp(0, ok.len() as i32) as usize;
        if lo < hi {
            ok[lo..hi].fill(0);
        }
    };
    for p in [board.start, board.exit] {
        if (oy..oy + h).contains(&p.y) {
            block(p.x - w + 1, p.x);
        }
    }
    for f in &board.placed {
        // Rows oy..oy + h meet rows first.y - 1..=last.y + 1.
        if oy <= f.last.y + 1 && oy + h >= f.first.y {
            block(f.first.x - 1 - (w - 1), f.last.x + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Map, Tile};
    use proptest::prelude::*;

    /// A random valid vault: random tiles and spaces, walkable edge tiles made entrances,
    /// walkable tiles no entrance reaches made wall.
    fn random_vault(w: usize, h: usize, picks: &[u8]) -> Option<VaultLibrary> {
        let glyph = |p: u8| match p % 16 {
            0..=1 => b' ',
            2..=7 => b'#',
            8..=12 => b'.',
            13 => b'~',
            14 => b'+',
            _ => b'$',
        };
        let mut cells: Vec<u8> = (0..w * h).map(|i| glyph(picks[i % picks.len()])).collect();
        let walkable = |g: u8| matches!(g, b'.' | b'+' | b'$' | b'@');
        let at = |cells: &Vec<u8>, x: isize, y: isize| {
            if x < 0 || y < 0 || x >= w as isize || y >= h as isize {
                b' '
            } else {
                cells[y as usize * w + x as usize]
            }
        };
        for y in 0..h as isize {
            for x in 0..w as isize {
                let g = at(&cells, x, y);
                let edge = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                    .iter()
                    .any(|(dx, dy)| at(&cells, x + dx, y + dy) == b' ');
                if walkable(g) && edge {
                    cells[y as usize * w + x as usize] = b'@';
                }
            }
        }
        // Walkable tiles that no entrance reaches become wall.
        let mut reached = vec![false; w * h];
        let mut stack: Vec<usize> = (0..w * h).filter(|&i| cells[i] == b'@').collect();
        for &i in &stack {
            reached[i] = true;
        }
        while let Some(i) = stack.pop() {
            let (x, y) = ((i % w) as isize, (i / w) as isize);
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (nx, ny) = (x + dx, y + dy);
                if nx >= 0 && ny >= 0 && nx < w as isize && ny < h as isize {
                    let j = ny as usize * w + nx as usize;
                    if !reached[j] && walkable(cells[j]) {
                        reached[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        for i in 0..w * h {
            if walkable(cells[i]) && !reached[i] {
                cells[i] = b'#';
            }
        }
        let rows: Vec<String> = cells
            .chunks(w)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect();
        let text = format!("name: random\nlegend: $=.\nmap:\n{}\n", rows.join("\n"));
        VaultLibrary::parse("random", &text).ok()
    }

    /// A random map: floor where `bits` says, wall border.
    fn random_dungeon(w: i32, h: i32, bits: &[bool]) -> Dungeon {
        let mut map = Map::new(w, h).unwrap();
        let mut start = None;
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                if bits[(y * w + x) as usize % bits.len()] {
                    map.set((x, y), Tile::FLOOR);
                    start.get_or_insert(Point::new(x, y));
                }
            }
        }
        Dungeon::new(map, start.unwrap_or(Point::new(1, 1)))
    }

    /// Rule 5 by brute force: stamp a copy and search it from the start.
    fn brute(board: &Board, stencil: &Stencil, origin: Point) -> bool {
        let mut open = board.open.clone();
        let mut must = board.open.clone();
        for d in stencil.cells.points() {
            if stencil.stamped(d) {
                let i = board.shape.index_inside(at(origin, d));
                open[i] = u8::from(stencil.walkable(d));
                must[i] = open[i];
            }
        }
        let mut seen = vec![false; open.len()];
        let start = board.shape.index_inside(board.start);
        let mut stack = vec![start];
        seen[start] = true;
        let width = board.shape.width() as usize;
        while let Some(i) = stack.pop() {
            for j in [i - 1, i + 1, i - width, i + width] {
                if open[j] == 1 && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        must.iter().zip(&seen).all(|(&m, &s)| m == 0 || s)
    }

    /// Solid vaults on a maze: every position passes rules 1 to 4 and fails rule 5 (each
    /// covered corridor cuts the maze). The checks stop at the budget: linear in the map,
    /// where they cost positions x vault area before (eight solid 64x64 vaults on a
    /// 400x400 maze took 37-47 s to place nothing).
    #[test]
    fn rule_five_work_is_bounded_by_the_map() {
        use crate::generators::Generate;
        use crate::generators::maze::MazeSettings;
        let mut text = String::new();
        for v in 0..4 {
            let mut rows = vec!["#".repeat(40); 40];
            rows[0] = format!("{}@{}", "#".repeat(20), "#".repeat(19));
            text.push_str(&format!("name: solid{v}\nmap:\n{}\n---\n", rows.join("\n")));
        }
        let library = VaultLibrary::parse("solid.txt", text.trim_end_matches("---\n")).unwrap();
        let settings = VaultSettings {
            count: 4,
            ..VaultSettings::default()
        };
        let maze = MazeSettings {
            width: 201,
            height: 201,
            ..MazeSettings::default()
        };
        let mut rng = DungeonRng::new(3);
        let mut dungeon = maze.generate_with(&mut rng).unwrap();
        let board = Board::new(&dungeon);
        let (_, stats) =
            place_checked(&mut dungeon, &library, &settings, &mut rng, &mut NoRecorder);
        // One check may start just under the budget: at most a map's search past it.
        let bound = check_budget(&board) + board.open.len() as u64 * 2;
        assert!(
            stats.work <= bound,
            "{stats:?}: {} tiles looked at, bound {bound}",
            stats.work
        );
        assert!(stats.rejected > 100, "{stats:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]
        /// The exact check agrees with a search of the stamped map on every position that
        /// passes the cheap rules, through a sequence of stamps (so the incremental labels
        /// and the relabelling are checked too).
        #[test]
        fn exact_check_agrees_with_brute_force(
            w in 6i32..26,
            h in 6i32..20,
            bits in proptest::collection::vec(proptest::bool::weighted(0.62), 500),
            vaults in proptest::collection::vec((1usize..7, 1usize..7, proptest::collection::vec(any::<u8>(), 49)), 1..4),
            seed in any::<u64>(),
            labels_first in any::<bool>(),
        ) {
            let mut dungeon = random_dungeon(w, h, &bits);
            let libraries: Vec<VaultLibrary> = vaults.iter().filter_map(|(vw, vh, picks)| random_vault(*vw, *vh, picks)).collect();
            prop_assume!(!libraries.is_empty());
            let mut rng = DungeonRng::new(seed);
            let mut board = Board::new(&dungeon);
            // The labels made up front, or on first need (after some stamps).
            let mut topology = labels_first.then(|| Topology::new(&board));
            let mut scratch = Scratch::default();
            let mut stats = SearchStats::default();
            for library in &libraries {
                let mut search = Search::new(&dungeon, library, &VaultSettings::default());
                search.board.placed = board.placed.clone();
                search.board.open = board.open.clone();
                let mut fits = Vec::new();
                for o in 0..search.stencils[0].len() {
                    let Some(range) = Range::of(&search.board, &search.stencils[0][o]) else { continue };
                    let pool = search.enumerate(0, o, range);
                    for &origin in &pool {
                        let origin = board.shape.point_inside(origin as usize);
                        let stencil = &search.stencils[0][o];
                        prop_assert!(search.obeys_cheap_rules(0, o, origin));
                        let exact = keeps_connected(&board, &mut topology, stencil, origin, &mut scratch, &mut stats);
                        prop_assert_eq!(exact, brute(&board, stencil, origin), "{:?} at {:?}\n{}", stencil.orientation, origin, dungeon.map);
                        if exact { fits.push((o, origin)); }
                    }
                }
                if fits.is_empty() { continue; }
                let (o, origin) = fits[rng.below(fits.len() as u32) as usize];
                let stencil = &search.stencils[0][o];
                stamp(&mut dungeon, stencil, origin);
                board.placed.push(stencil.footprint(origin));
                match &mut topology {
                    Some(t) => {
                        let fresh_before = Topology::new(&board);
                        prop_assert_eq!(t.euler4, fresh_before.euler4);
                        if t.stamp(&mut board, stencil, origin) {
                            let fresh = Topology::new(&board);
                            prop_assert_eq!(t.euler4, fresh.euler4);
                            prop_assert_eq!(t.components, fresh.components);
                        } else {
                            stats.relabels += 1;
                            topology = None;
                        }
                    }
                    None => stamp_open(&mut board, stencil, origin),
                }
                if std::env::var("VAULT_STATS").is_ok() { eprintln!("STATS {:?}", stats); }
            }
        }
    }
}
