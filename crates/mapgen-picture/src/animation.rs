//! A dungeon's generation as an animated GIF: the map all wall, then the recorded steps
//! taken together into frames, each drawing only the tiles it changed, and last the
//! dungeon's picture exactly as [`draw_dungeon`] draws it (start,
//! exit and room kinds marked), held for two seconds.
//!
//! ```
//! use mapgen::prelude::*;
//! use mapgen_picture::{TileSize, encode_generation_gif};
//! let (dungeon, recording) = CavesSettings::default().record(7)?;
//! let gif = encode_generation_gif(&dungeon, &recording, TileSize::new(2)?, 50)?;
//! assert!(gif.starts_with(b"GIF89a"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeSet;

use mapgen::record::{Recording, Step};
use mapgen::{Dungeon, Map};
use tileset::{Rgb, tile_cell};

use crate::PictureError;
use crate::canvas::{Canvas, PixelRect, check_size};
use crate::dungeon_picture::{
    TileSize, draw_dungeon, draw_tile, draw_tiles, map_picture_size, tile_square,
};

/// Frames of an animation unless asked otherwise.
pub const DEFAULT_FRAMES: usize = 300;
/// The most pixels all the frames of an animation may hold together, counting each frame
/// as the whole picture: 2^30, 64 pictures of 4096 x 4096 or 300 of 1890 x 1890.
pub const MAX_ANIMATION_PIXELS: u64 = 1 << 30;
/// How long the frames before the last take together, in hundredths of a second.
pub const PLAY_CENTISECONDS: u32 = 600;
/// How long the last frame, the finished dungeon, is held, in hundredths of a second.
pub const HOLD_CENTISECONDS: u16 = 200;
/// The shortest frame, in hundredths of a second: browsers show shorter ones at 10.
pub const MIN_DELAY: u16 = 2;
/// The longest frame before the last, so a short recording does not crawl.
pub const MAX_DELAY: u16 = 50;

/// The generation of `dungeon` as recorded in `recording` (made with the dungeon, by
/// [`Generate::record`](mapgen::generators::Generate::record)), as an animated GIF of at
/// most `max_frames` frames (at least one) with tiles of `tile` pixels, looping.
///
/// Frames before the last are shown for [`PLAY_CENTISECONDS`] together (each at least
/// [`MIN_DELAY`], at most [`MAX_DELAY`]); the last is held for [`HOLD_CENTISECONDS`]: up
/// to 300 frames take at most 8 seconds. The last frame's picture is the dungeon's PNG
/// picture, pixel for pixel.
///
/// # Errors
/// As [`check_animation_size`] for the dungeon's map and `max_frames`;
/// [`PictureError::TooManyColours`] past 256 colours,
/// [`PictureError::EncodeGif`] if the recording is of another map's size.
pub fn encode_generation_gif(
    dungeon: &Dungeon,
    recording: &Recording,
    tile: TileSize,
    max_frames: usize,
) -> Result<Vec<u8>, PictureError> {
    let (gif_width, gif_height) = check_animation_size(&dungeon.map, tile, max_frames)?;
    let finished = draw_dungeon(dungeon, tile)?;
    let (width, height) = (finished.width(), finished.height());
    if (recording.width(), recording.height()) != (dungeon.map.width(), dungeon.map.height()) {
        return Err(PictureError::EncodeGif(format!(
            "a recording of a {}x{} map for a {}x{} dungeon",
            recording.width(),
            recording.height(),
            dungeon.map.width(),
            dungeon.map.height()
        )));
    }
    // The first frame is the map all wall; each step frame after it; the last of them is
    // the finished picture. One frame only: the finished picture.
    let steps = if max_frames > 1 {
        recording.frames(max_frames - 1)
    } else {
        Vec::new()
    };
    let frames = steps.len() + 1;
    let palette = Palette::of(&finished, recording)?;
    let mut gif = Gif::new(gif_width, gif_height, &palette)?;
    let play_delay = frame_delay(frames - 1);
    if steps.is_empty() {
        gif.write(&finished, finished.bounds(), HOLD_CENTISECONDS)?;
        return gif.finish();
    }
    let mut canvas = Canvas::new(width, height)?;
    let area = canvas.bounds();
    let all_wall = Map::new(dungeon.map.width(), dungeon.map.height())
        .map_err(|e| PictureError::EncodeGif(e.to_string()))?;
    draw_tiles(&mut canvas, area, &all_wall, tile.get());
    gif.write(&canvas, area, play_delay)?;
    // The last step frame is drawn as the finished picture: its tiles and the marks.
    for step in &steps[..steps.len() - 1] {
        let changed = draw_step(&mut canvas, area, step, tile.get());
        gif.write(&canvas, changed, play_delay)?;
    }
    let changed = differing_pixels(&canvas, &finished);
    gif.write(&finished, changed, HOLD_CENTISECONDS)?;
    gif.finish()
}

