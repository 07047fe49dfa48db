//! A dungeon as a picture: one square of [`TileSize`] pixels per tile, coloured as the
//! game draws the tile in the torch's light, the floors of an isaac floor's special rooms
//! in their kind's colour, spawned things, the exit and the start marked on top.

use mapgen::generators::grid::{RoomGrid, RoomKind};
use mapgen::locks::Locks;
use mapgen::{Dungeon, Map, Point, Tile};
use tileset::rooms::room_look;
use tileset::tile_cell;

use crate::PictureError;
use crate::canvas::{Canvas, PixelRect};
use crate::locks::draw_lock_marks;
use crate::marks::{draw_markers, draw_spawn_marks};

/// Pixels per tile: 1 to 32, 4 by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileSize(u32);

impl TileSize {
    /// The smallest tile: a pixel.
    pub const MIN: u32 = 1;
    /// The largest tile: 32 x 32 pixels.
    pub const MAX: u32 = 32;
    /// Four pixels: the default 80 x 45 map is 320 x 180 pixels.
    pub const DEFAULT: TileSize = TileSize(4);

    /// A tile of `pixels` x `pixels`.
    ///
    /// # Errors
    /// [`PictureError::TileSize`] outside [`TileSize::MIN`]`..=`[`TileSize::MAX`].
    ///
    /// ```
    /// use mapgen_picture::TileSize;
    /// assert_eq!(TileSize::new(8)?.get(), 8);
    /// assert!(TileSize::new(0).is_err());
    /// # Ok::<(), mapgen_picture::PictureError>(())
    /// ```
    pub fn new(pixels: u32) -> Result<TileSize, PictureError> {
        if (Self::MIN..=Self::MAX).contains(&pixels) {
            Ok(TileSize(pixels))
        } else {
            Err(PictureError::TileSize { value: pixels })
        }
    }

    /// The side in pixels.
    pub const fn get(self) -> u32 {
        self.0
    }
}

impl Default for TileSize {
    fn default() -> TileSize {
        TileSize::DEFAULT
    }
}

/// The size in pixels of the picture of `map`, allowed or not.
pub fn map_picture_size(map: &Map, tile: TileSize) -> (u64, u64) {
    let side = |tiles: i32| u64::from(tiles.max(0).unsigned_abs()) * u64::from(tile.get());
    (side(map.width()), side(map.height()))
}

/// The picture of `dungeon`: each tile a square of `tile` pixels in the colours the game
/// gives it in the torch's light (a door or a chasm, which the game draws as a glyph,
/// has a square of the glyph's colour in the middle, from 3 pixels a tile); the floor of
/// each room of the `isaac` generator other than a normal room in its kind's colour
/// ([`room_look`]; the `grid` generator's rooms keep the floor's colour); then
/// the spawned things ([`Dungeon::spawns`], see [`draw_spawn_marks`]), and the exit and
/// the start marked (see [`draw_markers`]).
///
/// # Errors
/// [`PictureError::TooLarge`] if the picture would have more than
/// [`MAX_PIXELS`](crate::MAX_PIXELS); nothing is allocated then.
///
/// ```
/// use mapgen::{Dungeon, Map};
/// use mapgen_picture::marks::EXIT_MARK;
/// use mapgen_picture::{TileSize, draw_dungeon};
/// let map = Map::from_ascii("#######\n#.....#\n#######\n")?;
/// let picture = draw_dungeon(&Dungeon::new(map, (1, 1).into()), TileSize::new(3)?)?;
/// assert_eq!((picture.width(), picture.height()), (21, 9));
/// assert_eq!(picture.rgb(13, 4), Some(EXIT_MARK)); // beside the exit, (5, 1)
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn draw_dungeon(dungeon: &Dungeon, tile: TileSize) -> Result<Canvas, PictureError> {
    let (width, height) = map_picture_size(&dungeon.map, tile);
    let mut canvas = Canvas::of_size(width, height)?;
    draw_dungeon_at(&mut canvas, (0, 0), dungeon, tile);
    Ok(canvas)
}

/// Draws `dungeon` with its top-left corner at pixel `origin` of `canvas`; what falls
/// off the canvas is not drawn.
pub(crate) fn draw_dungeon_at(
    canvas: &mut Canvas,
    origin: (u32, u32),
    dungeon: &Dungeon,
    tile: TileSize,
) {
    draw_dungeon_and(canvas, origin, dungeon, None, tile);
}

