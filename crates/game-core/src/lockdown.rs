//! The Binding of Isaac's rule on a grid of rooms: when the `@` steps into a room where
//! monsters live, its doors shut, and they open when the last of them dies.
//!
//! The monsters of a grid room wait until the `@` stands in it ([`mind`](crate::mind)),
//! so a fight is always one room's. A shut door is a tile of its own ([`SHUT_DOOR`]):
//! wall to walk and to see, drawn `-`; what the player knows of it follows what they
//! see, as for any tile.

use mapgen::{Point, Tile};

use crate::event::Event;
use crate::game::Game;

/// A door shut while its room's monsters live.
pub const SHUT_DOOR: Tile = match Tile::WALL.with_glyph('-') {
    Ok(tile) => tile,
    // Not reached: a test checks the glyph is allowed.
    Err(_) => Tile::WALL,
};

/// The room whose doors are shut, and the doors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShutRoom {
    /// The room's index in the grid.
    pub room: usize,
    /// The door tiles shut (they were open doors).
    pub doors: Vec<Point>,
}

impl Game {
    /// The `@` stands on the floor of a grid room where monsters live: the room's open
    /// doors shut.
    pub(crate) fn shut_room_doors(&mut self) {
        let Some(room) = self.room_floor_index() else {
            return;
        };
        if self.level().shut.is_some() || !self.monsters_live_in(room) {
            return;
        }
        let Some(grid) = self.dungeon().room_grid() else {
            return;
        };
        let Some(this) = grid.rooms().get(room) else {
            return;
        };
        let map = self.map();
        let mut doors: Vec<Point> = this
            .cells()
            .flat_map(|cell| {
                grid.cell_doors(cell)
                    .sides()
                    .map(move |side| grid.door_tile(cell, side))
            })
            .filter(|&p| map.tile(p) == Tile::DOOR && p != self.player())
            .collect();
        doors.sort_unstable_by_key(|p| (p.y, p.x));
        doors.dedup();
        if doors.is_empty() {
            return;
        }
        let level = self.level_mut();
        for &p in &doors {
            level.map_mut().set(p, SHUT_DOOR);
        }
        level.shut = Some(ShutRoom { room, doors });
        self.fov_dirty = true;
        self.events.push(Event::DoorsShut);
    }

    /// The shut room's doors open once no monster lives in it.
    pub(crate) fn open_cleared_room(&mut self) {
        let Some(room) = self.level().shut.as_ref().map(|s| s.room) else {
            return;
        };
        if self.monsters_live_in(room) {
            return;
        }
        let level = self.level_mut();
        let Some(shut) = level.shut.take() else {
            return;
        };
        for p in shut.doors {
            level.map_mut().set(p, Tile::DOOR);
        }
        self.fov_dirty = true;
        self.events.push(Event::DoorsOpened);
    }

    /// True while a monster stands in grid room `room`.
    fn monsters_live_in(&self, room: usize) -> bool {
        let Some(grid) = self.dungeon().room_grid() else {
            return false;
        };
        self.level()
            .monsters()
            .any(|b| grid.room_index_at_tile(b.at) == Some(room))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Monsters;
    use crate::mind::Monster;
    use crate::monster::{Body, Hp, MonsterKind};
    use crate::turn::Act;
    use mapgen::generators::Generator;
    use mapgen::generators::grid::RoomKind;
    use mapgen::generators::isaac::IsaacSettings;

    /// A depth-1 goblin at `at`, at home in grid room `home`.
    fn goblin(at: Point, home: Option<usize>) -> Box<Monster> {
        let kind = MonsterKind::Goblin;
        let body = Body {
            id: 0,
            kind,
            at,
            hp: Hp::full(kind.max_hp(1)),
            depth: 1,
        };
        Box::new(Monster::new(body, home))
    }

    /// The balance bot's stuck isaac games: a monster that had followed the `@` out of
    /// its own room waited in the next one for the `@` to come back to the first, for
    /// ever, while its standing there kept that room's doors shut with the `@` inside.
    /// A monster's room is the one it stands in: shut in with the `@`, it comes.
    #[test]
    fn a_monster_out_of_its_own_room_fights_where_it_stands() {
        let generator = Generator::Isaac(IsaacSettings::default());
        let mut game = Game::new(generator, 3, 10)
            .unwrap()
            .with_monsters(Monsters::LeftOut);
        let grid = game.dungeon().room_grid().unwrap().clone();
        let start = grid.rooms().iter().position(|r| r.kind == RoomKind::Start);
        let other = grid.rooms().iter().position(|r| r.kind == RoomKind::Normal);
        let (start, other) = (start.unwrap(), other.unwrap());
        // In the start room's corner, far from the @ in its middle; from another room.
        let corner = grid.outline(grid.rooms()[start].cell);
        let at = Point::new(corner.x1 + 1, corner.y1 + 1);
        game.add_actor(goblin(at, Some(other)));
        let mut shut = false;
        for _ in 0..20 {
            let turn = game.turn(Act::Wait);
            shut |= turn.events.contains(&Event::DoorsShut);
        }
        assert!(shut, "the start room shuts on it");
        let moved = game.level().monsters().all(|b| b.at != at);
        let hurt = game.hero().hp.now < game.hero().hp.max;
        assert!(
            moved && hurt,
            "it came and fought: {:?}",
            game.level().monsters().collect::<Vec<_>>()
        );
    }

    /// The other stuck isaac game: a kobold fled to the far end of a large room, past
    /// the range beyond which monsters wait, and never mended nor came back while the
    /// room stayed shut on it. Shut in with the `@`, a monster acts however far.
    #[test]
    fn a_monster_shut_in_with_the_hero_acts_however_far() {
        use mapgen::generators::grid::{Doors, GridRoom, RoomCell, RoomGrid};
        use mapgen::{Dungeon, Layout, Map};
        let (width, height) = (41, 7);
        let mut map = Map::new(width, height).unwrap();
        for y in 1..height - 1 {
            for x in 1..width - 1 {
                map.set((x, y), Tile::FLOOR);
            }
        }
        let room = GridRoom {
            cell: RoomCell::new(0, 0),
            doors: Doors::EMPTY,
            kind: RoomKind::Normal,
            doors_from_start: 0,
            plan: None,
        };
        let mut dungeon = Dungeon::new(map, Point::new(1, 3));
        dungeon.layout = Layout::Grid(RoomGrid::new(1, 1, width, height, vec![room]).unwrap());
        let generator = Generator::Isaac(IsaacSettings::default());
        let mut game = Game::from_dungeon(generator, 1, dungeon, 10);
        let at = Point::new(38, 3);
        assert!(at.x - game.player().x > crate::chase::ACTIVE_RANGE);
        game.add_actor(goblin(at, Some(0)));
        for _ in 0..6 {
            game.turn(Act::Wait);
        }
        let now = game.level().monsters().next().unwrap().at;
        assert!(now.x < at.x, "it comes at the @: {now}");
    }

    #[test]
    fn a_shut_door_is_wall_drawn_as_a_dash() {
        assert_eq!(SHUT_DOOR.glyph(), '-');
        const { assert!(!SHUT_DOOR.walkable && !SHUT_DOOR.transparent) };
        assert_ne!(SHUT_DOOR, Tile::WALL);
    }
}
