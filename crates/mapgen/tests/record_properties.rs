//! Recorded generation, for every generator over many seeds: recording never changes the
//! dungeon, each step sets only tiles that change, the steps replay to the final map tile
//! for tile, and frames keep their bound and replay to the same map.

use mapgen::generators::{Generator, GeneratorKind};
use mapgen::record::{DiffRecorder, Recorder, Recording};
use mapgen::{Map, Point, Tile};
use proptest::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering};

/// Counts the cases of a property and those that checked less than they were drawn for
/// (settings refused, so defaults used; a seed the generator gives up on), and fails
/// once the latter are more than one in twenty (two allowed before that can be told).
struct Skips {
    cases: AtomicU32,
    skipped: AtomicU32,
}

impl Skips {
    const fn new() -> Skips {
        Skips {
            cases: AtomicU32::new(0),
            skipped: AtomicU32::new(0),
        }
    }

    fn case(&self) {
        self.cases.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a skipped case; an error when skips are no longer rare.
    fn skip(&self, why: &str) -> Result<(), TestCaseError> {
        let skipped = self.skipped.fetch_add(1, Ordering::Relaxed) + 1;
        let cases = self.cases.load(Ordering::Relaxed);
        prop_assert!(
            skipped <= cases / 20 + 2,
            "{skipped} of {cases} cases skipped, the last because {why}"
        );
        Ok(())
    }
}

/// A generator of `kind` with its map size, room count or stage drawn from `pick`, the
/// rest default; false, with its defaults, when it has none of these or refuses the pick
/// (a case that varies nothing, counted).
fn generator(kind: GeneratorKind, pick: u32) -> (Generator, bool) {
    let mut generator = Generator::with_defaults(kind);
    let (w, h) = (9 + (pick % 90) as i32, 9 + (pick / 90 % 60) as i32);
    match &mut generator {
        Generator::Rooms(s) => (s.width, s.height, s.room_max_size) = (w, h, 8),
        Generator::Maze(s) => (s.width, s.height) = (w | 1, h | 1),
        Generator::RoomsAndMazes(s) => (s.width, s.height) = (w | 1, h | 1),
        Generator::Caves(s) => (s.width, s.height) = (w, h),
        Generator::Drunkard(s) => (s.width, s.height) = (w, h),
        Generator::Dla(s) => (s.width, s.height) = (w, h),
        Generator::Bsp(s) => (s.width, s.height) = (w.max(40), h.max(40)),
        Generator::Grid(s) => s.room_count = 2 + pick % 20,
        Generator::Isaac(s) => s.stage = 1 + pick % 12,
        Generator::BspInterior(s) => (s.width, s.height) = (w.max(20), h.max(20)),
        Generator::Voronoi(s) => (s.width, s.height) = (w.max(20), h.max(20)),
        Generator::Wfc(s) => (s.width, s.height) = (w.max(16), h.max(16)),
        // A generator added since: defaults until it gets a pick here.
        _ => return (generator, false),
    }
    if generator.validate().is_err() {
        return (Generator::with_defaults(kind), false);
    }
    (generator, true)
}

static RECORDING: Skips = Skips::new();

/// Replays `recording` step by step, failing on a step that sets a tile outside the map
/// or to the tile it already holds (a diff holds only changes); returns the map.
fn replay_checking_each_change(recording: &Recording) -> Result<Map, TestCaseError> {
    let mut map = Map::new(recording.width(), recording.height()).unwrap();
    for step in recording.steps() {
        for &(p, tile) in step.set {
            prop_assert!(map.in_bounds(p), "{}: {p:?} off the map", step.caption);
            prop_assert_ne!(
                map.tile(p),
                tile,
                "{}: {:?} set to what it held",
                step.caption,
                p
            );
            map.set(p, tile);
        }
    }
    Ok(map)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn recording_is_exact_and_changes_nothing(
        kind in proptest::sample::select(GeneratorKind::ALL),
        pick in any::<u32>(),
        seed in any::<u64>(),
        max_frames in 1usize..400,
    ) {
        RECORDING.case();
        let (generator, picked) = generator(kind, pick);
        if !picked {
            RECORDING.skip(&format!("{kind} refused pick {pick}: its defaults"))?;
        }
        let plain = generator.generate(seed);
        let recorded = generator.record(seed);
        let (dungeon, recording) = match (plain, recorded) {
            (Ok(plain), Ok((dungeon, recording))) => {
                prop_assert_eq!(&plain, &dungeon, "recording changed the dungeon");
                (dungeon, recording)
            }
            (Err(a), Err(b)) => {
                prop_assert_eq!(&a, &b);
                return RECORDING.skip(&format!("{kind} gave up on seed {seed}: {a}"));
            }
            (a, b) => return Err(TestCaseError::fail(format!("{a:?} against {:?}", b.map(|r| r.0)))),
        };
        prop_assert_eq!((recording.width(), recording.height()), (dungeon.map.width(), dungeon.map.height()));
        prop_assert_eq!(&replay_checking_each_change(&recording)?, &dungeon.map);
        prop_assert_eq!(&recording.replay().unwrap(), &dungeon.map);
        // Every generator shows its work (on a small map one walker may do it all), and
        // says what each step is.
        prop_assert!(!recording.is_empty(), "{}: no steps", kind);
        prop_assert!(recording.steps().all(|s| !s.caption.text().is_empty()));

        let frames = recording.frames(max_frames);
        prop_assert_eq!(frames.len(), recording.len().min(max_frames));
        let mut map = Map::new(recording.width(), recording.height()).unwrap();
        for frame in &frames {
            frame.apply(&mut map);
        }
        prop_assert_eq!(&map, &dungeon.map);
        let last_step = recording.steps().last().map(|s| s.caption);
        prop_assert_eq!(frames.last().map(|f| f.caption), last_step);
    }
}

#[test]
fn every_generator_reports_its_stages() {
    let captions = |kind: GeneratorKind| -> Vec<String> {
        let (_, recording) = Generator::with_defaults(kind).record(3).unwrap();
        let mut texts: Vec<String> = recording
            .steps()
            .map(|s| s.caption.text().to_string())
            .collect();
        texts.dedup();
        texts
    };
    let expected: &[(&str, &[&str])] = &[
        ("rooms", &["room", "corridors joined"]),
        ("grid", &["room"]),
        ("isaac", &["room", "doors"]),
        ("bsp", &["room", "corridor"]),
        ("bsp-interior", &["floor inside the border", "wall"]),
        ("maze", &["passage"]),
        (
            "rooms-and-mazes",
            &[
                "rooms placed",
                "passage",
                "regions connected",
                "dead ends filled",
            ],
        ),
        (
            "caves",
            &["random fill", "smoothing pass", "regions joined"],
        ),
        ("drunkard", &["walker"]),
        ("dla", &["particle stuck"]),
        (
            "voronoi",
            &[
                "cells walled",
                "cells opened",
                "regions joined",
                "extra openings",
            ],
        ),
        ("wfc", &["cell observed", "finished"]),
    ];
    for &kind in GeneratorKind::ALL {
        let (_, wanted) = expected
            .iter()
            .find(|(name, _)| *name == kind.name())
            .unwrap_or_else(|| panic!("{kind}: add its stages here"));
        let got = captions(kind);
        for caption in *wanted {
            assert!(
                got.iter().any(|c| c == caption),
                "{kind}: no {caption:?} in {got:?}"
            );
        }
        assert!(
            !got.iter().any(|c| c == "done"),
            "{kind}: work after its last report: {got:?}"
        );
    }
}

#[test]
fn many_steps_are_thinned_and_still_exact() {
    let (w, h) = (200, 200);
    let mut map = Map::new(w, h).unwrap();
    let mut recorder = DiffRecorder::new();
    let steps = 5000;
    for i in 0..steps {
        map.set(Point::new(i % w, i / w % h), Tile::FLOOR);
        recorder.step("tile", &map);
    }
    recorder.stage("all set", &map);
    let recording = recorder.finish(&map);
    assert_eq!(recording.replay().unwrap(), map);
    // 2^24 tiles compared per level of thinning: 419 steps of 40,000 tiles, then every
    // other step, every fourth, every eighth.
    let kept = recording.len();
    assert!(kept < 419 * 4 + 2, "{kept} steps kept of {steps}");
    assert!(kept > 419 * 3, "{kept} steps kept of {steps}");
    let last = recording.steps().last().unwrap().caption;
    assert_eq!(last.to_string(), "all set");
    // Steps keep their number among their caption's steps, kept or not.
    let numbers: Vec<u32> = recording
        .steps()
        .filter_map(|s| s.caption.number())
        .collect();
    assert_eq!(numbers[..3], [1, 2, 3]);
    assert!(numbers.windows(2).all(|n| n[0] < n[1]));
    assert!(*numbers.last().unwrap() > 4900);
}

#[test]
fn steps_are_numbered_by_caption_across_other_reports() {
    let mut map = Map::new(6, 3).unwrap();
    let mut recorder = DiffRecorder::new();
    for (x, caption) in [(1, "room"), (2, "corridor"), (3, "room"), (4, "corridor")] {
        map.set((x, 1), Tile::FLOOR);
        recorder.step(caption, &map);
    }
    recorder.stage("joined", &map);
    map.set((4, 1), Tile::DOOR);
    recorder.step("room", &map);
    let captions: Vec<String> = recorder
        .finish(&map)
        .steps()
        .map(|s| s.caption.to_string())
        .collect();
    assert_eq!(
        captions,
        [
            "room 1",
            "corridor 1",
            "room 2",
            "corridor 2",
            "joined",
            "room 3"
        ]
    );
}

#[test]
fn vault_stamping_is_recorded_exactly_for_every_generator() {
    use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
    let settings = VaultSettings {
        count: 6,
        ..VaultSettings::default()
    };
    let plan = VaultPlan::new(VaultLibrary::builtin().clone(), settings).unwrap();
    let mut placed = 0;
    for &kind in GeneratorKind::ALL {
        let generator = Generator::with_defaults(kind);
        for seed in 0..20 {
            let (dungeon, recording) = plan.record(&generator, seed).unwrap();
            assert_eq!(
                dungeon,
                plan.generate(&generator, seed).unwrap(),
                "{kind} {seed}"
            );
            assert_eq!(recording.replay().unwrap(), dungeon.map, "{kind} {seed}");
            let stamped = recording
                .steps()
                .filter(|s| s.caption.text() == "vault placed")
                .count();
            assert_eq!(stamped, dungeon.vaults.len(), "{kind} {seed}");
            placed += stamped;
        }
    }
    assert!(placed > 100, "{placed} vaults placed in all");
}
