//! One frame as console cells: the map through the viewport with fog of war, the `@`,
//! room labels and the status panel. The window copies the cells into bracket-lib's
//! console as they are; everything about how the game looks is decided here.

use mapgen::{Grid, Point, RoomKind, Tile};

use crate::fonts::{Font, GlyphSize};
use crate::minimap::{Mark, Minimap};
use crate::state::Game;
use crate::view::ViewToggles;
use crate::viewport::Viewport;

/// An RGB colour.
pub type Rgb = (u8, u8, u8);

/// The tutorial's colours (libtcod tutorial, part 4).
pub mod colors {
    use super::Rgb;
    /// A remembered wall out of sight.
    pub const DARK_WALL: Rgb = (0, 0, 100);
    /// Remembered ground out of sight.
    pub const DARK_GROUND: Rgb = (50, 50, 150);
    /// A wall in the torch's light.
    pub const LIGHT_WALL: Rgb = (130, 110, 50);
    /// Ground in the torch's light.
    pub const LIGHT_GROUND: Rgb = (200, 180, 50);
    /// Never seen, and the panel's background.
    pub const BLACK: Rgb = (0, 0, 0);
    /// The `@` and the panel's values.
    pub const WHITE: Rgb = (255, 255, 255);
    /// The panel's key help.
    pub const GREY: Rgb = (150, 150, 150);
    /// The panel's notices.
    pub const NOTICE: Rgb = (255, 200, 80);
    /// The minimap's background.
    pub const MINIMAP_BG: Rgb = (12, 12, 36);
    /// A visited room on the minimap.
    pub const MINIMAP_ROOM: Rgb = (170, 170, 190);
    /// The start room on the minimap.
    pub const MINIMAP_START: Rgb = (110, 190, 255);
    /// The boss room on the minimap.
    pub const MINIMAP_BOSS: Rgb = (235, 60, 60);
    /// A treasure room on the minimap.
    pub const MINIMAP_TREASURE: Rgb = (255, 215, 0);
}

/// Rows at the bottom of the screen for the status panel.
pub const STATUS_ROWS: i32 = 5;

/// The console size the game opens: the tutorial's 80 x 50, a map view of 80 x 45 and the
/// five-row panel.
pub const CONSOLE_SIZE: (i32, i32) = (80, 50);

/// The key help line of the status panel.
pub const KEY_HELP: &str =
    "hjklyubn numpad arrows  R new  G generator  F font  M map  T labels  Esc quit";

/// The key help on a console too narrow for [`KEY_HELP`].
pub const KEY_HELP_SHORT: &str = "arrows numpad hjklyubn  R G F M T  Esc";

/// The smallest console the game lays out: a few rows of map above the panel.
pub const MIN_CONSOLE: (i32, i32) = (20, STATUS_ROWS + 3);

/// How many cells of `glyph` times `scale` fill a window of `window_px` pixels: the
/// console size after `F` switches fonts, so that every font shows at its own size (the
/// window cannot be resized in bracket-lib 0.8.7) and the map view scrolls instead.
pub fn console_cells(window_px: (u32, u32), glyph: GlyphSize, scale: f32) -> (i32, i32) {
    let (cell_w, cell_h) = glyph.scaled(scale);
    let fit = |px: u32, cell: u32, min: i32| i32::try_from(px / cell).unwrap_or(i32::MAX).max(min);
    (
        fit(window_px.0, cell_w, MIN_CONSOLE.0),
        fit(window_px.1, cell_h, MIN_CONSOLE.1),
    )
}

/// One console cell: a CP437 glyph index and its colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// The glyph's index in the font (CP437 code).
    pub glyph: u16,
    /// Foreground colour.
    pub fg: Rgb,
    /// Background colour.
    pub bg: Rgb,
}

impl Cell {
    /// An empty black cell.
    pub const BLANK: Cell = Cell {
        glyph: b' ' as u16,
        fg: colors::WHITE,
        bg: colors::BLACK,
    };
}

/// The console's cells; reused frame after frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Screen {
    cells: Grid<Cell>,
}

