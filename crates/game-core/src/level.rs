//! One level of the dungeon and everything the player has of it: the map with its
//! stairs and doors, the things on it ([`Entities`]) and what acts on it
//! ([`Actors`]), what the player remembers, the grid rooms visited and seen with the
//! minimap ([`RoomMemory`]), and the room labels. A [`Game`](crate::game::Game) keeps
//! every level entered, so leaving and coming back restores all of it.

use mapgen::generators::Generator;
use mapgen::generators::grid::RoomGrid;
use mapgen::locks::{Locks, place_seeded_locks};
use mapgen::vaults::VaultPlan;
use mapgen::{Dungeon, DungeonRng, GenerateError, Layout, Map, Point, Tile};

use crate::chase::ChaseMaps;
use crate::direction::Vertical;
use crate::doors::{DoorTouch, Doors, KeyKind};
use crate::doorway::Doorways;
use crate::entity::{self, Entities, Entity, Thing};
use crate::knowledge::{Knowledge, Landmark};
use crate::labels::RoomLabels;
use crate::minimap::{Found, Minimap};
use crate::monster::Body;
use crate::room_memory::RoomMemory;
use crate::sight::Sight;
use crate::terrain::{TREASURE, TileKind};
use crate::turn::Actors;

/// Stairs down, `>`: walkable and transparent, like floor. The level's stairs are found
/// by their place ([`Level::stairs_at`]), not by this tile, which a vault's legend can
/// make too (`>=.`).
pub const STAIRS_DOWN: Tile = stairs_tile('>');
/// Stairs up, `<`.
pub const STAIRS_UP: Tile = stairs_tile('<');

const fn stairs_tile(glyph: char) -> Tile {
    match Tile::FLOOR.with_glyph(glyph) {
        Ok(tile) => tile,
        // Not reached: `>` and `<` are valid glyphs of one's own (a test checks it).
        Err(_) => Tile::FLOOR,
    }
}

/// What a new level is made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The first level of a new game (the start, or `R`).
    NewGame,
    /// The level below the deepest so far, reached by its stairs.
    Descend,
}

/// A level to make: its depth, the generator with its settings, and the seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelOrder {
    /// 1 for the first level.
    pub depth: u32,
    /// The generator and its settings.
    pub generator: Generator,
    /// The level's seed.
    pub seed: u64,
    /// What the level is for.
    pub purpose: Purpose,
    /// `--vaults`: stamped after the generator, from the level seed's stream
    /// ([`VaultPlan::generate`]).
    pub vaults: Option<VaultPlan>,
    /// `--locks`: coloured locks and their keys asked for, at most
    /// [`MAX_COLOURED_LOCKS`](crate::doors::MAX_COLOURED_LOCKS) (more are not placed).
    pub locks: u8,
}

impl LevelOrder {
    /// The first level of a new game of `seed`: depth 1, no vaults, no locks (set
    /// [`vaults`](Self::vaults) and [`locks`](Self::locks) with struct update syntax).
    ///
    /// ```
    /// use game_core::level::{LevelOrder, Purpose};
    /// use mapgen::generators::{Generator, GeneratorKind};
    ///
    /// let rooms = Generator::with_defaults(GeneratorKind::Rooms);
    /// let locked = LevelOrder { locks: 2, ..LevelOrder::first(rooms, 7) };
    /// assert_eq!((locked.depth, locked.purpose), (1, Purpose::NewGame));
    /// let level = locked.make()?;
    /// assert_eq!(level.depth(), 1);
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    pub fn first(generator: Generator, seed: u64) -> LevelOrder {
        LevelOrder {
            depth: 1,
            generator,
            seed,
            purpose: Purpose::NewGame,
            vaults: None,
            locks: 0,
        }
    }

