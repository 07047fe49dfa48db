//! Things on a level, apart from its tiles: each an [`Entity`] with a place and what it
//! is ([`Thing`]). A level keeps the true ones ([`Level::entities`]); the player's
//! memory keeps those last seen ([`Knowledge::things`]). Drawing, look mode and the
//! planners read them from there, and nowhere else.
//!
//! Keys are the first kind: coloured locks' keys where [`mapgen::locks`] puts them, and
//! Isaac's, which lie in some normal rooms, chosen from each
//! room's own seed ([`key_rooms`], [`key_place`]), so the same floor has them in the same
//! places however it is reached; walking over one picks it up.
//!
//! [`Level::entities`]: crate::level::Level::entities
//! [`Knowledge::things`]: crate::knowledge::Knowledge::things

use mapgen::generators::grid::{GridRoom, RoomGrid, RoomKind};
use mapgen::path::walking_steps;
use mapgen::{Map, Point, Tile};

use crate::doors::KeyKind;

/// What an entity is. Adding a kind is adding a variant: every match on it is
/// exhaustive, so the compiler lists what the new kind must say (how it shows, whether
/// walking over it takes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Thing {
    /// A key to a locked door (`k`, in its lock's colour); walking over it picks it up.
    Key(KeyKind),
    /// A healing potion (`!`), drunk with `q` ([`item`](crate::item)).
    Potion,
    /// A pile of this much gold (`$`, as a vault's treasure tiles).
    Gold(u32),
    /// A better weapon (`)`): the `@`'s blows do more.
    Weapon,
    /// A suit of armour (`[`): blows on the `@` do less.
    Armour,
    /// The amulet (`&`) on the deepest level: carried back up to depth 1, it wins.
    Amulet,
}

impl Thing {
    /// How the thing shows on the map: a tile of its own glyph over the floor, drawn
    /// and named as such a tile is.
    pub const fn tile(self) -> Tile {
        look(match self {
            Thing::Key(_) => 'k',
            Thing::Potion => '!',
            Thing::Gold(_) => '$',
            Thing::Weapon => ')',
            Thing::Armour => '[',
            Thing::Amulet => '&',
        })
    }

    /// What look mode calls it, with its article: `a key`, `the red key`.
    pub fn name(self) -> String {
        match self {
            Thing::Key(key) => key.key_name(),
            Thing::Potion => "a healing potion".into(),
            Thing::Gold(_) => "gold".into(),
            Thing::Weapon => "a better weapon".into(),
            Thing::Armour => "a suit of armour".into(),
            Thing::Amulet => "the amulet".into(),
        }
    }

    /// True when walking over it picks it up.
    pub const fn is_picked_up(self) -> bool {
        match self {
            Thing::Key(_)
            | Thing::Potion
            | Thing::Gold(_)
            | Thing::Weapon
            | Thing::Armour
            | Thing::Amulet => true,
        }
    }
}

/// A thing on the floor, as drawn: its glyph on the ground.
const fn look(glyph: char) -> Tile {
    match Tile::FLOOR.with_glyph(glyph) {
        Ok(tile) => tile,
        // Not reached: a test checks every thing's glyph is allowed.
        Err(_) => Tile::FLOOR,
    }
}

/// One thing on a level and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entity {
    /// Its tile.
    pub at: Point,
    /// What it is.
    pub thing: Thing,
}

/// The entities of one level (or what the player remembers of them): at most one per
/// tile, kept in row order so that iterating is deterministic and a lookup is a binary
/// search.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entities {
    list: Vec<Entity>,
}

/// Row-major order of a place.
fn order(p: Point) -> (i32, i32) {
    (p.y, p.x)
}

impl Entities {
    /// No entities.
    pub fn new() -> Entities {
        Entities::default()
    }

    fn find(&self, at: Point) -> Result<usize, usize> {
        self.list.binary_search_by_key(&order(at), |e| order(e.at))
    }

