//! Secret and locked doors, as The Binding of Isaac plays them on an `isaac` floor: a
//! secret door looks like wall until found (walked into twice, or `s` beside it); a
//! locked door (the shop, the treasure room from stage 2, the library, the dice room)
//! takes a key (the keys are [entities](crate::entity) on the floor). A vault's secret
//! door ([`SECRET_DOOR`], `S` in the built-in vaults) is hidden the same way, on any
//! level.
//!
//! `--locks N` adds coloured locks ([`mapgen::locks`]) on any level: each door opens only
//! to the key of its colour ([`KeyKind::Colour`]), where an Isaac key opens any of
//! Isaac's doors ([`KeyKind::Any`]). Both are the same locked door, told apart by the key
//! they take.
//!
//! [`Doors::place`] turns the generator's and the vaults' door tiles into the game's when
//! a level is made ([`Doors::lock`] the coloured locks'); the rules ([`Game`](crate::game::Game)) then open doors as the player
//! finds or unlocks them. The `grid` generator's floors have no links, so no locked or
//! secret doors but the vaults'.

use mapgen::generators::grid::LinkKind;
use mapgen::locks::Locks;
use mapgen::{Dungeon, Point, Tile};

use crate::terrain::SECRET_DOOR;

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

/// Which key opens a locked door, and which doors a key opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyKind {
    /// Isaac's: any key opens any of an isaac floor's locked doors, and is used up.
    Any,
    /// Lock `id` of the level's coloured locks ([`mapgen::locks::Lock::id`]): only the
    /// key of its colour opens its door.
    Colour(u8),
}

impl KeyKind {
    /// The colour's name (`red` for lock 0, [`LOCK_COLOURS`]); `None` for Isaac's keys.
    pub fn colour(self) -> Option<&'static str> {
        match self {
            KeyKind::Any => None,
            KeyKind::Colour(id) => Some(LOCK_COLOURS[usize::from(id) % LOCK_COLOURS.len()]),
        }
    }

    /// The key, with its article: `a key`, `the red key`.
    ///
    /// ```
    /// use game_core::doors::KeyKind;
    /// assert_eq!(KeyKind::Any.key_name(), "a key");
    /// assert_eq!(KeyKind::Colour(1).key_name(), "the blue key");
    /// assert_eq!(KeyKind::Colour(1).door_name(), "the blue door");
    /// ```
    pub fn key_name(self) -> String {
        self.colour()
            .map_or_else(|| "a key".to_string(), |c| format!("the {c} key"))
    }

    /// The door it opens, with its article: `a locked door`, `the red door`.
    pub fn door_name(self) -> String {
        self.colour()
            .map_or_else(|| "a locked door".to_string(), |c| format!("the {c} door"))
    }
}

/// The names of the locks' colours, by lock id: the names of the pictures' lock colours
/// (`tileset::colors::LOCKS`, which the rules do not link; a test in `game-app`, which
/// draws them, checks the two agree).
pub const LOCK_COLOURS: [&str; 8] = [
    "red", "blue", "green", "violet", "orange", "cyan", "pink", "white",
];

/// The most coloured locks a level takes: one colour each ([`LOCK_COLOURS`]).
pub const MAX_COLOURED_LOCKS: u8 = LOCK_COLOURS.len() as u8;

/// A door still locked: where, and the key it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LockedDoor {
    /// The door tile.
    pub at: Point,
    /// The key that opens it.
    pub key: KeyKind,
}

/// How many times the `@` walks into a secret door before it opens.
pub const BUMPS_TO_FIND: u8 = 2;

/// A secret door of the level: where it is, the secret room behind it (none for a
/// vault's), and how often the `@` has walked into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SecretDoor {
    /// The door tile.
    pub at: Point,
    /// The index of the secret (or super secret) room it leads to; `None` for a vault's
    /// secret door.
    pub room: Option<usize>,
    /// Times walked into.
    pub bumps: u8,
    /// Found and open.
    pub open: bool,
}

