//! Keys, the mouse, and the actions they stand for in each mode: the one key table.
//!
//! [`Key`] is the game's own key type, so the rules never see bracket-lib's key codes;
//! the window translates its key events into it (`keys.rs` in the `game` package), and
//! `--replay` text parses into it too ([`crate::replay`]). [`ModeKind::spec`] gives, for every
//! [`ModeKind`], which keys do what; [`action_for`], the help screen ([`key_table`]) and
//! the panel's key line ([`key_line`]) all read it, so none can drift from the others.
//! A key that needs something of the level ([`Needs`]: the large map a grid of rooms,
//! `s` secret doors) is shown only where the level has it ([`Works`]).

use mapgen::Point;

pub use game_core::direction::{Direction, Vertical};

/// A key the game reacts to, independent of any windowing library.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// An arrow key.
    Arrow(Direction),
    /// An arrow key with Shift held.
    ShiftArrow(Direction),
    /// A numeric keypad digit, 1 to 9 (5 waits).
    Numpad(u8),
    /// A letter or punctuation key as typed: a letter is upper case when Shift is held.
    Char(char),
    /// A letter with Ctrl held, lower case.
    Ctrl(char),
    /// The Escape key.
    Escape,
    /// The Tab key.
    Tab,
    /// The Enter (Return) key.
    Enter,
    /// Page Up.
    PageUp,
    /// Page Down.
    PageDown,
}

/// What the player did: a key, or the mouse on a map tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Input {
    /// A key press.
    Key(Key),
    /// A click (left button) on a map tile.
    Click(Point),
    /// The mouse pointer moved over a map tile.
    Hover(Point),
}

/// What the player asked for. Which [`Input`] asks for what depends on the mode
/// ([`action_for`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Step one tile.
    Move(Direction),
    /// Let a turn pass without moving (numpad 5 or `.`).
    Wait,
    /// `o`: explore automatically until something stops it.
    Explore,
    /// `>` or `<`: take the stairs here, or travel to the known ones.
    Stairs(Vertical),
    /// Walk the shortest known way to a tile (a click, or `Enter` in look mode).
    TravelTo(Point),
    /// Show the route to the tile under the mouse.
    ShowRoute(Point),
    /// `x`: look around with a cursor.
    Look,
    /// `Ctrl-P`: the message archive.
    Messages,
    /// `Tab`: the large map of a grid of rooms' floor.
    LargeMap,
    /// `s`: search the walls around the `@` for secret doors.
    Search,
    /// `q`: drink a healing potion.
    Drink,
    /// `R`: a new game from a fresh seed.
    NewDungeon,
    /// `G`: the next generator, for the levels made from now on.
    NextGenerator,
    /// `F`: the next font.
    NextFont,
    /// `M`: show the whole map, or stop showing it.
    ToggleReveal,
    /// `T`: show room labels A, B, C... at room centres in view, or hide them.
    ToggleLabels,
    /// `W`: watch this level being made ([`crate::watch`]); any key skips to the end.
    Watch,
    /// `?`: the help screen of the mode in use, or close it.
    Help,
    /// `Esc` in play: leave the game.
    Quit,
    /// Look mode: move the cursor one tile, or five with Shift.
    MoveCursor {
        /// Which way.
        direction: Direction,
        /// Five tiles instead of one.
        far: bool,
    },
    /// Look mode: put the cursor on a tile (the mouse).
    CursorTo(Point),
    /// Look mode: the cursor to the next known interesting tile, the monsters in view
    /// first, nearest first.
    NextInteresting,
    /// Look mode: travel to the cursor.
    TravelToCursor,
    /// The message archive: scroll by this many lines (negative: back in time).
    Scroll(i32),
    /// Leave this mode for the one before.
    Back,
}

