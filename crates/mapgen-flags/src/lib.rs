//! The generator flags of the `mapgen` command and the game, in one place so that both
//! take the same names, defaults and checks.
//!
//! Each generator's flags are one `clap::Args` struct in a file named like the generator's
//! module (`rooms.rs`, `grid.rs`, ...), whose defaults are the settings' own `DEFAULT`.
//! The list of generators is `mapgen`'s ([`mapgen::for_each_generator!`]): a generator in
//! the list without a flags file here does not compile. `--width` and `--height` are
//! shared by every generator whose map size is a setting, `--room-width` and
//! `--room-height` by the generators that lay rooms on a grid.
//!
//! The vault flags (`--vaults`, `--vault-count`, `--vault-tags`) are [`vaults::VaultFlags`];
//! the spawn flags (`--spawns`, `--spawn-depth`) are [`spawns::SpawnFlags`].
//!
//! Flags of a generator other than the chosen one are refused rather than silently
//! ignored, and invalid settings are reported by the flags the user typed:
//! `--room-min (12) is larger than --room-max (8)`.

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, Command, FromArgMatches};
use mapgen::GenerateError;
use mapgen::generators::{Generator, GeneratorKind};

/// What the flags of one generator do: make its settings.
pub trait FlagSet: Args + Clone + std::fmt::Debug {
    /// The settings these flags fill.
    type Settings: mapgen::generators::Generate + Into<Generator>;

    /// For generators whose map size is not a setting: why `--width` and `--height` do
    /// not apply. `None` (the default) when they do.
    const SIZE_NOTE: Option<&'static str> = None;

    /// True for the generators that take `--room-width` and `--room-height`
    /// ([`RoomSize`]); they implement [`FlagSet::settings_with_rooms`].
    const ROOM_SIZE: bool = false;

    /// The settings these flags name, with `size` where the generator has a map size;
    /// not yet validated.
    fn settings(&self, size: &MapSize) -> Self::Settings;

    /// The settings with the room size too, for the generators that take it
    /// ([`FlagSet::ROOM_SIZE`]); the others' are [`FlagSet::settings`].
    fn settings_with_rooms(&self, size: &MapSize, rooms: &RoomSize) -> Self::Settings {
        let _ = rooms;
        self.settings(size)
    }

    /// [`FlagSet::settings_with_rooms`], for flags that name a file to read
    /// (`--sample-file`): what the program uses. The default reads nothing.
    ///
    /// # Errors
    /// [`FlagError::File`] when a file cannot be read or is not what the flag takes.
    fn try_settings(&self, size: &MapSize, rooms: &RoomSize) -> Result<Self::Settings, FlagError> {
        Ok(self.settings_with_rooms(size, rooms))
    }

    /// A flag given that the others make pointless (`--mirror` without `--mode
    /// symmetric`), refused rather than silently ignored. `None` (the default) when every
    /// flag given counts.
    fn pointless_flag(&self) -> Option<FlagError> {
        None
    }

    /// What the user should know about the flags given that is not an error: an old
    /// flag name that is still taken. Empty (the default) when there is nothing to say.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
}

/// `--width` and `--height`, shared by the generators whose map size is a setting.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
#[command(next_help_heading = "Map size (every generator with a map size)")]
pub struct MapSize {
    /// Map width in tiles [default: the generator's own; 80 for rooms]
    #[arg(long, value_name = "TILES", allow_negative_numbers = true, value_parser = crate::whole::<i32>)]
    pub width: Option<i32>,
    /// Map height in tiles [default: the generator's own; 45 for rooms]
    #[arg(long, value_name = "TILES", allow_negative_numbers = true, value_parser = crate::whole::<i32>)]
    pub height: Option<i32>,
}