/// The sides in pixels of an animation of `map` with tiles of `tile` pixels in at most
/// `max_frames` frames, if it is allowed: for refusing it before the work of recording
/// and drawing it.
///
/// ```
/// use mapgen::Map;
/// use mapgen_picture::{PictureError, TileSize, animation::check_animation_size};
/// let map = Map::new(80, 45)?;
/// assert_eq!(check_animation_size(&map, TileSize::new(4)?, 300)?, (320, 180));
/// let large = Map::new(1000, 1000)?;
/// assert!(matches!(
///     check_animation_size(&large, TileSize::new(2)?, 300),
///     Err(PictureError::TooLong { .. })
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`PictureError::TooLarge`] past [`MAX_PIXELS`](crate::MAX_PIXELS) a frame,
/// [`PictureError::GifSide`] past 65,535 pixels a side, [`PictureError::TooLong`] past
/// [`MAX_ANIMATION_PIXELS`] in `max_frames` frames.
pub fn check_animation_size(
    map: &Map,
    tile: TileSize,
    max_frames: usize,
) -> Result<(u16, u16), PictureError> {
    let (width, height) = map_picture_size(map, tile);
    let pixels = check_size(width, height)? as u64;
    let (Ok(gif_width), Ok(gif_height)) = (u16::try_from(width), u16::try_from(height)) else {
        return Err(PictureError::GifSide { width, height });
    };
    if pixels.saturating_mul(max_frames.max(1) as u64) > MAX_ANIMATION_PIXELS {
        return Err(PictureError::TooLong {
            frames: max_frames,
            width,
            height,
        });
    }
    Ok((gif_width, gif_height))
}

/// Each of `frames` frames' delay, so that together they take [`PLAY_CENTISECONDS`].
fn frame_delay(frames: usize) -> u16 {
    let each = PLAY_CENTISECONDS / u32::try_from(frames.max(1)).unwrap_or(u32::MAX);
    u16::try_from(each)
        .unwrap_or(MAX_DELAY)
        .clamp(MIN_DELAY, MAX_DELAY)
}

/// Draws the tiles `step` sets; returns the rectangle they cover (empty if none).
fn draw_step(canvas: &mut Canvas, area: PixelRect, step: &Step<'_>, t: u32) -> PixelRect {
    let mut covered: Option<(u32, u32, u32, u32)> = None;
    for &(p, tile) in step.set {
        draw_tile(canvas, area, p, tile, t);
        let square = tile_square(area, p, t).clip(area);
        let (x2, y2) = (square.x + square.width, square.y + square.height);
        covered = Some(match covered {
            None => (square.x, square.y, x2, y2),
            Some((a, b, c, d)) => (a.min(square.x), b.min(square.y), c.max(x2), d.max(y2)),
        });
    }
    corners_to_rect(covered)
}

/// The smallest rectangle holding every pixel where `a` and `b` differ (same sizes).
fn differing_pixels(a: &Canvas, b: &Canvas) -> PixelRect {
    let width = a.width() as usize;
    let mut covered: Option<(u32, u32, u32, u32)> = None;
    let rows = a.rgb_bytes().chunks(3 * width.max(1));
    for (y, (row_a, row_b)) in rows.zip(b.rgb_bytes().chunks(3 * width.max(1))).enumerate() {
        if row_a == row_b {
            continue;
        }
        let differs = |x: &usize| row_a[3 * x..3 * x + 3] != row_b[3 * x..3 * x + 3];
        let first = (0..width).find(differs).unwrap_or(0) as u32;
        let last = (0..width).rev().find(differs).unwrap_or(0) as u32 + 1;
        let y = y as u32;
        covered = Some(match covered {
            None => (first, y, last, y + 1),
            Some((a, b, c, _)) => (a.min(first), b, c.max(last), y + 1),
        });
    }
    corners_to_rect(covered)
}

