//! The room camera in a grid of rooms: which room the view shows, the slide when the
//! `@` steps into another one, and the key kept while it slides.

use std::time::Duration;

use mapgen::{Point, Rect};

use super::Session;
use crate::action::Input;
use crate::camera::Shown;
use crate::slide::{Slide, room_bounds, room_origin};
use crate::viewport::{CellBox, Viewport, minimap_box, minimap_reserve};

/// A slide under way: the slide and the old room's tiles, drawn until it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Sliding {
    slide: Slide,
    old_room: Rect,
    /// Started since the last tick: the time before it does not count.
    fresh: bool,
}

impl Session {
    /// The same session with slides of `slide_ms` between rooms (0: a cut).
    #[must_use]
    pub fn with_slide_ms(mut self, slide_ms: u32) -> Session {
        self.slide_ms = slide_ms;
        self
    }

    /// True while the view slides from one room to the next: no game step happens, and
    /// a key pressed meanwhile is kept for after.
    pub fn is_sliding(&self) -> bool {
        self.sliding.is_some()
    }

    /// How many times the view went from one room to another (a cut with `--slide-ms 0`
    /// counts as a slide of no length), so a replay counts the same at any length.
    pub fn slides(&self) -> u64 {
        self.slides
    }

    /// The key pressed during the last slide, once it is over: the window applies it
    /// as if just pressed.
    pub fn take_kept_input(&mut self) -> Option<Input> {
        if self.is_sliding() {
            return None;
        }
        self.kept.take()
    }

    /// During a slide, keeps `input` if it is the first key (a hover passes); returns
    /// true when the input was taken so.
    pub(super) fn keep_during_slide(&mut self, input: Input) -> bool {
        if !self.is_sliding() || matches!(input, Input::Hover(_)) {
            return false;
        }
        self.kept.get_or_insert(input);
        true
    }

    /// Lets `elapsed` pass for the slide; true while it still runs (the tick stops
    /// there). A slide started since the last tick waits for the next one's time.
    pub(super) fn advance_slide(&mut self, elapsed: Duration) -> bool {
        let Some(sliding) = &mut self.sliding else {
            return false;
        };
        if sliding.fresh {
            return true;
        }
        if sliding.slide.advance(elapsed) {
            self.sliding = None;
            return false;
        }
        true
    }

    /// The tick is over: a slide started during it counts time from the next.
    pub(super) fn end_tick(&mut self) {
        if let Some(sliding) = &mut self.sliding {
            sliding.fresh = false;
        }
    }

    /// Ends any slide at once (a script's end, a new game).
    pub(super) fn finish_slide(&mut self) {
        self.sliding = None;
    }

    /// After the rules moved the `@`: the room whose floor it stands on becomes the
    /// camera's room, sliding from the old one. A door belongs to both rooms, so the view
    /// stays until the `@` is past it; a new level starts on its room without a slide.
    pub(super) fn follow_room(&mut self, level_changed: bool) {
        let here = self.game.room_floor_index();
        if level_changed {
            self.room = here;
            self.sliding = None;
            return;
        }
        let Some(here) = here else {
            return;
        };
        if let Some(old) = self.room.filter(|&old| old != here) {
            self.slides += 1;
            let length = Duration::from_millis(u64::from(self.slide_ms));
            let old_room = self.room_tiles(old);
            if let Some(old_room) = old_room.filter(|_| !length.is_zero()) {
                self.sliding = Some(Sliding {
                    slide: Slide::new(self.camera.origin(), length),
                    old_room,
                    fresh: true,
                });
            }
        }
        self.room = Some(here);
    }

    /// The origin that shows the room of `bounds`: centred in the view, or, where the
    /// minimap's corner would cover some of it, in the part of the view beside the
    /// corner (scrolling there, with the `@`, when the room is wider).
    fn clear_of_minimap(&self, view: Viewport, bounds: Rect) -> Point {
        let focus = self.game.player();
        let to = room_origin(view, bounds, focus);
        let Some(reserve) = self.minimap_reserve(view) else {
            return to;
        };
        if !covers(reserve, view, to, bounds) {
            return to;
        }
        let beside = Viewport {
            width: reserve.x,
            ..view
        };
        room_origin(beside, bounds, focus)
    }

