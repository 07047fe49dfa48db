//! `PathFinder` and `Landmarks` against the crate's Dijkstra map (itself tested against an
//! oracle in `path_properties.rs`): exact costs, legal paths, no path exactly when there
//! is none, the weighted bound, cost limits, extra costs from a closure, and landmarks
//! computed again after the map changes.
//!
//! Each case draws a small map (size, wall density), moves (4 or 8 directions, the corner
//! rule, the default costs or others), a landmark count and the points to ask about.

use mapgen::path::{
    CornerCutting, DijkstraMap, Directions, Landmarks, Moves, PathFinder, PathSettings, Walkable,
    Weight, walkable_fn, with_costs,
};
use mapgen::{Map, Point, Tile};
use proptest::prelude::*;

/// How many cases each property runs: "thousands of random maps".
const CASES: u32 = 3000;

/// A drawn case: a map, moves, landmarks, a weight and two walkable-or-not points.
#[derive(Debug, Clone)]
struct Case {
    map: Map,
    moves: Moves,
    landmarks: u32,
    weight: Weight,
    from: Point,
    to: Point,
}

fn moves() -> impl Strategy<Value = Moves> {
    prop_oneof![
        Just(Moves::EIGHT),
        Just(Moves::EIGHT.with_corner_cutting(CornerCutting::Forbidden)),
        Just(Moves::FOUR),
        (1u32..=6, 1u32..=12, any::<bool>(), any::<bool>()).prop_map(|(c, d, four, strict)| {
            Moves {
                directions: if four {
                    Directions::Four
                } else {
                    Directions::Eight
                },
                cardinal_cost: c,
                diagonal_cost: d,
                corners: if strict {
                    CornerCutting::Forbidden
                } else {
                    CornerCutting::Allowed
                },
            }
        }),
    ]
}

fn weight() -> impl Strategy<Value = Weight> {
    prop_oneof![
        Just(Weight::EXACT),
        Just(Weight::new(6, 5).unwrap()),
        Just(Weight::new(3, 2).unwrap()),
        (1000u32..=4000).prop_map(|n| Weight::new(n, 1000).unwrap()),
    ]
}

fn case() -> impl Strategy<Value = Case> {
    (
        1i32..=24,
        1i32..=24,
        0u32..=60,
        any::<u64>(),
        moves(),
        0u32..=Landmarks::MAX_COUNT,
        weight(),
    )
        .prop_flat_map(|(w, h, density, seed, moves, landmarks, weight)| {
            let map = random_map(w, h, density, seed);
            (
                Just(map),
                Just(moves),
                Just(landmarks),
                Just(weight),
                0..w,
                0..h,
                0..w,
                0..h,
            )
        })
        .prop_map(|(map, moves, landmarks, weight, fx, fy, tx, ty)| Case {
            map,
            moves,
            landmarks,
            weight,
            from: Point::new(fx, fy),
            to: Point::new(tx, ty),
        })
}

/// A `w` x `h` map, each tile a wall with probability `density` %, from `seed`.
fn random_map(w: i32, h: i32, density: u32, seed: u64) -> Map {
    let mut map = Map::new(w, h).expect("a valid size");
    let mut rng = mapgen::DungeonRng::new(seed);
    for y in 0..h {
        for x in 0..w {
            let wall = rng.below(100) < density;
            map.set((x, y), if wall { Tile::WALL } else { Tile::FLOOR });
        }
    }
    map
}

/// The cheapest cost from `from` to `to` on `walk`, from the crate's Dijkstra map.
fn cheapest(walk: &impl Walkable, moves: Moves, from: Point, to: Point) -> Option<u64> {
    let mut dm = DijkstraMap::default();
    dm.compute(walk, moves, [to]).expect("valid moves");
    dm.get(from).map(|v| v as u64)
}

