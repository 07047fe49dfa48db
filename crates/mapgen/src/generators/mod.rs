//! Dungeon generators, listed once and selected by name.
//!
//! Every generator is a settings type that implements [`Generate`]: its name, a
//! `validate` that names the first bad field, and `generate_with`, which draws every
//! random number from the [`DungeonRng`] it is given. [`Generate::generate`] seeds that
//! stream, so a seed and the settings name one dungeon.
//!
//! The generators are listed once, in [`for_each_generator!`](crate::for_each_generator);
//! [`GeneratorKind`] (with [`GeneratorKind::ALL`], the names and parsing) and
//! [`Generator`] (the settings of any one generator) are made from that list, so a
//! generator in the list is reachable everywhere a generator is chosen by name.
//!
//! # Adding a generator
//!
//! Every step, in order; the compiler or a test points at each one you miss.
//!
//! 1. Write its file: `src/generators/<module>.rs`, or `src/generators/<module>/mod.rs`
//!    with its private helpers beside it. It holds the settings struct (`Default` gives
//!    sensible values; each field's doc says its unit, default and allowed range), a
//!    `validate` that returns a typed [`GenerateError`] naming the field (build it with
//!    [`GenerateError::check_range`] and its siblings), and `impl Generate`. Shared steps
//!    are in [`crate::carve`], [`crate::path`] and [`crate::Map`]; draw only from the
//!    `&mut DungeonRng` you are given.
//! 2. Add one line to the list in [`for_each_generator!`](crate::for_each_generator):
//!    `Variant(module::Settings),`. [`GeneratorKind`], [`Generator`], the names and the
//!    parsing follow from it.
//!    The settings join the [`prelude`](crate::prelude) from the same list.
//! 3. Its flags: `crates/mapgen-flags/src/<module>.rs`, one `clap::Args` struct whose
//!    ids are the settings' field names and whose defaults are the settings' own (the
//!    compiler asks for the file as soon as the line is in the list; a test checks the
//!    defaults agree and that every field a validation error names is a flag).
//! 4. Its tests in `crates/mapgen/tests/`: `<module>_properties.rs` (the promises every
//!    dungeon keeps, through `common::check_dungeon`, over thousands of seeds and random
//!    settings) and `<module>_snapshots.rs` (golden maps for pinned seeds).
//! 5. Its picture: `scripts/gallery.sh` draws `docs/gallery/<name>.png`, and a line in the
//!    gallery table of `docs/generators.md` shows it (a test checks both).
//! 6. The game's `G` cycle and the `mapgen` command reach it by name with no change (a
//!    test checks both).

use std::fmt;
use std::str::FromStr;

use crate::record::{DiffRecorder, NoRecorder, Recorder, Recording};
use crate::{Dungeon, DungeonRng, GenerateError};

// Steps shared by two generators each: the BSP cut tree (bsp, bsp-interior) and the
// growing-tree maze (maze, rooms-and-mazes).
mod bsp_tree;
mod growing_tree;
pub(crate) mod named_enum;
mod start;
mod walkers;

pub use named_enum::UnknownName;
pub use walkers::Symmetry;

/// A dungeon generator: its settings, a check of them, and the generation itself.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::rooms::RoomsSettings;
/// use mapgen::DungeonRng;
/// let settings = RoomsSettings::default();
/// assert_eq!(RoomsSettings::NAME, "rooms");
/// settings.validate()?;
/// // `generate(seed)` is `generate_with` on the stream of that seed.
/// let a = settings.generate(7)?;
/// let b = settings.generate_with(&mut DungeonRng::new(7))?;
/// assert_eq!(a, b);
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
pub trait Generate: Clone + Default + fmt::Debug + PartialEq + Eq + std::hash::Hash {
    /// The name the command line and the JSON use: lower case, words joined by `-`.
    const NAME: &'static str;
    /// What the generator makes, in one line.
    const ABOUT: &'static str;

    /// Checks every setting, naming the first that is out of range.
    ///
    /// # Errors
    /// A [`GenerateError`] naming the settings field, its value and what is allowed.
    fn validate(&self) -> Result<(), GenerateError>;

