//! Room labels (`T`): `A`, `B`, `C`... at room centres, in the order the rooms were
//! placed, found by position so that a frame looks only at the part of the map on screen.

use mapgen::{Point, Rect};

/// The label of the `index`-th room placed: A-Z, then a-z, then 0-9, then `*`.
pub fn room_label(index: usize) -> char {
    const LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    LABELS.get(index).map_or('*', |&b| char::from(b))
}

/// The rooms' centres, sorted by row then column, each with its room's index: a frame
/// finds the labels in view with a binary search per row of the view, however many rooms
/// the dungeon has.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoomLabels {
    centres: Vec<(Point, usize)>,
}

impl RoomLabels {
    /// The labels of `rooms`, in placement order.
    pub fn new(rooms: &[Rect]) -> RoomLabels {
        let mut centres: Vec<(Point, usize)> = rooms
            .iter()
            .enumerate()
            .map(|(i, room)| (room.center(), i))
            .collect();
        centres.sort_by_key(|&(p, i)| (p.y, p.x, i));
        RoomLabels { centres }
    }

    /// The centres inside the box of `width` x `height` tiles whose top-left tile is
    /// `corner`, with their room indices, row by row.
    pub fn in_box(
        &self,
        corner: Point,
        width: i32,
        height: i32,
    ) -> impl Iterator<Item = (Point, usize)> + '_ {
        let right = corner.x.saturating_add(width);
        (corner.y..corner.y.saturating_add(height)).flat_map(move |y| {
            let first = self
                .centres
                .partition_point(|&(p, _)| (p.y, p.x) < (y, corner.x));
            self.centres[first..]
                .iter()
                .take_while(move |&&(p, _)| p.y == y && p.x < right)
                .copied()
        })
    }

    /// How many rooms have labels.
    pub fn len(&self) -> usize {
        self.centres.len()
    }

    /// True when there are no rooms.
    pub fn is_empty(&self) -> bool {
        self.centres.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_run_through_letters_and_digits() {
        assert_eq!(room_label(0), 'A');
        assert_eq!(room_label(25), 'Z');
        assert_eq!(room_label(26), 'a');
        assert_eq!(room_label(61), '9');
        assert_eq!(room_label(62), '*');
    }

    #[test]
    fn a_box_finds_exactly_the_centres_inside_it() {
        // Rooms on a 7x5 lattice of 6x6 rooms, placed in a scrambled order.
        let mut rooms = Vec::new();
        for k in 0..35 {
            let k = (k * 11) % 35;
            rooms.push(Rect::new(6 * (k % 7), 6 * (k / 7), 5, 5));
        }
        let labels = RoomLabels::new(&rooms);
        assert_eq!(labels.len(), 35);
        for (corner, w, h) in [
            (Point::new(0, 0), 80, 45),
            (Point::new(5, 3), 13, 9),
            (Point::new(-4, -4), 6, 6),
            (Point::new(40, 0), 3, 100),
            (Point::new(3, 3), 0, 10),
        ] {
            let mut found: Vec<(Point, usize)> = labels.in_box(corner, w, h).collect();
            let inside = |p: Point| {
                p.x >= corner.x && p.x < corner.x + w && p.y >= corner.y && p.y < corner.y + h
            };
            let mut expected: Vec<(Point, usize)> = rooms
                .iter()
                .enumerate()
                .map(|(i, r)| (r.center(), i))
                .filter(|&(p, _)| inside(p))
                .collect();
            found.sort_by_key(|&(_, i)| i);
            expected.sort_by_key(|&(_, i)| i);
            assert_eq!(found, expected, "box at {corner} of {w}x{h}");
        }
    }
}
