//! What the player knows of a level: every tile seen, as it was last seen, the things
//! seen on it ([`Entities`]), and where the known floor meets the unknown.
//!
//! The planners ([`Explorer`](crate::explore::Explorer), [`Travel`](crate::travel::Travel))
//! and look mode read only this, never the level's true map: a decision made for the
//! player uses what the player knows, as Brogue CE's and DCSS's do. The true map is read
//! in one place, [`Knowledge::remember`], and only at the tiles the field of view shows.

use std::fmt;

use mapgen::{Map, MapError, Point, Tile};

use crate::entity::Entities;
use crate::sight::Sight;

/// Per-tile bits: the tile has been seen.
const KNOWN: u8 = 0x10;
/// Per-tile bits: the tile is in the frontier list (which may hold stale entries).
const LISTED: u8 = 0x20;
/// Per-tile bits: how many of the tile's neighbours inside the map are unknown, 0 to 8.
const UNKNOWN_AROUND: u8 = 0x0F;

/// A place the player is told about when first seen (the stairs), and its tile then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Landmark {
    /// Where it is.
    pub at: Point,
    /// The tile, as seen.
    pub tile: Tile,
}

/// What the player knows of a level: the tiles seen, as last seen, and the **frontier**:
/// known walkable tiles with an unknown neighbour (of eight), where exploring goes on.
///
/// Unknown tiles are not walkable here: a plan never leads through a place the player
/// has not seen. Counts are kept up to date as tiles are learnt, so asking how much is
/// known or whether anything is left to explore costs nothing, and learning a tile costs
/// a look at its eight neighbours, however large the map. Two `Knowledge`s are equal
/// when they know the same tiles as the same tiles, and the same things.
///
/// ```
/// use game_core::knowledge::Knowledge;
/// use mapgen::fov::{FieldOfView, LightWalls, Radius};
/// use mapgen::{Map, Point};
///
/// let map = Map::from_ascii("#########\n#...#...#\n#.......#\n#########\n")?;
/// let mut known = Knowledge::new(map.width(), map.height())?;
/// let mut fov = FieldOfView::new(map.width(), map.height())?;
/// fov.compute(&map, Point::new(1, 1), Radius::Tiles(3), LightWalls::On)?;
/// let learnt = known.remember(&map, &fov);
/// assert_eq!(learnt, known.known_tiles());
/// assert!(known.is_walkable(Point::new(2, 2)));
/// assert!(!known.is_known(Point::new(7, 1)), "out of sight");
/// assert!(known.is_frontier(Point::new(3, 2)), "floor next to the unknown");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Knowledge {
    /// The tiles as last seen; unknown tiles hold a wall, so they are not walkable.
    remembered: Map,
    /// Per tile: [`KNOWN`], [`LISTED`] and the count of unknown neighbours.
    cells: Vec<u8>,
    known_tiles: usize,
    walkable_tiles: usize,
    frontier_tiles: usize,
    /// Row-major indices of frontier tiles, each at most once, some no longer frontier
    /// (dropped when there are as many stale as live ones).
    frontier_list: Vec<u32>,
    /// Bumped whenever a tile's known walkability changes: plans made at another
    /// revision may have a shorter way now.
    revision: u64,
    /// The places noted in `landmarks` when first seen.
    landmark_places: Vec<Point>,
    landmarks: Vec<Landmark>,
    /// The things seen, where they were last seen.
    things: Entities,
}

impl Knowledge {
    /// Nothing known of a `width` x `height` level.
    ///
    /// # Errors
    /// [`MapError::Size`] for a side that [`Map::new`] refuses.
    pub fn new(width: i32, height: i32) -> Result<Knowledge, MapError> {
        Ok(Knowledge::blank(Map::new(width, height)?))
    }

    /// Nothing known of a level the size of `map` (its tiles are not read).
    ///
    /// ```
    /// use game_core::knowledge::Knowledge;
    /// let map = mapgen::Map::from_ascii("...\n")?;
    /// assert_eq!(Knowledge::of_size(&map), Knowledge::new(3, 1)?);
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn of_size(map: &Map) -> Knowledge {
        let mut blank = map.clone();
        blank.fill_rect(0..map.width(), 0..map.height(), Tile::WALL);
        Knowledge::blank(blank)
    }

