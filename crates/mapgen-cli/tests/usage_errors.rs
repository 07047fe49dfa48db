//! Every usage error of `mapgen` is one line and exit 2: a bad value for every flag of
//! every command (clap printed three lines, and quoted a value of any length whole).

mod support;
use support::{mapgen, refused};

/// The long flags `mapgen COMMAND --help` lists.
fn flags_of(command: &str) -> Vec<String> {
    let help = String::from_utf8(mapgen(&[command, "--help"]).stdout).unwrap();
    let mut flags: Vec<String> = help
        .lines()
        .filter_map(|l| {
            l.trim_start()
                .split([' ', ',', '=', '<'])
                .find(|w| w.starts_with("--"))
        })
        .map(str::to_string)
        .filter(|f| f != "--help" && f != "--version")
        .collect();
    flags.dedup();
    flags
}

/// One line on standard error, `error: `, exit 2.
fn assert_one_line(args: &[&str]) -> String {
    let err = refused(args);
    assert!(err.len() < 400, "{args:?}: {} bytes", err.len());
    err
}

#[test]
fn a_bad_value_for_every_flag_is_one_line() {
    let long = format!("o{{bogus}}{}", "x".repeat(100_000));
    let mut checked = 0;
    for command in [
        "generate",
        "render",
        "regenerate",
        "vaults",
        "fov",
        "path",
        "dijkstra",
    ] {
        for flag in flags_of(command) {
            // A value the flag refuses, or (for a flag that takes this text) the unknown
            // flag after it: a usage error either way.
            for value in ["o{bogus}", long.as_str()] {
                let err = assert_one_line(&[command, &flag, value, "--no-such-flag"]);
                assert!(
                    !err.contains("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
                    "{err}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 60, "only {checked} flags");
}

#[test]
fn other_usage_errors_are_one_line() {
    for args in [
        &["bogus"][..],
        &["regenerate"],
        &["generate", "--sed", "1"],
        &["generate", "--seed"],
        &["generate", "--count", "0"],
    ] {
        assert_one_line(args);
    }
    // Help is still help; with no command at all, help on standard error and exit 2.
    let help = mapgen(&["generate", "--help"]);
    assert!(help.status.success() && help.stdout.len() > 1000);
    let bare = mapgen::<&str>(&[]);
    assert_eq!(bare.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bare.stderr).contains("Usage: mapgen"));
}