    /// Makes the level: the generator's dungeon for the seed, its vaults, its stairs,
    /// then its monsters and items ([`Level::populate`]), all from the seed's one stream
    /// (so the dungeon is `mapgen generate --seed`'s, and its things those of `--spawns`
    /// with the game's table).
    ///
    /// # Errors
    /// The generator's error.
    pub fn make(&self) -> Result<Level, GenerateError> {
        let mut rng = DungeonRng::new(self.seed);
        let mut dungeon = self.generator.generate_with(&mut rng)?;
        if let Some(plan) = &self.vaults {
            plan.place(&mut dungeon, &mut rng);
        }
        let mut level = Level::with_locks(
            self.depth,
            self.generator.clone(),
            self.seed,
            dungeon,
            self.locks,
        );
        level.populate(&mut rng);
        Ok(level)
    }
}

/// The parts of a level an actor's turn reads and changes, borrowed together.
#[derive(Debug)]
pub(crate) struct Acting<'a> {
    pub(crate) map: &'a mut Map,
    pub(crate) grid: Option<&'a RoomGrid>,
    pub(crate) doorways: &'a mut Doorways,
    pub(crate) entities: &'a mut Entities,
    pub(crate) chase: &'a mut ChaseMaps,
}

/// One level: its dungeon with stairs placed, and what the player has of it.
#[derive(Debug, Clone)]
pub struct Level {
    depth: u32,
    generator: Generator,
    seed: u64,
    dungeon: Dungeon,
    up: Option<Point>,
    down: Option<Point>,
    known: Knowledge,
    walkable_total: usize,
    /// Grid dungeons: the rooms visited, seen and found, and the minimap.
    rooms: Option<RoomMemory>,
    /// Isaac floors: the secret and locked doors, as the game changes them.
    doors: Doors,
    /// The things on the level (keys).
    entities: Entities,
    /// Keys and locked doors are part of this level (an isaac floor's, or `--locks`).
    keys_in_play: bool,
    /// The coloured locks placed (`--locks`), as placed; `None` without.
    locks: Option<Locks>,
    /// The keys of this level's coloured locks the player holds, by lock id.
    held: Vec<u8>,
    /// What acts on the level after the player, in order.
    actors: Actors,
    labels: RoomLabels,
    /// The monsters' Dijkstra maps of the turn.
    chase: ChaseMaps,
    /// Grid dungeons: the room whose doors are shut while its monsters live.
    pub(crate) shut: Option<crate::lockdown::ShutRoom>,
    /// The doors standing open under a body.
    doorways: Doorways,
}

impl Level {
    /// The level at `depth` in `dungeon` (made by `generator` from `seed`), with its
    /// stairs placed: up stairs on the start below the first level, down stairs in the
    /// boss room of a grid of rooms, else on the exit (the tile farthest from the start);
    /// none where they would fall on the up stairs (a level of one tile). Isaac floors
    /// get their hidden and locked doors and their keys (on floor the start reaches),
    /// vaults' secret doors are hidden. Nothing is known of it yet.
    pub fn new(depth: u32, generator: Generator, seed: u64, dungeon: Dungeon) -> Level {
        Level::with_locks(depth, generator, seed, dungeon, 0)
    }

