//! The files the flags name for writing (`--screenshot`, `--report`), checked before the
//! window opens, so that a game is never played for nothing.

use std::fs::OpenOptions;
use std::path::Path;

/// Checks, before the game starts, that a screenshot can be saved at `path`: a `.png`
/// name that is not a directory or a special file, in an existing directory where a file
/// can be made. Nothing is opened that could block: a FIFO is refused from its metadata.
///
/// # Errors
/// One line naming the path and the problem.
pub fn check_screenshot_path(path: &Path) -> Result<(), String> {
    check_output_path("--screenshot", path, Some("png"))
}

/// Checks, before the game starts, that `--report` can be written at `path`.
///
/// # Errors
/// One line naming the path and the problem.
pub fn check_report_path(path: &Path) -> Result<(), String> {
    check_output_path("--report", path, None)
}

/// Checks that `flag`'s file can be written at `path`, with the file name ending in
/// `.extension` when one is asked for.
fn check_output_path(flag: &str, path: &Path, extension: Option<&str>) -> Result<(), String> {
    let fail = |problem: &str| {
        Err(format!(
            "{flag} {}: {problem}",
            cli_common::quote::short_path(path)
        ))
    };
    if let Some(extension) = extension {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_ascii_lowercase());
        if name.as_deref() == Some(&format!(".{extension}")) {
            return fail(&format!(
                "the file name is only the extension; give it a name, such as shot.{extension}"
            ));
        }
        let fits = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(extension));
        if !fits {
            return fail(&format!("the file name must end in .{extension}"));
        }
    }
    if let Some(problem) = cli_common::files::output_problem(path) {
        return fail(&problem);
    }
    let existed = path.exists();
    // Opening without truncating leaves an existing file as it was until the game saves.
    match OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
    {
        Ok(_) => {
            if !existed {
                let _ = std::fs::remove_file(path);
            }
            Ok(())
        }
        Err(e) => fail(&format!("cannot create a file there: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--screenshot` naming a FIFO blocked start-up forever; `/proc/x.png` was said to
    /// have no directory.
    #[cfg(unix)]
    #[test]
    fn screenshot_targets_that_cannot_hold_a_png_are_named_for_what_they_are() {
        let dir = std::env::temp_dir().join(format!("game-cli-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("shot.png");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let err = check_screenshot_path(&fifo).unwrap_err();
            assert!(
                err.ends_with("is a FIFO (named pipe), not a regular file"),
                "{err}"
            );
        }
        if Path::new("/proc/self").exists() {
            let err = check_screenshot_path(Path::new("/proc/x.png")).unwrap_err();
            assert!(
                err.starts_with("--screenshot /proc/x.png: cannot create a file there"),
                "{err}"
            );
        }
        let file = dir.join("file");
        std::fs::write(&file, b"").unwrap();
        let err = check_screenshot_path(&file.join("shot.png")).unwrap_err();
        assert!(err.ends_with("its directory is not a directory"), "{err}");
        let err = check_screenshot_path(&dir.join(format!("{}.png", "n".repeat(300)))).unwrap_err();
        assert!(err.contains("characters)"), "{err}");
    }

    #[test]
    fn screenshot_paths_are_checked_up_front() {
        let dir = std::env::temp_dir().join(format!("game-cli-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("shot.png");
        assert_eq!(check_screenshot_path(&good), Ok(()));
        assert!(!good.exists(), "the check leaves no file behind");
        let err = check_screenshot_path(&dir.join("shot.jpg")).unwrap_err();
        assert!(err.ends_with("the file name must end in .png"), "{err}");
        // `.png` was told to end in .png, which it does: it is a name with no extension.
        let err = check_screenshot_path(Path::new(".png")).unwrap_err();
        assert_eq!(
            err,
            "--screenshot .png: the file name is only the extension; give it a name, such as \
             shot.png"
        );
        assert_eq!(check_report_path(&dir.join("report.json")), Ok(()));
        let err = check_report_path(&dir.join("missing/r.json")).unwrap_err();
        assert!(err.starts_with("--report "), "{err}");
        let err = check_screenshot_path(&dir.join("missing/shot.png")).unwrap_err();
        assert!(err.ends_with("its directory does not exist"), "{err}");
        std::fs::write(&good, b"keep").unwrap();
        assert_eq!(check_screenshot_path(&good), Ok(()));
        assert_eq!(
            std::fs::read(&good).unwrap(),
            b"keep",
            "an existing file is untouched"
        );
    }
}
