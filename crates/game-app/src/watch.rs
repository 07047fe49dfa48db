//! Watching the current level being made (`W`, and every new level with `--watch`): its
//! generation recorded again from its generator and seed (a seed names one dungeon, so it
//! is the level in play), played back in a few seconds, the stage on the panel.
//!
//! Which frame shows is a function of the time since the start ([`Watch::show_until`]),
//! so playback keeps its pace whatever the frame rate.
//!
//! ```
//! use std::time::Duration;
//! use game_app::watch::{Watch, WATCH_TIME};
//! use mapgen::generators::Generator;
//! use mapgen::generators::caves::CavesSettings;
//!
//! let generator = Generator::from(CavesSettings::default());
//! let mut watch = Watch::new(&generator, 7, None)?;
//! assert!(watch.map().tiles().iter().all(|t| !t.walkable)); // all wall at first
//! watch.show_until(WATCH_TIME / 2);
//! assert!(!watch.is_done() && watch.caption().starts_with("smoothing pass"));
//! watch.show_until(WATCH_TIME);
//! assert!(watch.is_done());
//! assert_eq!(watch.map(), &generator.generate(7)?.map);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use mapgen::generators::Generator;

use crate::background::Background;
use mapgen::vaults::VaultPlan;
use mapgen::{GenerateError, Map, Point, Tile};

/// The most frames a playback shows.
pub const WATCH_FRAMES: usize = 240;
/// How long a playback takes, start to finish.
pub const WATCH_TIME: Duration = Duration::from_secs(4);
/// How long the finished level stays on screen before play resumes.
pub const WATCH_HOLD: Duration = Duration::from_secs(1);

/// One frame: the stage it ends on and the tiles it sets.
#[derive(Debug, Clone)]
struct Frame {
    caption: String,
    set: Vec<(Point, Tile)>,
}

/// A level's generation being played back.
#[derive(Debug, Clone)]
pub struct Watch {
    frames: Vec<Frame>,
    /// Frames applied to `map` so far.
    shown: usize,
    map: Map,
}

impl Watch {
    /// The generation of the level `generator` makes from `seed`, with `vaults` stamped
    /// after it as the game does, all wall to begin with.
    ///
    /// # Errors
    /// As [`Generator::generate`]: the settings, or the generator gave up on the seed.
    pub fn new(
        generator: &Generator,
        seed: u64,
        vaults: Option<&VaultPlan>,
    ) -> Result<Watch, GenerateError> {
        let (_, recording) = match vaults {
            Some(plan) => plan.record(generator, seed)?,
            None => generator.record(seed)?,
        };
        let frames = recording
            .frames(WATCH_FRAMES)
            .iter()
            .map(|step| Frame {
                caption: step.caption.to_string(),
                set: step.set.to_vec(),
            })
            .collect();
        Ok(Watch {
            frames,
            shown: 0,
            map: Map::new(recording.width(), recording.height())?,
        })
    }

    /// Shows every frame due `elapsed` after the start of the playback.
    pub fn show_until(&mut self, elapsed: Duration) {
        let total = self.frames.len();
        let due = elapsed.as_micros() * total as u128 / WATCH_TIME.as_micros().max(1);
        self.show(usize::try_from(due).unwrap_or(total).min(total));
    }

    /// Skips to the end: the level as generated.
    pub fn finish(&mut self) {
        self.show(self.frames.len());
    }

    fn show(&mut self, frames: usize) {
        for frame in &self.frames[self.shown.min(frames)..frames] {
            for &(p, tile) in &frame.set {
                self.map.set(p, tile);
            }
        }
        self.shown = self.shown.max(frames);
    }

    /// True once the last frame shows.
    pub fn is_done(&self) -> bool {
        self.shown == self.frames.len()
    }

    /// The map as far as it has been made.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The stage the last frame shown ends on; "start" before the first.
    pub fn caption(&self) -> &str {
        self.shown
            .checked_sub(1)
            .and_then(|i| self.frames.get(i))
            .map_or("start", |frame| &frame.caption)
    }
}

