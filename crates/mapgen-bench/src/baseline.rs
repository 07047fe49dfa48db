//! The libtcod tutorial's map, written the plain way: a `Vec<bool>` of floor flags, the
//! tutorial's pairwise intersection test against every earlier room, and loops that set one
//! cell at a time. It draws from the same [`DungeonRng`] in the same order as
//! `mapgen::generators::rooms::RoomsSettings`, so it makes the same map; the benchmark times the two side by
//! side to show what the library's structure costs or saves.
//!
//! Based on: <https://www.roguebasin.com/index.php/Complete_Roguelike_Tutorial,_using_python%2Blibtcod,_part_3>

use mapgen::DungeonRng;

/// A room's outline, as the tutorial's `Rect`: `x2 = x1 + w`, `y2 = y1 + h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Room {
    /// Left column.
    pub x1: i32,
    /// Top row.
    pub y1: i32,
    /// Right column.
    pub x2: i32,
    /// Bottom row.
    pub y2: i32,
}

impl Room {
    fn new(x: i32, y: i32, w: i32, h: i32) -> Room {
        Room {
            x1: x,
            y1: y,
            x2: x + w,
            y2: y + h,
        }
    }

    fn center(&self) -> (i32, i32) {
        (
            i32::midpoint(self.x1, self.x2),
            i32::midpoint(self.y1, self.y2),
        )
    }

    fn intersects(&self, other: &Room) -> bool {
        self.x1 <= other.x2 && self.x2 >= other.x1 && self.y1 <= other.y2 && self.y2 >= other.y1
    }
}

/// The tutorial's map: `floor[y * width + x]` is true where the map is carved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TutorialMap {
    /// Width in cells.
    pub width: i32,
    /// Height in cells.
    pub height: i32,
    /// Row-major floor flags.
    pub floor: Vec<bool>,
    /// The rooms placed, in order.
    pub rooms: Vec<Room>,
}

impl TutorialMap {
    fn create_room(&mut self, room: &Room) {
        let width = self.width as usize;
        for y in (room.y1 + 1) as usize..room.y2 as usize {
            for x in (room.x1 + 1) as usize..room.x2 as usize {
                self.floor[y * width + x] = true;
            }
        }
    }

    fn create_h_tunnel(&mut self, x1: i32, x2: i32, y: i32) {
        let width = self.width as usize;
        for x in x1.min(x2) as usize..=x1.max(x2) as usize {
            self.floor[y as usize * width + x] = true;
        }
    }

    fn create_v_tunnel(&mut self, y1: i32, y2: i32, x: i32) {
        let width = self.width as usize;
        for y in y1.min(y2) as usize..=y1.max(y2) as usize {
            self.floor[y * width + x as usize] = true;
        }
    }
}

/// The tutorial's `make_map` for a `width` x `height` map: `max_rooms` tries of rooms with
/// sides in `min_size..=max_size`. The settings must be valid for `RoomsSettings` (this is
/// a benchmark baseline, not a checked API).
pub fn make_map(
    width: i32,
    height: i32,
    max_rooms: u32,
    min_size: i32,
    max_size: i32,
    rng: &mut DungeonRng,
) -> TutorialMap {
    let mut map = TutorialMap {
        width,
        height,
        floor: vec![false; (width * height) as usize],
        rooms: Vec::new(),
    };
    for _ in 0..max_rooms {
        let w = rng.range_inclusive(min_size, max_size);
        let h = rng.range_inclusive(min_size, max_size);
        let x = rng.range_inclusive(0, width - w - 1);
        let y = rng.range_inclusive(0, height - h - 1);
        let new_room = Room::new(x, y, w, h);
        if map.rooms.iter().any(|other| new_room.intersects(other)) {
            continue;
        }
        map.create_room(&new_room);
        if let Some(prev) = map.rooms.last() {
            let (new_x, new_y) = new_room.center();
            let (prev_x, prev_y) = prev.center();
            if rng.coin() {
                map.create_h_tunnel(prev_x, new_x, prev_y);
                map.create_v_tunnel(prev_y, new_y, new_x);
            } else {
                map.create_v_tunnel(prev_y, new_y, prev_x);
                map.create_h_tunnel(prev_x, new_x, new_y);
            }
        }
        map.rooms.push(new_room);
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::Generate;
    use mapgen::generators::rooms::RoomsSettings;

    /// The baseline is only a fair comparison if it makes the very same map.
    #[test]
    fn makes_the_same_map_as_the_library() {
        let settings = [
            RoomsSettings::default(),
            RoomsSettings {
                width: 300,
                height: 200,
                max_rooms: 2000,
                room_min_size: 2,
                room_max_size: 12,
            },
        ];
        for s in settings {
            for seed in 0..50 {
                let d = s.generate(seed).unwrap();
                let mut rng = DungeonRng::new(seed);
                let plain = make_map(
                    s.width,
                    s.height,
                    s.max_rooms,
                    s.room_min_size,
                    s.room_max_size,
                    &mut rng,
                );
                let floor: Vec<bool> = d.map.tiles().iter().map(|t| t.walkable).collect();
                assert_eq!(plain.floor, floor, "{s:?} seed {seed}");
                let rooms: Vec<(i32, i32, i32, i32)> =
                    d.rooms.iter().map(|r| (r.x1, r.y1, r.x2, r.y2)).collect();
                let plain_rooms: Vec<(i32, i32, i32, i32)> = plain
                    .rooms
                    .iter()
                    .map(|r| (r.x1, r.y1, r.x2, r.y2))
                    .collect();
                assert_eq!(plain_rooms, rooms);
            }
        }
    }
}