impl Action {
    /// What the action does, for the help screen.
    pub fn describe(self) -> &'static str {
        match self {
            Action::Move(_) => "move one tile; walls and the map's edge stop you",
            Action::Wait => "wait a turn",
            Action::Explore => "explore until something new shows up",
            Action::Stairs(Vertical::Down) => "go down the stairs here, or travel to them",
            Action::Stairs(Vertical::Up) => "go up the stairs here, or travel to them",
            Action::TravelTo(_) => "walk the shortest known way to a tile",
            Action::ShowRoute(_) => "show the route to a tile",
            Action::Look => "look around: describe what is under a cursor",
            Action::Messages => "the message archive",
            Action::LargeMap => "the large map of the floor",
            Action::Search => "search for secret doors",
            Action::Drink => "drink a healing potion",
            Action::NewDungeon => "a new game from a fresh seed",
            Action::NextGenerator => "the next generator, for new levels from now on",
            Action::NextFont => "the next font that fits the window",
            Action::ToggleReveal => "show the whole map, or hide it again",
            Action::ToggleLabels => "room labels at the centres of rooms in view",
            Action::Watch => "watch this level being made; any key skips to the end",
            Action::Help => "this help; again (or Esc) to close it",
            Action::Quit => "quit",
            Action::MoveCursor { far: false, .. } => "move the cursor",
            Action::MoveCursor { far: true, .. } => "move the cursor five tiles",
            Action::CursorTo(_) => "put the cursor on a tile",
            Action::NextInteresting => "next monster in view, stairs, door or special room",
            Action::TravelToCursor => "travel to the cursor",
            Action::Scroll(n) if n.abs() > 1 => "a page back or on",
            Action::Scroll(_) => "a line back or on",
            Action::Back => "back to play",
        }
    }

    /// The action in a word or two, for the status panel's key line.
    pub fn short_name(self) -> &'static str {
        match self {
            Action::Move(_) => "move",
            Action::Wait => "wait",
            Action::Explore => "explore",
            Action::Stairs(Vertical::Down) => "down",
            Action::Stairs(Vertical::Up) => "up",
            Action::TravelTo(_) | Action::TravelToCursor => "travel",
            Action::ShowRoute(_) => "route",
            Action::Look => "look",
            Action::Messages => "log",
            Action::LargeMap => "map",
            Action::Search => "search",
            Action::Drink => "drink",
            Action::NewDungeon => "new",
            Action::NextGenerator => "generator",
            Action::NextFont => "font",
            Action::ToggleReveal => "map",
            Action::ToggleLabels => "labels",
            Action::Watch => "watch",
            Action::Help => "help",
            Action::Quit => "quit",
            Action::MoveCursor { .. } | Action::CursorTo(_) => "cursor",
            Action::NextInteresting => "next",
            Action::Scroll(_) => "scroll",
            Action::Back => "back",
        }
    }
}

/// Declares [`ModeKind`] and [`ModeKind::ALL`] from one list, so that a mode is named
/// once (as rot.js lists its generators in one index).
macro_rules! mode_kinds {
    ($($(#[$doc:meta])* $kind:ident),* $(,)?) => {
        /// The modes of play, each with keys of its own.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ModeKind {
            $($(#[$doc])* $kind,)*
        }

        impl ModeKind {
            /// Every mode, in the order declared.
            pub const ALL: &[ModeKind] = &[$(ModeKind::$kind),*];
        }
    };
}

mode_kinds! {
    /// Moving about the dungeon.
    Play,
    /// A cursor that describes tiles (`x`).
    Look,
    /// The help screen (`?`).
    Help,
    /// The message archive (`Ctrl-P`).
    Messages,
    /// The large map of a grid of rooms (`Tab`).
    Map,
    /// The end of a game, died or won: its screen.
    Ended,
}

/// What a mode has besides its state ([`Mode`](crate::mode::Mode)): its name and its
/// keys, from which its help screen and the panel's key line are made.
#[derive(Debug, Clone, Copy)]
pub struct ModeSpec {
    /// The mode's name, for the help screen's title.
    pub name: &'static str,
    /// Its keys and what they do.
    pub keys: &'static [Binding],
}

impl ModeKind {
    /// The mode's name and keys. One exhaustive match: a new mode does not compile
    /// until it has both.
    pub const fn spec(self) -> ModeSpec {
        match self {
            ModeKind::Play => ModeSpec {
                name: "play",
                keys: PLAY_KEYS,
            },
            ModeKind::Look => ModeSpec {
                name: "look",
                keys: LOOK_KEYS,
            },
            ModeKind::Help => ModeSpec {
                name: "help",
                keys: HELP_KEYS,
            },
            ModeKind::Messages => ModeSpec {
                name: "messages",
                keys: MESSAGES_KEYS,
            },
            ModeKind::Map => ModeSpec {
                name: "map",
                keys: MAP_KEYS,
            },
            ModeKind::Ended => ModeSpec {
                name: "end",
                keys: ENDED_KEYS,
            },
        }
    }

    /// The mode's name, for the help screen's title.
    pub const fn name(self) -> &'static str {
        self.spec().name
    }

    /// The mode's keys.
    pub const fn bindings(self) -> &'static [Binding] {
        self.spec().keys
    }
}

/// Which inputs a binding stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keys {
    /// The vi-keys `h j k l y u b n`, each for its direction.
    Vi,
    /// The vi-keys with Shift: `H J K L Y U B N`.
    ShiftVi,
    /// The four arrow keys.
    Arrows,
    /// The arrow keys with Shift.
    ShiftArrows,
    /// The keypad's digits around 5, each for its direction.
    Numpad,
    /// One key.
    Key(Key),
    /// A click on a map tile.
    Click,
    /// The mouse over a map tile.
    Hover,
}