impl Default for Cell {
    /// [`Cell::BLANK`]: what the screen reads outside its edges.
    fn default() -> Self {
        Cell::BLANK
    }
}

impl Screen {
    /// A blank `width` x `height` screen; empty for sides out of range.
    pub fn new(width: i32, height: i32) -> Screen {
        Screen {
            cells: Grid::new(width.max(0), height.max(0), Cell::BLANK).unwrap_or_default(),
        }
    }

    /// Width in cells.
    pub fn width(&self) -> i32 {
        self.cells.width()
    }

    /// Height in cells.
    pub fn height(&self) -> i32 {
        self.cells.height()
    }

    /// The cell at `p`; a blank one outside the screen.
    pub fn cell(&self, p: impl Into<Point>) -> Cell {
        self.cells.get(p)
    }

    /// Every cell with its position, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Point, Cell)> + '_ {
        self.cells.iter().map(|(p, &c)| (p, c))
    }

    /// The text of row `y`, one char per cell (for tests and debugging).
    pub fn row_text(&self, y: i32) -> String {
        self.cells
            .row(y)
            .iter()
            .map(|c| char::from(u8::try_from(c.glyph).unwrap_or(b'?')))
            .collect()
    }

    fn set(&mut self, p: impl Into<Point>, cell: Cell) {
        self.cells.set(p, cell);
    }

    fn clear(&mut self) {
        self.cells.fill(Cell::BLANK);
    }

    /// Writes `text` from `(x, y)`, cut at the right edge; non-ASCII shows as `?`.
    fn print(&mut self, x: i32, y: i32, text: &str, fg: Rgb) {
        for (i, c) in (0..).zip(text.chars()) {
            let glyph = if c.is_ascii() {
                c as u16
            } else {
                u16::from(b'?')
            };
            let cell = Cell {
                glyph,
                fg,
                bg: colors::BLACK,
            };
            self.set((x.saturating_add(i), y), cell);
        }
    }
}

/// What the panel shows besides the game: the font in use and a one-line notice.
#[derive(Debug, Clone, Copy)]
pub struct Hud<'a> {
    /// The font in use.
    pub font: &'a Font,
    /// A message for the player, such as a failed `R`.
    pub notice: Option<&'a str>,
}

/// The part of the screen above the panel, where the map goes.
pub fn map_view(screen: &Screen) -> Viewport {
    Viewport {
        width: screen.width(),
        height: (screen.height() - STATUS_ROWS).max(0),
    }
}

/// Draws a whole frame of `game` into `screen`, with the map and labels as `toggles` say.
pub fn compose(game: &Game, toggles: ViewToggles, hud: &Hud, screen: &mut Screen) {
    screen.clear();
    let view = map_view(screen);
    let map = game.map();
    let origin = view.origin(map.width(), map.height(), game.player());
    draw_map(game, toggles.reveal_map, view, origin, screen);
    if toggles.show_labels {
        draw_labels(game, view, origin, screen);
    }
    if let Some((x, y)) = view.to_screen(origin, game.player()) {
        screen.set(
            (x, y),
            Cell {
                glyph: u16::from(b'@'),
                fg: colors::WHITE,
                bg: colors::LIGHT_GROUND,
            },
        );
    }
    if let Some(minimap) = Minimap::of(game) {
        let player = view.to_screen(origin, game.player());
        draw_minimap(&minimap, view, player, screen);
    }
    draw_status(game, toggles, hud, view.height, screen);
}

/// Draws the minimap in the map view's top-right corner, or top-left when the `@` would
/// be under it; not at all when the view is too small to hold it beside the `@`.
fn draw_minimap(
    minimap: &Minimap,
    view: Viewport,
    player: Option<(i32, i32)>,
    screen: &mut Screen,
) {
    // One cell of margin around the marks, on the minimap's own background.
    let (w, h) = (minimap.width() + 2, minimap.height() + 2);
    if w + 2 > view.width || h + 1 > view.height {
        return;
    }
    let covers = |left: i32| player.is_some_and(|(x, y)| x >= left && x < left + w && y < h + 1);
    let right = view.width - w - 1;
    let left = if covers(right) { 1 } else { right };
    for y in 0..h {
        for x in 0..w {
            let mark = minimap.mark((x - 1, y - 1));
            screen.set((left + x, 1 + y), minimap_cell(mark));
        }
    }
}

