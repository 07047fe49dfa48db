//! The monsters' two Dijkstra maps of a turn, shared by all of them and made only when
//! one asks: toward the `@` (chasers walk it downhill) and the safety map (fleeing
//! monsters walk it downhill, away from the `@` and round it rather than into corners).
//!
//! Based on: Brian Walker, "The Incredible Power of Dijkstra Maps"
//! (<https://www.roguebasin.com/index.php/The_Incredible_Power_of_Dijkstra_Maps>), as
//! Brogue CE's monsters use them; mapgen's [`DijkstraMap`](mapgen::path::DijkstraMap)
//! and its `flee`.
//!
//! Both cover only the tiles within [`CHASE_STEPS`] of the `@` (a box of the level, as
//! the planners' searches do), so a turn on a 1000x1000 level costs what that box holds.
//! Monsters farther away do not act at all ([`ACTIVE_RANGE`]).

use mapgen::path::Moves;
use mapgen::{Map, Point};

use crate::route::CARDINAL_FIRST;
use crate::route::flood::Flood;

/// How far, in tiles along either axis (Chebyshev), a monster may be from the `@` and
/// still act; those farther wait. A little more than twice the default sight radius, so
/// everything that can see the `@`, or be seen, acts; the bound of a turn's work on a
/// large level.
pub const ACTIVE_RANGE: i32 = 24;

/// How far, in cardinal steps, the maps reach from the `@`: past [`ACTIVE_RANGE`], so
/// that a monster at its edge finds a way round a wall.
pub const CHASE_STEPS: i32 = 40;

/// The monsters' moves: the `@`'s ([`Moves::default`]: eight directions, 2 and 3).
const MOVES: Moves = Moves::EIGHT;

/// The two maps of a turn, made when first asked for.
#[derive(Debug, Clone, Default)]
pub struct ChaseMaps {
    toward: Flood,
    away: Flood,
    /// The turn and the `@`'s tile each map was made for.
    toward_for: Option<(u64, Point)>,
    away_for: Option<(u64, Point)>,
}

/// Which map a monster walks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    /// Toward the `@`.
    Toward,
    /// Away from it (the safety map).
    Away,
}

impl ChaseMaps {
    /// The value of `p` on the map `way` for turn `turn` with the `@` at `hero` on
    /// `map`, made if this turn has none yet; `None` where it does not reach.
    pub fn value(&mut self, map: &Map, turn: u64, hero: Point, way: Way, p: Point) -> Option<i32> {
        self.ready(map, turn, hero, way).get(p)
    }

    /// The steps from `from` that go downhill on map `way`, best first (cardinal steps
    /// first among equals, as the planners' routes), each lower than `from`'s value:
    /// the first free one is where a monster goes. At most eight.
    pub fn downhill(
        &mut self,
        map: &Map,
        turn: u64,
        hero: Point,
        way: Way,
        from: Point,
    ) -> Vec<Point> {
        let flood = self.ready(map, turn, hero, way);
        let Some(here) = flood.get(from) else {
            return Vec::new();
        };
        let mut steps: Vec<(i32, usize, Point)> = CARDINAL_FIRST
            .iter()
            .enumerate()
            .map(|(order, &d)| (order, from + d))
            .filter(|&(_, to)| map.is_walkable(to))
            .filter_map(|(order, to)| flood.get(to).map(|v| (v, order, to)))
            .filter(|&(v, _, _)| v < here)
            .collect();
        steps.sort_unstable();
        steps.into_iter().map(|(_, _, to)| to).collect()
    }

    fn ready(&mut self, map: &Map, turn: u64, hero: Point, way: Way) -> &Flood {
        let key = Some((turn, hero));
        if self.toward_for != key {
            let bound = CHASE_STEPS * MOVES.cardinal_cost as i32;
            self.toward.compute_on(map, MOVES, hero, Some(bound));
            self.toward_for = key;
        }
        match way {
            Way::Toward => &self.toward,
            Way::Away => {
                if self.away_for != key {
                    self.away.clone_from(&self.toward);
                    self.away.flee(map);
                    self.away_for = key;
                }
                &self.away
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn downhill_leads_to_the_hero_and_away_from_it() {
        let map = Map::from_ascii(concat!(
            "##########\n",
            "#........#\n",
            "#.######.#\n",
            "#........#\n",
            "##########\n",
        ))
        .unwrap();
        let hero = Point::new(1, 1);
        let mut maps = ChaseMaps::default();
        let toward = maps.downhill(&map, 1, hero, Way::Toward, Point::new(4, 1));
        assert_eq!(toward[0], Point::new(3, 1));
        // Away from the hero along the top corridor means east.
        let away = maps.downhill(&map, 1, hero, Way::Away, Point::new(2, 1));
        assert_eq!(away.first(), Some(&Point::new(3, 1)));
        assert!(
            maps.value(&map, 1, hero, Way::Toward, Point::new(5, 2))
                .is_none()
        );
        // The maps follow the hero from turn to turn.
        let later = maps.downhill(&map, 2, Point::new(8, 3), Way::Toward, Point::new(8, 1));
        assert_eq!(later[0], Point::new(8, 2));
    }
}