    /// Nothing known, `remembered` being all walls.
    fn blank(remembered: Map) -> Knowledge {
        let (w, h) = (remembered.width() as usize, remembered.height() as usize);
        let mut cells = vec![0u8; w * h];
        for (i, cell) in cells.iter_mut().enumerate() {
            let (x, y) = (i % w, i / w);
            let across = 1 + usize::from(x > 0) + usize::from(x + 1 < w);
            let down = 1 + usize::from(y > 0) + usize::from(y + 1 < h);
            // Neighbours inside the map: the 3x3 block less the tile itself.
            *cell = (across * down - 1) as u8;
        }
        Knowledge {
            remembered,
            cells,
            known_tiles: 0,
            walkable_tiles: 0,
            frontier_tiles: 0,
            frontier_list: Vec::new(),
            revision: 0,
            landmark_places: Vec::new(),
            landmarks: Vec::new(),
            things: Entities::new(),
        }
    }

    /// The same knowledge, noting each of `places` in [`Knowledge::landmarks`] when first
    /// seen (the stairs, found by their place, whatever a vault's tiles look like):
    /// auto-explore stops for them.
    #[must_use]
    pub fn with_landmarks(mut self, places: &[Point]) -> Knowledge {
        self.landmark_places = places.to_vec();
        self
    }

    /// Learns every tile `fov` shows on `map`, the level's true map (the only place it is
    /// read), and returns how many were news. Walks only what `fov` shows (a field of
    /// view walks the box around it), so a step costs what is in sight however large the
    /// map. A `map` or `fov` of another size than the knowledge teaches only the tiles
    /// inside it.
    ///
    /// Feed it a field of view computed with walls lit, as the game does (or a
    /// [`RoomView`](crate::sight::RoomView), which shows a room's walls): the walls that
    /// close a room are what tells auto-explore the room is done.
    pub fn remember(&mut self, map: &Map, fov: &impl Sight) -> usize {
        self.remember_each(map, fov, |_, _| {})
    }

    /// [`Knowledge::remember`], calling `on_new` with each tile seen for the first time.
    pub fn remember_each(
        &mut self,
        map: &Map,
        fov: &impl Sight,
        mut on_new: impl FnMut(Point, Tile),
    ) -> usize {
        let mut news = 0;
        for p in fov.visible_cells() {
            let first_time = !self.is_known(p);
            let tile = map.tile(p);
            if self.learn(p, tile) {
                news += 1;
                if first_time {
                    on_new(p, tile);
                }
            }
        }
        self.drop_stale_frontier();
        news
    }

    /// Learns which things lie on the tiles `fov` shows, from `things` (the level's true
    /// ones): those seen are remembered where they are, and a thing remembered on a tile
    /// in view that no longer holds it is forgotten. Costs a look per thing, remembered
    /// or true, not per tile in view.
    pub fn remember_things(&mut self, things: &Entities, fov: &impl Sight) {
        self.things
            .retain(|e| !fov.is_visible(e.at) || things.at(e.at) == Some(e));
        for entity in things.iter().filter(|e| fov.is_visible(e.at)) {
            self.things.put(*entity);
        }
    }

    /// The things the player has seen, where they were last seen.
    pub fn things(&self) -> &Entities {
        &self.things
    }

    /// Learns that `p` holds `tile` (the player sees it). True when that is news: `p`
    /// was unknown or remembered as another tile. Outside the map: false.
    ///
    /// ```
    /// use game_core::knowledge::Knowledge;
    /// use mapgen::{Point, Tile};
    /// let mut known = Knowledge::new(3, 1)?;
    /// assert!(known.learn(Point::new(0, 0), Tile::FLOOR));
    /// assert!(!known.learn(Point::new(0, 0), Tile::FLOOR), "nothing new");
    /// assert!(!known.learn(Point::new(5, 0), Tile::FLOOR), "outside");
    /// assert!(known.is_frontier(Point::new(0, 0)));
    /// known.learn(Point::new(1, 0), Tile::WALL);
    /// assert!(!known.is_frontier(Point::new(0, 0)), "nothing unknown around it");
    /// # Ok::<(), mapgen::MapError>(())
    /// ```
    pub fn learn(&mut self, p: Point, tile: Tile) -> bool {
        let Some(i) = self.remembered.index(p) else {
            return false;
        };
        let was_known = self.cells[i] & KNOWN != 0;
        let old = self.remembered.tile(p);
        if was_known && old == tile {
            return false;
        }
        if !was_known {
            self.cells[i] |= KNOWN;
            self.known_tiles += 1;
            self.tell_neighbours_known(p);
        }
        let was_walkable = was_known && old.walkable;
        if was_walkable != tile.walkable {
            self.revision += 1;
            if tile.walkable {
                self.walkable_tiles += 1;
            } else {
                self.walkable_tiles -= 1;
            }
            if self.cells[i] & UNKNOWN_AROUND != 0 {
                if tile.walkable {
                    self.frontier_tiles += 1;
                    self.list_frontier(i);
                } else {
                    self.frontier_tiles -= 1;
                }
            }
        }
        self.remembered.set(p, tile);
        if !was_known && self.landmark_places.contains(&p) {
            self.landmarks.push(Landmark { at: p, tile });
        }
        true
    }

