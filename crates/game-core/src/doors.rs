//! Secret doors, locked doors and keys on an `isaac` floor, as The Binding of Isaac
//! plays them: a secret door looks like wall until found (walked into twice, or `s`
//! beside it); a locked door (the shop, the treasure room from stage 2, the library, the
//! dice room) takes a key; keys lie in some normal rooms, chosen from each room's own
//! seed, so the same floor has them in the same places however it is reached.
//!
//! [`DoorState::place`] turns the generator's door tiles into the game's when a level is
//! made; the rules ([`Game`](crate::state::Game)) then open doors as the player finds
//! or unlocks them. The `grid` generator's floors have no links, so none of this.

use mapgen::generators::grid::{GridRoom, LinkKind, RoomGrid, RoomKind};
use mapgen::{Dungeon, Point, Tile};

/// A locked door: wall until a key opens it (`=`, as the isaac generator's diagrams
/// draw locked doors).
pub const LOCKED_DOOR: Tile = glyph_tile(Tile::WALL, '=');

/// A key lying on the floor (`k`); walking over it picks it up.
pub const KEY: Tile = glyph_tile(Tile::FLOOR, 'k');

const fn glyph_tile(tile: Tile, glyph: char) -> Tile {
    match tile.with_glyph(glyph) {
        Ok(tile) => tile,
        // Not reached: a test checks both glyphs are allowed.
        Err(_) => tile,
    }
}

/// How many times the `@` walks into a secret door before it opens.
pub const BUMPS_TO_FIND: u8 = 2;

/// One in this many normal rooms holds a key (from the room's seed); more when the floor
/// has more locked doors than that gives keys.
pub const KEY_ONE_IN: u64 = 4;

/// A secret door of the floor: where it is, the secret room behind it, and how often
/// the `@` has walked into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SecretDoor {
    /// The door tile.
    pub at: Point,
    /// The index of the secret (or super secret) room it leads to.
    pub room: usize,
    /// Times walked into.
    pub bumps: u8,
    /// Found and open.
    pub open: bool,
}

/// The doors and keys of one level, as the game changes them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DoorState {
    secrets: Vec<SecretDoor>,
    keys: Vec<Point>,
    locked: Vec<Point>,
}

/// What walking into (or searching beside) a door did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoorTouch {
    /// Not a door the rules know of (a wall, an open door).
    Nothing,
    /// A secret door not yet found.
    Hidden,
    /// A secret door opened: the secret room's index.
    Found(usize),
    /// A locked door.
    Locked,
}

impl DoorState {
    /// Hides the secret doors of `dungeon` (wall), locks its locked doors
    /// ([`LOCKED_DOOR`]) and lays its keys ([`KEY`], [`key_rooms`]); nothing for a
    /// dungeon without links.
    pub fn place(dungeon: &mut Dungeon) -> DoorState {
        let Some(grid) = dungeon.room_grid() else {
            return DoorState::default();
        };
        let mut state = DoorState::default();
        for link in grid.links() {
            let Some(side) = link.side() else { continue };
            let at = grid.door_tile(link.a, side);
            match link.kind {
                LinkKind::Secret => {
                    let rooms = [grid.room_index(link.a), grid.room_index(link.b)];
                    let secret = rooms
                        .into_iter()
                        .flatten()
                        .find(|&i| grid.rooms().get(i).is_some_and(|r| r.kind.is_secret()));
                    if let Some(room) = secret {
                        state.secrets.push(SecretDoor {
                            at,
                            room,
                            bumps: 0,
                            open: false,
                        });
                    }
                }
                LinkKind::Locked => state.locked.push(at),
                _ => {}
            }
        }
        state.keys = key_rooms(grid, state.locked.len())
            .into_iter()
            .filter_map(|i| key_place(grid, &grid.rooms()[i]))
            .collect();
        let tiles = state
            .secrets
            .iter()
            .map(|s| (s.at, Tile::WALL))
            .chain(state.locked.iter().map(|&p| (p, LOCKED_DOOR)))
            .chain(state.keys.iter().map(|&p| (p, KEY)));
        let tiles: Vec<(Point, Tile)> = tiles.collect();
        for (p, tile) in tiles {
            dungeon.map.set(p, tile);
        }
        state
    }

    /// The `@` walks into (or searches beside) `at`: a secret door counts the bump and
    /// opens at the [`BUMPS_TO_FIND`]th (or at once when `search`).
    pub fn touch(&mut self, at: Point, search: bool) -> DoorTouch {
        if let Some(door) = self.secrets.iter_mut().find(|d| d.at == at && !d.open) {
            door.bumps = door.bumps.saturating_add(1);
            if search || door.bumps >= BUMPS_TO_FIND {
                door.open = true;
                return DoorTouch::Found(door.room);
            }
            return DoorTouch::Hidden;
        }
        if self.locked.contains(&at) {
            return DoorTouch::Locked;
        }
        DoorTouch::Nothing
    }

    /// A locked door at `at` is unlocked: it is an ordinary door from now on.
    pub fn unlock(&mut self, at: Point) {
        self.locked.retain(|&p| p != at);
    }

    /// A key at `at` is picked up; true when there was one.
    pub fn pick_key(&mut self, at: Point) -> bool {
        let before = self.keys.len();
        self.keys.retain(|&p| p != at);
        self.keys.len() < before
    }

    /// The secret doors, found or not.
    pub fn secrets(&self) -> &[SecretDoor] {
        &self.secrets
    }

