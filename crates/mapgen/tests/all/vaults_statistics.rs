//! The draws: weights honoured, orientations and positions uniform (chi-square tests over
//! 10,000 picks with fixed seeds, so they are deterministic), and no fit ever missed.

use crate::common;

use std::collections::BTreeMap;

use common::vaults::{Put, check_placed, stamp};
use mapgen::vaults::{Orientation, Placement, VaultLibrary, VaultSettings, place_vaults};
use mapgen::{Dungeon, DungeonRng, Map, Point, Tile};
use proptest::prelude::*;

/// An all-floor room of `w` x `h` inside a wall border, the start in a corner.
fn open_room(w: i32, h: i32) -> Dungeon {
    let mut map = Map::new(w, h).unwrap();
    map.fill_rect(1..w - 1, 1..h - 1, Tile::FLOOR);
    Dungeon::new(map, Point::new(1, 1))
}

/// `n` single placements, each on a fresh copy of `base`, one stream throughout.
fn picks(base: &Dungeon, library: &VaultLibrary, n: usize, seed: u64) -> Vec<Placement> {
    let mut rng = DungeonRng::new(seed);
    (0..n)
        .map(|_| {
            let mut d = base.clone();
            let placed =
                place_vaults(&mut d, library, &VaultSettings::default(), &mut rng).unwrap();
            assert_eq!(placed, 1);
            d.vaults.pop().unwrap()
        })
        .collect()
}

/// Pearson's chi-square statistic of `observed` against `expected` counts.
fn chi_square(observed: &[f64], expected: &[f64]) -> f64 {
    observed
        .iter()
        .zip(expected)
        .map(|(o, e)| (o - e) * (o - e) / e)
        .sum()
}