    /// The view's corner the minimap keeps, if it is drawn.
    fn minimap_reserve(&self, view: Viewport) -> Option<CellBox> {
        let minimap = self.game.minimap()?;
        minimap_box(view, (minimap.width(), minimap.height())).map(|b| minimap_reserve(b, view))
    }

    /// True when the view from `to` shows every tile of `bounds`, none under the
    /// minimap.
    fn shows_whole(&self, view: Viewport, to: Point, bounds: Rect) -> bool {
        let (x1, y1) = (bounds.x1 - to.x, bounds.y1 - to.y);
        let (x2, y2) = (bounds.x2 - to.x, bounds.y2 - to.y);
        let on_screen = x1 >= 0 && y1 >= 0 && x2 < view.width && y2 < view.height;
        let hidden = self
            .minimap_reserve(view)
            .is_some_and(|reserve| covers(reserve, view, to, bounds));
        on_screen && !hidden
    }

    /// The tiles of room `index` of the current level's grid.
    fn room_tiles(&self, index: usize) -> Option<Rect> {
        let grid = self.game.dungeon().room_grid()?;
        Some(room_bounds(grid, grid.rooms().get(index)?))
    }

    /// Where the view looks in a grid of rooms, and what it draws: the camera's room
    /// (or the room around the `@` before it has one), during a slide both rooms. In a
    /// doorway the `@` sees the room beyond too ([`RoomView`]), so it is drawn as well,
    /// and the view frames both rooms when the camera's room alone would leave some of
    /// it out and the view holds both. `None` outside grids of rooms.
    ///
    /// [`RoomView`]: game_core::sight::RoomView
    pub(super) fn room_frame(&self, view: Viewport) -> Option<(Point, Shown)> {
        let room = self.room.or_else(|| self.game.current_room_index())?;
        let bounds = self.room_tiles(room)?;
        let mut to = self.clear_of_minimap(view, bounds);
        let beyond = self
            .game
            .rooms_in_sight()
            .into_iter()
            .find(|&other| other != room)
            .and_then(|other| self.room_tiles(other));
        if let Some(beyond) = beyond
            && !self.shows_whole(view, to, beyond)
        {
            // Both rooms framed, if the view holds them; else (a small console, where
            // even one large room scrolls) the camera's room as before.
            let both = union(bounds, beyond);
            let framed = self.clear_of_minimap(view, both);
            if self.shows_whole(view, framed, both) {
                to = framed;
            }
        }
        Some(match (&self.sliding, beyond) {
            (Some(sliding), _) => (
                sliding.slide.origin(to),
                Shown::Rooms(sliding.old_room, bounds),
            ),
            (None, Some(beyond)) => (to, Shown::Rooms(bounds, beyond)),
            (None, None) => (to, Shown::Room(bounds)),
        })
    }
}

/// True when the view from `to` would draw some tile of `bounds` in `reserve` (the
/// minimap's corner).
fn covers(reserve: CellBox, view: Viewport, to: Point, bounds: Rect) -> bool {
    let (x1, x2) = (bounds.x1 - to.x, bounds.x2 - to.x);
    let (y1, y2) = (bounds.y1 - to.y, bounds.y2 - to.y);
    x2 >= reserve.x && y1 < reserve.y + reserve.height && x1 < view.width && y2 >= 0
}

/// The box around `a` and `b`.
fn union(a: Rect, b: Rect) -> Rect {
    Rect {
        x1: a.x1.min(b.x1),
        y1: a.y1.min(b.y1),
        x2: a.x2.max(b.x2),
        y2: a.y2.max(b.y2),
    }
}