/// `W` from start to end: the level's making recorded off the frame loop (a 3000 x 3000
/// maze takes seconds), then played back. Any key cancels the recording or skips the
/// playback.
#[derive(Debug)]
pub enum Playback {
    /// Being recorded on a thread of its own.
    Recording(Background<Result<Watch, GenerateError>>),
    /// Being played back, for this long so far.
    Playing(Watch, Duration),
}

/// Where a [`Playback`] is after a frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Progress {
    /// Still recording or playing.
    Goes,
    /// Played to the end and held, skipped, or cancelled: back to the game.
    Over,
    /// The recording failed: why, in a sentence.
    Failed(String),
}

impl Playback {
    /// Starts recording the level `generator` makes from `seed` (with `vaults`).
    pub fn start(generator: &Generator, seed: u64, vaults: Option<&VaultPlan>) -> Playback {
        let (generator, vaults) = (generator.clone(), vaults.cloned());
        Playback::Recording(Background::start(move || {
            Watch::new(&generator, seed, vaults.as_ref())
        }))
    }

    /// Moves on by a frame of `elapsed`; `skipped` when the player pressed a key.
    pub fn advance(&mut self, elapsed: Duration, skipped: bool) -> Progress {
        match self {
            Playback::Recording(_) if skipped => Progress::Over,
            Playback::Recording(job) => match job.poll() {
                None => Progress::Goes,
                Some(Ok(Ok(watch))) => {
                    // The frame the recording arrives in shows its start.
                    *self = Playback::Playing(watch, Duration::ZERO);
                    Progress::Goes
                }
                Some(Ok(Err(e))) => Progress::Failed(e.to_string()),
                Some(Err(lost)) => Progress::Failed(lost.to_string()),
            },
            Playback::Playing(_, _) if skipped => Progress::Over,
            Playback::Playing(watch, played) => {
                *played += elapsed;
                watch.show_until(*played);
                match *played >= WATCH_TIME + WATCH_HOLD {
                    true => Progress::Over,
                    false => Progress::Goes,
                }
            }
        }
    }

    /// The playback, once it plays.
    pub fn watch(&self) -> Option<&Watch> {
        match self {
            Playback::Recording(_) => None,
            Playback::Playing(watch, _) => Some(watch),
        }
    }

