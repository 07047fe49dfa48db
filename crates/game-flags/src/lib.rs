//! The `game` command line: every flag once, with its name, help, default and check,
//! read into the app's settings ([`GameArgs::config`]).
//!
//! The dungeon flags are `mapgen generate`'s own ([`mapgen_flags::GeneratorFlags`]): the
//! same names, defaults and checks, and the same message for invalid settings, naming the
//! flags the user typed (`error: --room-min (12) is larger than --room-max (8)`, exit 2).
//! Flags of the window itself are checked here, by clap (its usage error also exits 2).
//!
//! Nothing here touches a file, the clock or a window: the files the flags name (a
//! font, the screenshot, the report) are the front end's to check. A front end without
//! a command line reads its settings with the same parser ([`parse_args`] with its
//! own list of `--name value` words), so they are validated, and refused, in the same
//! words.

use std::path::PathBuf;

use clap::{CommandFactory, FromArgMatches, Parser, ValueEnum};
use mapgen::generators::{Generator, GeneratorKind};
use mapgen_flags::vaults::VaultFlags;
use mapgen_flags::{FlagError, GeneratorFlags};

use game_app::action::Input;
use game_app::config::Config;
pub use game_app::config::{ExitAfter, GeneratorSetup};
use game_app::plan::{DEFAULT_STEP_MS, MAX_STEP_MS};
use game_app::slide::{DEFAULT_SLIDE_MS, MAX_SLIDE_MS};
use game_core::game::DEFAULT_FOV_RADIUS;
use game_core::goal::{DEFAULT_GOAL_DEPTH, MAX_GOAL_DEPTH};