/// What a binding does with what its input carries.
#[derive(Debug, Clone, Copy)]
pub enum Does {
    /// One action, whatever the key.
    Action(Action),
    /// An action per direction (vi-keys, arrows, numpad).
    Direction(fn(Direction) -> Action),
    /// An action on the map tile under the mouse.
    Tile(fn(Point) -> Action),
}

/// One row of a mode's key table: `keys` do what `does` says.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    /// The inputs.
    pub keys: Keys,
    /// What they do.
    pub does: Does,
    /// Shown on the panel's key line.
    pub on_panel: bool,
    /// What the level must have for the keys to do anything.
    pub needs: Needs,
}

const fn bind(keys: Keys, does: Does, on_panel: bool) -> Binding {
    Binding {
        keys,
        does,
        on_panel,
        needs: Needs::Nothing,
    }
}

impl Binding {
    /// The same binding, doing something only on a level with `needs`.
    const fn needing(self, needs: Needs) -> Binding {
        Binding { needs, ..self }
    }
}

/// What a key needs of the level in play to do anything; elsewhere the help screen and
/// the key line leave it out (it still answers, saying why it does nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Works everywhere.
    Nothing,
    /// A grid of rooms (`Tab`'s large map).
    RoomGrid,
    /// Secret doors (`s`): an isaac floor's, or a vault's.
    SecretDoors,
    /// Rooms to label (`T`).
    Rooms,
    /// A level above (`<`).
    WayUp,
}

/// What the level in play has, for the keys that need it ([`Needs`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Works {
    /// A grid of rooms.
    pub room_grid: bool,
    /// Secret doors.
    pub secret_doors: bool,
    /// Rooms.
    pub rooms: bool,
    /// A level above.
    pub way_up: bool,
}

impl Works {
    /// A level with everything: every key shows.
    pub const ALL: Works = Works {
        room_grid: true,
        secret_doors: true,
        rooms: true,
        way_up: true,
    };

    /// True when a key that needs `needs` does something here.
    pub const fn allows(self, needs: Needs) -> bool {
        match needs {
            Needs::Nothing => true,
            Needs::RoomGrid => self.room_grid,
            Needs::SecretDoors => self.secret_doors,
            Needs::Rooms => self.rooms,
            Needs::WayUp => self.way_up,
        }
    }
}

const fn key(c: char) -> Keys {
    Keys::Key(Key::Char(c))
}

const fn act(action: Action) -> Does {
    Does::Action(action)
}

fn move_to(direction: Direction) -> Action {
    Action::Move(direction)
}

fn cursor_by_one(direction: Direction) -> Action {
    Action::MoveCursor {
        direction,
        far: false,
    }
}

fn cursor_by_five(direction: Direction) -> Action {
    Action::MoveCursor {
        direction,
        far: true,
    }
}

