//! `--generator wfc`: the flags of wave function collapse, and the reading of
//! `--sample-file` (a map file of the user's, refused with one line naming the flag, the
//! path and what is wrong).

use std::path::PathBuf;

use clap::Args;
use cli_common::files::{self, ReadError};
use cli_common::quote::short_path;
use mapgen::generators::wfc::{BuiltinSample, PatternSymmetry, SampleMap, WfcSample, WfcSettings};

use crate::{FlagError, FlagSet, MapSize, RoomSize};

const DEFAULT: WfcSettings = WfcSettings::DEFAULT;

/// The built-in sample of the default settings.
const DEFAULT_SAMPLE: BuiltinSample = match DEFAULT.sample {
    WfcSample::Builtin(sample) => sample,
    WfcSample::Custom(_) => BuiltinSample::Rooms,
};

/// The largest sample file read, in bytes: a sample of the largest size
/// ([`SampleMap::MAX_SIDE`] square) with `\r\n` line ends, and as much again. A larger
/// file cannot be a sample; a smaller one of too many rows or columns is refused by the
/// sample's own check, naming its size.
pub const MAX_SAMPLE_FILE_BYTES: u64 = 2 * (SampleMap::MAX_SIDE as u64) * (SampleMap::MAX_SIDE as u64 + 2);

/// The wave function collapse generator's flags; each field is named as its settings
/// field (`--sample-file` fills `sample` too).
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "Wave function collapse generator (--generator wfc)")]
pub struct Flags {
    /// The built-in sample the map is learned from: rooms, caves, ruined-hall or lakes
    #[arg(long, value_name = "NAME", default_value_t = DEFAULT_SAMPLE)]
    sample: BuiltinSample,
    /// A sample of your own instead: a map file of at most 32x32 tiles, '#' wall, '.'
    /// floor, '+' door, '~' chasm
    #[arg(long, value_name = "PATH", conflicts_with = "sample")]
    sample_file: Option<PathBuf>,
    /// Side of the patterns learned from the sample (2-3)
    #[arg(long, value_name = "2|3", default_value_t = DEFAULT.pattern_size, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    pattern_size: u32,
    /// Rotations and reflections of the patterns used: 1, 2 (mirrored), 4 (and flipped)
    /// or 8 (and turned)
    #[arg(long, value_name = "1|2|4|8", default_value_t = DEFAULT.pattern_symmetry)]
    pattern_symmetry: PatternSymmetry,
    /// Attempts before giving up (1-1000)
    #[arg(long, value_name = "N", default_value_t = DEFAULT.attempts, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    attempts: u32,
}

impl FlagSet for Flags {
    type Settings = WfcSettings;

    /// The settings with the built-in `--sample`; [`FlagSet::try_settings`] reads
    /// `--sample-file`.
    fn settings(&self, size: &MapSize) -> WfcSettings {
        WfcSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            sample: WfcSample::Builtin(self.sample),
            pattern_size: self.pattern_size,
            pattern_symmetry: self.pattern_symmetry,
            attempts: self.attempts,
        }
    }

    fn try_settings(&self, size: &MapSize, _rooms: &RoomSize) -> Result<WfcSettings, FlagError> {
        let mut settings = self.settings(size);
        if let Some(path) = &self.sample_file {
            let sample = read_sample(path)?;
            let (width, height) = (sample.map().width(), sample.map().height());
            // Said of the sample, which the user gave, rather than of a pattern size the
            // user may never have typed.
            let n = self.pattern_size;
            if (2..=3).contains(&n) && width.min(height) < n as i32 {
                return Err(FlagError::File {
                    flag: "--sample-file",
                    path: short_path(path),
                    problem: format!(
                        "the sample is {width}x{height}, smaller than the {n}x{n} patterns of --pattern-size {n}; \
                         allowed --pattern-size 2 with this sample, or a sample of at least {n}x{n}"
                    ),
                });
            }
            settings.sample = WfcSample::Custom(sample);
        }
        Ok(settings)
    }
}

