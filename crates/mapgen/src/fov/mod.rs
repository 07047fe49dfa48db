//! Field of view: Albert Ford's symmetric shadowcasting in exact integer arithmetic, with
//! libtcod's conventions around it.
//!
//! Based on: <https://www.albertford.com/shadowcasting/>
//!
//! ```
//! use mapgen::fov::{LightWalls, Radius};
//! use mapgen::fov::FieldOfView;
//! use mapgen::{Map, Point};
//!
//! let map = Map::from_ascii(concat!(
//!     "#######\n",
//!     "#.....#\n",
//!     "#..#..#\n",
//!     "#.....#\n",
//!     "#######\n",
//! ))?;
//! let mut fov = FieldOfView::new(map.width(), map.height())?;
//! fov.compute(&map, Point::new(1, 2), Radius::Unlimited, LightWalls::On)?;
//! assert!(fov.is_visible((1, 2))); // the origin
//! assert!(fov.is_visible((3, 2))); // the pillar itself (light_walls)
//! assert!(!fov.is_visible((4, 2))); // behind the pillar
//! assert!(!fov.is_visible((6, 2))); // the wall behind it is in the shadow too
//! assert!(fov.is_visible((5, 1)) && fov.is_visible((5, 3)));
//! assert_eq!(
//!     fov.to_string(),
//!     "1111111\n1111111\n1111000\n1111111\n1111111\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Semantics
//!
//! * Ford's algorithm exactly: slopes are fractions of integers, row bounds are rounded
//!   with ties toward the row's middle (his `round_ties_up` / `round_ties_down`), walls in
//!   a row are revealed whenever scanned and floors only when their centre is inside the
//!   sector. Sight is therefore symmetric between floor cells: `a` sees `b` exactly when
//!   `b` sees `a`, and mirroring or rotating the map mirrors or rotates the answer.
//!   It holds between such cells only: an opaque cell is lit whenever a scan reaches it
//!   (the walls of a lit room show), while from an opaque origin sight goes out as from
//!   any other, so a creature standing in a closed door (walkable, opaque) is seen from
//!   cells it does not see. A game that wants sight between creatures symmetric keeps
//!   them on cells sight passes through (the workspace's game opens a door while
//!   someone stands in it):
//!
//!   ```
//!   # use mapgen::fov::{FieldOfView, LightWalls, Radius};
//!   # use mapgen::{Map, Point};
//!   let map = Map::from_ascii("##########\n#........#\n######+###\n#........#\n")?;
//!   let (floor, door) = (Point::new(3, 1), Point::new(6, 2));
//!   let mut fov = FieldOfView::default();
//!   fov.compute(&map, floor, Radius::Unlimited, LightWalls::On)?;
//!   assert!(fov.is_visible(door)); // lit as a wall is
//!   fov.compute(&map, door, Radius::Unlimited, LightWalls::On)?;
//!   assert!(!fov.is_visible(floor)); // the wall beside the door hides it
//!   # Ok::<(), Box<dyn std::error::Error>>(())
//!   ```
//! * The origin is always visible, whatever its tile (unless `light_walls` is off and it
//!   is opaque, see below).
//! * A [`Radius`] of `r` tiles makes a cell visible only if `dx*dx + dy*dy < r*r`;
//!   [`Radius::Unlimited`] (libtcod's radius 0) has no limit. The scan stops at the radius
//!   instead of filtering afterwards.
//! * [`LightWalls::Off`] removes every opaque cell, an opaque origin too, from the result.
//! * Cells outside the map are opaque; an origin outside the map is
//!   [`FovError::OriginOutOfBounds`].
//!
//! libtcod's `FOV_SYMMETRIC_SHADOWCAST` is the same algorithm in float32 with half-way
//! column bounds rounded away from zero; the two differ only where that rounding or float
//! error decides (see the repository's `docs/field-of-view.md`).
//!
//! # Cost
//!
//! [`FieldOfView`] keeps a bit per map cell: a computation clears only the bounding box of
//! what the last one revealed and writes only the cells it scans, so its cost follows the
//! number of cells scanned, not the map's size. It allocates only when the map's size
//! changes, the radius changes, or its row stack grows past its largest size so far. A row
//! across the map (north, south) is marked a word of bits at a time and searched for walls
//! a block of cells at a time; a row down the map (east, west) a cell at a time.

