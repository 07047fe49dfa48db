//! One frame as console cells: the map through the viewport with fog of war, the `@`,
//! room labels, the minimap, the status panel and the help screen. The window copies the
//! cells into bracket-lib's console as they are; everything about how the game looks is
//! decided here.
//!
//! A frame's work is bounded by the screen, not the map: the map is read only through
//! the viewport, labels are found by position ([`crate::labels`]), and the minimap is the
//! one the game keeps up to date.

mod help;
mod panel;
mod screen;
mod watch;

use mapgen::Point;
use mapgen::generators::grid::RoomKind;
use tileset::{Cell, colors, tile_cell};

pub use self::help::{HELP_TITLE, help_lines};
pub use self::panel::{COMPACT_STATUS_ROWS, SPACED_PANEL_MIN_ROWS, STATUS_ROWS, status_rows};
pub use self::screen::Screen;
pub use self::watch::compose_watch;
pub use crate::labels::room_label;

use crate::contrast::readable_on;
use crate::fonts::Font;
use crate::minimap::{Mark, Minimap};
use crate::state::Game;
use crate::view::ViewToggles;
use crate::viewport::Viewport;

/// The console size the game lays out for: an 80 x 45 map view (the tutorial's map) and
/// the spaced status panel.
pub const CONSOLE_SIZE: (i32, i32) = (80, 45 + STATUS_ROWS);

/// The smallest console the game lays out: a few rows of map above the compact panel.
pub const MIN_CONSOLE: (i32, i32) = (20, COMPACT_STATUS_ROWS + 3);

/// What the panel shows besides the game: the font in use and a one-line notice.
#[derive(Debug, Clone, Copy)]
pub struct Hud<'a> {
    /// The font in use.
    pub font: &'a Font,
    /// A message for the player, such as a failed `R` or "generating".
    pub notice: Option<&'a str>,
}

/// The part of the screen above the panel, where the map goes.
pub fn map_view(screen: &Screen) -> Viewport {
    Viewport {
        width: screen.width(),
        height: (screen.height() - status_rows(screen.height())).max(0),
    }
}

/// Draws a whole frame of `game` into `screen`, with the map, labels and help as
/// `toggles` say.
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
                fg: colors::PLAYER,
                bg: colors::LIGHT_GROUND,
            },
        );
    }
    if let Some(minimap) = game.minimap() {
        let player = view.to_screen(origin, game.player());
        draw_minimap(minimap, view, player, screen);
    }
    panel::draw_status(Some(game), toggles, hud, view.height, screen);
    if toggles.show_help {
        help::draw_help(view, screen);
    }
}

/// Draws the frame shown while the first dungeon is made: the notice in the middle of
/// the map view, and the panel's notice and keys.
pub fn compose_waiting(hud: &Hud, screen: &mut Screen) {
    screen.clear();
    let view = map_view(screen);
    if let Some(notice) = hud.notice {
        let x = ((view.width - notice.len() as i32) / 2).max(0);
        screen.print(x, view.height / 2, notice, colors::NOTICE, colors::BLACK);
    }
    panel::draw_status(None, ViewToggles::default(), hud, view.height, screen);
}

/// Draws the minimap in the map view's top-right corner, or top-left when the `@` would
/// be under it; not at all when the view is too small to hold it beside the `@`. Only
/// the cells drawn are read.
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
                // The isaac generator's kinds: a block in the kind's colour.
                other => (254, colors::room_kind(other)),
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

