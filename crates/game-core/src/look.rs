//! Look mode (`x`): a cursor that describes tiles from what the player knows, and the
//! interesting tiles `Tab` cycles through: the monsters in view, then the places, nearest
//! first.
//!
//! A tile in view is described as it is, a remembered one as remembered, an unknown one
//! as unexplored: nothing here reads the level's true map beyond what is in sight.

use mapgen::Point;
use mapgen::path::{DijkstraMap, Moves};

use crate::direction::Direction;
use crate::game::Game;
use crate::terrain::TileKind;

/// How far `Shift` moves the cursor.
pub const FAR_STEPS: i32 = 5;

/// The look cursor and the `Tab` cycle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookState {
    cursor: Point,
    /// The interesting tiles, nearest first, once `Tab` was pressed.
    targets: Vec<Point>,
    /// The index in `targets` of the next `Tab`.
    next: usize,
}

impl LookState {
    /// The cursor on `at` (the `@`).
    pub fn new(at: Point) -> LookState {
        LookState {
            cursor: at,
            targets: Vec::new(),
            next: 0,
        }
    }

    /// Where the cursor is.
    pub fn cursor(&self) -> Point {
        self.cursor
    }

    /// Moves the cursor one tile `direction` (five when `far`), staying on `game`'s map.
    pub fn step(&mut self, game: &Game, direction: Direction, far: bool) {
        let n = if far { FAR_STEPS } else { 1 };
        let d = direction.step();
        self.put(
            game,
            Point::new(self.cursor.x + n * d.x, self.cursor.y + n * d.y),
        );
    }

    /// Puts the cursor on `p`, or the nearest tile of `game`'s map to it.
    pub fn put(&mut self, game: &Game, p: Point) {
        let map = game.map();
        self.cursor = Point::new(
            p.x.clamp(0, map.width() - 1),
            p.y.clamp(0, map.height() - 1),
        );
    }

    /// `Tab`: the cursor to the next interesting tile (see [`interesting_tiles`]), round
    /// and round; false when the player knows of none.
    pub fn next_interesting(&mut self, game: &Game) -> bool {
        if self.targets.is_empty() {
            self.targets = interesting_tiles(game);
            self.next = 0;
        }
        let Some(&p) = self.targets.get(self.next % self.targets.len().max(1)) else {
            return false;
        };
        self.next = (self.next + 1) % self.targets.len();
        self.cursor = p;
        true
    }
}

/// What the player knows of tile `p`, in a sentence: a monster in view first, then the
/// thing or the tile it stands on.
///
/// ```
/// use game_core::look::describe;
/// use game_core::game::Game;
/// use mapgen::generators::Generator;
/// use mapgen::generators::rooms::RoomsSettings;
/// let game = Game::new(Generator::Rooms(RoomsSettings::default()), 42, 10)?;
/// assert_eq!(describe(&game, game.player()), "You stand on the floor.");
/// assert_eq!(describe(&game, mapgen::Point::new(-1, 0)), "Outside the map.");
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
pub fn describe(game: &Game, p: Point) -> String {
    if !game.map().in_bounds(p) {
        return "Outside the map.".to_string();
    }
    let Some(seen) = game.appearance(p, false) else {
        return "Unexplored.".to_string();
    };
    let what = seen.name();
    let room = room_kind_known(game, p)
        .map(|kind| format!(" in the {kind} room"))
        .unwrap_or_default();
    if p == game.player() {
        format!("You stand on {what}{room}.")
    } else if let Some(monster) = game.monster_seen_at(p) {
        // What it stands on too: a key, the doorway of a locked room.
        format!("You see {} on {what}{room}.", monster.kind.a())
    } else if game.is_visible(p) {
        format!("You see {what}{room}.")
    } else {
        format!("You remember {what}{room}.")
    }
}

