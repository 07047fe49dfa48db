//! The status fields of the `@` as a fighter: its hit points first of the panel, then,
//! after where it is, its experience level, the monsters in view with theirs (DCSS's
//! monster list, in one field) and what it holds: potions (with the key that drinks
//! one), gold, kills, the amulet once carried.

use game_core::game::Game;

/// The `@`'s fields, in two groups: its hit points ("HP 25/30"), shown first of the
/// panel, and the rest ("Level 2", "In view: goblin 6/10", "Potions 1 (q)", "Gold 40",
/// "Kills 3", "Amulet"), after where it is (depth, seed, room, keys).
pub(super) fn hero_fields(game: &Game) -> (Vec<String>, Vec<String>) {
    let hero = game.hero();
    let stands = vec![format!("HP {}/{}", hero.hp.now, hero.hp.max)];
    let mut holds = vec![format!("Level {}", hero.level)];
    let seen: Vec<String> = game
        .monsters_in_view()
        .map(|b| format!("{} {}/{}", b.kind.name(), b.hp.now, b.hp.max))
        .collect();
    if !seen.is_empty() {
        holds.push(format!("In view: {}", seen.join(", ")));
    }
    holds.extend([
        format!("Potions {} (q)", hero.potions),
        format!("Gold {}", hero.gold),
        format!("Kills {}", hero.kills),
    ]);
    if hero.amulet {
        holds.push("Amulet".to_string());
    }
    (stands, holds)
}
