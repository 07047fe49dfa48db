//! Pictures and contact sheets from the library side: layout, markers at the edges, and
//! the limits.

use mapgen::generators::Generate;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::{Dungeon, Map, Tile};
use mapgen_picture::label::LabelFont;
use mapgen_picture::marks::{EXIT_MARK, MARK_EDGE, START_MARK};
use mapgen_picture::{
    Canvas, ContactSheet, LABEL_HEIGHT, MAX_PIXELS, PictureError, TileSize, draw_contact_sheet,
    draw_dungeon, encode_png,
};
use tileset::{Rgb, colors, tile_cell};

fn tile(pixels: u32) -> TileSize {
    TileSize::new(pixels).unwrap()
}

fn dungeon(ascii: &str, start: (i32, i32)) -> Dungeon {
    Dungeon::new(Map::from_ascii(ascii).unwrap(), start.into())
}

/// The canvas as text: `#` wall, `.` ground, `S` start, `E` exit, `k` black, `?` other.
fn rows(canvas: &Canvas) -> Vec<String> {
    let name = |c: Rgb| match c {
        c if c == tile_cell(Tile::WALL, true).bg => '#',
        c if c == tile_cell(Tile::FLOOR, true).bg => '.',
        START_MARK => 'S',
        EXIT_MARK => 'E',
        colors::BLACK => 'k',
        _ => '?',
    };
    (0..canvas.height())
        .map(|y| {
            (0..canvas.width())
                .map(|x| name(canvas.rgb(x, y).unwrap()))
                .collect()
        })
        .collect()
}

#[test]
fn tile_sizes_outside_1_to_32_are_refused_naming_the_value() {
    for bad in [0, 33, u32::MAX] {
        let err = TileSize::new(bad).unwrap_err();
        assert_eq!(err, PictureError::TileSize { value: bad });
        assert_eq!(
            err.to_string(),
            format!("tile size {bad} is not allowed: 1 to 32 pixels")
        );
    }
    assert_eq!(TileSize::default().get(), 4);
}

#[test]
fn one_pixel_tiles_show_the_map_with_three_pixel_markers() {
    let d = dungeon("#########\n#.......#\n#.......#\n#########\n", (1, 1));
    let picture = draw_dungeon(&d, tile(1)).unwrap();
    assert_eq!(d.exit(), (7, 2).into());
    assert_eq!(
        rows(&picture),
        ["kkk######", "kSk...kkk", "kkk...kEk", "######kkk",]
    );
}

#[test]
fn markers_at_the_canvas_edge_are_cut_there() {
    // A start on the map's corner (no generator makes one, but a user's map may).
    let d = dungeon("...\n...\n", (0, 0));
    let picture = draw_dungeon(&d, tile(2)).unwrap();
    assert_eq!(d.exit(), (2, 1).into());
    assert_eq!(picture.rgb(0, 0), Some(MARK_EDGE));
    assert_eq!(picture.rgb(1, 1), Some(START_MARK));
    assert_eq!(picture.rgb(3, 3), Some(MARK_EDGE)); // the start marker's far corner
    assert_eq!(picture.rgb(4, 2), Some(MARK_EDGE)); // the exit's core
}

#[test]
fn a_contact_sheet_puts_pictures_row_by_row_in_cells_of_the_largest() {
    let small = dungeon("###\n#.#\n###\n", (1, 1));
    let wide = dungeon("#######\n#.....#\n#######\n", (1, 1));
    let layout = ContactSheet {
        columns: 2,
        tile: tile(1),
        gap: 1,
        labels: false,
    };
    let sheet = draw_contact_sheet(&[(0, wide), (1, small.clone()), (2, small)], layout).unwrap();
    // Cells of 7 x 3 at (1, 1), (9, 1) and (1, 5); the fourth is empty. The small maps
    // are all marker (their start is their exit), in their cell's top-left corner.
    assert_eq!(
        rows(&sheet),
        [
            "kkkkkkkkkkkkkkkkk",
            "kkkk#kkkkkkkkkkkk",
            "kkSk.kEkkkSkkkkkk",
            "kkkk#kkkkkkkkkkkk",
            "kkkkkkkkkkkkkkkkk",
            "kkkkkkkkkkkkkkkkk",
            "kkSkkkkkkkkkkkkkk",
            "kkkkkkkkkkkkkkkkk",
            "kkkkkkkkkkkkkkkkk",
        ]
    );
}

