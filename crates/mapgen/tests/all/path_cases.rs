//! Paths and Dijkstra maps on hand-made maps: the edges of the rules, one case each.

use std::cell::Cell;

use mapgen::path::{AStar, CornerCutting, DijkstraMap, Goal, Moves, Walkable, with_costs};
use mapgen::{Map, MapError, Point, Shape, Shaped};

/// A map that counts the cells a search asks about.
struct Counting<'a> {
    map: &'a Map,
    asked: Cell<usize>,
}

impl Shaped for Counting<'_> {
    fn shape(&self) -> Shape {
        self.map.shape()
    }
}

impl Walkable for Counting<'_> {
    fn is_walkable(&self, p: Point) -> bool {
        self.asked.set(self.asked.get() + 1);
        self.map.is_walkable(p)
    }
}

fn open_map(width: i32, height: i32) -> Map {
    let mut map = Map::new(width, height).unwrap();
    map.fill_rect(0..width, 0..height, mapgen::Tile::FLOOR);
    map
}

#[test]
fn a_walled_in_goal_is_no_path_without_searching_the_start_region() {
    let mut map = open_map(300, 300);
    let goal = Point::new(250, 250);
    for p in goal.neighbours8() {
        map.set(p, mapgen::Tile::WALL);
    }
    let counting = Counting {
        map: &map,
        asked: Cell::new(0),
    };
    let mut astar = AStar::default();
    let found = astar
        .search(&counting, Moves::default(), Point::new(0, 0), goal)
        .unwrap();
    assert_eq!(found, None);
    assert!(astar.path().is_empty());
    // The start's region has 89,991 cells; the answer came after a few expansions.
    assert!(
        counting.asked.get() < 1_000,
        "asked {}",
        counting.asked.get()
    );

    // A goal in a closed room of 9 cells: still a small fraction of the map.
    let mut map = open_map(300, 300);
    for x in 200..=204 {
        for y in [200, 204] {
            map.set((x, y), mapgen::Tile::WALL);
            map.set((y, x), mapgen::Tile::WALL);
        }
    }
    let counting = Counting {
        map: &map,
        asked: Cell::new(0),
    };
    let found = astar
        .search(
            &counting,
            Moves::default(),
            Point::new(0, 0),
            Point::new(202, 202),
        )
        .unwrap();
    assert_eq!(found, None);
    assert!(
        counting.asked.get() < 2_000,
        "asked {}",
        counting.asked.get()
    );
}

#[test]
fn corner_cutting_is_the_only_difference_between_the_corner_rules() {
    // Two walls touching at a corner: the diagonal between them is a cut corner.
    let map = Map::from_ascii(".#\n#.\n").unwrap();
    let (a, b) = (Point::new(0, 0), Point::new(1, 1));
    let mut astar = AStar::default();
    assert_eq!(astar.search(&map, Moves::EIGHT, a, b).unwrap(), Some(3));
    assert_eq!(astar.path(), [a, b]);
    let strict = Moves::EIGHT.with_corner_cutting(CornerCutting::Forbidden);
    assert_eq!(astar.search(&map, strict, a, b).unwrap(), None);
    assert_eq!(astar.search(&map, Moves::FOUR, a, b).unwrap(), None);
    // Rounding one wall corner: forbidden when strict, so the way is two steps of 2.
    let map = Map::from_ascii("..\n#.\n").unwrap();
    assert_eq!(astar.search(&map, Moves::EIGHT, a, b).unwrap(), Some(3));
    assert_eq!(astar.search(&map, strict, a, b).unwrap(), Some(4));
    assert_eq!(astar.path(), [a, Point::new(1, 0), b]);
}

#[test]
fn ends_outside_the_map_or_on_walls_have_no_path() {
    let map = Map::from_ascii("..#\n").unwrap();
    let mut astar = AStar::default();
    for (from, to) in [
        ((0, 0), (2, 0)),
        ((2, 0), (0, 0)),
        ((-1, 0), (0, 0)),
        ((0, 0), (3, 0)),
    ] {
        let found = astar
            .search(&map, Moves::default(), from.into(), to.into())
            .unwrap();
        assert_eq!(found, None, "{from:?} -> {to:?}");
    }
    let here = Point::new(1, 0);
    assert_eq!(
        astar
            .search_within(&map, Moves::default(), here, here, 0)
            .unwrap(),
        Some(0)
    );
    assert_eq!(astar.path(), [here]);
}

