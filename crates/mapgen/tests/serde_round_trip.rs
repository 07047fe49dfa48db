//! The `serde` feature: every saved value loads back equal, and hostile input is an error
//! naming the problem, never a value that breaks later.
#![cfg(feature = "serde")]

use mapgen::generators::grid::{DoorWeights, Doors, RoomGrid, Side};
use mapgen::generators::rooms::RoomsSettings;
use mapgen::generators::rooms_and_mazes::DeadEnds;
use mapgen::generators::{Generate, Generator, GeneratorKind};
use mapgen::path::{
    AStar, CornerCutting, DijkstraMap, Directions, Goal, Moves, PathSettings, Weight,
};
use mapgen::{Dungeon, Layout, Map, Point, Rect, Tile};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Saves `value` as JSON and loads it back.
fn round_trip<T: Serialize + DeserializeOwned>(value: &T) -> T {
    let text = serde_json::to_string(value).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The error of loading `text` as a `T`.
fn load_error<T: DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
    serde_json::from_str::<T>(text).unwrap_err().to_string()
}

/// A generator of `kind` with some of its settings drawn from `pick` (the map size where
/// the generator has one), the rest default.
fn generator(kind: GeneratorKind, pick: u32) -> Generator {
    let mut generator = Generator::with_defaults(kind);
    let (w, h) = (30 + (pick % 50) as i32, 25 + (pick / 50 % 30) as i32);
    match &mut generator {
        Generator::Rooms(s) => (s.width, s.height) = (w, h),
        Generator::Maze(s) => (s.width, s.height) = (w | 1, h | 1),
        Generator::Caves(s) => (s.width, s.height) = (w, h),
        Generator::Drunkard(s) => (s.width, s.height) = (w, h),
        Generator::Grid(s) => s.room_count = 2 + pick % 20,
        _ => {}
    }
    if generator.validate().is_err() {
        generator = Generator::with_defaults(kind);
    }
    generator
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn every_generators_dungeon_loads_back_equal(
        kind in proptest::sample::select(GeneratorKind::ALL),
        seed in any::<u64>(),
        pick in any::<u32>(),
    ) {
        let generator = generator(kind, pick);
        let dungeon = generator.generate(seed).unwrap();
        prop_assert_eq!(&round_trip(&dungeon), &dungeon);
        prop_assert_eq!(&round_trip(&dungeon.map), &dungeon.map);
        prop_assert_eq!(&round_trip(&generator), &generator);
        prop_assert_eq!(round_trip(&kind), kind);
        if let Some(grid) = dungeon.room_grid() {
            prop_assert_eq!(&round_trip(grid), grid);
            prop_assert_eq!(&round_trip(&dungeon.layout), &dungeon.layout);
        }
    }

    #[test]
    fn dijkstra_maps_and_paths_load_back_equal(seed in any::<u64>(), four in any::<bool>()) {
        let dungeon = RoomsSettings::default().generate(seed).unwrap();
        let moves = if four { Moves::FOUR } else { Moves::EIGHT };
        let mut dm = DijkstraMap::default();
        dm.compute(&dungeon.map, moves, [Goal::new(dungeon.start, -3)]).unwrap();
        let loaded = round_trip(&dm);
        prop_assert_eq!(loaded.moves(), dm.moves());
        prop_assert_eq!(loaded.to_grid(), dm.to_grid());
        // What it is for still works on the loaded map.
        prop_assert_eq!(loaded.downhill(&dungeon.map, dungeon.exit()), dm.downhill(&dungeon.map, dungeon.exit()));

        let mut astar = AStar::default();
        astar.search(&dungeon.map, moves, dungeon.start, dungeon.exit()).unwrap();
        prop_assert!(!astar.path().is_empty());
        let loaded = round_trip(&astar);
        prop_assert_eq!(loaded.path(), astar.path());
    }
}

