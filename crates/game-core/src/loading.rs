//! Making a dungeon off the frame loop.
//!
//! A big valid map can take seconds to generate, and a game in it needs its memory of
//! explored tiles, its field of view and its minimap sized to the map. All of that is
//! done on a thread of its own ([`Loading`]), so the window keeps drawing and answering
//! keys meanwhile: it shows a "generating" notice, and `Esc` quits.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use mapgen::GenerateError;
use mapgen::generators::Generator;
use mapgen::vaults::VaultPlan;

use crate::state::Game;

/// A dungeon to make: the generator with its settings, the seed, and the vaults to stamp.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DungeonOrder {
    /// The generator and its settings.
    pub generator: Generator,
    /// The seed.
    pub seed: u64,
    /// `--vaults`: placed from the seed's stream after the generator ([`VaultPlan::generate`]).
    pub vaults: Option<VaultPlan>,
}

impl DungeonOrder {
    /// The game in the ordered dungeon, the `@` at its start, seeing `fov_radius` tiles.
    ///
    /// # Errors
    /// The generator's error.
    pub fn make(&self, fov_radius: u32) -> Result<Game, GenerateError> {
        let Some(vaults) = &self.vaults else {
            return Game::new(self.generator.clone(), self.seed, fov_radius);
        };
        let dungeon = vaults.generate(&self.generator, self.seed)?;
        Ok(Game::from_dungeon(
            self.generator.clone(),
            self.seed,
            dungeon,
            fov_radius,
        ))
    }
}

/// Why no game came of an order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The generator failed (it gave up, say).
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// The thread making the game ended without one: a bug, reported by the panic hook.
    #[error("the thread making the dungeon stopped without one")]
    Lost,
}

/// A game being made on its own thread from a [`DungeonOrder`].
#[derive(Debug)]
pub struct Loading {
    order: DungeonOrder,
    state: State,
}

#[derive(Debug)]
enum State {
    /// The thread's answer is still to come.
    Waiting(Receiver<Result<Game, GenerateError>>),
    /// Made without a thread (none could be started), not yet handed out.
    Ready(Box<Result<Game, GenerateError>>),
    /// Handed out.
    Taken,
}

impl Loading {
    /// Starts making `order`'s game, seeing `fov_radius` tiles, on a new thread. Should no
    /// thread start, it is made here and now instead.
    pub fn start(order: DungeonOrder, fov_radius: u32) -> Loading {
        let (sender, receiver) = mpsc::channel();
        let job = order.clone();
        let spawned = thread::Builder::new()
            .name("generate".to_string())
            .spawn(move || {
                // The receiver is gone only if the game quit meanwhile: nothing to tell.
                let _ = sender.send(job.make(fov_radius));
            });
        let state = match spawned {
            Ok(_) => State::Waiting(receiver),
            Err(_) => State::Ready(Box::new(order.make(fov_radius))),
        };
        Loading { order, state }
    }

    /// What is being made.
    pub fn order(&self) -> &DungeonOrder {
        &self.order
    }

    /// The game, or why there is none, once it is ready; `None` while it is being made
    /// and after it has been handed out. Never waits.
    pub fn poll(&mut self) -> Option<Result<Game, LoadError>> {
        let answer = match &self.state {
            State::Waiting(receiver) => match receiver.try_recv() {
                Ok(made) => made.map_err(LoadError::from),
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => Err(LoadError::Lost),
            },
            State::Ready(_) => match std::mem::replace(&mut self.state, State::Taken) {
                State::Ready(made) => return Some(made.map_err(LoadError::from)),
                _ => return None,
            },
            State::Taken => return None,
        };
        self.state = State::Taken;
        Some(answer)
    }

    /// Waits for the game.
    ///
    /// # Errors
    /// The generator's error, or [`LoadError::Lost`].
    pub fn wait(mut self) -> Result<Game, LoadError> {
        match std::mem::replace(&mut self.state, State::Taken) {
            State::Waiting(receiver) => receiver
                .recv()
                .map_err(|_| LoadError::Lost)?
                .map_err(LoadError::from),
            State::Ready(made) => made.map_err(LoadError::from),
            State::Taken => Err(LoadError::Lost),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapgen::generators::Generate;
    use mapgen::generators::grid::GridSettings;
    use mapgen::generators::rooms::RoomsSettings;

    fn order(generator: Generator, seed: u64) -> DungeonOrder {
        DungeonOrder {
            generator,
            seed,
            vaults: None,
        }
    }

    #[test]
    fn the_game_made_off_the_loop_is_the_one_the_seed_names() {
        let rooms = Generator::Rooms(RoomsSettings::default());
        let loading = Loading::start(order(rooms.clone(), 42), 10);
        assert_eq!(loading.order().seed, 42);
        let game = loading.wait().unwrap();
        assert_eq!(
            game.dungeon(),
            &RoomsSettings::default().generate(42).unwrap()
        );
        assert_eq!((game.seed(), game.fov_radius()), (42, 10));
        assert_eq!(game.player(), game.dungeon().start);
    }

    #[test]
    fn an_order_with_vaults_makes_the_dungeon_its_plan_names() {
        use mapgen::vaults::{VaultLibrary, VaultSettings};
        let settings = VaultSettings {
            count: 4,
            ..VaultSettings::default()
        };
        let plan = VaultPlan::new(VaultLibrary::builtin().clone(), settings).unwrap();
        let rooms = Generator::Rooms(RoomsSettings::default());
        let expected = plan.generate(&rooms, 42).unwrap();
        assert!(!expected.vaults.is_empty());
        let order = DungeonOrder {
            vaults: Some(plan),
            ..order(rooms, 42)
        };
        let game = Loading::start(order, 10).wait().unwrap();
        assert_eq!(game.dungeon(), &expected);
        assert_eq!(game.player(), expected.start);
    }

    #[test]
    fn polling_never_waits_and_hands_the_game_out_once() {
        let grid = Generator::Grid(GridSettings::default());
        let mut loading = Loading::start(order(grid, 7), 10);
        let mut polls = 0u64;
        let made = loop {
            polls += 1;
            if let Some(made) = loading.poll() {
                break made;
            }
            std::thread::yield_now();
        };
        assert!(polls >= 1);
        assert_eq!(made.unwrap().seed(), 7);
        assert!(loading.poll().is_none(), "handed out once");
    }

    #[test]
    fn a_failed_generator_reports_its_error() {
        let bad = Generator::Rooms(RoomsSettings {
            room_min_size: 12,
            room_max_size: 8,
            ..RoomsSettings::default()
        });
        let err = Loading::start(order(bad, 1), 10).wait().unwrap_err();
        assert_eq!(
            err.to_string(),
            "room_min_size (12) is larger than room_max_size (8)"
        );
    }
}
