//! The doors: one between each room and the room it grew from, and one on each side of
//! the secret room that has a room beside it; each open, locked or secret.
//!
//! The kinds: "Its doors are secret" (the secret room's) and the super secret room's one
//! door is secret (issue 18, after the wiki); the shop and, "From Basement 2 and on", the
//! treasure room need a key (the wiki's Treasure Room); the library too (the wiki's rooms
//! navigation lists it under "Locked"), and the dice room ("Double-locked").

use super::cell::PADDED;
use super::{Cell, FloorPlan};
use crate::generators::grid::{Doors, Link, LinkKind, RoomKind, Side};

/// Joins the rooms of the finished `plan` by doors.
pub(super) fn join(plan: &mut FloorPlan, stage: u32) {
    plan.links.clear();
    plan.doors = [Doors::EMPTY; PADDED];
    for r in 0..plan.rooms.len() {
        let room = plan.rooms[r];
        if let Some((a, b)) = room.entry {
            let from = plan.room_at(a).map_or(RoomKind::Normal, |r| plan.rooms[r].kind);
            add_link(plan, a, b, door_kind(from, room.kind, stage));
        }
        if room.kind == RoomKind::Secret {
            for side in Side::ALL {
                let beside = room.first.neighbour(side);
                if plan.room_at(beside).is_some() {
                    add_link(plan, beside, room.first, LinkKind::Secret);
                }
            }
        }
    }
}

/// A door of `kind` from cell `a` to its neighbour `b`, on both cells' doors.
fn add_link(plan: &mut FloorPlan, a: Cell, b: Cell, kind: LinkKind) {
    if let Some(side) = Side::ALL.into_iter().find(|&s| a.neighbour(s) == b) {
        plan.doors[a.index()] = plan.doors[a.index()].with(side);
        plan.doors[b.index()] = plan.doors[b.index()].with(side.opposite());
    }
    plan.links.push(Link {
        a: a.to_room_cell(),
        b: b.to_room_cell(),
        kind,
    });
}

/// The kind of a door between rooms of kinds `a` and `b` on `stage`.
pub(crate) fn door_kind(a: RoomKind, b: RoomKind, stage: u32) -> LinkKind {
    let either = |f: fn(RoomKind) -> bool| f(a) || f(b);
    if either(RoomKind::is_secret) {
        LinkKind::Secret
    } else if either(|k| matches!(k, RoomKind::Shop | RoomKind::Library | RoomKind::Dice))
        || (stage >= 2 && either(|k| k == RoomKind::Treasure))
    {
        LinkKind::Locked
    } else {
        LinkKind::Open
    }
}