/// [`draw_dungeon_at`], with the doors and keys of `locks` over the tiles and the exit
/// marked where they lead.
pub(crate) fn draw_dungeon_and(
    canvas: &mut Canvas,
    origin: (u32, u32),
    dungeon: &Dungeon,
    locks: Option<&Locks>,
    tile: TileSize,
) {
    let map = &dungeon.map;
    let (width, height) = map_picture_size(map, tile);
    let area = PixelRect {
        x: origin.0,
        y: origin.1,
        width: u32::try_from(width).unwrap_or(u32::MAX),
        height: u32::try_from(height).unwrap_or(u32::MAX),
    };
    draw_tiles(canvas, area, map, tile.get());
    let t = tile.get();
    if let Some(grid) = dungeon.room_grid() {
        draw_room_kinds(canvas, area, grid, t);
    }
    let spawns = dungeon.spawns.iter().filter(|s| map.in_bounds(s.at));
    draw_spawn_marks(
        canvas,
        area,
        spawns.map(|s| (tile_square(area, s.at, t), s.kind)),
        t,
    );
    // Over the spawns, as in the ASCII output.
    if let Some(locks) = locks {
        draw_lock_marks(canvas, area, locks, t);
    }
    let exit = locks.map_or_else(|| dungeon.exit(), |locks| locks.exit);
    draw_markers(
        canvas,
        area,
        tile_square(area, dungeon.start, t),
        tile_square(area, exit, t),
        t,
    );
}

/// The tiles of `map` into `area`: runs of one background colour in a row are filled at
/// once (most of a row is one run), then the glyphs' marks.
pub(crate) fn draw_tiles(canvas: &mut Canvas, area: PixelRect, map: &Map, t: u32) {
    let background = |x: i32, y: i32| tile_cell(map.tile((x, y)), true).bg;
    for y in 0..map.height() {
        let mut x = 0;
        while x < map.width() {
            let colour = background(x, y);
            let run_start = x;
            while x < map.width() && background(x, y) == colour {
                x += 1;
            }
            let first = tile_square(area, Point::new(run_start, y), t);
            let run = PixelRect {
                width: (x - run_start).unsigned_abs().saturating_mul(t),
                ..first
            };
            canvas.fill(run.clip(area), colour);
        }
    }
    if t < 3 {
        // Too small for a mark: a door shows as ground, a chasm as wall.
        return;
    }
    for (p, tile) in map.iter() {
        draw_glyph_mark(canvas, area, p, tile, t);
    }
}

/// Tile `p` of a map drawn in `area` as [`draw_tiles`] draws it: its square, then its
/// glyph's mark.
pub(crate) fn draw_tile(canvas: &mut Canvas, area: PixelRect, p: Point, tile: Tile, t: u32) {
    canvas.fill(tile_square(area, p, t).clip(area), tile_cell(tile, true).bg);
    draw_glyph_mark(canvas, area, p, tile, t);
}

/// The square in the middle of tile `p` in its glyph's colour, for a tile the game draws
/// as a glyph (a door, a chasm), from 3 pixels a tile.
fn draw_glyph_mark(canvas: &mut Canvas, area: PixelRect, p: Point, tile: Tile, t: u32) {
    let cell = tile_cell(tile, true);
    if t < 3 || cell.glyph == u16::from(b' ') {
        return;
    }
    let inset = (t / 4).max(1);
    let square = tile_square(area, p, t);
    let mark = PixelRect {
        x: square.x.saturating_add(inset),
        y: square.y.saturating_add(inset),
        width: t - 2 * inset,
        height: t - 2 * inset,
    };
    canvas.fill(mark.clip(area), cell.fg);
}

/// The floors of `grid`'s planned rooms (the `isaac` generator's) that are not normal
/// rooms, in their kind's colour: the inside of each of their cells.
fn draw_room_kinds(canvas: &mut Canvas, area: PixelRect, grid: &RoomGrid, t: u32) {
    let special = grid
        .rooms()
        .iter()
        .filter(|room| room.plan.is_some() && room.kind != RoomKind::Normal);
    for room in special {
        let colour = room_look(room.kind).colour;
        for cell in room.cells() {
            let floor = grid.outline(cell);
            let top_left = tile_square(area, Point::new(floor.x1 + 1, floor.y1 + 1), t);
            let inside = PixelRect {
                width: floor.width().saturating_sub(1).saturating_mul(t),
                height: floor.height().saturating_sub(1).saturating_mul(t),
                ..top_left
            };
            canvas.fill(inside.clip(area), colour);
        }
    }
}

/// The square of tile `p` in `area`.
pub(crate) fn tile_square(area: PixelRect, p: Point, t: u32) -> PixelRect {
    PixelRect {
        x: area
            .x
            .saturating_add(p.x.max(0).unsigned_abs().saturating_mul(t)),
        y: area
            .y
            .saturating_add(p.y.max(0).unsigned_abs().saturating_mul(t)),
        width: t,
        height: t,
    }
}