    /// [`Level::new`], with up to `locks` coloured locks (at most
    /// [`MAX_COLOURED_LOCKS`](crate::doors::MAX_COLOURED_LOCKS)) placed by
    /// [`mapgen::locks::place_seeded_locks`] (as `mapgen generate --locks` places them on
    /// the same dungeon):
    /// each door locked, each key on the floor, the down stairs where the locks lead
    /// ([`Locks::exit`]). An isaac floor keeps its own locks and keys beside them.
    pub fn with_locks(
        depth: u32,
        generator: Generator,
        seed: u64,
        mut dungeon: Dungeon,
        locks: u8,
    ) -> Level {
        // Placed on the dungeon as made, as the command places them: loops it walls up
        // are wall from now on.
        let locks = (locks > 0)
            .then(|| coloured_locks(&mut dungeon, seed, locks))
            .flatten();
        let mut doors = Doors::place(&mut dungeon);
        if let Some(locks) = &locks {
            doors.lock(&mut dungeon, locks);
        }
        let isaac_doors = doors.locked().iter().filter(|d| d.key == KeyKind::Any);
        let isaac_doors = isaac_doors.count();
        let coloured_keys: Vec<(Point, u8)> = locks
            .iter()
            .flat_map(|l| &l.locks)
            .filter_map(|lock| Some((lock.key, u8::try_from(lock.id).ok()?)))
            .collect();
        // Isaac's keys keep off the tiles of coloured keys and of the down stairs, which
        // would otherwise replace them (one key fewer than its locked doors).
        // The locks' exit whenever locks were asked for, as `mapgen generate --locks`
        // writes it, even when none fit.
        let exit = locks.as_ref().map(|l| l.exit);
        let down = match exit {
            Some(exit) => dungeon.map.is_walkable(exit).then_some(exit),
            None => down_stairs_place(&dungeon),
        };
        let taken: Vec<Point> = coloured_keys
            .iter()
            .map(|&(at, _)| at)
            .chain(down)
            .collect();
        let mut entities = dungeon
            .room_grid()
            .map(|grid| entity::keys(grid, &dungeon.map, dungeon.start, isaac_doors, &taken))
            .unwrap_or_default();
        for (at, id) in coloured_keys {
            entities.put(Entity {
                at,
                thing: Thing::Key(KeyKind::Colour(id)),
            });
        }
        let keys_in_play = !doors.locked().is_empty() || !entities.is_empty();
        let up = (depth > 1).then_some(dungeon.start);
        let down = down.filter(|&p| Some(p) != up);
        for (place, tile) in [(up, STAIRS_UP), (down, STAIRS_DOWN)] {
            if let Some(p) = place {
                dungeon.map.set(p, tile);
            }
        }
        let map = &dungeon.map;
        let stairs: Vec<Point> = [down, up].into_iter().flatten().collect();
        Level {
            known: Knowledge::of_size(map).with_landmarks(&stairs),
            walkable_total: map.tiles().iter().filter(|t| t.walkable).count(),
            rooms: dungeon.room_grid().and_then(RoomMemory::new),
            labels: RoomLabels::new(&dungeon.rooms),
            doors,
            entities,
            keys_in_play,
            locks,
            held: Vec::new(),
            actors: Actors::default(),
            chase: ChaseMaps::default(),
            shut: None,
            doorways: Doorways::default(),
            depth,
            generator,
            seed,
            up,
            down,
            dungeon,
        }
    }

    /// Learns what `fov` shows (tiles and things), marks grid rooms seen, and returns
    /// the landmarks (stairs) seen for the first time.
    pub(crate) fn remember(&mut self, fov: &impl Sight) -> &[Landmark] {
        let before = self.known.landmarks().len();
        let grid = self.dungeon.room_grid();
        let rooms = &mut self.rooms;
        // Only tiles seen for the first time can make a grid room seen.
        self.known.remember_each(&self.dungeon.map, fov, |p, _| {
            if let (Some(grid), Some(rooms)) = (grid, rooms.as_mut()) {
                rooms.see(grid, p);
            }
        });
        self.known.remember_things(&self.entities, fov);
        &self.known.landmarks()[before..]
    }

    /// Learns which things lie where `fov` shows (the view itself unchanged).
    pub(crate) fn remember_things(&mut self, fov: &impl Sight) {
        self.known.remember_things(&self.entities, fov);
    }

    /// The `@` stands at `p`: marks the grid room whose floor holds it visited, and
    /// current on the minimap; the room's index when this is its first visit.
    pub(crate) fn visit(&mut self, p: Point) -> Option<usize> {
        let grid = self.dungeon.room_grid()?;
        self.rooms.as_mut()?.visit(grid, p)
    }

    /// 1 for the first level.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The generator and its settings.
    pub fn generator(&self) -> &Generator {
        &self.generator
    }

    /// The level's seed: `mapgen generate --seed` with it and the generator makes this
    /// level's map (the stairs aside).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The dungeon, stairs included.
    pub fn dungeon(&self) -> &Dungeon {
        &self.dungeon
    }

