//! `mapgen generate --locks N` end to end: the JSON's locks are the library's for the
//! dungeon and the documented stream, and a solver plays them on the JSON's own map; the
//! ASCII draws them over the same map; the PNG colours them; `regenerate` places them
//! again; the refusals.

use std::collections::{BTreeSet, VecDeque};

use mapgen::generators::{Generator, GeneratorKind};
use mapgen::graph::RegionGraph;
use mapgen::locks::place_locks_walling_loops;
use mapgen::{DungeonRng, Map, Point};
use serde_json::Value;

mod support;
use support::{json, mapgen, stdout_bytes};

/// The seed of the locks' stream for dungeon seed `seed`, as docs/locks.md gives it:
/// output number `0x6c6f636b` (`lock`) of `SplitMix64` started at `seed`.
fn lock_seed(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x6c6f_636b_u64.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn point(v: &Value) -> Point {
    Point::new(
        v["x"].as_i64().unwrap() as i32,
        v["y"].as_i64().unwrap() as i32,
    )
}

/// The `locks` of a written dungeon: each lock's id, door and key.
fn locks_in(dungeon: &Value) -> Vec<(u64, Point, Point)> {
    dungeon["locks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["id"].as_u64().unwrap(),
                point(&l["door"]),
                point(&l["key"]),
            )
        })
        .collect()
}

/// The `walled` tiles of a written dungeon.
fn walled_in(dungeon: &Value) -> Vec<Point> {
    dungeon["walled"]
        .as_array()
        .unwrap()
        .iter()
        .map(point)
        .collect()
}

/// The rows of `map` as the JSON's `tiles` holds them.
fn tiles_of(map: &Map) -> Value {
    map.to_string().lines().collect::<Vec<_>>().into()
}

/// Plays the JSON's locks on the JSON's map: a walk from the start, eight ways, picking
/// up keys and opening a door once its key is held. Returns the keys in the order picked
/// up and whether every walkable tile and the exit were reached.
fn play(dungeon: &Value) -> (Vec<u64>, bool, bool) {
    let rows: Vec<&str> = dungeon["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let legend = dungeon.get("legend").map_or(Vec::new(), |l| {
        serde_json::from_value::<Vec<mapgen::Tile>>(l.clone()).unwrap()
    });
    let map = Map::from_ascii_with(&(rows.join("\n") + "\n"), &legend).unwrap();
    let locks = locks_in(dungeon);
    let mut held = BTreeSet::new();
    let mut touched = BTreeSet::new();
    let mut keys = Vec::new();
    let mut seen = BTreeSet::from([point(&dungeon["start"])]);
    let mut queue: VecDeque<Point> = seen.iter().copied().collect();
    while let Some(p) = queue.pop_front() {
        if let Some(&(id, door, _)) = locks.iter().find(|l| l.2 == p)
            && held.insert(id)
        {
            keys.push(id);
            if touched.contains(&id) && seen.insert(door) {
                queue.push_back(door);
            }
        }
        for q in p.neighbours8().filter(|&q| map.is_walkable(q)) {
            match locks.iter().find(|l| l.1 == q) {
                Some(&(id, _, _)) if !held.contains(&id) => {
                    touched.insert(id);
                }
                _ => {
                    if seen.insert(q) {
                        queue.push_back(q);
                    }
                }
            }
        }
    }
    let walkable = map.tiles().iter().filter(|t| t.walkable).count();
    (
        keys,
        seen.len() == walkable,
        seen.contains(&point(&dungeon["exit"])),
    )
}