    /// Generates a dungeon drawing every random number from `rng`, reporting each stage
    /// of the work to `recorder` (see [`crate::record`]). Validates first, so invalid
    /// settings are an error, never a panic. The dungeon does not depend on the recorder.
    ///
    /// # Errors
    /// The first invalid setting, or the generator's own failure (such as
    /// [`GenerateError::GaveUp`]).
    fn generate_recorded_with<R: Recorder>(
        &self,
        rng: &mut DungeonRng,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError>;

    /// Generates a dungeon drawing every random number from `rng`, recording nothing:
    /// [`Generate::generate_recorded_with`] with [`NoRecorder`].
    ///
    /// # Errors
    /// As [`Generate::generate_recorded_with`].
    // Out of line, as each generator's `generate_with` was before recorders: inlined into
    // `Generator`'s dispatch, a generator's body took its helpers out of line instead
    // (callgrind: rooms 2% and dla 4% more instructions).
    #[inline(never)]
    fn generate_with(&self, rng: &mut DungeonRng) -> Result<Dungeon, GenerateError> {
        self.generate_recorded_with(rng, &mut NoRecorder)
    }

    /// [`Generate::generate_recorded_with`] on the stream of `seed`.
    ///
    /// # Errors
    /// As [`Generate::generate_recorded_with`].
    fn generate_recorded<R: Recorder>(
        &self,
        seed: u64,
        recorder: &mut R,
    ) -> Result<Dungeon, GenerateError> {
        self.generate_recorded_with(&mut DungeonRng::new(seed), recorder)
    }

    /// The dungeon of `seed` and the recording of its generation, made by a
    /// [`DiffRecorder`]: the recording replays to the dungeon's map.
    ///
    /// ```
    /// use mapgen::prelude::*;
    /// let (dungeon, recording) = BspSettings::default().record(4)?;
    /// assert_eq!(dungeon, BspSettings::default().generate(4)?);
    /// assert_eq!(recording.replay()?, dungeon.map);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Generate::generate`].
    fn record(&self, seed: u64) -> Result<(Dungeon, Recording), GenerateError> {
        let mut recorder = DiffRecorder::new();
        let dungeon = self.generate_recorded(seed, &mut recorder)?;
        let recording = recorder.finish(&dungeon.map);
        Ok((dungeon, recording))
    }

    /// Generates the dungeon named by `seed`: [`Generate::generate_with`] on
    /// [`DungeonRng::new(seed)`](DungeonRng::new).
    ///
    /// # Errors
    /// As [`Generate::generate_with`].
    fn generate(&self, seed: u64) -> Result<Dungeon, GenerateError> {
        self.generate_with(&mut DungeonRng::new(seed))
    }
}

/// Hands every generator to a macro of yours, for code that needs one item per
/// generator: a settings panel, a match over every kind, a list of flags.
///
/// `for_each_generator!(my_macro)` expands to `my_macro! { ... }` with one
/// `Variant(module::Settings)` per generator, comma-separated, in the order
/// [`GeneratorKind::ALL`] has them: `Variant` names the [`GeneratorKind`] and
/// [`Generator`] variant, `module` the module under [`crate::generators`], `Settings` its
/// settings type. Code built this way fails to compile when a release adds a generator
/// it does not handle, rather than forgetting it.
///
/// ```
/// use mapgen::generators::GeneratorKind;
///
/// // One line of text per generator: its kind's name and its default map size.
/// macro_rules! default_sizes {
///     ($($variant:ident($module:ident::$settings:ident)),+ $(,)?) => {
///         vec![$({
///             use mapgen::generators::$module::$settings;
///             use mapgen::generators::Generate;
///             let dungeon = $settings::default().generate(1).unwrap();
///             let kind = GeneratorKind::$variant;
///             format!("{kind}: {}x{}", dungeon.map.width(), dungeon.map.height())
///         }),+]
///     };
/// }
///
/// let sizes = mapgen::for_each_generator!(default_sizes);
/// assert_eq!(sizes.len(), GeneratorKind::ALL.len());
/// assert_eq!(sizes[0], "rooms: 80x45");
/// ```
//
// For contributors: this is the one list of generators. `GeneratorKind`, `Generator` and
// the flags crate's per-generator flags are made from it; to add a generator, add its
// line here (see the module docs).
#[macro_export]
macro_rules! for_each_generator {
    ($callback:ident) => {
        $callback! {
            Rooms(rooms::RoomsSettings),
            Grid(grid::GridSettings),
            Isaac(isaac::IsaacSettings),
            Bsp(bsp::BspSettings),
            BspInterior(bsp_interior::BspInteriorSettings),
            Maze(maze::MazeSettings),
            RoomsAndMazes(rooms_and_mazes::RoomsAndMazesSettings),
            Caves(caves::CavesSettings),
            Drunkard(drunkard::DrunkardSettings),
            Dla(dla::DlaSettings),
            Voronoi(voronoi::VoronoiSettings),
            Wfc(wfc::WfcSettings),
        }
    };
}

/// Makes [`GeneratorKind`] and [`Generator`] from the list.
macro_rules! define_generators {
    ($($variant:ident($module:ident::$settings:ident)),+ $(,)?) => {
        $(
            pub mod $module;
        )+

        /// A generator's name, as the `--generator` flag takes it. One per entry of
        /// [`for_each_generator!`](crate::for_each_generator).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(
            feature = "serde",
            derive(serde::Serialize, serde::Deserialize),
            serde(rename_all = "kebab-case")
        )]
        #[non_exhaustive]
        pub enum GeneratorKind {
            $(
                #[doc = concat!("Made with [`", stringify!($settings), "`](", stringify!($module), "::", stringify!($settings), ").")]
                $variant,
            )+
        }

