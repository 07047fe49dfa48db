//! `mapgen generate --locks N`: locks and keys on each dungeon ([`mapgen::locks`]), and
//! how the ASCII output draws them.
//!
//! The locks of a dungeon are placed from a stream of their own, named by the dungeon's
//! seed, on the dungeon with its vaults and before its spawns: the same seed and settings
//! give the same locks. Where loops leave too few links that cut the dungeon, passages
//! that close them are walled up ([`Locks::walled`]): they are wall in every output.

use mapgen::locks::{Locks, place_seeded_locks};
use mapgen::{Dungeon, Point};

/// The most locks `--locks` takes: a letter each in the ASCII output.
pub const MAX_LOCKS: u8 = 26;

/// Up to `count` locks on `dungeon`, made from `seed`, its loops walled up where that lets
/// more fit ([`place_seeded_locks`]); `None` when the dungeon's start is no walkable tile
/// (never for a generator's dungeon).
pub fn locks_of(dungeon: &mut Dungeon, seed: u64, count: u8) -> Option<Locks> {
    place_seeded_locks(dungeon, seed, usize::from(count)).ok()
}

/// The count of a saved `lock_settings`, `{"count": N}` (`N` from 0 to [`MAX_LOCKS`]).
pub fn count_of(json: &str) -> anyhow::Result<u8> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct LockSettings {
        count: u64,
    }
    let settings: LockSettings = serde_json::from_str(json)?;
    match u8::try_from(settings.count) {
        Ok(count) if count <= MAX_LOCKS => Ok(count),
        _ => anyhow::bail!(
            "count {} is out of range; allowed 0 to {MAX_LOCKS}",
            settings.count
        ),
    }
}

/// The ASCII glyph of lock `id`'s door: `A`, `B`, ... (ids past 25 never occur).
pub fn door_glyph(id: usize) -> u8 {
    b'A' + (id % 26) as u8
}

/// The ASCII glyph of lock `id`'s key: `a`, `b`, ..., the door's letter in lower case.
pub fn key_glyph(id: usize) -> u8 {
    b'a' + (id % 26) as u8
}

/// The ASCII glyph of every key where spawned monsters are drawn too: their glyphs are
/// the first letters of their names (lower-case letters, digits, `_`), so a key's letter
/// would read as a monster. `*` is no monster's, item's or map tile's.
pub const KEY_AMONG_MONSTERS: u8 = b'*';

/// Draws the doors and keys of `locks` over the rows of a map `width` tiles wide, written
/// as ASCII into `rows` (a byte per tile and a line end for each row). With
/// `among_monsters` (spawns drawn on the same rows) every key is [`KEY_AMONG_MONSTERS`].
pub fn draw_ascii(locks: &Locks, width: i32, rows: &mut [u8], among_monsters: bool) {
    let stride = width.max(0) as usize + 1;
    let mut put = |p: Point, glyph: u8| {
        if (0..width).contains(&p.x)
            && p.y >= 0
            && let Some(byte) = rows.get_mut(p.y as usize * stride + p.x as usize)
        {
            *byte = glyph;
        }
    };
    for lock in &locks.locks {
        put(lock.door, door_glyph(lock.id));
        let key = if among_monsters {
            KEY_AMONG_MONSTERS
        } else {
            key_glyph(lock.id)
        };
        put(lock.key, key);
    }
}
