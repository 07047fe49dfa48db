//! `mapgen generate --format png` and `mapgen render` end to end: the PNGs decode to the
//! expected size and colours, the contact sheet's layout, and the refusals.

use std::path::PathBuf;
use std::process::Command;

use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::{Dungeon, Point};
use mapgen_picture::marks::{EXIT_MARK, MARK_EDGE, START_MARK};
use tileset::{Rgb, colors, tile_cell};

mod support;
use support::{mapgen, refused, temp_dir};

/// A decoded PNG: its size and RGB pixels.
struct Picture {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Picture {
    fn decode(bytes: &[u8]) -> Picture {
        let mut reader = png::Decoder::new(bytes).read_info().unwrap();
        let mut rgb = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut rgb).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgb);
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        rgb.truncate(info.buffer_size());
        Picture {
            width: info.width,
            height: info.height,
            rgb,
        }
    }

    fn at(&self, x: u32, y: u32) -> Rgb {
        let i = 3 * (y as usize * self.width as usize + x as usize);
        (self.rgb[i], self.rgb[i + 1], self.rgb[i + 2])
    }
}

fn png(args: &[&str]) -> Picture {
    let out = mapgen(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Picture::decode(&out.stdout)
}

fn near(a: Point, b: Point) -> bool {
    (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1
}

/// Every pixel of every tile away from the markers has the colour the game gives the
/// tile in the torch's light; the start's and exit's markers have theirs.
fn assert_drawn_as_the_game(picture: &Picture, dungeon: &Dungeon, t: u32, origin: (u32, u32)) {
    let exit = dungeon.exit();
    for (p, tile) in dungeon.map.iter() {
        if near(p, dungeon.start) || near(p, exit) {
            continue;
        }
        let expected = tile_cell(tile, true).bg;
        for dy in 0..t {
            for dx in 0..t {
                let (x, y) = (
                    origin.0 + p.x as u32 * t + dx,
                    origin.1 + p.y as u32 * t + dy,
                );
                assert_eq!(picture.at(x, y), expected, "tile {p:?}, pixel ({x}, {y})");
            }
        }
    }
    let centre = |p: Point| {
        (
            origin.0 + p.x as u32 * t + t / 2,
            origin.1 + p.y as u32 * t + t / 2,
        )
    };
    let (sx, sy) = centre(dungeon.start);
    assert_eq!(picture.at(sx, sy), START_MARK);
    let (ex, ey) = centre(exit);
    let core = if t >= 2 { MARK_EDGE } else { EXIT_MARK };
    assert_eq!(picture.at(ex, ey), core);
    if !near(dungeon.start, exit) && t >= 2 {
        // Inside the exit marker's outline, left of its core.
        assert_eq!(picture.at(ex - t, ey), EXIT_MARK);
        assert_eq!(
            picture.at(origin.0 + (exit.x as u32 - 1) * t, ey),
            MARK_EDGE
        );
    }
}

#[test]
fn a_png_is_the_dungeon_in_the_games_colours_at_every_tile_size() {
    let dungeon = RoomsSettings::default().generate(42).unwrap();
    for t in [1u32, 3, 4] {
        let picture = png(&[
            "generate",
            "--format",
            "png",
            "--seed",
            "42",
            "--tile-size",
            &t.to_string(),
        ]);
        assert_eq!((picture.width, picture.height), (80 * t, 45 * t));
        assert_drawn_as_the_game(&picture, &dungeon, t, (0, 0));
    }
    // The picture really shows both colours of the map.
    let picture = png(&["generate", "--format", "png", "--seed", "42"]);
    let colours: std::collections::HashSet<Rgb> = picture
        .rgb
        .chunks_exact(3)
        .map(|c| (c[0], c[1], c[2]))
        .collect();
    for colour in [
        colors::LIGHT_WALL,
        colors::LIGHT_GROUND,
        START_MARK,
        EXIT_MARK,
    ] {
        assert!(colours.contains(&colour), "{colour:?} missing");
    }
}

#[test]
fn doors_and_chasms_show_the_games_glyph_colour() {
    // Every generator by name draws; the grid generator's doors are marked from 3 pixels.
    let picture = png(&[
        "generate",
        "--format",
        "png",
        "--generator",
        "grid",
        "--tile-size",
        "4",
    ]);
    let dungeon = mapgen::generators::grid::GridSettings::default()
        .generate(0)
        .unwrap();
    let door = dungeon
        .map
        .iter()
        .find(|&(p, tile)| {
            tile == mapgen::Tile::DOOR && !near(p, dungeon.start) && !near(p, dungeon.exit())
        })
        .map(|(p, _)| p)
        .expect("the grid generator makes doors");
    let (x, y) = (door.x as u32 * 4, door.y as u32 * 4);
    let cell = tile_cell(mapgen::Tile::DOOR, true);
    assert_eq!(picture.at(x, y), cell.bg);
    assert_eq!(picture.at(x + 2, y + 2), cell.fg);
}

#[test]
fn a_contact_sheet_is_each_seeds_picture_in_a_grid_with_black_gaps() {
    let seeds = [3u64, 4, 5, 6, 7];
    let sheet = png(&[
        "render",
        "--seed-list",
        "3,4,5,6,7",
        "--columns",
        "2",
        "--tile-size",
        "1",
        "--no-labels",
    ]);
    // Two columns, three rows of 80 x 45 pictures, 2 pixels around and between.
    assert_eq!(
        (sheet.width, sheet.height),
        (2 * 80 + 3 * 2, 3 * 45 + 4 * 2)
    );
    for (i, seed) in (0u32..).zip(seeds) {
        let origin = (2 + (i % 2) * 82, 2 + (i / 2) * 47);
        let single = png(&[
            "generate",
            "--format",
            "png",
            "--seed",
            &seed.to_string(),
            "--tile-size",
            "1",
        ]);
        for y in 0..45 {
            for x in 0..80 {
                assert_eq!(
                    sheet.at(origin.0 + x, origin.1 + y),
                    single.at(x, y),
                    "seed {seed} at ({x}, {y})"
                );
            }
        }
    }
    // The gaps, and the sixth cell no seed fills, are black.
    for y in 0..sheet.height {
        for x in [0, 1, 82, 83, 164, 165] {
            assert_eq!(sheet.at(x, y), colors::BLACK, "({x}, {y})");
        }
    }
    assert_eq!(sheet.at(84 + 40, 96 + 20), colors::BLACK);
    // --seed and --count name the same sheet as the list.
    let counted = png(&[
        "render",
        "--seed",
        "3",
        "--count",
        "5",
        "--columns",
        "2",
        "--tile-size",
        "1",
        "--no-labels",
    ]);
    assert_eq!(counted.rgb, sheet.rgb);
    // With labels (the default), each row of pictures is 10 pixels taller, the seed
    // written in white above each picture, which moves down by as much.
    let labelled = png(&[
        "render",
        "--seed-list",
        "3,4,5,6,7",
        "--columns",
        "2",
        "--tile-size",
        "1",
    ]);
    assert_eq!((labelled.width, labelled.height), (166, 3 * 55 + 4 * 2));
    for (i, seed) in (0u32..).zip(seeds) {
        let (x0, y0) = (2 + (i % 2) * 82, 2 + (i / 2) * 57);
        let white = (y0..y0 + 10)
            .flat_map(|y| (x0..x0 + 80).map(move |x| (x, y)))
            .filter(|&(x, y)| labelled.at(x, y) == colors::WHITE)
            .count();
        assert!(white > 0, "seed {seed} has no label");
        for x in 0..80 {
            assert_eq!(
                labelled.at(x0 + x, y0 + 10 + 20),
                sheet.at(2 + (i % 2) * 82 + x, 2 + (i / 2) * 47 + 20),
                "seed {seed}"
            );
        }
    }
}

#[test]
fn output_writes_the_same_bytes_to_a_file() {
    let dir = temp_dir("output");
    let path = dir.join("seed-9.png");
    let args = ["generate", "--format", "png", "--seed", "9"];
    let stdout = mapgen(&args).stdout;
    let path_arg = path.to_str().unwrap();
    let out = mapgen(&[&args[..], &["--output", path_arg]].concat());
    assert!(out.status.success() && out.stdout.is_empty());
    assert_eq!(std::fs::read(&path).unwrap(), stdout);
    // Text formats too.
    let text = dir.join("seed-9.txt");
    let out = mapgen(&[
        "generate",
        "--seed",
        "9",
        "--output",
        text.to_str().unwrap(),
    ]);
    assert!(out.status.success() && out.stdout.is_empty());
    assert_eq!(
        std::fs::read_to_string(&text).unwrap(),
        RoomsSettings::default()
            .generate(9)
            .unwrap()
            .map
            .to_string()
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_tile_sizes_are_refused_naming_the_value_and_range() {
    for bad in ["0", "33", "-1", "four"] {
        let stderr = refused(&["generate", "--format", "png", "--tile-size", bad]);
        assert!(stderr.contains(&format!("'{bad}'")), "{stderr}");
        assert!(stderr.contains("1 to 32 pixels"), "{stderr}");
        refused(&["render", "--tile-size", bad]);
    }
}

#[test]
fn pictures_too_large_are_refused_before_they_are_drawn() {
    let stderr = refused(&["render", "--count", "1024", "--tile-size", "32"]);
    assert!(
        stderr.contains("too large: at most 16777216 pixels"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let stderr = refused(&[
        "generate",
        "--format",
        "png",
        "--width",
        "1000",
        "--height",
        "1000",
        "--tile-size",
        "8",
    ]);
    assert!(stderr.contains("8000x8000 pixels is too large"), "{stderr}");
}

#[test]
fn outputs_that_cannot_be_written_are_refused_in_one_line() {
    let dir = temp_dir("bad-output");
    let missing = dir.join("no-such-folder").join("x.png");
    for (path, problem) in [
        (dir.clone(), "is a directory"),
        (missing.clone(), "its directory does not exist"),
    ] {
        for args in [
            &["generate", "--format", "png"][..],
            &["generate", "--format", "json"][..],
            &["render", "--count", "2"][..],
        ] {
            let path_arg = path.to_str().unwrap();
            let stderr = refused(&[args, &["--output", path_arg]].concat());
            // Long paths are shortened in the message.
            assert!(stderr.starts_with("error: --output /"), "{stderr}");
            assert!(stderr.ends_with(&format!(": {problem}\n")), "{stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        }
    }
    assert!(!missing.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn tile_size_is_refused_for_text_formats() {
    let stderr = refused(&["generate", "--format", "json", "--tile-size", "8"]);
    assert_eq!(
        stderr,
        "error: --tile-size 8 is for --format png and gif only\n"
    );
}

#[test]
fn png_count_above_one_points_to_render() {
    let stderr = refused(&["generate", "--format", "png", "--count", "3"]);
    assert!(
        stderr.contains("mapgen render --seed 0 --count 3"),
        "{stderr}"
    );
    // Past what a sheet holds, the command suggested is one render takes.
    let stderr = refused(&["generate", "--format", "png", "--count", "5000"]);
    let suggested = stderr.split('`').nth(1).unwrap();
    assert_eq!(suggested, "mapgen render --seed 0 --count 1024", "{stderr}");
    assert!(stderr.contains("a sheet holds at most 1024"), "{stderr}");
    let file = std::env::temp_dir().join(format!("mapgen-sheet-{}.png", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_mapgen"))
        .args(suggested.split(' ').skip(1))
        .args(["--tile-size", "1", "--output", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn a_png_is_not_written_to_a_terminal() {
    // `script` runs the command with a terminal as its standard output, where it can make
    // one: a chroot or container without /dev/pts cannot, and the test is skipped there.
    let in_terminal = |command: &str| {
        Command::new("script")
            .args(["-qec", command, "/dev/null"])
            .output()
            .ok()
    };
    let has_terminal = in_terminal("test -t 1 && echo on-a-terminal")
        .is_some_and(|out| String::from_utf8_lossy(&out.stdout).contains("on-a-terminal"));
    if !has_terminal {
        eprintln!("skipped: `script` (util-linux) is missing or cannot make a terminal here");
        return;
    }
    let command = format!("{} generate --format png", env!("CARGO_BIN_EXE_mapgen"));
    let out = in_terminal(&command).unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("a PNG is not written to a terminal: use --output FILE"),
        "{text}"
    );
    assert!(
        !text.contains("PNG\r\n") && !text.contains("IHDR"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(2));
    // Nor an animated one.
    let out = in_terminal(&command.replace("png", "gif")).unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("a GIF is not written to a terminal"),
        "{text}"
    );
    assert!(!text.contains("GIF89a"), "{text}");
}

#[test]
fn the_gallery_is_the_commands_picture_of_every_generator_and_the_docs_show_it() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    // The gallery is on the generators' page; each generator's own section, on whichever
    // page of docs/ it is, links its picture once.
    let gallery_page = std::fs::read_to_string(root.join("docs/generators.md")).unwrap();
    let docs: String = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|page| std::fs::read_to_string(page).unwrap())
        .collect();
    let mut last_in_table = 0;
    let mut last_gif = gallery_page
        .find("### Watching them made")
        .expect("docs/generators.md: the GIFs");
    for kind in mapgen::generators::GeneratorKind::ALL {
        let name = kind.name();
        let file = format!("gallery/{name}.png");
        let stored = std::fs::read(root.join("docs").join(&file))
            .unwrap_or_else(|e| panic!("{file}: {e}; run scripts/gallery.sh"));
        let gallery = |format: &str| {
            let command = format!("generate --format {format} --generator {name} --seed 3");
            let args: Vec<&str> = command.split(' ').chain(["--tile-size", "4"]).collect();
            mapgen(&args)
        };
        let made = Picture::decode(&gallery("png").stdout);
        let stored = Picture::decode(&stored);
        assert!(
            (stored.width, stored.height) == (made.width, made.height) && stored.rgb == made.rgb,
            "{file} is out of date: run scripts/gallery.sh"
        );
        // In the gallery's table, in the order of GeneratorKind::ALL, and linked again
        // from the generator's own section.
        let image = format!("![{name}]({file})");
        let at = gallery_page
            .find(&image)
            .unwrap_or_else(|| panic!("docs/generators.md lacks {image}"));
        assert!(at > last_in_table, "{name} out of order in the gallery");
        last_in_table = at;
        let link = format!("Picture at the default settings: [{file}]({file})");
        assert_eq!(docs.matches(&link).count(), 1, "docs/: {link}");
        // Its making, in the table of GIFs after the pictures, small.
        let file = format!("gallery/{name}.gif");
        let stored = std::fs::read(root.join("docs").join(&file))
            .unwrap_or_else(|e| panic!("{file}: {e}; run scripts/gallery.sh"));
        assert!(
            stored == gallery("gif").stdout,
            "{file} is out of date: run scripts/gallery.sh"
        );
        assert!(stored.len() <= 300_000, "{file}: {} bytes", stored.len());
        let image = format!("![{name} being made]({file})");
        let at = gallery_page
            .find(&image)
            .unwrap_or_else(|| panic!("docs/generators.md lacks {image}"));
        assert!(at > last_gif, "{name}'s GIF out of order in the gallery");
        last_gif = at;
    }
}
