//! The panel's line of the `@` as a fighter: hit points, experience level, potions
//! (with the key that drinks one), gold, kills, the amulet once carried, and the
//! monsters in view with theirs (DCSS's monster list, in one line).

use game_core::game::Game;

/// "HP 25/30   Level 2   Potions 1 (q)   Gold 40   Kills 3   In view: goblin 6/10".
pub(super) fn hero_line(game: &Game) -> String {
    let hero = game.hero();
    let mut line = format!(
        "HP {}/{}   Level {}   Potions {} (q)   Gold {}   Kills {}",
        hero.hp.now, hero.hp.max, hero.level, hero.potions, hero.gold, hero.kills
    );
    if hero.amulet {
        line.push_str("   Amulet");
    }
    let seen: Vec<String> = game
        .monsters_in_view()
        .map(|b| format!("{} {}/{}", b.kind.name(), b.hp.now, b.hp.max))
        .collect();
    if !seen.is_empty() {
        line.push_str("   In view: ");
        line.push_str(&seen.join(", "));
    }
    line
}