    /// `p`, now known, is one unknown neighbour fewer for each tile around it; a known
    /// walkable one whose last unknown neighbour it was leaves the frontier.
    fn tell_neighbours_known(&mut self, p: Point) {
        for q in p.neighbours8() {
            let Some(j) = self.remembered.index(q) else {
                continue;
            };
            let state = self.cells[j];
            let around = (state & UNKNOWN_AROUND).saturating_sub(1);
            self.cells[j] = (state & !UNKNOWN_AROUND) | around;
            let walkable = state & KNOWN != 0 && self.remembered.is_walkable(q);
            if walkable && around == 0 && state & UNKNOWN_AROUND != 0 {
                self.frontier_tiles -= 1;
            }
        }
    }

    fn list_frontier(&mut self, i: usize) {
        if self.cells[i] & LISTED == 0 {
            self.cells[i] |= LISTED;
            self.frontier_list.push(i as u32);
        }
    }

    /// Drops the list's tiles that left the frontier once they are as many as those
    /// that did not, so walking the list costs at most twice the frontier.
    fn drop_stale_frontier(&mut self) {
        if self.frontier_list.len() <= 2 * self.frontier_tiles + 64 {
            return;
        }
        let mut list = std::mem::take(&mut self.frontier_list);
        list.retain(|&i| {
            let live = self.is_frontier_index(i as usize);
            if !live {
                self.cells[i as usize] &= !LISTED;
            }
            live
        });
        self.frontier_list = list;
    }

    fn is_frontier_index(&self, i: usize) -> bool {
        let state = self.cells[i];
        state & KNOWN != 0
            && state & UNKNOWN_AROUND != 0
            && self.remembered.tiles().get(i).is_some_and(|t| t.walkable)
    }

    /// The frontier: known walkable tiles with an unknown neighbour, in no set order.
    pub fn frontier(&self) -> impl Iterator<Item = Point> + '_ {
        let shape = self.remembered.shape();
        self.frontier_list
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| self.is_frontier_index(i))
            .filter_map(move |i| shape.point(i))
    }

    /// True when `p` is a frontier tile: known, walkable, next to an unknown tile.
    pub fn is_frontier(&self, p: Point) -> bool {
        self.remembered
            .index(p)
            .is_some_and(|i| self.is_frontier_index(i))
    }

    /// True when `p` has been seen; false outside the map.
    pub fn is_known(&self, p: impl Into<Point>) -> bool {
        self.remembered
            .index(p)
            .is_some_and(|i| self.cells[i] & KNOWN != 0)
    }

    /// The tile at `p` as last seen; `None` when unknown or outside the map.
    pub fn tile(&self, p: Point) -> Option<Tile> {
        self.is_known(p).then(|| self.remembered.tile(p))
    }

    /// True when `p` is known and walkable: a plan may lead through it.
    #[inline]
    pub fn is_walkable(&self, p: Point) -> bool {
        // Unknown tiles hold a wall.
        self.remembered.is_walkable(p)
    }

    /// How many tiles are known, walls included.
    pub fn known_tiles(&self) -> usize {
        self.known_tiles
    }

    /// How many known tiles are walkable.
    pub fn walkable_tiles(&self) -> usize {
        self.walkable_tiles
    }

    /// How many tiles are on the frontier; 0 when nothing known borders the unknown.
    pub fn frontier_tiles(&self) -> usize {
        self.frontier_tiles
    }

    /// A number that changes whenever a tile's known walkability changes: a plan made at
    /// the same revision is still a shortest one.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The landmarks seen so far, in the order first seen.
    pub fn landmarks(&self) -> &[Landmark] {
        &self.landmarks
    }

    /// Width in tiles.
    pub fn width(&self) -> i32 {
        self.remembered.width()
    }

    /// Height in tiles.
    pub fn height(&self) -> i32 {
        self.remembered.height()
    }

    /// The remembered tiles as a map, unknown ones as walls: what every search walks on.
    pub fn as_map(&self) -> &Map {
        &self.remembered
    }
}