mod bits;
mod column_blocks;
mod shadowcast;

use std::fmt;

use crate::{Map, MapError, Point, Shape, Shaped};
use bits::Bits;
use column_blocks::{BlockCache, ByBlocks};
use shadowcast::{
    ByCall, ByTiles, EAST, Extent, Limits, Marks, NORTH, SOUTH, WEST, scan_quadrants,
};

/// Cells the north and south scans must look at before the east and west ones read the
/// map through a [`BlockCache`]: a view this open walks columns long enough to pay for
/// filling blocks.
const OPEN_VIEW: usize = 1 << 14;

/// Anything that says whether a cell lets sight through: a [`Map`], or your own type that
/// adds doors, smoke or creatures. See [`transparency_fn`] for a closure.
///
/// Cells outside the [`Shape`] are opaque whatever this returns; a computation only asks
/// about cells inside the map. The size, and the optional fast path of reading a
/// row-major tile slice, come from the supertrait [`Shaped`], which
/// [`Walkable`](crate::path::Walkable) shares.
pub trait Transparency: Shaped {
    /// True when sight passes through `p`.
    fn is_transparent(&self, p: Point) -> bool;
}

impl Transparency for Map {
    #[inline]
    fn is_transparent(&self, p: Point) -> bool {
        Map::is_transparent(self, p)
    }
}

impl<T: Transparency + ?Sized> Transparency for &T {
    #[inline]
    fn is_transparent(&self, p: Point) -> bool {
        (**self).is_transparent(p)
    }
}

/// A [`Transparency`] made of a shape and a closure; see [`transparency_fn`].
#[derive(Debug, Clone, Copy)]
pub struct TransparencyFn<F> {
    shape: Shape,
    is_transparent: F,
}

/// A [`Transparency`] of `shape` that asks `is_transparent(p)`.
///
/// ```
/// use mapgen::fov::{transparency_fn, FieldOfView, LightWalls, Radius};
/// use mapgen::{Map, Point};
///
/// let map = Map::from_ascii("......\n......\n")?;
/// let smoke = Point::new(2, 0);
/// // The map, with a cloud of smoke that blocks sight but not movement.
/// let view = transparency_fn(map.shape(), |p| map.is_transparent(p) && p != smoke);
/// let mut fov = FieldOfView::new(map.width(), map.height())?;
/// fov.compute(&view, Point::new(0, 0), Radius::Unlimited, LightWalls::Off)?;
/// assert!(!fov.is_visible((2, 0)) && !fov.is_visible((3, 0)));
/// assert!(fov.is_visible((3, 1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn transparency_fn<F>(shape: Shape, is_transparent: F) -> TransparencyFn<F>
where
    F: Fn(Point) -> bool,
{
    TransparencyFn {
        shape,
        is_transparent,
    }
}

impl<F> Shaped for TransparencyFn<F> {
    #[inline]
    fn shape(&self) -> Shape {
        self.shape
    }
}

impl<F: Fn(Point) -> bool> Transparency for TransparencyFn<F> {
    #[inline]
    fn is_transparent(&self, p: Point) -> bool {
        (self.is_transparent)(p)
    }
}