/// Every generator, a few seeds: the JSON's locks and exit are the library's, drawn from
/// the seed's lock stream, and they play: keys in order, every tile and the exit reached.
#[test]
fn json_locks_are_the_librarys_and_play() {
    for &kind in GeneratorKind::ALL {
        for seed in 0..3u64 {
            let seed_text = seed.to_string();
            let args = [
                "generate",
                "--generator",
                kind.name(),
                "--seed",
                &seed_text,
                "--locks",
                "3",
                "--format",
                "json",
            ];
            let printed = json(&args);
            let mut dungeon = Generator::with_defaults(kind).generate(seed).unwrap();
            let graph = RegionGraph::of(&dungeon);
            let mut rng = DungeonRng::new(lock_seed(seed));
            let locks = place_locks_walling_loops(&mut dungeon, &graph, 3, &mut rng).unwrap();
            assert_eq!(walled_in(&printed), locks.walled, "{kind} {seed}");
            assert_eq!(printed["tiles"], tiles_of(&dungeon.map), "{kind} {seed}");
            let written = locks_in(&printed);
            let expected: Vec<(u64, Point, Point)> = locks
                .locks
                .iter()
                .map(|l| (l.id as u64, l.door, l.key))
                .collect();
            assert_eq!(written, expected, "{kind} {seed}");
            assert_eq!(point(&printed["exit"]), locks.exit, "{kind} {seed}");
            assert_eq!(printed["lock_settings"], serde_json::json!({"count": 3}));
            assert_eq!(
                printed.get("lock_shortfall").and_then(Value::as_str),
                locks.shortfall.map(mapgen::locks::Shortfall::name),
                "{kind} {seed}"
            );
            let (keys, everywhere, exit) = play(&printed);
            let n = expected.len() as u64;
            assert_eq!(keys, (0..n).collect::<Vec<_>>(), "{kind} {seed}");
            assert!(everywhere && exit, "{kind} {seed}");
            // The same line in jsonl.
            let line = json(&[&args[..7], &["--format", "jsonl"]].concat());
            assert_eq!(line, printed);
        }
    }
}

/// The ASCII output is the map without locks, with each door's letter (`A`, `B`, ...)
/// and its key's (`a`, `b`, ...) where the JSON has them, and wall where it walled.
#[test]
fn ascii_draws_doors_and_keys() {
    for kind in ["grid", "rooms", "maze", "bsp-interior"] {
        let base = [
            "generate",
            "--generator",
            kind,
            "--seed",
            "7",
            "--count",
            "2",
        ];
        let plain = String::from_utf8(stdout_bytes(&base)).unwrap();
        let locked =
            String::from_utf8(stdout_bytes(&[&base[..], &["--locks", "4"]].concat())).unwrap();
        let dungeons: Vec<Value> = serde_json::from_slice(&stdout_bytes(
            &[&base[..], &["--locks", "4", "--format", "json"]].concat(),
        ))
        .unwrap();
        for ((plain, locked), dungeon) in
            plain.split("\n\n").zip(locked.split("\n\n")).zip(&dungeons)
        {
            let mut expected: Vec<Vec<u8>> = plain.lines().map(|l| l.as_bytes().to_vec()).collect();
            for wall in walled_in(dungeon) {
                expected[wall.y as usize][wall.x as usize] = b'#';
            }
            for lock in dungeon["locks"].as_array().unwrap() {
                let id = lock["id"].as_u64().unwrap() as u8;
                for (at, glyph) in [(&lock["door"], b'A' + id), (&lock["key"], b'a' + id)] {
                    let p = point(at);
                    expected[p.y as usize][p.x as usize] = glyph;
                }
            }
            let got: Vec<Vec<u8>> = locked.lines().map(|l| l.as_bytes().to_vec()).collect();
            assert_eq!(got, expected, "{kind}");
        }
    }
}

/// With `--spawns` the monsters are lower-case letters (a rat `r`, an archer `a`), so
/// every key is `*`: the ASCII is the spawns' map with each door's letter and a `*` on
/// each key where the JSON has them, and no `*` elsewhere.
#[test]
fn ascii_keys_among_monsters_are_stars() {
    for kind in ["grid", "bsp", "maze"] {
        let base = [
            "generate",
            "--generator",
            kind,
            "--seed",
            "3",
            "--spawns",
            "builtin",
            "--spawn-depth",
            "4",
        ];
        let plain = String::from_utf8(stdout_bytes(&base)).unwrap();
        let locked =
            String::from_utf8(stdout_bytes(&[&base[..], &["--locks", "3"]].concat())).unwrap();
        let dungeon = json(&[&base[..], &["--locks", "3", "--format", "json"]].concat());
        let mut expected: Vec<Vec<u8>> = plain.lines().map(|l| l.as_bytes().to_vec()).collect();
        assert!(!plain.contains('*'), "{kind}");
        let locks = dungeon["locks"].as_array().unwrap();
        assert!(!locks.is_empty(), "{kind}");
        for lock in locks {
            let id = lock["id"].as_u64().unwrap() as u8;
            for (at, glyph) in [(&lock["door"], b'A' + id), (&lock["key"], b'*')] {
                let p = point(at);
                expected[p.y as usize][p.x as usize] = glyph;
            }
        }
        let got: Vec<Vec<u8>> = locked.lines().map(|l| l.as_bytes().to_vec()).collect();
        assert_eq!(got, expected, "{kind}");
        let monsters = dungeon["spawns"].as_array().unwrap();
        assert!(
            monsters.iter().any(|s| s["kind"] == "monster"),
            "{kind}: the map shows monsters"
        );
    }
}