/// How a minimap mark looks: rooms as blocks (CP437 254), the boss as `B`, treasure as
/// `$`, doors as line pieces; the current room on the torch-lit yellow.
pub fn minimap_cell(mark: Option<Mark>) -> Cell {
    let bg = colors::MINIMAP_BG;
    let (glyph, fg, bg) = match mark {
        None => (u16::from(b' '), colors::WHITE, bg),
        Some(Mark::DoorWestEast) => (196, colors::GREY, bg),
        Some(Mark::DoorNorthSouth) => (179, colors::GREY, bg),
        Some(Mark::Room { kind, current, .. }) => {
            let (glyph, fg) = match kind {
                RoomKind::Start => (254, colors::MINIMAP_START),
                RoomKind::Normal => (254, colors::MINIMAP_ROOM),
                RoomKind::Boss => (u16::from(b'B'), colors::MINIMAP_BOSS),
                RoomKind::Treasure => (u16::from(b'$'), colors::MINIMAP_TREASURE),
            };
            if current {
                (glyph, colors::BLACK, colors::LIGHT_GROUND)
            } else {
                (glyph, fg, bg)
            }
        }
    };
    Cell { glyph, fg, bg }
}

fn draw_map(game: &Game, reveal_map: bool, view: Viewport, origin: Point, screen: &mut Screen) {
    let map = game.map();
    for sy in 0..view.height {
        for sx in 0..view.width {
            let (x, y) = (origin.x + sx, origin.y + sy);
            if !map.in_bounds((x, y)) {
                continue;
            }
            let lit = game.is_visible((x, y));
            if lit || reveal_map || game.explored().is_explored((x, y)) {
                screen.set((sx, sy), tile_cell(map.tile((x, y)), lit));
            }
        }
    }
}

/// A tile as the tutorial draws it: walls and ground are background colours, lit or
/// dark. Tiles the tutorial lacks (doors, chasms) add a glyph on the matching colour.
pub fn tile_cell(tile: Tile, lit: bool) -> Cell {
    let (wall, ground) = if lit {
        (colors::LIGHT_WALL, colors::LIGHT_GROUND)
    } else {
        (colors::DARK_WALL, colors::DARK_GROUND)
    };
    let (glyph, fg, bg) = match (tile.walkable, tile.transparent) {
        (false, false) => (b' ', wall, wall),
        (true, true) => (b' ', ground, ground),
        (true, false) => (b'+', wall, ground),
        (false, true) => (b'~', ground, wall),
    };
    Cell {
        glyph: u16::from(glyph),
        fg,
        bg,
    }
}

/// The label of the `index`-th room placed: A-Z, then a-z, then 0-9, then `*`.
pub fn room_label(index: usize) -> char {
    const LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    LABELS.get(index).map_or('*', |&b| char::from(b))
}

fn draw_labels(game: &Game, view: Viewport, origin: Point, screen: &mut Screen) {
    for (i, room) in game.rooms().iter().enumerate() {
        let Some((x, y)) = view.to_screen(origin, room.center()) else {
            continue;
        };
        let under = screen.cell((x, y));
        // Black on the torch-lit yellow, white on the dark blues and on black.
        let fg = if under.bg == colors::LIGHT_GROUND || under.bg == colors::LIGHT_WALL {
            colors::BLACK
        } else {
            colors::WHITE
        };
        screen.set(
            (x, y),
            Cell {
                glyph: room_label(i) as u16,
                fg,
                bg: under.bg,
            },
        );
    }
}