/// The rectangle from `(x1, y1)` to `(x2, y2)`, exclusive; empty for `None`.
fn corners_to_rect(corners: Option<(u32, u32, u32, u32)>) -> PixelRect {
    let (x1, y1, x2, y2) = corners.unwrap_or((0, 0, 0, 0));
    PixelRect {
        x: x1,
        y: y1,
        width: x2 - x1,
        height: y2 - y1,
    }
}

/// The animation's colours, in order: every colour of the finished picture and of every
/// tile the recording sets, and the wall's.
struct Palette(Vec<Rgb>);

impl Palette {
    fn of(finished: &Canvas, recording: &Recording) -> Result<Palette, PictureError> {
        let mut colours: BTreeSet<Rgb> = finished
            .rgb_bytes()
            .chunks_exact(3)
            .map(|c| (c[0], c[1], c[2]))
            .collect();
        let tiles = recording
            .steps()
            .flat_map(|s| s.set.iter().map(|&(_, t)| t));
        for tile in tiles.chain([mapgen::Tile::WALL]) {
            let cell = tile_cell(tile, true);
            colours.extend([cell.bg, cell.fg]);
        }
        if colours.len() > 256 {
            return Err(PictureError::TooManyColours {
                colours: colours.len(),
            });
        }
        Ok(Palette(colours.into_iter().collect()))
    }

    /// The palette as a GIF holds it: RGB bytes.
    fn bytes(&self) -> Vec<u8> {
        self.0.iter().flat_map(|&(r, g, b)| [r, g, b]).collect()
    }

    fn index(&self, colour: Rgb) -> u8 {
        // Every colour drawn is in the palette (see `of`), which holds at most 256.
        self.0.binary_search(&colour).unwrap_or(0) as u8
    }
}

/// A GIF being written to memory.
struct Gif<'a> {
    encoder: gif::Encoder<Vec<u8>>,
    palette: &'a Palette,
}

impl<'a> Gif<'a> {
    fn new(width: u16, height: u16, palette: &'a Palette) -> Result<Gif<'a>, PictureError> {
        let mut encoder = gif::Encoder::new(Vec::new(), width, height, &palette.bytes())
            .map_err(|e| encode_error(&e))?;
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .map_err(|e| encode_error(&e))?;
        Ok(Gif { encoder, palette })
    }

    /// A frame of the pixels of `canvas` in `rect` (a single pixel if `rect` is empty,
    /// so the frame still takes its time), kept under the next.
    fn write(&mut self, canvas: &Canvas, rect: PixelRect, delay: u16) -> Result<(), PictureError> {
        let rect = if rect.width == 0 || rect.height == 0 {
            PixelRect {
                x: 0,
                y: 0,
                width: 1,
                height: 1,
            }
        } else {
            rect
        };
        let width = canvas.width() as usize;
        let bytes = canvas.rgb_bytes();
        let mut indices = Vec::with_capacity(rect.width as usize * rect.height as usize);
        for y in rect.y..rect.y + rect.height {
            let start = 3 * (y as usize * width + rect.x as usize);
            let row = &bytes[start..start + 3 * rect.width as usize];
            indices.extend(
                row.chunks_exact(3)
                    .map(|c| self.palette.index((c[0], c[1], c[2]))),
            );
        }
        let side = |v: u32| u16::try_from(v).unwrap_or(u16::MAX);
        let frame = gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            left: side(rect.x),
            top: side(rect.y),
            width: side(rect.width),
            height: side(rect.height),
            buffer: indices.into(),
            ..gif::Frame::default()
        };
        self.encoder
            .write_frame(&frame)
            .map_err(|e| encode_error(&e))
    }

    fn finish(self) -> Result<Vec<u8>, PictureError> {
        self.encoder
            .into_inner()
            .map_err(|e| PictureError::EncodeGif(e.to_string()))
    }
}

fn encode_error(e: &gif::EncodingError) -> PictureError {
    PictureError::EncodeGif(e.to_string())
}