/// The keys of play. Command letters are matched in either case unless the mode binds
/// the upper case of its own (look mode's Shift moves), so `r` and `R` both start a new
/// game.
const PLAY_KEYS: &[Binding] = {
    use Action as A;
    &[
        bind(Keys::Vi, Does::Direction(move_to), true),
        bind(Keys::Arrows, Does::Direction(move_to), false),
        bind(Keys::Numpad, Does::Direction(move_to), false),
        bind(key(WAIT_KEY), act(A::Wait), false),
        bind(Keys::Key(Key::Numpad(5)), act(A::Wait), false),
        bind(key('o'), act(A::Explore), true),
        bind(key('>'), act(A::Stairs(Vertical::Down)), true),
        bind(key('<'), act(A::Stairs(Vertical::Up)), true).needing(Needs::WayUp),
        bind(Keys::Click, Does::Tile(A::TravelTo), false),
        bind(Keys::Hover, Does::Tile(A::ShowRoute), false),
        bind(key('x'), act(A::Look), true),
        bind(Keys::Key(Key::Ctrl('p')), act(A::Messages), true),
        bind(Keys::Key(Key::Tab), act(A::LargeMap), false).needing(Needs::RoomGrid),
        bind(key('s'), act(A::Search), false).needing(Needs::SecretDoors),
        bind(key('q'), act(A::Drink), false),
        bind(key('R'), act(A::NewDungeon), false),
        bind(key('G'), act(A::NextGenerator), false),
        bind(key('F'), act(A::NextFont), false),
        bind(key('M'), act(A::ToggleReveal), false),
        bind(key('T'), act(A::ToggleLabels), false).needing(Needs::Rooms),
        bind(key('W'), act(A::Watch), false),
        bind(key('?'), act(A::Help), true),
        bind(Keys::Key(Key::Escape), act(A::Quit), true),
    ]
};

/// The keys of look mode.
const LOOK_KEYS: &[Binding] = {
    use Action as A;
    &[
        bind(Keys::Vi, Does::Direction(cursor_by_one), true),
        bind(Keys::Arrows, Does::Direction(cursor_by_one), false),
        bind(Keys::Numpad, Does::Direction(cursor_by_one), false),
        bind(Keys::ShiftVi, Does::Direction(cursor_by_five), false),
        bind(Keys::ShiftArrows, Does::Direction(cursor_by_five), false),
        bind(Keys::Hover, Does::Tile(A::CursorTo), false),
        bind(Keys::Key(Key::Tab), act(A::NextInteresting), true),
        bind(Keys::Key(Key::Enter), act(A::TravelToCursor), true),
        bind(Keys::Click, Does::Tile(A::TravelTo), false),
        bind(key('?'), act(A::Help), true),
        bind(key('x'), act(A::Back), false),
        bind(Keys::Key(Key::Escape), act(A::Back), true),
    ]
};

/// The keys of the help screen.
const HELP_KEYS: &[Binding] = {
    use Action as A;
    &[
        bind(key('?'), act(A::Back), false),
        bind(Keys::Key(Key::Escape), act(A::Back), true),
    ]
};

/// The keys of the message archive.
const MESSAGES_KEYS: &[Binding] = {
    use Action as A;
    &[
        bind(Keys::Key(Key::PageUp), act(A::Scroll(-PAGE)), true),
        bind(Keys::Key(Key::PageDown), act(A::Scroll(PAGE)), true),
        bind(
            Keys::Key(Key::Arrow(Direction::North)),
            act(A::Scroll(-1)),
            false,
        ),
        bind(
            Keys::Key(Key::Arrow(Direction::South)),
            act(A::Scroll(1)),
            false,
        ),
        bind(key('k'), act(A::Scroll(-1)), false),
        bind(key('j'), act(A::Scroll(1)), false),
        bind(Keys::Key(Key::Ctrl('p')), act(A::Back), false),
        bind(Keys::Key(Key::Escape), act(A::Back), true),
    ]
};

/// The keys of the large map.
const MAP_KEYS: &[Binding] = {
    use Action as A;
    &[
        bind(Keys::Key(Key::Tab), act(A::Back), false),
        bind(key('M'), act(A::ToggleReveal), true),
        bind(key('?'), act(A::Help), true),
        bind(Keys::Key(Key::Escape), act(A::Back), true),
    ]
};

/// The keys of the end screen.
const ENDED_KEYS: &[Binding] = {
    use Action as A;
    &[
        bind(key('R'), act(A::NewDungeon), true),
        bind(Keys::Key(Key::Ctrl('p')), act(A::Messages), true),
        bind(key('?'), act(A::Help), true),
        bind(Keys::Key(Key::Escape), act(A::Quit), true),
    ]
};

/// Lines a page of the message archive scrolls by.
pub const PAGE: i32 = 10;

/// The key that waits a turn besides numpad 5.
pub const WAIT_KEY: char = '.';

/// The vi-keys and their directions: `h` west, `j` south, `k` north, `l` east, and the
/// diagonals `y` `u` `b` `n`.
pub const VI_KEYS: [(char, Direction); 8] = [
    ('h', Direction::West),
    ('j', Direction::South),
    ('k', Direction::North),
    ('l', Direction::East),
    ('y', Direction::NorthWest),
    ('u', Direction::NorthEast),
    ('b', Direction::SouthWest),
    ('n', Direction::SouthEast),
];