    /// The line the panel shows meanwhile.
    pub fn caption(&self) -> String {
        match self {
            Playback::Recording(_) => "Recording how the level was made (any key cancels)".into(),
            Playback::Playing(watch, _) => {
                format!("Making the level: {} (any key skips)", watch.caption())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::GeneratorKind;

    #[test]
    fn every_generators_playback_ends_on_the_level() {
        for &kind in GeneratorKind::ALL {
            let generator = Generator::with_defaults(kind);
            let mut watch = Watch::new(&generator, 11, None).unwrap();
            assert_eq!(watch.caption(), "start");
            let mut frames_seen = 0;
            let mut last = watch.map().clone();
            for tenth in 0..=10 {
                watch.show_until(WATCH_TIME * tenth / 10);
                if *watch.map() != last {
                    frames_seen += 1;
                    last = watch.map().clone();
                }
            }
            assert!(watch.is_done(), "{kind}");
            assert!(frames_seen >= 1, "{kind}");
            assert_eq!(watch.map(), &generator.generate(11).unwrap().map, "{kind}");
        }
    }

    #[test]
    fn skipping_shows_the_level_at_once_and_time_never_goes_back() {
        let generator = Generator::with_defaults(GeneratorKind::ALL[0]);
        let mut watch = Watch::new(&generator, 3, None).unwrap();
        watch.show_until(WATCH_TIME / 3);
        let caption = watch.caption().to_string();
        assert!(!watch.is_done() && caption.starts_with("room"), "{caption}");
        let partly = watch.map().clone();
        watch.show_until(Duration::ZERO);
        assert_eq!(watch.map(), &partly);
        watch.finish();
        assert!(watch.is_done());
        assert_eq!(watch.map(), &generator.generate(3).unwrap().map);
        watch.show_until(Duration::MAX);
        assert!(watch.is_done());
    }

    #[test]
    fn the_vaults_are_stamped_last_as_in_the_level() {
        use mapgen::vaults::{VaultLibrary, VaultSettings};
        let plan =
            VaultPlan::new(VaultLibrary::builtin().clone(), VaultSettings::default()).unwrap();
        let generator = Generator::with_defaults(GeneratorKind::ALL[0]);
        let mut watch = Watch::new(&generator, 4, Some(&plan)).unwrap();
        watch.finish();
        assert_eq!(watch.map(), &plan.generate(&generator, 4).unwrap().map);
        assert!(
            watch.caption().starts_with("vault placed"),
            "{}",
            watch.caption()
        );
    }

    /// Plays a [`Playback`] at 30 frames a second until it is over, at most `frames`.
    fn play(playback: &mut Playback, frames: usize) -> (Progress, usize) {
        let frame = Duration::from_millis(33);
        for n in 1..=frames {
            match playback.advance(frame, false) {
                Progress::Goes => std::thread::sleep(Duration::from_millis(1)),
                other => return (other, n),
            }
        }
        (Progress::Goes, frames)
    }

    #[test]
    fn a_playback_records_off_the_loop_then_plays_and_ends_on_the_level() {
        let generator = Generator::with_defaults(GeneratorKind::ALL[0]);
        let mut playback = Playback::start(&generator, 5, None);
        assert!(playback.watch().is_none(), "recording first");
        assert!(playback.caption().contains("any key cancels"));
        let mut last_map = None;
        let (progress, _) = {
            let mut frames = 0;
            loop {
                frames += 1;
                assert!(frames < 100_000, "the recording never came");
                let progress = playback.advance(Duration::from_millis(33), false);
                if let Some(watch) = playback.watch() {
                    last_map = Some(watch.map().clone());
                }
                if progress != Progress::Goes {
                    break (progress, frames);
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        };
        assert_eq!(progress, Progress::Over);
        assert_eq!(last_map.unwrap(), generator.generate(5).unwrap().map);
    }

    #[test]
    fn any_key_cancels_the_recording_and_skips_the_playback() {
        let generator = Generator::with_defaults(GeneratorKind::ALL[0]);
        let mut recording = Playback::start(&generator, 5, None);
        assert_eq!(recording.advance(Duration::ZERO, true), Progress::Over);
        let watch = Watch::new(&generator, 5, None).unwrap();
        let mut playing = Playback::Playing(watch, Duration::ZERO);
        assert!(playing.caption().starts_with("Making the level"));
        assert_eq!(
            playing.advance(Duration::from_millis(33), false),
            Progress::Goes
        );
        assert_eq!(playing.advance(Duration::ZERO, true), Progress::Over);
        // Played whole, the level holds a moment, then play resumes.
        let watch = Watch::new(&generator, 5, None).unwrap();
        let (progress, frames) = play(&mut Playback::Playing(watch, Duration::ZERO), 1000);
        assert_eq!(progress, Progress::Over);
        let held = (WATCH_TIME + WATCH_HOLD).as_millis() / 33;
        assert!(frames as u128 >= held, "{frames}");
    }

    #[test]
    fn a_recording_that_fails_says_why() {
        use mapgen::generators::rooms::RoomsSettings;
        let bad = Generator::from(RoomsSettings {
            width: 0,
            ..RoomsSettings::default()
        });
        let mut playback = Playback::start(&bad, 1, None);
        let (progress, _) = play(&mut playback, 100_000);
        let Progress::Failed(why) = progress else {
            panic!("{progress:?}");
        };
        assert!(why.contains("width"), "{why}");
    }
}