/// `--room-width` and `--room-height`, shared by the generators that lay rooms on a grid
/// ([`FlagSet::ROOM_SIZE`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
#[command(next_help_heading = "Room size (--generator grid or isaac)")]
pub struct RoomSize {
    /// Room width in tiles, walls included [default: the generator's own; 13 for grid, 15 for isaac]
    #[arg(long, value_name = "TILES", allow_negative_numbers = true, value_parser = crate::whole::<i32>)]
    pub room_width: Option<i32>,
    /// Room height in tiles, walls included [default: the generator's own; 9 for both]
    #[arg(long, value_name = "TILES", allow_negative_numbers = true, value_parser = crate::whole::<i32>)]
    pub room_height: Option<i32>,
}

/// Why the flags do not make a generator.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FlagError {
    /// A flag given for a generator that does not take it.
    #[error("{flag} is a setting of the {owner} generator, not of {chosen}")]
    OtherGenerator {
        /// The flag, with its dashes.
        flag: String,
        /// The generator that takes it.
        owner: GeneratorKind,
        /// The generator chosen.
        chosen: GeneratorKind,
    },
    /// `--width` or `--height` for a generator whose map size is not a setting.
    #[error("{flag} is not a setting of the {chosen} generator: {note}")]
    NoMapSize {
        /// The flag, with its dashes.
        flag: String,
        /// The generator chosen.
        chosen: GeneratorKind,
        /// Where its size comes from.
        note: &'static str,
    },
    /// `--room-width` or `--room-height` for a generator without rooms of a set size.
    #[error(
        "{flag} is a setting of the {} generators, not of {chosen}",
        names(owners)
    )]
    NoRoomSize {
        /// The flag, with its dashes.
        flag: String,
        /// The generators that take it.
        owners: Vec<GeneratorKind>,
        /// The generator chosen.
        chosen: GeneratorKind,
    },
    /// A flag given that the other flags make pointless.
    #[error("{flag} does nothing here: {reason}")]
    Pointless {
        /// The flag, with its dashes and value.
        flag: String,
        /// Which flags make it pointless.
        reason: String,
    },
    /// The settings are invalid; the message names the flags.
    #[error(transparent)]
    Invalid(GenerateError),
    /// A value typed beyond what the setting's type holds (`--stage -1`, `--room-width
    /// 4294967295`), named as typed with the range the flag allows.
    #[error("{flag} is {typed}; allowed {min}..={max}")]
    OutOfRange {
        /// The flag, with its dashes.
        flag: String,
        /// The value as typed (cut short when long).
        typed: String,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// A file a flag names cannot be read, or does not hold what the flag takes.
    #[error("{flag} {path}: {problem}")]
    File {
        /// The flag, with its dashes.
        flag: &'static str,
        /// The path as given (shortened when long).
        path: String,
        /// What is wrong with it, in one line.
        problem: String,
    },
}

/// The whole-number types of settings, for [`whole`].
pub trait Whole: Copy + TryFrom<i128> {
    /// The value a number this type cannot hold is read as: one no setting allows, so
    /// that validation names the flag and the range it allows
    /// ([`FlagError::OutOfRange`]); `below` for a number under the type's range.
    fn out_of_type(below: bool) -> Self;
}

impl Whole for u32 {
    fn out_of_type(_below: bool) -> u32 {
        u32::MAX
    }
}

impl Whole for i64 {
    fn out_of_type(below: bool) -> i64 {
        if below { i64::MIN } else { i64::MAX }
    }
}

impl Whole for i32 {
    fn out_of_type(below: bool) -> i32 {
        if below { i32::MIN } else { i32::MAX }
    }
}

/// The value parser of every whole-number generator flag: any whole number, in the
/// flag's type `T`. A number `T` cannot hold (`-1` for a `u32`, 4294967295 for an `i32`)
/// becomes [`Whole::out_of_type`], which validation refuses, naming the flag, the number
/// as typed and the range the flag allows (not the type's).
///
/// # Errors
/// For text that is not a whole number.
pub fn whole<T: Whole>(text: &str) -> Result<T, String> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err("not a whole number".to_string());
    }
    let below = text.starts_with('-');
    Ok(text
        .parse::<i128>()
        .ok()
        .and_then(|n| T::try_from(n).ok())
        .unwrap_or_else(|| T::out_of_type(below)))
}

