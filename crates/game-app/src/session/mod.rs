//! A session of play: the rules, the mode, the running plan, the message log, the
//! camera, the view toggles and the generator menu, and where each input goes.
//!
//! Inputs are read through the key table of the current mode
//! ([`action_for`]). Moves go to the rules ([`Game`]), whose events come back as log
//! lines (`narrate.rs`); `o`, a click and `>`/`<` away from the stairs start a running
//! plan that [`Session::tick`] advances a step at a time (`running.rs`), and any key
//! stops it. `>` on the down stairs of the deepest level and `R` order a new level, which
//! the window makes off the frame loop ([`Session::request`], then [`Session::install`])
//! or [`Session::apply`] makes at once. `F` and `Esc` in play are the window's: they come
//! back as a [`Response`].

mod fights;
#[cfg(test)]
mod lock_tests;
mod narrate;
#[cfg(test)]
mod room_tests;
mod rooms;
mod running;
#[cfg(test)]
mod tests;
mod threat;

pub use narrate::a_level;

use mapgen::generators::grid::GridRoom;
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::vaults::VaultPlan;
use mapgen::{GenerateError, Point};

use crate::action::{Action, Input, Vertical, Works, action_for};
use crate::camera::Camera;
use crate::log::MessageLog;
use crate::menu::{GeneratorMenu, different_seed};
use crate::mode::Mode;
use crate::plan::{DEFAULT_STEP_MS, Plan, PlanClock};
use crate::slide::DEFAULT_SLIDE_MS;
use crate::view::ViewToggles;
use crate::viewport::Viewport;
use game_core::descent::Descent;
use game_core::explore::{Explorer, GAME_SEARCH_BUDGET};
use game_core::game::Game;
use game_core::level::{Level, LevelOrder, Purpose};
use game_core::look::LookState;
use game_core::travel::Travel;
use game_core::turn::{Act, Outcome};

/// What the window must do after an input, besides redrawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Response {
    /// Nothing beyond redrawing.
    Continue,
    /// Switch to the next font.
    NextFont,
    /// Play back the making of the level in play ([`crate::watch`]).
    Watch,
    /// Leave the game.
    Quit,
}

/// What an input asks of the window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// Done here; the window does what the response says.
    Done(Response),
    /// A new level (`>` on the deepest stairs, `R`): make it, then [`Session::install`].
    Generate(LevelOrder),
}

/// Everything the window keeps of a game besides its own things (fonts, timings).
#[derive(Debug, Clone)]
pub struct Session {
    game: Game,
    view: ViewToggles,
    menu: GeneratorMenu,
    descent: Descent,
    mode: Mode,
    plan: Option<Plan>,
    clock: PlanClock,
    /// Auto-explore's planner; forgets its target on a level change.
    explorer: Explorer,
    /// The travel being walked.
    walker: Travel,
    /// The routes shown under the mouse and to the look cursor (its own planner, so
    /// hovering never changes a walk under way).
    pointer: Travel,
    /// The map tile under the mouse, in play.
    hover: Option<Point>,
    /// The route shown this frame, the `@` first.
    route: Vec<Point>,
    log: MessageLog,
    camera: Camera,
    /// Grid of rooms: the room the view shows.
    room: Option<usize>,
    /// The slide between rooms under way.
    sliding: Option<rooms::Sliding>,
    /// How long a slide lasts (`--slide-ms`).
    slide_ms: u32,
    /// Slides so far (cuts included).
    slides: u64,
    /// The first key pressed during a slide, applied after it.
    kept: Option<Input>,
}

impl Session {
    /// A session around `game`, in play, with every level made by its first level's
    /// generator, `G` cycling through the other kinds' defaults, and plans stepping
    /// every [`DEFAULT_STEP_MS`].
    pub fn new(game: Game) -> Session {
        let first = game.levels()[0].generator().clone();
        let mut session = Session {
            menu: GeneratorMenu::new(&first),
            descent: Descent::new(game.seed(), first),
            view: ViewToggles::default(),
            mode: Mode::Play,
            plan: None,
            clock: PlanClock::new(DEFAULT_STEP_MS),
            explorer: Explorer::new().with_search_budget(GAME_SEARCH_BUDGET),
            walker: Travel::new(),
            pointer: Travel::new(),
            hover: None,
            route: Vec::new(),
            log: MessageLog::new(),
            camera: Camera::new(),
            room: None,
            sliding: None,
            slide_ms: DEFAULT_SLIDE_MS,
            slides: 0,
            kept: None,
            game,
        };
        session.follow_room(true);
        session.welcome();
        session
    }