#[test]
fn sheet_sizes_and_refusals() {
    let layout = ContactSheet::new(4, tile(2));
    assert_eq!(layout.gap, 4);
    assert!(layout.labels);
    assert_eq!(layout.grid(1), Ok((1, 1)));
    assert_eq!(layout.grid(4), Ok((4, 1)));
    assert_eq!(layout.grid(9), Ok((4, 3)));
    assert_eq!(
        layout.grid(0),
        Err(PictureError::EmptySheet { what: "0 dungeons" })
    );
    let no_columns = ContactSheet::new(0, tile(2));
    assert_eq!(
        no_columns.grid(3),
        Err(PictureError::EmptySheet { what: "0 columns" })
    );
    assert_eq!(
        draw_contact_sheet(&[], layout),
        Err(PictureError::EmptySheet { what: "0 dungeons" })
    );
    // Sizes that overflow saturate and are refused, never wrap.
    let huge = ContactSheet::new(u32::MAX, tile(32));
    let (w, h) = huge.size((u64::MAX / 2, 1), usize::MAX).unwrap();
    assert!(w.saturating_mul(h) > MAX_PIXELS);
}

#[test]
fn pictures_above_the_pixel_limit_are_refused() {
    let dungeons: Vec<(u64, Dungeon)> = (0..8)
        .map(|seed| (seed, RoomsSettings::default().generate(seed).unwrap()))
        .collect();
    let err = draw_contact_sheet(&dungeons, ContactSheet::new(8, tile(32))).unwrap_err();
    assert_eq!(
        err,
        PictureError::TooLarge {
            width: 8 * 80 * 32 + 9 * 64,
            height: 10 + 45 * 32 + 2 * 64,
        }
    );
    assert!(
        err.to_string()
            .starts_with("a picture of 21056x1578 pixels is too large")
    );
    // One 80 x 45 map at 32 pixels a tile is well inside.
    assert!(draw_dungeon(&dungeons[0].1, tile(32)).is_ok());
}

#[test]
fn an_empty_picture_is_an_encoding_error_not_a_panic() {
    let canvas = Canvas::new(0, 0).unwrap();
    assert!(matches!(encode_png(&canvas), Err(PictureError::Encode(_))));
}

#[test]
fn each_seed_is_written_above_its_picture_in_the_games_font() {
    let font = LabelFont::load().unwrap();
    assert_eq!(font.glyph_size(), (8, 8));
    assert!(
        font.glyph_size().1 < LABEL_HEIGHT,
        "the label band holds the font"
    );
    let map = "#".repeat(40) + "\n" + &"#.".repeat(20) + "\n" + &"#".repeat(40) + "\n";
    let d = dungeon(&map, (1, 1));
    let layout = ContactSheet {
        gap: 1,
        ..ContactSheet::new(2, tile(1))
    };
    let sheet = draw_contact_sheet(&[(7, d.clone()), (1234, d)], layout).unwrap();
    assert_eq!((sheet.width(), sheet.height()), (3 + 2 * 40, 2 + 10 + 3));
    let white_in = |x0: u32, x1: u32| {
        (1..=LABEL_HEIGHT)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| sheet.rgb(x, y) == Some(colors::WHITE))
            .count()
    };
    // "7" takes the first 8 columns of the first cell, "1234" 32 of the second; only
    // glyph pixels are white, and nothing past the text.
    let seven = white_in(1, 9);
    let digits = white_in(42, 42 + 32);
    assert!(seven > 5 && seven < 40, "{seven}");
    assert!(digits > 4 * 5 && digits < 4 * 40, "{digits}");
    assert_eq!(white_in(9, 41), 0);
    assert_eq!(white_in(42 + 32, 82), 0);
    // The same font draws the same "7" wherever it is written.
    let again = draw_contact_sheet(&[(7, dungeon(&map, (1, 1)))], layout).unwrap();
    for y in 1..9 {
        for x in 1..9 {
            assert_eq!(again.rgb(x, y), sheet.rgb(x, y));
        }
    }
    // The picture starts below the label band.
    assert_eq!(sheet.rgb(2 + 1, 1 + LABEL_HEIGHT + 1), Some(MARK_EDGE));
}
