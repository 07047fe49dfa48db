//! Filling in dead ends: a walkable tile with exactly one walkable neighbour becomes wall,
//! again and again, until none is left.
//!
//! Nystrom sweeps the whole map until a sweep changes nothing. Here each dead end is put
//! on a stack; filling one can only make its one neighbour a dead end, which goes on the
//! stack next. Every tile is filled at most once, so the work is linear in the map's area.
//! Filling a tile with one neighbour never splits what is left, so a connected map stays
//! connected.

use crate::{Map, Tile};

/// Fills every dead end of `map`, repeatedly; returns how many tiles were filled. The
/// border is left alone (it is wall in every generated map).
pub(super) fn remove_dead_ends(map: &mut Map) -> usize {
    let (width, height) = (map.width() as usize, map.height() as usize);
    if width < 3 || height < 3 {
        return 0;
    }
    // A walkable flag per tile, false on the border, so every walkable tile is inside and
    // has its four neighbours in the slice.
    let mut walkable: Vec<bool> = map.tiles().iter().map(|t| t.walkable).collect();
    for row in walkable.chunks_exact_mut(width) {
        row[0] = false;
        row[width - 1] = false;
    }
    walkable[..width].fill(false);
    let last_row = walkable.len() - width;
    walkable[last_row..].fill(false);
    let exits = |walkable: &[bool], i: usize| {
        usize::from(walkable[i - 1])
            + usize::from(walkable[i + 1])
            + usize::from(walkable[i - width])
            + usize::from(walkable[i + width])
    };
    let mut stack: Vec<usize> = (width..last_row)
        .filter(|&i| walkable[i] && exits(&walkable, i) == 1)
        .collect();
    let mut filled = Vec::new();
    while let Some(i) = stack.pop() {
        if !walkable[i] || exits(&walkable, i) != 1 {
            continue;
        }
        walkable[i] = false;
        filled.push(i);
        for j in [i - width, i + 1, i + width, i - 1] {
            if walkable[j] && exits(&walkable, j) == 1 {
                stack.push(j);
            }
        }
    }
    for &i in &filled {
        if let Some(p) = map.as_grid().point(i) {
            map.set(p, Tile::WALL);
        }
    }
    filled.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_branch_is_filled_back_to_its_junction() {
        let mut map = Map::from_ascii(
            "#######\n\
             #.....#\n\
             #.###.#\n\
             #.....#\n\
             ###.###\n\
             ###.###\n\
             #######\n",
        )
        .unwrap();
        assert_eq!(remove_dead_ends(&mut map), 2);
        assert_eq!(
            map.to_string(),
            "#######\n#.....#\n#.###.#\n#.....#\n#######\n#######\n#######\n"
        );
    }

    #[test]
    fn a_tree_shrinks_to_one_tile_and_a_lone_tile_stays() {
        let mut map = Map::from_ascii("#####\n#...#\n###.#\n#####\n").unwrap();
        assert_eq!(remove_dead_ends(&mut map), 3);
        assert_eq!(map.iter().filter(|(_, t)| t.walkable).count(), 1);
        assert_eq!(remove_dead_ends(&mut map), 0);
    }

    #[test]
    fn doors_are_dead_ends_too() {
        let mut map = Map::from_ascii("######\n#..+.#\n#..###\n######\n").unwrap();
        assert_eq!(remove_dead_ends(&mut map), 2);
        assert_eq!(map.to_string(), "######\n#..###\n#..###\n######\n");
    }
}