/// In a grid of rooms, the kind of the room whose floor holds `p`, once the player has
/// seen that room's floor or stood in it.
fn room_kind_known(game: &Game, p: Point) -> Option<mapgen::generators::grid::RoomKind> {
    let grid = game.dungeon().room_grid()?;
    let index = grid.room_index_at_tile(p)?;
    let room = grid.rooms().get(index)?;
    let on_floor = crate::room_memory::on_room_floor(grid, room, p);
    let known = game.is_room_seen(index) || game.is_room_visited(index);
    (on_floor && known).then_some(room.kind)
}

/// The known interesting tiles of the level: the monsters in view first, then stairs,
/// doors (locked ones too) and the centres of special rooms seen (grid of rooms); each
/// group nearest first by the known way from the `@` (those with no known way last, by
/// distance), ties in row order.
pub fn interesting_tiles(game: &Game) -> Vec<Point> {
    let known = game.known();
    let mut tiles: Vec<Point> = known.landmarks().iter().map(|l| l.at).collect();
    tiles.extend(
        known
            .as_map()
            .iter()
            .filter(|&(p, tile)| TileKind::of(tile) == TileKind::Door && known.is_known(p))
            .map(|(p, _)| p),
    );
    // Locked doors are the level's by place, not a kind of tile.
    tiles.extend(game.level().known_locks().map(|d| d.at));
    if let Some(grid) = game.dungeon().room_grid() {
        use mapgen::generators::grid::RoomKind;
        for (i, room) in grid.rooms().iter().enumerate() {
            // Boss and treasure rooms, and the isaac generator's other kinds.
            let special = !matches!(room.kind, RoomKind::Normal | RoomKind::Start);
            let centre = grid.outline(room.cell).center();
            if special && game.is_room_seen(i) && known.is_known(centre) {
                tiles.push(centre);
            }
        }
    }
    // A monster is what a player looks at first; one standing on a place is listed
    // once (the dedup below), ranked as a monster.
    let monsters: Vec<Point> = game.monsters_in_view().map(|m| m.at).collect();
    tiles.extend(&monsters);
    tiles.sort_by_key(|p| (p.y, p.x));
    tiles.dedup();
    let mut from_player = DijkstraMap::default();
    let reached = from_player
        .compute(known.as_map(), Moves::default(), [game.player()])
        .is_ok();
    let player = game.player();
    tiles.sort_by_key(|&p| {
        let cost = if reached { from_player.get(p) } else { None };
        let place = !monsters.contains(&p);
        (place, cost.is_none(), cost, player.chebyshev(p), p.y, p.x)
    });
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::dungeon_game;
    use crate::turn::Act;
    use mapgen::Map;

    /// A corridor, a door, and a room beyond; the down stairs at the far end (the exit).
    fn game() -> Game {
        let map = Map::from_ascii(concat!(
            "############\n",
            "#....+.....#\n",
            "############\n",
        ))
        .unwrap();
        dungeon_game(map, Point::new(1, 1))
    }

    /// A monster in view is named first, with what it stands on: a key, the floor.
    #[test]
    fn a_monster_in_view_is_named_with_what_it_stands_on() {
        use crate::doors::KeyKind;
        use crate::entity::{Entity, Thing};
        use crate::mind::Monster;
        use crate::monster::{Body, Hp, MonsterKind};
        let mut game = game();
        let key = Point::new(3, 1);
        let thing = Thing::Key(KeyKind::Colour(0));
        game.level_mut().put_thing(Entity { at: key, thing });
        assert_eq!(describe(&game, key), "You see the red key.");
        for (id, kind, at) in [
            (0, MonsterKind::Rat, key),
            (1, MonsterKind::Orc, Point::new(4, 1)),
        ] {
            let body = Body {
                id,
                kind,
                at,
                hp: Hp::full(5),
                depth: 1,
            };
            game.add_actor(Box::new(Monster::new(body, None)));
        }
        assert_eq!(describe(&game, key), "You see a rat on the red key.");
        assert_eq!(
            describe(&game, Point::new(4, 1)),
            "You see an orc on the floor."
        );
    }

    /// Look mode over a monster in view said "You see the floor."; it names the
    /// monster. One in the door holds it open: the room beyond shows.
    #[test]
    fn a_monster_in_view_is_named_and_holds_its_door_open() {
        use crate::mind::Monster;
        use crate::monster::{Body, Hp, MonsterKind};
        let mut game = game();
        let rat = |id, at| Body {
            id,
            kind: MonsterKind::Rat,
            at,
            hp: Hp::full(4),
            depth: 1,
        };
        game.add_actor(Box::new(Monster::new(rat(0, Point::new(3, 1)), None)));
        game.add_actor(Box::new(Monster::new(rat(1, Point::new(5, 1)), None)));
        game.update_fov().unwrap();
        assert_eq!(
            describe(&game, Point::new(3, 1)),
            "You see a rat on the floor."
        );
        assert_eq!(
            describe(&game, Point::new(5, 1)),
            "You see a rat on a door."
        );
        assert!(
            game.is_visible((8, 1)),
            "through the door the rat holds open"
        );
    }

    #[test]
    fn tiles_are_described_as_seen_remembered_or_unexplored() {
        let mut game = game();
        assert_eq!(describe(&game, Point::new(1, 1)), "You stand on the floor.");
        assert_eq!(describe(&game, Point::new(5, 1)), "You see a door.");
        assert_eq!(describe(&game, Point::new(0, 0)), "You see a wall.");
        assert_eq!(
            describe(&game, Point::new(8, 1)),
            "Unexplored.",
            "behind the door"
        );
        for _ in 0..5 {
            game.turn(Act::Move(Direction::East));
        }
        assert_eq!(describe(&game, Point::new(10, 1)), "You see stairs down.");
        for _ in 0..5 {
            game.turn(Act::Move(Direction::West));
        }
        assert_eq!(
            describe(&game, Point::new(10, 1)),
            "You remember stairs down."
        );
        assert_eq!(describe(&game, Point::new(20, 1)), "Outside the map.");
    }

    #[test]
    fn tab_cycles_nearest_first_and_comes_round() {
        let mut game = game();
        let mut look = LookState::new(game.player());
        assert!(look.next_interesting(&game));
        assert_eq!(look.cursor(), Point::new(5, 1), "only the door is known");
        for _ in 0..5 {
            game.turn(Act::Move(Direction::East));
        }
        let mut look = LookState::new(game.player());
        let mut seen = Vec::new();
        for _ in 0..3 {
            look.next_interesting(&game);
            seen.push(look.cursor());
        }
        assert_eq!(
            seen,
            [Point::new(5, 1), Point::new(10, 1), Point::new(5, 1)]
        );
    }

    /// A monster in view comes before the places, even a nearer door.
    #[test]
    fn tab_visits_the_monsters_in_view_first() {
        use crate::mind::Monster;
        use crate::monster::{Body, Hp, MonsterKind};
        let mut game = game();
        for _ in 0..5 {
            game.turn(Act::Move(Direction::East));
        }
        assert_eq!(game.player(), Point::new(6, 1));
        let body = Body {
            id: 0,
            kind: MonsterKind::Rat,
            at: Point::new(9, 1),
            hp: Hp::full(4),
            depth: 1,
        };
        game.add_actor(Box::new(Monster::new(body, None)));
        game.update_fov().unwrap();
        assert_eq!(
            interesting_tiles(&game),
            [Point::new(9, 1), Point::new(5, 1), Point::new(10, 1)]
        );
        let mut look = LookState::new(game.player());
        look.next_interesting(&game);
        assert_eq!(
            describe(&game, look.cursor()),
            "You see a rat on the floor."
        );
    }

    #[test]
    fn the_cursor_stays_on_the_map() {
        let game = game();
        let mut look = LookState::new(game.player());
        look.step(&game, Direction::NorthWest, true);
        assert_eq!(look.cursor(), Point::new(0, 0));
        look.put(&game, Point::new(500, 500));
        assert_eq!(look.cursor(), Point::new(11, 2));
    }
}
