//! A new level's monsters and items: the game's spawn table placed by mapgen's
//! [`spawns`](mapgen::spawns) (any generator), then what the game adds itself.
//!
//! * **The table** (`spawns.txt`, [`table`]): monsters and items in the dungeon's
//!   places, drawn from the level seed's stream after the generator and the vaults, as
//!   `mapgen generate --spawns` draws them. On a grid of rooms only the normal rooms are
//!   its places: the start, treasure, shop and secret rooms get no monsters.
//! * **A grid of rooms**: a boss ([`MonsterKind::Ogre`]) beside the down stairs of the
//!   boss room; a better weapon or a suit of armour in each treasure room.
//! * **Vaults**: gold on every `$` tile (the vaults' treasure).
//!
//! Isaac's keys lie where they always do ([`entity::keys`](crate::entity::keys)); they go
//! into the dungeon's spawns first, so nothing lands on them.

use std::sync::OnceLock;

use mapgen::generators::grid::RoomKind;
use mapgen::spawns::{Place, PlaceOf, Spawn, SpawnKind, SpawnTable, places};
use mapgen::{DungeonRng, Point, Tile};

use crate::entity::{Entity, Thing};
use crate::level::Level;
use crate::mind::Monster;
use crate::monster::{Body, Hp, MonsterKind};

/// The text of the game's spawn table.
pub const TABLE_TEXT: &str = include_str!("spawns.txt");

/// The game's spawn table, read once.
///
/// # Panics
/// Never: a test reads the same text.
pub fn table() -> &'static SpawnTable {
    static TABLE: OnceLock<SpawnTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        SpawnTable::parse("crates/game-core/src/spawns.txt", TABLE_TEXT)
            .unwrap_or_else(|e| panic!("the game's spawn table: {e}"))
    })
}

/// The item a table entry names, with what it holds (a pile of gold's size).
fn item_named(name: &str, depth: u32, rng: &mut DungeonRng) -> Option<Thing> {
    Some(match name {
        "healing_potion" => Thing::Potion,
        "gold" => Thing::Gold(gold_pile(depth, rng)),
        "weapon" => Thing::Weapon,
        "armour" => Thing::Armour,
        _ => return None,
    })
}

/// A pile of gold at `depth`: 3 to 8 pieces a level.
fn gold_pile(depth: u32, rng: &mut DungeonRng) -> u32 {
    depth.max(1) * rng.range_inclusive(3, 8) as u32
}

impl Level {
    /// Places the level's monsters and items (see the [module](self)), drawing from
    /// `rng`, the level seed's stream after the generator and the vaults.
    pub fn populate(&mut self, rng: &mut DungeonRng) {
        let depth = self.depth();
        // The keys are placed: nothing goes on them.
        let keys: Vec<Spawn> = self
            .entities()
            .iter()
            .map(|e| Spawn::new("key", SpawnKind::Item, e.at))
            .collect();
        let dungeon = self.dungeon_mut();
        dungeon.spawns.extend(keys);
        let before = dungeon.spawns.len();
        let found = table_places(dungeon);
        // The table is checked by a test; depth is at least 1.
        let _ = table().place_in(dungeon, &found, depth, rng);
        let placed: Vec<Spawn> = dungeon.spawns[before..].to_vec();
        for spawn in placed {
            match spawn.kind {
                SpawnKind::Monster => {
                    if let Some(kind) = MonsterKind::named(&spawn.name) {
                        self.add_monster(kind, spawn.at);
                    }
                }
                SpawnKind::Item => {
                    if let Some(thing) = item_named(&spawn.name, depth, rng) {
                        self.put_thing(Entity {
                            at: spawn.at,
                            thing,
                        });
                    }
                }
            }
        }
        self.add_grid_specials(rng);
        self.fill_vault_treasure(rng);
    }

    /// A monster of `kind` on `at`, with the next id; in a grid room, living there.
    fn add_monster(&mut self, kind: MonsterKind, at: Point) {
        let id = self.monsters().count() as u32;
        let home = self
            .dungeon()
            .room_grid()
            .and_then(|g| g.room_index_at_tile(at));
        let body = Body {
            id,
            kind,
            at,
            hp: Hp::full(kind.max_hp(self.depth())),
            depth: self.depth(),
        };
        self.actors_mut().push(Box::new(Monster::new(body, home)));
        self.enter(at);
    }

    /// A grid of rooms: the boss beside the down stairs, a weapon or armour in each
    /// treasure room.
    fn add_grid_specials(&mut self, rng: &mut DungeonRng) {
        let Some(grid) = self.dungeon().room_grid() else {
            return;
        };
        let mut boss = None;
        let mut treasure = Vec::new();
        for (i, room) in grid.rooms().iter().enumerate() {
            match room.kind {
                RoomKind::Boss => {
                    let beside = self.down().and_then(|stairs| {
                        crate::route::CARDINAL_FIRST
                            .iter()
                            .map(|&d| stairs + d)
                            .find(|&p| self.is_free(p) && grid.room_index_at_tile(p) == Some(i))
                    });
                    boss = boss.or(beside);
                }
                RoomKind::Treasure => {
                    let centre = grid.outline(room.cell).center();
                    let spot = std::iter::once(centre)
                        .chain(centre.neighbours8())
                        .find(|&p| self.is_free(p));
                    treasure.extend(spot);
                }
                _ => {}
            }
        }
        if let Some(at) = boss {
            self.add_monster(MonsterKind::Ogre, at);
        }
        for at in treasure {
            let thing = if rng.coin() {
                Thing::Weapon
            } else {
                Thing::Armour
            };
            self.put_thing(Entity { at, thing });
        }
    }

    /// Gold on every walkable `$` tile of the map (the vaults' treasure).
    fn fill_vault_treasure(&mut self, rng: &mut DungeonRng) {
        if self.dungeon().vaults.is_empty() {
            return;
        }
        let treasure = Thing::Gold(0).tile();
        let spots: Vec<Point> = self
            .map()
            .iter()
            .filter(|&(p, tile)| tile == treasure && self.entities().at(p).is_none())
            .map(|(p, _)| p)
            .collect();
        let depth = self.depth();
        for at in spots {
            let thing = Thing::Gold(gold_pile(depth, rng));
            self.put_thing(Entity { at, thing });
        }
    }

    /// True when nothing stands or lies on `p`, plain floor.
    fn is_free(&self, p: Point) -> bool {
        self.map().tile(p) == Tile::FLOOR
            && self.entities().at(p).is_none()
            && self.body_at(p).is_none()
    }
}

/// Where the table places things: on a grid of rooms its normal rooms, else every place.
fn table_places(dungeon: &mapgen::Dungeon) -> Vec<Place> {
    let all = places(dungeon);
    let Some(grid) = dungeon.room_grid() else {
        return all;
    };
    all.into_iter()
        .filter(|place| match place.of {
            PlaceOf::GridRoom(i) => grid
                .rooms()
                .get(i)
                .is_some_and(|r| r.kind == RoomKind::Normal),
            _ => false,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::spawns::SpawnKind;

    /// Every name of the game's table is a kind the game knows.
    #[test]
    fn the_game_knows_every_name_of_its_table() {
        let table = table();
        let mut rng = DungeonRng::new(1);
        for entry in table.entries() {
            let known = match entry.kind {
                SpawnKind::Monster => MonsterKind::named(&entry.name).is_some(),
                SpawnKind::Item => item_named(&entry.name, 1, &mut rng).is_some(),
            };
            assert!(known, "{}", entry.name);
        }
        assert!(table.entries().len() >= 8);
    }
}