/// `--locks 0` writes an empty list; without `--locks` there are no lock fields; a cave
/// that has fewer cuts says why.
#[test]
fn none_asked_and_shortfalls() {
    let zero = json(&["generate", "--locks", "0", "--format", "json"]);
    assert_eq!(zero["locks"], serde_json::json!([]));
    assert!(zero.get("lock_shortfall").is_none());
    let plain = json(&["generate", "--format", "json"]);
    assert!(plain.get("locks").is_none() && plain.get("lock_settings").is_none());
    assert_eq!(zero["exit"], plain["exit"]);
    let short = (0..20u64)
        .map(|seed| {
            json(&[
                "generate",
                "--generator",
                "drunkard",
                "--seed",
                &seed.to_string(),
                "--locks",
                "5",
                "--format",
                "json",
            ])
        })
        .find(|d| d["locks"].as_array().unwrap().len() < 5)
        .expect("a drunkard's cave with fewer than 5 cuts");
    assert_eq!(short["lock_shortfall"], "no-cut");
}

/// The picture: each door's tile in its lock's colour, each key's middle too, and the
/// exit marker where the JSON's exit is.
#[test]
fn png_colours_doors_and_keys() {
    let args = [
        "generate",
        "--generator",
        "grid",
        "--seed",
        "2",
        "--locks",
        "3",
    ];
    let json = json(&[&args[..], &["--format", "json"]].concat());
    let png = stdout_bytes(&[&args[..], &["--format", "png", "--tile-size", "8"]].concat());
    let mut reader = png::Decoder::new(&png[..]).read_info().unwrap();
    let mut rgb = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut rgb).unwrap();
    let at = |x: i32, y: i32| {
        let i = 3 * (y as usize * info.width as usize + x as usize);
        (rgb[i], rgb[i + 1], rgb[i + 2])
    };
    for lock in json["locks"].as_array().unwrap() {
        let colour = tileset::colors::lock(lock["id"].as_u64().unwrap() as usize).1;
        let (door, key) = (point(&lock["door"]), point(&lock["key"]));
        assert_eq!(at(door.x * 8 + 2, door.y * 8 + 5), colour);
        assert_eq!(at(key.x * 8 + 4, key.y * 8 + 4), colour);
        // The key's frame, and the floor round it.
        assert_eq!(at(key.x * 8 + 1, key.y * 8 + 4), tileset::colors::BLACK);
        assert_eq!(at(key.x * 8, key.y * 8), tileset::colors::LIGHT_GROUND);
    }
    let exit = point(&json["exit"]);
    assert_eq!(
        at(exit.x * 8 - 4, exit.y * 8 + 4),
        mapgen_picture::marks::EXIT_MARK
    );
}