#[test]
fn the_forms_are_compact_and_readable() {
    let map = Map::from_ascii("####\n#.+#\n#~.#\n####\n").unwrap();
    assert_eq!(
        serde_json::to_string(&map).unwrap(),
        r#####"{"width":4,"height":4,"tiles":["####","#.+#","#~.#","####"]}"#####
    );
    assert_eq!(serde_json::to_string(&Tile::DOOR).unwrap(), r#""+""#);
    let dungeon = Dungeon::new(map, Point::new(1, 1)).with_rooms(vec![Rect::new(0, 0, 3, 3)]);
    assert_eq!(
        serde_json::to_string(&dungeon).unwrap(),
        concat!(
            r#"{"width":4,"height":4,"start":{"x":1,"y":1},"#,
            r#####""rooms":[{"x1":0,"y1":0,"x2":3,"y2":3}],"tiles":["####","#.+#","#~.#","####"]}"#####
        )
    );
    let generator = Generator::from(RoomsSettings::default());
    assert_eq!(
        serde_json::to_string(&generator).unwrap(),
        concat!(
            r#"{"generator":"rooms","settings":{"width":80,"height":45,"max_rooms":30,"#,
            r#####""room_min_size":6,"room_max_size":10}}"#####
        )
    );
    assert_eq!(
        serde_json::to_string(&Doors::EMPTY.with(Side::South).with(Side::North)).unwrap(),
        r#""NS""#
    );
    assert_eq!(serde_json::to_string(&DeadEnds::Keep).unwrap(), r#""keep""#);
    assert_eq!(serde_json::to_string(&Layout::Plain).unwrap(), r#""plain""#);
    let moves = Moves::FOUR.with_corner_cutting(CornerCutting::Forbidden);
    assert_eq!(moves.directions, Directions::Four);
    assert_eq!(
        serde_json::to_string(&moves).unwrap(),
        r#"{"directions":"four","cardinal_cost":2,"diagonal_cost":3,"corners":"forbidden"}"#
    );
}

#[test]
fn every_generator_is_saved_under_its_command_line_name() {
    for &kind in GeneratorKind::ALL {
        let generator = Generator::with_defaults(kind);
        let value = serde_json::to_value(&generator).unwrap();
        assert_eq!(value["generator"], kind.name());
        assert_eq!(serde_json::to_value(kind).unwrap(), kind.name());
        // Settings left out take their defaults.
        let bare = format!(r#"{{"generator":"{}","settings":{{}}}}"#, kind.name());
        assert_eq!(serde_json::from_str::<Generator>(&bare).unwrap(), generator);
    }
}

#[test]
fn settings_out_of_range_are_refused_on_loading_a_generator() {
    let generator = |kind: &str, settings: &str| {
        load_error::<Generator>(&format!(
            r#"{{"generator":"{kind}","settings":{settings}}}"#
        ))
    };
    let err = generator("rooms", r#"{"room_min_size":12,"room_max_size":8}"#);
    assert!(err.contains("room_min_size (12)"), "{err}");
    let err = generator("rooms", r#"{"width":-4}"#);
    assert!(err.contains("width is -4"), "{err}");
    let err = generator(
        "grid",
        r#"{"door_weights":{"straight":0,"turn":0,"tee":0,"cross":0}}"#,
    );
    assert!(err.contains("door_weights"), "{err}");
    let err = generator("nope", "{}");
    assert!(err.contains("unknown variant `nope`"), "{err}");
    let err = generator("rooms", r#"{"widht":40}"#);
    assert!(err.contains("unknown field `widht`"), "{err}");
    let err = generator("rooms-and-mazes", r#"{"dead_ends":"maybe"}"#);
    assert!(err.contains("allowed: remove, keep"), "{err}");
    let err = load_error::<Generator>(r#"{"settings":{}}"#);
    assert!(err.contains("missing field `generator`"), "{err}");

    // A settings struct on its own loads any values, as its struct literal would; its
    // validate (and generating) refuses them.
    let settings: RoomsSettings =
        serde_json::from_str(r#"{"room_min_size":12,"room_max_size":8}"#).unwrap();
    assert!(settings.validate().is_err() && settings.generate(1).is_err());
    assert_eq!(
        settings.width,
        RoomsSettings::DEFAULT.width,
        "missing fields default"
    );
    assert_eq!(
        serde_json::from_str::<DoorWeights>(r#"{"cross":5}"#).unwrap(),
        DoorWeights {
            cross: 5,
            ..DoorWeights::DEFAULT
        }
    );
}

#[test]
fn inconsistent_maps_are_refused() {
    let cases = [
        (
            r###"{"width":3,"height":1,"tiles":["##"]}"###,
            "row 0 has 2 tiles; the map's width is 3",
        ),
        (
            r###"{"width":2,"height":2,"tiles":["##"]}"###,
            "tiles has 1 rows; the map's height is 2",
        ),
        (
            r##"{"width":2,"height":1,"tiles":["#x"]}"##,
            "unknown tile glyph 'x' at column 1, row 0",
        ),
        (
            r#"{"width":10001,"height":0,"tiles":[]}"#,
            "map width is 10001; allowed 0..=10000",
        ),
        (r#"{"width":1,"height":-1,"tiles":[]}"#, "map height is -1"),
        (
            r#"{"width":99999999999,"height":1,"tiles":[""]}"#,
            "map width is 99999999999",
        ),
    ];
    for (text, expected) in cases {
        let err = load_error::<Map>(text);
        assert!(err.contains(expected), "{text}: {err}");
    }
    // A claimed width far beyond the text allocates nothing for it.
    let rows = vec![String::new(); 10_000];
    let text = serde_json::json!({"width": 10_000, "height": 10_000, "tiles": rows}).to_string();
    assert!(load_error::<Map>(&text).contains("row 0 has 0 tiles"));
    assert!(load_error::<Tile>(r#""@""#).contains("unknown tile glyph '@'"));
}

#[test]
fn inconsistent_dungeons_are_refused() {
    let map = r#####""width":4,"height":3,"tiles":["####","#..#","####"]"#####;
    let cases = [
        (
            format!(r#"{{{map},"start":{{"x":4,"y":1}}}}"#),
            "start (4, 1) is outside the 4x3 map",
        ),
        (
            format!(
                r#"{{{map},"start":{{"x":1,"y":1}},"rooms":[{{"x1":0,"y1":0,"x2":4,"y2":2}}]}}"#
            ),
            "room 0 (0, 0)-(4, 2) is not a rectangle inside the 4x3 map",
        ),
        (
            format!(
                r#"{{{map},"start":{{"x":1,"y":1}},"rooms":[{{"x1":2,"y1":0,"x2":1,"y2":2}}]}}"#
            ),
            "room 0 (2, 0)-(1, 2)",
        ),
        (
            format!(
                r#"{{{map},"start":{{"x":1,"y":1}},"grid":{{"cols":2,"rows":1,"room_width":3,"room_height":3,"rooms":[]}}}}"#
            ),
            "the room grid (2, 0)-(4, 2) is not a rectangle inside the 4x3 map",
        ),
        (format!(r"{{{map}}}"), "missing field `start`"),
        // Issue 25: each of these loaded, breaking a promise `Dungeon` documents.
        (
            format!(r#"{{{map},"start":{{"x":0,"y":1}}}}"#),
            "start (0, 1) is not walkable (a '#' tile)",
        ),
        (
            r######"{"width":5,"height":3,"tiles":["#####","#.#.#","#####"],"start":{"x":1,"y":1},"rooms":[{"x1":0,"y1":0,"x2":4,"y2":2}]}"######.to_string(),
            "room 0 has the floor tile (2, 1), which is not walkable",
        ),
        (
            format!(
                r#"{{{map},"start":{{"x":1,"y":1}},"rooms":[{{"x1":0,"y1":0,"x2":2,"y2":2}},{{"x1":0,"y1":0,"x2":3,"y2":2}}]}}"#
            ),
            "rooms 0 and 1 share the floor tile (1, 1)",
        ),
    ];
    for (text, expected) in cases {
        let err = load_error::<Dungeon>(&text);
        assert!(err.contains(expected), "{text}: {err}");
    }
}

#[test]
fn inconsistent_room_grids_are_refused() {
    let room =
        |col, row| format!(r#"{{"col":{col},"row":{row},"doors":"","kind":"normal","depth":0}}"#);
    let grid = |rooms: String| {
        format!(r#"{{"cols":2,"rows":2,"room_width":5,"room_height":5,"rooms":[{rooms}]}}"#)
    };
    // Two rooms side by side, and `links`.
    let links = |links: &str| {
        let rooms = format!("{},{}", room(0, 0), room(1, 0));
        grid(rooms).replace("]}", &format!(r#"],"links":[{links}]}}"#))
    };
    let cases = [
        (
            grid(format!("{},{}", room(0, 0), room(0, 0))),
            "rooms 0 and 1 are both at cell (0, 0)",
        ),
        (
            grid(room(2, 0)),
            "room 0 at cell (2, 0) is outside the 2x2 grid",
        ),
        (
            grid(room(0, 0)).replace(r#""room_width":5"#, r#""room_width":2"#),
            "room_width is 2",
        ),
        (
            grid(room(0, 0)).replace(r#""cols":2"#, r#""cols":2147483647"#),
            "cols is 2147483647",
        ),
        (
            grid(room(0, 0).replace(r#""doors":"""#, r#""doors":"NN""#)),
            "doors \"NN\"",
        ),
        (
            grid(room(0, 0).replace(r#""doors":"""#, r#""doors":"X""#)),
            "doors \"X\"",
        ),
        (
            grid(room(0, 0).replace("normal", "vault")),
            "unknown room kind \"vault\"; allowed: start, normal, boss, treasure,",
        ),
        // Issue 25: doors off the grid, and doors to no room or to a room without the
        // matching door, loaded.
        (
            grid(room(0, 0).replace(r#""doors":"""#, r#""doors":"N""#)),
            "room 0 at cell (0, 0) has a door on its North side, but no room behind it",
        ),
        (
            grid(room(1, 1).replace(r#""doors":"""#, r#""doors":"W""#)),
            "room 0 at cell (1, 1) has a door on its West side",
        ),
        (
            grid(format!(
                "{},{}",
                room(0, 1),
                room(1, 1).replace(r#""doors":"""#, r#""doors":"W""#)
            )),
            "room 1 at cell (1, 1) has a door on its West side",
        ),
        // A large room's other cells have doors only through links; with links, a room's
        // doors are its first cell's links.
        (
            grid(format!(
                "{},{}",
                room(0, 0).replace(r#""depth":0"#, r#""depth":0,"shape":"2x1","seed":1"#),
                room(1, 1).replace(r#""doors":"""#, r#""doors":"N""#)
            )),
            "room 1 at cell (1, 1) has a door on its North side",
        ),
        (
            grid(
                room(0, 0)
                    .replace(r#""doors":"""#, r#""doors":"E""#)
                    .replace(r#""depth":0"#, r#""depth":0,"shape":"2x1","seed":1"#),
            ),
            "room 0 at cell (0, 0) has a door on its East side",
        ),
        (
            links(r#"{"a":[0,0],"b":[1,0],"kind":"open"}"#),
            "room 1 at cell (1, 0) has a door on its West side",
        ),
        (
            grid(format!(
                "{},{},{}",
                room(0, 0).replace(r#""doors":"""#, r#""doors":"ES""#),
                room(1, 0).replace(r#""doors":"""#, r#""doors":"W""#),
                room(0, 1).replace(r#""doors":"""#, r#""doors":"N""#)
            ))
            .replace("]}", r#"],"links":[{"a":[0,0],"b":[1,0],"kind":"open"}]}"#),
            "room 0 at cell (0, 0) has a door on its South side",
        ),
        // An isaac room: shape and seed together, cells those of the shape.
        (
            grid(room(0, 0).replace(r#""depth":0"#, r#""depth":0,"shape":"2x1""#)),
            "both shape and seed, or neither",
        ),
        (
            grid(room(0, 0).replace(r#""depth":0"#, r#""depth":0,"shape":"3x1","seed":1"#)),
            "unknown room shape \"3x1\"",
        ),
        (
            grid(room(0, 0).replace(
                r#""depth":0"#,
                r#""depth":0,"cells":[[0,0],[0,1]],"shape":"2x1","seed":1"#,
            )),
            "the room at cell (0, 0) lists cells that are not those of a 2x1 room there",
        ),
        (
            grid(room(1, 1).replace(r#""depth":0"#, r#""depth":0,"shape":"2x2","seed":1"#)),
            "room 0 at cell (2, 1) is outside the 2x2 grid",
        ),
        // Links join side-by-side cells of two rooms, once.
        (
            links(r#"{"a":[0,0],"b":[1,1],"kind":"open"}"#),
            "link 0 from cell (0, 0) to cell (1, 1) joins cells that are not side by side",
        ),
        (
            links(r#"{"a":[0,0],"b":[0,1],"kind":"open"}"#),
            "link 0 from cell (0, 0) to cell (0, 1) has a cell without a room",
        ),
        (
            links(r#"{"a":[0,0],"b":[1,0],"kind":"open"},{"a":[1,0],"b":[0,0],"kind":"secret"}"#),
            "link 1 from cell (1, 0) to cell (0, 0) joins the same cells as an earlier link",
        ),
        (
            links(r#"{"a":[0,0],"b":[1,0],"kind":"ajar"}"#),
            "unknown door kind \"ajar\"",
        ),
    ];
    for (text, expected) in cases {
        let err = load_error::<RoomGrid>(&text);
        assert!(err.contains(expected), "{text}: {err}");
    }
}

#[test]
fn inconsistent_dijkstra_maps_are_refused() {
    let moves =
        r#""moves":{"directions":"four","cardinal_cost":1,"diagonal_cost":1,"corners":"allowed"}"#;
    let cases = [
        (
            format!(r#"{{"width":2,"height":1,{moves},"distances":[[0]]}}"#),
            "distances row 0 has 1 values",
        ),
        (
            format!(r#"{{"width":1,"height":2,{moves},"distances":[[0]]}}"#),
            "distances has 1 rows",
        ),
        (
            format!(r#"{{"width":1,"height":1,{moves},"distances":[[9223372036854775807]]}}"#),
            "distance 9223372036854775807 is out of range",
        ),
        (
            format!(
                r#"{{"width":1,"height":1,{},"distances":[[0]]}}"#,
                moves.replace(r#""cardinal_cost":1"#, r#""cardinal_cost":0"#)
            ),
            "cardinal_cost",
        ),
        (
            format!(r#"{{"width":-1,"height":1,{moves},"distances":[[0]]}}"#),
            "width is -1",
        ),
    ];
    for (text, expected) in cases {
        let err = load_error::<DijkstraMap>(&text);
        assert!(err.contains(expected), "{text}: {err}");
    }
    let loaded: DijkstraMap = serde_json::from_str(&format!(
        r#"{{"width":2,"height":1,{moves},"distances":[[0,null]]}}"#
    ))
    .unwrap();
    assert_eq!((loaded.get((0, 0)), loaded.get((1, 0))), (Some(0), None));
    // Values past 32 bits load (issue 25: they are what a dear walk gives).
    let far: DijkstraMap = serde_json::from_str(&format!(
        r#"{{"width":1,"height":1,{moves},"distances":[[5000000000]]}}"#
    ))
    .unwrap();
    assert_eq!(far.get((0, 0)), Some(5_000_000_000));
}

#[test]
fn tiles_of_ones_own_are_saved_in_a_legend() {
    let stairs = Tile::FLOOR.with_glyph('>').unwrap();
    let mut map = Map::from_ascii("####\n#..#\n####\n").unwrap();
    map.set((2, 1), stairs);
    let text = serde_json::to_string(&map).unwrap();
    assert_eq!(
        text,
        concat!(
            r#####"{"width":4,"height":3,"tiles":["####","#.>#","####"],"#####,
            r#""legend":[{"glyph":">","walkable":true,"transparent":true}]}"#
        )
    );
    let loaded: Map = serde_json::from_str(&text).unwrap();
    assert_eq!(loaded, map);
    assert_eq!(loaded.tile((2, 1)), stairs);
    let dungeon = Dungeon::new(map.clone(), Point::new(1, 1));
    assert_eq!(round_trip(&dungeon), dungeon);
    assert_eq!(round_trip(&stairs), stairs);

    // Two tiles with one glyph cannot be told apart in the rows.
    map.set((1, 1), Tile::WALL.with_glyph('>').unwrap());
    let err = serde_json::to_string(&map).unwrap_err().to_string();
    assert!(
        err.contains("two different tiles of the map have the glyph '>'"),
        "{err}"
    );

    let bad = [
        (
            r#"{"width":1,"height":1,"tiles":[">"]}"#,
            "unknown tile glyph '>' at column 0, row 0",
        ),
        (
            r##"{"width":1,"height":1,"tiles":["."],"legend":[{"glyph":"#","walkable":true,"transparent":true}]}"##,
            "tile glyph '#' cannot name a tile of one's own",
        ),
        (
            r#"{"width":1,"height":1,"tiles":["."],"legend":["."]}"#,
            "the legend names the built-in tile '.'",
        ),
    ];
    for (text, expected) in bad {
        let err = load_error::<Map>(text);
        assert!(err.contains(expected), "{text}: {err}");
    }
}

#[test]
fn path_settings_save_their_weight_as_text() {
    let settings = PathSettings {
        moves: Moves::FOUR,
        weight: "1.25".parse().unwrap(),
        landmarks: 8,
    };
    let text = serde_json::to_string(&settings).unwrap();
    assert!(text.contains(r#""weight":"1.25""#), "{text}");
    assert_eq!(round_trip(&settings), settings);
    let thirds = PathSettings {
        weight: Weight::new(4, 3).unwrap(),
        ..PathSettings::default()
    };
    assert_eq!(round_trip(&thirds), thirds);
    assert_eq!(
        serde_json::from_str::<PathSettings>("{}").unwrap(),
        PathSettings::default()
    );
    assert!(load_error::<PathSettings>(r#"{"weight":"0.5"}"#).contains("is below 1"));
    assert!(load_error::<Weight>("1.5").contains("expected a string"));
}

/// Issue 25: a legend could give one glyph two tiles (the first won) or repeat a tile any
/// number of times, each glyph of the rows scanning the whole legend.
#[test]
fn a_legend_gives_each_glyph_once() {
    let own = |glyph: char, walkable: bool| {
        format!(r#"{{"glyph":"{glyph}","walkable":{walkable},"transparent":true}}"#)
    };
    let legends = [
        format!("[{},{}]", own('>', true), own('>', false)),
        format!("[{},{},{}]", own('>', true), own('<', true), own('>', true)),
    ];
    for legend in legends {
        let map = format!(r#"{{"width":1,"height":1,"tiles":[">"],"legend":{legend}}}"#);
        let err = load_error::<Map>(&map);
        assert!(
            err.contains("the legend gives the glyph '>' twice"),
            "{map}: {err}"
        );
        let dungeon = map.replace(r#""tiles""#, r#""start":{"x":0,"y":0},"tiles""#);
        let err = load_error::<Dungeon>(&dungeon);
        assert!(
            err.contains("the legend gives the glyph '>' twice"),
            "{dungeon}: {err}"
        );
    }
    // Every glyph a tile of one's own may have, each once, loads.
    let glyphs: String = (b'!'..=b'~')
        .map(char::from)
        .filter(|&c| Tile::from_glyph(c).is_none() && c != '"' && c != '\\')
        .collect();
    let legend: Vec<String> = glyphs.chars().map(|c| own(c, c < 'a')).collect();
    let text = format!(
        r#"{{"width":{},"height":1,"tiles":["{glyphs}"],"legend":[{}]}}"#,
        glyphs.len(),
        legend.join(",")
    );
    let map: Map = serde_json::from_str(&text).unwrap();
    for (x, c) in glyphs.chars().enumerate() {
        let tile = map.tile((x as i32, 0));
        assert_eq!((tile.glyph(), tile.walkable), (c, c < 'a'));
    }
}

/// Spawned things are saved as `{"name", "kind", "x", "y"}` beside the map, only when
/// there are any, and a thing off the map is refused.
#[test]
fn spawns_are_saved_beside_the_map() {
    use mapgen::DungeonRng;
    use mapgen::spawns::{Spawn, SpawnKind, SpawnTable};
    let mut rng = DungeonRng::new(4);
    let mut dungeon = RoomsSettings::default().generate_with(&mut rng).unwrap();
    let plain = serde_json::to_string(&dungeon).unwrap();
    assert!(!plain.contains("spawns"));
    SpawnTable::builtin()
        .place(&mut dungeon, 3, &mut rng)
        .unwrap();
    assert!(!dungeon.spawns.is_empty());
    assert_eq!(round_trip(&dungeon), dungeon);
    let first = &dungeon.spawns[0];
    let saved = serde_json::to_value(&dungeon).unwrap();
    assert_eq!(
        saved["spawns"][0],
        serde_json::json!({"name": first.name, "kind": first.kind.word(), "x": first.at.x, "y": first.at.y})
    );
    let off = Spawn::new("ghost", SpawnKind::Monster, Point::new(80, 3));
    dungeon.spawns.push(off);
    let text = serde_json::to_string(&dungeon).unwrap();
    let err = load_error::<Dungeon>(&text);
    assert!(
        err.contains("spawn") && err.contains("(ghost) at (80, 3) is outside the 80x45 map"),
        "{err}"
    );
    let body = plain.strip_suffix('}').unwrap();
    let bad_kind = format!(r#"{body},"spawns":[{{"name":"a","kind":"trap","x":1,"y":1}}]}}"#);
    assert!(load_error::<Dungeon>(&bad_kind).contains("unknown variant `trap`"));
}
