//! The built-in CP437 glyph sheets: PNG images of a 16 x 16 grid of glyphs in code page
//! 437 order, embedded in the binary so that the game and the pictures need no files at
//! run time. Sources and licences: `assets/fonts/`.

/// A sheet is a 16 x 16 grid of glyphs, in code page 437 order.
pub const GRID: u32 = 16;

/// The built-in sheets, name and PNG bytes, in the order the game's `F` cycles through
/// them.
///
/// ```
/// let (name, png) = tileset::sheets::BUILTIN[0];
/// assert_eq!(name, "terminal8x8");
/// assert!(png.starts_with(b"\x89PNG"));
/// ```
pub const BUILTIN: [(&str, &[u8]); 4] = [
    (
        "terminal8x8",
        include_bytes!("../../../assets/fonts/terminal8x8.png"),
    ),
    (
        "vga8x16",
        include_bytes!("../../../assets/fonts/vga8x16.png"),
    ),
    (
        "bold12x24",
        include_bytes!("../../../assets/fonts/bold12x24.png"),
    ),
    (
        "bold6x12",
        include_bytes!("../../../assets/fonts/bold6x12.png"),
    ),
];

/// Each built-in sheet's name and glyph size (width, height in pixels), in
/// [`BUILTIN`]'s order, read from the PNG headers while compiling. A front end that
/// loads the images itself (the web page) links these numbers and not the images: the
/// game's wasm module is 84 KB smaller for it.
///
/// ```
/// assert_eq!(tileset::sheets::GLYPH_SIZES[0], ("terminal8x8", (8, 8)));
/// assert_eq!(tileset::sheets::GLYPH_SIZES[1], ("vga8x16", (8, 16)));
/// ```
pub const GLYPH_SIZES: [(&str, (u32, u32)); BUILTIN.len()] = {
    let mut sizes = [("", (0, 0)); BUILTIN.len()];
    let mut i = 0;
    while i < BUILTIN.len() {
        let (name, png) = BUILTIN[i];
        sizes[i] = (name, glyph_size(png));
        i += 1;
    }
    sizes
};

/// The glyph size of a sheet, from its PNG header: the 8-byte signature, then the IHDR
/// chunk's length and type, then the image's width and height, big-endian. A sheet
/// that is not a PNG fails the build.
const fn glyph_size(png: &[u8]) -> (u32, u32) {
    let ihdr = [png[12], png[13], png[14], png[15]];
    assert!(
        png[0] == 0x89 && png[1] == b'P' && ihdr[0] == b'I' && ihdr[3] == b'R',
        "a built-in sheet is not a PNG"
    );
    let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
    (width / GRID, height / GRID)
}