    /// The entity at `at`, if any.
    ///
    /// ```
    /// use game_core::entity::{Entities, Entity, Thing};
    /// use mapgen::Point;
    /// let mut things = Entities::new();
    /// use game_core::doors::KeyKind;
    /// let key = Thing::Key(KeyKind::Any);
    /// things.put(Entity { at: Point::new(3, 1), thing: key });
    /// assert_eq!(things.at(Point::new(3, 1)).map(|e| e.thing), Some(key));
    /// assert_eq!(things.take(Point::new(3, 1)).map(|e| e.thing), Some(key));
    /// assert!(things.is_empty());
    /// ```
    pub fn at(&self, at: Point) -> Option<&Entity> {
        self.find(at).ok().map(|i| &self.list[i])
    }

    /// Puts `entity` on its tile, replacing what was there.
    pub fn put(&mut self, entity: Entity) {
        match self.find(entity.at) {
            Ok(i) => self.list[i] = entity,
            Err(i) => self.list.insert(i, entity),
        }
    }

    /// Takes the entity at `at` off the level.
    pub fn take(&mut self, at: Point) -> Option<Entity> {
        self.find(at).ok().map(|i| self.list.remove(i))
    }

    /// Keeps only the entities `keep` says yes to.
    pub fn retain(&mut self, keep: impl FnMut(&Entity) -> bool) {
        self.list.retain(keep);
    }