fn draw_status(game: &Game, toggles: ViewToggles, hud: &Hud, top: i32, screen: &mut Screen) {
    let map = game.map();
    let player = game.player();
    let on_off = |b: bool| if b { "on" } else { "off" };
    let lines = [
        format!(
            "Seed {}   Generator {}   Map {}x{}",
            game.seed(),
            game.generator().kind(),
            map.width(),
            map.height()
        ),
        format!(
            "Position {}, {}   Rooms {}   Explored {:.0}%{}",
            player.x,
            player.y,
            game.rooms().len(),
            game.explored().percent().floor(),
            game.current_room()
                .map(|r| format!("   Room {} (depth {})", r.kind, r.depth))
                .unwrap_or_default()
        ),
        format!(
            "Font {} ({})   Whole map {}   Room labels {}",
            hud.font.name,
            hud.font.glyph,
            on_off(toggles.reveal_map),
            on_off(toggles.show_labels)
        ),
    ];
    for (row, line) in lines.iter().enumerate() {
        screen.print(1, top + row as i32, line, colors::WHITE);
    }
    if let Some(notice) = hud.notice {
        screen.print(1, top + 3, notice, colors::NOTICE);
    }
    let help = if KEY_HELP.len() < screen.width() as usize {
        KEY_HELP
    } else {
        KEY_HELP_SHORT
    };
    screen.print(1, top + 4, help, colors::GREY);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{Action, Direction};
    use crate::fonts::builtin_fonts;
    use crate::session::Session;
    use mapgen::{Dungeon, Generator, Map, Rect, RoomsSettings};

    fn game_on(map: &str, start: (i32, i32), rooms: Vec<Rect>, radius: u32) -> Game {
        let dungeon =
            Dungeon::new(Map::from_ascii(map).unwrap(), Point::from(start)).with_rooms(rooms);
        let mut game = Game::from_dungeon(
            Generator::Rooms(RoomsSettings::default()),
            42,
            dungeon,
            radius,
        );
        game.update_fov().unwrap();
        game
    }

    /// A frame with both toggles off.
    fn frame(game: &Game) -> Screen {
        toggled_frame(game, ViewToggles::default())
    }

    fn toggled_frame(game: &Game, toggles: ViewToggles) -> Screen {
        let font = &builtin_fonts().unwrap()[0];
        let mut screen = Screen::new(CONSOLE_SIZE.0, CONSOLE_SIZE.1);
        compose(game, toggles, &Hud { font, notice: None }, &mut screen);
        screen
    }

    fn session_frame(session: &Session) -> Screen {
        toggled_frame(session.game(), session.view())
    }

    const TWO_ROOMS: &str = "\
##########
#...##...#
#...##...#
#........#
##########
";

    #[test]
    fn the_key_help_fits_the_screen() {
        assert!(
            KEY_HELP.len() + 1 < CONSOLE_SIZE.0 as usize,
            "{}",
            KEY_HELP.len()
        );
    }

    #[test]
    fn a_console_fills_the_window_with_the_fonts_own_cells() {
        let glyph = |width, height| GlyphSize { width, height };
        // The default window: 80 x 50 cells of 8 x 8.
        assert_eq!(console_cells((640, 400), glyph(8, 8), 1.0), (80, 50));
        assert_eq!(console_cells((640, 400), glyph(8, 16), 1.0), (80, 25));
        assert_eq!(console_cells((640, 400), glyph(6, 12), 1.0), (106, 33));
        assert_eq!(console_cells((1280, 800), glyph(8, 16), 2.0), (80, 25));
        // Never smaller than the panel needs.
        assert_eq!(console_cells((100, 50), glyph(12, 24), 2.0), MIN_CONSOLE);
    }

    #[test]
    fn a_narrow_console_gets_the_short_key_help() {
        let game = game_on(TWO_ROOMS, (1, 1), vec![], 3);
        let font = &builtin_fonts().unwrap()[0];
        let mut screen = Screen::new(53, 16);
        compose(
            &game,
            ViewToggles::default(),
            &Hud {
                font,
                notice: Some("hello"),
            },
            &mut screen,
        );
        assert!(
            screen
                .row_text(15)
                .starts_with(&format!(" {KEY_HELP_SHORT}"))
        );
        assert!(screen.row_text(14).starts_with(" hello"));
        assert!(screen.row_text(11).starts_with(" Seed 42"));
        assert_eq!(screen.cell((1, 1)).glyph, u16::from(b'@'));
    }

    #[test]
    fn lit_remembered_and_unseen_tiles_have_the_tutorials_colours() {
        // Radius 3 from (1, 1): the far room stays unseen at first.
        let mut session = Session::new(game_on(TWO_ROOMS, (1, 1), vec![], 3));
        let screen = session_frame(&session);
        assert_eq!(screen.cell((1, 1)).glyph, u16::from(b'@'));
        assert_eq!(screen.cell((2, 1)).bg, colors::LIGHT_GROUND);
        assert_eq!(screen.cell((0, 1)).bg, colors::LIGHT_WALL);
        assert_eq!(screen.cell((8, 1)), Cell::BLANK, "never seen is black");
        // Walk away east: the start is remembered in the dark colours.
        let mut seeds = || 1;
        for _ in 0..6 {
            session
                .apply(Action::Move(Direction::SouthEast), &mut seeds)
                .unwrap();
            session
                .apply(Action::Move(Direction::East), &mut seeds)
                .unwrap();
            session.game_mut().update_fov().unwrap();
        }
        let screen = session_frame(&session);
        assert_eq!(screen.cell((1, 1)).bg, colors::DARK_GROUND);
        assert_eq!(screen.cell((0, 1)).bg, colors::DARK_WALL);
    }

    #[test]
    fn reveal_shows_unseen_tiles_dark_without_exploring_them() {
        let mut session = Session::new(game_on(TWO_ROOMS, (1, 1), vec![], 3));
        session.apply(Action::ToggleReveal, &mut || 1).unwrap();
        let screen = session_frame(&session);
        assert_eq!(screen.cell((8, 1)).bg, colors::DARK_GROUND);
        assert_eq!(screen.cell((9, 1)).bg, colors::DARK_WALL);
        assert!(!session.game().explored().is_explored((8, 1)));
        assert!(screen.row_text(47).contains("Whole map on"));
    }

    #[test]
    fn room_labels_sit_at_room_centres_in_placement_order() {
        let rooms = vec![Rect::new(0, 0, 4, 4), Rect::new(5, 0, 4, 4)];
        let mut session = Session::new(game_on(TWO_ROOMS, (1, 1), rooms, 3));
        assert_eq!(
            session_frame(&session).cell((2, 2)).glyph,
            u16::from(b' '),
            "hidden by default"
        );
        session.apply(Action::ToggleLabels, &mut || 1).unwrap();
        let screen = session_frame(&session);
        assert!(screen.row_text(47).contains("Room labels on"));
        let a = screen.cell((2, 2));
        assert_eq!(
            (a.glyph, a.fg),
            (u16::from(b'A'), colors::BLACK),
            "lit room"
        );
        let b = screen.cell((7, 2));
        assert_eq!(
            (b.glyph, b.fg),
            (u16::from(b'B'), colors::WHITE),
            "unseen room"
        );
        assert_eq!(room_label(0), 'A');
        assert_eq!(room_label(25), 'Z');
        assert_eq!(room_label(26), 'a');
        assert_eq!(room_label(61), '9');
        assert_eq!(room_label(62), '*');
    }

    #[test]
    fn the_status_panel_shows_seed_position_rooms_explored_font_and_keys() {
        let game = game_on(TWO_ROOMS, (1, 1), vec![Rect::new(0, 0, 4, 4)], 3);
        let screen = frame(&game);
        let rows: Vec<String> = (45..50).map(|y| screen.row_text(y)).collect();
        assert!(
            rows[0].starts_with(" Seed 42   Generator rooms   Map 10x5"),
            "{}",
            rows[0]
        );
        assert!(
            rows[1].starts_with(" Position 1, 1   Rooms 1   Explored "),
            "{}",
            rows[1]
        );
        assert!(
            rows[2].starts_with(" Font terminal8x8 (8x8)   Whole map off"),
            "{}",
            rows[2]
        );
        assert!(rows[4].contains("Esc quit"), "{}", rows[4]);
    }

    #[test]
    fn a_large_map_scrolls_with_the_player() {
        let settings = RoomsSettings {
            width: 200,
            height: 120,
            max_rooms: 200,
            ..RoomsSettings::default()
        };
        let mut game = Game::new(Generator::Rooms(settings), 9, 10).unwrap();
        game.update_fov().unwrap();
        let view = map_view(&Screen::new(80, 50));
        let screen = frame(&game);
        let origin = view.origin(200, 120, game.player());
        let (x, y) = view.to_screen(origin, game.player()).unwrap();
        assert_eq!(screen.cell((x, y)).glyph, u16::from(b'@'));
        assert!(y < 45, "the @ is above the panel");
    }

    #[test]
    fn tile_cells_cover_every_tile_kind() {
        assert_eq!(tile_cell(Tile::WALL, true).bg, colors::LIGHT_WALL);
        assert_eq!(tile_cell(Tile::FLOOR, false).bg, colors::DARK_GROUND);
        assert_eq!(tile_cell(Tile::DOOR, true).glyph, u16::from(b'+'));
        assert_eq!(tile_cell(Tile::CHASM, false).glyph, u16::from(b'~'));
    }

    fn grid_frame(seed: u64) -> (Game, Screen) {
        let mut game =
            Game::new(Generator::Grid(mapgen::GridSettings::default()), seed, 10).unwrap();
        game.update_fov().unwrap();
        let screen = frame(&game);
        (game, screen)
    }

    #[test]
    fn grid_dungeons_show_a_minimap_top_right_with_the_current_room_highlighted() {
        let (_, screen) = grid_frame(3);
        // 9 x 7 rooms: 17 x 13 marks plus a margin, one cell from the right edge.
        let (left, top) = (80 - 19 - 1, 1);
        assert_eq!(screen.cell((left, top)).bg, colors::MINIMAP_BG);
        assert_eq!(screen.cell((left + 18, top + 14)).bg, colors::MINIMAP_BG);
        let start = screen.cell((left + 1 + 8, top + 1 + 6));
        assert_eq!(
            (start.glyph, start.bg),
            (254, colors::LIGHT_GROUND),
            "current room"
        );
        assert_eq!(screen.cell((left + 1, top + 1)), minimap_cell(None));
    }

    #[test]
    fn rooms_dungeons_have_no_minimap_cells() {
        let game = Game::new(Generator::Rooms(RoomsSettings::default()), 3, 10).unwrap();
        let screen = frame(&game);
        assert!(screen.cells().all(|(_, c)| c.bg != colors::MINIMAP_BG));
    }

    #[test]
    fn the_status_panel_shows_the_current_rooms_kind_and_depth() {
        let (_, screen) = grid_frame(3);
        let row = screen.row_text(46);
        assert!(row.contains("Room start (depth 0)"), "{row}");
        assert!(screen.row_text(45).contains("Generator grid"));
    }

    #[test]
    fn minimap_marks_have_distinct_looks() {
        let room = |kind, current| {
            Some(Mark::Room {
                kind,
                current,
                visited: true,
            })
        };
        let boss = minimap_cell(room(RoomKind::Boss, false));
        assert_eq!(
            (boss.glyph, boss.fg),
            (u16::from(b'B'), colors::MINIMAP_BOSS)
        );
        assert_eq!(
            minimap_cell(room(RoomKind::Treasure, false)).glyph,
            u16::from(b'$')
        );
        assert_eq!(
            minimap_cell(room(RoomKind::Normal, true)).bg,
            colors::LIGHT_GROUND
        );
        assert_eq!(minimap_cell(Some(Mark::DoorWestEast)).glyph, 196);
        assert_eq!(minimap_cell(Some(Mark::DoorNorthSouth)).glyph, 179);
    }
}
