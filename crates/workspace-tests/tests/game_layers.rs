//! The game's layers keep to their own: the rules (`game-core`) and the app
//! (`game-app`) link no window, no flag parser and no image codec, and the app's code
//! reads no clock, file or environment (time and input come in as values); the flags
//! (`game-flags`) read no file either.

use std::path::Path;
use std::process::Command;

/// Every package in `package`'s normal dependency tree, by name.
fn dependencies(package: &str) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "-e",
            "normal",
            "--prefix",
            "none",
            "-p",
            package,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

#[test]
fn the_rules_and_the_app_link_no_window_flag_parser_or_image_codec() {
    let forbidden = [
        "bracket-lib",
        "bracket-terminal",
        "winit",
        "glutin",
        "clap",
        "png",
        "x11-dl",
    ];
    for package in ["game-core", "game-app"] {
        let deps = dependencies(package);
        assert!(deps.len() > 3, "{package}: {deps:?}");
        for name in forbidden {
            assert!(!deps.iter().any(|d| d == name), "{package} links {name}");
        }
    }
    let core = dependencies("game-core");
    assert!(
        !core.iter().any(|d| d == "serde_json" || d == "tileset"),
        "{core:?}"
    );
    let flags = dependencies("game-flags");
    assert!(flags.iter().any(|d| d == "clap"));
    assert!(
        !flags.iter().any(|d| d == "png" || d == "bracket-lib"),
        "{flags:?}"
    );
}

/// Rust sources under `dir`, with their text.
fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            found.push((path.display().to_string(), text));
        }
    }
    found
}

#[test]
fn the_app_reads_no_clock_file_or_environment() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let forbidden = [
        "Instant",
        "SystemTime",
        "std::fs",
        "std::env",
        "env::var",
        "File::",
    ];
    for krate in ["game-core", "game-app", "game-flags"] {
        let files = sources(&crates.join(krate).join("src"));
        assert!(!files.is_empty(), "{krate}");
        for (path, text) in files {
            // Only the code, not its tests: a test may read a golden file.
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for word in forbidden {
                assert!(!code.contains(word), "{path} uses {word}");
            }
        }
    }
}