    /// Every entity, in row order.
    pub fn iter(&self) -> impl Iterator<Item = &Entity> + '_ {
        self.list.iter()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

impl FromIterator<Entity> for Entities {
    fn from_iter<I: IntoIterator<Item = Entity>>(entities: I) -> Entities {
        let mut all = Entities::new();
        for entity in entities {
            all.put(entity);
        }
        all
    }
}

/// One in this many normal rooms holds a key (from the room's seed); more when the floor
/// has more locked doors than that gives keys.
pub const KEY_ONE_IN: u64 = 4;

/// The keys of a grid of rooms with `locked_doors` locked doors, on `map` as the game
/// has it (locked doors and secret doors not yet found are walls there): one in each
/// room of [`key_rooms`], at [`key_place`] when that is floor the start reaches, else on
/// the first such tile of the room from a place its seed picks. A room with no such tile
/// (a vault filling it, say) gives its key to the next normal room by seed. Keys still
/// short (a floor of fewer normal rooms than locked doors) lie on more floor the start
/// reaches, normal rooms first, so there are always as many keys the start can reach as
/// locked doors whenever that floor has that many tiles. No key lies on the start or on `taken`
/// (tiles other things claim: coloured locks' keys, the down stairs).
pub fn keys(
    grid: &RoomGrid,
    map: &Map,
    start: Point,
    locked_doors: usize,
    taken: &[Point],
) -> Entities {
    let (mut rooms, mut spare) = key_rooms(grid, locked_doors);
    if rooms.is_empty() && locked_doors == 0 {
        return Entities::new();
    }
    // Only worked out when there are keys to lay: the isaac generator's floors.
    let reach = walking_steps(map, start);
    let free = |p: Point| {
        map.tile(p) == Tile::FLOOR
            && reach.get_or_default(p).is_some()
            && p != start
            && !taken.contains(&p)
    };
    let mut places = Vec::with_capacity(rooms.len());
    spare.reverse();
    while let Some(i) = rooms.pop() {
        match key_spot(grid, &grid.rooms()[i], &free) {
            Some(at) => places.push(at),
            None => rooms.extend(spare.pop()),
        }
    }
    let short = locked_doors.saturating_sub(places.len());
    let more = extra_key_spots(grid, map, &|p| free(p) && !places.contains(&p), short);
    places.extend(more);
    places
        .into_iter()
        .map(|at| Entity {
            at,
            thing: Thing::Key(KeyKind::Any),
        })
        .collect()
}

/// Up to `short` more places for keys, each one tile `free` says yes to: the floor of
/// normal rooms (a second key in a room), then of the start room, then of the other
/// rooms but the boss's (its stairs), each room's floor from a place its seed picks;
/// then any such tile of `map`, in row order.
fn extra_key_spots(
    grid: &RoomGrid,
    map: &Map,
    free: &impl Fn(Point) -> bool,
    short: usize,
) -> Vec<Point> {
    let mut spots = Vec::with_capacity(short);
    if short == 0 {
        return spots;
    }
    let rank = |kind: RoomKind| match kind {
        RoomKind::Normal => 0,
        RoomKind::Start => 1,
        RoomKind::Boss => 3,
        _ => 2,
    };
    let mut rooms: Vec<&GridRoom> = grid.rooms().iter().collect();
    rooms.sort_by_key(|room| rank(room.kind));
    let everywhere = map.as_grid().points();
    let floors = rooms.into_iter().flat_map(|room| room_floor(grid, room));
    for p in floors.chain(everywhere) {
        if spots.len() == short {
            break;
        }
        if free(p) && !spots.contains(&p) {
            spots.push(p);
        }
    }
    spots
}

/// The rooms of `grid` that hold a key, by index: every normal room whose seed is a
/// multiple of [`KEY_ONE_IN`], and, while that gives fewer keys than `locked_doors`, the
/// other normal rooms by their seeds, smallest first; then the normal rooms left, by
/// their seeds, for a room that has no place for its key. Normal rooms are never behind
/// a locked or secret door.
pub fn key_rooms(grid: &RoomGrid, locked_doors: usize) -> (Vec<usize>, Vec<usize>) {
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
    let short = locked_doors.saturating_sub(keys.len()).min(rest.len());
    keys.extend(&rest[..short]);
    let mut rooms: Vec<usize> = keys.into_iter().map(|&(_, i)| i).collect();
    rooms.sort_unstable();
    let spare = rest[short..].iter().map(|&&(_, i)| i).collect();
    (rooms, spare)
}

/// Where `room`'s key lies: [`key_place`] when `free` says yes, else the first tile of
/// the room's floor `free` says yes to, from a place the room's seed picks.
fn key_spot(grid: &RoomGrid, room: &GridRoom, free: &impl Fn(Point) -> bool) -> Option<Point> {
    if let Some(p) = key_place(grid, room).filter(|&p| free(p)) {
        return Some(p);
    }
    room_floor(grid, room).find(|&p| free(p))
}

/// The inside of `room`'s cells, from a place the room's seed picks round to it.
fn room_floor(grid: &RoomGrid, room: &GridRoom) -> impl Iterator<Item = Point> {
    let mut floor: Vec<Point> = room
        .cells()
        .flat_map(|cell| grid.outline(cell).inner_cells())
        .collect();
    let from = room
        .plan
        .map_or(0, |plan| (plan.seed % floor.len().max(1) as u64) as usize);
    let from = from.min(floor.len());
    floor.rotate_left(from);
    floor.into_iter()
}

/// Where `room`'s key lies on a floor without vaults: a floor tile of its first cell
/// chosen by the room's seed, off the middle row and column (where the doors line up).
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
    use crate::doors::Doors;
    use mapgen::Dungeon;
    use mapgen::generators::Generator;
    use mapgen::generators::isaac::IsaacSettings;

    #[test]
    fn a_key_shows_as_a_k_on_the_floor() {
        assert_eq!(Thing::Key(KeyKind::Any).tile().glyph(), 'k');
        assert!(Thing::Key(KeyKind::Colour(0)).is_picked_up());
        assert_eq!(Thing::Key(KeyKind::Colour(0)).name(), "the red key");
        let things = [
            Thing::Key(KeyKind::Any),
            Thing::Potion,
            Thing::Gold(1),
            Thing::Weapon,
            Thing::Armour,
            Thing::Amulet,
        ];
        for thing in things {
            let tile = thing.tile();
            assert!(
                tile.walkable && tile.transparent && tile != Tile::FLOOR,
                "{thing:?}"
            );
        }
        let mut glyphs: Vec<char> = things.iter().map(|t| t.tile().glyph()).collect();
        glyphs.dedup();
        assert_eq!(glyphs.len(), things.len());
    }