#[test]
fn goals_outside_the_map_or_on_walls_are_left_out() {
    let map = Map::from_ascii("..#\n").unwrap();
    let mut dm = DijkstraMap::default();
    dm.compute(&map, Moves::FOUR, [Point::new(2, 0), Point::new(9, 9)])
        .unwrap();
    assert!(dm.iter().all(|(_, v)| v.is_none()));
    assert_eq!(dm.farthest(), None);
    dm.compute(
        &map,
        Moves::FOUR,
        [
            Goal::new(Point::new(0, 0), 5),
            Goal::new(Point::new(0, 0), 1),
        ],
    )
    .unwrap();
    assert_eq!(dm.row(0).collect::<Vec<_>>(), [Some(1), Some(3), None]);
    assert_eq!(dm.farthest(), Some((Point::new(1, 0), 3)));
    // A goal starting above the limit is not reached either.
    dm.compute_within(&map, Moves::FOUR, [Goal::new(Point::new(0, 0), 5)], 4)
        .unwrap();
    assert_eq!(dm.get((0, 0)), None);
}

/// Issue 25: costs past 32 bits were "no path" (A*) or unreached (Dijkstra maps), and a
/// goal starting at `i32::MAX` left every other cell unreached. Costs are 64-bit now
/// (kept in 32 bits per cell only by a search whose costs cannot pass them).
#[test]
fn costs_past_32_bits_are_exact() {
    let map = Map::from_ascii("...\n").unwrap();
    let dear = with_costs(&map, |_, _| Some(u32::MAX));
    let step = 2 + u64::from(u32::MAX);
    let mut astar = AStar::default();
    let (a, b) = (Point::new(0, 0), Point::new(2, 0));
    assert_eq!(
        astar.search(&dear, Moves::FOUR, a, b).unwrap(),
        Some(2 * step)
    );
    assert_eq!(astar.path(), [a, Point::new(1, 0), b]);
    let limited = astar.search_within(&dear, Moves::FOUR, a, b, 2 * step - 1);
    assert_eq!(limited.unwrap(), None);
    // One engine, its cost width chosen per search: 32 bits on the plain map, then 64
    // again, each search starting from cells the one before put back.
    assert_eq!(astar.search(&map, Moves::FOUR, a, b).unwrap(), Some(4));
    assert_eq!(
        astar.search(&dear, Moves::FOUR, a, b).unwrap(),
        Some(2 * step)
    );
    let mut dm = DijkstraMap::default();
    dm.compute(&dear, Moves::FOUR, [b]).unwrap();
    let (one, two) = (step as i64, 2 * step as i64);
    assert_eq!(
        dm.row(0).collect::<Vec<_>>(),
        [Some(two), Some(one), Some(0)]
    );
    assert_eq!(dm.downhill(&dear, a), Some(Point::new(1, 0)));
    // A goal starting at the top of i32 still reaches every cell.
    dm.compute(&map, Moves::FOUR, [Goal::new(b, i32::MAX)])
        .unwrap();
    let top = i64::from(i32::MAX);
    assert_eq!(
        dm.row(0).collect::<Vec<_>>(),
        [Some(top + 4), Some(top + 2), Some(top)]
    );
    dm.compute_within(&dear, Moves::FOUR, [b], one).unwrap();
    assert_eq!(dm.row(0).collect::<Vec<_>>(), [None, Some(one), Some(0)]);
    // Fleeing from the dearest values stays in range.
    dm.compute(&dear, Moves::FOUR, [b]).unwrap();
    dm.flee(&dear).unwrap();
    assert_eq!(dm.get(a), Some(two * -6 / 5));
}

#[test]
fn bad_sizes_and_costs_are_errors() {
    // A map too large to search cannot be made: its shape is checked first.
    assert_eq!(
        Shape::new(100_000, 10),
        Err(MapError::Size {
            field: "width",
            value: 100_000
        })
    );
    let mut dm = DijkstraMap::default();
    let map = Map::from_ascii("...\n").unwrap();
    let err = dm
        .compute(&map, Moves::FOUR.with_costs(0, 1), [Point::new(0, 0)])
        .unwrap_err();
    assert_eq!(err.to_string(), "cardinal_cost is 0; allowed 1..=100000");
    dm.compute(&map, Moves::FOUR, [Point::new(0, 0)]).unwrap();
    let other = Map::from_ascii("....\n").unwrap();
    let err = dm.flee(&other).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the map is 4x1; the Dijkstra map was computed on 3x1"
    );
    assert_eq!(dm.get((2, 0)), Some(4), "a refused flee keeps the values");
}

#[test]
fn sized_ahead_searches_match_default_ones() {
    let map = Map::from_ascii("....\n.##.\n....\n").unwrap();
    let (a, b) = (Point::new(0, 1), Point::new(3, 1));
    let mut sized = AStar::new(4, 3).unwrap();
    let mut grown = AStar::default();
    assert_eq!(
        sized.search(&map, Moves::default(), a, b).unwrap(),
        grown.search(&map, Moves::default(), a, b).unwrap()
    );
    assert_eq!(sized.path(), grown.path());
    let mut dm = DijkstraMap::new(4, 3).unwrap();
    dm.compute(&map, Moves::default(), [a]).unwrap();
    assert_eq!(dm.get(b), Some(3 + 2 + 3));
    assert!(AStar::new(-1, 3).is_err() && DijkstraMap::new(3, 10_001).is_err());
}
