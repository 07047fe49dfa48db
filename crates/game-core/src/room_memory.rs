//! What the player has of a grid of rooms' rooms: those stood in, those seen, the
//! secret ones found, and the minimap drawn from them, kept in one place so that the
//! marks and the minimap never disagree.

use mapgen::Point;
use mapgen::generators::grid::{GridRoom, RoomCell, RoomGrid, Side};

use crate::minimap::{Found, Minimap};

/// Per room of a grid (by index): visited, seen, secret found; and the minimap, updated
/// as each changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomMemory {
    /// Rooms the `@` has stood in.
    visited: Vec<bool>,
    /// Rooms with a floor tile seen.
    seen: Vec<bool>,
    /// Secret rooms found (a secret door opened).
    found_secrets: Vec<bool>,
    minimap: Minimap,
}

impl RoomMemory {
    /// Nothing known of `grid`'s rooms; `None` for a grid too large to map, which the
    /// generator's limits rule out.
    pub fn new(grid: &RoomGrid) -> Option<RoomMemory> {
        let rooms = grid.rooms().len();
        Some(RoomMemory {
            visited: vec![false; rooms],
            seen: vec![false; rooms],
            found_secrets: vec![false; rooms],
            minimap: Minimap::blank(grid)?,
        })
    }

    /// The `@` stands at `p`: the room whose floor holds it is visited (a door between
    /// two rooms visits neither), and the room at `p` is current on the minimap. The
    /// room's index when this is its first visit.
    pub fn visit(&mut self, grid: &RoomGrid, p: Point) -> Option<usize> {
        let current = grid.room_index_at_tile(p);
        let on_floor = current
            .and_then(|i| grid.rooms().get(i))
            .is_some_and(|room| on_room_floor(grid, room, p));
        let mut first = None;
        if let Some(i) = current
            && on_floor
            && let Some(visited) = self.visited.get_mut(i)
            && !*visited
        {
            *visited = true;
            first = Some(i);
            let found = Found {
                visited: &self.visited,
                secrets: &self.found_secrets,
            };
            self.minimap.visit(grid, i, found);
        }
        self.minimap.set_current(grid, current);
        first
    }

    /// Tile `p` was seen for the first time: the room whose floor holds it is seen.
    pub fn see(&mut self, grid: &RoomGrid, p: Point) {
        let Some(i) = grid.room_index_at_tile(p) else {
            return;
        };
        let Some(room) = grid.rooms().get(i) else {
            return;
        };
        if let Some(seen) = self.seen.get_mut(i)
            && !*seen
            && on_room_floor(grid, room, p)
        {
            *seen = true;
        }
    }

    /// Secret room `index` is found (its door opened): the minimap shows it from now on.
    /// False when it was found already.
    pub fn find_secret(&mut self, grid: &RoomGrid, index: usize) -> bool {
        let Some(found) = self.found_secrets.get_mut(index).filter(|f| !**f) else {
            return false;
        };
        *found = true;
        self.minimap.find(grid, index);
        true
    }

    /// True once the `@` has stood in room `index`.
    pub fn is_visited(&self, index: usize) -> bool {
        self.visited.get(index).copied().unwrap_or(false)
    }

    /// True once any floor tile of room `index` has been seen.
    pub fn is_seen(&self, index: usize) -> bool {
        self.seen.get(index).copied().unwrap_or(false)
    }

    /// True once secret room `index` was found.
    pub fn is_secret_found(&self, index: usize) -> bool {
        self.found_secrets.get(index).copied().unwrap_or(false)
    }

    /// How many secret rooms were found.
    pub fn found_secrets(&self) -> usize {
        self.found_secrets.iter().filter(|&&f| f).count()
    }

    /// The rooms visited and the secret rooms found, as the minimap's rules read them.
    pub fn found(&self) -> Found<'_> {
        Found {
            visited: &self.visited,
            secrets: &self.found_secrets,
        }
    }

    /// The rooms found so far.
    pub fn minimap(&self) -> &Minimap {
        &self.minimap
    }
}

/// True when `p` is on `room`'s floor: inside one of its cells, or on a wall between two
/// of its own cells (a large room of the `isaac` generator is one open space; the middle
/// of a 2x2 room too). Walls and the doors to other rooms are not.
pub fn on_room_floor(grid: &RoomGrid, room: &GridRoom, p: Point) -> bool {
    let cells: Vec<RoomCell> = room.cells().collect();
    let owns = |cell: RoomCell| cells.contains(&cell);
    cells.iter().any(|&cell| {
        let outline = grid.outline(cell);
        // Each cell stretches over its east and south walls when the room goes on there;
        // the west and north ones are the stretch of the cells beyond them.
        let east = owns(cell.neighbour(Side::East));
        let south = owns(cell.neighbour(Side::South));
        let across_x = p.x > outline.x1 && (p.x < outline.x2 || (east && p.x == outline.x2));
        let across_y = p.y > outline.y1 && (p.y < outline.y2 || (south && p.y == outline.y2));
        let corner = p.x == outline.x2 && p.y == outline.y2;
        let south_east = RoomCell::new(cell.col + 1, cell.row + 1);
        across_x && across_y && (!corner || owns(south_east))
    })
}
