//! How a monster decides, each turn it acts: one [`Actor`] per monster.
//!
//! A monster sees the `@` exactly when the `@` sees it ([`World::sees_player`]: the
//! field of view is symmetric). What it does follows its kind's
//! [`Behaviour`]:
//!
//! * **Wanders** (rat): walks toward a tile a few steps away, then another, until it
//!   sees the `@`; then comes at it while it sees it, and soon wanders again.
//! * **Chases** (goblin, orc, troll, ogre): stays put until it sees the `@`, then walks
//!   the turn's Dijkstra map toward it ([`chase`](crate::chase)), round corners and out
//!   of sight, for its [`tracks`](crate::monster::Stats::tracks) turns after last seeing
//!   it.
//! * **Flees when hurt** (kobold): chases; at its [`flees_at`](crate::monster::Stats::flees_at)
//!   it runs down the safety map, mends, and comes back at four fifths of its hit points.
//! * **Shoots** (archer): while it sees the `@` within its range it shoots, then takes a
//!   turn to nock the next arrow (it holds its ground); it closes in along the Dijkstra
//!   map when the `@` is out of sight or range, and strikes when next to it.
//!
//! Whatever its kind, a monster next to the `@` that is after it strikes. Slow kinds act
//! every other turn; some mend. A monster of a grid room waits until the `@` stands in
//! its room, the one it stands in (Isaac's rooms), and then knows where it is and acts
//! however far; any other monster farther than [`ACTIVE_RANGE`] from the `@` waits: the
//! bound of a turn's work on a large level (a grid room is small).

use mapgen::Point;

use crate::chase::{ACTIVE_RANGE, Way};
use crate::event::Event;
use crate::monster::{Behaviour, Body};
use crate::turn::{Actor, World};

/// How far a wanderer's next goal may be, in tiles along each axis.
const WANDER_REACH: i32 = 8;

/// A hurt fleer turns back at this percent of its hit points.
const BRAVE_AGAIN_AT: i32 = 80;

/// What a monster has in mind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mind {
    /// It has not noticed the `@`: it wanders or waits, by kind.
    Unaware,
    /// It is after the `@`, and follows it this many more turns without seeing it.
    Hunting {
        /// Turns left.
        left: u32,
    },
    /// It runs from the `@` until it has mended.
    Fleeing,
}

/// One monster: its body, what it has in mind, where it wanders to, and its room.
#[derive(Debug, Clone)]
pub struct Monster {
    body: Body,
    mind: Mind,
    /// Grid dungeons: the room it lives in; it waits until the `@` stands in it.
    home: Option<usize>,
    /// A wanderer's goal.
    goal: Option<Point>,
    /// Turns a wanderer has not come nearer its goal.
    stuck: u8,
}

impl Monster {
    /// A monster in `body`, unaware, living in grid room `home` if any.
    pub fn new(body: Body, home: Option<usize>) -> Monster {
        Monster {
            body,
            mind: Mind::Unaware,
            home,
            goal: None,
            stuck: 0,
        }
    }

    /// What it has in mind.
    pub fn mind(&self) -> Mind {
        self.mind
    }

    /// Sees the `@` or not, and may turn to flee or back: what it has in mind now.
    fn notice(&mut self, world: &mut World<'_>, sees: bool) {
        let stats = self.body.kind.stats();
        let hp = self.body.hp;
        let hunting = Mind::Hunting { left: stats.tracks };
        self.mind = match self.mind {
            Mind::Fleeing if !hp.at_most_percent(BRAVE_AGAIN_AT) => {
                if sees {
                    hunting
                } else {
                    Mind::Unaware
                }
            }
            Mind::Fleeing => Mind::Fleeing,
            _ if stats.behaviour == Behaviour::FleesWhenHurt
                && hp.at_most_percent(stats.flees_at) =>
            {
                world.tell(Event::Fled {
                    kind: self.body.kind,
                });
                Mind::Fleeing
            }
            _ if sees => hunting,
            Mind::Hunting { left: 0 } | Mind::Unaware => Mind::Unaware,
            Mind::Hunting { left } => Mind::Hunting { left: left - 1 },
        };
    }

