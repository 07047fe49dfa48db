//! The rules of vault placement, checked by brute force on a placed dungeon: what the
//! property tests hold the search to.

use mapgen::vaults::{
    Glyphs, Orientation, Placement, Unique, Vault, VaultCell, VaultLibrary, VaultSettings,
};
use mapgen::{Dungeon, Layout, Map, Point, Tile};

/// A vault laid at a place: a [`Placement`], or one a test makes up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Put {
    pub name: String,
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
    pub orientation: Orientation,
}

impl From<&Placement> for Put {
    fn from(p: &Placement) -> Put {
        Put {
            name: p.name.clone(),
            x: p.x,
            y: p.y,
            width: p.width,
            height: p.height,
            orientation: p.orientation(),
        }
    }
}

/// The placements `after` gained over `before`, as [`Put`]s.
pub fn puts(before: &Dungeon, after: &Dungeon) -> Vec<Put> {
    after.vaults[before.vaults.len().min(after.vaults.len())..]
        .iter()
        .map(Put::from)
        .collect()
}

fn orientation(p: &Put) -> Orientation {
    p.orientation
}

/// True when `p` lies in the middle of a grid room: its floor less the ring along its
/// walls (where vaults may stamp in a grid dungeon).
fn in_room_middle(d: &Dungeon, p: Point) -> bool {
    let Layout::Grid(grid) = &d.layout else {
        return true;
    };
    grid.rooms().iter().any(|room| {
        let (cols, rows) = grid.outline(room.cell).inner();
        (cols.start + 1..cols.end - 1).contains(&p.x)
            && (rows.start + 1..rows.end - 1).contains(&p.y)
    })
}

/// The vault's glyphs as placed.
pub fn placed_glyphs(vault: &Vault, p: &Put) -> Glyphs {
    vault.glyphs().oriented(p.orientation)
}

/// Stamps `vault` as `put` says, with no checks.
pub fn stamp(map: &mut Map, vault: &Vault, put: &Put) {
    let glyphs = placed_glyphs(vault, put);
    for gy in 0..put.height {
        for gx in 0..put.width {
            let glyph = glyphs.glyph(Point::new(gx, gy)).unwrap_or(b' ');
            if let Some(VaultCell::Stamp { tile, .. }) = vault.cell(glyph) {
                map.set((put.x + gx, put.y + gy), tile);
            }
        }
    }
}

/// Every rule of issue 21, checked on `after` (the dungeon `before` with the vaults it
/// gained stamped by `settings`), and the promises of the dungeon after the stamps; `Err`
/// names the first broken one.
pub fn check_rules(
    before: &Dungeon,
    after: &Dungeon,
    library: &VaultLibrary,
    settings: &VaultSettings,
) -> Result<(), String> {
    if !after.vaults.starts_with(&before.vaults) {
        return Err("the vaults placed before were changed".into());
    }
    let placed = &puts(before, after);
    check_placed(before, after, placed, library, settings)?;
    // The dungeon keeps its promises: the rooms left are those whose floor is unchanged,
    // in order, and every generator's promises hold if they held before.
    let unchanged = |r: &mapgen::Rect| {
        r.inner_cells()
            .all(|p| before.map.tile(p) == after.map.tile(p))
    };
    let kept: Vec<mapgen::Rect> = before.rooms.iter().copied().filter(unchanged).collect();
    if after.rooms != kept {
        return Err(format!(
            "rooms after: {} (expected the {} whose floor is unchanged)",
            after.rooms.len(),
            kept.len()
        ));
    }
    if after.layout != before.layout {
        return Err("the layout changed".into());
    }
    if let Some(grid) = after.room_grid() {
        for room in grid.rooms() {
            for side in room.doors.sides() {
                let door = grid.door_tile(room.cell, side);
                if after.map.tile(door) != Tile::DOOR {
                    return Err(format!("grid door {door} is gone"));
                }
            }
        }
    }
    if super::check_dungeon(before).is_ok() {
        super::check_dungeon(after).map_err(|e| format!("after the vaults: {e}"))?;
    }
    Ok(())
}