/// How far sight reaches: [`Radius::Unlimited`], or a number of tiles.
///
/// A radius of `r` tiles shows a cell only if `dx*dx + dy*dy < r*r`, so `Tiles(0)` shows
/// only the point of view itself. (libtcod and the `--radius` flags write "unlimited" as
/// 0; convert such a number at the boundary with [`Radius::or_unlimited`].)
///
/// ```
/// use mapgen::fov::Radius;
/// assert_eq!(Radius::Tiles(8).limit(), Some(8));
/// assert_eq!(Radius::Unlimited.limit(), None);
/// assert_eq!(Radius::or_unlimited(0), Radius::Unlimited); // a flag's 0
/// assert_eq!(Radius::or_unlimited(8), Radius::Tiles(8));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Radius {
    /// No limit: sight ends only at opaque cells and the map's edge.
    #[default]
    Unlimited,
    /// A radius of this many tiles.
    Tiles(u32),
}

impl Radius {
    /// The old name of [`Radius::Unlimited`].
    #[deprecated(since = "0.2.0", note = "use `Radius::Unlimited`")]
    pub const UNLIMITED: Radius = Radius::Unlimited;

    /// `Tiles(r)`, or `Unlimited` for 0: how the `--radius` flags and libtcod write a
    /// radius.
    pub const fn or_unlimited(r: u32) -> Radius {
        if r == 0 {
            Radius::Unlimited
        } else {
            Radius::Tiles(r)
        }
    }

    /// The radius in tiles; `None` when unlimited.
    pub const fn limit(self) -> Option<u32> {
        match self {
            Radius::Unlimited => None,
            Radius::Tiles(r) => Some(r),
        }
    }
}

/// Whether opaque cells in sight are part of the result (libtcod's `light_walls`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LightWalls {
    /// Opaque cells in sight are visible: the walls of a lit room show.
    #[default]
    On,
    /// Only transparent cells are ever visible.
    Off,
}

/// Why a field of view could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FovError {
    /// The origin is not a cell of the map.
    #[error("point of view {origin} is outside the {width}x{height} map")]
    OriginOutOfBounds {
        /// The origin given.
        origin: Point,
        /// Map width.
        width: i32,
        /// Map height.
        height: i32,
    },
    /// The map's size is out of range (a [`Transparency`] of your own may say anything).
    #[error(transparent)]
    Size(#[from] MapError),
}

/// The visible cells of one computation, reusable across calls without allocating.
///
/// A bit per cell; a new computation clears only the bounding box of what the last one
/// revealed. The bits are resized (and only then allocated) when a map of another size
/// comes in.
#[derive(Clone, Default)]
pub struct FieldOfView {
    shape: Shape,
    /// Bit `y * width + x` is set exactly for the cells revealed last.
    visible: Bits,
    /// The last origin; `None` before the first computation.
    origin: Option<Point>,
    /// Inclusive bounding box `(min_x, min_y, max_x, max_y)` of the cells revealed last.
    extent: (i32, i32, i32, i32),
    /// Scratch: the stack of rows still to scan.
    rows: Vec<shadowcast::Row>,
    /// Scratch: the widest column inside the radius at each depth, for `cols_radius`.
    radius_cols: Vec<i32>,
    cols_radius: u32,
    /// Scratch: the map's opacity in transposed blocks, for open views (made on the first).
    blocks: BlockCache,
}

impl fmt::Debug for FieldOfView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FieldOfView")
            .field("width", &self.width())
            .field("height", &self.height())
            .field("origin", &self.origin)
            .finish_non_exhaustive()
    }
}

impl FieldOfView {
    /// An empty result for a `width` x `height` map: nothing is visible yet. Sized ahead so
    /// the first computation does not allocate; [`FieldOfView::default`] is sized by its
    /// first map instead.
    ///
    /// ```
    /// let fov = mapgen::fov::FieldOfView::new(80, 45)?;
    /// assert!(!fov.is_visible((0, 0)));
    /// assert!(mapgen::fov::FieldOfView::new(-1, 45).is_err());
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    ///
    /// # Errors
    /// [`MapError::Size`] for a side that [`Map::new`] would refuse; [`MapError::Memory`]
    /// when the memory (a bit per cell) cannot be had.
    pub fn new(width: i32, height: i32) -> Result<FieldOfView, MapError> {
        let shape = Shape::new(width, height)?;
        Ok(FieldOfView {
            shape,
            visible: Bits::new(width, height)?,
            ..FieldOfView::default()
        })
    }

