//! The golden replays (`tests/golden/replays.txt`) played on the app alone, without a
//! window: each ends with its whole report, the last frame's screen included, exactly
//! as in `tests/golden/NAME.json`. The window plays the same lines in
//! `scripts/game-e2e.sh` and must end with the same reports: this is the test any front
//! end passes.
//!
//! After a change that is meant to change what the game shows, remake the files with
//! `GOLDEN_UPDATE=1 cargo test -p game-app --test replay_golden` and read the diff.

use std::path::{Path, PathBuf};
use std::time::Duration;

use game_app::app::{App, FrameInput};
use game_app::config::{Config, ExitAfter};
use game_app::fonts::{Fonts, Surface, builtin_faces, console_cells};
use game_app::replay::parse_inputs;
use mapgen::generators::{Generator, GeneratorKind};

/// A frame's time: about 60 frames a second.
const FRAME: Duration = Duration::from_millis(16);

/// No replay takes more frames than this.
const MAX_FRAMES: u64 = 100_000;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The replays: name and flags.
fn replays() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(golden_dir().join("replays.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let (name, flags) = line.split_once('|').unwrap();
            let flags = flags.split_whitespace().map(str::to_string).collect();
            (name.trim().to_string(), flags)
        })
        .collect()
}

/// The settings the flags name, as the window's flags would give them (the few the
/// replays use; anything else fails the test).
fn config(flags: &[String]) -> Config {
    let mut config = Config::new(0, Generator::with_defaults(GeneratorKind::Rooms));
    config.step_ms = 0;
    config.exit_after = Some(ExitAfter::Idle);
    let mut flags = flags.iter();
    while let Some(flag) = flags.next() {
        if flag == "--peaceful" {
            config.monsters = game_core::goal::Monsters::LeftOut;
            continue;
        }
        let value = flags
            .next()
            .unwrap_or_else(|| panic!("{flag} without a value"));
        match flag.as_str() {
            "--seed" => config.seed = value.parse().unwrap(),
            "--generator" => {
                let kind: GeneratorKind = value.parse().unwrap();
                config.generators.first = Generator::with_defaults(kind);
            }
            "--slide-ms" => config.slide_ms = value.parse().unwrap(),
            "--goal-depth" => config.goal_depth = value.parse().unwrap(),
            "--replay" => config.replay = parse_inputs(value).unwrap(),
            other => panic!("{other} is not a flag the golden replays use"),
        }
    }
    config
}

/// Plays `config` to its end on the app alone, in the first font on an 80x55 console;
/// the report.
fn play(config: Config) -> String {
    let fonts = Fonts::new(builtin_faces(), 0).unwrap();
    let surface = Surface {
        px: (1280, 880),
        scale: 2.0,
    };
    play_in(config, fonts, surface, (80, 55))
}

