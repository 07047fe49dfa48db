//! CP437 tilesets: the built-in ones and checks of a user's `--font` PNG.
//!
//! bracket-lib 0.8.7 panics inside `BTermBuilder::build()` on a missing or undecodable
//! font, and cannot add fonts after `build()`. So every font is read and decoded here
//! first, completely, and the window registers all of them at start-up from the bytes
//! checked here (never from the path again).

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use cli_common::files::{self, ReadError};

use game_app::fonts::{FontFace, Fonts, GlyphSize};
use tileset::sheets::{BUILTIN, GRID};

/// The largest glyph side accepted, in pixels (a 2048 x 2048 sheet).
pub const MAX_GLYPH_SIDE: u32 = 128;

/// The largest font file read, in bytes, and the most memory its pixels may decode to.
/// The largest valid sheet, 2048 x 2048 pixels of 16-bit RGBA, decodes to 32 MiB, and
/// stored without compression its file is barely larger; a longer file is not a font.
pub const MAX_FONT_BYTES: u64 = 64 << 20;

const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// A checked font: its name, glyph size and the PNG bytes that decoded cleanly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Font {
    /// Shown in the status panel: the built-in name, or the user's file name.
    pub name: String,
    /// The size of one glyph.
    pub glyph: GlyphSize,
    /// The PNG file's bytes.
    pub png: Cow<'static, [u8]>,
}

/// What is wrong with a font file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FontProblem {
    /// The file does not exist.
    #[error("no such file")]
    Missing,
    /// The file exists but could not be read.
    #[error("cannot read it: {0}")]
    Unreadable(String),
    /// The file is larger than any font needs to be.
    #[error("the file is {bytes} bytes or more; a font is at most {max} bytes", max = MAX_FONT_BYTES)]
    FileTooLarge {
        /// The file's size, or how much was read before giving up.
        bytes: u64,
    },
    /// The file does not start with the PNG signature.
    #[error("not a PNG file")]
    NotPng,
    /// The file starts like a PNG but does not decode.
    #[error("not a valid PNG: {0}")]
    Corrupt(String),
    /// The image is not 16 glyphs by 16.
    #[error(
        "the image is {width}x{height} pixels, not a grid of 16x16 glyphs \
         (both sides must be non-zero multiples of 16)"
    )]
    NotAGrid {
        /// Image width in pixels.
        width: u32,
        /// Image height in pixels.
        height: u32,
    },
    /// The glyphs are larger than [`MAX_GLYPH_SIDE`].
    #[error("glyphs of {glyph} pixels are too large (at most {max}x{max})", max = MAX_GLYPH_SIDE)]
    TooLarge {
        /// The glyph size found.
        glyph: GlyphSize,
    },
}

/// A font file that cannot be used, with the file's name: one line of text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("font {}: {problem}", cli_common::quote::short_path(path))]
pub struct FontError {
    /// The file named by `--font`.
    pub path: PathBuf,
    /// What is wrong with it.
    pub problem: FontProblem,
}

/// Checks that `png` is a PNG that decodes completely and is a 16 x 16 grid of glyphs,
/// and returns the glyph size.
///
/// # Errors
/// The first problem found.
pub fn glyph_size(png: &[u8]) -> Result<GlyphSize, FontProblem> {
    if !png.starts_with(&PNG_SIGNATURE) {
        return Err(FontProblem::NotPng);
    }
    let corrupt = |e: png::DecodingError| FontProblem::Corrupt(e.to_string());
    let limits = png::Limits {
        bytes: MAX_FONT_BYTES as usize,
    };
    let mut reader = png::Decoder::new_with_limits(png, limits)
        .read_info()
        .map_err(corrupt)?;
    let (width, height) = (reader.info().width, reader.info().height);
    let glyph = grid_glyph(width, height)?;
    // Decode every pixel: bracket-lib would panic later on a truncated or damaged image.
    let mut pixels = vec![0; reader.output_buffer_size()];
    reader.next_frame(&mut pixels).map_err(corrupt)?;
    Ok(glyph)
}

