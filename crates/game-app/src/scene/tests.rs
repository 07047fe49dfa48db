use super::*;
use crate::action::{Action, Direction, Input, Key, ModeKind, key_line};
use crate::fonts::builtin_faces;
use crate::session::Session;
use crate::viewport::{minimap_box, minimap_reserve};
use game_core::level::{STAIRS_DOWN, STAIRS_UP};
use game_core::minimap::Mark;
use mapgen::generators::Generator;
use mapgen::generators::grid::GridSettings;
use mapgen::generators::grid::RoomKind;
use mapgen::generators::rooms::RoomsSettings;
use mapgen::{Dungeon, Map, Rect, Tile};

fn session_on(map: &str, start: (i32, i32), rooms: Vec<Rect>, radius: u32) -> Session {
    let dungeon = Dungeon::new(Map::from_ascii(map).unwrap(), Point::from(start)).with_rooms(rooms);
    let game = Game::from_dungeon(
        Generator::Rooms(RoomsSettings::default()),
        42,
        dungeon,
        radius,
    );
    Session::new(game)
}

fn frame_with(session: &mut Session, notice: Option<&str>, size: (i32, i32)) -> Screen {
    let font = &builtin_faces()[0];
    let mut screen = Screen::new(size.0, size.1);
    session.frame(map_view(&screen));
    compose(session, &Hud { font, notice }, &mut screen);
    screen
}

fn frame(session: &mut Session) -> Screen {
    frame_with(session, None, CONSOLE_SIZE)
}

fn act(session: &mut Session, action: Action) {
    session.apply(action, &mut || 1).unwrap();
}

fn press(session: &mut Session, input: Input) {
    session.apply_input(input, &mut || 1).unwrap();
}

/// Two rooms; the down stairs on the exit, (8, 1).
const TWO_ROOMS: &str = "\
##########
#...##...#
#...##...#
#........#
##########
";

#[test]
fn a_narrow_console_gets_the_short_key_help_and_the_compact_panel() {
    let mut session = session_on(TWO_ROOMS, (1, 1), vec![], 3);
    let screen = frame_with(&mut session, Some("hello"), (53, 16));
    assert!(screen.row_text(15).starts_with(&format!(
        " {}",
        key_line(ModeKind::Play, session.works(), true)
    )));
    assert!(screen.row_text(14).starts_with(" hello"), "the notice");
    assert!(
        screen.row_text(13).starts_with(" o explores"),
        "the newest line"
    );
    assert!(
        screen
            .row_text(11)
            .starts_with(" HP 30/30   Depth 1   Seed 42   Level 1"),
        "the @'s hit points first"
    );
    assert!(
        screen
            .row_text(12)
            .starts_with(" Potions 0 (q)   Gold 0   Kills 0"),
        "the status goes on: {}",
        screen.row_text(12)
    );
    assert_eq!(screen.cell((1, 1)).glyph, u16::from(b'@'));
    let screen = frame_with(&mut session, None, (53, 16));
    assert!(
        screen
            .row_text(13)
            .starts_with(" Depth 1: a rooms level, seed 42.")
    );
    assert!(screen.row_text(14).starts_with(" o explores"));
}

#[test]
fn lit_remembered_and_unseen_tiles_have_the_tutorials_colours() {
    // Radius 3 from (1, 1): the far room stays unseen at first.
    let mut session = session_on(TWO_ROOMS, (1, 1), vec![], 3);
    let screen = frame(&mut session);
    assert_eq!(screen.cell((1, 1)).glyph, u16::from(b'@'));
    assert_eq!(screen.cell((2, 1)).bg, colors::LIGHT_GROUND);
    assert_eq!(screen.cell((0, 1)).bg, colors::LIGHT_WALL);
    assert_eq!(screen.cell((7, 1)), Cell::BLANK, "never seen is black");
    for _ in 0..6 {
        act(&mut session, Action::Move(Direction::SouthEast));
        act(&mut session, Action::Move(Direction::East));
    }
    let screen = frame(&mut session);
    assert_eq!(screen.cell((1, 1)).bg, colors::DARK_GROUND);
    assert_eq!(screen.cell((0, 1)).bg, colors::DARK_WALL);
}