/// The rules for the vaults `placed` on `before` that make `after`.
pub fn check_placed(
    before: &Dungeon,
    after: &Dungeon,
    placed: &[Put],
    library: &VaultLibrary,
    settings: &VaultSettings,
) -> Result<(), String> {
    let (w, h) = (before.map.width(), before.map.height());
    let base_reached = super::reachable_from(&before.map, before.start);
    let exit = before.exit();
    if placed.len() > settings.count as usize {
        return Err(format!("{} placed, {} asked", placed.len(), settings.count));
    }
    if after.start != before.start {
        return Err("the start moved".into());
    }
    // Which placement stamped each tile.
    let mut owner: Vec<Option<usize>> = vec![None; (w * h) as usize];
    for (k, p) in placed.iter().enumerate() {
        let vault = library
            .get(&p.name)
            .ok_or(format!("no vault {:?}", p.name))?;
        if !settings.tags.is_empty() && !vault.tags().iter().any(|t| settings.tags.contains(t)) {
            return Err(format!(
                "{} has none of the tags {:?}",
                p.name, settings.tags
            ));
        }
        let before_too = before.vaults.iter().any(|q| q.name == p.name);
        let here = placed.iter().filter(|q| q.name == p.name).count();
        if vault.unique() == Unique::Level && (here > 1 || before_too) {
            return Err(format!("{} is unique but placed twice", p.name));
        }
        let allowed = vault.orientations();
        if !allowed.iter().any(|(o, _)| *o == orientation(p)) {
            return Err(format!(
                "{} laid {:?}, not one of its distinct allowed orientations",
                p.name,
                orientation(p)
            ));
        }
        let glyphs = placed_glyphs(vault, p);
        if (glyphs.width(), glyphs.height()) != (p.width, p.height) {
            return Err(format!(
                "{} reported {}x{}, is {}x{}",
                p.name,
                p.width,
                p.height,
                glyphs.width(),
                glyphs.height()
            ));
        }
        // Rule 1: inside the map less its border.
        if p.x < 1 || p.y < 1 || p.x + p.width > w - 1 || p.y + p.height > h - 1 {
            return Err(format!(
                "{} at {},{} is not inside the map less its border",
                p.name, p.x, p.y
            ));
        }
        // Rule 3: start and exit outside the footprint; a free tile around other vaults.
        let holds =
            |q: Point| (p.x..p.x + p.width).contains(&q.x) && (p.y..p.y + p.height).contains(&q.y);
        if holds(before.start) || holds(exit) {
            return Err(format!(
                "{} at {},{} holds the start or the exit",
                p.name, p.x, p.y
            ));
        }
        let earlier = before.vaults.iter().map(Put::from);
        for q in placed[..k].iter().cloned().chain(earlier) {
            let apart = p.x > q.x + q.width
                || q.x > p.x + p.width
                || p.y > q.y + q.height
                || q.y > p.y + p.height;
            if !apart {
                return Err(format!(
                    "{} and {} are not one free tile apart",
                    p.name, q.name
                ));
            }
        }
        for gy in 0..p.height {
            for gx in 0..p.width {
                let glyph = glyphs.glyph(Point::new(gx, gy)).unwrap_or(b' ');
                let (x, y) = (p.x + gx, p.y + gy);
                let Some(VaultCell::Stamp { tile, .. }) = vault.cell(glyph) else {
                    continue;
                };
                owner[(y * w + x) as usize] = Some(k);
                // Rule 2: covers only base floor or wall.
                let base = before.map.tile((x, y));
                if base != Tile::FLOOR && base != Tile::WALL {
                    return Err(format!("{} covers {:?} at {x},{y}", p.name, base));
                }
                if !in_room_middle(before, Point::new(x, y)) {
                    return Err(format!(
                        "{} stamps {x},{y}, not a grid room's middle",
                        p.name
                    ));
                }
                // Stamped tiles are the transformed glyphs.
                if after.map.tile((x, y)) != tile {
                    return Err(format!(
                        "{} at {x},{y}: {:?}, glyph {:?}",
                        p.name,
                        after.map.tile((x, y)),
                        glyph as char
                    ));
                }
            }
        }
    }
    // Tiles no vault stamped are as they were.
    for (i, (a, b)) in after.map.tiles().iter().zip(before.map.tiles()).enumerate() {
        if owner[i].is_none() && a != b {
            return Err(format!("tile {} changed outside every vault", i));
        }
    }
    // Rule 4: every entrance touches reached base floor outside the vault's stamped tiles.
    for (k, p) in placed.iter().enumerate() {
        let vault = library.get(&p.name).unwrap();
        let glyphs = placed_glyphs(vault, p);
        for gy in 0..p.height {
            for gx in 0..p.width {
                if glyphs.glyph(Point::new(gx, gy)) != Some(b'@') {
                    continue;
                }
                let at = Point::new(p.x + gx, p.y + gy);
                let touches = at.neighbours4().any(|q| {
                    let i = before.map.index(q);
                    i.is_some_and(|i| owner[i] != Some(k) && base_reached[i])
                });
                if !touches {
                    return Err(format!(
                        "{}'s entrance at {at} touches no reached base floor",
                        p.name
                    ));
                }
            }
        }
    }
    // Rule 5: every walkable tile is reached from the start.
    let now = super::reachable_from(&after.map, after.start);
    for (i, tile) in after.map.tiles().iter().enumerate() {
        if tile.walkable && !now[i] {
            let inside = owner[i].map_or("base".to_owned(), |k| placed[k].name.clone());
            return Err(format!(
                "walkable tile {i} ({inside}) is cut off from the start"
            ));
        }
    }
    Ok(())
}