    /// The map, stairs included.
    pub fn map(&self) -> &Map {
        &self.dungeon.map
    }

    /// Where the up stairs are; none on the first level.
    pub fn up(&self) -> Option<Point> {
        self.up
    }

    /// Where the down stairs are.
    pub fn down(&self) -> Option<Point> {
        self.down
    }

    /// The stairs leading `way`.
    pub fn stairs(&self, way: Vertical) -> Option<Point> {
        match way {
            Vertical::Down => self.down,
            Vertical::Up => self.up,
        }
    }

    /// Which way the stairs at `p` lead, if the level's stairs are there: by place, so a
    /// vault's tile that looks like stairs is not taken for them.
    pub fn stairs_at(&self, p: Point) -> Option<Vertical> {
        if self.down == Some(p) {
            Some(Vertical::Down)
        } else if self.up == Some(p) {
            Some(Vertical::Up)
        } else {
            None
        }
    }

    /// What `tile`, seen at `p`, is: the level's stairs and locked doors by their place,
    /// anything else by the tile ([`TileKind::of`]).
    pub fn kind_at(&self, p: Point, tile: Tile) -> TileKind {
        match self.stairs_at(p) {
            Some(way) if tile == STAIRS_DOWN || tile == STAIRS_UP => TileKind::Stairs(way),
            _ if tile == crate::doors::LOCKED_DOOR && self.doors.is_locked(p) => {
                TileKind::LockedDoor(self.doors.key_for(p).unwrap_or(KeyKind::Any))
            }
            _ => TileKind::of(tile),
        }
    }

    /// Where the vaults keep their treasure ([`TREASURE`] tiles, `$`), in row order: the
    /// places for the items a game lays (only the vaults' footprints are read).
    pub fn treasure(&self) -> Vec<Point> {
        let mut spots: Vec<Point> = self
            .dungeon
            .vaults
            .iter()
            .flat_map(|v| {
                let xs = v.x..v.x.saturating_add(v.width);
                let ys = v.y..v.y.saturating_add(v.height);
                ys.flat_map(move |y| xs.clone().map(move |x| Point::new(x, y)))
            })
            .filter(|&p| self.dungeon.map.tile(p) == TREASURE.tile)
            .collect();
        spots.sort_by_key(|p| (p.y, p.x));
        spots.dedup();
        spots
    }

    /// True when keys and locked doors are part of this level (an isaac floor's): the
    /// panel shows the keys held.
    pub fn has_keys(&self) -> bool {
        self.keys_in_play
    }

    /// Where the player arrives the first time: the dungeon's start (the up stairs below
    /// the first level).
    pub fn arrival(&self) -> Point {
        self.dungeon.start
    }

    /// What the player knows of the level.
    pub fn known(&self) -> &Knowledge {
        &self.known
    }

    /// The share of the level's walkable tiles seen so far, 0 to 100. Walls are left
    /// out: a fully walked level reads 100 % however much rock surrounds it.
    pub fn explored_percent(&self) -> f64 {
        if self.walkable_total == 0 {
            return 100.0;
        }
        100.0 * self.known.walkable_tiles() as f64 / self.walkable_total as f64
    }

    /// Grid dungeons: true once the `@` has stood in room `index`.
    pub fn is_room_visited(&self, index: usize) -> bool {
        self.rooms.as_ref().is_some_and(|r| r.is_visited(index))
    }

    /// Grid dungeons: true once any floor tile of room `index` has been seen.
    pub fn is_room_seen(&self, index: usize) -> bool {
        self.rooms.as_ref().is_some_and(|r| r.is_seen(index))
    }

