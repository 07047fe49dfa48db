//! The running plan: started by `o`, a click or `>`/`<` away from the stairs, advanced a
//! step at a time by [`Session::tick`] with the time passed in, stopped by what the
//! rules report, by its planner, or by any key.

use std::time::Duration;

use mapgen::fov::FovError;
use mapgen::generators::grid::RoomKind;

use super::{Session, narrate};
use crate::action::Direction;
use crate::plan::{Plan, StepsDue};
use game_core::doors::KeyKind;
use game_core::event::Event;
use game_core::explore::ExploreStep;
use game_core::game::Game;
use game_core::travel::TravelStep;
use game_core::turn::{Act, Outcome};

impl Session {
    /// Advances the running plan by the steps due after `elapsed` more time (as many as
    /// `time_left` allows with `--step-ms 0`); first computes the field of view if it is
    /// due. While the view slides between rooms the time goes to the slide and no step
    /// is taken; a step that starts a slide is the tick's last. Every step is one move (or, on a huge level, part of a search for where to
    /// go next).
    ///
    /// # Errors
    /// [`FovError`] if the `@` is off the map, which the movement rules prevent.
    pub fn tick(
        &mut self,
        elapsed: Duration,
        time_left: &mut dyn FnMut() -> bool,
    ) -> Result<(), FovError> {
        let result = self.tick_rules(elapsed, time_left);
        self.end_tick();
        result
    }

    fn tick_rules(
        &mut self,
        elapsed: Duration,
        time_left: &mut dyn FnMut() -> bool,
    ) -> Result<(), FovError> {
        if self.advance_slide(elapsed) {
            return Ok(());
        }
        if self.game.update_fov()? {
            let events = self.game.take_events();
            self.after_rules(events);
        }
        if self.plan.is_none() {
            return Ok(());
        }
        let due = self.clock.due(elapsed);
        let mut steps = 0u32;
        while self.plan.is_some() && !self.is_sliding() {
            let more = match due {
                StepsDue::Count(n) => steps < n,
                StepsDue::AsTimeAllows => steps == 0 || time_left(),
            };
            if !more {
                break;
            }
            self.step_plan();
            steps += 1;
        }
        Ok(())
    }

    /// Runs the plan until it stops, however long it takes (at most `max_steps` steps),
    /// cutting slides short: for tests and for a script's end.
    pub fn run_plan(&mut self, max_steps: usize) {
        for _ in 0..max_steps {
            self.finish_slide();
            if self.plan.is_none() {
                return;
            }
            self.step_plan();
        }
    }

    pub(super) fn start_plan(&mut self, plan: Plan) {
        if self.plans_held_back(true) {
            return;
        }
        if plan == Plan::Explore {
            self.explorer.begin();
        }
        self.plan = Some(plan);
        self.clock.start();
    }

    /// Stops the plan, saying why when there is something to say.
    pub(super) fn stop_plan(&mut self, why: Option<&str>) {
        self.plan = None;
        if let Some(line) = why {
            self.log.push(line);
        }
    }

    /// One step of the plan.
    fn step_plan(&mut self) {
        if self.plans_held_back(false) {
            return self.stop_plan(None);
        }
        if self.plan == Some(Plan::Explore) {
            self.explorer.set_doors(doors_to_open(&self.game));
        }
        let player = self.game.player();
        let to = match self.plan {
            None => return,
            Some(Plan::Explore) => match self.explorer.step(self.game.known(), player) {
                ExploreStep::Move(to) => to,
                ExploreStep::Searching => return,
                ExploreStep::Stop(why) => {
                    let line = narrate::explore_stop(why, &self.game);
                    return self.stop_plan(line.as_deref());
                }
            },
            Some(Plan::Travel { .. }) => match self.walker.step(self.game.known(), player) {
                TravelStep::Move(to) => to,
                TravelStep::Arrived => return self.stop_plan(None),
                TravelStep::Stop(no) => return self.stop_plan(Some(&narrate::no_route(no))),
            },
        };
        // A plan never walks into a monster: a bump would be a blow.
        if self.game.monster_seen_at(to).is_some() {
            return self.stop_plan(Some("Something is in the way."));
        }
        let moved = Direction::from_step(to - player)
            .is_some_and(|d| self.play(Act::Move(d)) == Outcome::Taken);
        if !moved {
            // The planners step only onto known floor next to the @: not reached.
            self.stop_plan(Some("Something is in the way."));
        }
    }

    /// Plays a turn of `act`, then tells its events.
    pub(super) fn play(&mut self, act: Act) -> Outcome {
        let turn = self.game.turn(act);
        self.after_rules(turn.events);
        self.after_turn();
        turn.outcome
    }

    /// Tells `events`, stops auto-explore on those that call for it, and forgets the
    /// planners' state when the level changed.
    pub(super) fn after_rules(&mut self, events: Vec<Event>) {
        let mut level_changed = false;
        for event in events {
            if let Some(line) = narrate::line(&event, &self.game) {
                self.log.push(&line);
            }
            // A new room stops any plan (the grid of rooms is played room by room);
            // stairs first seen stop auto-explore.
            let stops = match event {
                Event::SawStairs { .. } => self.plan == Some(Plan::Explore),
                Event::EnteredRoom { kind, .. } => kind != RoomKind::Start,
                _ => super::threat::stops_plans(&event),
            };
            if stops {
                self.plan = None;
            }
            if let Event::ChangedLevel { .. } = event {
                self.plan = None;
                self.forget_plans();
                level_changed = true;
            }
        }
        self.follow_room(level_changed);
    }
}

/// The coloured locked doors the player knows and holds the key of: auto-explore goes
/// to them and stops there. (Isaac's doors are left to the player, as before.)
fn doors_to_open(game: &Game) -> Vec<mapgen::Point> {
    let level = game.level();
    let coloured = level.known_locks().filter(|d| d.key != KeyKind::Any);
    coloured
        .filter(|d| game.holds(d.key))
        .map(|d| d.at)
        .collect()
}
