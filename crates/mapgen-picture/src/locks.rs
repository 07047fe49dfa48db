//! Locked doors and their keys on a dungeon's picture, in their lock's colour
//! ([`tileset::colors::lock`]): a door fills its tile, a key is a square of three
//! quarters of the tile in its middle, each framed in black from 6 pixels a tile.

use mapgen::Dungeon;
use mapgen::locks::Locks;
use tileset::colors;

use crate::PictureError;
use crate::canvas::{Canvas, PixelRect};
use crate::dungeon_picture::{TileSize, draw_dungeon_and, map_picture_size, tile_square};

/// The tile size from which doors and keys are framed.
const FRAMED: u32 = 6;

/// The picture of `dungeon` as [`draw_dungeon`](crate::draw_dungeon) draws it, with the
/// doors and keys of `locks` over its tiles and the exit marked where the locks lead
/// ([`Locks::exit`]).
///
/// # Errors
/// [`PictureError::TooLarge`] if the picture would have more than
/// [`MAX_PIXELS`](crate::MAX_PIXELS); nothing is allocated then.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::grid::GridSettings;
/// use mapgen::graph::RegionGraph;
/// use mapgen::locks::place_locks;
/// use mapgen_picture::{TileSize, draw_dungeon_with_locks};
/// let dungeon = GridSettings::default().generate(3)?;
/// let graph = RegionGraph::of(&dungeon);
/// let locks = place_locks(&dungeon, &graph, 2, &mut mapgen::DungeonRng::new(3))?;
/// let picture = draw_dungeon_with_locks(&dungeon, &locks, TileSize::new(4)?)?;
/// let door = locks.locks[0].door;
/// let red = tileset::colors::lock(0).1;
/// assert_eq!(picture.rgb(door.x as u32 * 4 + 1, door.y as u32 * 4 + 1), Some(red));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn draw_dungeon_with_locks(
    dungeon: &Dungeon,
    locks: &Locks,
    tile: TileSize,
) -> Result<Canvas, PictureError> {
    let (width, height) = map_picture_size(&dungeon.map, tile);
    let mut canvas = Canvas::of_size(width, height)?;
    draw_dungeon_and(&mut canvas, (0, 0), dungeon, Some(locks), tile);
    Ok(canvas)
}

/// The doors and keys of `locks` on a map drawn in `area`, `t` pixels a tile.
pub(crate) fn draw_lock_marks(canvas: &mut Canvas, area: PixelRect, locks: &Locks, t: u32) {
    for lock in &locks.locks {
        let colour = colors::lock(lock.id).1;
        let door = tile_square(area, lock.door, t);
        canvas.fill(door.clip(area), colour);
        if t >= FRAMED {
            canvas.outline(door, area, colors::BLACK);
        }
        let square = tile_square(area, lock.key, t);
        let side = (3 * t / 4).max(1);
        let key = PixelRect {
            x: square.x.saturating_add((t - side) / 2),
            y: square.y.saturating_add((t - side) / 2),
            width: side,
            height: side,
        };
        canvas.fill(key.clip(area), colour);
        if t >= FRAMED {
            canvas.outline(key, area, colors::BLACK);
        }
    }
}