    /// Grid dungeons: the rooms visited and the secret rooms found, for the minimap.
    pub fn found(&self) -> Found<'_> {
        self.rooms.as_ref().map_or(
            Found {
                visited: &[],
                secrets: &[],
            },
            RoomMemory::found,
        )
    }

    /// The `@` walks into `at` (or searches beside it): what the door there did.
    pub(crate) fn touch_door(&mut self, at: Point, search: bool) -> DoorTouch {
        self.doors.touch(at, search)
    }

    /// Opens the door at `at` (found or unlocked): an ordinary door, known as such.
    pub(crate) fn open_door(&mut self, at: Point) {
        self.doors.unlock(at);
        self.dungeon.map.set(at, Tile::DOOR);
        self.known.learn(at, Tile::DOOR);
    }

    /// How many doors still locked the player has seen.
    pub fn known_locked_doors(&self) -> usize {
        self.known_locks().count()
    }

    /// The doors still locked the player has seen, in the order placed (Isaac's first).
    pub fn known_locks(&self) -> impl Iterator<Item = crate::doors::LockedDoor> + '_ {
        let locked = self.doors.locked().iter().copied();
        locked.filter(|d| self.known.is_known(d.at))
    }

    /// The coloured locks placed (`--locks`), as [`mapgen::locks::place_seeded_locks`]
    /// placed them (the doors and keys where they began, the tiles it walled); `None`
    /// without.
    pub fn locks(&self) -> Option<&Locks> {
        self.locks.as_ref()
    }

    /// The keys of this level's coloured locks the player holds, by lock id, in the
    /// order picked up.
    pub fn held_keys(&self) -> &[u8] {
        &self.held
    }

    /// True when the player holds the key of coloured lock `id`.
    pub fn holds(&self, id: u8) -> bool {
        self.held.contains(&id)
    }

    /// The player picks up the key of coloured lock `id`.
    pub(crate) fn hold(&mut self, id: u8) {
        if !self.holds(id) {
            self.held.push(id);
        }
    }

    /// The key of coloured lock `id` opened its door: it is used up.
    pub(crate) fn use_key(&mut self, id: u8) {
        self.held.retain(|&k| k != id);
    }

    /// The level's secret and locked doors as they are now.
    pub fn doors(&self) -> &Doors {
        &self.doors
    }

    /// The things on the level as they are now.
    pub fn entities(&self) -> &Entities {
        &self.entities
    }

    /// Takes the thing at `at` off the level, if one lies there.
    pub(crate) fn take_thing(&mut self, at: Point) -> Option<Entity> {
        self.entities.take(at)
    }

    /// What acts on the level after the player.
    pub(crate) fn actors_mut(&mut self) -> &mut Actors {
        &mut self.actors
    }

    /// The map and the things on the level, for an actor's turn.
    #[cfg(test)]
    pub(crate) fn map_and_entities_mut(&mut self) -> (&Map, &mut Entities) {
        (&self.dungeon.map, &mut self.entities)
    }

    /// What an actor's turn reads and changes: the map (its doors open and shut under
    /// bodies), the room grid, the things, and the monsters' maps of the turn.
    pub(crate) fn acting_parts(&mut self) -> Acting<'_> {
        let Dungeon { map, layout, .. } = &mut self.dungeon;
        let grid = match layout {
            Layout::Grid(grid) => Some(&*grid),
            _ => None,
        };
        Acting {
            map,
            grid,
            doorways: &mut self.doorways,
            entities: &mut self.entities,
            chase: &mut self.chase,
        }
    }

    /// A body comes to stand on `at`: a door there opens ([`Doorways`]). True when the
    /// map changed.
    pub(crate) fn enter(&mut self, at: Point) -> bool {
        self.doorways.enter(&mut self.dungeon.map, at)
    }

    /// A body leaves `at`: a door it held open shuts. True when the map changed.
    pub(crate) fn leave(&mut self, at: Point) -> bool {
        self.doorways.leave(&mut self.dungeon.map, at)
    }

    /// The doors standing open under a body.
    pub fn doorways(&self) -> &Doorways {
        &self.doorways
    }

    /// The actors, in the order they act.
    pub fn actors(&self) -> &Actors {
        &self.actors
    }

    /// The living monsters of the level, in the order they act.
    pub fn monsters(&self) -> impl Iterator<Item = &Body> + '_ {
        self.actors.bodies()
    }

    /// The monster standing on `at`.
    pub fn body_at(&self, at: Point) -> Option<&Body> {
        self.actors.body_at(at)
    }

    pub(crate) fn body_at_mut(&mut self, at: Point) -> Option<&mut Body> {
        self.actors.body_at_mut(at)
    }

    /// Takes the monster `id` off the level (it died); a door it stood in shuts. True
    /// when the map changed.
    pub(crate) fn remove_monster(&mut self, id: u32) -> bool {
        let at = self.actors.bodies().find(|b| b.id == id).map(|b| b.at);
        self.actors.remove(id);
        at.is_some_and(|at| self.leave(at))
    }

    /// Puts `entity` on the level (what a monster leaves, the amulet).
    pub(crate) fn put_thing(&mut self, entity: Entity) {
        self.entities.put(entity);
    }

    /// The dungeon, to place things in.
    pub(crate) fn dungeon_mut(&mut self) -> &mut Dungeon {
        &mut self.dungeon
    }

    /// The map, to change a tile (doors that shut and open, the stairs the amulet
    /// replaces); what the player knows of it follows when they see it.
    pub(crate) fn map_mut(&mut self) -> &mut Map {
        &mut self.dungeon.map
    }

    /// No down stairs (the deepest level: the amulet lies there instead).
    pub(crate) fn remove_down_stairs(&mut self) -> Option<Point> {
        let at = self.down.take()?;
        self.dungeon.map.set(at, Tile::FLOOR);
        Some(at)
    }

    /// How many secret rooms of this level were found.
    pub fn found_secrets(&self) -> usize {
        self.rooms.as_ref().map_or(0, RoomMemory::found_secrets)
    }

    /// Grid dungeons: true once secret room `index` was found.
    pub fn is_secret_found(&self, index: usize) -> bool {
        self.rooms
            .as_ref()
            .is_some_and(|r| r.is_secret_found(index))
    }

    /// Grid dungeons: secret room `index` is found (its door opened): the minimap shows
    /// it from now on. False when it was found already.
    pub(crate) fn find_secret_room(&mut self, index: usize) -> bool {
        match (self.dungeon.room_grid(), &mut self.rooms) {
            (Some(grid), Some(rooms)) => rooms.find_secret(grid, index),
            _ => false,
        }
    }

    /// Grid dungeons: the rooms found so far; `None` for other dungeons.
    pub fn minimap(&self) -> Option<&Minimap> {
        self.rooms.as_ref().map(RoomMemory::minimap)
    }

    /// Where the room labels go.
    pub fn room_labels(&self) -> &RoomLabels {
        &self.labels
    }
}