/// `grid and isaac`, `a, b and c`.
fn names(kinds: &[GeneratorKind]) -> String {
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// Makes the per-generator flag structs from `mapgen`'s list.
macro_rules! define_flags {
    ($($variant:ident($module:ident::$settings:ident)),+ $(,)?) => {
        $(pub mod $module;)+

        /// Every generator's own flags, side by side.
        #[derive(Debug, Clone, Args)]
        struct EveryGenerator {
            $(
                #[command(flatten)]
                $module: $module::Flags,
            )+
        }

        impl EveryGenerator {
            /// The settings of generator `kind`, from its flags, `size` and `rooms`.
            fn generator(
                &self,
                kind: GeneratorKind,
                size: &MapSize,
                rooms: &RoomSize,
            ) -> Result<Generator, FlagError> {
                Ok(match kind {
                    $(GeneratorKind::$variant => self.$module.try_settings(size, rooms)?.into(),)+
                    // Both lists are the same list; a kind from elsewhere gets its defaults.
                    _ => Generator::with_defaults(kind),
                })
            }

            /// A flag of generator `kind` that its other flags make pointless.
            fn pointless_flag(&self, kind: GeneratorKind) -> Option<FlagError> {
                match kind {
                    $(GeneratorKind::$variant => self.$module.pointless_flag(),)+
                    _ => None,
                }
            }

            /// Every generator's [`FlagSet::warnings`], in the list's order.
            fn warnings(&self) -> Vec<String> {
                let mut all = Vec::new();
                $(all.extend(self.$module.warnings());)+
                all
            }

            /// Generator `kind`'s flags, as a command holding only them.
            fn command(kind: GeneratorKind) -> Command {
                match kind {
                    $(GeneratorKind::$variant => $module::Flags::augment_args(Command::new(stringify!($module))),)+
                    _ => Command::new("none"),
                }
            }

            /// Why `--width`/`--height` do not apply to `kind`, if they do not.
            fn size_note(kind: GeneratorKind) -> Option<&'static str> {
                match kind {
                    $(GeneratorKind::$variant => <$module::Flags as FlagSet>::SIZE_NOTE,)+
                    _ => None,
                }
            }

            /// True when `kind` takes `--room-width` and `--room-height`.
            fn takes_room_size(kind: GeneratorKind) -> bool {
                match kind {
                    $(GeneratorKind::$variant => <$module::Flags as FlagSet>::ROOM_SIZE,)+
                    _ => false,
                }
            }
        }
    };
}

mapgen::for_each_generator!(define_flags);

pub mod spawns;
pub mod vaults;

/// `--generator` and every generator's settings.
///
/// ```
/// use clap::Parser;
/// use mapgen_flags::GeneratorFlags;
///
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     flags: GeneratorFlags,
/// }
///
/// let cli = Cli::parse_from(["mapgen", "--generator", "grid", "--cols", "5"]);
/// let generator = cli.flags.generator()?;
/// assert_eq!(generator.name(), "grid");
///
/// let cli = Cli::parse_from(["mapgen", "--room-min", "12", "--room-max", "8"]);
/// let err = cli.flags.generator().unwrap_err();
/// assert_eq!(err.to_string(), "--room-min (12) is larger than --room-max (8)");
/// # Ok::<(), mapgen_flags::FlagError>(())
/// ```
#[derive(Debug, Clone)]
pub struct GeneratorFlags {
    chosen: GeneratorKind,
    size: MapSize,
    rooms: RoomSize,
    every: EveryGenerator,
    /// The ids of the generator flags given on the command line, with the value as typed
    /// (the last, for a flag given twice; empty for a flag without a value).
    given: Vec<(String, String)>,
}

/// The `--generator` argument: one of the names of [`GeneratorKind::ALL`], listed in
/// `-h`, each with what it makes in `--help`. A wrong name gets the library's message.
fn generator_arg() -> clap::Arg {
    let long_help = GeneratorKind::ALL
        .iter()
        .map(|k| format!("  {}: {}", k.name(), k.about()))
        .collect::<Vec<_>>()
        .join("\n");
    clap::Arg::new("generator")
        .long("generator")
        .value_name("NAME")
        .help(format!("The generator: {}", GeneratorKind::names()))
        .long_help(format!("The generator:\n{long_help}"))
        .default_value(GeneratorKind::ALL[0].name())
        .value_parser(|name: &str| name.parse::<GeneratorKind>().map_err(|e| e.to_string()))
}