    /// The same session, with `G` cycling through `choices` (one generator per kind; the
    /// binary builds them from the flags) instead of the other kinds' defaults.
    #[must_use]
    pub fn with_generator_choices(mut self, choices: Vec<Generator>) -> Session {
        self.menu = self.menu.with_choices(choices);
        self
    }

    /// The same session, `G` skipping the kinds of `skipped`, each with why its settings
    /// cannot make a level (as the flags name them).
    #[must_use]
    pub fn with_skipped_generators(mut self, skipped: Vec<(GeneratorKind, String)>) -> Session {
        self.menu = self.menu.with_skipped(skipped);
        self
    }

    /// The same session with one generator per depth (`--levels`; the last repeated).
    /// The first level is already made: give it the list's first generator.
    #[must_use]
    pub fn with_levels(mut self, generators: Vec<Generator>) -> Session {
        self.descent = self.descent.with_levels(generators);
        self
    }

    /// The same session with `vaults` stamped into every level made from now on
    /// (`--vaults`; the first level's order carries them too).
    #[must_use]
    pub fn with_vaults(mut self, vaults: Option<VaultPlan>) -> Session {
        self.descent = self.descent.with_vaults(vaults);
        self
    }

    /// The same session with up to `locks` coloured locks on every level made from now
    /// on (`--locks`; the first level's order carries them too).
    #[must_use]
    pub fn with_locks(mut self, locks: u8) -> Session {
        self.descent = self.descent.with_locks(locks);
        self
    }

    /// The same session, running plans a step every `step_ms` (0: as many steps a frame
    /// as its time allows).
    #[must_use]
    pub fn with_step_ms(mut self, step_ms: u32) -> Session {
        self.clock = PlanClock::new(step_ms);
        self
    }

    /// Carries out `input` in the current mode, making any new level at once.
    /// `fresh_seed` is asked for a seed only by `R`.
    ///
    /// # Errors
    /// Only from a new level, when the generator fails; the game stays as it was.
    pub fn apply_input(
        &mut self,
        input: Input,
        fresh_seed: &mut dyn FnMut() -> u64,
    ) -> Result<Response, GenerateError> {
        let request = self.input(input, fresh_seed);
        self.fulfil(request)
    }

    /// Carries out `action` (as a key of the current mode would), making any new level
    /// at once.
    ///
    /// # Errors
    /// Only from a new level, when the generator fails; the game stays as it was.
    pub fn apply(
        &mut self,
        action: Action,
        fresh_seed: &mut dyn FnMut() -> u64,
    ) -> Result<Response, GenerateError> {
        let request = self.request(action, fresh_seed);
        self.fulfil(request)
    }

    fn fulfil(&mut self, request: Request) -> Result<Response, GenerateError> {
        match request {
            Request::Done(response) => Ok(response),
            Request::Generate(order) => {
                self.install(order.make()?);
                Ok(Response::Continue)
            }
        }
    }

    /// Carries out `input` in the current mode. While a plan runs, a key or a click
    /// stops it and does nothing else; the mouse moving does not.
    pub fn input(&mut self, input: Input, fresh_seed: &mut dyn FnMut() -> u64) -> Request {
        if self.keep_during_slide(input) {
            return Request::Done(Response::Continue);
        }
        let hover = matches!(input, Input::Hover(_));
        if self.plan.is_some() && !hover {
            self.stop_plan(None);
            return Request::Done(Response::Continue);
        }
        match action_for(self.mode.kind(), input) {
            Some(action) => self.request(action, fresh_seed),
            None => Request::Done(Response::Continue),
        }
    }