impl PartialEq for Knowledge {
    fn eq(&self, other: &Knowledge) -> bool {
        self.remembered == other.remembered
            && self.things == other.things
            && self.cells.len() == other.cells.len()
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(a, b)| a & KNOWN == b & KNOWN)
    }
}

impl Eq for Knowledge {}

impl fmt::Debug for Knowledge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Knowledge")
            .field("width", &self.width())
            .field("height", &self.height())
            .field("known_tiles", &self.known_tiles)
            .field("frontier_tiles", &self.frontier_tiles)
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Knowledge {
    /// The known tiles by their glyphs, unknown ones as spaces, a line per row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::with_capacity(self.width() as usize + 1);
        for y in 0..self.height() {
            line.clear();
            line.extend(
                (0..self.width()).map(|x| self.tile(Point::new(x, y)).map_or(' ', Tile::glyph)),
            );
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::fov::{FieldOfView, LightWalls, Radius};

    /// Recounts the frontier from scratch.
    fn frontier_by_scan(k: &Knowledge) -> Vec<Point> {
        let map = k.as_map();
        map.as_grid()
            .points()
            .filter(|&p| {
                k.is_walkable(p) && p.neighbours8().any(|q| map.in_bounds(q) && !k.is_known(q))
            })
            .collect()
    }

    #[test]
    fn counts_follow_every_kind_of_change() {
        let mut k = Knowledge::new(5, 4).unwrap();
        let script = [
            ((0, 0), Tile::FLOOR),
            ((1, 0), Tile::FLOOR),
            ((1, 1), Tile::WALL),
            ((4, 3), Tile::FLOOR),
            ((1, 0), Tile::WALL), // seen changed: a floor found to be a wall
            ((1, 1), Tile::DOOR), // and a wall found to be a door
            ((0, 1), Tile::FLOOR),
        ];
        for (p, tile) in script {
            k.learn(Point::from(p), tile);
            let mut by_scan = frontier_by_scan(&k);
            let mut listed: Vec<Point> = k.frontier().collect();
            by_scan.sort();
            listed.sort();
            assert_eq!(listed, by_scan, "after learning {p:?}");
            assert_eq!(k.frontier_tiles(), by_scan.len());
        }
        assert_eq!(k.known_tiles(), 5);
        assert_eq!(k.walkable_tiles(), 4);
    }

    #[test]
    fn a_one_tile_level_is_explored_at_a_glance() {
        let mut k = Knowledge::new(1, 1).unwrap();
        k.learn(Point::new(0, 0), Tile::FLOOR);
        assert_eq!(k.frontier_tiles(), 0);
        assert_eq!(k.to_string(), ".\n");
    }

    #[test]
    fn seen_tiles_accumulate_and_landmarks_are_noted_once() {
        let stairs = Tile::FLOOR.with_glyph('>').unwrap();
        let mut map = Map::from_ascii("##########\n#........#\n##########\n").unwrap();
        map.set((8, 1), stairs);
        let mut fov = FieldOfView::new(map.width(), map.height()).unwrap();
        let mut known = Knowledge::new(10, 3)
            .unwrap()
            .with_landmarks(&[Point::new(8, 1)]);
        fov.compute(&map, Point::new(1, 1), Radius::Tiles(2), LightWalls::On)
            .unwrap();
        let mut firsts = Vec::new();
        known.remember_each(&map, &fov, |p, _| firsts.push(p));
        assert_eq!(firsts.len(), known.known_tiles());
        assert!(known.landmarks().is_empty());
        for x in [5, 8, 8] {
            fov.compute(&map, Point::new(x, 1), Radius::Tiles(2), LightWalls::On)
                .unwrap();
            known.remember(&map, &fov);
        }
        assert!(known.is_known((2, 1)), "remembered after leaving");
        assert_eq!(
            known.landmarks(),
            [Landmark {
                at: Point::new(8, 1),
                tile: stairs
            }]
        );
        assert_eq!(known.tile(Point::new(8, 1)), Some(stairs));
    }
}