/// The cost of `path` on `walk` step by step, or a message naming the first illegal step.
fn path_cost(walk: &impl Walkable, moves: Moves, path: &[Point]) -> Result<u64, String> {
    let mut total = 0u64;
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let d = b - a;
        let diagonal = d.x != 0 && d.y != 0;
        let legal_delta = d.x.abs() <= 1
            && d.y.abs() <= 1
            && d != Point::new(0, 0)
            && !(diagonal && moves.directions == Directions::Four);
        let inside = |p: Point| p.x >= 0 && p.y >= 0 && p.x < walk.width() && p.y < walk.height();
        let open = |p: Point| inside(p) && walk.is_walkable(p);
        let corners_ok = !diagonal
            || moves.corners == CornerCutting::Allowed
            || open(Point::new(b.x, a.y)) && open(Point::new(a.x, b.y));
        if !legal_delta || !open(a) || !open(b) || !corners_ok {
            return Err(format!("illegal step {a} -> {b}"));
        }
        let extra = walk
            .extra_cost(a, b)
            .ok_or(format!("forbidden step {a} -> {b}"))?;
        let base = if diagonal {
            moves.diagonal_cost
        } else {
            moves.cardinal_cost
        };
        total += u64::from(base) + u64::from(extra);
    }
    Ok(total)
}

/// Checks one search's answer against the cheapest cost: exact or within the weight, a
/// legal path from `from` to `to` whose steps add up to the cost, no path exactly when
/// there is none.
fn check_answer<W: Walkable>(
    walk: &W,
    c: &Case,
    finder: &PathFinder,
    found: Option<u64>,
    cheapest: Option<u64>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        found.is_some(),
        cheapest.is_some(),
        "found {:?}, cheapest {:?}",
        found,
        cheapest
    );
    let (Some(cost), Some(best)) = (found, cheapest) else {
        prop_assert!(finder.path().is_empty());
        return Ok(());
    };
    let (n, d) = (
        u64::from(c.weight.numerator()),
        u64::from(c.weight.denominator()),
    );
    prop_assert!(cost >= best);
    prop_assert!(
        cost * d <= n * best,
        "cost {} > {} x {}",
        cost,
        c.weight,
        best
    );
    if c.weight.is_exact() {
        prop_assert_eq!(cost, best);
    }
    prop_assert_eq!(finder.path().first(), Some(&c.from));
    prop_assert_eq!(finder.path().last(), Some(&c.to));
    prop_assert_eq!(path_cost(walk, c.moves, finder.path()), Ok(cost));
    Ok(())
}