        impl GeneratorKind {
            /// Every generator, in the order the command line lists them.
            pub const ALL: &'static [GeneratorKind] = &[$(GeneratorKind::$variant),+];

            /// The name used on the command line and in JSON.
            ///
            /// ```
            /// use mapgen::generators::GeneratorKind;
            /// let names: Vec<&str> = GeneratorKind::ALL.iter().map(|k| k.name()).collect();
            /// assert!(names.contains(&"rooms") && names.contains(&"grid"));
            /// ```
            pub const fn name(self) -> &'static str {
                match self {
                    $(GeneratorKind::$variant => <$module::$settings as Generate>::NAME,)+
                }
            }

            /// What the generator makes, in one line.
            ///
            /// ```
            /// let about = mapgen::generators::GeneratorKind::ALL[0].about();
            /// assert!(!about.is_empty() && !about.contains('\n'));
            /// ```
            pub const fn about(self) -> &'static str {
                match self {
                    $(GeneratorKind::$variant => <$module::$settings as Generate>::ABOUT,)+
                }
            }
        }

        /// A generator with its settings: any one of the listed generators, chosen at
        /// run time (by name on the command line, by `G` in the game).
        ///
        /// ```
        /// use mapgen::generators::Generator;
        /// use mapgen::generators::rooms::RoomsSettings;
        /// let generator = Generator::from(RoomsSettings::default());
        /// assert_eq!(generator.kind().name(), "rooms");
        /// let dungeon = generator.generate(1)?;
        /// assert!(!dungeon.rooms.is_empty());
        /// # Ok::<(), mapgen::GenerateError>(())
        /// ```
        ///
        /// With the `serde` feature it is saved as the generator's name and its settings,
        /// `{"generator": "rooms", "settings": {"width": 80, ...}}`; settings left out take
        /// their default, unknown ones are refused, and settings out of range are refused
        /// on loading ([`Generator::validate`]). A settings struct loaded on its own takes
        /// any values, as its struct literal would; its `validate` (or generating) checks
        /// them.
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        #[cfg_attr(
            feature = "serde",
            derive(serde::Serialize, serde::Deserialize),
            serde(
                tag = "generator",
                content = "settings",
                rename_all = "kebab-case",
                try_from = "GeneratorForm"
            )
        )]
        #[non_exhaustive]
        pub enum Generator {
            $(
                #[doc = concat!("[`", stringify!($settings), "`](", stringify!($module), "::", stringify!($settings), ").")]
                $variant($module::$settings),
            )+
        }

        /// A saved [`Generator`] before its settings are checked.
        #[cfg(feature = "serde")]
        #[derive(serde::Deserialize)]
        #[serde(tag = "generator", content = "settings", rename_all = "kebab-case")]
        enum GeneratorForm {
            $($variant($module::$settings),)+
        }

        #[cfg(feature = "serde")]
        impl TryFrom<GeneratorForm> for Generator {
            type Error = GenerateError;

            /// Settings out of range are an error naming the field, never a generator that
            /// fails later.
            fn try_from(form: GeneratorForm) -> Result<Generator, GenerateError> {
                let generator = match form {
                    $(GeneratorForm::$variant(s) => Generator::$variant(s),)+
                };
                generator.validate()?;
                Ok(generator)
            }
        }

        impl Generator {
            /// The generator `kind` with its default settings.
            ///
            /// ```
            /// use mapgen::generators::{Generator, GeneratorKind};
            /// use mapgen::generators::rooms::RoomsSettings;
            /// let generator = Generator::with_defaults(GeneratorKind::ALL[0]);
            /// assert_eq!(generator.kind(), GeneratorKind::ALL[0]);
            /// assert_eq!(
            ///     Generator::with_defaults(Generator::from(RoomsSettings::default()).kind()),
            ///     Generator::from(RoomsSettings::default())
            /// );
            /// ```
            pub fn with_defaults(kind: GeneratorKind) -> Generator {
                match kind {
                    $(GeneratorKind::$variant => Generator::$variant(<$module::$settings>::default()),)+
                }
            }

            /// Which generator this is.
            ///
            /// ```
            /// use mapgen::generators::Generator;
            /// use mapgen::generators::grid::GridSettings;
            /// assert_eq!(Generator::from(GridSettings::default()).kind().name(), "grid");
            /// ```
            pub const fn kind(&self) -> GeneratorKind {
                match self {
                    $(Generator::$variant(_) => GeneratorKind::$variant,)+
                }
            }

            /// Checks the settings without generating.
            ///
            /// ```
            /// use mapgen::generators::Generator;
            /// use mapgen::generators::rooms::RoomsSettings;
            /// let mut settings = RoomsSettings::default();
            /// assert!(Generator::from(settings.clone()).validate().is_ok());
            /// settings.room_min_size = settings.room_max_size + 1;
            /// assert!(Generator::from(settings).validate().is_err());
            /// ```
            ///
            /// # Errors
            /// The first invalid setting.
            pub fn validate(&self) -> Result<(), GenerateError> {
                match self {
                    $(Generator::$variant(s) => s.validate(),)+
                }
            }

            /// Generates a dungeon from `rng`'s stream.
            ///
            /// ```
            /// use mapgen::generators::Generator;
            /// use mapgen::generators::rooms::RoomsSettings;
            /// use mapgen::DungeonRng;
            /// let generator = Generator::from(RoomsSettings::default());
            /// let mut rng = DungeonRng::new(42);
            /// let dungeon = generator.generate_with(&mut rng)?;
            /// assert_eq!(dungeon, generator.generate(42)?); // generate(seed) is generate_with(new(seed))
            /// # Ok::<(), mapgen::GenerateError>(())
            /// ```
            ///
            /// # Errors
            /// As [`Generate::generate_with`].
            pub fn generate_with(&self, rng: &mut DungeonRng) -> Result<Dungeon, GenerateError> {
                match self {
                    $(Generator::$variant(s) => s.generate_with(rng),)+
                }
            }

            /// Generates a dungeon from `rng`'s stream, reporting to `recorder`, as
            /// [`Generate::generate_recorded_with`].
            ///
            /// # Errors
            /// As [`Generate::generate_with`].
            pub fn generate_recorded_with<R: Recorder>(
                &self,
                rng: &mut DungeonRng,
                recorder: &mut R,
            ) -> Result<Dungeon, GenerateError> {
                match self {
                    $(Generator::$variant(s) => s.generate_recorded_with(rng, recorder),)+
                }
            }
        }

        $(
            impl From<$module::$settings> for Generator {
                fn from(settings: $module::$settings) -> Generator {
                    Generator::$variant(settings)
                }
            }
        )+
    };
}