/// The keypad's layout: 7 8 9 on top, 1 2 3 at the bottom (5, in the middle, is not a
/// direction).
const NUMPAD: [(u8, Direction); 8] = [
    (1, Direction::SouthWest),
    (2, Direction::South),
    (3, Direction::SouthEast),
    (4, Direction::West),
    (6, Direction::East),
    (7, Direction::NorthWest),
    (8, Direction::North),
    (9, Direction::NorthEast),
];

impl Keys {
    /// The direction `input` stands for under this pattern (for the direction patterns),
    /// or `Some(None)` when the pattern is one key and `input` is it; `None` when it
    /// does not match. `exact` compares letters by case.
    fn matches(self, input: Input, exact: bool) -> Option<Option<Direction>> {
        let Input::Key(pressed) = input else {
            return None;
        };
        let vi = |c: char| VI_KEYS.iter().find(|(k, _)| *k == c).map(|&(_, d)| d);
        let same_letter = |a: char, b: char| {
            if exact {
                a == b
            } else {
                a.eq_ignore_ascii_case(&b)
            }
        };
        match (self, pressed) {
            (Keys::Vi, Key::Char(c)) if exact => vi(c).map(Some),
            (Keys::Vi, Key::Char(c)) => vi(c.to_ascii_lowercase()).map(Some),
            (Keys::ShiftVi, Key::Char(c)) if c.is_ascii_uppercase() => {
                vi(c.to_ascii_lowercase()).map(Some)
            }
            (Keys::Arrows, Key::Arrow(d)) | (Keys::ShiftArrows, Key::ShiftArrow(d)) => {
                Some(Some(d))
            }
            (Keys::Arrows, Key::ShiftArrow(d)) if !exact => Some(Some(d)),
            (Keys::Numpad, Key::Numpad(n)) => {
                NUMPAD.iter().find(|(k, _)| *k == n).map(|&(_, d)| Some(d))
            }
            (Keys::Key(Key::Char(a)), Key::Char(b)) => same_letter(a, b).then_some(None),
            (Keys::Key(k), pressed) => (k == pressed).then_some(None),
            _ => None,
        }
    }

    /// How the keys are written on the help screen.
    pub fn label(self) -> String {
        let vi: Vec<String> = VI_KEYS.iter().map(|(c, _)| c.to_string()).collect();
        match self {
            Keys::Vi => vi.join(" "),
            Keys::ShiftVi => vi.join(" ").to_ascii_uppercase(),
            Keys::Arrows => "arrows".to_string(),
            Keys::ShiftArrows => "Shift arrows".to_string(),
            Keys::Numpad => "numpad 1-9".to_string(),
            Keys::Key(key) => key_name(key),
            Keys::Click => "click".to_string(),
            Keys::Hover => "mouse over".to_string(),
        }
    }

    /// How the keys are written on the panel's key line: the vi-keys run together.
    fn short_label(self) -> String {
        match self {
            Keys::Vi => VI_KEYS.iter().map(|(c, _)| *c).collect(),
            other => other.label(),
        }
    }
}

/// A key as the help screen and `--replay` write it: letters and punctuation as
/// themselves, the others by name (`Esc`, `Tab`, `Enter`, `Ctrl-P`, `PgUp`, ...).
pub fn key_name(key: Key) -> String {
    match key {
        Key::Char(c) => c.to_string(),
        Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
        Key::Escape => ESCAPE_NAME.to_string(),
        Key::Tab => "Tab".to_string(),
        Key::Enter => "Enter".to_string(),
        Key::PageUp => "PgUp".to_string(),
        Key::PageDown => "PgDn".to_string(),
        Key::Numpad(n) => format!("numpad {n}"),
        Key::Arrow(d) => format!("arrow {}", d.abbreviation()),
        Key::ShiftArrow(d) => format!("Shift arrow {}", d.abbreviation()),
    }
}

/// How the Escape key is written in the key table.
pub const ESCAPE_NAME: &str = "Esc";

