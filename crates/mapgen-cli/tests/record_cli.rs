//! `mapgen generate --format gif` and `--format steps` end to end, for every generator:
//! the GIF decodes, keeps its frame and time bounds, and its last frame is `--format png`
//! of the same dungeon at the same tile size; the steps replay to the last line's tiles;
//! the refusals.

use mapgen::generators::GeneratorKind;
use serde_json::Value;

mod support;
use support::{mapgen, refused, stdout_bytes};

/// The words of `command`, split at spaces.
fn words(command: &str) -> Vec<&str> {
    command.split(' ').collect()
}

/// A decoded animation: its size, each frame's delay, and the picture after each frame
/// (every frame is kept under the next), as RGB bytes.
struct Animation {
    width: usize,
    height: usize,
    delays: Vec<u16>,
    pictures: Vec<Vec<u8>>,
}

impl Animation {
    fn decode(bytes: &[u8]) -> Animation {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes).unwrap();
        let (width, height) = (decoder.width() as usize, decoder.height() as usize);
        let mut picture = vec![0u8; 3 * width * height];
        let (mut delays, mut pictures) = (Vec::new(), Vec::new());
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
            let (left, top, w) = (
                frame.left as usize,
                frame.top as usize,
                frame.width as usize,
            );
            for (i, rgba) in frame.buffer.chunks_exact(4).enumerate() {
                let (x, y) = (left + i % w, top + i / w);
                let at = 3 * (y * width + x);
                picture[at..at + 3].copy_from_slice(&rgba[..3]);
            }
            delays.push(frame.delay);
            pictures.push(picture.clone());
        }
        Animation {
            width,
            height,
            delays,
            pictures,
        }
    }
}

/// The RGB bytes and size of a PNG.
fn decode_png(bytes: &[u8]) -> (usize, usize, Vec<u8>) {
    let mut reader = png::Decoder::new(bytes).read_info().unwrap();
    let mut rgb = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut rgb).unwrap();
    rgb.truncate(info.buffer_size());
    (info.width as usize, info.height as usize, rgb)
}

fn png_of(generator: &str, seed: &str, tile: &str) -> (usize, usize, Vec<u8>) {
    let command = format!("generate --format png --generator {generator} --seed {seed}");
    decode_png(&stdout_bytes(
        &[words(&command), vec!["--tile-size", tile]].concat(),
    ))
}

#[test]
fn every_generators_gif_ends_on_its_png_within_the_bounds() {
    for kind in GeneratorKind::ALL {
        let name = kind.name();
        for (seed, tile, frames) in [("3", "2", None), ("11", "3", Some("12"))] {
            let command = format!("generate --format gif --generator {name} --seed {seed}");
            let mut args = [words(&command), vec!["--tile-size", tile]].concat();
            args.extend(frames.iter().flat_map(|f| ["--frames", f]));
            let gif = Animation::decode(&stdout_bytes(&args));
            let bound = frames.map_or(300, |f| f.parse().unwrap());
            let count = gif.pictures.len();
            assert!((2..=bound).contains(&count), "{name}: {count} frames");
            // Up to 300 frames take at most 8 s, the last held 2 s.
            assert_eq!(gif.delays.last(), Some(&200), "{name}");
            assert!(
                gif.delays.iter().map(|&d| u32::from(d)).sum::<u32>() <= 800,
                "{name}"
            );
            assert!(gif.delays.iter().all(|&d| d >= 2), "{name}");
            let (width, height, png) = png_of(name, seed, tile);
            assert_eq!((gif.width, gif.height), (width, height), "{name}");
            assert!(
                gif.pictures.last() == Some(&png),
                "{name} seed {seed}: the last frame is not the PNG"
            );
            // It starts all wall, and shows the work on the way.
            let wall = tileset::tile_cell(mapgen::Tile::WALL, true).bg;
            assert!(
                gif.pictures[0]
                    .chunks(3)
                    .all(|c| (c[0], c[1], c[2]) == wall),
                "{name}"
            );
            if count > 2 {
                assert_ne!(gif.pictures[count / 2], png, "{name}");
            }
        }
    }
}

#[test]
fn one_frame_is_the_png() {
    let gif = Animation::decode(&stdout_bytes(&[
        "generate",
        "--format",
        "gif",
        "--generator",
        "maze",
        "--frames",
        "1",
    ]));
    assert_eq!(gif.pictures.len(), 1);
    assert_eq!(gif.pictures[0], png_of("maze", "0", "4").2);
}

