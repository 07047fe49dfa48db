//! A dungeon with its graph of regions coloured: each node of a [`RegionGraph`] in a
//! colour of its own, neighbours in different colours where the palette allows, the start
//! and exit marked on top.

use mapgen::graph::RegionGraph;
use mapgen::{Dungeon, Point};
use tileset::Rgb;

use crate::PictureError;
use crate::canvas::{Canvas, PixelRect};
use crate::dungeon_picture::{TileSize, draw_tiles, map_picture_size, tile_square};
use crate::marks::draw_markers;

/// Twelve colours far apart, light enough that the walls' brown stands out.
pub const PALETTE: [Rgb; 12] = [
    (230, 110, 110),
    (120, 200, 120),
    (110, 150, 235),
    (235, 200, 90),
    (200, 120, 220),
    (90, 210, 210),
    (240, 150, 70),
    (170, 220, 80),
    (150, 130, 240),
    (240, 120, 180),
    (120, 180, 160),
    (200, 200, 200),
];

/// Each node's colour: the first of [`PALETTE`], going round from the node's number, that
/// no neighbour of a lower number has (a greedy colouring in node order, so neighbours
/// differ and the colours vary), or by its number when all are taken.
pub fn region_colours(graph: &RegionGraph) -> Vec<usize> {
    let mut colours: Vec<usize> = Vec::with_capacity(graph.nodes().len());
    for n in 0..graph.nodes().len() {
        let mut taken = [false; PALETTE.len()];
        for (m, _) in graph.neighbours(n).filter(|&(m, _)| m < n) {
            taken[colours[m]] = true;
        }
        let k = PALETTE.len();
        let free = (0..k).map(|i| (n + i) % k).find(|&c| !taken[c]);
        colours.push(free.unwrap_or(n % k));
    }
    colours
}

/// The picture of `dungeon` as [`draw_dungeon`](crate::draw_dungeon) draws it, with every
/// walkable tile in the colour of its region ([`region_colours`]).
///
/// # Errors
/// [`PictureError::TooLarge`] if the picture would have more than
/// [`MAX_PIXELS`](crate::MAX_PIXELS); nothing is allocated then.
///
/// ```
/// use mapgen::generators::Generate;
/// use mapgen::generators::caves::CavesSettings;
/// use mapgen_picture::{TileSize, draw_regions};
/// let cave = CavesSettings::default().generate(3)?;
/// let picture = draw_regions(&cave, TileSize::new(2)?)?;
/// assert_eq!((picture.width(), picture.height()), (160, 90));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn draw_regions(dungeon: &Dungeon, tile: TileSize) -> Result<Canvas, PictureError> {
    let (width, height) = map_picture_size(&dungeon.map, tile);
    let mut canvas = Canvas::of_size(width, height)?;
    let area = canvas.bounds();
    let t = tile.get();
    draw_tiles(&mut canvas, area, &dungeon.map, t);
    let graph = RegionGraph::of(dungeon);
    let colours = region_colours(&graph);
    for (n, &colour) in colours.iter().enumerate() {
        for run in graph.runs(n) {
            let first = tile_square(area, Point::new(run.x_from, run.y), t);
            let squares = PixelRect {
                width: (run.x_to - run.x_from + 1).unsigned_abs().saturating_mul(t),
                ..first
            };
            canvas.fill(squares.clip(area), PALETTE[colour]);
        }
    }
    draw_markers(
        &mut canvas,
        area,
        tile_square(area, dungeon.start, t),
        tile_square(area, dungeon.exit(), t),
        t,
    );
    Ok(canvas)
}
