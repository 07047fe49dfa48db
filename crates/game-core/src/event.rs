//! What happened in the rules, for the session to tell the player.
//!
//! The rules ([`Game`](crate::game::Game)) push events as things happen and the
//! session drains them after each action or step of a plan, turning them into log lines
//! and deciding whether a running plan stops (after gridbugs/rip's `ExternalEvent`s).

use mapgen::Point;
use mapgen::generators::grid::RoomKind;

use crate::combat::Blow;
use crate::direction::Vertical;
use crate::doors::KeyKind;
use crate::entity::Thing;
use crate::monster::MonsterKind;

/// One thing that happened. Not `#[non_exhaustive]`, though the rules will grow more:
/// the session matches every event (its log line, whether it stops a plan), so the
/// compiler lists what a new one must say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// The `@` stepped from one tile to the next.
    Moved {
        /// Where it was.
        from: Point,
        /// Where it is.
        to: Point,
    },
    /// A step was blocked by a tile that cannot be walked on, or the map's edge.
    Bumped {
        /// The tile in the way.
        at: Point,
    },
    /// The `@` entered a grid room it had not stood in before.
    EnteredRoom {
        /// The room's index in the grid.
        index: usize,
        /// What kind of room.
        kind: RoomKind,
    },
    /// Stairs came into view for the first time.
    SawStairs {
        /// Where they are.
        at: Point,
        /// Where they lead.
        way: Vertical,
    },
    /// A secret door was found and opened.
    FoundSecret {
        /// The door.
        at: Point,
        /// The kind of the room behind it (secret or super secret); `None` for a vault's
        /// secret door.
        kind: Option<RoomKind>,
    },
    /// The `@` searched the walls around it (`s`).
    Searched {
        /// How many secret doors it found (each also a [`Event::FoundSecret`]).
        found: usize,
    },
    /// A locked door was opened with a key.
    Unlocked {
        /// The door.
        at: Point,
        /// The key it took (used up).
        key: KeyKind,
        /// Isaac's keys left.
        keys: u32,
    },
    /// A locked door, and no key to open it.
    Locked {
        /// The door.
        at: Point,
        /// The key it takes.
        key: KeyKind,
    },
    /// A key was picked up.
    PickedKey {
        /// Which key.
        key: KeyKind,
        /// Isaac's keys held now.
        keys: u32,
    },
    /// The `@` took the stairs to another level.
    ChangedLevel {
        /// The level's depth, 1 for the first.
        depth: u32,
        /// Down or up.
        way: Vertical,
        /// True the first time the level is entered.
        new: bool,
    },
    /// A monster came into view.
    SawMonster {
        /// What it is.
        kind: MonsterKind,
        /// Where.
        at: Point,
    },
    /// A blow was struck (or missed).
    Blow(Blow),
    /// The `@` killed a monster.
    Killed {
        /// What it was.
        kind: MonsterKind,
    },
    /// A hurt monster turned to flee.
    Fled {
        /// What it is.
        kind: MonsterKind,
    },
    /// The `@` reached an experience level.
    LevelUp {
        /// The new level.
        level: u32,
    },
    /// The `@` picked up a thing other than a key.
    PickedUp {
        /// What.
        thing: Thing,
        /// How many such the `@` has now (potions; gold pieces), or its new bonus
        /// (weapons: damage; armour).
        now: u32,
    },
    /// The `@` drank a healing potion.
    Drank {
        /// Hit points now.
        hp: i32,
        /// Potions left.
        left: u32,
    },
    /// A potion was asked for and not drunk.
    NoDrink {
        /// True: the `@` has none; false: it is not hurt.
        none: bool,
    },
    /// The doors of the room the `@` entered shut: monsters live in it.
    DoorsShut,
    /// The room's last monster died: its doors open.
    DoorsOpened,
    /// The `@` died.
    Died {
        /// What killed it.
        by: MonsterKind,
    },
    /// The `@` carried the amulet back to depth 1.
    Won,
}