/// The sample in the file at `path`: a regular file of at most [`MAX_SAMPLE_FILE_BYTES`]
/// bytes of UTF-8 text, read as a [`SampleMap`].
///
/// # Errors
/// [`FlagError::File`] naming `--sample-file`, the path and what is wrong with it.
pub fn read_sample(path: &std::path::Path) -> Result<SampleMap, FlagError> {
    let refused = |problem: String| FlagError::File {
        flag: "--sample-file",
        path: short_path(path),
        problem,
    };
    let bytes = files::read_regular(path, MAX_SAMPLE_FILE_BYTES).map_err(|err| match err {
        ReadError::TooLarge { max, .. } => refused(format!(
            "is larger than {max} bytes, more than a sample of at most {side}x{side} tiles needs",
            side = SampleMap::MAX_SIDE
        )),
        other => refused(other.to_string()),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| refused("is not UTF-8 text".to_string()))?;
    SampleMap::from_ascii(&text).map_err(|err| refused(err.to_string()))
}

#[cfg(test)]
mod tests {
    use mapgen::generators::Generator;
    use mapgen::generators::wfc::{PatternSymmetry, WfcSample};

    use crate::test_cli::generator;

    /// A file in the temporary directory holding `text`, removed when dropped.
    struct TempFile(std::path::PathBuf);

    impl TempFile {
        fn new(name: &str, text: &[u8]) -> TempFile {
            let path = std::env::temp_dir().join(format!("mapgen-flags-{}-{name}", std::process::id()));
            std::fs::write(&path, text).unwrap();
            TempFile(path)
        }

        fn arg(&self) -> &str {
            self.0.to_str().unwrap()
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    #[test]
    fn flags_fill_the_settings() {
        let Ok(Generator::Wfc(s)) = generator(
            "wfc",
            &["--sample", "caves", "--pattern-size", "2", "--pattern-symmetry", "4", "--attempts", "3"],
        ) else {
            panic!("not wfc")
        };
        assert_eq!(s.sample.to_string(), "caves");
        assert_eq!((s.pattern_size, s.pattern_symmetry, s.attempts), (2, PatternSymmetry::Four, 3));
    }

    #[test]
    fn a_sample_file_is_read_into_the_settings() {
        let file = TempFile::new("ok.txt", b"######\r\n#....#\r\n#.##.#\r\n#....#\r\n######\r\n");
        let Ok(Generator::Wfc(s)) = generator("wfc", &["--sample-file", file.arg(), "--width", "30"]) else {
            panic!("not wfc")
        };
        let WfcSample::Custom(sample) = &s.sample else {
            panic!("not the file's sample")
        };
        assert_eq!((sample.map().width(), sample.map().height(), s.width), (6, 5, 30));
    }

    #[test]
    fn a_bad_sample_file_is_one_line_naming_the_flag_and_the_problem() {
        let ragged = TempFile::new("ragged.txt", b"####\n#..\n####\n");
        let glyph = TempFile::new("glyph.txt", b"####\n#.x#\n####\n");
        let two_rows = TempFile::new("two-rows.txt", b"#...#\n#.#.#\n");
        let empty = TempFile::new("empty.txt", b"");
        let wide = TempFile::new("wide.txt", format!("{}\n", ".".repeat(40)).as_bytes());
        let huge = TempFile::new("huge.txt", &vec![b'#'; 5000]);
        let binary = TempFile::new("binary.txt", &[0xff, 0xfe, b'#']);
        let dir = std::env::temp_dir();
        let cases = [
            (ragged.arg(), "sample line 2 has 3 tiles; every line must have 4, as the first"),
            (glyph.arg(), "sample line 2, column 3: unknown tile glyph 'x'; allowed '#', '.', '+', '~'"),
            (
                two_rows.arg(),
                "the sample is 5x2, smaller than the 3x3 patterns of --pattern-size 3; \
                 allowed --pattern-size 2 with this sample, or a sample of at least 3x3",
            ),
            (empty.arg(), "sample is empty; it needs rows of tiles"),
            (wide.arg(), "sample is 40x1; allowed at most 32x32"),
            (huge.arg(), "is larger than 2176 bytes, more than a sample of at most 32x32 tiles needs"),
            (binary.arg(), "is not UTF-8 text"),
            ("/no/such/sample.txt", "does not exist"),
            (dir.to_str().unwrap(), "is a directory, not a regular file"),
            #[cfg(unix)]
            ("/dev/zero", "is a character device, not a regular file"),
        ];
        for (path, problem) in cases {
            let err = generator("wfc", &["--sample-file", path]).unwrap_err();
            let quoted = cli_common::quote::short_path(std::path::Path::new(path));
            assert!(err.starts_with(&format!("--sample-file {quoted}: {problem}")), "{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }

    /// A two-row sample works with the pattern size it allows; an editor's byte order
    /// mark and blank last line are read past (refused before).
    #[test]
    fn a_small_or_edited_sample_file_is_taken() {
        let two_rows = TempFile::new("two-rows-ok.txt", b"#...#\n#.#.#\n");
        let Ok(Generator::Wfc(s)) = generator("wfc", &["--sample-file", two_rows.arg(), "--pattern-size", "2"]) else {
            panic!("not wfc")
        };
        assert_eq!(s.pattern_size, 2);
        let edited = TempFile::new("edited.txt", "\u{feff}#####\r\n#...#\r\n#####\r\n\r\n".as_bytes());
        let Ok(Generator::Wfc(s)) = generator("wfc", &["--sample-file", edited.arg()]) else {
            panic!("not wfc")
        };
        assert_eq!(s.sample.map().height(), 3);
    }

    #[test]
    fn the_sample_and_a_sample_file_exclude_each_other() {
        let file = TempFile::new("both.txt", b"###\n#.#\n###\n");
        let err = generator("wfc", &["--sample", "caves", "--sample-file", file.arg()]).unwrap_err();
        assert!(err.contains("cannot be used with"), "{err}");
    }

    #[test]
    fn bad_values_name_the_flags() {
        let cases = [
            (&["--pattern-size", "4"][..], "--pattern-size is 4; allowed 2..=3"),
            (&["--attempts", "0"], "--attempts is 0; allowed 1..=1000"),
            (&["--width", "4"], "--width is 4; allowed 5..=10000"),
        ];
        for (args, message) in cases {
            assert_eq!(generator("wfc", args).unwrap_err(), message, "{args:?}");
        }
        let err = generator("wfc", &["--pattern-symmetry", "3"]).unwrap_err();
        assert!(err.contains("unknown pattern symmetry \"3\"; allowed: 1, 2, 4, 8"), "{err}");
        let err = generator("wfc", &["--sample", "forest"]).unwrap_err();
        assert!(err.contains("allowed: rooms, caves, ruined-hall, lakes"), "{err}");
    }
}