    /// The keys still lying on the floor.
    pub fn keys(&self) -> &[Point] {
        &self.keys
    }

    /// The doors still locked.
    pub fn locked(&self) -> &[Point] {
        &self.locked
    }
}

/// The rooms of `grid` that hold a key: every normal room whose seed is a multiple of
/// [`KEY_ONE_IN`], and, while that gives fewer keys than `locked_doors`, the other normal
/// rooms by their seeds, smallest first. By index; normal rooms are never behind a
/// locked or secret door, so every key can be reached.
pub fn key_rooms(grid: &RoomGrid, locked_doors: usize) -> Vec<usize> {
    let seeded = |room: &GridRoom| room.plan.map(|plan| plan.seed);
    let mut normal: Vec<(u64, usize)> = grid
        .rooms()
        .iter()
        .enumerate()
        .filter(|(_, room)| room.kind == RoomKind::Normal)
        .filter_map(|(i, room)| Some((seeded(room)?, i)))
        .collect();
    normal.sort_unstable();
    let (mut keys, rest): (Vec<_>, Vec<_>) =
        normal.iter().partition(|(seed, _)| seed % KEY_ONE_IN == 0);
    let short = locked_doors.saturating_sub(keys.len());
    keys.extend(rest.into_iter().take(short));
    let mut rooms: Vec<usize> = keys.into_iter().map(|&(_, i)| i).collect();
    rooms.sort_unstable();
    rooms
}

/// Where `room`'s key lies: a floor tile of its first cell chosen by the room's seed,
/// off the middle row and column (where the doors line up).
pub fn key_place(grid: &RoomGrid, room: &GridRoom) -> Option<Point> {
    let seed = room.plan?.seed;
    let outline = grid.outline(room.cell);
    let (w, h) = (outline.x2 - outline.x1 - 1, outline.y2 - outline.y1 - 1);
    if w < 1 || h < 1 {
        return None;
    }
    let pick = |bits: u64, len: i32, middle: i32| {
        let at = (bits % len as u64) as i32;
        if at == middle && len > 1 {
            (at + 1) % len
        } else {
            at
        }
    };
    let x = outline.x1 + 1 + pick(seed >> 16, w, w / 2);
    let y = outline.y1 + 1 + pick(seed >> 40, h, h / 2);
    Some(Point::new(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::Generator;
    use mapgen::generators::isaac::IsaacSettings;

    #[test]
    fn the_door_tiles_have_their_glyphs() {
        assert_eq!(LOCKED_DOOR.glyph(), '=');
        const { assert!(!LOCKED_DOOR.walkable && !LOCKED_DOOR.transparent) };
        assert_eq!(KEY.glyph(), 'k');
        const { assert!(KEY.walkable) };
    }

    fn floor(seed: u64, stage: u32) -> Dungeon {
        let settings = IsaacSettings {
            stage,
            ..IsaacSettings::default()
        };
        Generator::Isaac(settings).generate(seed).unwrap()
    }

    /// Over many floors: every secret door is hidden and leads to a secret room, every
    /// locked door is locked, there are at least as many keys as locked doors, each on
    /// a floor tile of a normal room, and the same floor always gets the same keys.
    #[test]
    fn doors_are_hidden_or_locked_and_keys_are_enough_and_fixed_by_the_seeds() {
        let (mut secrets, mut locked, mut keys) = (0, 0, 0);
        for seed in 0..60 {
            for stage in [1, 2, 5] {
                let mut dungeon = floor(seed, stage);
                let plain = dungeon.map.clone();
                let state = DoorState::place(&mut dungeon);
                let grid = dungeon.room_grid().unwrap();
                for door in state.secrets() {
                    assert_eq!(plain.tile(door.at), Tile::DOOR);
                    assert_eq!(dungeon.map.tile(door.at), Tile::WALL);
                    assert!(grid.rooms()[door.room].kind.is_secret());
                }
                for &p in state.locked() {
                    assert_eq!(dungeon.map.tile(p), LOCKED_DOOR);
                }
                assert!(state.keys().len() >= state.locked().len(), "seed {seed}");
                for &p in state.keys() {
                    assert_eq!(plain.tile(p), Tile::FLOOR);
                    let room = grid.room_index_at_tile(p).unwrap();
                    assert_eq!(grid.rooms()[room].kind, RoomKind::Normal);
                }
                let mut again = floor(seed, stage);
                assert_eq!(
                    DoorState::place(&mut again),
                    state,
                    "the same floor, the same keys"
                );
                assert_eq!(again.map, dungeon.map);
                secrets += state.secrets().len();
                locked += state.locked().len();
                keys += state.keys().len();
            }
        }
        assert!(
            secrets >= 180 && locked > 100 && keys > locked,
            "{secrets} {locked} {keys}"
        );
    }

    #[test]
    fn a_secret_door_opens_at_the_second_bump_or_a_search() {
        let mut dungeon = floor(3, 1);
        let mut state = DoorState::place(&mut dungeon);
        let door = state.secrets()[0];
        assert_eq!(state.touch(door.at, false), DoorTouch::Hidden);
        assert_eq!(state.touch(door.at, false), DoorTouch::Found(door.room));
        assert_eq!(state.touch(door.at, false), DoorTouch::Nothing, "open now");
        let mut searched = DoorState::place(&mut floor(3, 1));
        assert_eq!(searched.touch(door.at, true), DoorTouch::Found(door.room));
        assert_eq!(state.touch(Point::new(0, 0), false), DoorTouch::Nothing);
    }
}
