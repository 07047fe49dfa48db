//! A session of play: the rules, the view toggles and the generator menu, and where each
//! of the player's actions goes.
//!
//! Moves and waiting go to the rules ([`Game`]); `M`, `T` and `?` to the [`ViewToggles`];
//! `R` and `G` to the [`GeneratorMenu`], whose order for a new dungeon the window makes
//! off the frame loop ([`Session::request`], then [`Session::install`]) or
//! [`Session::apply`] makes at once. `F` and `Esc` are the window's: they come back as a
//! [`Response`] and touch nothing here (but `Esc` closes the help screen first).

use mapgen::GenerateError;
use mapgen::generators::Generator;

use crate::action::Action;
use crate::loading::DungeonOrder;
use crate::menu::GeneratorMenu;
use crate::state::Game;
use crate::view::ViewToggles;

/// What the window must do after an action, besides redrawing.
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

/// What an action asks of the window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// Done here; the window does what the response says.
    Done(Response),
    /// A new dungeon (`R`, `G`): make this order, then [`Session::install`] the game.
    Generate(DungeonOrder),
}

/// Everything the window keeps of a game besides its own things (fonts, timings).
#[derive(Debug, Clone)]
pub struct Session {
    game: Game,
    view: ViewToggles,
    menu: GeneratorMenu,
}

impl Session {
    /// A session around `game`, both toggles off, `G` cycling through `game`'s generator
    /// and the other kinds' defaults.
    pub fn new(game: Game) -> Session {
        Session {
            menu: GeneratorMenu::new(game.generator()),
            view: ViewToggles::default(),
            game,
        }
    }

    /// The same session, with `G` cycling through `choices` (one generator per kind; the
    /// binary builds them from the flags) instead of the other kinds' defaults.
    #[must_use]
    pub fn with_generator_choices(mut self, choices: Vec<Generator>) -> Session {
        self.menu = self.menu.with_choices(choices);
        self
    }

    /// Carries out `action` where it belongs, making any new dungeon at once. `fresh_seed`
    /// is asked for seeds only by [`Action::NewDungeon`] and [`Action::NextGenerator`].
    ///
    /// # Errors
    /// Only from `R` and `G`, when the generator fails; the old dungeon stays.
    pub fn apply(
        &mut self,
        action: Action,
        fresh_seed: &mut dyn FnMut() -> u64,
    ) -> Result<Response, GenerateError> {
        match self.request(action, fresh_seed) {
            Request::Done(response) => Ok(response),
            Request::Generate(order) => {
                self.install(order.make(self.game.fov_radius())?);
                Ok(Response::Continue)
            }
        }
    }

    /// Carries out `action` where it belongs, except that a new dungeon (`R`, `G`) comes
    /// back as an order for the caller to make, off the frame loop if it likes.
    pub fn request(&mut self, action: Action, fresh_seed: &mut dyn FnMut() -> u64) -> Request {
        let view = &mut self.view;
        match action {
            Action::Move(direction) => {
                self.game.try_move(direction);
            }
            Action::Wait => self.game.wait(),
            Action::ToggleReveal => view.reveal_map = !view.reveal_map,
            Action::ToggleLabels => view.show_labels = !view.show_labels,
            Action::Help => view.show_help = !view.show_help,
            Action::NewDungeon => {
                return Request::Generate(self.menu.new_dungeon(&self.game, fresh_seed));
            }
            Action::NextGenerator => {
                return Request::Generate(self.menu.next_generator(&self.game, fresh_seed));
            }
            Action::NextFont => return Request::Done(Response::NextFont),
            Action::Watch => return Request::Done(Response::Watch),
            Action::Quit if view.show_help => view.show_help = false,
            Action::Quit => return Request::Done(Response::Quit),
        }
        Request::Done(Response::Continue)
    }

    /// Puts the `@` in `game`'s dungeon (made from an order of [`Session::request`]); the
    /// counts of moves and field-of-view computations carry on, and the toggles stay.
    pub fn install(&mut self, game: Game) {
        self.game.take_over(game);
    }

    /// The rules.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rules, for what happens every frame ([`Game::update_fov`]).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The view toggles.
    pub fn view(&self) -> ViewToggles {
        self.view
    }