/// Explore a seeded roguelike dungeon in a tileset window, level after level.
///
/// Move with the arrow keys, the numeric keypad or the vi-keys (h j k l y u b n), and
/// into a monster to attack it; . or numpad 5 waits; q drinks a potion; o explores, > and < take or travel to the stairs, a click travels, x
/// looks, s searches for secret doors, Ctrl-P shows the messages, ? shows the keys of the
/// current mode. R: new game, G: next generator for new levels, F: next font, M: show the
/// whole map, T: room labels, W: watch the level being made, Tab: the floor's map (a grid
/// of rooms), Esc: quit.
#[derive(Debug, Clone, Parser)]
// `--help` shows this comment (`long_about`); `-h` shows the `game` package's description,
// which the binary sets as `about`.
#[command(name = "game", version, long_about)]
pub struct GameArgs {
    /// The game's seed; a fresh one when absent. The first level is `mapgen generate`'s
    /// dungeon for it; deeper levels' seeds are derived from it and the depth.
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// The generator and its settings: the same flags as `mapgen generate`.
    #[command(flatten)]
    pub dungeon: GeneratorFlags,
    /// One generator per depth, comma-separated (`rooms,caves,maze`); the last is used
    /// for every level below. Each takes its settings from the flags.
    #[arg(long, value_name = "LIST", value_parser = parse_levels)]
    pub levels: Option<LevelKinds>,
    /// Vaults stamped into every level: the same flags as `mapgen generate`.
    #[command(flatten)]
    pub vaults: VaultFlags,
    /// Locked doors and their keys on every level, a colour each (the red key opens the
    /// red door), placed as `mapgen generate --locks` places them; 0 to 8. An `isaac`
    /// floor keeps its own locks beside them.
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u8).range(0..=i64::from(game_core::doors::MAX_COLOURED_LOCKS)))]
    pub locks: u8,
    /// Field-of-view radius in tiles; 0 sees without limit.
    #[arg(long, value_name = "TILES", default_value_t = DEFAULT_FOV_RADIUS, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(mapgen::Map::MAX_SIDE)))]
    pub fov_radius: u32,
    /// The depth of the deepest level, where the amulet lies; carried back up to depth
    /// 1, it wins.
    #[arg(long, value_name = "DEPTH", default_value_t = DEFAULT_GOAL_DEPTH, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_GOAL_DEPTH)))]
    pub goal_depth: u32,
    /// Levels without monsters: the same maps and items, nothing to fight (a tour of
    /// the generators).
    #[arg(long)]
    pub peaceful: bool,
    /// A CP437 font of your own: a PNG of 16x16 glyphs; the glyph size is the image
    /// size / 16. The window starts in it; F cycles through it and the built-in fonts.
    #[arg(long, value_name = "PATH")]
    pub font: Option<PathBuf>,
    /// Window scale factor, 0.25 to 8: each cell is the glyph size times this. Without it
    /// the window opens at about two thirds of the screen, in whole multiples of the glyph
    /// size.
    #[arg(long, value_name = "FACTOR", value_parser = parse_scale, allow_negative_numbers = true)]
    pub scale: Option<f32>,
    /// Wait for the display's refresh before showing a frame.
    #[arg(long, value_name = "on|off", value_enum, default_value_t = OnOff::On)]
    pub vsync: OnOff,
    /// Frames per second at most; 0 for no limit. Between frames the game sleeps.
    #[arg(long, value_name = "FPS", default_value_t = 60, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub fps_cap: u32,
    /// Milliseconds between two steps of auto-explore or travel; 0 for as many steps a
    /// frame as its time allows.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_STEP_MS, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_STEP_MS)))]
    pub step_ms: u32,
    /// Milliseconds the view takes to slide from one room to the next in a grid of
    /// rooms (`grid`, `isaac`); 0 for a cut. No step is taken meanwhile, and the first
    /// key pressed is kept for after.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_SLIDE_MS, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_SLIDE_MS)))]
    pub slide_ms: u32,
    /// Inputs to play first, one per frame (a key waits while auto-explore or travel
    /// runs), then normal play. Keys as typed (hjklyubn move, . wait, o explore, > <
    /// stairs, x look, ? help, R G F M T; upper case is Shift), and in braces {tab}
    /// {enter} {esc} {ctrl-p} {pgup} {pgdn} {click:X,Y} {hover:X,Y}, X,Y a map tile.
    #[arg(long, value_name = "TEXT", value_parser = parse_replay)]
    pub replay: Option<ReplayInputs>,
    /// Quit with exit status 0 after N frames, or once the replay is played and nothing
    /// runs (`idle`). (Any exit prints the seed, the level, the position and frame
    /// timings.)
    #[arg(long, value_name = "N|idle", allow_negative_numbers = true, value_parser = parse_exit_after)]
    pub exit_after: Option<ExitAfter>,
    /// Save a PNG of the last frame when the game ends.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Write a JSON report of the game when it ends: seed, depth, position, moves, the
    /// message log, the trail of moves and every level entered.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Start every new level by watching it being made, as `W` does; any key skips.
    #[arg(long)]
    pub watch: bool,
    /// Whether `--generator` was typed (set by [`parse_args`]).
    #[arg(skip)]
    pub generator_given: bool,
}

/// The parsed `--levels` list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelKinds(pub Vec<GeneratorKind>);

/// `on` or `off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OnOff {
    /// Enabled.
    On,
    /// Disabled.
    Off,
}

impl OnOff {
    /// True for `on`.
    pub fn is_on(self) -> bool {
        self == OnOff::On
    }
}

/// The parsed `--replay` inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayInputs(pub Vec<Input>);

/// The smallest and largest `--scale`.
pub const SCALE_RANGE: std::ops::RangeInclusive<f32> = 0.25..=8.0;

impl GameArgs {
    /// The generator with the settings the flags name, validated.
    ///
    /// # Errors
    /// [`FlagError`] for a flag of a generator other than the chosen one, or invalid
    /// settings, named by the flags the user typed.
    pub fn generator(&self) -> Result<Generator, FlagError> {
        self.dungeon.generator()
    }

