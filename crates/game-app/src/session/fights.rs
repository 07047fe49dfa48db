//! The log lines of the fighting game: monsters seen and fought, items picked up and
//! drunk, doors shut and opened, death and the win. Lines that repeat fold, as every
//! line of the log does ("You hit the goblin. (x3)").

use game_core::combat::{Blow, Fighter};
use game_core::entity::Thing;
use game_core::event::Event;
use game_core::hero::{ARMOUR_BONUS, WEAPON_BONUS};
use game_core::monster::MonsterKind;

/// The line for one of the fighting game's events; `None` for the others.
pub(super) fn line(event: &Event) -> Option<String> {
    Some(match *event {
        Event::SawMonster { kind, .. } => format!("You see {}.", kind.a()),
        Event::Blow(blow) => blow_line(blow),
        Event::Killed { kind } => format!("You kill the {}.", kind.name()),
        Event::Fled { kind } => format!("The {} turns to flee.", kind.name()),
        Event::LevelUp { level } => format!("You feel stronger: level {level}."),
        Event::PickedUp { thing, now } => picked_up(thing, now),
        Event::Drank { hp, left } => {
            format!("You drink a healing potion: {hp} HP ({left} left).")
        }
        Event::NoDrink { none: true } => "You have no healing potion.".to_string(),
        Event::NoDrink { none: false } => "You are not hurt.".to_string(),
        Event::DoorsShut => "The doors slam shut!".to_string(),
        Event::DoorsOpened => "The doors open.".to_string(),
        Event::Died { by } => format!("You die, killed by {}.", by.a()),
        Event::Won => "You carry the amulet back up to depth 1: you win!".to_string(),
        _ => return None,
    })
}

fn name(who: Fighter) -> String {
    match who {
        Fighter::Hero => "you".to_string(),
        Fighter::Monster(kind) => format!("the {}", kind.name()),
    }
}

fn blow_line(blow: Blow) -> String {
    let by = name(blow.by);
    let target = name(blow.target);
    let hero = blow.by == Fighter::Hero;
    let line = match (blow.damage, blow.ranged, hero) {
        (Some(_), false, true) => format!("{by} hit {target}"),
        (Some(_), false, false) => format!("{by} hits {target}"),
        (None, false, true) => format!("{by} miss {target}"),
        (None, false, false) => format!("{by} misses {target}"),
        (Some(_), true, _) => format!("{by} shoots {target}"),
        (None, true, _) => format!("{by} shoots at {target} and misses"),
    };
    let mut chars = line.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase()).unwrap_or(' ');
    format!("{first}{}.", chars.as_str())
}

fn picked_up(thing: Thing, now: u32) -> String {
    match thing {
        Thing::Potion => format!("You pick up a healing potion ({now} held)."),
        Thing::Gold(amount) => format!("You pick up {amount} gold ({now} in all)."),
        Thing::Weapon => {
            format!("You find a better weapon: +{WEAPON_BONUS} damage (+{now} in all).")
        }
        Thing::Armour => format!("You find armour: +{ARMOUR_BONUS} armour ({now} in all)."),
        Thing::Amulet => "You pick up the amulet! Carry it back up to depth 1.".to_string(),
        Thing::Key(key) => format!("You pick up {}.", key.key_name()),
    }
}

/// "a goblin and 2 rats": what is in view, for "Not with ... in view."
pub(super) fn in_view(kinds: &[MonsterKind]) -> String {
    let mut sorted = kinds.to_vec();
    sorted.sort_unstable();
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let kind = sorted[i];
        let n = sorted[i..].iter().take_while(|&&k| k == kind).count();
        parts.push(if n == 1 {
            kind.a()
        } else {
            format!("{n} {}s", kind.name())
        });
        i += n;
    }
    match parts.len() {
        0 => "nothing".to_string(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{} and {last}", parts.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blows_read_as_sentences() {
        let goblin = Fighter::Monster(MonsterKind::Goblin);
        let blow = |by, target, damage, ranged| {
            line(&Event::Blow(Blow {
                by,
                target,
                damage,
                ranged,
            }))
            .unwrap()
        };
        assert_eq!(
            blow(Fighter::Hero, goblin, Some(3), false),
            "You hit the goblin."
        );
        assert_eq!(
            blow(Fighter::Hero, goblin, None, false),
            "You miss the goblin."
        );
        assert_eq!(
            blow(goblin, Fighter::Hero, Some(2), false),
            "The goblin hits you."
        );
        let archer = Fighter::Monster(MonsterKind::Archer);
        assert_eq!(
            blow(archer, Fighter::Hero, Some(2), true),
            "The archer shoots you."
        );
        assert_eq!(
            blow(archer, Fighter::Hero, None, true),
            "The archer shoots at you and misses."
        );
    }

    #[test]
    fn what_is_in_view_is_counted() {
        use MonsterKind::*;
        assert_eq!(in_view(&[Goblin]), "a goblin");
        assert_eq!(in_view(&[Rat, Orc, Rat]), "2 rats and an orc");
        assert_eq!(in_view(&[Rat, Kobold, Orc]), "a rat, a kobold and an orc");
    }
}
