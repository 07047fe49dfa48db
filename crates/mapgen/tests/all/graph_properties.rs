//! The region graph of every generator's dungeons, over thousands of seeds and random
//! sizes, with and without vaults: its nodes partition the walkable tiles, each node is
//! 8-connected and bounded, links are exactly where nodes touch and their tiles are one
//! side's whole boundary, the graph is connected, and the same dungeon gives the same graph.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use mapgen::generators::{Generator, GeneratorKind};
use mapgen::graph::{NodeKind, RegionGraph};
use mapgen::{Dungeon, Point};
use proptest::prelude::*;

use crate::common::{generated_with_vaults, sized_generator};

/// The 8 neighbours of `p`.
fn around(p: Point) -> impl Iterator<Item = Point> {
    p.neighbours8()
}

/// Every promise of the graph of `dungeon`, or the first broken one.
fn check_graph(dungeon: &Dungeon, graph: &RegionGraph) -> Result<(), String> {
    let map = &dungeon.map;
    let nodes = graph.nodes();
    // A partition: walls in no node, each walkable tile in the node that lists it.
    let mut listed = 0;
    for (id, node) in nodes.iter().enumerate() {
        let tiles: Vec<Point> = graph.tiles(id).collect();
        if tiles.len() != node.size || tiles.is_empty() {
            return Err(format!(
                "node {id}: size {} but {} tiles",
                node.size,
                tiles.len()
            ));
        }
        if tiles
            .windows(2)
            .any(|w| (w[0].y, w[0].x) >= (w[1].y, w[1].x))
        {
            return Err(format!("node {id}: tiles not in row order"));
        }
        for &p in &tiles {
            if !map.is_walkable(p) || graph.node_at(p) != Some(id) {
                return Err(format!(
                    "node {id} lists {p}, which is not its walkable tile"
                ));
            }
            if !node.bounds.inner_contains(p) {
                return Err(format!(
                    "node {id}: {p} outside its bounds {:?}",
                    node.bounds
                ));
            }
        }
        let xs = tiles.iter().map(|p| p.x);
        let ys = tiles.iter().map(|p| p.y);
        let tight = (
            xs.clone().min().unwrap() - 1,
            ys.clone().min().unwrap() - 1,
            xs.max().unwrap() + 1,
            ys.max().unwrap() + 1,
        );
        let b = node.bounds;
        if tight != (b.x1, b.y1, b.x2, b.y2) {
            return Err(format!("node {id}: bounds {b:?} not tight"));
        }
        if graph.node_at(node.center) != Some(id) {
            return Err(format!("node {id}: centre {} not its tile", node.center));
        }
        if !node.kind.is_room() && node.size > RegionGraph::MAX_TILES {
            return Err(format!(
                "node {id} ({}) holds {} tiles",
                node.kind.name(),
                node.size
            ));
        }
        if node.kind.is_room() != node.room.is_some() {
            return Err(format!(
                "node {id}: kind {:?} with room {:?}",
                node.kind, node.room
            ));
        }
        if let (NodeKind::Room, Some(room)) = (node.kind, node.room) {
            let rect = dungeon.rooms[room];
            if let Some(p) = tiles.iter().find(|&&p| !rect.inner_contains(p)) {
                return Err(format!("room node {id}: {p} outside room {room}"));
            }
        }
        // 8-connected.
        let set: BTreeSet<Point> = tiles.iter().copied().collect();
        let mut seen = BTreeSet::from([tiles[0]]);
        let mut queue = VecDeque::from([tiles[0]]);
        while let Some(p) = queue.pop_front() {
            for q in around(p) {
                if set.contains(&q) && seen.insert(q) {
                    queue.push_back(q);
                }
            }
        }
        if seen.len() != set.len() {
            return Err(format!(
                "node {id} ({}) is not 8-connected",
                node.kind.name()
            ));
        }
        listed += tiles.len();
    }
    let walkable = map.tiles().iter().filter(|t| t.walkable).count();
    if listed != walkable {
        return Err(format!("nodes hold {listed} tiles of {walkable} walkable"));
    }
    for (p, tile) in map.iter() {
        if tile.walkable != graph.node_at(p).is_some() {
            return Err(format!(
                "{p}: walkable {} but node {:?}",
                tile.walkable,
                graph.node_at(p)
            ));
        }
    }
    // Links exactly where nodes touch, each with one side's whole boundary.
    let mut boundary: BTreeMap<(usize, usize), [BTreeSet<Point>; 2]> = BTreeMap::new();
    for (p, _) in map.iter() {
        let Some(a) = graph.node_at(p) else { continue };
        for q in around(p) {
            if let Some(b) = graph.node_at(q).filter(|&b| b != a) {
                let side = boundary.entry((a.min(b), a.max(b))).or_default();
                side[usize::from(a > b)].insert(p);
            }
        }
    }
    let links: Vec<(usize, usize)> = graph.links().iter().map(|l| (l.a, l.b)).collect();
    let touching: Vec<(usize, usize)> = boundary.keys().copied().collect();
    if links != touching {
        return Err(format!("links {links:?} but touching pairs {touching:?}"));
    }
    for (i, ((a, b), [on_a, on_b])) in boundary.iter().enumerate() {
        let tiles: BTreeSet<Point> = graph.link_tiles(i).iter().copied().collect();
        let expected = if on_b.len() <= on_a.len() { on_b } else { on_a };
        if &tiles != expected {
            return Err(format!(
                "link {a}-{b}: tiles {tiles:?}, expected {expected:?}"
            ));
        }
        if graph.link_between(*a, *b) != Some(i) || graph.link_between(*b, *a) != Some(i) {
            return Err(format!("link {a}-{b} not found from its nodes"));
        }
    }
    let degrees: usize = (0..nodes.len()).map(|n| graph.neighbours(n).count()).sum();
    if degrees != 2 * links.len() {
        return Err(format!(
            "{degrees} neighbour entries for {} links",
            links.len()
        ));
    }
    // The links that cut it: closing one leaves a node unreached, closing another not
    // (checked link by link on graphs of a few hundred links).
    if links.len() <= 300 {
        let cuts = graph.cut_links();
        for closed in 0..links.len() {
            let mut seen = vec![false; nodes.len()];
            let mut queue = VecDeque::from([0]);
            seen[0] = true;
            while let Some(n) = queue.pop_front() {
                for (m, link) in graph.neighbours(n) {
                    if link != closed && !std::mem::replace(&mut seen[m], true) {
                        queue.push_back(m);
                    }
                }
            }
            let cut = seen.iter().any(|s| !s);
            if cut != cuts.binary_search(&closed).is_ok() {
                return Err(format!(
                    "link {closed}: cuts {cut}, cut_links says otherwise"
                ));
            }
        }
    }
    // Connected (a generator's walkable tiles are).
    if !nodes.is_empty() {
        let mut seen = vec![false; nodes.len()];
        seen[0] = true;
        let mut queue = VecDeque::from([0]);
        while let Some(n) = queue.pop_front() {
            for (m, _) in graph.neighbours(n) {
                if !std::mem::replace(&mut seen[m], true) {
                    queue.push_back(m);
                }
            }
        }
        if let Some(lost) = seen.iter().position(|s| !s) {
            return Err(format!("node {lost} is not reached from node 0"));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Every promise, on every generator, random sizes and seeds, some with vaults.
    #[test]
    fn every_promise_holds_on_every_generator(
        kind in proptest::sample::select(GeneratorKind::ALL),
        pick in any::<u32>(),
        seed in any::<u64>(),
        vaults in prop_oneof![3 => Just(0u32), 1 => 1u32..=6],
    ) {
        let generator = sized_generator(kind, pick);
        let Some(dungeon) = generated_with_vaults(&generator, seed, vaults) else { return Ok(()) };
        let graph = RegionGraph::of(&dungeon);
        if let Err(broken) = check_graph(&dungeon, &graph) {
            return Err(TestCaseError::fail(format!("{generator:?} seed {seed}, {vaults} vaults: {broken}\n{}", dungeon.map)));
        }
        prop_assert_eq!(&RegionGraph::of(&dungeon), &graph, "the same dungeon, the same graph");
        if vaults == 0 {
            prop_assert_eq!(&RegionGraph::of(&generator.generate(seed).unwrap()), &graph);
            // Rooms are the generator's: each room's floor, its outline as bounds.
            for (i, node) in graph.nodes().iter().enumerate().filter(|(_, n)| n.kind == NodeKind::Room) {
                let room = dungeon.rooms[node.room.unwrap()];
                prop_assert_eq!(node.bounds, room, "node {}", i);
                prop_assert_eq!(node.center, room.center(), "node {}", i);
            }
        }
    }
}

/// Grids of rooms and the BSP interior: every room a node, and every other node a doorway
/// of door tiles joining rooms: one door in a shared wall, or two whose walls meet at a
/// corner (the BSP interior's doors may stand diagonally to each other).
#[test]
fn rooms_joined_by_doors_are_rooms_and_doorways() {
    for kind in [
        GeneratorKind::Grid,
        GeneratorKind::Isaac,
        GeneratorKind::BspInterior,
    ] {
        for seed in 0..200 {
            let dungeon = Generator::with_defaults(kind).generate(seed).unwrap();
            let graph = RegionGraph::of(&dungeon);
            let rooms = dungeon
                .room_grid()
                .map_or(dungeon.rooms.len(), |g| g.rooms().len());
            let nodes = graph.nodes();
            assert!(
                nodes[..rooms].iter().all(|n| n.kind.is_room()),
                "{kind} {seed}"
            );
            for (id, node) in nodes.iter().enumerate().skip(rooms) {
                assert_eq!(node.kind, NodeKind::Door, "{kind} {seed} node {id}");
                assert!(
                    graph
                        .tiles(id)
                        .all(|p| dungeon.map.tile(p) == mapgen::Tile::DOOR)
                );
                let sides: Vec<usize> = graph.neighbours(id).map(|(m, _)| m).collect();
                assert!(sides.len() >= 2, "{kind} {seed} door {id}");
                assert!(sides.iter().all(|&m| nodes[m].kind.is_room()));
                if kind != GeneratorKind::BspInterior {
                    assert_eq!((node.size, sides.len()), (1, 2), "{kind} {seed} door {id}");
                }
            }
        }
    }
}

/// Caves and open spaces are cut into chambers, not left as one node; mazes into corridors
/// between junctions.
#[test]
fn caves_are_chambers_and_mazes_are_corridors() {
    for seed in 0..50 {
        let cave = Generator::with_defaults(GeneratorKind::Caves)
            .generate(seed)
            .unwrap();
        let graph = RegionGraph::of(&cave);
        let areas = graph
            .nodes()
            .iter()
            .filter(|n| n.kind == NodeKind::Area)
            .count();
        assert!(areas >= 4, "caves seed {seed}: {areas} areas");
        let maze = Generator::with_defaults(GeneratorKind::Maze)
            .generate(seed)
            .unwrap();
        let graph = RegionGraph::of(&maze);
        assert!(
            graph.nodes().iter().all(|n| n.kind == NodeKind::Corridor),
            "maze {seed}"
        );
        // Cut at its junctions: dozens of pieces, none past the junctions that end it
        // (the 79 x 45 maze has 858 cells; a piece between junctions holds a few).
        let mean = graph.nodes().iter().map(|n| n.size).sum::<usize>() / graph.nodes().len();
        assert!(
            graph.nodes().len() > 100 && mean < 20,
            "maze {seed}: {} nodes, {mean} tiles each",
            graph.nodes().len()
        );
    }
}

/// A map made by hand: a room, its corridor and a cave; nothing walkable, an empty map.
#[test]
fn hand_made_maps() {
    let map = mapgen::Map::from_ascii(
        "##########\n\
         #....#####\n\
         #....+...#\n\
         #....###.#\n\
         ########.#\n\
         ##########\n",
    )
    .unwrap();
    let room = mapgen::Rect::new(0, 0, 5, 4);
    let dungeon = Dungeon::new(map, Point::new(2, 2)).with_rooms(vec![room]);
    let graph = RegionGraph::of(&dungeon);
    check_graph(&dungeon, &graph).unwrap();
    assert_eq!(graph.nodes().len(), 2);
    assert_eq!(graph.nodes()[1].kind, NodeKind::Corridor);
    assert_eq!(graph.link_tiles(0), [Point::new(5, 2)], "the door");
    for text in ["###\n###\n", ""] {
        let map = mapgen::Map::from_ascii(text).unwrap();
        let graph = RegionGraph::of(&Dungeon::new(map, Point::new(0, 0)));
        assert!(graph.nodes().is_empty() && graph.links().is_empty());
        assert_eq!(graph.node_at((0, 0)), None);
        assert!(graph.tiles(3).next().is_none() && graph.link_tiles(0).is_empty());
    }
}
