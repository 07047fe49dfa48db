//! `--screenshot`: the last frame saved as a PNG.
//!
//! bracket-lib's own screenshot panics when the file cannot be written (its directory
//! removed during play, say: exit 101). The window reads the frame's pixels itself and
//! saves them here, where every failure is a one-line error.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use cli_common::files::output_problem;
use cli_common::quote::short_path;

/// Saves `pixels`, `width` x `height` RGBA pixels in OpenGL's order (the bottom row
/// first), as a PNG at `path`, top row first.
///
/// # Errors
/// One line naming the path and the problem: its directory is gone, it is now a
/// directory or a special file, the pixels do not match the size, or writing failed.
pub fn save_png(path: &Path, width: u32, height: u32, pixels: &[u8]) -> Result<(), String> {
    let fail = |problem: String| format!("--screenshot {}: {problem}", short_path(path));
    // Asked again: the directory may have been removed, or a FIFO made, during play.
    if let Some(problem) = output_problem(path) {
        return Err(fail(problem));
    }
    let row = width as usize * 4;
    if width == 0 || height == 0 || pixels.len() != row * height as usize {
        return Err(fail(format!(
            "the frame read back has {} bytes, not {width}x{height} pixels",
            pixels.len()
        )));
    }
    let file = File::create(path).map_err(|e| fail(format!("cannot create it: {e}")))?;
    let mut out = BufWriter::new(file);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let cannot_write = |e: &dyn std::fmt::Display| fail(format!("cannot write it: {e}"));
    let mut writer = encoder.write_header().map_err(|e| cannot_write(&e))?;
    let top_first: Vec<u8> = pixels.chunks_exact(row).rev().flatten().copied().collect();
    writer
        .write_image_data(&top_first)
        .map_err(|e| cannot_write(&e))?;
    writer.finish().map_err(|e| cannot_write(&e))?;
    out.flush().map_err(|e| cannot_write(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("game-shot-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_frame_is_saved_top_row_first() {
        let path = temp_dir("ok").join("shot.png");
        // 2x2: the bottom row (first in OpenGL) red, the top row blue.
        let red = [255, 0, 0, 255];
        let blue = [0, 0, 255, 255];
        let pixels: Vec<u8> = [red, red, blue, blue].concat();
        save_png(&path, 2, 2, &pixels).unwrap();
        let decoder = png::Decoder::new(File::open(&path).unwrap());
        let mut reader = decoder.read_info().unwrap();
        let mut image = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut image).unwrap();
        assert_eq!((info.width, info.height), (2, 2));
        assert_eq!(&image[..4], &blue, "top row first");
        assert_eq!(&image[12..], &red);
    }

    /// Removing the screenshot's directory during play made bracket-lib panic (exit 101).
    #[test]
    fn a_directory_removed_during_play_is_an_error_not_a_crash() {
        let dir = temp_dir("gone");
        let path = dir.join("shot.png");
        std::fs::remove_dir_all(&dir).unwrap();
        let err = save_png(&path, 1, 1, &[0; 4]).unwrap_err();
        assert!(err.ends_with("its directory does not exist"), "{err}");
        assert!(!err.contains('\n'));
    }

    #[test]
    fn a_frame_of_the_wrong_size_or_a_directory_is_refused() {
        let dir = temp_dir("bad");
        let err = save_png(&dir.join("a.png"), 2, 2, &[0; 4]).unwrap_err();
        assert!(err.contains("has 4 bytes, not 2x2 pixels"), "{err}");
        std::fs::create_dir_all(dir.join("d.png")).unwrap();
        let err = save_png(&dir.join("d.png"), 1, 1, &[0; 4]).unwrap_err();
        assert!(err.ends_with("is a directory"), "{err}");
    }
}