#[test]
fn stairs_have_a_glyph_and_colour_of_their_own() {
    let mut session = session_on(TWO_ROOMS, (1, 3), vec![], 10);
    for _ in 0..5 {
        act(&mut session, Action::Move(Direction::East));
    }
    let screen = frame(&mut session);
    let stairs = screen.cell((8, 1));
    assert_eq!(
        (stairs.glyph, stairs.fg, stairs.bg),
        (u16::from(b'>'), colors::BLACK, colors::LIGHT_STAIRS)
    );
    let dark = tile_cell(STAIRS_UP, false);
    assert_eq!(
        (dark.glyph, dark.bg),
        (u16::from(b'<'), colors::DARK_STAIRS)
    );
    assert_eq!(tile_cell(STAIRS_DOWN, false).fg, colors::LIGHT_STAIRS);
}

#[test]
fn reveal_shows_unseen_tiles_dark_without_exploring_them() {
    let mut session = session_on(TWO_ROOMS, (1, 1), vec![], 3);
    act(&mut session, Action::ToggleReveal);
    let screen = frame(&mut session);
    assert_eq!(screen.cell((7, 1)).bg, colors::DARK_GROUND);
    assert_eq!(screen.cell((9, 1)).bg, colors::DARK_WALL);
    assert!(!session.game().known().is_known((7, 1)));
    assert!(panel_status(&screen).contains("Whole map on"));
}

/// The spaced panel's three status rows of an 80 x 55 console, as one string.
fn panel_status(screen: &Screen) -> String {
    (46..=48).map(|y| screen.row_text(y)).collect()
}

#[test]
fn room_labels_sit_at_room_centres_in_placement_order() {
    let rooms = vec![Rect::new(0, 0, 4, 4), Rect::new(5, 0, 4, 4)];
    let mut session = session_on(TWO_ROOMS, (1, 1), rooms, 3);
    assert_eq!(frame(&mut session).cell((2, 2)).glyph, u16::from(b' '));
    act(&mut session, Action::ToggleLabels);
    let screen = frame(&mut session);
    assert!(panel_status(&screen).contains("Labels on"));
    let a = screen.cell((2, 2));
    assert_eq!((a.glyph, a.fg), (u16::from(b'A'), colors::BLACK));
    assert_eq!(room_label(62), '*');
}

/// Every label showed at once, giving away rooms not yet found; now a label shows only
/// while its tile is in view, as the tutorial draws its objects.
#[test]
fn labels_show_only_where_their_tile_is_in_view() {
    let rooms = vec![Rect::new(0, 0, 4, 4), Rect::new(5, 0, 4, 4)];
    let mut session = session_on(TWO_ROOMS, (1, 1), rooms, 3);
    act(&mut session, Action::ToggleLabels);
    act(&mut session, Action::ToggleReveal);
    let b = (7, 2);
    let screen = frame(&mut session);
    assert_eq!(screen.cell(b).glyph, u16::from(b' '), "B is not found yet");
    assert_eq!(
        screen.cell(b).bg,
        colors::DARK_GROUND,
        "though M shows its floor"
    );
    for _ in 0..3 {
        act(&mut session, Action::Move(Direction::SouthEast));
        act(&mut session, Action::Move(Direction::East));
    }
    assert!(session.game().is_visible(b));
    let screen = frame(&mut session);
    let cell = screen.cell(b);
    assert_eq!((cell.glyph, cell.fg), (u16::from(b'B'), colors::BLACK));
    assert_eq!(screen.cell((2, 2)).glyph, u16::from(b' '), "A hides again");
}