/// The secret and locked doors of one level, as the game changes them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Doors {
    secrets: Vec<SecretDoor>,
    locked: Vec<LockedDoor>,
}

/// What walking into (or searching beside) a door did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoorTouch {
    /// Not a door the rules know of (a wall, an open door).
    Nothing,
    /// A secret door not yet found.
    Hidden,
    /// A secret door opened: the secret room's index (`None` for a vault's).
    Found(Option<usize>),
    /// A locked door, and the key it takes.
    Locked(KeyKind),
}

impl Doors {
    /// Hides the secret doors of `dungeon` (an isaac floor's links and its vaults'
    /// [`SECRET_DOOR`]s) as wall and locks its locked doors ([`LOCKED_DOOR`]).
    pub fn place(dungeon: &mut Dungeon) -> Doors {
        let mut state = Doors {
            secrets: vault_secret_doors(dungeon),
            ..Doors::default()
        };
        if let Some(grid) = dungeon.room_grid() {
            state.add_links(grid);
        }
        let tiles = state
            .secrets
            .iter()
            .map(|s| (s.at, Tile::WALL))
            .chain(state.locked.iter().map(|d| (d.at, LOCKED_DOOR)));
        let tiles: Vec<(Point, Tile)> = tiles.collect();
        for (p, tile) in tiles {
            dungeon.map.set(p, tile);
        }
        state
    }

    /// The secret and locked doors of an isaac floor's links.
    fn add_links(&mut self, grid: &mapgen::generators::grid::RoomGrid) {
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
                        self.secrets.push(SecretDoor {
                            at,
                            room: Some(room),
                            bumps: 0,
                            open: false,
                        });
                    }
                }
                LinkKind::Locked => self.locked.push(LockedDoor {
                    at,
                    key: KeyKind::Any,
                }),
                _ => {}
            }
        }
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
        match self.key_for(at) {
            Some(key) => DoorTouch::Locked(key),
            None => DoorTouch::Nothing,
        }
    }

    /// Locks the doors of `locks` (placed on `dungeon`, [`mapgen::locks::place_locks`]):
    /// each a [`LOCKED_DOOR`] tile that only the key of its colour opens. A lock whose
    /// door is not walkable on `dungeon`'s map is left out (never for locks placed on it).
    pub fn lock(&mut self, dungeon: &mut Dungeon, locks: &Locks) {
        for lock in &locks.locks {
            let Ok(id) = u8::try_from(lock.id) else {
                continue;
            };
            if !dungeon.map.is_walkable(lock.door) {
                continue;
            }
            dungeon.map.set(lock.door, LOCKED_DOOR);
            self.locked.push(LockedDoor {
                at: lock.door,
                key: KeyKind::Colour(id),
            });
        }
    }

    /// A locked door at `at` is unlocked: it is an ordinary door from now on.
    pub fn unlock(&mut self, at: Point) {
        self.locked.retain(|d| d.at != at);
    }

    /// The key the door still locked at `at` takes, if one is there.
    pub fn key_for(&self, at: Point) -> Option<KeyKind> {
        self.locked.iter().find(|d| d.at == at).map(|d| d.key)
    }

    /// The secret doors, found or not.
    pub fn secrets(&self) -> &[SecretDoor] {
        &self.secrets
    }

    /// The doors still locked.
    pub fn locked(&self) -> &[LockedDoor] {
        &self.locked
    }

    /// True when a door still locked is at `at`.
    pub fn is_locked(&self, at: Point) -> bool {
        self.key_for(at).is_some()
    }
}

