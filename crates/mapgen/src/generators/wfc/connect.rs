//! Connectivity of a solved interior: its walkable regions, how much floor lies outside
//! the largest, and the shortest gap from a stranded region to another region (where the
//! block to solve again is placed).

use crate::DungeonRng;

/// Label of a wall tile.
const NONE: u32 = u32::MAX;

/// The 4-connected regions of walkable tiles of a `width` x `height` interior, with
/// buffers reused from one labelling to the next.
#[derive(Debug, Clone, Default)]
pub(crate) struct Regions {
    width: usize,
    height: usize,
    labels: Vec<u32>,
    sizes: Vec<u32>,
    queue: Vec<u32>,
    /// Per tile, the stranded tile a gap search reached it from.
    origin: Vec<u32>,
}

/// Where a stranded region comes closest to another region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Gap {
    /// A tile of the stranded region (row-major index of the interior).
    pub(crate) from: usize,
    /// The nearest walkable tile of another region.
    pub(crate) to: usize,
}

impl Regions {
    /// Labels the walkable tiles (`walkable[y * width + x]`), region 0 first in row order.
    pub(crate) fn label(&mut self, walkable: &[bool], width: usize, height: usize) {
        self.width = width;
        self.height = height;
        self.labels.clear();
        self.labels.resize(width * height, NONE);
        self.sizes.clear();
        for start in 0..width * height {
            if !walkable[start] || self.labels[start] != NONE {
                continue;
            }
            let label = self.sizes.len() as u32;
            self.labels[start] = label;
            self.queue.clear();
            self.queue.push(start as u32);
            let mut size = 0;
            while let Some(t) = self.queue.pop() {
                size += 1;
                for n in neighbours(t as usize, width, height).into_iter().flatten() {
                    if walkable[n] && self.labels[n] == NONE {
                        self.labels[n] = label;
                        self.queue.push(n as u32);
                    }
                }
            }
            self.sizes.push(size);
        }
    }

    /// How many regions there are.
    pub(crate) fn count(&self) -> usize {
        self.sizes.len()
    }

    /// The largest region, the first in row order among equals.
    pub(crate) fn largest(&self) -> Option<u32> {
        let mut best: Option<u32> = None;
        for (label, &size) in self.sizes.iter().enumerate() {
            if best.is_none_or(|b| size > self.sizes[b as usize]) {
                best = Some(label as u32);
            }
        }
        best
    }

    /// Walkable tiles outside the largest region: what the repairs must bring to 0.
    pub(crate) fn stranded(&self) -> u32 {
        let total: u32 = self.sizes.iter().sum();
        total - self.largest().map_or(0, |l| self.sizes[l as usize])
    }

    /// A region other than the largest, drawn uniformly by `rng`.
    pub(crate) fn pick_stranded(&self, rng: &mut DungeonRng) -> Option<u32> {
        let largest = self.largest()?;
        let others = self.count() as u32 - 1;
        if others == 0 {
            return None;
        }
        let pick = rng.below(others);
        Some(if pick < largest { pick } else { pick + 1 })
    }

    /// The shortest gap (4-connected steps through anything) from `region` to a walkable
    /// tile of another region: a breadth-first search from all of `region`'s tiles at once.
    pub(crate) fn gap(&mut self, region: u32) -> Option<Gap> {
        let (width, height) = (self.width, self.height);
        self.origin.clear();
        self.origin.resize(width * height, NONE);
        self.queue.clear();
        for (t, &label) in self.labels.iter().enumerate() {
            if label == region {
                self.origin[t] = t as u32;
                self.queue.push(t as u32);
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let t = self.queue[head] as usize;
            head += 1;
            for n in neighbours(t, width, height).into_iter().flatten() {
                if self.origin[n] != NONE {
                    continue;
                }
                self.origin[n] = self.origin[t];
                if self.labels[n] != NONE && self.labels[n] != region {
                    return Some(Gap {
                        from: self.origin[n] as usize,
                        to: n,
                    });
                }
                self.queue.push(n as u32);
            }
        }
        None
    }
}

/// The four neighbours of tile `t` inside the grid.
fn neighbours(t: usize, width: usize, height: usize) -> [Option<usize>; 4] {
    let (x, y) = (t % width, t / width);
    [
        (x + 1 < width).then_some(t + 1),
        (x > 0).then(|| t - 1),
        (y + 1 < height).then_some(t + width),
        (y > 0).then(|| t - width),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions_of(rows: &[&str]) -> Regions {
        let (w, h) = (rows[0].len(), rows.len());
        let walkable: Vec<bool> = rows.iter().flat_map(|r| r.bytes().map(|b| b == b'.')).collect();
        let mut regions = Regions::default();
        regions.label(&walkable, w, h);
        regions
    }

    #[test]
    fn labels_sizes_and_gaps() {
        let mut r = regions_of(&["..#....", "..#.#..", "###.###", "....#.."]);
        assert_eq!(r.count(), 3);
        assert_eq!(r.sizes, [4, 12, 2]);
        assert_eq!(r.largest(), Some(1));
        assert_eq!(r.stranded(), 6);
        // Region 0 (top left) is two steps from region 1 across the wall at (2, 0).
        let gap = r.gap(0).unwrap();
        assert_eq!((gap.from % 7, gap.from / 7), (1, 0));
        assert_eq!((gap.to % 7, gap.to / 7), (3, 0));
        // Region 2 (bottom right) reaches region 1 past the wall at (4, 3).
        let gap = r.gap(2).unwrap();
        assert_eq!((gap.from % 7, gap.from / 7, gap.to % 7, gap.to / 7), (5, 3, 3, 3));
        let mut rng = DungeonRng::new(1);
        for _ in 0..20 {
            assert_ne!(r.pick_stranded(&mut rng), Some(1));
        }
        let single = regions_of(&["...", "#.#"]);
        assert_eq!((single.count(), single.stranded()), (1, 0));
        assert_eq!(single.pick_stranded(&mut rng), None);
    }
}