#[test]
fn the_status_panel_shows_depth_seed_position_the_log_and_the_keys() {
    let mut session = session_on(TWO_ROOMS, (1, 1), vec![Rect::new(0, 0, 4, 4)], 3);
    for _ in 0..3 {
        press(&mut session, Input::Key(Key::Char('<')));
    }
    press(&mut session, Input::Key(Key::Char('>')));
    let screen = frame(&mut session);
    let row = |y| screen.row_text(y);
    for blank in [45, 53] {
        assert_eq!(row(blank).trim(), "", "row {blank}");
    }
    assert!(
        row(46).starts_with(" HP 30/30   Depth 1   Seed 42   Level 1   Potions 0 (q)"),
        "{}",
        row(46)
    );
    let status = panel_status(&screen);
    for field in [
        "Explored ",
        "   rooms 10x5   @ 1, 1",
        "Font terminal8x8 (8x8)",
    ] {
        assert!(status.contains(field), "{field}: {status}");
    }
    assert!(
        row(49).starts_with(" o explores, ? shows the keys."),
        "{}",
        row(49)
    );
    assert!(
        row(50).starts_with(" There is no way up from the first level. (x3)"),
        "{}",
        row(50)
    );
    assert!(
        row(51).starts_with(" You have not found stairs down yet."),
        "{}",
        row(51)
    );
    assert!(row(54).contains("Esc quit"), "{}", row(54));
}

#[test]
fn look_mode_draws_the_cursor_says_what_is_under_it_and_shows_its_keys() {
    let mut session = session_on(TWO_ROOMS, (1, 1), vec![], 10);
    press(&mut session, Input::Key(Key::Char('x')));
    press(&mut session, Input::Key(Key::Char('l')));
    press(&mut session, Input::Key(Key::Char('l')));
    let screen = frame(&mut session);
    assert_eq!(screen.cell((3, 1)).bg, colors::CURSOR);
    assert!(
        screen.row_text(52).starts_with(" You see the floor."),
        "{}",
        screen.row_text(52)
    );
    assert!(
        screen.row_text(54).contains("Tab next"),
        "{}",
        screen.row_text(54)
    );
    // The route to the cursor, the @ left as it is.
    assert_eq!(screen.cell((2, 1)).bg, colors::ROUTE);
    assert_eq!(screen.cell((1, 1)).glyph, u16::from(b'@'));
}

#[test]
fn the_hover_route_is_drawn_and_the_archive_replaces_the_map() {
    let mut session = session_on(TWO_ROOMS, (1, 1), vec![], 10);
    press(&mut session, Input::Hover(Point::new(3, 3)));
    let screen = frame(&mut session);
    assert_eq!(screen.cell((2, 2)).bg, colors::ROUTE);
    assert_eq!(screen.cell((3, 3)).bg, colors::ROUTE);
    assert_eq!(screen.cell((1, 3)).bg, colors::LIGHT_GROUND);
    press(&mut session, Input::Key(Key::Ctrl('p')));
    let screen = frame(&mut session);
    assert!(
        screen.row_text(0).contains("Messages (2 lines)"),
        "{}",
        screen.row_text(0)
    );
    assert!(screen.row_text(2).contains("Depth 1: a rooms level"));
    assert_eq!(
        screen.cell((1, 1)).bg,
        colors::HELP_BG,
        "the map is not drawn"
    );
}

#[test]
fn a_large_map_scrolls_with_the_player() {
    let settings = RoomsSettings {
        width: 200,
        height: 120,
        max_rooms: 200,
        ..RoomsSettings::default()
    };
    let game = Game::new(Generator::Rooms(settings), 9, 10)
        .unwrap()
        .with_monsters(game_core::goal::Monsters::LeftOut);
    let mut session = Session::new(game);
    let screen = frame(&mut session);
    let view = map_view(&screen);
    let (x, y) = session
        .camera()
        .to_screen(view, session.game().player())
        .unwrap();
    assert_eq!(screen.cell((x, y)).glyph, u16::from(b'@'));
    assert!(y < 45, "the @ is above the panel");
}

