//! Golden Isaac floors: a seed must keep naming the same floor across releases.

use crate::common;

use std::fmt::Write;

use mapgen::Dungeon;
use mapgen::generators::isaac::IsaacSettings;

/// The map, the start and exit, the cells (see `common::cells`), a line per room and a
/// line per door.
fn render_floor(d: &Dungeon) -> String {
    let grid = d.room_grid().unwrap();
    let mut links = String::new();
    for l in grid.links() {
        let (a, b) = (common::cells::cell_name(l.a), common::cells::cell_name(l.b));
        writeln!(links, "{a} -> {b} {}", l.kind).unwrap();
    }
    format!(
        "{}exit {}\n{}{}{}",
        common::render_map_and_start(d),
        d.exit(),
        common::cells::cell_diagram(grid),
        common::cells::room_lines(grid),
        links
    )
}

#[test]
fn default_settings_seeds() {
    common::assert_default_snapshots::<IsaacSettings>("isaac-stage-1", render_floor);
}

#[test]
fn an_xl_floor_and_a_late_floor_in_small_rooms() {
    let small = IsaacSettings {
        room_width: 7,
        room_height: 5,
        ..IsaacSettings::default()
    };
    let xl = IsaacSettings {
        stage: 2,
        xl: true,
        ..small
    };
    common::assert_snapshots("isaac-stage-2-xl-7x5", &xl, &[7], render_floor);
    let late = IsaacSettings { stage: 8, ..small };
    common::assert_snapshots("isaac-stage-8-7x5", &late, &[3], render_floor);
}
