//! A simulated player for the planners' tests: a true map, a field of view of a given
//! radius with walls lit (as the game's), the [`Knowledge`] it feeds, and moves checked
//! against the true map.
#![allow(dead_code, reason = "each test file uses part of it")]

use game_core::explore::{ExploreStep, ExploreStop, Explorer};
use game_core::knowledge::Knowledge;
use mapgen::fov::{FieldOfView, LightWalls, Radius};
use mapgen::path::{DijkstraMap, Moves};
use mapgen::{Dungeon, Map, Point};

/// A player on a true map, seeing with a field of view and remembering.
#[derive(Debug, Clone)]
pub struct SimPlayer {
    /// The true map.
    pub map: Map,
    /// What the player knows.
    pub known: Knowledge,
    /// Where the player stands.
    pub at: Point,
    fov: FieldOfView,
    radius: Radius,
}

/// A move the simulated player refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadMove {
    /// Not one step away.
    NotANeighbour { from: Point, to: Point },
    /// Onto a tile the true map says is not walkable.
    Blocked { at: Point },
}

impl SimPlayer {
    /// A player at `dungeon.start` who sees `radius` tiles (0: unlimited) and has looked.
    pub fn in_dungeon(dungeon: &Dungeon, radius: u32) -> SimPlayer {
        SimPlayer::at(dungeon.map.clone(), dungeon.start, radius)
    }

    /// A player at `start` on `map` who has looked around once.
    pub fn at(map: Map, start: Point, radius: u32) -> SimPlayer {
        SimPlayer::knowing(map, start, radius, |known| known)
    }

    /// [`SimPlayer::at`], the knowledge made by `setup` before the first look.
    pub fn knowing(
        map: Map,
        start: Point,
        radius: u32,
        setup: impl FnOnce(Knowledge) -> Knowledge,
    ) -> SimPlayer {
        let mut player = SimPlayer {
            known: setup(Knowledge::of_size(&map)),
            fov: FieldOfView::new(map.width(), map.height()).expect("a map's size"),
            map,
            at: start,
            radius: Radius::or_unlimited(radius),
        };
        player.look();
        player
    }

    /// Computes the field of view and remembers what it shows; how many tiles were news.
    pub fn look(&mut self) -> usize {
        self.fov
            .compute(&self.map, self.at, self.radius, LightWalls::On)
            .expect("the player stands on the map");
        self.known.remember(&self.map, &self.fov)
    }

    /// Steps onto `to` (a neighbour, walkable on the true map) without looking.
    pub fn step_to(&mut self, to: Point) -> Result<(), BadMove> {
        if self.at.chebyshev(to) != 1 {
            return Err(BadMove::NotANeighbour { from: self.at, to });
        }
        if !self.map.is_walkable(to) {
            return Err(BadMove::Blocked { at: to });
        }
        self.at = to;
        Ok(())
    }
}

/// A whole auto-explore run and what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// The tiles stepped onto, in order, the start first.
    pub trail: Vec<Point>,
    /// Known tiles after each entry of `trail`.
    pub known_after: Vec<usize>,
    /// Why it stopped; `None` when `max_steps` ran out first.
    pub stop: Option<ExploreStop>,
    /// Calls that said [`ExploreStep::Searching`].
    pub searching: usize,
}

/// Explores with `explorer` until it stops (landmark stops are stepped over, as a
/// player pressing the key again) or `max_steps` moves are made.
pub fn explore_all(
    player: &mut SimPlayer,
    explorer: &mut Explorer,
    max_steps: usize,
) -> Result<Run, BadMove> {
    let mut run = Run {
        trail: vec![player.at],
        known_after: vec![player.known.known_tiles()],
        stop: None,
        searching: 0,
    };
    explorer.begin();
    // A search spread over calls ends: each call searches at least one cost level.
    let max_calls = max_steps
        .saturating_mul(2)
        .saturating_add(player.known.as_map().tiles().len() * 4);
    for _ in 0..max_calls {
        if run.trail.len() > max_steps {
            break;
        }
        match explorer.step(&player.known, player.at) {
            ExploreStep::Move(to) => {
                player.step_to(to)?;
                player.look();
                run.trail.push(to);
                run.known_after.push(player.known.known_tiles());
            }
            ExploreStep::Searching => run.searching += 1,
            ExploreStep::Stop(ExploreStop::Sighted(_)) => explorer.begin(),
            ExploreStep::Stop(why) => {
                run.stop = Some(why);
                break;
            }
        }
    }
    Ok(run)
}

/// The walkable tiles of `map` reachable from `start` under `moves`, row by row.
pub fn reachable(map: &Map, start: Point, moves: Moves) -> Vec<Point> {
    let mut from_start = DijkstraMap::default();
    if from_start.compute(map, moves, [start]).is_err() {
        return Vec::new();
    }
    from_start
        .iter()
        .filter_map(|(p, v)| v.map(|_| p))
        .collect()
}