    /// The game's generators: the chosen one (or `--levels`'s), validated, and what `G`
    /// may switch to. Only the generators the levels use are checked: a kind that
    /// cannot make a level with these flags (a map too small for its rooms, say) is
    /// left out of `G`, with the reason.
    ///
    /// # Errors
    /// The first invalid generator the levels use, named by the flags; `--levels` with
    /// `--generator`.
    pub fn generators(&self) -> Result<GeneratorSetup, String> {
        let levels = match &self.levels {
            Some(_) if self.generator_given => {
                return Err(
                    "--levels sets the generator of every level: leave out --generator".to_string(),
                );
            }
            Some(LevelKinds(kinds)) => kinds
                .iter()
                .map(|&kind| {
                    self.dungeon
                        .generator_for(kind)
                        .map_err(|e| format!("--levels {kind}: {e}"))
                })
                .collect::<Result<Vec<_>, _>>()?,
            None => Vec::new(),
        };
        let first = match levels.first() {
            Some(first) => first.clone(),
            None => self.generator().map_err(|e| e.to_string())?,
        };
        let (mut choices, mut skipped) = (Vec::new(), Vec::new());
        for &kind in GeneratorKind::ALL {
            match self.dungeon.generator_for(kind) {
                Ok(generator) => choices.push(generator),
                Err(e) => skipped.push((kind, e.to_string())),
            }
        }
        Ok(GeneratorSetup {
            first,
            levels,
            choices,
            skipped,
        })
    }

    /// The replay's inputs, none when `--replay` is absent.
    pub fn replay_inputs(&self) -> Vec<Input> {
        self.replay.clone().map(|r| r.0).unwrap_or_default()
    }

    /// The app's settings for a game of `seed` (`--seed`, or a fresh one the front end
    /// chose) with the generators `setup` ([`GameArgs::generators`]) and the vaults
    /// `vaults` (the front end reads a vault file the flags name).
    pub fn config(
        &self,
        seed: u64,
        setup: GeneratorSetup,
        vaults: Option<mapgen::vaults::VaultPlan>,
    ) -> Config {
        Config {
            seed,
            generators: setup,
            vaults,
            locks: self.locks,
            fov_radius: self.fov_radius,
            goal_depth: self.goal_depth,
            monsters: if self.peaceful {
                game_core::goal::Monsters::LeftOut
            } else {
                game_core::goal::Monsters::Placed
            },
            step_ms: self.step_ms,
            slide_ms: self.slide_ms,
            replay: self.replay_inputs(),
            exit_after: self.exit_after,
            watch_new_levels: self.watch,
        }
    }
}

fn parse_scale(text: &str) -> Result<f32, String> {
    let scale: f32 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number"))?;
    if SCALE_RANGE.contains(&scale) {
        Ok(scale)
    } else {
        Err(format!(
            "{scale} is outside {}..={}",
            SCALE_RANGE.start(),
            SCALE_RANGE.end()
        ))
    }
}

fn parse_replay(text: &str) -> Result<ReplayInputs, String> {
    game_app::replay::parse_inputs(text).map(ReplayInputs)
}

