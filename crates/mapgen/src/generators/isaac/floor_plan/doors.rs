//! The doors: one between each room and the room it grew from, and one on each side of
//! the secret room that has a room beside it; each open, locked or secret.
//!
//! The kinds: "Its doors are secret" (the secret room's) and the super secret room's one
//! door is secret (issue 18, after the wiki); the shop and, "From Basement 2 and on", the
//! treasure room need a key (the wiki's Treasure Room); the library too (the wiki's rooms
//! navigation lists it under "Locked"), and the dice room ("Double-locked").

use super::FloorPlan;
use crate::generators::grid::{Link, LinkKind, RoomKind, Side};

/// Joins the rooms of the finished `plan` by doors.
pub(super) fn join(plan: &mut FloorPlan, stage: u32) {
    plan.links.clear();
    for room in &plan.rooms {
        if let Some((a, b)) = room.entry {
            let from = plan.room_at(a).map_or(RoomKind::Normal, |r| plan.rooms[r].kind);
            plan.links.push(Link {
                a: a.to_room_cell(),
                b: b.to_room_cell(),
                kind: door_kind(from, room.kind, stage),
            });
        }
        if room.kind == RoomKind::Secret {
            for side in Side::ALL {
                let beside = room.first.neighbour(side);
                if plan.room_at(beside).is_some() {
                    plan.links.push(Link {
                        a: beside.to_room_cell(),
                        b: room.first.to_room_cell(),
                        kind: LinkKind::Secret,
                    });
                }
            }
        }
    }
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