/// Plays `config` to its end on the app alone, in `fonts` on a console of `cells`.
fn play_in(config: Config, fonts: Fonts, surface: Surface, cells: (i32, i32)) -> String {
    let mut app = App::new(config, fonts, surface, cells, Box::new(|| 1));
    for _ in 0..MAX_FRAMES {
        let done = app.frame(FrameInput {
            elapsed: FRAME,
            events: &[],
            pointer: None,
            time_left: &mut || true,
        });
        if done.ending.is_some() {
            return app.report().expect("a game was played");
        }
        // The first level is made on a thread: let it run.
        if app.session().is_none() {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    panic!("not over after {MAX_FRAMES} frames");
}

/// The report as a golden file, so that a change reads as a diff: a field a line, and
/// a list's items a line each (the screen's rows one under the other).
fn pretty(report: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(report).unwrap();
    let fields = value.as_object().unwrap();
    let mut out = String::from("{\n");
    for (i, (key, value)) in fields.iter().enumerate() {
        let text = match value.as_array() {
            Some(items) if !items.is_empty() => {
                let items: Vec<String> = items.iter().map(|v| format!("    {v}")).collect();
                format!("[\n{}\n  ]", items.join(",\n"))
            }
            _ => value.to_string(),
        };
        let comma = if i + 1 < fields.len() { "," } else { "" };
        out.push_str(&format!("  {key:?}: {text}{comma}\n"));
    }
    out.push_str("}\n");
    out
}

#[test]
fn every_replay_ends_with_its_golden_report() {
    let update = std::env::var_os("GOLDEN_UPDATE").is_some();
    let replays = replays();
    assert!(replays.len() >= 5, "{} replays", replays.len());
    let mut failed = Vec::new();
    for (name, flags) in replays {
        let report = pretty(&play(config(&flags)));
        let path = golden_dir().join(format!("{name}.json"));
        if update {
            std::fs::write(&path, &report).unwrap();
            continue;
        }
        let golden = std::fs::read_to_string(&path).unwrap_or_default();
        if golden != report {
            let got = golden_dir().join(format!("{name}.got.json"));
            std::fs::write(&got, &report).unwrap();
            failed.push(format!("{name}: differs, see {}", got.display()));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

/// What the goldens pin: the screen is the console, every row as wide as the others,
/// and the replays cover what they say (explore, the stairs both ways, look mode, an
/// isaac floor with slides, the large map, the archive).
#[test]
fn the_goldens_cover_what_they_should() {
    let read = |name: &str| -> serde_json::Value {
        let text = std::fs::read_to_string(golden_dir().join(format!("{name}.json"))).unwrap();
        serde_json::from_str(&text).unwrap()
    };
    for (name, _) in replays() {
        let report = read(&name);
        let screen: Vec<&str> = report["screen"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        assert_eq!(screen.len(), 55, "{name}");
        assert!(screen.iter().all(|r| r.chars().count() == 80), "{name}");
        assert!(report["turn"].as_u64().unwrap() > 0, "{name}");
    }
    let stairs = read("explore-stairs");
    let log = stairs["log"].to_string();
    assert!(log.contains("You go down to depth 2") && log.contains("You climb up to depth 1"));
    assert_eq!(stairs["depth"], 1);
    let look = read("look");
    let notice = look["screen"][52].as_str().unwrap();
    assert!(
        notice.contains("stairs down"),
        "the look cursor's line: {notice}"
    );
    let isaac = read("isaac-slides");
    assert!(isaac["slides"].as_u64().unwrap() >= 3);
    let map = read("isaac-map");
    assert_eq!(map["found_secrets"], 1);
    let archive = read("grid-archive");
    assert!(archive["screen"][0].as_str().unwrap().contains("Messages"));
    let fight = read("fight");
    assert_eq!(fight["kills"], 1);
    assert_eq!(fight["outcome"], "playing");
    assert!(fight["hp"]["now"].as_i64().unwrap() < fight["hp"]["max"].as_i64().unwrap());
    let log = fight["log"].to_string();
    assert!(log.contains("You kill the rat.") && log.contains("The kobold hits you."));
    for peaceful in ["explore-stairs", "caves"] {
        let levels = read(peaceful)["levels"].to_string();
        assert!(!levels.contains("\"name\""), "{peaceful}: {levels}");
    }
}

/// Issue 33: a fresh seed (20 digits) cut the panel's first line, so the room kind or
/// the seed went missing. The report's `screen` shows the whole seed, and on a grid of
/// rooms the room's kind, on every generator in every built-in font's console.
#[test]
fn the_screen_shows_a_20_digit_seed_and_the_room_on_every_generator_and_font() {
    let surface = Surface {
        px: (1280, 880),
        scale: 2.0,
    };
    for &kind in GeneratorKind::ALL {
        for (index, face) in builtin_faces().iter().enumerate() {
            let mut config = Config::new(u64::MAX, Generator::with_defaults(kind));
            config.exit_after = Some(ExitAfter::Idle);
            let fonts = Fonts::new(builtin_faces(), index).unwrap();
            let cells = console_cells(surface.px, face.glyph, surface.scale);
            let report = play_in(config, fonts, surface, cells);
            let report: serde_json::Value = serde_json::from_str(&report).unwrap();
            let rows: Vec<&str> = report["screen"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap())
                .collect();
            let text = rows.join("\n");
            let at = format!("{kind} in {} ({}x{})", face.name, cells.0, cells.1);
            assert!(
                text.contains(&format!("Seed {}", u64::MAX)),
                "{at}: no whole seed in\n{text}"
            );
            if matches!(kind, GeneratorKind::Grid | GeneratorKind::Isaac) {
                assert!(text.contains("Room start"), "{at}: no room kind in\n{text}");
            }
            assert!(
                rows.iter().all(|r| r.chars().count() == cells.0 as usize),
                "{at}"
            );
        }
    }
}
