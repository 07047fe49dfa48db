//! Secret and locked doors on an `isaac` floor, as The Binding of Isaac plays them: a
//! secret door looks like wall until found (walked into twice, or `s` beside it); a
//! locked door (the shop, the treasure room from stage 2, the library, the dice room)
//! takes a key (the keys are [entities](crate::entity) on the floor).
//!
//! [`Doors::place`] turns the generator's door tiles into the game's when a level is
//! made; the rules ([`Game`](crate::game::Game)) then open doors as the player finds
//! or unlocks them. The `grid` generator's floors have no links, so none of this.

use mapgen::generators::grid::LinkKind;
use mapgen::{Dungeon, Point, Tile};

/// A locked door: wall until a key opens it (`=`, as the isaac generator's diagrams
/// draw locked doors).
pub const LOCKED_DOOR: Tile = glyph_tile(Tile::WALL, '=');

const fn glyph_tile(tile: Tile, glyph: char) -> Tile {
    match tile.with_glyph(glyph) {
        Ok(tile) => tile,
        // Not reached: a test checks both glyphs are allowed.
        Err(_) => tile,
    }
}

/// How many times the `@` walks into a secret door before it opens.
pub const BUMPS_TO_FIND: u8 = 2;

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

/// The secret and locked doors of one level, as the game changes them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Doors {
    secrets: Vec<SecretDoor>,
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

impl Doors {
    /// Hides the secret doors of `dungeon` (wall) and locks its locked doors
    /// ([`LOCKED_DOOR`]); nothing for a dungeon without links.
    pub fn place(dungeon: &mut Dungeon) -> Doors {
        let Some(grid) = dungeon.room_grid() else {
            return Doors::default();
        };
        let mut state = Doors::default();
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
        let tiles = state
            .secrets
            .iter()
            .map(|s| (s.at, Tile::WALL))
            .chain(state.locked.iter().map(|&p| (p, LOCKED_DOOR)));
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

    /// The secret doors, found or not.
    pub fn secrets(&self) -> &[SecretDoor] {
        &self.secrets
    }

    /// The doors still locked.
    pub fn locked(&self) -> &[Point] {
        &self.locked
    }
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
    }

    fn floor(seed: u64, stage: u32) -> Dungeon {
        let settings = IsaacSettings {
            stage,
            ..IsaacSettings::default()
        };
        Generator::Isaac(settings).generate(seed).unwrap()
    }

    /// Over many floors: every secret door is hidden and leads to a secret room, every
    /// locked door is locked, and the same floor always gets the same doors.
    #[test]
    fn doors_are_hidden_or_locked_and_fixed_by_the_seeds() {
        let (mut secrets, mut locked) = (0, 0);
        for seed in 0..60 {
            for stage in [1, 2, 5] {
                let mut dungeon = floor(seed, stage);
                let plain = dungeon.map.clone();
                let state = Doors::place(&mut dungeon);
                let grid = dungeon.room_grid().unwrap();
                for door in state.secrets() {
                    assert_eq!(plain.tile(door.at), Tile::DOOR);
                    assert_eq!(dungeon.map.tile(door.at), Tile::WALL);
                    assert!(grid.rooms()[door.room].kind.is_secret());
                }
                for &p in state.locked() {
                    assert_eq!(dungeon.map.tile(p), LOCKED_DOOR);
                }
                let mut again = floor(seed, stage);
                assert_eq!(
                    Doors::place(&mut again),
                    state,
                    "the same floor, the same doors"
                );
                assert_eq!(again.map, dungeon.map);
                secrets += state.secrets().len();
                locked += state.locked().len();
            }
        }
        assert!(secrets >= 180 && locked > 100, "{secrets} {locked}");
    }

    #[test]
    fn a_secret_door_opens_at_the_second_bump_or_a_search() {
        let mut dungeon = floor(3, 1);
        let mut state = Doors::place(&mut dungeon);
        let door = state.secrets()[0];
        assert_eq!(state.touch(door.at, false), DoorTouch::Hidden);
        assert_eq!(state.touch(door.at, false), DoorTouch::Found(door.room));
        assert_eq!(state.touch(door.at, false), DoorTouch::Nothing, "open now");
        let mut searched = Doors::place(&mut floor(3, 1));
        assert_eq!(searched.touch(door.at, true), DoorTouch::Found(door.room));
        assert_eq!(state.touch(Point::new(0, 0), false), DoorTouch::Nothing);
    }
}