/// The glyph size of a `width` x `height` sheet, if it is a valid grid.
fn grid_glyph(width: u32, height: u32) -> Result<GlyphSize, FontProblem> {
    let is_grid = |side: u32| side > 0 && side.is_multiple_of(GRID);
    if !is_grid(width) || !is_grid(height) {
        return Err(FontProblem::NotAGrid { width, height });
    }
    let glyph = GlyphSize {
        width: width / GRID,
        height: height / GRID,
    };
    if glyph.width > MAX_GLYPH_SIDE || glyph.height > MAX_GLYPH_SIDE {
        return Err(FontProblem::TooLarge { glyph });
    }
    Ok(glyph)
}

/// Reads and checks a user's font file.
///
/// Only a regular file is opened (a FIFO would block, `/dev/zero` would never end), and
/// at most [`MAX_FONT_BYTES`] are read.
///
/// # Errors
/// A [`FontError`] naming the file and its problem: missing, not a regular file,
/// unreadable, too large, not a PNG, corrupt, or not a 16 x 16 grid.
pub fn load_font_file(path: &Path) -> Result<Font, FontError> {
    let fail = |problem| FontError {
        path: path.to_path_buf(),
        problem,
    };
    let bytes = read_regular_file(path, MAX_FONT_BYTES).map_err(fail)?;
    let glyph = glyph_size(&bytes).map_err(fail)?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok(Font {
        name,
        glyph,
        png: Cow::Owned(bytes),
    })
}

/// The bytes of the regular file at `path`, if it has at most `max` of them.
fn read_regular_file(path: &Path, max: u64) -> Result<Vec<u8>, FontProblem> {
    files::read_regular(path, max).map_err(|err| match err {
        ReadError::Missing => FontProblem::Missing,
        ReadError::TooLarge { size, .. } => FontProblem::FileTooLarge { bytes: size },
        ReadError::NotAFile(kind) => {
            FontProblem::Unreadable(format!("it is {kind}, not a regular file"))
        }
        ReadError::Io(err) => FontProblem::Unreadable(err.to_string()),
        other => FontProblem::Unreadable(other.to_string()),
    })
}

/// The built-in fonts, checked like a user's.
///
/// # Errors
/// Only if an embedded file were damaged, which a unit test rules out.
pub fn builtin_fonts() -> Result<Vec<Font>, FontError> {
    BUILTIN
        .iter()
        .map(|&(name, png)| {
            let glyph = glyph_size(png).map_err(|problem| FontError {
                path: PathBuf::from(format!("{name}.png (built in)")),
                problem,
            })?;
            Ok(Font {
                name: name.to_string(),
                glyph,
                png: Cow::Borrowed(png),
            })
        })
        .collect()
}

/// The fonts `F` cycles through and the one in use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FontSet {
    fonts: Vec<Font>,
    active: usize,
}

impl FontSet {
    /// The built-in fonts, then the user's if given; the user's font starts active,
    /// else the first built-in one.
    ///
    /// # Errors
    /// The user's font file's problem.
    pub fn load(user_font: Option<&Path>) -> Result<FontSet, FontError> {
        let mut fonts = builtin_fonts()?;
        let mut active = 0;
        if let Some(path) = user_font {
            fonts.push(load_font_file(path)?);
            active = fonts.len() - 1;
        }
        Ok(FontSet { fonts, active })
    }

    /// All fonts, in cycling order; a font's index here is its index in the window.
    pub fn fonts(&self) -> &[Font] {
        &self.fonts
    }

    /// The index of the font in use.
    pub fn active_index(&self) -> usize {
        self.active
    }

    /// The font in use.
    pub fn active(&self) -> &Font {
        &self.fonts[self.active]
    }

    /// Switches to the next font, wrapping around, and returns its index.
    pub fn advance(&mut self) -> usize {
        self.active = (self.active + 1) % self.fonts.len();
        self.active
    }

