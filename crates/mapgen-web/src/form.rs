//! The playground's form: every flag of `mapgen generate` (as `--help` lists it) but
//! those the page sets itself, with its help, default, and the range its checks allow.
//! Nothing here names a generator's flag: a flag added to `mapgen generate` appears in
//! the form as it appears in `--help`.

use clap::Arg;
use mapgen::GenerateError;
use mapgen::generators::GeneratorKind;
use mapgen_flags::{FlagError, GeneratorFlags};
use serde_json::{Value, json};

use crate::command::{generate_args, generate_command};

/// The flags the page sets itself (the output's format and where it goes), and clap's
/// own: not in the form.
pub const PAGE_SETS: [&str; 9] = [
    "format",
    "count",
    "jobs",
    "frames",
    "graph",
    "tile-size",
    "output",
    "help",
    "version",
];

/// The form as JSON: `generators` (each's name, what it makes, and the flags it takes,
/// as [`GeneratorFlags::flags_of`]) and `fields` (every other flag of the form, in
/// `--help`'s order: its flag, help, heading, value name, default, and whether it is a
/// switch or takes one of a few values).
pub fn form() -> Value {
    let generators: Vec<Value> = GeneratorKind::ALL
        .iter()
        .map(|&kind| {
            json!({
                "name": kind.name(),
                "about": kind.about(),
                "flags": GeneratorFlags::flags_of(kind),
            })
        })
        .collect();
    let command = generate_command();
    let fields: Vec<Value> = command
        .get_arguments()
        .filter(|arg| {
            arg.get_long()
                .is_some_and(|long| !PAGE_SETS.contains(&long))
        })
        .map(field)
        .collect();
    json!({ "generators": generators, "fields": fields })
}

fn field(arg: &Arg) -> Value {
    let text = |s: Option<&clap::builder::StyledStr>| s.map(ToString::to_string);
    let choices: Vec<String> = arg
        .get_possible_values()
        .iter()
        .map(|v| v.get_name().to_string())
        .collect();
    json!({
        "flag": format!("--{}", arg.get_long().unwrap_or_default()),
        "help": text(arg.get_help()),
        "heading": arg.get_help_heading(),
        "value_name": arg.get_value_names().and_then(|v| v.first()).map(ToString::to_string),
        "default": arg.get_default_values().first().map(|v| v.to_string_lossy().into_owned()),
        "switch": !arg.get_action().takes_values(),
        "choices": choices,
    })
}

/// The values `generator`'s checks allow for each whole-number flag of the form, as
/// `{"--stage": [1, 12], ...}` with every other flag at its default: found by giving
/// each flag the extremes of a 32-bit number and reading the range from the check that
/// refuses it. A flag whose extremes are refused by clap, or by no range check, is left
/// out.
///
/// ```
/// use mapgen::generators::GeneratorKind;
/// let ranges = mapgen_web::form::ranges(GeneratorKind::Isaac);
/// assert_eq!(ranges["--stage"], serde_json::json!([1, 12]));
/// assert_eq!(ranges["--room-width"], serde_json::json!([3, 255]));
/// ```
pub fn ranges(generator: GeneratorKind) -> Value {
    let mut ranges = serde_json::Map::new();
    let command = generate_command();
    let flags = command
        .get_arguments()
        .filter(|arg| arg.get_action().takes_values())
        .filter_map(|arg| arg.get_long())
        .filter(|long| !PAGE_SETS.contains(long) && *long != "generator");
    for long in flags {
        let flag = format!("--{long}");
        let refused = |value: &str| {
            let words = ["--generator", generator.name(), &flag, value];
            let args = generate_args(&words).ok()?;
            let err = mapgen_cli::check(&args).err()?;
            match err.downcast_ref::<FlagError>() {
                Some(FlagError::Invalid(GenerateError::OutOfRange {
                    field, min, max, ..
                })) if *field == flag => Some([*min, *max]),
                _ => None,
            }
        };
        let low = ["-2147483648", "0"].into_iter().find_map(refused);
        let high = ["4294967295", "2147483647"].into_iter().find_map(refused);
        if let Some([min, max]) = low.or(high) {
            ranges.insert(flag, json!([min, max]));
        }
    }
    Value::Object(ranges)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every flag `mapgen generate --help` lists is in the form or set by the page, and
    /// every generator's flags are among the form's.
    #[test]
    fn the_form_holds_every_flag_of_generate() {
        let form = form();
        let fields: Vec<&str> = form["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["flag"].as_str().unwrap())
            .collect();
        for arg in generate_command().get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            let flag = format!("--{long}");
            assert!(
                fields.contains(&flag.as_str()) != PAGE_SETS.contains(&long),
                "{flag}: in the form and set by the page, or neither"
            );
        }
        for generator in form["generators"].as_array().unwrap() {
            for flag in generator["flags"].as_array().unwrap() {
                assert!(fields.contains(&flag.as_str().unwrap()), "{flag}");
            }
        }
        assert_eq!(
            form["generators"].as_array().unwrap().len(),
            GeneratorKind::ALL.len()
        );
    }

    #[test]
    fn defaults_switches_and_ranges_come_from_the_definitions() {
        let form = form();
        let field = |flag: &str| {
            form["fields"]
                .as_array()
                .unwrap()
                .iter()
                .find(|f| f["flag"] == flag)
                .unwrap()
                .clone()
        };
        assert_eq!(field("--max-rooms")["default"], "30");
        assert_eq!(field("--xl")["switch"], true);
        assert_eq!(field("--generator")["default"], "rooms");
        // The spawns flags, under their own --help heading.
        assert_eq!(field("--spawns")["heading"], "Spawns");
        assert_eq!(field("--spawns")["value_name"], "builtin|PATH");
        assert_eq!(field("--spawn-depth")["default"], "1");
        let rooms = ranges(GeneratorKind::Rooms);
        assert_eq!(rooms["--width"], json!([3, 10000]));
        assert_eq!(rooms["--max-rooms"], json!([1, 1_000_000]));
        assert!(rooms.get("--seed").is_none(), "any seed is a seed");
    }
}