#[test]
fn every_generators_steps_replay_to_the_last_lines_tiles() {
    for kind in GeneratorKind::ALL {
        let name = kind.name();
        let text = String::from_utf8(stdout_bytes(&[
            "generate",
            "--format",
            "steps",
            "--generator",
            name,
            "--seed",
            "5",
        ]))
        .unwrap();
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let (dungeon, steps) = lines.split_last().unwrap();
        assert!(steps.len() >= 2, "{name}");
        let jsonl = String::from_utf8(stdout_bytes(&[
            "generate",
            "--format",
            "jsonl",
            "--generator",
            name,
            "--seed",
            "5",
        ]))
        .unwrap();
        assert_eq!(
            *dungeon,
            serde_json::from_str::<Value>(&jsonl).unwrap(),
            "{name}"
        );
        let (w, h) = (
            dungeon["width"].as_u64().unwrap() as usize,
            dungeon["height"].as_u64().unwrap() as usize,
        );
        let mut rows = vec![vec!['#'; w]; h];
        for step in steps {
            let stage = step["stage"].as_str().unwrap();
            assert!(!stage.is_empty(), "{name}");
            for change in step["set"].as_array().unwrap() {
                let x = change[0].as_u64().unwrap() as usize;
                let y = change[1].as_u64().unwrap() as usize;
                let glyph: Vec<char> = change[2].as_str().unwrap().chars().collect();
                assert_eq!(glyph.len(), 1, "{name}: {change}");
                assert_ne!(
                    rows[y][x], glyph[0],
                    "{name} {stage}: {change} changes nothing"
                );
                rows[y][x] = glyph[0];
            }
        }
        let tiles: Vec<String> = rows.into_iter().map(String::from_iter).collect();
        let expected: Vec<&str> = dungeon["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        assert_eq!(tiles, expected, "{name}");
    }
}

#[test]
fn steps_and_gifs_are_refused_as_pngs_are() {
    for format in ["gif", "steps"] {
        let stderr = refused(&["generate", "--format", format, "--count", "2"]);
        assert_eq!(
            stderr,
            format!("error: --format {format} shows the making of one dungeon, not --count 2\n")
        );
    }
    for format in ["png", "steps", "json", "ascii"] {
        let stderr = refused(&["generate", "--format", format, "--frames", "9"]);
        assert_eq!(stderr, "error: --frames 9 is for --format gif only\n");
    }
    for bad in ["0", "1001", "-3", "x"] {
        // clap's message, with its usage hint.
        let out = mapgen(&["generate", "--format", "gif", "--frames", bad]);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(out.stdout.is_empty());
        assert!(
            stderr.starts_with(&format!("error: invalid value '{bad}' for '--frames <N>'")),
            "{stderr}"
        );
    }
    let out = mapgen(&["generate", "--format", "gif", "--tile-size", "33"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("tile size 33 is not allowed"));
    // Too large, refused before recording: a picture past 4096x4096, and frames that
    // would hold more than 2^30 pixels together.
    for (side, tile, message) in [
        ("2000", "4", "a picture of 8000x8000 pixels is too large"),
        (
            "1000",
            "2",
            "an animation of 300 frames of 2000x2000 pixels is too large",
        ),
    ] {
        let command = format!("generate --format gif --generator caves --tile-size {tile}");
        let stderr = refused(&[words(&command), vec!["--width", side, "--height", side]].concat());
        assert!(stderr.contains(message), "{stderr}");
    }
    let dir = std::env::temp_dir();
    let stderr = refused(&[
        "generate",
        "--format",
        "gif",
        "--output",
        dir.to_str().unwrap(),
    ]);
    assert!(stderr.starts_with("error: --output "), "{stderr}");
    let stderr = refused(&["generate", "--format", "gif", "--output", "/dev/null"]);
    assert!(stderr.starts_with("error: --output "), "{stderr}");
}

#[test]
fn gif_output_file_is_the_same_as_standard_output() {
    let path = std::env::temp_dir().join(format!("mapgen-record-cli-{}.gif", std::process::id()));
    let path_arg = path.to_str().unwrap();
    stdout_bytes(&[
        "generate",
        "--format",
        "gif",
        "--generator",
        "bsp",
        "--output",
        path_arg,
    ]);
    let written = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(
        written,
        stdout_bytes(&["generate", "--format", "gif", "--generator", "bsp"])
    );
}

#[test]
fn with_vaults_the_gif_ends_on_the_png_and_the_steps_replay() {
    for name in ["rooms", "caves"] {
        let vaults = ["--vaults", "builtin", "--vault-count", "5"];
        let command = format!("generate --generator {name} --seed 9 --tile-size 3 --format");
        let gif = Animation::decode(&stdout_bytes(
            &[words(&command), vec!["gif"], vaults.to_vec()].concat(),
        ));
        let png = decode_png(&stdout_bytes(
            &[words(&command), vec!["png"], vaults.to_vec()].concat(),
        ));
        assert!(gif.pictures.last() == Some(&png.2), "{name}");
        let steps = stdout_bytes(
            &[
                words(&format!(
                    "generate --generator {name} --seed 9 --format steps"
                )),
                vaults.to_vec(),
            ]
            .concat(),
        );
        let text = String::from_utf8(steps).unwrap();
        assert!(text.contains("\"stage\":\"vault placed 1\""), "{name}");
        let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert!(!last["vaults"].as_array().unwrap().is_empty(), "{name}");
    }
}