fn finder(c: &Case) -> PathFinder {
    PathFinder::new(PathSettings {
        moves: c.moves,
        weight: c.weight,
        landmarks: c.landmarks,
    })
    .expect("valid settings")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, failure_persistence: None, ..ProptestConfig::default() })]

    /// Exact: the Dijkstra map's cost; weighted: at most w times it. Both with and
    /// without landmarks, on every move rule.
    #[test]
    fn cost_is_the_cheapest_or_within_the_weight(c in case()) {
        let map = c.map.clone();
        let mut finder = finder(&c);
        let found = finder.search(&map, c.from, c.to).unwrap();
        check_answer(&map, &c, &finder, found, cheapest(&map, c.moves, c.from, c.to))?;
        // Asking again gives the same path.
        let first = finder.path().to_vec();
        prop_assert_eq!(finder.search(&map, c.from, c.to).unwrap(), found);
        prop_assert_eq!(finder.path(), &first[..]);
    }

    /// Extra costs and forbidden steps from a closure over the map: the landmarks of the
    /// plain map still bound, so the answers stay exact (or within the weight).
    #[test]
    fn extra_costs_and_forbidden_steps_keep_the_answers(c in case(), salt in any::<u32>(), forbid in 0u32..=30) {
        let map = c.map.clone();
        let extra = |a: Point, b: Point| {
            let h = (a.x as u32).wrapping_mul(73_856_093) ^ (a.y as u32).wrapping_mul(19_349_663)
                ^ (b.x as u32).wrapping_mul(83_492_791) ^ (b.y as u32).wrapping_mul(2_654_435_761) ^ salt;
            let h = h.wrapping_mul(0x9E37_79B9) >> 16;
            (h % 100 >= forbid).then_some(h % 7)
        };
        let walk = with_costs(&map, extra);
        let mut finder = finder(&c);
        let found = finder.search(&walk, c.from, c.to).unwrap();
        check_answer(&walk, &c, &finder, found, cheapest(&walk, c.moves, c.from, c.to))?;
        if c.landmarks > 0 && map.is_walkable(c.from) && map.is_walkable(c.to) {
            // The closure's walkable names the map: its landmarks were used.
            prop_assert!(finder.landmarks().is_some_and(|l| l.is_current(&map, c.moves)));
        }
    }

    /// On a plain map a search passes over the neighbours a cell's parent offered as
    /// cheaply ([`Walkable::has_extra_costs`] is false); behind a walkable that owns to
    /// extra costs (all 0 here) it looks at every neighbour. Only looks that could not
    /// change anything are saved: the same cost and the same path, step for step.
    #[test]
    fn passing_over_what_the_parent_offered_changes_nothing(c in case()) {
        let map = c.map.clone();
        prop_assert!(!map.has_extra_costs());
        let walk = with_costs(&map, |_, _| Some(0));
        prop_assert!(walk.has_extra_costs());
        let (mut plain, mut every) = (finder(&c), finder(&c));
        let found = plain.search(&map, c.from, c.to).unwrap();
        prop_assert_eq!(every.search(&walk, c.from, c.to).unwrap(), found);
        prop_assert_eq!(plain.path(), every.path());
        prop_assert!(plain.expansions() == every.expansions());
    }

    /// A cost limit: the exact search finds a path exactly when the cheapest is within it;
    /// a weighted one never returns a dearer path, and finds one whenever the cheapest
    /// costs at most the limit over the weight.
    #[test]
    fn a_cost_limit_cuts_the_dearer_paths(c in case(), limit in 0u64..=120) {
        let map = c.map.clone();
        let mut finder = finder(&c);
        let found = finder.search_within(&map, c.from, c.to, limit).unwrap();
        let best = cheapest(&map, c.moves, c.from, c.to);
        if let Some(cost) = found {
            prop_assert!(cost <= limit);
            prop_assert_eq!(path_cost(&map, c.moves, finder.path()), Ok(cost));
        }
        let (n, d) = (u64::from(c.weight.numerator()), u64::from(c.weight.denominator()));
        let must_find = best.is_some_and(|b| b * n <= limit * d);
        prop_assert!(!must_find || found.is_some(), "cheapest {:?} within {} / {}", best, limit, c.weight);
        if c.weight.is_exact() {
            prop_assert_eq!(found, best.filter(|&b| b <= limit));
        }
    }

    /// The landmarks are computed again after any tile changes between two searches.
    /// Mostly walls opened: a closed cell only raises costs, so stale bounds would still
    /// be lower bounds; an opened one can make them too high, or join regions.
    #[test]
    fn landmarks_follow_the_map(c in case(), changes in prop::collection::vec((0i32..1000, 0i32..1000, prop::bool::weighted(0.3)), 1..4)) {
        let mut map = c.map.clone();
        let mut finder = PathFinder::new(PathSettings { landmarks: c.landmarks.max(1), ..*finder(&c).settings() }).unwrap();
        let found = finder.search(&map, c.from, c.to).unwrap();
        check_answer(&map, &c, &finder, found, cheapest(&map, c.moves, c.from, c.to))?;
        for (x, y, wall) in changes {
            let at = (x % map.width(), y % map.height());
            map.set(at, if wall { Tile::WALL } else { Tile::FLOOR });
            let found = finder.search(&map, c.from, c.to).unwrap();
            if map.is_walkable(c.from) && map.is_walkable(c.to) {
                // A search with walkable ends brings the landmarks up to date first.
                prop_assert!(finder.landmarks().is_some_and(|l| l.is_current(&map, c.moves)));
            }
            check_answer(&map, &c, &finder, found, cheapest(&map, c.moves, c.from, c.to))?;
        }
    }

    /// Every landmark bound is at most the cheapest cost, and `None` exactly when no path.
    #[test]
    fn landmark_bounds_are_lower_bounds(c in case()) {
        let map = c.map.clone();
        let landmarks = Landmarks::build(&map, c.moves, c.landmarks).unwrap();
        prop_assert!(landmarks.points().len() <= c.landmarks as usize);
        let bound = landmarks.lower_bound(c.from, c.to);
        let best = cheapest(&map, c.moves, c.from, c.to);
        prop_assert_eq!(bound.is_some(), best.is_some());
        if let (Some(b), Some(best)) = (bound, best) {
            prop_assert!(b <= best, "bound {} above the cheapest {}", b, best);
        }
    }
}