/// Room labels at the centres of the rooms on screen whose centre is in view now: as the
/// tutorial draws its objects, only in the field of view, so no label gives away a room
/// not yet found. Black or white, whichever reads better on the tile.
fn draw_labels(game: &Game, view: Viewport, origin: Point, screen: &mut Screen) {
    for (centre, index) in game.room_labels().in_box(origin, view.width, view.height) {
        let Some((x, y)) = view.to_screen(origin, centre) else {
            continue;
        };
        if !game.is_visible(centre) {
            continue;
        }
        let under = screen.cell((x, y));
        screen.set(
            (x, y),
            Cell {
                glyph: room_label(index) as u16,
                fg: readable_on(under.bg),
                bg: under.bg,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{Action, Direction, key_line};
    use crate::fonts::builtin_fonts;
    use crate::session::Session;
    use mapgen::generators::Generator;
    use mapgen::generators::rooms::RoomsSettings;
    use mapgen::{Dungeon, Map, Rect, Tile};

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
        let line = key_line(false);
        assert!(line.len() + 1 < CONSOLE_SIZE.0 as usize, "{}", line.len());
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
                .starts_with(&format!(" {}", key_line(true)))
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
        assert!(screen.row_text(50).contains("Whole map on"));
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
        assert!(screen.row_text(50).contains("Room labels on"));
        let a = screen.cell((2, 2));
        assert_eq!(
            (a.glyph, a.fg),
            (u16::from(b'A'), colors::BLACK),
            "lit room"
        );
        assert_eq!(room_label(0), 'A');
        assert_eq!(room_label(62), '*');
    }

    /// Every label showed at once, giving away rooms not yet found; now a label shows only
    /// while its tile is in view, as the tutorial draws its objects.
    #[test]
    fn labels_show_only_where_their_tile_is_in_view() {
        let rooms = vec![Rect::new(0, 0, 4, 4), Rect::new(5, 0, 4, 4)];
        let mut session = Session::new(game_on(TWO_ROOMS, (1, 1), rooms, 3));
        session.apply(Action::ToggleLabels, &mut || 1).unwrap();
        session.apply(Action::ToggleReveal, &mut || 1).unwrap();
        let b = (7, 2);
        assert!(!session.game().is_visible(b));
        let screen = session_frame(&session);
        assert_eq!(screen.cell(b).glyph, u16::from(b' '), "B is not found yet");
        assert_eq!(
            screen.cell(b).bg,
            colors::DARK_GROUND,
            "though M shows its floor"
        );
        // Walk east until B's centre comes into view.
        for _ in 0..3 {
            session
                .apply(Action::Move(Direction::SouthEast), &mut || 1)
                .unwrap();
            session
                .apply(Action::Move(Direction::East), &mut || 1)
                .unwrap();
            session.game_mut().update_fov().unwrap();
        }
        assert!(session.game().is_visible(b));
        assert!(!session.game().is_visible((2, 2)), "A is out of view now");
        let screen = session_frame(&session);
        let cell = screen.cell(b);
        assert_eq!((cell.glyph, cell.fg), (u16::from(b'B'), colors::BLACK));
        assert_eq!(screen.cell((2, 2)).glyph, u16::from(b' '), "A hides again");
    }

    #[test]
    fn the_status_panel_shows_seed_position_rooms_explored_font_and_keys() {
        let game = game_on(TWO_ROOMS, (1, 1), vec![Rect::new(0, 0, 4, 4)], 3);
        let screen = frame(&game);
        // A blank row between the map and each line.
        let rows: Vec<String> = (46..55).step_by(2).map(|y| screen.row_text(y)).collect();
        for blank in (45..55).step_by(2) {
            assert_eq!(screen.row_text(blank).trim(), "", "row {blank}");
        }
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
        let view = map_view(&Screen::new(CONSOLE_SIZE.0, CONSOLE_SIZE.1));
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
        let mut game = Game::new(
            Generator::Grid(mapgen::generators::grid::GridSettings::default()),
            seed,
            10,
        )
        .unwrap();
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
        let row = screen.row_text(48);
        assert!(row.contains("Room start (depth 0)"), "{row}");
        assert!(screen.row_text(46).contains("Generator grid"));
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

    /// The isaac generator's kinds show as a block in their colour, readable on the
    /// minimap's background.
    #[test]
    fn every_room_kind_reads_on_the_minimap() {
        for &kind in RoomKind::ALL {
            let mark = Some(Mark::Room {
                kind,
                current: false,
                visited: true,
            });
            let cell = minimap_cell(mark);
            let ratio = crate::contrast::contrast(cell.fg, cell.bg);
            assert!(ratio >= 4.5, "{kind}: {ratio:.2}");
        }
        let shop = Some(Mark::Room {
            kind: RoomKind::Shop,
            current: false,
            visited: true,
        });
        assert_eq!(minimap_cell(shop).fg, colors::room_kind(RoomKind::Shop));
    }

    /// Every frame the tests below compose, from several states of play.
    fn frames_of_play() -> Vec<Screen> {
        let font = &builtin_fonts().unwrap()[0];
        let mut frames = Vec::new();
        let mut compose_into = |session: &Session, notice: Option<&str>| {
            let mut screen = Screen::new(CONSOLE_SIZE.0, CONSOLE_SIZE.1);
            compose(
                session.game(),
                session.view(),
                &Hud { font, notice },
                &mut screen,
            );
            frames.push(screen);
        };
        for generator in [
            Generator::Rooms(RoomsSettings::default()),
            Generator::Grid(mapgen::generators::grid::GridSettings::default()),
        ] {
            let mut session = Session::new(Game::new(generator, 42, 10).unwrap());
            session.game_mut().update_fov().unwrap();
            compose_into(&session, None);
            session.apply(Action::ToggleLabels, &mut || 1).unwrap();
            // Walk about, so rooms are remembered, visited and labelled in view.
            for (i, d) in Direction::ALL.iter().cycle().take(120).enumerate() {
                for _ in 0..(i % 7) {
                    session.apply(Action::Move(*d), &mut || 1).unwrap();
                }
                session.game_mut().update_fov().unwrap();
                if i % 20 == 0 {
                    compose_into(&session, Some("New rooms dungeon: seed 7"));
                }
            }
            session.apply(Action::ToggleReveal, &mut || 1).unwrap();
            compose_into(&session, None);
            session.apply(Action::Help, &mut || 1).unwrap();
            compose_into(&session, Some("No new dungeon: something failed"));
        }
        let mut waiting = Screen::new(CONSOLE_SIZE.0, CONSOLE_SIZE.1);
        let notice = Some("Generating a rooms dungeon, seed 1 ...");
        compose_waiting(&Hud { font, notice }, &mut waiting);
        frames.push(waiting);
        frames
    }

    /// The white `@` on the lit ground read at 2.09:1. Every glyph drawn as text or as a
    /// mark (the `@`, labels, the minimap, the panel, the help screen) reads at 4.5:1 or
    /// more on its background; only the tutorial's tiles (door and chasm glyphs on tile
    /// colours) are drawn as the tutorial has them.
    #[test]
    fn every_text_glyph_reads_at_least_4_5_to_1_on_its_background() {
        use crate::contrast::{MIN_TEXT_CONTRAST, contrast};
        let tiles: Vec<Cell> = [Tile::DOOR, Tile::CHASM]
            .into_iter()
            .flat_map(|t| [tile_cell(t, true), tile_cell(t, false)])
            .collect();
        let mut pairs = std::collections::BTreeSet::new();
        for screen in frames_of_play() {
            for (p, cell) in screen.cells() {
                if cell.glyph == u16::from(b' ') || tiles.contains(&cell) {
                    continue;
                }
                let ratio = contrast(cell.fg, cell.bg);
                assert!(
                    ratio >= MIN_TEXT_CONTRAST,
                    "{:?} on {:?} at {p}: {ratio:.2}:1 (glyph {})",
                    cell.fg,
                    cell.bg,
                    cell.glyph
                );
                pairs.insert((cell.fg, cell.bg));
            }
        }
        // The frames held what the test is about.
        for pair in [
            (colors::PLAYER, colors::LIGHT_GROUND),
            (colors::WHITE, colors::BLACK),
            (colors::GREY, colors::BLACK),
            (colors::NOTICE, colors::BLACK),
            (colors::WHITE, colors::HELP_BG),
            (colors::NOTICE, colors::HELP_BG),
            (colors::BLACK, colors::LIGHT_GROUND),
        ] {
            assert!(pairs.contains(&pair), "{pair:?} never drawn: {pairs:?}");
        }
        // Marks that a short walk may not show: every kind of minimap cell.
        let kinds = [
            RoomKind::Start,
            RoomKind::Normal,
            RoomKind::Boss,
            RoomKind::Treasure,
        ];
        let marks = kinds
            .into_iter()
            .flat_map(|kind| {
                [true, false].map(|current| Mark::Room {
                    kind,
                    current,
                    visited: true,
                })
            })
            .chain([Mark::DoorWestEast, Mark::DoorNorthSouth]);
        for mark in marks {
            let cell = minimap_cell(Some(mark));
            let ratio = contrast(cell.fg, cell.bg);
            assert!(ratio >= MIN_TEXT_CONTRAST, "{mark:?}: {ratio:.2}:1");
        }
        // Labels pick black or white for whatever tile is under them.
        for tile in [Tile::WALL, Tile::FLOOR, Tile::DOOR, Tile::CHASM] {
            for lit in [true, false] {
                let bg = tile_cell(tile, lit).bg;
                assert!(contrast(readable_on(bg), bg) >= MIN_TEXT_CONTRAST);
            }
        }
    }

    #[test]
    fn help_shows_the_key_table_over_the_map_and_hides_again() {
        let mut session = Session::new(game_on(TWO_ROOMS, (1, 1), vec![], 3));
        session.apply(Action::Help, &mut || 1).unwrap();
        let screen = session_frame(&session);
        let text: Vec<String> = (0..45).map(|y| screen.row_text(y)).collect();
        let all = text.join("\n");
        // The keys column starts where the title does.
        let column = text.iter().find_map(|line| line.find(HELP_TITLE)).unwrap();
        for row in crate::action::key_table() {
            let line = text
                .iter()
                .find(|line| line.get(column..).is_some_and(|l| l.starts_with(&row.keys)))
                .unwrap_or_else(|| panic!("no {:?} in\n{all}", row.keys));
            assert!(line.contains(&row.does), "{line}");
        }
        assert!(all.contains(HELP_TITLE));
        assert!(screen.row_text(50).contains("Font"), "the panel stays");
        session.apply(Action::Quit, &mut || 1).unwrap();
        let screen = session_frame(&session);
        assert_eq!(screen.cell((1, 1)).glyph, u16::from(b'@'), "Esc closed it");
        // A small console cuts the box, never panics.
        let font = &builtin_fonts().unwrap()[0];
        let mut view = session.view();
        view.show_help = true;
        for (w, h) in [MIN_CONSOLE, (30, 12), (200, 100)] {
            let mut screen = Screen::new(w, h);
            compose(
                session.game(),
                view,
                &Hud { font, notice: None },
                &mut screen,
            );
        }
    }

    #[test]
    fn while_the_first_dungeon_is_made_the_notice_shows_in_the_middle() {
        let font = &builtin_fonts().unwrap()[0];
        let mut screen = Screen::new(CONSOLE_SIZE.0, CONSOLE_SIZE.1);
        let notice = "Generating a grid dungeon, seed 5 ...";
        compose_waiting(
            &Hud {
                font,
                notice: Some(notice),
            },
            &mut screen,
        );
        let middle = screen.row_text(22);
        assert_eq!(middle.trim(), notice);
        assert!(screen.row_text(52).contains(notice));
        assert!(screen.row_text(54).contains("Esc quit"));
        assert_eq!(screen.cell((0, 0)), Cell::BLANK);
    }
}