/// The chi-square value exceeded with probability 0.001 at `df` degrees of freedom: the
/// table up to 10, then Wilson-Hilferty (within 1% of the tables there). Tests only: no
/// output depends on floating point.
fn critical_001(df: usize) -> f64 {
    const TABLE: [f64; 10] = [
        10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124, 27.877, 29.588,
    ];
    if let Some(&v) = TABLE.get(df.wrapping_sub(1)) {
        return v;
    }
    let k = df as f64;
    let z = 3.090_2;
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

#[test]
fn critical_values_match_the_tables() {
    for (df, table) in [(3, 16.266), (11, 31.264), (23, 49.728), (100, 149.449)] {
        let got = critical_001(df);
        assert!(
            (got - table).abs() / table < 0.01,
            "df {df}: {got} vs {table}"
        );
    }
}

#[test]
fn weights_are_honoured() {
    let library = VaultLibrary::builtin();
    let base = open_room(40, 24);
    let drawn = picks(&base, library, 10_000, 21);
    let mut counts: BTreeMap<&str, f64> =
        library.vaults().iter().map(|v| (v.name(), 0.0)).collect();
    for p in &drawn {
        *counts.get_mut(p.name.as_str()).unwrap() += 1.0;
    }
    let total: f64 = library.vaults().iter().map(|v| f64::from(v.weight())).sum();
    let observed: Vec<f64> = library.vaults().iter().map(|v| counts[v.name()]).collect();
    let expected: Vec<f64> = library
        .vaults()
        .iter()
        .map(|v| 10_000.0 * f64::from(v.weight()) / total)
        .collect();
    let chi = chi_square(&observed, &expected);
    let critical = critical_001(library.vaults().len() - 1);
    assert!(chi < critical, "chi-square {chi} >= {critical}: {counts:?}");
}

#[test]
fn orientations_are_uniform_among_the_distinct_allowed_ones() {
    let cases = [
        ("all", 8), // a vault with no symmetry
        ("rotate", 4),
        ("mirror", 2),
    ];
    for (transforms, distinct) in cases {
        let text =
            format!("name: chiral\ntransforms: {transforms}\nmap:\n####\n#..#\n#.##\n#@##\n");
        let library = VaultLibrary::parse("chiral", &text).unwrap();
        assert_eq!(library.vaults()[0].orientations().len(), distinct);
        let drawn = picks(&open_room(30, 20), &library, 8_000, 5);
        let mut counts = [0.0f64; 8];
        for p in &drawn {
            counts[usize::from(p.mirror) * 4 + usize::from(p.rotate.degrees() / 90)] += 1.0;
        }
        let observed: Vec<f64> = counts.iter().copied().filter(|&c| c > 0.0).collect();
        assert_eq!(observed.len(), distinct, "{transforms}: {counts:?}");
        let expected = vec![8_000.0 / distinct as f64; distinct];
        let chi = chi_square(&observed, &expected);
        assert!(
            chi < critical_001(distinct - 1),
            "{transforms}: chi-square {chi}, {counts:?}"
        );
    }
    // A vault with every symmetry of the square has one orientation, reported as written.
    let plus = VaultLibrary::parse("plus", "name: plus\nmap:\n#@#\n@.@\n#@#\n").unwrap();
    assert_eq!(plus.vaults()[0].orientations().len(), 1);
    let drawn = picks(&open_room(20, 12), &plus, 200, 1);
    assert!(
        drawn
            .iter()
            .all(|p| p.orientation() == Orientation::IDENTITY)
    );
}

#[test]
fn positions_are_uniform_among_the_fits() {
    // A 3x3 closet in a 12x9 room: the footprint must miss the start, the exit and the
    // border, and its entrance must touch floor.
    let library = VaultLibrary::parse(
        "closet",
        "name: closet\ntransforms: none\nmap:\n###\n#.#\n#@#\n",
    )
    .unwrap();
    let base = open_room(12, 9);
    let drawn = picks(&base, &library, 10_000, 9);
    let mut counts: BTreeMap<(i32, i32), f64> = BTreeMap::new();
    for p in &drawn {
        *counts.entry((p.x, p.y)).or_default() += 1.0;
    }
    // Every fit, by brute force.
    let vault = &library.vaults()[0];
    let mut fits = 0;
    for y in 0..base.map.height() {
        for x in 0..base.map.width() {
            let put = Put {
                name: "closet".into(),
                x,
                y,
                width: 3,
                height: 3,
                orientation: Default::default(),
            };
            let mut after = base.clone();
            if x < 1 || y < 1 || x + 3 > 11 || y + 3 > 8 {
                continue;
            }
            stamp(&mut after.map, vault, &put);
            let settings = VaultSettings::default();
            if check_placed(&base, &after, &[put], &library, &settings).is_ok() {
                fits += 1;
                assert!(counts.contains_key(&(x, y)), "fit {x},{y} never drawn");
            }
        }
    }
    assert_eq!(counts.len(), fits);
    let observed: Vec<f64> = counts.values().copied().collect();
    let expected = vec![10_000.0 / fits as f64; fits];
    let chi = chi_square(&observed, &expected);
    assert!(
        chi < critical_001(fits - 1),
        "chi-square {chi} over {fits} fits"
    );
}

/// A small random map: floor where `bits` says inside a wall border, cut to the start's
/// region (as generators leave it).
fn small_map(w: i32, h: i32, bits: &[bool]) -> Dungeon {
    let mut map = Map::new(w, h).unwrap();
    let mut start = Point::new(1, 1);
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            if bits[(y * w + x) as usize % bits.len()] {
                map.set((x, y), Tile::FLOOR);
                start = Point::new(x, y);
            }
        }
    }
    map.set(start, Tile::FLOOR);
    mapgen::path::cull_unreachable(&mut map, start);
    Dungeon::new(map, start)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// On small maps, a vault is placed exactly when some fit exists, and the one placed
    /// is a fit: no fit is ever missed.
    #[test]
    fn no_fit_is_missed(
        w in 5i32..16,
        h in 5i32..13,
        bits in proptest::collection::vec(proptest::bool::weighted(0.6), 256),
        pick in 0usize..24,
        seed in any::<u64>(),
    ) {
        let base = small_map(w, h, &bits);
        let builtin = VaultLibrary::builtin();
        let vault = &builtin.vaults()[pick % builtin.vaults().len()];
        let library = VaultLibrary::parse("one", &vault.to_string()).unwrap();
        let settings = VaultSettings::default();
        let mut fits = Vec::new();
        for (orientation, glyphs) in vault.orientations() {
            let (vw, vh) = (glyphs.width(), glyphs.height());
            for y in 1..h - vh {
                for x in 1..w - vw {
                    let put = Put { name: vault.name().into(), x, y, width: vw, height: vh, orientation };
                    let mut after = base.clone();
                    stamp(&mut after.map, vault, &put);
                    if check_placed(&base, &after, std::slice::from_ref(&put), &library, &settings).is_ok() {
                        fits.push(put);
                    }
                }
            }
        }
        let mut after = base.clone();
        let placed = place_vaults(&mut after, &library, &settings, &mut DungeonRng::new(seed)).unwrap();
        prop_assert_eq!(placed, usize::from(!fits.is_empty()), "fits: {:?}\n{}", fits, base.map);
        if let Some(p) = after.vaults.first() {
            prop_assert!(fits.contains(&Put::from(p)));
        }
    }
}