#[test]
fn tile_cells_cover_every_tile_kind() {
    assert_eq!(tile_cell(Tile::WALL, true).bg, colors::LIGHT_WALL);
    assert_eq!(tile_cell(Tile::FLOOR, false).bg, colors::DARK_GROUND);
    assert_eq!(tile_cell(Tile::DOOR, true).glyph, u16::from(b'+'));
    assert_eq!(tile_cell(Tile::CHASM, false).glyph, u16::from(b'~'));
    let own = tile_cell(Tile::FLOOR.with_glyph('=').unwrap(), true);
    assert_eq!(
        (own.glyph, own.fg, own.bg),
        (u16::from(b'='), colors::BLACK, colors::LIGHT_GROUND)
    );
}

fn grid_session(seed: u64) -> Session {
    Session::new(
        Game::new(Generator::Grid(GridSettings::default()), seed, 10)
            .unwrap()
            .with_monsters(game_core::goal::Monsters::LeftOut),
    )
}

/// The minimap was an opaque 27 x 27 box over the map; now it is Isaac's: in the
/// top-right corner, at most a fifth of the view's width, drawn only where it has
/// something to show, the current room white.
#[test]
fn grid_dungeons_show_a_small_minimap_top_right_with_the_current_room_white() {
    let screen = frame(&mut grid_session(3));
    let view = map_view(&screen);
    // 9 x 7 rooms: 17 x 13 cells, 16 x 13 of them shown, a cell from the right edge.
    let shown = minimap_box(view, (17, 13)).unwrap();
    assert_eq!(
        (shown.x, shown.y, shown.width, shown.height),
        (63, 1, 16, 13)
    );
    assert!(shown.width <= view.width / 5);
    // The start room is the grid's middle cell, (8, 6); the window starts at (0, 0).
    let start = screen.cell((shown.x + 8, shown.y + 6));
    assert_eq!((start.glyph, start.bg), (u16::from(b' '), colors::WHITE));
    for (p, cell) in screen.cells() {
        if cell.bg == colors::MINIMAP_BG {
            assert!(shown.contains((p.x, p.y)), "{p} outside the minimap");
        }
    }
    let marked = screen
        .cells()
        .filter(|&(p, c)| shown.contains((p.x, p.y)) && c != Cell::BLANK)
        .count();
    assert!(marked < 10, "only what is known is drawn: {marked} cells");
}

#[test]
fn rooms_dungeons_have_no_minimap_cells() {
    let mut session = Session::new(
        Game::new(Generator::Rooms(RoomsSettings::default()), 3, 10)
            .unwrap()
            .with_monsters(game_core::goal::Monsters::LeftOut),
    );
    let screen = frame(&mut session);
    assert!(screen.cells().all(|(_, c)| c.bg != colors::MINIMAP_BG));
}

#[test]
fn the_status_panel_shows_the_current_rooms_kind() {
    let screen = frame(&mut grid_session(3));
    let row = panel_status(&screen);
    assert!(row.contains("Room start"), "{row}");
    assert!(row.contains("grid"), "{row}");
}

#[test]
fn minimap_marks_have_distinct_looks() {
    let room = |kind, current, visited| {
        Some(Mark::Room {
            kind,
            current,
            visited,
        })
    };
    let boss = minimap_cell(room(RoomKind::Boss, false, true), true);
    assert_eq!(
        (boss.glyph, boss.bg),
        (2, colors::MINIMAP_BOSS),
        "a visited special room: its icon (a skull) on its colour"
    );
    let rest = minimap_cell(room(RoomKind::Boss, false, true), false);
    assert_eq!(
        (rest.glyph, rest.bg),
        (u16::from(b' '), colors::MINIMAP_BOSS),
        "the rest of it: its colour, so a large room is one block"
    );
    let boss_outline = minimap_cell(room(RoomKind::Boss, false, false), true);
    assert_eq!(
        (boss_outline.glyph, boss_outline.fg, boss_outline.bg),
        (2, colors::MINIMAP_BOSS, colors::MINIMAP_BG),
        "not entered yet: the icon in its colour"
    );
    let plain = minimap_cell(room(RoomKind::Normal, false, false), true);
    assert_eq!(plain.glyph, 176, "a plain outline");
    let visited = minimap_cell(room(RoomKind::Normal, false, true), true);
    assert_eq!(
        (visited.glyph, visited.bg),
        (u16::from(b' '), colors::MINIMAP_ROOM),
        "a visited room: a block"
    );
    // Isaac's icons: the shop is `$`, the treasure room the item room's crown (`☼`).
    let icon = |kind| minimap_cell(room(kind, false, true), true).glyph;
    assert_eq!(icon(RoomKind::Shop), u16::from(b'$'));
    assert_eq!(icon(RoomKind::Treasure), 15);
    let current = minimap_cell(room(RoomKind::Shop, true, true), true);
    assert_eq!(
        (current.glyph, current.fg, current.bg),
        (u16::from(b'$'), colors::BLACK, colors::WHITE),
        "the current room: white, its icon black, nothing framing it"
    );
    assert_eq!(minimap_cell(Some(Mark::DoorWestEast), false).glyph, 196);
    assert_eq!(minimap_cell(Some(Mark::DoorNorthSouth), false).glyph, 179);
}