    /// A step toward a wander goal a few tiles away, a new goal when there is none, it is
    /// reached, or the way to it is blocked: a greedy step, never through a wall.
    fn wander(&mut self, world: &mut World<'_>) {
        let at = self.body.at;
        if self.goal.is_none_or(|g| g == at) || self.stuck > 2 {
            self.goal = None;
            self.stuck = 0;
            for _ in 0..4 {
                let dx = world.rng().range_inclusive(-WANDER_REACH, WANDER_REACH);
                let dy = world.rng().range_inclusive(-WANDER_REACH, WANDER_REACH);
                let goal = Point::new(at.x + dx, at.y + dy);
                if goal != at && world.map().is_walkable(goal) {
                    self.goal = Some(goal);
                    break;
                }
            }
        }
        let Some(goal) = self.goal else {
            return;
        };
        let far = |p: Point| (p.x - goal.x).pow(2) + (p.y - goal.y).pow(2);
        let mut best: Option<(i32, Point)> = None;
        for next in at.neighbours8() {
            if world.is_free(next) && far(next) < far(at) && best.is_none_or(|(d, _)| far(next) < d)
            {
                best = Some((far(next), next));
            }
        }
        match best {
            Some((_, next)) => {
                world.step_body(&mut self.body, next);
            }
            None => self.stuck += 1,
        }
    }
}

/// The larger of the distances along the two axes: 1 for a neighbour.
fn chebyshev(a: Point, b: Point) -> i32 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

impl Actor for Monster {
    fn act(&mut self, world: &mut World<'_>) {
        if !self.body.hp.is_alive() {
            return;
        }
        // Its room is the one it stands in now: one that followed the @ out of its own
        // room waited there for it to come back, for ever, keeping the doors of the
        // room it stood in shut (the room's monsters are those standing in it).
        if self.home.is_some() {
            self.home = world.room_at(self.body.at).or(self.home);
        }
        let player = world.player();
        let away = chebyshev(self.body.at, player);
        // In a grid of rooms: with the @ in another room it waits; in the same room (its
        // doors shut on them) it acts however far, or one that fled to a large room's far
        // end never mended nor came back, and the doors stayed shut for good.
        let shut_in = self.home.is_some() && self.home == world.player_room();
        let waits_for_room = self.home.is_some() && !shut_in;
        if (away > ACTIVE_RANGE && !shut_in) || waits_for_room {
            return;
        }
        let stats = self.body.kind.stats();
        let turn = world.turn();
        if stats.mends_every > 0 && turn.is_multiple_of(u64::from(stats.mends_every)) {
            self.body.hp.heal(1);
        }
        if stats.slow && (turn + u64::from(self.body.id)).is_multiple_of(2) {
            return;
        }
        let sees = world.sees_player(self.body.at);
        // Shut in a grid room with the @, a monster always knows where it is.
        self.notice(world, sees || shut_in);
        let next_to = away == 1;
        match (self.mind, stats.behaviour) {
            (Mind::Fleeing, _) => {
                if !world.step_along(&mut self.body, Way::Away) && next_to {
                    world.strike_player(&self.body, false);
                }
            }
            (Mind::Hunting { .. }, Behaviour::Shoots) => {
                if next_to {
                    world.strike_player(&self.body, false);
                } else if sees && away <= stats.range {
                    // Every other turn: a shot, then the next arrow nocked.
                    if (turn + u64::from(self.body.id)).is_multiple_of(2) {
                        world.strike_player(&self.body, true);
                    }
                } else {
                    world.step_along(&mut self.body, Way::Toward);
                }
            }
            (Mind::Hunting { .. }, _) => {
                if next_to {
                    world.strike_player(&self.body, false);
                } else {
                    world.step_along(&mut self.body, Way::Toward);
                }
            }
            (Mind::Unaware, Behaviour::Wanders) => self.wander(world),
            (Mind::Unaware, _) => {}
        }
    }

    fn boxed_clone(&self) -> Box<dyn Actor> {
        Box::new(self.clone())
    }

    fn body(&self) -> Option<&Body> {
        Some(&self.body)
    }

    fn body_mut(&mut self) -> Option<&mut Body> {
        Some(&mut self.body)
    }
}