/// Up to `count` coloured locks on `dungeon` (made from `seed`), from the seed's lock
/// stream, its loops walled up where that lets more fit; `None` when none can be placed
/// at all (a start on a wall: never for a generator's dungeon).
fn coloured_locks(dungeon: &mut Dungeon, seed: u64, count: u8) -> Option<Locks> {
    let count = count.min(crate::doors::MAX_COLOURED_LOCKS);
    place_seeded_locks(dungeon, seed, usize::from(count)).ok()
}

/// Where the down stairs go: the centre of the boss room in a grid of rooms (the exit
/// is not always there), else the exit.
fn down_stairs_place(dungeon: &Dungeon) -> Option<Point> {
    let boss_centre = dungeon
        .room_grid()
        .and_then(|grid| grid.boss().map(|boss| grid.outline(boss.cell).center()))
        .filter(|&p| dungeon.map.is_walkable(p));
    let place = boss_centre.unwrap_or_else(|| dungeon.exit());
    dungeon.map.is_walkable(place).then_some(place)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::GeneratorKind;
    use mapgen::generators::grid::{GridSettings, RoomKind};
    use mapgen::generators::isaac::IsaacSettings;

    /// The first level of a new game of `seed`, with `locks` coloured locks.
    fn first_level(generator: &Generator, seed: u64, locks: u8) -> Level {
        let order = LevelOrder {
            locks,
            ..LevelOrder::first(generator.clone(), seed)
        };
        order.make().unwrap()
    }

    #[test]
    fn stairs_are_tiles_of_their_own() {
        assert_eq!(STAIRS_DOWN.glyph(), '>');
        assert_eq!(STAIRS_UP.glyph(), '<');
        assert_ne!(STAIRS_DOWN, Tile::FLOOR);
        const { assert!(STAIRS_DOWN.walkable && STAIRS_UP.transparent) };
    }

    /// Every generator: the first level has down stairs and no up stairs; deeper ones
    /// have both, up on the start; and the map is the generator's, stairs aside.
    #[test]
    fn stairs_go_on_the_exit_and_the_start() {
        for &kind in GeneratorKind::ALL {
            let generator = Generator::with_defaults(kind);
            for depth in [1, 2] {
                let order = LevelOrder {
                    depth,
                    generator: generator.clone(),
                    seed: 9,
                    purpose: Purpose::Descend,
                    vaults: None,
                    locks: 0,
                };
                let level = order.make().unwrap();
                let plain = generator.generate(9).unwrap();
                let down = level.down().unwrap();
                assert_eq!(level.map().tile(down), STAIRS_DOWN, "{kind}");
                if plain.room_grid().is_none() {
                    assert_eq!(down, plain.exit(), "{kind}");
                }
                assert_eq!(level.up(), (depth > 1).then_some(plain.start), "{kind}");
                let mut map = level.map().clone();
                let doors = level.doors();
                let secrets = doors.secrets().iter().map(|d| d.at);
                let changed = doors.locked().iter().map(|d| d.at);
                let stairs = [level.up(), level.down()].into_iter().flatten();
                for p in stairs.chain(secrets).chain(changed) {
                    map.set(p, plain.map.tile(p));
                }
                assert_eq!(map, plain.map, "{kind}: only the stairs differ");
            }
        }
    }

    /// With locks asked for, the down stairs are on the locks' exit, the one `mapgen
    /// generate --locks` writes, also on a level where no lock fits (an open cave).
    #[test]
    fn with_locks_the_stairs_are_on_the_locks_exit() {
        let mut none_fit = 0;
        for kind in [
            GeneratorKind::Rooms,
            GeneratorKind::Drunkard,
            GeneratorKind::Caves,
        ] {
            let generator = Generator::with_defaults(kind);
            for seed in 0..12 {
                let level = first_level(&generator, seed, 3);
                let mut plain = generator.generate(seed).unwrap();
                let locks = place_seeded_locks(&mut plain, seed, 3).unwrap();
                none_fit += usize::from(locks.locks.is_empty());
                assert_eq!(level.down(), Some(locks.exit), "{kind} seed {seed}");
            }
        }
        assert!(none_fit > 0, "some level where no lock fits");
    }

    #[test]
    fn down_stairs_in_a_grid_are_in_the_boss_room() {
        let generators = [
            Generator::Grid(GridSettings::default()),
            Generator::Isaac(IsaacSettings::default()),
            Generator::Isaac(IsaacSettings {
                stage: 8,
                xl: true,
                ..IsaacSettings::default()
            }),
        ];
        for generator in generators {
            for seed in 0..20 {
                let level = first_level(&generator, seed, 0);
                let grid = level.dungeon().room_grid().unwrap();
                let room = grid.room_index_at_tile(level.down().unwrap()).unwrap();
                let kind = generator.kind();
                assert_eq!(
                    grid.rooms()[room].kind,
                    RoomKind::Boss,
                    "{kind} seed {seed}"
                );
            }
        }
    }

    /// Every floor tile of a grid of rooms is on the floor of the room it belongs to,
    /// large isaac rooms included (the walls between their own cells are floor); no wall
    /// or door is on any room's floor.
    #[test]
    fn room_floors_are_the_floor_tiles_of_their_rooms() {
        let (mut large, mut floors) = (0, 0);
        for stage in [1, 4, 8, 12] {
            for seed in 0..10 {
                let settings = IsaacSettings {
                    stage,
                    ..IsaacSettings::default()
                };
                let dungeon = Generator::Isaac(settings).generate(seed).unwrap();
                let grid = dungeon.room_grid().unwrap();
                large += grid
                    .rooms()
                    .iter()
                    .filter(|r| r.cells().count() > 1)
                    .count();
                for (p, tile) in dungeon.map.iter() {
                    let room = grid.room_index_at_tile(p).map(|i| &grid.rooms()[i]);
                    let on_floor =
                        room.is_some_and(|room| crate::room_memory::on_room_floor(grid, room, p));
                    assert_eq!(
                        on_floor,
                        tile == Tile::FLOOR,
                        "stage {stage} seed {seed} {p}"
                    );
                    floors += usize::from(on_floor);
                }
            }
        }
        assert!(
            large > 10 && floors > 10_000,
            "{large} large rooms, {floors} floors"
        );
    }

    /// A vault's legend may give `>` and `<` the flags of floor (`>=.`), which made
    /// exactly the stairs' tiles: `>` there went down a level, and explore said "You see
    /// stairs up." on level 1. The stairs are the level's, by place.
    #[test]
    fn a_vaults_stairs_glyphs_are_not_stairs() {
        use crate::game::Game;
        use crate::turn::{Act, Outcome};
        use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
        let file = "name: steps\nlegend: >=. <=.\nmap:\n#####\n#>.<#\n#...#\n##@##\n";
        let library = VaultLibrary::parse("steps.txt", file).unwrap();
        let settings = VaultSettings {
            count: 4,
            ..VaultSettings::default()
        };
        let plan = VaultPlan::new(library, settings).unwrap();
        let (mut odd, mut games) = (0, 0);
        for seed in 0..20 {
            let order = LevelOrder {
                vaults: Some(plan.clone()),
                ..LevelOrder::first(Generator::with_defaults(GeneratorKind::Rooms), seed)
            };
            let level = order.make().unwrap();
            let fakes: Vec<Point> = level
                .map()
                .iter()
                .filter(|&(p, t)| (t == STAIRS_DOWN || t == STAIRS_UP) && Some(p) != level.down())
                .map(|(p, _)| p)
                .collect();
            for &p in &fakes {
                assert_eq!(level.stairs_at(p), None);
                let kind = level.kind_at(p, level.map().tile(p));
                assert!(kind.name().starts_with("the floor marked"), "{kind:?}");
            }
            odd += fakes.len();
            // Standing on one: `>` does nothing, and no stairs were ever seen but the
            // level's own down stairs.
            let Some(&fake) = fakes.first() else { continue };
            let mut dungeon = plan.generate(&order.generator, seed).unwrap();
            dungeon.start = fake;
            let mut game = Game::from_dungeon(order.generator.clone(), seed, dungeon, 0);
            games += 1;
            assert_eq!(game.stairs_here(), None);
            let turn = game.turn(Act::Stairs(Vertical::Down));
            assert_eq!(turn.outcome, Outcome::Refused, "seed {seed}");
            for landmark in game.known().landmarks() {
                assert_eq!(Some(landmark.at), game.level().down(), "seed {seed}");
            }
        }
        assert!(odd > 20 && games > 10, "{odd} fake stairs in {games} games");
    }

    #[test]
    fn a_level_of_one_tile_has_no_down_stairs_below_the_first() {
        let map = Map::from_ascii("###\n#.#\n###\n").unwrap();
        let dungeon = Dungeon::new(map, Point::new(1, 1));
        let generator = Generator::with_defaults(GeneratorKind::Rooms);
        let first = Level::new(1, generator.clone(), 1, dungeon.clone());
        assert_eq!((first.up(), first.down()), (None, Some(Point::new(1, 1))));
        let deeper = Level::new(2, generator, 1, dungeon);
        assert_eq!((deeper.up(), deeper.down()), (Some(Point::new(1, 1)), None));
    }
}