impl Args for GeneratorFlags {
    fn augment_args(cmd: Command) -> Command {
        let cmd = cmd.arg(generator_arg());
        let cmd = MapSize::augment_args(cmd);
        let cmd = RoomSize::augment_args(cmd);
        EveryGenerator::augment_args(cmd)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for GeneratorFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let chosen = matches
            .get_one::<GeneratorKind>("generator")
            .copied()
            .unwrap_or(GeneratorKind::ALL[0]);
        let given = matches
            .ids()
            .filter(|id| matches.value_source(id.as_str()) == Some(ValueSource::CommandLine))
            .map(|id| {
                let typed = matches
                    .get_raw(id.as_str())
                    .and_then(Iterator::last)
                    .map(|v| v.to_string_lossy().into_owned())
                    .unwrap_or_default();
                (id.as_str().to_string(), typed)
            })
            .collect();
        Ok(GeneratorFlags {
            chosen,
            size: MapSize::from_arg_matches(matches)?,
            rooms: RoomSize::from_arg_matches(matches)?,
            every: EveryGenerator::from_arg_matches(matches)?,
            given,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl GeneratorFlags {
    /// The chosen generator's name.
    pub fn kind(&self) -> GeneratorKind {
        self.chosen
    }

    /// The chosen generator with the settings the flags name, validated.
    ///
    /// # Errors
    /// [`FlagError::OtherGenerator`] when a flag of another generator was given,
    /// [`FlagError::NoMapSize`] for `--width`/`--height` and [`FlagError::NoRoomSize`]
    /// for `--room-width`/`--room-height` where they do not apply,
    /// [`FlagError::Invalid`] for invalid settings, named by their flags, and
    /// [`FlagError::File`] for a file a flag names that cannot be used.
    pub fn generator(&self) -> Result<Generator, FlagError> {
        let chosen = self.chosen;
        for &kind in GeneratorKind::ALL.iter().filter(|&&k| k != chosen) {
            let theirs = EveryGenerator::command(kind);
            if let Some(arg) = theirs.get_arguments().find(|a| self.was_given(a.get_id())) {
                return Err(FlagError::OtherGenerator {
                    flag: flag_name(arg),
                    owner: kind,
                    chosen,
                });
            }
        }
        if let Some(note) = EveryGenerator::size_note(chosen) {
            let size = MapSize::augment_args(Command::new("size"));
            if let Some(arg) = size.get_arguments().find(|a| self.was_given(a.get_id())) {
                return Err(FlagError::NoMapSize {
                    flag: flag_name(arg),
                    chosen,
                    note,
                });
            }
        }
        if !EveryGenerator::takes_room_size(chosen) {
            let rooms = RoomSize::augment_args(Command::new("rooms"));
            if let Some(arg) = rooms.get_arguments().find(|a| self.was_given(a.get_id())) {
                return Err(FlagError::NoRoomSize {
                    flag: flag_name(arg),
                    owners: GeneratorKind::ALL
                        .iter()
                        .copied()
                        .filter(|&k| EveryGenerator::takes_room_size(k))
                        .collect(),
                    chosen,
                });
            }
        }
        self.generator_for(chosen)
    }

    /// The generator `kind` with the flags given for it and defaults for the rest,
    /// validated: what the game switches to when the player picks another generator.
    ///
    /// # Errors
    /// [`FlagError::Pointless`] for a flag its other flags make pointless,
    /// [`FlagError::Invalid`] for invalid settings, named by their flags;
    /// [`FlagError::File`] for a file a flag names that cannot be used.
    pub fn generator_for(&self, kind: GeneratorKind) -> Result<Generator, FlagError> {
        if let Some(err) = self.every.pointless_flag(kind) {
            return Err(err);
        }
        let generator = self.every.generator(kind, &self.size, &self.rooms)?;
        generator.validate().map_err(|e| self.as_typed(e))?;
        Ok(generator)
    }

    /// `err` in the flags' words ([`GeneratorFlags::explain`]), with a value out of range
    /// shown as the user typed it (a number the setting's type cannot hold was read as
    /// [`Whole::out_of_type`], and is named as typed) and a flag left out named as the
    /// default it holds (`the default --room-max is 10; allowed 2..=9`).
    fn as_typed(&self, err: GenerateError) -> FlagError {
        let err = self.named(err, true);
        if let GenerateError::OutOfRange {
            field,
            value,
            min,
            max,
        } = &err
            && let Some(typed) = self.typed(field)
            && whole::<i64>(typed).ok() != Some(*value)
        {
            return FlagError::OutOfRange {
                flag: field.to_string(),
                typed: cli_common::quote::short(typed),
                min: *min,
                max: *max,
            };
        }
        FlagError::Invalid(err)
    }

    /// The value typed for `flag` (`--room-max`), if it was given.
    fn typed(&self, flag: &str) -> Option<&String> {
        let cmd = self.every_flag();
        let id = cmd.get_arguments().find(|a| flag_name(a) == flag)?.get_id();
        self.given_value(id)
    }

    /// A command holding every generator flag.
    fn every_flag(&self) -> Command {
        let mut cmd = MapSize::augment_args(Command::new("flags"));
        cmd = RoomSize::augment_args(cmd);
        EveryGenerator::augment_args(cmd)
    }

    /// `err` with each settings field renamed to the flag that sets it (`room_min_size` to
    /// `--room-min`); fields without a flag keep their names.
    pub fn explain(&self, err: GenerateError) -> GenerateError {
        self.named(err, false)
    }

    /// `err` with each settings field renamed to its flag; with `defaults`, a flag left
    /// out as `the default --room-max`, so that a value nobody typed (`--room-max` 10 on a
    /// map 10 tall) is not taken for one typed. (One renaming for both: each closure type
    /// would compile its own copy into the web build, whose size is capped.)
    fn named(&self, err: GenerateError, defaults: bool) -> GenerateError {
        let cmd = self.every_flag();
        err.rename_fields(|field| {
            let arg = cmd.get_arguments().find(|a| a.get_id() == field)?;
            let flag = flag_name(arg);
            Some(if defaults && !self.was_given(arg.get_id()) {
                format!("the default {flag}")
            } else {
                flag
            })
        })
    }

    /// The flags generator `kind` takes, as typed (`--max-rooms`), in `--help`'s order:
    /// `--width` and `--height` where its map size is a setting, `--room-width` and
    /// `--room-height` where it lays rooms on a grid, then its own. A front end that
    /// shows one generator's settings at a time (the playground page) shows these.
    ///
    /// ```
    /// use mapgen::generators::GeneratorKind;
    /// use mapgen_flags::GeneratorFlags;
    /// assert_eq!(
    ///     GeneratorFlags::flags_of(GeneratorKind::Rooms),
    ///     ["--width", "--height", "--max-rooms", "--room-min", "--room-max"]
    /// );
    /// assert!(GeneratorFlags::flags_of(GeneratorKind::Isaac).contains(&"--room-width".to_string()));
    /// ```
    pub fn flags_of(kind: GeneratorKind) -> Vec<String> {
        let mut cmd = Command::new("flags");
        if EveryGenerator::size_note(kind).is_none() {
            cmd = MapSize::augment_args(cmd);
        }
        if EveryGenerator::takes_room_size(kind) {
            cmd = RoomSize::augment_args(cmd);
        }
        cmd = EveryGenerator::command(kind)
            .get_arguments()
            .fold(cmd, |cmd, arg| cmd.arg(arg.clone()));
        cmd.get_arguments().map(flag_name).collect()
    }

    /// Warnings about the flags given that are not errors, one line each, for the
    /// program to print: an old flag name that is still taken.
    ///
    /// ```
    /// use clap::Parser;
    /// use mapgen_flags::GeneratorFlags;
    ///
    /// #[derive(Parser)]
    /// struct Cli {
    ///     #[command(flatten)]
    ///     flags: GeneratorFlags,
    /// }
    ///
    /// let cli = Cli::parse_from(["mapgen", "--generator", "voronoi", "--seeds", "9"]);
    /// assert_eq!(cli.flags.warnings().len(), 1);
    /// assert!(cli.flags.warnings()[0].starts_with("--seeds is now --cells"));
    /// ```
    pub fn warnings(&self) -> Vec<String> {
        self.every.warnings()
    }

    fn was_given(&self, id: &clap::Id) -> bool {
        self.given_value(id).is_some()
    }

    /// The value typed for the flag of `id`, if it was given.
    fn given_value(&self, id: &clap::Id) -> Option<&String> {
        self.given
            .iter()
            .find(|(given, _)| given == id.as_str())
            .map(|(_, typed)| typed)
    }
}

/// `--long`, as the user types it.
fn flag_name(arg: &clap::Arg) -> String {
    match arg.get_long() {
        Some(long) => format!("--{long}"),
        None => arg.get_id().to_string(),
    }
}

/// A command line holding only the generator flags, for the tests of every flags file.
#[cfg(test)]
mod test_cli {
    use clap::Parser;
    use mapgen::generators::Generator;

    use crate::GeneratorFlags;

    #[derive(Parser)]
    pub struct Cli {
        #[command(flatten)]
        pub flags: GeneratorFlags,
    }

    /// The flags of `args`, put after a program name; they must parse.
    pub fn parse(args: &[&str]) -> GeneratorFlags {
        Cli::try_parse_from(std::iter::once("test").chain(args.iter().copied()))
            .unwrap()
            .flags
    }

    /// `--generator name` and `args`: the validated generator, or the parse or flag error
    /// as its message.
    pub fn generator(name: &str, args: &[&str]) -> Result<Generator, String> {
        let args = ["test", "--generator", name]
            .into_iter()
            .chain(args.iter().copied());
        Cli::try_parse_from(args)
            .map_err(|e| e.to_string())?
            .flags
            .generator()
            .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::grid::GridSettings;
    use mapgen::generators::rooms::RoomsSettings;

    use clap::Parser;

    use crate::test_cli::{Cli, parse};

    #[test]
    fn no_flags_give_the_tutorial_rooms() {
        assert_eq!(
            parse(&[]).generator(),
            Ok(Generator::Rooms(RoomsSettings::default()))
        );
    }

    #[test]
    fn without_flags_every_generator_has_its_default_settings() {
        let flags = parse(&[]);
        for &kind in GeneratorKind::ALL {
            assert_eq!(
                flags.generator_for(kind),
                Ok(Generator::with_defaults(kind)),
                "{kind}"
            );
        }
    }

    #[test]
    fn every_generator_is_reachable_by_name() {
        for &kind in GeneratorKind::ALL {
            let flags = parse(&["--generator", kind.name()]);
            assert_eq!(flags.kind(), kind);
            assert_eq!(flags.generator().map(|g| g.kind()), Ok(kind));
        }
        let err = Cli::try_parse_from(["test", "--generator", "nope"])
            .err()
            .unwrap()
            .to_string();
        for &kind in GeneratorKind::ALL {
            assert!(err.contains(kind.name()), "{err}");
        }
    }

    #[test]
    fn flags_fill_the_chosen_generators_settings() {
        let flags = parse(&[
            "--generator",
            "grid",
            "--cols",
            "5",
            "--weight-straight",
            "20",
        ]);
        let Ok(Generator::Grid(s)) = flags.generator() else {
            panic!("not grid")
        };
        assert_eq!((s.cols, s.rows, s.door_weights.straight), (5, 7, 20));
        let flags = parse(&["--room-min", "3", "--width", "50"]);
        let Ok(Generator::Rooms(s)) = flags.generator() else {
            panic!("not rooms")
        };
        assert_eq!((s.room_min_size, s.width, s.height), (3, 50, 45));
    }

    #[test]
    fn a_flag_of_the_other_generator_is_refused() {
        let err = parse(&["--cols", "5"]).generator().unwrap_err();
        assert_eq!(
            err.to_string(),
            "--cols is a setting of the grid generator, not of rooms"
        );
        let err = parse(&["--generator", "grid", "--max-rooms", "5"])
            .generator()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "--max-rooms is a setting of the rooms generator, not of grid"
        );
        let err = parse(&["--generator", "grid", "--width", "50"])
            .generator()
            .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("--width is not a setting of the grid generator: "),
            "{err}"
        );
    }

    #[test]
    fn invalid_settings_name_the_flags_typed() {
        let cases = [
            (
                &["--room-min", "12", "--room-max", "8"][..],
                "--room-min (12) is larger than --room-max (8)",
            ),
            (&["--width", "2"], "--width is 2; allowed 3..=10000"),
            (
                &["--max-rooms", "0"],
                "--max-rooms is 0; allowed 1..=1000000",
            ),
            (
                &["--generator", "grid", "--weight-tee", "2000000"],
                "--weight-tee is 2000000; allowed 0..=1000000",
            ),
            (
                &["--generator", "grid", "--room-count", "1"],
                "--room-count is 1; allowed 2..=63",
            ),
        ];
        for (args, message) in cases {
            let err = parse(args).generator().unwrap_err();
            assert_eq!(err.to_string(), message, "{args:?}");
        }
    }

    /// A flag left out is not named as if typed: its value is said to be the default.
    #[test]
    fn invalid_defaults_are_named_as_defaults() {
        let cases = [
            (
                &["--width", "20", "--height", "10"][..],
                "the default --room-max is 10; allowed 2..=9",
            ),
            (
                &["--room-max", "4"],
                "the default --room-min (6) is larger than --room-max (4)",
            ),
            (
                &["--room-min", "12"],
                "--room-min (12) is larger than the default --room-max (10)",
            ),
            (
                &["--generator", "grid", "--cols", "1"],
                "the default --room-count is 15; allowed 2..=7",
            ),
        ];
        for (args, message) in cases {
            let err = parse(args).generator().unwrap_err();
            assert_eq!(err.to_string(), message, "{args:?}");
        }
        // Given, the same value keeps the plain words.
        let err = parse(&["--width", "20", "--height", "10", "--room-max", "10"])
            .generator()
            .unwrap_err();
        assert_eq!(err.to_string(), "--room-max is 10; allowed 2..=9");
        // And the settings the game switches to are told the same way.
        let err = parse(&["--width", "6", "--height", "6"])
            .generator_for(GeneratorKind::Rooms)
            .unwrap_err();
        assert!(err.to_string().starts_with("the default --room-"), "{err}");
    }

    #[test]
    fn generator_for_keeps_the_flags_of_that_generator() {
        let flags = parse(&["--generator", "grid", "--cols", "5"]);
        assert_eq!(
            flags.generator_for(GeneratorKind::Rooms),
            Ok(Generator::Rooms(RoomsSettings::default()))
        );
        let Ok(Generator::Grid(s)) = flags.generator_for(GeneratorKind::Grid) else {
            panic!()
        };
        assert_eq!(s.cols, 5);
        // A size given for rooms does not stop the game from switching to grid.
        let flags = parse(&["--width", "100"]);
        assert_eq!(
            flags.generator_for(GeneratorKind::Grid),
            Ok(Generator::Grid(GridSettings::default()))
        );
    }
}

/// Every settings field a validation error can name is reached through a flag, for every
/// generator: each of its flags is set to the extreme values its type holds, alone, and
/// every field named in the resulting errors must come out as a `--flag`. A settings field
/// renamed without its flag's id (or a check naming a field that has no flag) fails here.
#[cfg(test)]
mod every_field_has_a_flag {
    use mapgen::GenerateError;
    use mapgen::generators::GeneratorKind;

    use crate::test_cli::Cli;
    use crate::{EveryGenerator, FlagError};
    use clap::Parser;

    /// The fields an error names, as the flags rename them.
    fn named(err: &GenerateError) -> Vec<String> {
        match err {
            GenerateError::OutOfRange { field, .. } => vec![field.to_string()],
            GenerateError::MinAboveMax {
                min_field,
                max_field,
                ..
            } => vec![min_field.to_string(), max_field.to_string()],
            GenerateError::Combination { fields, .. } => {
                fields.iter().map(ToString::to_string).collect()
            }
            GenerateError::BudgetExhausted { field, .. } => vec![field.to_string()],
            _ => vec![],
        }
    }

    #[test]
    fn extreme_values_of_every_flag_give_errors_that_name_flags() {
        const EXTREMES: [&str; 7] = [
            "-2147483648",
            "-1",
            "0",
            "1",
            "2",
            "2147483647",
            "4294967295",
        ];
        let mut seen = 0;
        for &kind in GeneratorKind::ALL {
            let mut flags: Vec<String> = EveryGenerator::command(kind)
                .get_arguments()
                .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
                .collect();
            if EveryGenerator::size_note(kind).is_none() {
                flags.extend(["--width".to_string(), "--height".to_string()]);
            }
            if EveryGenerator::takes_room_size(kind) {
                flags.extend(["--room-width".to_string(), "--room-height".to_string()]);
            }
            for flag in &flags {
                for value in EXTREMES {
                    let args = ["test", "--generator", kind.name(), flag, value];
                    // Values of flags that take no number are clap's to refuse.
                    let Ok(cli) = Cli::try_parse_from(args) else {
                        continue;
                    };
                    let Err(FlagError::Invalid(err)) = cli.flags.generator() else {
                        continue;
                    };
                    for field in named(&err) {
                        seen += 1;
                        let field = field.strip_prefix("the default ").unwrap_or(&field);
                        assert!(
                            field.starts_with("--"),
                            "{kind} {flag} {value}: the error names {field:?}, not a flag ({err})"
                        );
                    }
                }
            }
        }
        assert!(
            seen > 50,
            "only {seen} fields named: the table reaches too little"
        );
    }

    /// A number the setting's type cannot hold is refused naming the flag, the number as
    /// typed and the range the flag allows, never the type's: `--stage -1` said "is not in
    /// 0..=4294967295" (allowed 1..=12).
    #[test]
    fn numbers_beyond_the_type_name_the_flags_range() {
        let mut checked = 0;
        for &kind in GeneratorKind::ALL {
            let mut flags: Vec<String> = EveryGenerator::command(kind)
                .get_arguments()
                // Whole numbers; not a hidden old name (`--seeds`), named by its new one.
                .filter(|a| !a.is_hide_set())
                .filter(|a| {
                    let id = a.get_value_parser().type_id();
                    id == clap::builder::ValueParser::new(crate::whole::<u32>).type_id()
                        || id == clap::builder::ValueParser::new(crate::whole::<i32>).type_id()
                })
                .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
                .collect();
            if EveryGenerator::size_note(kind).is_none() {
                flags.extend(["--width".to_string(), "--height".to_string()]);
            }
            if EveryGenerator::takes_room_size(kind) {
                flags.extend(["--room-width".to_string(), "--room-height".to_string()]);
            }
            for flag in &flags {
                for value in [
                    "-1",
                    "-2147483649",
                    "4294967295",
                    "4294967296",
                    "99999999999999999999999",
                ] {
                    let args = ["test", "--generator", kind.name(), flag, value];
                    let cli = Cli::try_parse_from(args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
                    let err = cli.flags.generator().expect_err(value).to_string();
                    assert!(
                        err.starts_with(&format!("{flag} ")),
                        "{kind} {flag} {value}: {err}"
                    );
                    assert!(
                        err.contains(&format!(" {value}")),
                        "{kind} {flag} {value}: {err}"
                    );
                    let limits = ["4294967295", "2147483647", "-2147483648"];
                    let type_range = limits.iter().any(|l| *l != value && err.contains(l));
                    assert!(!type_range, "{kind} {flag} {value}: {err}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 150, "only {checked}");
    }
}