/// `regenerate` places the locks of a saved dungeon again from its `lock_settings`.
#[test]
fn regenerate_places_them_again() {
    let dir = std::env::temp_dir().join(format!("mapgen-locks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("saved.json");
    let text = stdout_bytes(&[
        "generate",
        "--generator",
        "bsp",
        "--seed",
        "4",
        "--count",
        "2",
        "--locks",
        "3",
        "--format",
        "json",
    ]);
    std::fs::write(&saved, &text).unwrap();
    assert_eq!(stdout_bytes(&["regenerate", saved.to_str().unwrap()]), text);
    // The picture of one saved dungeon draws its locks, as generate's does.
    let one = [
        "generate",
        "--generator",
        "bsp",
        "--seed",
        "4",
        "--locks",
        "3",
    ];
    std::fs::write(
        &saved,
        stdout_bytes(&[&one[..], &["--format", "json"]].concat()),
    )
    .unwrap();
    let png = stdout_bytes(&["regenerate", saved.to_str().unwrap(), "--format", "png"]);
    assert_eq!(
        png,
        stdout_bytes(&[&one[..], &["--format", "png"]].concat())
    );
    let plain = stdout_bytes(&[
        "generate",
        "--generator",
        "bsp",
        "--seed",
        "4",
        "--format",
        "png",
    ]);
    assert_ne!(png, plain, "the locks are drawn");
    let bad = String::from_utf8(text)
        .unwrap()
        .replace(r#""count":3"#, r#""count":"three""#);
    std::fs::write(&saved, bad).unwrap();
    let out = mapgen(&["regenerate", saved.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("dungeon 0: lock_settings: invalid type"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `rooms`, whose corridors loop, has passages walled up on some seeds: the JSON lists
/// them, they are wall in its tiles and the ASCII (the PNG and the Tiled map draw the same
/// map), a solver still reaches every tile, and `regenerate` makes them again; `--locks
/// 0` walls nothing.
#[test]
fn rooms_loops_walled_up_are_wall_everywhere() {
    let dir = std::env::temp_dir().join(format!("mapgen-walled-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = ["generate", "--generator", "rooms", "--count", "12"];
    let text = stdout_bytes(&[&base[..], &["--locks", "3", "--format", "json"]].concat());
    let dungeons: Vec<Value> = serde_json::from_slice(&text).unwrap();
    let plain: Vec<Value> =
        serde_json::from_slice(&stdout_bytes(&[&base[..], &["--format", "json"]].concat()))
            .unwrap();
    let mut walls = 0;
    for (dungeon, plain) in dungeons.iter().zip(&plain) {
        let seed = dungeon["seed"].as_u64().unwrap().to_string();
        let rows = |d: &Value| -> Vec<Vec<u8>> {
            let rows = d["tiles"].as_array().unwrap();
            rows.iter()
                .map(|r| r.as_str().unwrap().as_bytes().to_vec())
                .collect()
        };
        let (mut expected, got) = (rows(plain), rows(dungeon));
        for wall in walled_in(dungeon) {
            assert_ne!(expected[wall.y as usize][wall.x as usize], b'#', "{seed}");
            expected[wall.y as usize][wall.x as usize] = b'#';
            walls += 1;
        }
        assert_eq!(got, expected, "seed {seed}: only the walled tiles change");
        let (keys, everywhere, exit) = play(dungeon);
        assert_eq!(keys.len(), locks_in(dungeon).len(), "{seed}");
        assert!(everywhere && exit, "{seed}");
        let one = [
            "generate",
            "--generator",
            "rooms",
            "--seed",
            &seed,
            "--locks",
            "3",
        ];
        let ascii = String::from_utf8(stdout_bytes(&one)).unwrap();
        for wall in walled_in(dungeon) {
            let row = ascii.lines().nth(wall.y as usize).unwrap();
            assert_eq!(row.as_bytes()[wall.x as usize], b'#', "{seed}");
        }
    }
    assert!(walls > 0, "no rooms seed of twelve walled a loop");
    let saved = dir.join("saved.json");
    std::fs::write(&saved, &text).unwrap();
    assert_eq!(stdout_bytes(&["regenerate", saved.to_str().unwrap()]), text);
    let zero = stdout_bytes(&[&base[..], &["--locks", "0", "--format", "json"]].concat());
    let zero: Vec<Value> = serde_json::from_slice(&zero).unwrap();
    for (zero, plain) in zero.iter().zip(&plain) {
        assert_eq!(zero["tiles"], plain["tiles"]);
        assert_eq!(zero["walled"], serde_json::json!([]));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// One `error:` line and exit 2, nothing written.
#[test]
fn refusals_name_the_flag() {
    for (args, message) in [
        (
            &["generate", "--locks", "27"][..],
            "'27' for '--locks <N>': 27 is not in 0..=26",
        ),
        (&["generate", "--locks", "-1"][..], "'-1' for '--locks <N>'"),
        (
            &["generate", "--locks", "2", "--format", "graph"][..],
            "error: --locks 2 is for --format ascii, json, jsonl, png, tmx and tmj, not graph",
        ),
        (
            &[
                "generate", "--locks", "2", "--format", "gif", "--output", "x.gif",
            ][..],
            "not gif",
        ),
        (
            &["generate", "--locks", "2", "--format", "steps"][..],
            "not steps",
        ),
        (
            &[
                "generate", "--locks", "2", "--format", "png", "--graph", "--output", "x.png",
            ][..],
            "error: --locks 2 and --graph draw different pictures: give one",
        ),
    ] {
        let out = mapgen(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(!std::path::Path::new("x.gif").exists() && !std::path::Path::new("x.png").exists());
}
