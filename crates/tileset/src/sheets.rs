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
