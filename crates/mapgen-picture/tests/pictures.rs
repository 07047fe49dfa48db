//! Pictures and contact sheets from the library side: layout, markers at the edges, and
//! the limits.

use game_core::scene::{Rgb, colors, tile_cell};
use mapgen::{Dungeon, Generate, Map, RoomsSettings, Tile};
use mapgen_picture::marks::{EXIT_MARK, MARK_EDGE, START_MARK};
use mapgen_picture::{
    Canvas, ContactSheet, MAX_PIXELS, PictureError, TileSize, draw_contact_sheet, draw_dungeon,
    encode_png,
};

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
    };
    let sheet = draw_contact_sheet(&[wide, small.clone(), small], layout).unwrap();
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
    let dungeons: Vec<Dungeon> = (0..8)
        .map(|seed| RoomsSettings::default().generate(seed).unwrap())
        .collect();
    let err = draw_contact_sheet(&dungeons, ContactSheet::new(8, tile(32))).unwrap_err();
    assert_eq!(
        err,
        PictureError::TooLarge {
            width: 8 * 80 * 32 + 9 * 64,
            height: 45 * 32 + 2 * 64,
        }
    );
    assert!(
        err.to_string()
            .starts_with("a picture of 21056x1568 pixels is too large")
    );
    // One 80 x 45 map at 32 pixels a tile is well inside.
    assert!(draw_dungeon(&dungeons[0], tile(32)).is_ok());
}

#[test]
fn an_empty_picture_is_an_encoding_error_not_a_panic() {
    let canvas = Canvas::new(0, 0).unwrap();
    assert!(matches!(encode_png(&canvas), Err(PictureError::Encode(_))));
}