    /// Computes what `origin` sees on `map`, replacing the previous result. A cell is
    /// visible only inside `radius` (`dx*dx + dy*dy < r*r`; a plain number converts, 0
    /// being unlimited); with [`LightWalls::Off`] opaque cells are left out.
    ///
    /// ```
    /// use mapgen::fov::{LightWalls, Radius};
    /// use mapgen::fov::FieldOfView;
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("#####\n#...#\n#####\n")?;
    /// let mut fov = FieldOfView::default();
    /// fov.compute(&map, Point::new(1, 1), Radius::Tiles(2), LightWalls::On)?;
    /// assert!(fov.is_visible((2, 1)) && !fov.is_visible((3, 1))); // 2*2 is not < 2*2
    /// fov.compute(&map, Point::new(1, 1), Radius::Unlimited, LightWalls::Off)?;
    /// assert!(fov.is_visible((3, 1)) && !fov.is_visible((0, 1))); // walls left out
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`FovError::OriginOutOfBounds`] when `origin` is not a cell of `map`, or
    /// [`FovError::Size`] for a map larger than [`Map::MAX_SIDE`] a side; the previous
    /// result is kept.
    pub fn compute(
        &mut self,
        map: &impl Transparency,
        origin: Point,
        radius: Radius,
        light_walls: LightWalls,
    ) -> Result<(), FovError> {
        let (width, height) = (map.width(), map.height());
        if !map.shape().contains(origin) {
            return Err(FovError::OriginOutOfBounds {
                origin,
                width,
                height,
            });
        }
        if (width, height) != (self.width(), self.height()) {
            *self = FieldOfView {
                rows: std::mem::take(&mut self.rows),
                radius_cols: std::mem::take(&mut self.radius_cols),
                cols_radius: self.cols_radius,
                blocks: std::mem::take(&mut self.blocks),
                ..FieldOfView::new(width, height)?
            };
        }
        self.forget_last();

        let limited = self.prepare_radius(origin, radius);
        let light_walls = light_walls == LightWalls::On;
        let limits = Limits {
            radius_cols: limited.then_some(&self.radius_cols[..]),
            light_walls,
        };
        let mut marks = Marks {
            bits: &mut self.visible,
            scanned: 0,
        };
        if light_walls || map.is_transparent(origin) {
            marks.bits.set(map.shape().index_inside(origin), true);
        }
        let cells = map.shape().len();
        let rows = &mut self.rows;
        let extents = match map.row_major_tiles() {
            Some(tiles) if tiles.len() == cells => {
                let mut by_tiles = ByTiles {
                    tiles,
                    width,
                    height,
                };
                let [north, south] = scan_quadrants(
                    &mut by_tiles,
                    [NORTH, SOUTH],
                    origin,
                    &limits,
                    rows,
                    &mut marks,
                );
                // An open view north and south: the east and west scans will walk long
                // columns, which the block cache reads along cache lines.
                let open = marks.scanned >= OPEN_VIEW
                    && self.blocks.start(width as usize, height as usize);
                let [east, west] = if open {
                    let mut by_blocks = ByBlocks {
                        tiles,
                        width,
                        height,
                        cache: &mut self.blocks,
                    };
                    let east_west = scan_quadrants(
                        &mut by_blocks,
                        [EAST, WEST],
                        origin,
                        &limits,
                        rows,
                        &mut marks,
                    );
                    self.blocks.write_back(marks.bits);
                    east_west
                } else {
                    scan_quadrants(
                        &mut by_tiles,
                        [EAST, WEST],
                        origin,
                        &limits,
                        rows,
                        &mut marks,
                    )
                };
                [north, east, south, west]
            }
            _ => scan_quadrants(
                &mut ByCall(map),
                [NORTH, EAST, SOUTH, WEST],
                origin,
                &limits,
                rows,
                &mut marks,
            ),
        };
        let extent = bounding_box(origin, extents);
        self.extent = extent;
        self.origin = Some(origin);
        Ok(())
    }

    /// Clears the cells the last computation revealed: the rows of its bounding box.
    fn forget_last(&mut self) {
        if self.origin.take().is_none() {
            return;
        }
        let (x0, y0, x1, y1) = self.extent;
        let from = x0.clamp(0, self.width()) as usize;
        let to = x1.saturating_add(1).clamp(0, self.width()) as usize;
        for y in y0.max(0)..y1.saturating_add(1).min(self.height()) {
            let row = self.shape.row_start(y);
            self.visible
                .set_range(row + from..row + to.max(from), false);
        }
    }

    /// Fills `radius_cols` with the per-depth column limits of `radius`, unless they are
    /// there already; false when the radius is unlimited or reaches past every cell of the
    /// map from `origin` anyway.
    fn prepare_radius(&mut self, origin: Point, radius: Radius) -> bool {
        let Some(radius) = radius.limit() else {
            return false;
        };
        let far_x = u64::from(origin.x.max(self.width() - 1 - origin.x).unsigned_abs());
        let far_y = u64::from(origin.y.max(self.height() - 1 - origin.y).unsigned_abs());
        let r2 = u64::from(radius) * u64::from(radius);
        if r2 > far_x * far_x + far_y * far_y {
            return false;
        }
        if self.cols_radius != radius {
            // radius <= the map's diagonal here, so the table is no longer than that.
            self.radius_cols.clear();
            self.radius_cols.extend((0..u64::from(radius)).map(|d| {
                // The largest k with d*d + k*k < r*r, that is k*k <= r*r - d*d - 1.
                (r2 - d * d - 1).isqrt() as i32
            }));
            self.cols_radius = radius;
        }
        true
    }

    /// True when `p` was visible in the last computation; false outside the map and
    /// before any computation.
    ///
    /// ```
    /// use mapgen::fov::{FieldOfView, LightWalls, Radius};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("..#..\n")?;
    /// let mut fov = FieldOfView::default();
    /// assert!(!fov.is_visible((0, 0))); // nothing computed yet
    /// fov.compute(&map, Point::new(0, 0), Radius::Tiles(10), LightWalls::On)?;
    /// assert!(fov.is_visible((2, 0)) && !fov.is_visible((3, 0))); // the wall, not behind it
    /// assert!(!fov.is_visible((-1, 0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_visible(&self, p: impl Into<Point>) -> bool {
        self.shape.index(p).is_some_and(|i| self.visible.get(i))
    }

    /// The visible cells of the last computation, row by row. It walks only the bounding
    /// box of what was revealed, not the whole map.
    ///
    /// ```
    /// use mapgen::{fov, Map, Point};
    /// let map = Map::from_ascii(".....\n")?;
    /// let seen = fov::field_of_view(&map, Point::new(0, 0), fov::Radius::Tiles(3), fov::LightWalls::On)?;
    /// let cells: Vec<Point> = seen.visible_cells().collect();
    /// assert_eq!(cells, [Point::new(0, 0), Point::new(1, 0), Point::new(2, 0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn visible_cells(&self) -> impl Iterator<Item = Point> + '_ {
        let (x0, y0, x1, y1) = match self.origin {
            Some(_) => self.extent,
            None => (0, 0, -1, -1),
        };
        (y0..=y1).flat_map(move |y| {
            (x0..=x1)
                .map(move |x| Point::new(x, y))
                .filter(move |&p| self.is_visible(p))
        })
    }

    /// The inclusive bounding box `(min, max)` of the cells visible in the last
    /// computation; `None` before the first. What changed since the last computation lies
    /// inside this box and the previous one.
    ///
    /// ```
    /// use mapgen::fov::{FieldOfView, LightWalls, Radius};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("..#..\n")?;
    /// let mut fov = FieldOfView::default();
    /// assert_eq!(fov.visible_bounds(), None);
    /// fov.compute(&map, Point::new(0, 0), Radius::Tiles(10), LightWalls::On)?;
    /// assert_eq!(fov.visible_bounds(), Some((Point::new(0, 0), Point::new(2, 0))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn visible_bounds(&self) -> Option<(Point, Point)> {
        let (x0, y0, x1, y1) = self.extent;
        self.origin
            .map(|_| (Point::new(x0, y0), Point::new(x1, y1)))
    }

    /// Width of the grid, that of the last map computed on (or given to [`Self::new`]).
    pub fn width(&self) -> i32 {
        self.shape.width()
    }

    /// Height of the grid.
    pub fn height(&self) -> i32 {
        self.shape.height()
    }

    /// The origin of the last computation; `None` before the first.
    ///
    /// ```
    /// use mapgen::fov::{FieldOfView, LightWalls, Radius};
    /// use mapgen::{Map, Point};
    /// let map = Map::from_ascii("...\n")?;
    /// let mut fov = FieldOfView::default();
    /// fov.compute(&map, Point::new(1, 0), Radius::Tiles(10), LightWalls::On)?;
    /// assert_eq!(fov.origin(), Some(Point::new(1, 0)));
    /// assert_eq!((fov.width(), fov.height()), (3, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn origin(&self) -> Option<Point> {
        self.origin
    }
}