/// Every kind reads on the minimap, visited, not entered or current; the shop in its
/// colour.
#[test]
fn every_room_kind_reads_on_the_minimap() {
    for &kind in RoomKind::ALL {
        for (current, visited) in [(false, true), (false, false), (true, true)] {
            let mark = Some(Mark::Room {
                kind,
                current,
                visited,
            });
            for icon_here in [true, false] {
                let cell = minimap_cell(mark, icon_here);
                let ratio = crate::contrast::contrast(cell.fg, cell.bg);
                assert!(ratio >= 4.5, "{kind} {current} {visited}: {ratio:.2}");
            }
        }
    }
    let shop = |visited| {
        minimap_cell(
            Some(Mark::Room {
                kind: RoomKind::Shop,
                current: false,
                visited,
            }),
            true,
        )
    };
    assert_eq!(
        shop(false).fg,
        tileset::rooms::room_look(RoomKind::Shop).colour
    );
    assert_eq!(
        shop(true).bg,
        tileset::rooms::room_look(RoomKind::Shop).colour
    );
}

/// Every frame the contrast test below composes, from several states of play: both
/// generators, exploring, labels, the whole map, look mode with its cursor and route,
/// the help of each mode, the archive, notices.
fn frames_of_play() -> Vec<Screen> {
    let mut frames = Vec::new();
    for generator in [
        Generator::Rooms(RoomsSettings::default()),
        Generator::Grid(GridSettings::default()),
    ] {
        let mut session = Session::new(
            Game::new(generator, 42, 10)
                .unwrap()
                .with_monsters(game_core::goal::Monsters::LeftOut),
        );
        frames.push(frame(&mut session));
        act(&mut session, Action::ToggleLabels);
        for i in 0..6 {
            press(&mut session, Input::Key(Key::Char('o')));
            session.run_plan(100_000);
            if i % 2 == 0 {
                frames.push(frame_with(&mut session, Some("New level"), CONSOLE_SIZE));
            }
        }
        let arrival = session.game().level().arrival();
        press(&mut session, Input::Hover(arrival));
        frames.push(frame(&mut session));
        press(&mut session, Input::Key(Key::Char('x')));
        press(&mut session, Input::Key(Key::Tab));
        frames.push(frame(&mut session));
        press(&mut session, Input::Key(Key::Char('?')));
        frames.push(frame(&mut session));
        press(&mut session, Input::Key(Key::Escape));
        press(&mut session, Input::Key(Key::Escape));
        act(&mut session, Action::ToggleReveal);
        frames.push(frame(&mut session));
        press(&mut session, Input::Key(Key::Char('?')));
        frames.push(frame_with(
            &mut session,
            Some("No new level: something failed"),
            CONSOLE_SIZE,
        ));
        press(&mut session, Input::Key(Key::Escape));
        press(&mut session, Input::Key(Key::Ctrl('p')));
        frames.push(frame(&mut session));
    }
    let font = &builtin_faces()[0];
    let mut waiting = Screen::new(CONSOLE_SIZE.0, CONSOLE_SIZE.1);
    let notice = Some("Generating a rooms level, seed 1 ...");
    compose_waiting(&Hud { font, notice }, &mut waiting);
    frames.push(waiting);
    frames
}