    /// Carries out `action`, except that a new level comes back as an order for the
    /// caller to make, off the frame loop if it likes. Actions that belong to another
    /// mode than the current one are carried out all the same.
    pub fn request(&mut self, action: Action, fresh_seed: &mut dyn FnMut() -> u64) -> Request {
        match action {
            Action::Move(direction) => {
                self.play(Act::Move(direction));
            }
            Action::Wait => {
                self.play(Act::Wait);
            }
            Action::Explore => self.start_plan(Plan::Explore),
            Action::Stairs(way) => return self.stairs(way),
            Action::TravelTo(target) => {
                self.mode = Mode::Play;
                self.travel_to(target);
            }
            Action::ShowRoute(p) => self.hover = Some(p),
            Action::Look => self.mode = Mode::Look(LookState::new(self.game.player())),
            Action::Messages => self.mode = Mode::Messages { scroll: 0 },
            Action::LargeMap => match self.game.dungeon().room_grid() {
                Some(_) => self.mode = Mode::Map,
                None => self.log.push("There is no map of rooms on this level."),
            },
            Action::Search => {
                self.play(Act::Search);
            }
            Action::Drink => {
                self.play(Act::Drink);
            }
            Action::NewDungeon => {
                let seed = different_seed(self.game.seed(), fresh_seed);
                let mut order = self.descent.order(1, Purpose::NewGame);
                order.seed = seed;
                return Request::Generate(order);
            }
            Action::NextGenerator => self.next_generator(),
            Action::NextFont => return Request::Done(Response::NextFont),
            Action::Watch => return Request::Done(Response::Watch),
            Action::ToggleReveal => self.view.reveal_map = !self.view.reveal_map,
            Action::ToggleLabels => self.view.show_labels = !self.view.show_labels,
            Action::Help => {
                let from = Box::new(std::mem::take(&mut self.mode));
                self.mode = Mode::Help { from };
            }
            Action::Quit => return Request::Done(Response::Quit),
            Action::MoveCursor { direction, far } => {
                if let Mode::Look(look) = &mut self.mode {
                    look.step(&self.game, direction, far);
                }
            }
            Action::CursorTo(p) => {
                if let Mode::Look(look) = &mut self.mode {
                    look.put(&self.game, p);
                }
            }
            Action::NextInteresting => {
                if let Mode::Look(look) = &mut self.mode
                    && !look.next_interesting(&self.game)
                {
                    self.log.push("You know of nothing of note here yet.");
                }
            }
            Action::TravelToCursor => {
                if let Some(cursor) = self.mode.look().map(LookState::cursor) {
                    self.mode = Mode::Play;
                    self.travel_to(cursor);
                }
            }
            Action::Scroll(lines) => {
                if let Mode::Messages { scroll } = &mut self.mode {
                    let most = self.log.len().saturating_sub(1);
                    let moved = scroll.saturating_add_signed(-lines as isize);
                    *scroll = moved.min(most);
                }
            }
            Action::Back => {
                self.mode = match std::mem::take(&mut self.mode) {
                    Mode::Help { from } => *from,
                    Mode::Play
                    | Mode::Look(_)
                    | Mode::Messages { .. }
                    | Mode::Map
                    | Mode::Ended => self.play_mode(),
                };
            }
        }
        Request::Done(Response::Continue)
    }

    /// `>` or `<`: take the stairs here, else travel to the known ones, else say why not.
    fn stairs(&mut self, way: Vertical) -> Request {
        if self.game.stairs_here() == Some(way) {
            if let Outcome::NeedsLevel(depth) = self.play(Act::Stairs(way)) {
                return Request::Generate(self.descent.order(depth, Purpose::Descend));
            }
            return Request::Done(Response::Continue);
        }
        let stairs = self.game.level().stairs(way);
        let known = stairs.filter(|&at| self.game.known().is_known(at));
        match (known, way) {
            (Some(at), _) => self.travel_to(at),
            (None, Vertical::Up) if self.game.depth() == 1 => {
                self.log.push("There is no way up from the first level.");
            }
            (None, Vertical::Down) => self.log.push("You have not found stairs down yet."),
            (None, Vertical::Up) => self.log.push("You have not found stairs up yet."),
        }
        Request::Done(Response::Continue)
    }

    /// `G`: the next generator the menu can have, for every level made from now on.
    fn next_generator(&mut self) {
        let next_depth = self.game.levels().len() as u32 + 1;
        let now = self.descent.generator_for(next_depth).kind();
        let (generator, skipped) = self.menu.after(now);
        for (kind, why) in skipped {
            self.log.push(&format!("G skips {kind}: {why}"));
        }
        self.log
            .push(&format!("New levels will be made by {}.", generator.kind()));
        self.descent.choose(generator);
    }

    /// Puts the player in `level`, made from an order of [`Session::request`]: the first
    /// level of a new game, or the level below the deepest. The toggles stay; any plan
    /// stops.
    pub fn install(&mut self, level: Level) {
        self.stop_plan(None);
        if level.depth() == 1 {
            self.descent.restart(level.seed());
            self.game.restart(level);
            self.mode = Mode::Play;
            self.forget_plans();
            self.finish_slide();
            self.kept = None;
            self.follow_room(true);
            self.welcome();
        } else if self.game.stage_level(level) {
            self.play(Act::Stairs(Vertical::Down));
        }
    }