impl Binding {
    /// The action this binding gives for `input`, if it matches.
    fn action(&self, input: Input, exact: bool) -> Option<Action> {
        match (self.keys, self.does, input) {
            (Keys::Click, Does::Tile(f), Input::Click(p))
            | (Keys::Hover, Does::Tile(f), Input::Hover(p)) => Some(f(p)),
            (keys, Does::Direction(f), input) => keys.matches(input, exact)?.map(f),
            (keys, Does::Action(action), input) => keys.matches(input, exact).map(|_| action),
            _ => None,
        }
    }

    /// What the row does, for the help screen.
    pub fn describe(&self) -> String {
        match self.does {
            Does::Action(action) => action.describe().to_string(),
            Does::Direction(f) => {
                let action = f(Direction::North);
                match (self.keys, action) {
                    (Keys::Vi | Keys::ShiftVi, _) => {
                        let directions: Vec<&str> =
                            VI_KEYS.iter().map(|(_, d)| d.abbreviation()).collect();
                        let what = match action {
                            Action::Move(_) => "move",
                            other => other.describe(),
                        };
                        format!("{what} {}", directions.join(" "))
                    }
                    _ => action.describe().to_string(),
                }
            }
            Does::Tile(f) => f(Point::ZERO).describe().to_string(),
        }
    }

    /// The row's short name for the panel.
    fn short_name(&self) -> &'static str {
        match self.does {
            Does::Action(action) => action.short_name(),
            Does::Direction(f) => f(Direction::North).short_name(),
            Does::Tile(f) => f(Point::ZERO).short_name(),
        }
    }
}

/// The action `input` stands for in `mode`, or `None` for an input the mode ignores.
/// Letters match their own case first, then either case.
///
/// ```
/// use game_app::action::{Action, Direction, Input, Key, ModeKind, action_for};
/// let h = |c| Input::Key(Key::Char(c));
/// assert_eq!(action_for(ModeKind::Play, h('h')), Some(Action::Move(Direction::West)));
/// assert_eq!(action_for(ModeKind::Play, h('r')), Some(Action::NewDungeon));
/// let far = Action::MoveCursor { direction: Direction::West, far: true };
/// assert_eq!(action_for(ModeKind::Look, h('H')), Some(far));
/// ```
pub fn action_for(mode: ModeKind, input: Input) -> Option<Action> {
    let in_mode = || mode.bindings().iter();
    in_mode()
        .find_map(|b| b.action(input, true))
        .or_else(|| in_mode().find_map(|b| b.action(input, false)))
}

/// One row of the help screen: keys, and what they do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRow {
    /// The keys, as the player types them.
    pub keys: String,
    /// What they do.
    pub does: String,
}

/// The help screen's rows for `mode` on a level where `works`, from its keys: one per
/// binding that works there, except that bindings doing the same thing share a row (`.`
/// and numpad 5 wait).
pub fn key_table(mode: ModeKind, works: Works) -> Vec<KeyRow> {
    let mut rows: Vec<KeyRow> = Vec::new();
    for binding in mode.bindings().iter().filter(|b| works.allows(b.needs)) {
        let does = binding.describe();
        let keys = binding.keys.label();
        match rows.iter_mut().find(|r| r.does == does) {
            Some(row) => {
                row.keys.push_str(", ");
                row.keys.push_str(&keys);
            }
            None => rows.push(KeyRow { keys, does }),
        }
    }
    rows
}