fn parse_levels(text: &str) -> Result<LevelKinds, String> {
    text.split(',')
        .map(|name| {
            let name = name.trim();
            if name.is_empty() {
                return Err(format!(
                    "an empty name in the list; allowed: {}",
                    GeneratorKind::names()
                ));
            }
            name.parse::<GeneratorKind>().map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()
        .map(LevelKinds)
}

fn parse_exit_after(text: &str) -> Result<ExitAfter, String> {
    if text == "idle" {
        return Ok(ExitAfter::Idle);
    }
    match text.parse::<u64>() {
        Ok(0) => Err("0 is not in 1.. (or idle)".to_string()),
        Ok(n) => Ok(ExitAfter::Frames(n)),
        Err(_) => Err(format!("{text} is not in 1.. (frames) or idle")),
    }
}

/// Reads the game's flags from `args` (the program name first), as clap would, with
/// `about` as the first line of `-h`. Values quoted in an error are cut to a short
/// prefix ([`cli_common::quote::short`]): a bad 131 KB `--replay` is not echoed whole.
///
/// # Errors
/// clap's error (exit status 2 through [`clap::Error::exit`]), or its help and version
/// output.
pub fn parse_args<I, T>(about: &'static str, args: I) -> Result<GameArgs, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let mut command = GameArgs::command().about(about);
    command
        .try_get_matches_from_mut(args)
        .and_then(|matches| {
            let mut args = GameArgs::from_arg_matches(&matches)?;
            args.generator_given =
                matches.value_source("generator") == Some(clap::parser::ValueSource::CommandLine);
            Ok(args)
        })
        .map_err(|e| shortened(e).format(&mut command))
}

/// `err` with every long value in its context cut short.
fn shortened(mut err: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue};
    use cli_common::quote::shorten_words;
    let long = |s: &String| s.chars().count() > cli_common::quote::QUOTE_MAX;
    let replacements: Vec<_> = err
        .context()
        .filter_map(|(kind, value)| match value {
            ContextValue::String(s) if long(s) => {
                Some((kind, ContextValue::String(cli_common::quote::short(s))))
            }
            ContextValue::Strings(v) if v.iter().any(long) => Some((
                kind,
                ContextValue::Strings(v.iter().map(|s| cli_common::quote::short(s)).collect()),
            )),
            _ => None,
        })
        .collect();
    for (kind, value) in replacements {
        err.insert(kind, value);
    }
    // A value parser's own message may quote the value too.
    let source = std::error::Error::source(&err).map(std::string::ToString::to_string);
    match (
        source,
        err.get(ContextKind::InvalidValue),
        err.get(ContextKind::InvalidArg),
    ) {
        (Some(source), Some(value), Some(arg)) if shorten_words(&source) != source => {
            let message = format!(
                "invalid value '{value}' for '{arg}': {}\n",
                shorten_words(&source)
            );
            clap::Error::raw(err.kind(), message)
        }
        _ => err,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;
    use game_app::action::Key;
    use mapgen::generators::grid::GridSettings;
    use mapgen::generators::rooms::RoomsSettings;

    fn parse(args: &[&str]) -> Result<GameArgs, clap::Error> {
        GameArgs::try_parse_from(std::iter::once("game").chain(args.iter().copied()))
    }

    /// `--help`'s summary names every key of play mode, as the help screen does.
    #[test]
    fn the_help_summary_names_every_play_key() {
        use game_app::action::{Keys, ModeKind};
        let about = GameArgs::command().get_long_about().unwrap().to_string();
        let words: Vec<&str> = about
            .split(|c: char| c.is_whitespace() || ",;:()".contains(c))
            .collect();
        for binding in ModeKind::Play.bindings() {
            let word = match binding.keys {
                Keys::Key(Key::Char(c)) => c.to_string(),
                Keys::Key(Key::Numpad(n)) => n.to_string(),
                Keys::Key(Key::Ctrl(c)) => format!("Ctrl-{}", c.to_ascii_uppercase()),
                Keys::Key(Key::Tab) => "Tab".into(),
                Keys::Key(Key::Escape) => "Esc".into(),
                Keys::Click => "click".into(),
                // Moves are named by their groups; hovering shows the route to a click.
                _ => continue,
            };
            assert!(
                words.contains(&word.as_str()),
                "--help's summary lacks {word}: {about}"
            );
        }
    }

    #[test]
    fn defaults_are_the_tutorials() {
        let args = parse(&[]).unwrap();
        assert_eq!(
            args.generator(),
            Ok(Generator::Rooms(RoomsSettings::default()))
        );
        assert_eq!(args.fov_radius, 10);
        assert_eq!(args.goal_depth, 8);
        assert_eq!(args.seed, None);
        assert_eq!(args.scale, None, "the window fits the screen");
        assert!(args.vsync.is_on());
        assert!(args.replay_inputs().is_empty());
        assert_eq!(args.step_ms, 20);
        assert_eq!(args.slide_ms, 250);
        assert_eq!(
            (args.levels, args.report, args.exit_after),
            (None, None, None)
        );
    }

    #[test]
    fn every_flag_parses() {
        let args = parse(&[
            "--seed",
            "7",
            "--width",
            "100",
            "--height",
            "60",
            "--max-rooms",
            "50",
            "--room-min",
            "4",
            "--room-max",
            "12",
            "--generator",
            "rooms",
            "--fov-radius",
            "0",
            "--locks",
            "3",
            "--font",
            "x.png",
            "--scale",
            "2",
            "--vsync",
            "off",
            "--fps-cap",
            "0",
            "--replay",
            "hjR{tab}",
            "--exit-after",
            "5",
            "--step-ms",
            "0",
            "--report",
            "r.json",
            "--screenshot",
            "s.png",
        ])
        .unwrap();
        assert_eq!(args.seed, Some(7));
        assert_eq!(args.locks, 3);
        assert_eq!(
            args.generator(),
            Ok(Generator::Rooms(RoomsSettings {
                width: 100,
                height: 60,
                max_rooms: 50,
                room_min_size: 4,
                room_max_size: 12
            }))
        );
        assert_eq!(args.fov_radius, 0);
        assert_eq!(args.font.as_deref(), Some(std::path::Path::new("x.png")));
        assert_eq!(args.scale, Some(2.0));
        assert!(!args.vsync.is_on());
        assert_eq!(args.fps_cap, 0);
        assert_eq!(
            args.replay_inputs(),
            vec![
                Input::Key(Key::Char('h')),
                Input::Key(Key::Char('j')),
                Input::Key(Key::Char('R')),
                Input::Key(Key::Tab)
            ]
        );
        assert_eq!(args.exit_after, Some(ExitAfter::Frames(5)));
        assert_eq!(args.step_ms, 0);
        assert_eq!(args.report.as_deref(), Some(std::path::Path::new("r.json")));
        let idle = parse(&["--exit-after", "idle", "--levels", "rooms, caves"]).unwrap();
        assert_eq!(idle.exit_after, Some(ExitAfter::Idle));
        assert_eq!(
            idle.levels,
            Some(LevelKinds(vec![GeneratorKind::Rooms, GeneratorKind::Caves]))
        );
    }

    #[test]
    fn every_listed_generator_starts_a_game_by_name() {
        for &kind in mapgen::generators::GeneratorKind::ALL {
            let args = parse(&["--generator", kind.name(), "--seed", "5"]).unwrap();
            let generator = args.generator().unwrap();
            assert_eq!(generator.kind(), kind);
            let game = game_core::game::Game::new(generator, 5, args.fov_radius).unwrap();
            assert!(game.map().is_walkable(game.player()), "{kind}");
        }
    }

    /// The game refused any map under 11 tiles a side, whatever the generator, with an
    /// error about --room-max it was not given: every generator was validated for `G`.
    #[test]
    fn only_the_chosen_generator_is_checked_and_g_skips_the_others_with_why() {
        let args = parse(&["--generator", "caves", "--width", "8", "--height", "8"]).unwrap();
        let setup = args.generators().unwrap();
        assert_eq!(setup.first.kind(), GeneratorKind::Caves);
        let skipped: Vec<GeneratorKind> = setup.skipped.iter().map(|(k, _)| *k).collect();
        assert_eq!(skipped, [GeneratorKind::Rooms, GeneratorKind::Voronoi]);
        assert_eq!(
            setup.skipped[0].1,
            "the default --room-max is 10; allowed 2..=7"
        );
        assert!(
            setup
                .choices
                .iter()
                .all(|g| g.kind() != GeneratorKind::Rooms)
        );
        assert!(
            setup
                .choices
                .iter()
                .any(|g| g.kind() == GeneratorKind::Caves)
        );
        // The chosen one is still checked, by its own flags.
        let args = parse(&["--width", "8", "--height", "8"]).unwrap();
        assert_eq!(
            args.generators().unwrap_err(),
            "the default --room-max is 10; allowed 2..=7"
        );
    }

    #[test]
    fn levels_list_a_generator_per_depth_checked_with_the_flags() {
        let args = parse_args("about", ["game", "--levels", "maze,caves"]).unwrap();
        let setup = args.generators().unwrap();
        let kinds: Vec<GeneratorKind> = setup.levels.iter().map(Generator::kind).collect();
        assert_eq!(kinds, [GeneratorKind::Maze, GeneratorKind::Caves]);
        assert_eq!(setup.first.kind(), GeneratorKind::Maze);
        let args = parse_args(
            "about",
            [
                "game",
                "--levels",
                "caves,rooms",
                "--width",
                "8",
                "--height",
                "8",
            ],
        )
        .unwrap();
        assert_eq!(
            args.generators().unwrap_err(),
            "--levels rooms: the default --room-max is 10; allowed 2..=7"
        );
        let args = parse_args(
            "about",
            ["game", "--levels", "maze", "--generator", "caves"],
        )
        .unwrap();
        assert!(
            args.generators()
                .unwrap_err()
                .starts_with("--levels sets the generator")
        );
        let args = parse_args("about", ["game", "--generator", "caves"]).unwrap();
        assert!(args.generator_given);
    }

    #[test]
    fn invalid_dungeon_settings_name_the_flags_typed() {
        let args = parse(&["--room-min", "12", "--room-max", "8"]).unwrap();
        let err = args.generator().unwrap_err();
        assert_eq!(
            err.to_string(),
            "--room-min (12) is larger than --room-max (8)"
        );
        let args = parse(&["--width", "-3"]).unwrap();
        let err = args.generator().unwrap_err();
        assert!(err.to_string().starts_with("--width is -3"), "{err}");
    }

    #[test]
    fn usage_errors_are_claps() {
        let kind = |args: &[&str]| parse(args).unwrap_err().kind();
        assert_eq!(kind(&["--generator", "swamp"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--vsync", "maybe"]), ErrorKind::InvalidValue);
        assert_eq!(kind(&["--scale", "0"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--scale", "nan"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--exit-after", "0"]), ErrorKind::ValueValidation);
        // Once read as an unknown flag: a negative number is a bad value, named as such.
        assert_eq!(kind(&["--exit-after", "-1"]), ErrorKind::ValueValidation);
        let msg = parse(&["--exit-after", "-1"]).unwrap_err().to_string();
        assert!(msg.contains("-1 is not in 1.. (frames) or idle"), "{msg}");
        assert_eq!(kind(&["--step-ms", "1001"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--slide-ms", "1001"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--slide-ms", "-1"]), ErrorKind::ValueValidation);
        assert_eq!(
            kind(&["--levels", "rooms,swamp"]),
            ErrorKind::ValueValidation
        );
        assert_eq!(
            kind(&["--levels", "rooms,,caves"]),
            ErrorKind::ValueValidation
        );
        let msg = parse(&["--levels", "rooms,swamp"]).unwrap_err().to_string();
        assert!(msg.contains("unknown generator \"swamp\""), "{msg}");
        assert_eq!(kind(&["--fps-cap", "-1"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--fov-radius", "-1"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--locks", "9"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--locks", "-1"]), ErrorKind::ValueValidation);
        let msg = parse(&["--locks", "9"]).unwrap_err().to_string();
        assert!(msg.contains("9 is not in 0..=8"), "{msg}");
        assert_eq!(kind(&["--replay", "h q"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--seed", "-1"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--bogus"]), ErrorKind::UnknownArgument);
        let msg = parse(&["--generator", "swamp"]).unwrap_err().to_string();
        assert!(
            msg.contains("unknown generator \"swamp\"; allowed: rooms"),
            "{msg}"
        );
        let grid = parse(&["--generator", "grid"]).unwrap().generator();
        assert_eq!(grid, Ok(Generator::Grid(GridSettings::default())));
        let err = parse(&["--cols", "5"]).unwrap().generator().unwrap_err();
        assert_eq!(
            err.to_string(),
            "--cols is a setting of the grid generator, not of rooms"
        );
        // clap's usage errors exit 2, like mapgen's.
        assert_eq!(parse(&["--bogus"]).unwrap_err().exit_code(), 2);
    }

    #[test]
    fn errors_quote_only_a_short_prefix_of_a_long_value() {
        let long = "!".repeat(131_072);
        for args in [
            vec!["--replay".to_string(), long.clone()],
            vec!["--generator".to_string(), long.clone()],
            vec!["--vsync".to_string(), long.clone()],
            vec![format!("--{long}")],
        ] {
            let err =
                parse_args("about", std::iter::once("game".to_string()).chain(args)).unwrap_err();
            let text = err.to_string();
            assert!(text.len() < 600, "{} bytes: {}", text.len(), &text[..200]);
            assert!(text.contains("characters)"), "{text}");
            assert_eq!(err.exit_code(), 2);
        }
        let err = parse_args("about", ["game", "--replay", "h!"]).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("\"!\" (at character 2) is not a replay key"),
            "{text}"
        );
        let args = parse_args("about", ["game", "--seed", "3"]).unwrap();
        assert_eq!(args.seed, Some(3));
    }
}
