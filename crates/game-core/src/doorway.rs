//! A door stands open while a body (the `@` or a monster) stands in it, and shuts again
//! behind it, as Brogue's doors do.
//!
//! Why the rules need it: mapgen's symmetric shadowcasting is symmetric between tiles
//! that let sight through. A shut door is opaque, and an opaque tile in sight is lit
//! whenever a scan reaches it (as a wall is), while from the door itself sight goes out
//! as from any point of view. A body in a shut doorway was therefore seen from tiles it
//! could not see (and the `@` in one seen by monsters it could not see). With every
//! body on a see-through tile, the `@`'s one view decides both ways exactly, and a
//! monster in a doorway is seen as one on the floor is, the door open around it.
//!
//! Any walkable tile that blocks sight opens so (the generators' doors, a vault's own
//! such tiles); it gets back its own tile when the body leaves.

use mapgen::{Map, Point, Tile};

/// A door with a body in it: walkable and see-through, drawn `'`.
pub const OPEN_DOOR: Tile = match Tile::FLOOR.with_glyph('\'') {
    Ok(tile) => tile,
    // Not reached: a test checks the glyph is allowed.
    Err(_) => Tile::FLOOR,
};

/// The doors of one level standing open under a body, each with the tile it shuts back
/// to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Doorways {
    open: Vec<(Point, Tile)>,
}

impl Doorways {
    /// A body comes to stand on `at`: a shut door there opens. True when the map
    /// changed.
    pub(crate) fn enter(&mut self, map: &mut Map, at: Point) -> bool {
        let tile = map.tile(at);
        if !map.in_bounds(at) || !tile.walkable || tile.transparent {
            return false;
        }
        self.open.push((at, tile));
        map.set(at, OPEN_DOOR);
        true
    }

    /// A body leaves `at` (or dies there): the door it held open shuts. True when the
    /// map changed.
    pub(crate) fn leave(&mut self, map: &mut Map, at: Point) -> bool {
        let Some(i) = self.open.iter().position(|&(p, _)| p == at) else {
            return false;
        };
        let (_, tile) = self.open.swap_remove(i);
        map.set(at, tile);
        true
    }

    /// The doors held open, in no set order.
    pub fn open(&self) -> impl Iterator<Item = Point> + '_ {
        self.open.iter().map(|&(p, _)| p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_door_lets_sight_through_and_is_drawn_as_a_quote() {
        const { assert!(OPEN_DOOR.walkable && OPEN_DOOR.transparent) };
        assert_eq!(OPEN_DOOR.glyph(), '\'');
        assert_ne!(OPEN_DOOR, Tile::FLOOR);
    }

    /// A door opens under a body and shuts back to what it was; floor, walls and open
    /// doors are left alone.
    #[test]
    fn doors_open_under_a_body_and_shut_behind_it() {
        let own = Tile::DOOR.with_glyph('C').unwrap();
        let mut map = Map::from_ascii("#+.#\n").unwrap();
        map.set(Point::new(3, 0), own);
        let before = map.clone();
        let mut doors = Doorways::default();
        for p in [Point::new(0, 0), Point::new(2, 0), Point::new(9, 0)] {
            assert!(!doors.enter(&mut map, p), "{p}");
        }
        assert!(doors.enter(&mut map, Point::new(1, 0)));
        assert!(doors.enter(&mut map, Point::new(3, 0)));
        assert!(!doors.enter(&mut map, Point::new(1, 0)), "open already");
        assert_eq!(map.tile(Point::new(1, 0)), OPEN_DOOR);
        assert_eq!(map.tile(Point::new(3, 0)), OPEN_DOOR);
        assert_eq!(doors.open().count(), 2);
        assert!(!doors.leave(&mut map, Point::new(2, 0)));
        assert!(doors.leave(&mut map, Point::new(1, 0)));
        assert!(doors.leave(&mut map, Point::new(3, 0)));
        assert!(!doors.leave(&mut map, Point::new(3, 0)));
        assert_eq!(map, before, "each shut back to its own tile");
    }
}