for_each_generator!(define_generators);

impl GeneratorKind {
    /// Every name, comma separated, for messages.
    ///
    /// ```
    /// let names = mapgen::generators::GeneratorKind::names();
    /// assert!(names.starts_with("rooms, ") || names.contains(", rooms"));
    /// ```
    pub fn names() -> String {
        Self::ALL
            .iter()
            .map(|k| k.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for GeneratorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GeneratorKind {
    type Err = GenerateError;

    /// The generator of that name.
    ///
    /// ```
    /// let kind: mapgen::generators::GeneratorKind = "grid".parse()?;
    /// assert_eq!(kind.name(), "grid");
    /// assert!("nope".parse::<mapgen::generators::GeneratorKind>().is_err());
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .iter()
            .copied()
            .find(|k| k.name() == name)
            .ok_or_else(|| GenerateError::UnknownGenerator {
                name: name.to_string(),
                allowed: Self::names(),
            })
    }
}

impl Generator {
    /// Generates the dungeon named by `seed` with these settings.
    ///
    /// ```
    /// use mapgen::generators::{Generator, GeneratorKind};
    /// for &kind in GeneratorKind::ALL {
    ///     let dungeon = Generator::with_defaults(kind).generate(7)?;
    ///     assert!(dungeon.map.is_walkable(dungeon.start), "{}", kind.name());
    /// }
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Generate::generate`].
    pub fn generate(&self, seed: u64) -> Result<Dungeon, GenerateError> {
        self.generate_with(&mut DungeonRng::new(seed))
    }

    /// The dungeon of `seed` and the recording of its generation, as
    /// [`Generate::record`].
    ///
    /// ```
    /// use mapgen::generators::{Generator, GeneratorKind};
    /// for &kind in GeneratorKind::ALL {
    ///     let (dungeon, recording) = Generator::with_defaults(kind).record(7)?;
    ///     assert_eq!(recording.replay()?, dungeon.map, "{}", kind.name());
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Generate::generate`].
    pub fn record(&self, seed: u64) -> Result<(Dungeon, Recording), GenerateError> {
        let mut recorder = DiffRecorder::new();
        let dungeon = self.generate_recorded_with(&mut DungeonRng::new(seed), &mut recorder)?;
        let recording = recorder.finish(&dungeon.map);
        Ok((dungeon, recording))
    }

    /// The generator's name, as [`GeneratorKind::name`].
    pub const fn name(&self) -> &'static str {
        self.kind().name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_their_kind() {
        for &kind in GeneratorKind::ALL {
            assert_eq!(Generator::with_defaults(kind).kind(), kind);
            assert_eq!(Generator::with_defaults(kind).validate(), Ok(()));
        }
    }

    #[test]
    fn names_round_trip_and_are_distinct() {
        for &kind in GeneratorKind::ALL {
            assert_eq!(kind.name().parse::<GeneratorKind>(), Ok(kind));
            assert!(!kind.about().is_empty());
            let name = kind.name();
            assert!(
                name.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{name}"
            );
        }
        let names: std::collections::HashSet<_> =
            GeneratorKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names.len(), GeneratorKind::ALL.len());
        let err = "nope".parse::<GeneratorKind>().unwrap_err();
        let allowed: Vec<&str> = GeneratorKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(
            err.to_string(),
            format!(
                "unknown generator \"nope\"; allowed: {}",
                allowed.join(", ")
            )
        );
        assert_eq!(allowed[..2], ["rooms", "grid"]);
    }
}