    /// The generators `G` cycles through.
    pub fn menu(&self) -> &GeneratorMenu {
        &self.menu
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Direction;
    use crate::state;
    use mapgen::generators::grid::GridSettings;
    use mapgen::generators::rooms::RoomsSettings;
    use mapgen::generators::{Generate, GeneratorKind};
    use mapgen::{Map, Point};

    /// A 5x5 room with walls around and the `@` in the middle.
    fn room() -> Session {
        Session::new(state::tests::room())
    }

    fn dungeon_session(map: Map, start: Point) -> Session {
        Session::new(state::tests::dungeon_game(map, start))
    }

    fn rooms_session(seed: u64) -> Session {
        Session::new(Game::new(Generator::Rooms(RoomsSettings::default()), seed, 10).unwrap())
    }

    /// A seed source for actions that must not ask for one.
    fn no_seeds() -> u64 {
        panic!("only R and G ask for a seed")
    }

    /// Everything the rules hold, to compare before and after an action.
    fn rules_state(session: &Session) -> String {
        format!("{:?}", session.game())
    }

    #[test]
    fn fov_is_recomputed_only_when_the_player_moves_or_the_map_changes() {
        let mut session = room();
        let game = session.game_mut();
        assert!(game.update_fov().unwrap(), "first frame computes");
        assert_eq!(game.fov_computations(), 1);
        for _ in 0..5 {
            assert!(!game.update_fov().unwrap(), "idle frames do not");
        }
        let mut seeds = || 99;
        for action in [
            Action::Wait,
            Action::ToggleReveal,
            Action::ToggleLabels,
            Action::NextFont,
        ] {
            session.apply(action, &mut seeds).unwrap();
            assert!(!session.game_mut().update_fov().unwrap(), "{action:?}");
        }
        assert_eq!(session.game().fov_computations(), 1);
        // A blocked move changes nothing either.
        let mut walled = dungeon_session(
            Map::from_ascii("###\n#.#\n###\n").unwrap(),
            Point::new(1, 1),
        );
        walled.game_mut().update_fov().unwrap();
        walled
            .apply(Action::Move(Direction::North), &mut seeds)
            .unwrap();
        assert!(!walled.game_mut().update_fov().unwrap());
        // A real move does, once.
        session
            .apply(Action::Move(Direction::East), &mut seeds)
            .unwrap();
        assert!(session.game_mut().update_fov().unwrap());
        assert!(!session.game_mut().update_fov().unwrap());
        assert_eq!(session.game().fov_computations(), 2);
        // A new map does.
        session.apply(Action::NewDungeon, &mut seeds).unwrap();
        assert!(session.game_mut().update_fov().unwrap());
        assert_eq!(session.game().fov_computations(), 3);
    }

    #[test]
    fn new_dungeon_gives_a_different_valid_dungeon() {
        let generator = Generator::Rooms(RoomsSettings::default());
        let mut session = Session::new(Game::new(generator.clone(), 5, 10).unwrap());
        let game = session.game_mut();
        game.update_fov().unwrap();
        game.try_move(Direction::East);
        game.update_fov().unwrap();
        let old = game.dungeon().clone();
        let mut seeds = [5, 5, 77].into_iter(); // the current seed is skipped
        let response = session
            .apply(Action::NewDungeon, &mut || seeds.next().unwrap())
            .unwrap();
        assert_eq!(response, Response::Continue);
        let game = session.game_mut();
        assert_eq!(game.seed(), 77);
        assert_ne!(game.dungeon(), &old);
        assert_eq!(
            game.dungeon(),
            &generator.generate(77).unwrap(),
            "the seed names it"
        );
        let start = game.dungeon().start;
        assert_eq!(game.player(), start);
        assert!(game.map().is_walkable((start.x, start.y)));
        assert_eq!(game.explored().seen_cells(), 0, "memory starts afresh");
        game.update_fov().unwrap();
        assert!(game.is_visible((start.x, start.y)));
    }

    #[test]
    fn toggles_and_window_commands() {
        let mut session = room();
        let mut seeds = || 1;
        let view = |s: &Session| (s.view().reveal_map, s.view().show_labels);
        assert_eq!(view(&session), (false, false));
        session.apply(Action::ToggleReveal, &mut seeds).unwrap();
        session.apply(Action::ToggleLabels, &mut seeds).unwrap();
        assert_eq!(view(&session), (true, true));
        session.apply(Action::ToggleReveal, &mut seeds).unwrap();
        assert!(!session.view().reveal_map);
        assert_eq!(
            session.apply(Action::NextFont, &mut seeds),
            Ok(Response::NextFont)
        );
        assert_eq!(session.apply(Action::Quit, &mut seeds), Ok(Response::Quit));
    }

    #[test]
    fn font_quit_and_toggles_never_touch_the_rules() {
        let mut session = rooms_session(3);
        let game = session.game_mut();
        game.update_fov().unwrap();
        Direction::ALL.into_iter().for_each(|d| {
            game.try_move(d);
        });
        game.update_fov().unwrap();
        let rules = rules_state(&session);
        let menu = session.menu().clone();
        let responses = [
            (Action::NextFont, Response::NextFont),
            (Action::Watch, Response::Watch),
            (Action::Quit, Response::Quit),
            (Action::ToggleReveal, Response::Continue),
            (Action::ToggleLabels, Response::Continue),
        ];
        for (action, response) in responses {
            let view = session.view();
            assert_eq!(session.apply(action, &mut no_seeds), Ok(response));
            assert_eq!(rules_state(&session), rules, "{action:?} changed the rules");
            assert_eq!(session.menu(), &menu, "{action:?} changed the menu");
            if matches!(action, Action::NextFont | Action::Watch | Action::Quit) {
                assert_eq!(session.view(), view, "{action:?} changed the view");
            }
        }
        assert!(
            !session.game_mut().update_fov().unwrap(),
            "nothing to see anew"
        );
    }

    #[test]
    fn moves_and_waits_reach_the_rules_and_nothing_else() {
        let mut session = room();
        let (view, menu) = (session.view(), session.menu().clone());
        let rules = rules_state(&session);
        session.apply(Action::Wait, &mut no_seeds).unwrap();
        assert_eq!(rules_state(&session), rules, "waiting changes no rule");
        session
            .apply(Action::Move(Direction::South), &mut no_seeds)
            .unwrap();
        assert_eq!(session.game().player(), Point::new(3, 4));
        assert_eq!(session.game().moves(), 1);
        assert_eq!((session.view(), session.menu()), (view, &menu));
    }

    #[test]
    fn help_toggles_and_esc_closes_it_before_quitting() {
        let mut session = room();
        let rules = rules_state(&session);
        assert!(!session.view().show_help);
        assert_eq!(
            session.apply(Action::Help, &mut no_seeds),
            Ok(Response::Continue)
        );
        assert!(session.view().show_help);
        assert_eq!(
            session.apply(Action::Help, &mut no_seeds),
            Ok(Response::Continue)
        );
        assert!(!session.view().show_help, "? again closes it");
        session.apply(Action::Help, &mut no_seeds).unwrap();
        assert_eq!(
            session.apply(Action::Quit, &mut no_seeds),
            Ok(Response::Continue)
        );
        assert!(!session.view().show_help, "Esc closes the help first");
        assert_eq!(
            session.apply(Action::Quit, &mut no_seeds),
            Ok(Response::Quit)
        );
        assert_eq!(rules_state(&session), rules, "help never touches the rules");
    }

    #[test]
    fn a_new_dungeon_can_be_ordered_now_and_installed_later() {
        let mut session = room();
        session
            .apply(Action::Move(Direction::East), &mut no_seeds)
            .unwrap();
        session.game_mut().update_fov().unwrap();
        let rules = rules_state(&session);
        let request = session.request(Action::NextGenerator, &mut || 31);
        let Request::Generate(order) = request else {
            panic!("G orders a dungeon: {request:?}");
        };
        assert_eq!(order.seed, 31);
        assert_eq!(
            order.generator.kind(),
            crate::menu::next_kind(GeneratorKind::Rooms)
        );
        assert_eq!(
            rules_state(&session),
            rules,
            "nothing changes until it is installed"
        );
        let game = order.make(session.game().fov_radius()).unwrap();
        let expected = order.generator.generate(31).unwrap();
        session.install(game);
        let game = session.game();
        assert_eq!(game.dungeon(), &expected);
        assert_eq!(
            (game.seed(), game.moves(), game.fov_computations()),
            (31, 1, 1)
        );
        assert_eq!(game.player(), expected.start);
        assert_eq!(
            session.request(Action::Wait, &mut no_seeds),
            Request::Done(Response::Continue)
        );
    }

    #[test]
    fn toggles_survive_a_new_dungeon() {
        let mut session = rooms_session(1);
        let mut seeds = || 2;
        session.apply(Action::ToggleLabels, &mut seeds).unwrap();
        session.apply(Action::NewDungeon, &mut seeds).unwrap();
        assert!(session.view().show_labels);
    }

    #[test]
    fn toggles_survive_r_and_g() {
        let mut session = rooms_session(1);
        let mut seeds = [2, 3, 4].into_iter();
        let mut seeds = || seeds.next().unwrap();
        session.apply(Action::ToggleReveal, &mut seeds).unwrap();
        session.apply(Action::ToggleLabels, &mut seeds).unwrap();
        session.apply(Action::Help, &mut seeds).unwrap();
        let on = ViewToggles {
            reveal_map: true,
            show_labels: true,
            show_help: true,
        };
        for action in [
            Action::NewDungeon,
            Action::NextGenerator,
            Action::NextGenerator,
        ] {
            let seed = session.game().seed();
            session.apply(action, &mut seeds).unwrap();
            assert_ne!(session.game().seed(), seed, "{action:?} made a new dungeon");
            assert_eq!(session.view(), on, "after {action:?}");
        }
    }

    #[test]
    fn a_failed_g_keeps_the_old_dungeon_and_reports_the_error() {
        let bad = Generator::Grid(GridSettings {
            cols: 0,
            ..GridSettings::default()
        });
        let expected = bad.validate().unwrap_err();
        let mut session = rooms_session(5).with_generator_choices(vec![bad]);
        session.apply(Action::ToggleLabels, &mut no_seeds).unwrap();
        let game = session.game_mut();
        game.update_fov().unwrap();
        Direction::ALL.into_iter().for_each(|d| {
            game.try_move(d);
        });
        let rules = rules_state(&session);
        let view = session.view();
        let result = session.apply(Action::NextGenerator, &mut || 9);
        assert_eq!(result, Err(expected.clone()));
        assert!(
            expected.to_string().starts_with("cols is 0"),
            "the error names the field: {expected}"
        );
        assert_eq!(rules_state(&session), rules, "the old dungeon stays");
        assert_eq!(session.game().generator().kind(), GeneratorKind::Rooms);
        assert_eq!(session.view(), view);
        // The session plays on: R still works with the generator in use.
        session.apply(Action::NewDungeon, &mut || 9).unwrap();
        assert_eq!(session.game().seed(), 9);
    }

    #[test]
    fn a_failed_r_keeps_the_old_dungeon_and_reports_the_error() {
        // A dungeon said to come from invalid settings: R cannot make another.
        let bad = Generator::Rooms(RoomsSettings {
            room_min_size: 12,
            room_max_size: 8,
            ..RoomsSettings::default()
        });
        let dungeon = RoomsSettings::default().generate(4).unwrap();
        let mut session = Session::new(Game::from_dungeon(bad, 4, dungeon, 10));
        let rules = rules_state(&session);
        let err = session.apply(Action::NewDungeon, &mut || 5).unwrap_err();
        assert_eq!(
            err.to_string(),
            "room_min_size (12) is larger than room_max_size (8)"
        );
        assert_eq!(rules_state(&session), rules, "the old dungeon stays");
    }

    #[test]
    fn g_reaches_every_listed_generator_in_order_and_comes_back() {
        let first = GeneratorKind::ALL[0];
        let game = Game::new(Generator::with_defaults(first), 1, 10).unwrap();
        let mut session = Session::new(game);
        let mut seed = 100;
        let mut seen = vec![session.game().generator().kind()];
        for _ in GeneratorKind::ALL {
            session
                .apply(Action::NextGenerator, &mut || {
                    seed += 1;
                    seed
                })
                .unwrap();
            let game = session.game();
            assert_eq!(game.player(), game.dungeon().start);
            seen.push(game.generator().kind());
        }
        let mut expected = GeneratorKind::ALL.to_vec();
        expected.push(first);
        assert_eq!(seen, expected);
    }

    /// Presses `G` until the generator is `kind`, at most once per listed generator,
    /// each time with the next seed from `next_seed`; returns how many presses it took.
    fn press_g_until(
        session: &mut Session,
        kind: GeneratorKind,
        next_seed: &mut dyn FnMut() -> u64,
    ) -> usize {
        for presses in 1..=GeneratorKind::ALL.len() {
            session.apply(Action::NextGenerator, next_seed).unwrap();
            if session.game().generator().kind() == kind {
                return presses;
            }
        }
        panic!("G never reached {kind}");
    }

    #[test]
    fn g_switches_generator_and_back_with_fresh_seeds() {
        let mut session = rooms_session(5);
        let mut seed = 10;
        let mut seeds = || {
            seed += 1;
            seed
        };
        let presses = press_g_until(&mut session, GeneratorKind::Grid, &mut seeds);
        let game = session.game();
        assert_eq!(game.seed(), 10 + presses as u64, "a fresh seed each time");
        assert!(game.dungeon().room_grid().is_some());
        assert_eq!(game.player(), game.dungeon().start);
        assert!(
            game.current_room()
                .is_some_and(|r| r.kind == mapgen::generators::grid::RoomKind::Start)
        );
        let back = press_g_until(&mut session, GeneratorKind::Rooms, &mut seeds);
        assert_eq!(presses + back, GeneratorKind::ALL.len());
        assert_eq!(
            session.game().generator(),
            &Generator::Rooms(RoomsSettings::default())
        );
        assert_eq!(session.game().seed(), 10 + GeneratorKind::ALL.len() as u64);
    }

    #[test]
    fn g_uses_the_players_settings_for_the_other_generator() {
        let grid = GridSettings {
            cols: 5,
            rows: 5,
            room_count: 6,
            ..Default::default()
        };
        let mut session = rooms_session(5).with_generator_choices(vec![Generator::Grid(grid)]);
        let mut seed = 8;
        let mut seeds = || {
            seed += 1;
            seed
        };
        press_g_until(&mut session, GeneratorKind::Grid, &mut seeds);
        assert_eq!(session.game().generator(), &Generator::Grid(grid));
        let rooms = session.game().dungeon().room_grid().unwrap().rooms().len();
        assert_eq!(rooms, 6);
        // R keeps the chosen generator; G still knows both.
        session.apply(Action::NewDungeon, &mut seeds).unwrap();
        assert_eq!(session.game().generator(), &Generator::Grid(grid));
        press_g_until(&mut session, GeneratorKind::Rooms, &mut seeds);
        assert_eq!(
            session.game().generator(),
            &Generator::Rooms(RoomsSettings::default())
        );
    }

    #[test]
    fn counters_carry_on_across_new_dungeons() {
        let mut session = room();
        for d in [Direction::East, Direction::South, Direction::West] {
            session.apply(Action::Move(d), &mut no_seeds).unwrap();
        }
        session.game_mut().update_fov().unwrap();
        let mut seeds = [20, 21].into_iter();
        session
            .apply(Action::NewDungeon, &mut || seeds.next().unwrap())
            .unwrap();
        session
            .apply(Action::NextGenerator, &mut || seeds.next().unwrap())
            .unwrap();
        assert_eq!(session.game().moves(), 3, "the exit line counts every move");
        assert_eq!(session.game().fov_computations(), 1);
    }

    /// A storm of 10,000 keys of every kind, on both generators: the `@` is on a walkable
    /// tile of the map after every one, and nothing panics.
    #[test]
    fn a_key_storm_never_enters_a_wall() {
        use crate::action::{Key, action_for};
        let mut keys: Vec<Key> = "hjklyubn.rgfmt?xq".chars().map(Key::Char).collect();
        keys.extend((0..=9).map(Key::Numpad));
        keys.extend(Direction::ALL.map(Key::Arrow));
        keys.push(Key::Escape);
        for kind in GeneratorKind::ALL {
            let game = Game::new(Generator::with_defaults(*kind), 3, 10).unwrap();
            let mut session = Session::new(game);
            let mut state: u64 = 0x2545_F491_4F6C_DD1D;
            let mut seed = 1000;
            for _ in 0..10_000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Moves far more often than commands, so the `@` walks about.
                let key = if state.is_multiple_of(4) {
                    keys[(state >> 8) as usize % keys.len()]
                } else {
                    Key::Char(b"hjklyubn"[(state >> 8) as usize % 8] as char)
                };
                if let Some(action) = action_for(key) {
                    let mut seeds = || {
                        seed += 1;
                        seed
                    };
                    session.apply(action, &mut seeds).unwrap();
                }
                let game = session.game_mut();
                game.update_fov().unwrap();
                let p = game.player();
                assert!(
                    game.map().is_walkable(p),
                    "{kind}: the @ at {p} after {key:?}"
                );
            }
            assert!(session.game().moves() > 1000, "{kind}: the @ walked");
        }
    }
}
