//! Items: what walking over one does (the `@` picks it up, as a key), and the healing
//! potion drunk with `q`. The things themselves are [`Thing`]s on the level
//! ([`entity`](crate::entity)); where they come from is [`populate`](crate::populate).

use crate::entity::Thing;
use crate::event::Event;
use crate::game::Game;
use crate::hero::{ARMOUR_BONUS, POTION_HEALS, WEAPON_BONUS};
use crate::turn::Outcome;

impl Game {
    /// The `@` picked `thing` up: it is carried, or worn at once.
    pub(crate) fn take_item(&mut self, thing: Thing) {
        let hero = &mut self.hero;
        let now = match thing {
            Thing::Potion => {
                hero.potions += 1;
                hero.potions
            }
            Thing::Gold(amount) => {
                hero.gold = hero.gold.saturating_add(amount);
                hero.gold
            }
            Thing::Weapon => {
                hero.weapon += WEAPON_BONUS;
                hero.weapon.unsigned_abs()
            }
            Thing::Armour => {
                hero.armour += ARMOUR_BONUS;
                hero.armour.unsigned_abs()
            }
            Thing::Amulet => {
                hero.amulet = true;
                1
            }
            Thing::Key(_) => return,
        };
        // A vault's treasure tile is bare floor once its gold is taken.
        if let Thing::Gold(_) = thing {
            let at = self.player();
            if self.map().tile(at) == thing.tile() {
                self.level_mut().map_mut().set(at, mapgen::Tile::FLOOR);
            }
        }
        self.events.push(Event::PickedUp { thing, now });
    }

    /// `q`: drinks a healing potion, a turn; refused (no turn) without one or unhurt.
    pub(crate) fn drink(&mut self) -> Outcome {
        let hero = &mut self.hero;
        if hero.potions == 0 || hero.hp.now >= hero.hp.max {
            let none = hero.potions == 0;
            self.events.push(Event::NoDrink { none });
            return Outcome::Refused;
        }
        hero.potions -= 1;
        hero.hp.heal(POTION_HEALS);
        let (hp, left) = (hero.hp.now, hero.potions);
        self.events.push(Event::Drank { hp, left });
        Outcome::Taken
    }
}

#[cfg(test)]
mod tests {
    use crate::direction::Direction;
    use crate::entity::{Entity, Thing};
    use crate::event::Event;
    use crate::game::tests::room;
    use crate::hero::{POTION_HEALS, START_HP};
    use crate::turn::{Act, Outcome};
    use mapgen::Point;

    #[test]
    fn potions_are_picked_up_and_drunk_only_when_hurt() {
        let mut game = room();
        let east = game.player() + Direction::East.step();
        game.level_mut().put_thing(Entity {
            at: east,
            thing: Thing::Potion,
        });
        assert_eq!(game.turn(Act::Drink).outcome, Outcome::Refused);
        let step = game.turn(Act::Move(Direction::East));
        assert!(step.events.contains(&Event::PickedUp {
            thing: Thing::Potion,
            now: 1
        }));
        let unhurt = game.turn(Act::Drink);
        assert_eq!(unhurt.outcome, Outcome::Refused);
        assert_eq!(unhurt.events, [Event::NoDrink { none: false }]);
        game.hero.hp.lose(POTION_HEALS + 3);
        let drunk = game.turn(Act::Drink);
        assert!(drunk.is_taken());
        assert_eq!(game.hero().hp.now, START_HP - 3, "{:?}", drunk.events);
        assert_eq!(game.hero().potions, 0);
        assert_eq!(
            game.turn(Act::Drink).events,
            [Event::NoDrink { none: true }]
        );
    }

    #[test]
    fn weapons_armour_and_gold_count_up() {
        let mut game = room();
        let p = game.player();
        for (i, thing) in [Thing::Weapon, Thing::Armour, Thing::Gold(7), Thing::Gold(5)]
            .into_iter()
            .enumerate()
        {
            game.level_mut().put_thing(Entity {
                at: Point::new(p.x - 1 + i as i32 % 2 * 2, p.y),
                thing,
            });
            let d = if i % 2 == 0 {
                Direction::West
            } else {
                Direction::East
            };
            game.turn(Act::Move(d));
            game.turn(Act::Move(if i % 2 == 0 {
                Direction::East
            } else {
                Direction::West
            }));
        }
        let hero = game.hero();
        assert_eq!((hero.weapon, hero.armour, hero.gold), (2, 1, 12));
        assert_eq!(hero.damage(), (4, 8));
    }
}
