//! The frame of a level being made ([`crate::watch`]): its map as far as it is made, all
//! of it in the torch's light, centred in the map view; the stage on the panel's notice.

use mapgen::Point;
use tileset::tile_cell;

use super::{Hud, Screen, map_view, panel};
use crate::watch::Watch;

/// Draws `watch`'s map into `screen`, with the panel and `hud`'s notice.
pub fn compose_watch(watch: &Watch, hud: &Hud, screen: &mut Screen) {
    screen.clear();
    let view = map_view(screen);
    let map = watch.map();
    let centre = Point::new(map.width() / 2, map.height() / 2);
    let origin = view.origin(map.width(), map.height(), centre);
    for sy in 0..view.height {
        for sx in 0..view.width {
            let p = Point::new(origin.x + sx, origin.y + sy);
            if map.in_bounds(p) {
                screen.set((sx, sy), tile_cell(map.tile(p), true));
            }
        }
    }
    panel::draw_status(None, hud, view.height, screen);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fonts::builtin_faces;
    use crate::watch::WATCH_TIME;
    use mapgen::generators::Generator;
    use mapgen::generators::maze::MazeSettings;

    #[test]
    fn the_map_so_far_and_the_stage_on_the_panel() {
        let generator = Generator::from(MazeSettings::default());
        let mut watch = Watch::new(&generator, 5, None).unwrap();
        watch.show_until(WATCH_TIME / 2);
        let fonts = builtin_faces();
        let notice = format!("Making the level: {}", watch.caption());
        let hud = Hud {
            font: &fonts[0],
            notice: Some(&notice),
        };
        let mut screen = Screen::new(80, 45 + super::super::STATUS_ROWS);
        compose_watch(&watch, &hud, &mut screen);
        let map = watch.map();
        let view = map_view(&screen);
        let origin = view.origin(
            map.width(),
            map.height(),
            Point::new(map.width() / 2, map.height() / 2),
        );
        for (p, tile) in map.iter() {
            let (x, y) = (p.x - origin.x, p.y - origin.y);
            if (0..view.width).contains(&x) && (0..view.height).contains(&y) {
                assert_eq!(screen.cell((x, y)), tile_cell(tile, true), "{p:?}");
            }
        }
        let panel: String = (view.height..screen.height())
            .map(|y| {
                (0..screen.width())
                    .map(|x| char::from(screen.cell((x, y)).glyph as u8))
                    .collect::<String>()
            })
            .collect();
        assert!(panel.contains("Making the level: passage"), "{panel}");
    }
}
