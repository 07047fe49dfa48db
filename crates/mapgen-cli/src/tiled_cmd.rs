//! `mapgen generate --format tmx|tmj --output FILE`: one dungeon (with its vaults and
//! spawns) as a Tiled map, its tileset image written beside it (see [`crate::tiled`]).

use std::io::Write;
use std::path::Path;

use anyhow::Context;

use crate::generate_cmd::{Format, GenerateArgs};
use crate::picture_cmd::to_file;
use crate::tiled::{TILESET_IMAGE, TiledMap, tileset_png, write_tmj, write_tmx};

/// The most tiles a Tiled map is written with: 2048 x 2048 (Tiled itself slows to a crawl
/// long before, and the map is built whole in memory).
pub const MAX_TILES: u64 = 1 << 22;

/// Writes the dungeon of `--seed` as a Tiled map to `--output`, in `format` (`Tmx` or
/// `Tmj`), and the tileset image beside it.
pub fn generate_tiled(args: &GenerateArgs, format: Format) -> anyhow::Result<()> {
    let name = if format == Format::Tmx { "tmx" } else { "tmj" };
    if args.count > 1 {
        anyhow::bail!(
            "--format {name} writes one dungeon, not --count {}",
            args.count
        );
    }
    let Some(path) = args.picture.output.as_deref() else {
        anyhow::bail!(
            "--format {name} writes a map and its tileset image beside it: name the map with --output FILE"
        );
    };
    let seed = args.seed;
    let recipe = crate::generate_cmd::checked_generator(args)?;
    let (dungeon, locks) = recipe.make(seed).with_context(|| format!("seed {seed}"))?;
    let (w, h) = (dungeon.map.width(), dungeon.map.height());
    if (w.max(0) as u64) * (h.max(0) as u64) > MAX_TILES {
        anyhow::bail!(
            "--format {name} holds at most {MAX_TILES} tiles (2048 x 2048); this map is {w} x {h}"
        );
    }
    let mut map = TiledMap::of(&dungeon, TILESET_IMAGE);
    if recipe.spawns.is_some() {
        map.add_spawns(&dungeon);
    }
    if let Some(locks) = &locks {
        map = map.with_locks(locks);
    }
    let text = match format {
        Format::Tmx => write_tmx(&map),
        _ => write_tmj(&map),
    };
    let image = path.parent().unwrap_or(Path::new("")).join(TILESET_IMAGE);
    to_file(&image, |file| Ok(file.write_all(tileset_png())?))?;
    to_file(path, |file| Ok(file.write_all(text.as_bytes())?))
}