/// On a large map the first draws come from the whole range of positions: still uniform
/// among the fits (counted in 16 bins, each expected in proportion to its fits).
#[test]
fn positions_drawn_on_large_maps_are_uniform_too() {
    let library = VaultLibrary::parse(
        "closet",
        "name: closet\ntransforms: none\nmap:\n###\n#.#\n#@#\n",
    )
    .unwrap();
    let base = open_room(160, 150);
    let drawn = picks(&base, &library, 10_000, 17);
    // Fits: every footprint inside the map less its border whose entrance has floor below
    // (the start and the exit excluded).
    let exit = base.exit();
    let bin = |x: i32, y: i32| (x * 4 / 160 * 4 + y * 4 / 150) as usize;
    let mut fits = [0.0f64; 16];
    for y in 1..=150 - 5 {
        for x in 1..=160 - 4 {
            let holds = |p: Point| (x..x + 3).contains(&p.x) && (y..y + 3).contains(&p.y);
            if !holds(base.start) && !holds(exit) {
                fits[bin(x, y)] += 1.0;
            }
        }
    }
    let mut counts = [0.0f64; 16];
    for p in &drawn {
        counts[bin(p.x, p.y)] += 1.0;
    }
    let total: f64 = fits.iter().sum();
    let expected: Vec<f64> = fits.iter().map(|f| 10_000.0 * f / total).collect();
    let chi = chi_square(&counts, &expected);
    assert!(chi < critical_001(15), "chi-square {chi}: {counts:?}");
}

#[test]
fn unique_vaults_come_once_per_dungeon() {
    let library = VaultLibrary::parse(
        "two",
        "name: once\nunique: level\nweight: 1000\nmap:\n###\n#.#\n#@#\n---\nname: many\nweight: 1\nmap:\n#@#\n",
    )
    .unwrap();
    for seed in 0..50 {
        let mut d = open_room(60, 40);
        let settings = VaultSettings {
            count: 10,
            ..VaultSettings::default()
        };
        let placed = place_vaults(&mut d, &library, &settings, &mut DungeonRng::new(seed)).unwrap();
        assert_eq!(placed, 10);
        assert_eq!(
            d.vaults.iter().filter(|p| p.name == "once").count(),
            1,
            "seed {seed}"
        );
    }
}

#[test]
fn tags_choose_the_vaults() {
    let library = VaultLibrary::builtin();
    let settings = VaultSettings {
        count: 20,
        tags: vec!["water".into(), "prison".into()],
    };
    let mut d = open_room(120, 80);
    let placed = place_vaults(&mut d, library, &settings, &mut DungeonRng::new(3)).unwrap();
    assert!(placed > 0);
    for p in &d.vaults {
        let tags = library.get(&p.name).unwrap().tags();
        assert!(
            tags.iter().any(|t| t == "water" || t == "prison"),
            "{}: {tags:?}",
            p.name
        );
    }
}

#[test]
fn fewer_fits_than_asked_is_not_an_error() {
    let settings = VaultSettings {
        count: VaultSettings::MAX_COUNT,
        ..VaultSettings::default()
    };
    let mut small = open_room(14, 10);
    let placed = place_vaults(
        &mut small,
        VaultLibrary::builtin(),
        &settings,
        &mut DungeonRng::new(1),
    )
    .unwrap();
    assert!((1..10).contains(&placed), "{placed}");
    // A map with no walkable start: nothing fits, nothing is placed.
    let mut none = Dungeon::new(Map::new(30, 20).unwrap(), Point::new(5, 5));
    assert!(
        place_vaults(
            &mut none,
            VaultLibrary::builtin(),
            &settings,
            &mut DungeonRng::new(1)
        )
        .unwrap()
            == 0
    );
    // A map smaller than every vault.
    let mut tiny = open_room(4, 4);
    assert!(
        place_vaults(
            &mut tiny,
            VaultLibrary::builtin(),
            &settings,
            &mut DungeonRng::new(1)
        )
        .unwrap()
            == 0
    );
    let mut empty = Dungeon::new(Map::new(0, 0).unwrap(), Point::new(0, 0));
    assert!(
        place_vaults(
            &mut empty,
            VaultLibrary::builtin(),
            &settings,
            &mut DungeonRng::new(1)
        )
        .unwrap()
            == 0
    );
}