/// The status panel's line of keys for `mode` on a level where `works`: the bindings
/// marked for the panel that work there, each key with its short name; `short` leaves
/// out the names, for narrow screens.
pub fn key_line(mode: ModeKind, works: Works, short: bool) -> String {
    let parts: Vec<String> = mode
        .bindings()
        .iter()
        .filter(|b| b.on_panel && works.allows(b.needs))
        .map(|b| {
            let keys = b.keys.short_label();
            if short {
                keys
            } else {
                format!("{keys} {}", b.short_name())
            }
        })
        .collect();
    parts.join(if short { " " } else { "  " })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::collections::HashSet;

    fn char_key(c: char) -> Input {
        Input::Key(Key::Char(c))
    }

    /// Every key the game knows of, in both cases for letters.
    pub(crate) fn every_key() -> Vec<Key> {
        let mut keys: Vec<Key> = (32u8..127).map(|b| Key::Char(char::from(b))).collect();
        keys.extend((0..=9).map(Key::Numpad));
        keys.extend(Direction::ALL.map(Key::Arrow));
        keys.extend(Direction::ALL.map(Key::ShiftArrow));
        keys.extend(('a'..='z').map(Key::Ctrl));
        keys.extend([
            Key::Escape,
            Key::Tab,
            Key::Enter,
            Key::PageUp,
            Key::PageDown,
        ]);
        keys
    }

    #[test]
    fn command_keys_do_not_collide_with_vi_keys() {
        let vi: HashSet<char> = VI_KEYS.iter().map(|(c, _)| *c).collect();
        for b in ModeKind::Play.bindings() {
            if let Keys::Key(Key::Char(c)) = b.keys {
                assert!(!vi.contains(&c.to_ascii_lowercase()), "{c} is also a move");
            }
        }
        assert_eq!(vi.len(), 8, "eight distinct vi-keys");
    }

    #[test]
    fn vi_keys_numpad_and_arrows_cover_all_eight_directions_in_play_and_look() {
        for mode in [ModeKind::Play, ModeKind::Look] {
            let directions = |keys: Vec<Key>| -> HashSet<Direction> {
                keys.into_iter()
                    .filter_map(|k| match action_for(mode, Input::Key(k)) {
                        Some(Action::Move(d) | Action::MoveCursor { direction: d, .. }) => Some(d),
                        _ => None,
                    })
                    .collect()
            };
            let vi = directions(VI_KEYS.iter().map(|&(c, _)| Key::Char(c)).collect());
            let numpad = directions((1..=9).map(Key::Numpad).collect());
            assert_eq!(vi.len(), 8, "{mode:?}");
            assert_eq!(numpad, vi, "{mode:?}");
            for d in Direction::ALL {
                let arrow = action_for(mode, Input::Key(Key::Arrow(d)));
                assert!(arrow.is_some(), "{mode:?} {d:?}");
            }
        }
    }

    #[test]
    fn numpad_and_vi_keys_follow_their_layouts() {
        let delta = |input| match action_for(ModeKind::Play, input) {
            Some(Action::Move(d)) => <(i32, i32)>::from(d.step()),
            other => panic!("{input:?} gave {other:?}"),
        };
        for (digit, d) in [(8, (0, -1)), (3, (1, 1)), (4, (-1, 0)), (7, (-1, -1))] {
            assert_eq!(delta(Input::Key(Key::Numpad(digit))), d);
        }
        for (c, d) in [
            ('h', (-1, 0)),
            ('j', (0, 1)),
            ('k', (0, -1)),
            ('l', (1, 0)),
            ('y', (-1, -1)),
            ('u', (1, -1)),
            ('b', (-1, 1)),
            ('n', (1, 1)),
        ] {
            assert_eq!(delta(char_key(c)), d, "{c}");
        }
        let wait = Some(Action::Wait);
        assert_eq!(action_for(ModeKind::Play, Input::Key(Key::Numpad(5))), wait);
        assert_eq!(action_for(ModeKind::Play, Input::Key(Key::Numpad(0))), None);
    }

    #[test]
    fn commands_ignore_case_and_shift_moves_the_look_cursor_five() {
        let play = |c| action_for(ModeKind::Play, char_key(c));
        assert_eq!(play('R'), Some(Action::NewDungeon));
        assert_eq!(play('r'), Some(Action::NewDungeon));
        assert_eq!(play('g'), Some(Action::NextGenerator));
        assert_eq!(play('o'), Some(Action::Explore));
        assert_eq!(play('O'), Some(Action::Explore));
        assert_eq!(play('H'), Some(Action::Move(Direction::West)));
        assert_eq!(play('>'), Some(Action::Stairs(Vertical::Down)));
        assert_eq!(play('q'), Some(Action::Drink));
        assert_eq!(play('Q'), Some(Action::Drink));
        assert_eq!(play('z'), None);
        let look = |c| action_for(ModeKind::Look, char_key(c));
        let cursor = |far| {
            Some(Action::MoveCursor {
                direction: Direction::South,
                far,
            })
        };
        assert_eq!(look('j'), cursor(false));
        assert_eq!(look('J'), cursor(true));
        assert_eq!(
            action_for(
                ModeKind::Look,
                Input::Key(Key::ShiftArrow(Direction::South))
            ),
            cursor(true)
        );
        assert_eq!(look('x'), Some(Action::Back));
        assert_eq!(look('r'), None, "no new game from look mode");
    }

    #[test]
    fn the_mouse_acts_on_its_tile() {
        let p = Point::new(4, 7);
        assert_eq!(
            action_for(ModeKind::Play, Input::Click(p)),
            Some(Action::TravelTo(p))
        );
        assert_eq!(
            action_for(ModeKind::Play, Input::Hover(p)),
            Some(Action::ShowRoute(p))
        );
        assert_eq!(
            action_for(ModeKind::Look, Input::Hover(p)),
            Some(Action::CursorTo(p))
        );
        assert_eq!(action_for(ModeKind::Messages, Input::Click(p)), None);
    }

    #[test]
    fn esc_quits_only_from_play_and_goes_back_elsewhere() {
        let esc = Input::Key(Key::Escape);
        assert_eq!(action_for(ModeKind::Play, esc), Some(Action::Quit));
        for mode in [ModeKind::Look, ModeKind::Help, ModeKind::Messages] {
            assert_eq!(action_for(mode, esc), Some(Action::Back), "{mode:?}");
        }
    }

    /// Tries every key in every mode and finds the action it gives in that mode's table,
    /// by its key and its description.
    #[test]
    fn each_modes_table_lists_every_key_and_what_it_does() {
        for &mode in ModeKind::ALL {
            let table = key_table(mode, Works::ALL);
            let text: Vec<String> = table
                .iter()
                .map(|r| format!("{} | {}", r.keys, r.does))
                .collect();
            for key in every_key() {
                let Some(action) = action_for(mode, Input::Key(key)) else {
                    continue;
                };
                let binding = mode
                    .bindings()
                    .iter()
                    .find(|b| {
                        b.action(Input::Key(key), true) == Some(action)
                            || b.action(Input::Key(key), false) == Some(action)
                    })
                    .unwrap();
                let found = table.iter().any(|row| {
                    row.keys.contains(&binding.keys.label()) && row.does == binding.describe()
                });
                assert!(found, "{mode:?}: {key:?} ({action:?}) missing: {text:#?}");
            }
            assert!(!table.is_empty(), "{mode:?}");
        }
    }

    #[test]
    fn the_key_line_names_the_panel_keys_and_fits() {
        let line = key_line(ModeKind::Play, Works::ALL, false);
        assert!(line.starts_with("hjklyubn move"), "{line}");
        for part in [
            "o explore",
            "> down",
            "< up",
            "x look",
            "Ctrl-P log",
            "Esc quit",
        ] {
            assert!(line.contains(part), "{line} lacks {part}");
        }
        for &mode in ModeKind::ALL {
            let line = key_line(mode, Works::ALL, false);
            assert!(line.len() < 79, "{mode:?}: {} chars: {line}", line.len());
            assert!(key_line(mode, Works::ALL, true).len() < 50, "{mode:?}");
        }
    }

    /// Help in a `rooms` game listed `Tab` and `s`, which do nothing there; each key
    /// that needs something of the level shows exactly where the level has it.
    #[test]
    fn keys_show_only_where_they_work() {
        let none = Works {
            room_grid: false,
            secret_doors: false,
            rooms: false,
            way_up: false,
        };
        let row = |works: Works, keys: &str| {
            key_table(ModeKind::Play, works)
                .iter()
                .any(|r| r.keys == keys)
        };
        for (keys, works) in [
            (
                "Tab",
                Works {
                    room_grid: true,
                    ..none
                },
            ),
            (
                "s",
                Works {
                    secret_doors: true,
                    ..none
                },
            ),
            (
                "T",
                Works {
                    rooms: true,
                    ..none
                },
            ),
            (
                "<",
                Works {
                    way_up: true,
                    ..none
                },
            ),
        ] {
            assert!(row(works, keys) && row(Works::ALL, keys), "{keys}");
            assert!(!row(none, keys), "{keys} shows where it does nothing");
        }
        assert!(!key_line(ModeKind::Play, none, false).contains("< up"));
        assert!(key_line(ModeKind::Play, Works::ALL, false).contains("< up"));
        // Every other key shows everywhere.
        let all = key_table(ModeKind::Play, Works::ALL).len();
        assert_eq!(key_table(ModeKind::Play, none).len(), all - 4);
    }

    #[test]
    fn directions_round_trip_through_their_steps() {
        for d in Direction::ALL {
            assert_eq!(Direction::from_step(d.step()), Some(d));
        }
        assert_eq!(Direction::from_step(Point::ZERO), None);
    }
}