#[test]
fn a_stale_bound_would_be_caught() {
    // A door opens a shortcut: landmarks of the old map would overestimate across it.
    let text = concat!("...........\n", ".#########.\n", ".....#.....\n",);
    let mut map = Map::from_ascii(text).unwrap();
    let settings = PathSettings {
        landmarks: 4,
        ..PathSettings::default()
    };
    let mut finder = PathFinder::new(settings).unwrap();
    let (from, to) = (Point::new(4, 2), Point::new(6, 2));
    let before = finder.search(&map, from, to).unwrap();
    assert_eq!(before, cheapest(&map, settings.moves, from, to));
    map.set((5, 2), Tile::FLOOR);
    assert!(!finder.landmarks().unwrap().is_current(&map, settings.moves));
    assert_eq!(finder.search(&map, from, to).unwrap(), Some(4));
    assert!(finder.landmarks().unwrap().is_current(&map, settings.moves));
}

#[test]
fn transparency_alone_keeps_the_landmarks() {
    let mut map = Map::from_ascii("....\n.##.\n....\n").unwrap();
    let mut finder = PathFinder::new(PathSettings {
        landmarks: 2,
        ..PathSettings::default()
    })
    .unwrap();
    finder
        .search(&map, Point::new(0, 0), Point::new(3, 2))
        .unwrap();
    let revision = map.walk_revision();
    map.set((0, 1), Tile::DOOR); // walkable, not transparent
    assert_eq!(map.walk_revision(), revision);
    assert!(
        finder
            .landmarks()
            .unwrap()
            .is_current(&map, Moves::default())
    );
    map.set((1, 1), Tile::FLOOR);
    map.set((1, 1), Tile::WALL); // and back: the same walkability, a new revision
    assert!(
        !finder
            .landmarks()
            .unwrap()
            .is_current(&map, Moves::default())
    );
}

/// Issue 38: `Map` keeps no cache; landmarks record the map's walkability revision and
/// where its tiles are. Two maps of one size and revision, both alive: the second is not
/// mistaken for the first, whose wall would make its bounds too high.
#[test]
fn landmarks_of_another_map_of_the_same_revision_are_not_used() {
    let walled = Map::from_ascii("....\n.##.\n....\n").unwrap();
    let open = Map::from_ascii("....\n....\n....\n").unwrap();
    assert_eq!(walled.walk_revision(), open.walk_revision());
    let mut finder = PathFinder::new(PathSettings {
        landmarks: 4,
        ..PathSettings::default()
    })
    .unwrap();
    let (from, to) = (Point::new(0, 1), Point::new(3, 1));
    assert_eq!(finder.search(&walled, from, to).unwrap(), Some(8));
    assert_eq!(finder.search(&open, from, to).unwrap(), Some(6));
    assert!(
        finder
            .landmarks()
            .unwrap()
            .is_current(&open, Moves::default())
    );
    assert!(
        !finder
            .landmarks()
            .unwrap()
            .is_current(&walled, Moves::default())
    );
    // A copy is another map too: computed again, the same answer.
    let copy = open.clone();
    assert_eq!(finder.search(&copy, from, to).unwrap(), Some(6));
}

#[test]
fn a_walkable_that_names_no_map_is_searched_without_landmarks() {
    let map = Map::from_ascii("#####\n#...#\n#.#.#\n#####\n").unwrap();
    let walk = walkable_fn(map.shape(), |p| map.is_walkable(p));
    let mut finder = PathFinder::new(PathSettings {
        landmarks: 4,
        ..PathSettings::default()
    })
    .unwrap();
    assert_eq!(
        finder
            .search(&walk, Point::new(1, 2), Point::new(3, 2))
            .unwrap(),
        Some(6)
    );
    assert!(finder.landmarks().is_none());
    assert_eq!(
        finder
            .search(&map, Point::new(1, 2), Point::new(3, 2))
            .unwrap(),
        Some(6)
    );
}

#[test]
fn bad_settings_name_the_field() {
    let err = PathFinder::new(PathSettings {
        landmarks: 33,
        ..PathSettings::default()
    })
    .unwrap_err();
    assert_eq!(err.to_string(), "landmarks is 33; allowed 0..=32");
    let err = PathFinder::new(PathSettings {
        moves: Moves::EIGHT.with_costs(0, 3),
        ..PathSettings::default()
    })
    .unwrap_err();
    assert_eq!(err.to_string(), "cardinal_cost is 0; allowed 1..=100000");
}