/// The white `@` on the lit ground read at 2.09:1. Every glyph drawn as text or as a
/// mark (the `@`, stairs, labels, the route, the cursor, the minimap, the panel, the
/// help and the archive) reads at 4.5:1 or more on its background; only the tutorial's
/// tiles (door and chasm glyphs on tile colours) are drawn as the tutorial has them.
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
        (colors::BLACK, colors::LIGHT_STAIRS),
    ] {
        assert!(pairs.contains(&pair), "{pair:?} never drawn: {pairs:?}");
    }
    for stairs in [STAIRS_DOWN, STAIRS_UP] {
        for lit in [true, false] {
            let cell = tile_cell(stairs, lit);
            assert!(
                contrast(cell.fg, cell.bg) >= MIN_TEXT_CONTRAST,
                "{stairs:?} {lit}"
            );
        }
    }
    for bg in [colors::ROUTE, colors::CURSOR] {
        assert!(contrast(readable_on(bg), bg) >= MIN_TEXT_CONTRAST);
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
        let cell = minimap_cell(Some(mark), true);
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
fn help_shows_the_modes_key_table_over_the_map_and_hides_again() {
    for (opened_from, keys) in [(None, ModeKind::Play), (Some('x'), ModeKind::Look)] {
        let mut session = session_on(TWO_ROOMS, (1, 1), vec![], 3);
        if let Some(c) = opened_from {
            press(&mut session, Input::Key(Key::Char(c)));
        }
        press(&mut session, Input::Key(Key::Char('?')));
        let screen = frame(&mut session);
        let text: Vec<String> = (0..45).map(|y| screen.row_text(y)).collect();
        let all = text.join("\n");
        let column = text.iter().find_map(|line| line.find(HELP_TITLE)).unwrap();
        for row in crate::action::key_table(keys, session.works()) {
            let line = text
                .iter()
                .find(|line| {
                    // "T " is not "Tab ".
                    let keys = format!("{} ", row.keys);
                    line.get(column..).is_some_and(|l| l.starts_with(&keys))
                })
                .unwrap_or_else(|| panic!("no {:?} in\n{all}", row.keys));
            assert!(line.contains(&row.does), "{line}");
        }
        assert!(all.contains(&format!("({})", keys.name())), "{all}");
        press(&mut session, Input::Key(Key::Escape));
        let screen = frame(&mut session);
        assert_eq!(screen.cell((1, 1)).glyph, u16::from(b'@'), "Esc closed it");
    }
    // A small console cuts the box, never panics.
    let mut session = session_on(TWO_ROOMS, (1, 1), vec![], 3);
    press(&mut session, Input::Key(Key::Char('?')));
    for size in [MIN_CONSOLE, (30, 12), (200, 100)] {
        frame_with(&mut session, None, size);
    }
    press(&mut session, Input::Key(Key::Escape));
    press(&mut session, Input::Key(Key::Ctrl('p')));
    for size in [MIN_CONSOLE, (30, 12), (20, 3)] {
        frame_with(&mut session, None, size);
    }
}

#[test]
fn while_the_first_level_is_made_the_notice_shows_in_the_middle() {
    let font = &builtin_faces()[0];
    let mut screen = Screen::new(CONSOLE_SIZE.0, CONSOLE_SIZE.1);
    let notice = "Generating a grid level, seed 5 ...";
    compose_waiting(
        &Hud {
            font,
            notice: Some(notice),
        },
        &mut screen,
    );
    assert_eq!(screen.row_text(22).trim(), notice);
    assert!(screen.row_text(52).contains(notice));
    assert!(screen.row_text(54).contains("Esc quit"));
    assert_eq!(screen.cell((0, 0)), Cell::BLANK);
}

/// In a grid of rooms the map view draws the current room and nothing of the others,
/// even with `M` (the whole map revealed): outside the room, only the minimap.
#[test]
fn a_grid_of_rooms_shows_only_the_current_room() {
    use mapgen::generators::isaac::IsaacSettings;
    let game = Game::new(Generator::Isaac(IsaacSettings::default()), 3, 10)
        .unwrap()
        .with_monsters(game_core::goal::Monsters::LeftOut);
    let mut session = Session::new(game);
    act(&mut session, Action::ToggleReveal);
    let screen = frame(&mut session);
    let view = map_view(&screen);
    let camera = *session.camera();
    let crate::camera::Shown::Room(room) = camera.shown() else {
        panic!("one room shown");
    };
    let (w, h) = (room.x2 - room.x1 + 1, room.y2 - room.y1 + 1);
    let corner = camera
        .to_screen(view, Point::new(room.x1, room.y1))
        .unwrap();
    assert_eq!(
        corner,
        ((view.width - w) / 2, (view.height - h) / 2),
        "centred"
    );
    let minimap = session.game().minimap().unwrap();
    let reserve = minimap_reserve(
        minimap_box(view, (minimap.width(), minimap.height())).unwrap(),
        view,
    );
    let mut drawn = 0;
    for y in 0..view.height {
        for x in 0..view.width {
            let p = camera.to_map(view, (x, y)).unwrap();
            let in_room = p.x >= room.x1 && p.x <= room.x2 && p.y >= room.y1 && p.y <= room.y2;
            let on_minimap = reserve.contains((x, y));
            if !in_room && !on_minimap {
                assert_eq!(screen.cell((x, y)).glyph, u16::from(b' '), "{x},{y}");
                assert_eq!(screen.cell((x, y)).bg, colors::BLACK, "{x},{y}");
            } else if in_room {
                drawn += 1;
            }
        }
    }
    assert_eq!(drawn, w * h);
}

/// Every monster the game says is in view, on the screen the player sees: its glyph on
/// its tile. Returns how many were checked.
fn assert_monsters_in_view_drawn(session: &mut Session, seed: u64) -> usize {
    let screen = frame(session);
    let view = map_view(&screen);
    let game = session.game();
    let mut checked = 0;
    for body in game.monsters_in_view() {
        let at = session.camera().to_screen(view, body.at);
        let drawn = at.map(|at| screen.cell(at).glyph);
        assert_eq!(
            drawn,
            Some(body.kind.glyph() as u16),
            "seed {seed}: the {:?} at {:?} is in view, the @ at {:?}",
            body.kind,
            body.at,
            game.player()
        );
        checked += 1;
    }
    checked
}

/// `--seed 5 --generator isaac --replay ooooo` left the `@` in a doorway with "In view:
/// rat" on the panel and no rat drawn: the camera drew the room behind the `@` while
/// sight from a doorway takes in both rooms. Now the room beyond is drawn too. Over
/// isaac floors with their monsters, the explorer's runs (which stop when a monster
/// comes into view, often in a doorway) and random steps after them, every monster in
/// view is drawn after every step.
#[test]
fn every_monster_in_view_is_drawn_doorways_included() {
    use mapgen::generators::isaac::IsaacSettings;
    let (mut checked, mut from_doorways) = (0, 0);
    for seed in 0..24 {
        let game = Game::new(Generator::Isaac(IsaacSettings::default()), seed, 10).unwrap();
        let mut session = Session::new(game).with_slide_ms(0).with_step_ms(0);
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        for step in 0..300 {
            if session.game().status().is_over() {
                break;
            }
            if step % 25 == 0 {
                act(&mut session, Action::Explore);
            }
            if session.plan().is_some() {
                session.run_plan(1);
            } else {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let d = Direction::ALL[(state % 8) as usize];
                act(&mut session, Action::Move(d));
            }
            if session.game().status().is_over() {
                break; // the end screen
            }
            let seen = assert_monsters_in_view_drawn(&mut session, seed);
            checked += seen;
            let doorway = session.game().rooms_in_sight().len() == 2;
            from_doorways += usize::from(doorway && seen > 0);
        }
    }
    assert!(
        checked > 500 && from_doorways > 10,
        "{checked} monsters checked, {from_doorways} frames from a doorway"
    );
}