/// The secret doors of `dungeon`'s vaults: each [`SECRET_DOOR`] tile in a vault's
/// footprint (only the footprints are read, not the whole map), in row order.
fn vault_secret_doors(dungeon: &Dungeon) -> Vec<SecretDoor> {
    let mut doors: Vec<SecretDoor> = Vec::new();
    for vault in &dungeon.vaults {
        let ys = vault.y..vault.y.saturating_add(vault.height);
        for y in ys {
            for x in vault.x..vault.x.saturating_add(vault.width) {
                let at = Point::new(x, y);
                if dungeon.map.tile(at) == SECRET_DOOR.tile {
                    doors.push(SecretDoor {
                        at,
                        room: None,
                        bumps: 0,
                        open: false,
                    });
                }
            }
        }
    }
    doors.sort_by_key(|d| (d.at.y, d.at.x));
    doors.dedup_by_key(|d| d.at);
    doors
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
                    assert!(grid.rooms()[door.room.unwrap()].kind.is_secret());
                }
                for door in state.locked() {
                    assert_eq!(dungeon.map.tile(door.at), LOCKED_DOOR);
                    assert_eq!(door.key, KeyKind::Any);
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

    /// A vault's `S` ("a secret door") was a visible, ordinary door, and its `$`
    /// ("treasure") plain floor to look at; now the door is hidden until found, and
    /// look mode names both.
    #[test]
    fn a_vaults_secret_door_is_hidden_until_found_and_its_treasure_named() {
        use crate::direction::Direction;
        use crate::event::Event;
        use crate::game::Game;
        use crate::level::LevelOrder;
        use crate::look::describe;
        use crate::terrain::TREASURE;
        use crate::turn::Act;
        use mapgen::generators::GeneratorKind;
        use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
        let settings = VaultSettings {
            count: 1,
            tags: vec!["secret".to_string()],
        };
        let plan = VaultPlan::new(VaultLibrary::builtin().clone(), settings).unwrap();
        let (mut found, mut named) = (0, 0);
        for seed in 0..10 {
            let order = LevelOrder {
                vaults: Some(plan.clone()),
                ..LevelOrder::first(Generator::with_defaults(GeneratorKind::Rooms), seed)
            };
            let level = order.make().unwrap();
            let Some(door) = level.doors().secrets().first().copied() else {
                continue;
            };
            assert_eq!(door.room, None, "a vault's");
            assert_eq!(level.map().tile(door.at), Tile::WALL, "hidden");
            let treasure = level.treasure();
            assert!(!treasure.is_empty());
            assert!(
                treasure
                    .iter()
                    .all(|&p| level.map().tile(p) == TREASURE.tile)
            );
            // The @ in front of the door (outside the nook), searching.
            let front = Direction::ALL
                .into_iter()
                .map(|d| door.at + d.step())
                .find(|&p| level.map().is_walkable(p) && !level.treasure().contains(&p))
                .unwrap();
            // The dungeon as made, before the level hid its doors.
            let mut dungeon = plan.generate(&order.generator, seed).unwrap();
            dungeon.start = front;
            let mut game = Game::from_dungeon(order.generator.clone(), seed, dungeon, 0);
            assert_eq!(describe(&game, door.at), "You see a wall.");
            let turn = game.turn(Act::Search);
            assert!(turn.events.contains(&Event::FoundSecret {
                at: door.at,
                kind: None
            }));
            assert!(turn.events.contains(&Event::Searched { found: 1 }));
            assert_eq!(game.map().tile(door.at), Tile::DOOR);
            // In the doorway, the other side is in sight, the treasure named.
            let step = Direction::from_step(door.at - front).unwrap();
            assert!(game.turn(Act::Move(step)).is_taken());
            let inside = Direction::ALL
                .into_iter()
                .map(|d| door.at + d.step())
                .find(|&p| p != front && game.map().is_walkable(p) && game.is_visible(p));
            assert!(inside.is_some(), "seed {seed}");
            // (The stairs may lie on one: the start moved, so did the farthest tile.)
            let seen = treasure
                .iter()
                .find(|&&p| game.is_visible(p) && game.level().stairs_at(p).is_none());
            if let Some(&p) = seen {
                assert_eq!(describe(&game, p), "You see treasure.");
                named += 1;
            }
            found += 1;
        }
        assert!(found >= 5 && named > 0, "{found} floors, {named} named");
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
