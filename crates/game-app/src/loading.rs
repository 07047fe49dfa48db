//! Making a level off the frame loop.
//!
//! A big valid map can take seconds to generate, and a level needs its memory of
//! explored tiles, its stairs and its minimap sized to the map. All of that is done on a
//! thread of its own ([`Loading`], a [`Background`] job), so the window keeps drawing
//! and answering keys meanwhile: it shows a "generating" notice, and `Esc` quits. Where
//! there are no threads (`wasm32-unknown-unknown`), the level is made at the second
//! poll, so that the frame of the first shows the notice.

use mapgen::GenerateError;

use game_core::level::{Level, LevelOrder};

use crate::background::{Background, Lost};

/// Why no level came of an order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The generator failed (it gave up, say).
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// The thread making the level ended without one: a bug, reported by the panic hook.
    #[error("the thread making the dungeon stopped without one")]
    Lost,
}

impl From<Lost> for LoadError {
    fn from(_: Lost) -> LoadError {
        LoadError::Lost
    }
}

/// A level being made on its own thread from a [`LevelOrder`].
#[derive(Debug)]
pub struct Loading {
    order: LevelOrder,
    job: Background<Result<Level, GenerateError>>,
}

impl Loading {
    /// Starts making `order`'s level on a new thread. Should no thread start, it is made
    /// at the second [`Loading::poll`] instead ([`Loading::without_thread`]).
    pub fn start(order: LevelOrder) -> Loading {
        let job = order.clone();
        Loading {
            order,
            job: Background::start(move || job.make()),
        }
    }

    /// Makes `order`'s level without a thread: the first [`Loading::poll`] answers
    /// nothing (a frame shows the notice), the second makes the level and hands it out.
    pub fn without_thread(order: LevelOrder) -> Loading {
        let job = order.clone();
        Loading {
            order,
            job: Background::without_thread(move || job.make()),
        }
    }

    /// What is being made.
    pub fn order(&self) -> &LevelOrder {
        &self.order
    }

    /// The level, or why there is none, once it is ready; `None` while it is being made
    /// and after it has been handed out. Never waits.
    pub fn poll(&mut self) -> Option<Result<Level, LoadError>> {
        let answer = self.job.poll()?;
        Some(answer.map_err(LoadError::from).and_then(|made| Ok(made?)))
    }

    /// Waits for the level.
    ///
    /// # Errors
    /// The generator's error, or [`LoadError::Lost`].
    pub fn wait(self) -> Result<Level, LoadError> {
        Ok(self.job.wait()??)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::grid::GridSettings;
    use mapgen::generators::rooms::RoomsSettings;
    use mapgen::generators::{Generate, Generator};

    #[test]
    fn the_level_made_off_the_loop_is_the_one_the_seed_names() {
        let rooms = Generator::Rooms(RoomsSettings::default());
        let loading = Loading::start(LevelOrder::first(rooms, 42));
        assert_eq!(loading.order().seed, 42);
        let level = loading.wait().unwrap();
        let plain = RoomsSettings::default().generate(42).unwrap();
        assert_eq!((level.seed(), level.arrival()), (42, plain.start));
        assert_eq!(level.dungeon().rooms, plain.rooms);
    }

    #[test]
    fn an_order_with_vaults_makes_the_dungeon_its_plan_names() {
        use mapgen::vaults::{VaultLibrary, VaultPlan, VaultSettings};
        let settings = VaultSettings {
            count: 4,
            ..VaultSettings::default()
        };
        let plan = VaultPlan::new(VaultLibrary::builtin().clone(), settings).unwrap();
        let rooms = Generator::Rooms(RoomsSettings::default());
        let expected = plan.generate(&rooms, 42).unwrap();
        assert!(!expected.vaults.is_empty());
        let order = LevelOrder {
            vaults: Some(plan),
            ..LevelOrder::first(rooms, 42)
        };
        let level = Loading::start(order).wait().unwrap();
        assert_eq!(level.dungeon().vaults, expected.vaults);
        assert_eq!(level.dungeon().rooms, expected.rooms);
        assert_eq!(level.arrival(), expected.start);
    }

    #[test]
    fn polling_never_waits_and_hands_the_level_out_once() {
        let grid = Generator::Grid(GridSettings::default());
        let mut loading = Loading::start(LevelOrder::first(grid, 7));
        let made = loop {
            if let Some(made) = loading.poll() {
                break made;
            }
            std::thread::yield_now();
        };
        assert_eq!(made.unwrap().seed(), 7);
        assert!(loading.poll().is_none(), "handed out once");
    }

    /// Without threads, a frame passes before the level is made, and then it is the
    /// level a thread would have made.
    #[test]
    fn without_a_thread_the_level_comes_at_the_second_poll() {
        let grid = Generator::Grid(GridSettings::default());
        let mut here = Loading::without_thread(LevelOrder::first(grid.clone(), 7));
        assert!(
            here.poll().is_none(),
            "the first poll leaves a frame for the notice"
        );
        let made = here.poll().unwrap().unwrap();
        assert!(here.poll().is_none(), "handed out once");
        let threaded = Loading::start(LevelOrder::first(grid, 7)).wait().unwrap();
        assert_eq!(made.map(), threaded.map());
        assert_eq!(made.arrival(), threaded.arrival());
    }

    #[test]
    fn a_failed_generator_reports_its_error() {
        let bad = Generator::Rooms(RoomsSettings {
            room_min_size: 12,
            room_max_size: 8,
            ..RoomsSettings::default()
        });
        let err = Loading::start(LevelOrder::first(bad, 1))
            .wait()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "room_min_size (12) is larger than room_max_size (8)"
        );
    }
}