    /// The first line of a game.
    fn welcome(&mut self) {
        self.log.push(&format!(
            "Depth 1: {}, seed {}.",
            narrate::a_level(self.game.generator().kind()),
            self.game.seed()
        ));
        self.log.push("o explores, ? shows the keys.");
    }

    /// Travels to `target` if a known way leads there; else says why not.
    fn travel_to(&mut self, target: Point) {
        let known = self.game.known();
        match self.walker.plan(known, self.game.player(), target) {
            Ok(_) => self.start_plan(Plan::Travel { target }),
            Err(no) => self.log.push(&narrate::no_route(no)),
        }
    }

    /// Forgets the planners' targets and cached maps: the level changed.
    fn forget_plans(&mut self) {
        self.explorer.forget();
        self.walker = Travel::new();
        self.pointer = Travel::new();
        self.hover = None;
        self.route.clear();
    }

    /// Updates the camera for a frame of `view` and the route shown: to the look cursor,
    /// or to the tile under the mouse while no plan runs. Call once a frame, before
    /// drawing and before turning mouse positions into tiles.
    pub fn frame(&mut self, view: Viewport) {
        let map = self.game.map();
        let size = (map.width(), map.height());
        match (self.mode.look(), self.room_frame(view)) {
            (Some(look), _) => self.camera.keep_in_view(view, size, look.cursor()),
            (None, Some((origin, shown))) => self.camera.frame_rooms(origin, shown),
            (None, None) => self.camera.follow(view, size, self.game.player()),
        }
        let target = match &self.mode {
            Mode::Look(look) => Some(look.cursor()),
            Mode::Play => self.hover.filter(|_| self.plan.is_none()),
            Mode::Help { .. } | Mode::Messages { .. } | Mode::Map | Mode::Ended => None,
        };
        self.route.clear();
        if let Some(target) = target
            && let Ok(route) = self
                .pointer
                .plan(self.game.known(), self.game.player(), target)
        {
            self.route.extend_from_slice(route);
        }
    }

    /// Adds a line of the window's to the log (a font skipped, a level that could not be
    /// made).
    pub fn note(&mut self, line: &str) {
        self.log.push(line);
    }

    /// Forgets the tile under the mouse (it left the map view).
    pub fn clear_hover(&mut self) {
        self.hover = None;
    }

    /// The rules.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The view toggles.
    pub fn view(&self) -> ViewToggles {
        self.view
    }

    /// The mode.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The running plan, if any.
    pub fn plan(&self) -> Option<Plan> {
        self.plan
    }

    /// True while a plan runs or the view slides: the window counts it as activity, and
    /// replayed keys wait.
    pub fn is_busy(&self) -> bool {
        self.plan.is_some() || self.is_sliding()
    }

    /// The message log.
    pub fn log(&self) -> &MessageLog {
        &self.log
    }

    /// The camera.
    pub fn camera(&self) -> &Camera {
        &self.camera
    }

    /// The route shown this frame ([`Session::frame`]), the `@` first; empty for none.
    pub fn route(&self) -> &[Point] {
        &self.route
    }

    /// The generators `G` cycles through.
    pub fn menu(&self) -> &GeneratorMenu {
        &self.menu
    }

    /// Which generator and seed each level gets.
    pub fn descent(&self) -> &Descent {
        &self.descent
    }

    /// What works on the level in play, for the keys that need something of it: the
    /// help screen and the key line show only those.
    pub fn works(&self) -> Works {
        let level = self.game.level();
        Works {
            room_grid: level.dungeon().room_grid().is_some(),
            secret_doors: !level.doors().secrets().is_empty(),
            rooms: !level.dungeon().rooms.is_empty(),
            way_up: level.up().is_some(),
        }
    }

    /// Grid of rooms: the room the view shows (in a doorway, still the room the `@`
    /// came from), which the panel names.
    pub fn room_shown(&self) -> Option<&GridRoom> {
        let index = self.room.or_else(|| self.game.current_room_index())?;
        self.game.dungeon().room_grid()?.rooms().get(index)
    }

    /// What look mode says about the cursor's tile; `None` out of look mode.
    pub fn look_text(&self) -> Option<String> {
        let look = self.mode.look()?;
        Some(game_core::look::describe(&self.game, look.cursor()))
    }
}