impl fmt::Display for FieldOfView {
    /// The grid, one line per row: `1` visible, `0` not (the format of the FOV cases).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::with_capacity(self.width() as usize + 1);
        for y in 0..self.height() {
            line.clear();
            line.extend((0..self.width()).map(|x| if self.is_visible((x, y)) { '1' } else { '0' }));
            line.push('\n');
            f.write_str(&line)?;
        }
        Ok(())
    }
}

/// The bounding box of `origin` and the quadrants' extents.
fn bounding_box(origin: Point, extents: [Option<Extent>; 4]) -> Extent {
    let mut extent = (origin.x, origin.y, origin.x, origin.y);
    for (x0, y0, x1, y1) in extents.into_iter().flatten() {
        extent = (
            extent.0.min(x0),
            extent.1.min(y0),
            extent.2.max(x1),
            extent.3.max(y1),
        );
    }
    extent
}

/// Computes once what `origin` sees on `map`, in a new [`FieldOfView`]. To compute often,
/// keep one [`FieldOfView`] and call [`FieldOfView::compute`], which does not allocate.
///
/// ```
/// use mapgen::{fov, Map, Point};
/// let map = Map::from_ascii(".....\n")?;
/// let seen = fov::field_of_view(&map, Point::new(0, 0), fov::Radius::Tiles(3), fov::LightWalls::On)?;
/// assert_eq!(seen.visible_cells().count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`FieldOfView::compute`].
pub fn field_of_view(
    map: &impl Transparency,
    origin: Point,
    radius: Radius,
    light_walls: LightWalls,
) -> Result<FieldOfView, FovError> {
    let mut fov = FieldOfView::default();
    fov.compute(map, origin, radius, light_walls)?;
    Ok(fov)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origin_outside_is_an_error_and_keeps_the_last_result() {
        let map = Map::from_ascii("...\n...\n").unwrap();
        let mut fov = FieldOfView::new(3, 2).unwrap();
        assert!(!fov.is_visible((0, 0)), "nothing before a computation");
        fov.compute(&map, Point::new(0, 0), Radius::Unlimited, LightWalls::On)
            .unwrap();
        for origin in [(3, 0), (0, 2), (-1, 0), (0, -1), (i32::MIN, i32::MAX)] {
            let origin = Point::from(origin);
            assert_eq!(
                fov.compute(&map, origin, Radius::Unlimited, LightWalls::On),
                Err(FovError::OriginOutOfBounds {
                    origin,
                    width: 3,
                    height: 2
                })
            );
        }
        assert_eq!(fov.visible_cells().count(), 6);
        let empty = Map::new(0, 0).unwrap();
        assert!(
            fov.compute(&empty, Point::new(0, 0), Radius::Unlimited, LightWalls::On)
                .is_err()
        );
        assert_eq!(
            FovError::OriginOutOfBounds {
                origin: Point::new(3, 0),
                width: 3,
                height: 2
            }
            .to_string(),
            "point of view (3, 0) is outside the 3x2 map"
        );
    }

    #[test]
    fn resizes_for_another_map_and_clears_what_the_last_one_revealed() {
        let small = Map::from_ascii("..\n").unwrap();
        let big = Map::from_ascii("...\n...\n...\n").unwrap();
        let mut fov = FieldOfView::default();
        fov.compute(&small, Point::new(1, 0), Radius::Unlimited, LightWalls::On)
            .unwrap();
        assert_eq!((fov.width(), fov.height()), (2, 1));
        fov.compute(&big, Point::new(1, 1), Radius::Tiles(1), LightWalls::On)
            .unwrap();
        assert_eq!((fov.width(), fov.height()), (3, 3));
        assert_eq!(fov.to_string(), "000\n010\n000\n");
        fov.compute(&big, Point::new(0, 0), Radius::Unlimited, LightWalls::On)
            .unwrap();
        assert_eq!(fov.to_string(), "111\n111\n111\n");
        fov.compute(&big, Point::new(2, 2), Radius::Tiles(1), LightWalls::On)
            .unwrap();
        assert_eq!(fov.to_string(), "000\n000\n001\n");
        fov.compute(&small, Point::new(0, 0), Radius::Tiles(1), LightWalls::On)
            .unwrap();
        assert_eq!(fov.to_string(), "10\n");
        assert_eq!(fov.visible_cells().collect::<Vec<_>>(), [Point::new(0, 0)]);
    }

    #[test]
    fn huge_radius_is_unlimited_and_table_follows_the_radius() {
        let map = Map::from_ascii(".....\n.....\n").unwrap();
        let mut fov = FieldOfView::default();
        fov.compute(
            &map,
            Point::new(0, 0),
            Radius::Tiles(u32::MAX),
            LightWalls::On,
        )
        .unwrap();
        assert_eq!(fov.visible_cells().count(), 10);
        fov.compute(&map, Point::new(0, 0), Radius::Tiles(2), LightWalls::On)
            .unwrap();
        assert_eq!(fov.to_string(), "11000\n11000\n"); // 1*1 + 1*1 < 2*2
        fov.compute(&map, Point::new(4, 0), Radius::Tiles(1), LightWalls::On)
            .unwrap();
        assert_eq!(fov.to_string(), "00001\n00000\n");
        fov.compute(&map, Point::new(0, 0), Radius::Tiles(3), LightWalls::On)
            .unwrap();
        assert_eq!(fov.to_string(), "11100\n11100\n");
    }

    #[test]
    fn sizes_out_of_range_are_errors_not_aborts() {
        assert!(FieldOfView::new(100_000, 100_000).is_err());
        assert!(FieldOfView::new(-1, 3).is_err());
        // A map of your own cannot be larger either: its shape is checked when made.
        let err = Shape::new(100_000, 100_000).unwrap_err();
        assert_eq!(err.to_string(), "map width is 100000; allowed 0..=10000");
    }

    #[test]
    fn opaque_origin_follows_light_walls() {
        let map = Map::from_ascii(".#.\n").unwrap();
        let lit = field_of_view(&map, Point::new(1, 0), Radius::Unlimited, LightWalls::On).unwrap();
        assert_eq!(lit.to_string(), "111\n");
        let dark =
            field_of_view(&map, Point::new(1, 0), Radius::Unlimited, LightWalls::Off).unwrap();
        assert_eq!(dark.to_string(), "101\n");
        assert_eq!(dark.origin(), Some(Point::new(1, 0)));
    }
}
