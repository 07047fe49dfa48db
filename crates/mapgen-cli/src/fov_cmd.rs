//! `mapgen fov CASE...`: the field of view of each case file, as a grid of `1` (visible)
//! and `0`, one line per row, the grids separated by a blank line.
//!
//! A case file gives `size`, `origin`, `radius`, `light_walls` and the `map` (see
//! `fov_case::FovCase`); whatever follows the map, such as the expected answer, is
//! ignored. One `FieldOfView` serves every case, so thousands of cases run in one process.
//! Only regular files are read, at most `case_file::MAX_CASE_BYTES` each.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use fov_case::FovCase;
use mapgen::fov::FieldOfView;

use crate::case_file;

/// Arguments of `mapgen fov`.
#[derive(Debug, clap::Args)]
pub struct FovArgs {
    /// Case files (size, origin, radius, `light_walls`, map); expected sections are ignored.
    #[arg(required = true, value_name = "CASE")]
    pub cases: Vec<PathBuf>,
}

/// Prints the visible grid of every case, separated by blank lines.
///
/// Stops at the first file that cannot be read, parsed or computed, with an error that
/// names the file and the problem; grids printed before it stay printed.
pub fn run(args: &FovArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let mut fov = FieldOfView::default();
    for (i, path) in args.cases.iter().enumerate() {
        let name = path.display();
        let text = case_file::read(path).with_context(|| format!("{name}"))?;
        let case = FovCase::parse_input(&text).with_context(|| format!("{name}"))?;
        fov.compute(&case.map, case.origin, case.radius, case.light_walls)
            .with_context(|| format!("{name}"))?;
        if i > 0 {
            writeln!(out)?;
        }
        write!(out, "{fov}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn write_case(dir: &std::path::Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        fs::write(&path, text).unwrap();
        path
    }

    fn run_on(cases: Vec<PathBuf>) -> (anyhow::Result<()>, String) {
        let mut out = Vec::new();
        let result = run(&FovArgs { cases }, &mut out);
        (result, String::from_utf8(out).unwrap())
    }

    fn scratch(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("mapgen-fov-cmd-{}-{test}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn prints_grids_separated_by_blank_lines() {
        let dir = scratch("grids");
        let a = write_case(
            &dir,
            "a.txt",
            "size 3 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.#.\nvisible\n999\n",
        );
        let b = write_case(
            &dir,
            "b.txt",
            "size 2 2\norigin 1 1\nradius 1\nlight_walls 0\nmap\n..\n..\n",
        );
        let (result, out) = run_on(vec![a, b]);
        result.unwrap();
        assert_eq!(out, "110\n\n00\n01\n");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn errors_name_the_file_and_the_problem() {
        let dir = scratch("errors");
        let good = write_case(
            &dir,
            "good.txt",
            "size 1 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.\n",
        );
        let bad = write_case(
            &dir,
            "bad.txt",
            "size 2 1\norigin 0 0\nradius 0\nlight_walls 1\nmap\n.x\n",
        );
        let outside = write_case(
            &dir,
            "outside.txt",
            "size 1 1\norigin 4 0\nradius 0\nlight_walls 1\nmap\n.\n",
        );
        let missing = dir.join("missing.txt");
        let cases = [
            (
                bad,
                "line 6, column 2: 'x' is not allowed in the map section",
            ),
            (outside, "point of view (4, 0) is outside the 1x1 map"),
            (missing, ""),
        ];
        for (path, problem) in cases {
            let (result, out) = run_on(vec![good.clone(), path.clone()]);
            assert_eq!(out, "1\n", "the first grid is printed before the error");
            let message = format!("{:#}", result.unwrap_err());
            assert!(
                message.starts_with(&format!("{}: {problem}", path.display())),
                "{message}"
            );
            assert!(!message.contains('\n'), "one line: {message}");
        }
        fs::remove_dir_all(dir).unwrap();
    }
}
