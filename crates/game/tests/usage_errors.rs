//! Every usage error of `game` is one line and exit 2, before any window opens: a bad
//! value for every flag `game --help` lists (clap printed three lines, and quoted a value
//! of any length whole).

use std::process::Command;

fn game(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_game"))
        .args(args)
        // No window can open: a flag whose value is taken still ends in the unknown flag.
        .env_remove("DISPLAY")
        .output()
        .unwrap()
}

#[test]
fn a_bad_value_for_every_flag_is_one_line() {
    let help = String::from_utf8(game(&["--help"]).stdout).unwrap();
    let mut flags: Vec<&str> = help
        .lines()
        .filter_map(|l| {
            l.trim_start()
                .split([' ', ',', '=', '<'])
                .find(|w| w.starts_with("--"))
        })
        .filter(|f| *f != "--help" && *f != "--version")
        .collect();
    flags.dedup();
    assert!(flags.len() > 30, "only {} flags in --help", flags.len());
    let long = format!("o{{bogus}}{}", "x".repeat(100_000));
    for flag in flags {
        for value in ["o{bogus}", long.as_str()] {
            let out = game(&[flag, value, "--no-such-flag"]);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{flag}: {err}");
            assert!(err.starts_with("error: "), "{flag}: {err}");
            assert_eq!(err.lines().count(), 1, "{flag}: {err}");
            assert!(err.len() < 400, "{flag}: {} bytes", err.len());
        }
    }
}