    #[test]
    fn entities_stay_in_row_order_one_per_tile() {
        let key = |x, y| Entity {
            at: Point::new(x, y),
            thing: Thing::Key(KeyKind::Any),
        };
        let mut all: Entities = [key(5, 2), key(1, 3), key(9, 0), key(5, 2)].into();
        let places: Vec<Point> = all.iter().map(|e| e.at).collect();
        assert_eq!(
            places,
            [Point::new(9, 0), Point::new(5, 2), Point::new(1, 3)]
        );
        assert_eq!(all.take(Point::new(5, 2)), Some(key(5, 2)));
        assert_eq!(all.take(Point::new(5, 2)), None);
        assert_eq!(all.len(), 2);
    }

    impl<const N: usize> From<[Entity; N]> for Entities {
        fn from(list: [Entity; N]) -> Entities {
            list.into_iter().collect()
        }
    }

    fn floor(seed: u64, stage: u32) -> Dungeon {
        let settings = IsaacSettings {
            stage,
            ..IsaacSettings::default()
        };
        Generator::Isaac(settings).generate(seed).unwrap()
    }

    /// Over many floors: at least as many keys as locked doors, each on a floor tile of
    /// a normal room, and the same floor always gets the same keys.
    #[test]
    fn keys_are_enough_on_normal_floor_and_fixed_by_the_seeds() {
        let (mut locked, mut keys_laid) = (0, 0);
        for seed in 0..60 {
            for stage in [1, 2, 5] {
                let mut dungeon = floor(seed, stage);
                let plain = dungeon.map.clone();
                let doors = Doors::place(&mut dungeon);
                let grid = dungeon.room_grid().unwrap();
                let laid = keys(grid, &dungeon.map, dungeon.start, doors.locked().len(), &[]);
                assert!(laid.len() >= doors.locked().len(), "seed {seed}");
                for key in laid.iter() {
                    assert_eq!(plain.tile(key.at), Tile::FLOOR);
                    let room = grid.room_index_at_tile(key.at).unwrap();
                    assert_eq!(grid.rooms()[room].kind, RoomKind::Normal);
                }
                let mut again = floor(seed, stage);
                Doors::place(&mut again);
                let grid_again = again.room_grid().unwrap();
                let laid_again = keys(
                    grid_again,
                    &again.map,
                    again.start,
                    doors.locked().len(),
                    &[],
                );
                assert_eq!(laid_again, laid);
                locked += doors.locked().len();
                keys_laid += laid.len();
            }
        }
        assert!(locked > 100 && keys_laid > locked, "{locked} {keys_laid}");
    }

    /// More locked doors than normal rooms (as on a stage 1 floor of one normal room, a
    /// shop and a treasure room): still a key for each, on distinct floor tiles the start
    /// reaches, none on the start or on a taken tile; normal rooms then hold two.
    #[test]
    fn keys_are_enough_when_normal_rooms_run_out() {
        let mut second_keys = 0;
        for seed in 0..40 {
            let mut dungeon = floor(seed, 1);
            Doors::place(&mut dungeon);
            let grid = dungeon.room_grid().unwrap();
            let normal = grid.rooms().iter();
            let normal = normal.filter(|r| r.kind == RoomKind::Normal).count();
            let wanted = normal + 3;
            let taken = [key_place(grid, &grid.rooms()[0]).unwrap()];
            let laid = keys(grid, &dungeon.map, dungeon.start, wanted, &taken);
            assert_eq!(laid.len(), wanted, "seed {seed}");
            let reach = walking_steps(&dungeon.map, dungeon.start);
            for key in laid.iter() {
                assert_eq!(dungeon.map.tile(key.at), Tile::FLOOR, "seed {seed}");
                assert!(reach.get_or_default(key.at).is_some(), "seed {seed}");
                assert!(key.at != dungeon.start && !taken.contains(&key.at));
            }
            let rooms: Vec<usize> = laid
                .iter()
                .map(|k| grid.room_index_at_tile(k.at).unwrap())
                .collect();
            let mut distinct = rooms.clone();
            distinct.sort_unstable();
            distinct.dedup();
            second_keys += rooms.len() - distinct.len();
        }
        assert!(second_keys >= 40, "{second_keys}");
    }
}