    /// The fonts as the app knows them (names and glyph sizes), the same one in use;
    /// `None` only for a set without fonts, which [`FontSet::load`] never makes.
    pub fn faces(&self) -> Option<Fonts> {
        Fonts::new(self.fonts.iter().map(Font::face).collect(), self.active)
    }
}

impl Font {
    /// The font as the app knows it: its name and glyph size.
    pub fn face(&self) -> FontFace {
        FontFace {
            name: self.name.clone(),
            glyph: self.glyph,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal valid greyscale PNG of the given size, made with the png crate.
    fn png_of(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut out, width, height);
            encoder.set_color(png::ColorType::Grayscale);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header().unwrap();
            writer
                .write_image_data(&vec![0; (width * height) as usize])
                .unwrap();
        }
        out
    }

    fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("game-fonts-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    /// The app reads the built-in fonts' sizes from their headers; decoded whole they
    /// say the same.
    #[test]
    fn every_builtin_font_is_a_valid_grid_of_its_named_size() {
        let fonts = builtin_fonts().unwrap();
        let faces: Vec<FontFace> = fonts.iter().map(Font::face).collect();
        assert_eq!(faces, game_app::fonts::builtin_faces());
        let sizes: Vec<String> = fonts.iter().map(|f| f.glyph.to_string()).collect();
        assert_eq!(sizes, ["8x8", "8x16", "12x24", "6x12"]);
        for font in &fonts {
            assert!(
                font.name.ends_with(&font.glyph.to_string()),
                "{}",
                font.name
            );
        }
        let distinct: std::collections::HashSet<_> = fonts.iter().map(|f| f.glyph).collect();
        assert!(distinct.len() >= 3, "at least three glyph sizes");
    }

    #[test]
    fn a_good_png_gives_its_glyph_size() {
        assert_eq!(
            glyph_size(&png_of(160, 256)),
            Ok(GlyphSize {
                width: 10,
                height: 16
            })
        );
        let path = temp_file("good10x16.png", &png_of(160, 256));
        let font = load_font_file(&path).unwrap();
        assert_eq!(font.name, "good10x16.png");
        assert_eq!(font.glyph.to_string(), "10x16");
    }

    #[test]
    fn a_missing_file_is_named() {
        let err = load_font_file(Path::new("/no/such/dir/font.png")).unwrap_err();
        assert_eq!(err.problem, FontProblem::Missing);
        assert_eq!(err.to_string(), "font /no/such/dir/font.png: no such file");
    }

    #[test]
    fn a_directory_is_refused() {
        let err = load_font_file(&std::env::temp_dir()).unwrap_err();
        assert!(matches!(err.problem, FontProblem::Unreadable(_)), "{err}");
    }

    /// `game --font /dev/zero` read until memory ran out; a FIFO blocked start-up.
    #[cfg(unix)]
    #[test]
    fn special_files_are_refused_without_reading_or_blocking() {
        let err = load_font_file(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "font /dev/zero: cannot read it: it is a character device, not a regular file"
        );
        let dir = std::env::temp_dir().join(format!("game-fonts-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("font.png");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            // No writer ever comes: opening it would block this test forever.
            let err = load_font_file(&fifo).unwrap_err();
            assert!(
                err.to_string()
                    .ends_with("it is a FIFO (named pipe), not a regular file"),
                "{err}"
            );
        }
    }

    #[test]
    fn a_file_longer_than_any_font_is_refused_after_reading_at_most_the_cap() {
        let path = temp_file("huge.png", &png_of(16, 16));
        assert!(read_regular_file(&path, 10).is_err_and(|e| e
            == FontProblem::FileTooLarge {
                bytes: std::fs::metadata(&path).unwrap().len()
            }));
        let err = load_font_file(&path);
        assert!(err.is_ok(), "{err:?}");
        let msg = FontProblem::FileTooLarge { bytes: 1 << 40 }.to_string();
        assert_eq!(
            msg,
            format!(
                "the file is 1099511627776 bytes or more; a font is at most {MAX_FONT_BYTES} bytes"
            )
        );
        // A sparse file of the cap plus one byte: refused from its size, nothing read.
        let big = std::env::temp_dir().join(format!("game-fonts-big-{}.png", std::process::id()));
        let file = std::fs::File::create(&big).unwrap();
        file.set_len(MAX_FONT_BYTES + 1).unwrap();
        let err = load_font_file(&big).unwrap_err();
        assert_eq!(
            err.problem,
            FontProblem::FileTooLarge {
                bytes: MAX_FONT_BYTES + 1
            }
        );
        std::fs::remove_file(&big).unwrap();
    }

    #[test]
    fn a_long_path_is_quoted_short() {
        let long = "d".repeat(5000);
        let err = load_font_file(Path::new(&long)).unwrap_err();
        let msg = err.to_string();
        assert!(msg.len() < 120, "{msg}");
        assert!(msg.contains("(5000 characters)"), "{msg}");
    }

    #[test]
    fn a_file_that_is_not_a_png_is_refused() {
        let path = temp_file("font.png", b"GIF89a this is not a png");
        let err = load_font_file(&path).unwrap_err();
        assert_eq!(err.problem, FontProblem::NotPng);
        assert!(
            err.to_string().ends_with("font.png: not a PNG file"),
            "{err}"
        );
        assert_eq!(glyph_size(b""), Err(FontProblem::NotPng));
    }

    #[test]
    fn a_png_of_the_wrong_size_is_refused() {
        for (w, h) in [(100, 60), (128, 120), (120, 128)] {
            assert_eq!(
                glyph_size(&png_of(w, h)),
                Err(FontProblem::NotAGrid {
                    width: w,
                    height: h
                })
            );
        }
        let path = temp_file("odd.png", &png_of(100, 60));
        let msg = load_font_file(&path).unwrap_err().to_string();
        assert!(
            msg.contains("odd.png: the image is 100x60 pixels, not a grid of 16x16 glyphs"),
            "{msg}"
        );
        assert!(!msg.contains('\n'), "one line");
    }

    #[test]
    fn glyphs_larger_than_the_limit_are_refused() {
        let side = 16 * (MAX_GLYPH_SIDE + 1);
        assert!(matches!(
            grid_glyph(side, 16),
            Err(FontProblem::TooLarge { .. })
        ));
        assert!(grid_glyph(16 * MAX_GLYPH_SIDE, 16).is_ok());
        assert!(matches!(
            grid_glyph(0, 16),
            Err(FontProblem::NotAGrid { .. })
        ));
    }

    #[test]
    fn a_truncated_png_is_refused_before_bracket_lib_sees_it() {
        let good = png_of(128, 128);
        let truncated = &good[..good.len() - 20];
        assert!(matches!(
            glyph_size(truncated),
            Err(FontProblem::Corrupt(_))
        ));
        let mut damaged = good.clone();
        let n = damaged.len();
        damaged[n - 30] ^= 0xff; // inside the image data: the CRC no longer matches
        assert!(matches!(glyph_size(&damaged), Err(FontProblem::Corrupt(_))));
    }

    #[test]
    fn the_font_set_starts_on_the_users_font_and_cycles_through_all() {
        let set = FontSet::load(None).unwrap();
        assert_eq!(set.active().name, "terminal8x8");
        let path = temp_file("mine.png", &png_of(64, 64));
        let mut set = FontSet::load(Some(&path)).unwrap();
        assert_eq!(set.fonts().len(), BUILTIN.len() + 1);
        assert_eq!(set.active().name, "mine.png");
        assert_eq!(set.advance(), 0, "wraps to the first built-in font");
        let names: Vec<String> = (0..BUILTIN.len())
            .map(|_| {
                let name = set.active().name.clone();
                set.advance();
                name
            })
            .collect();
        assert_eq!(names, ["terminal8x8", "vga8x16", "bold12x24", "bold6x12"]);
        assert_eq!(set.active().name, "mine.png");
    }

    #[test]
    fn a_bad_user_font_stops_the_set() {
        let err = FontSet::load(Some(Path::new("nope.png"))).unwrap_err();
        assert_eq!(err.to_string(), "font nope.png: no such file");
    }
}
