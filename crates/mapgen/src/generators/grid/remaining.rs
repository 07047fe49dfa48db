//! The dead ends not yet picked as treasure rooms: taking the k-th of those left, in
//! order, as `Vec::remove(k)` would, but in logarithmic time, so that picking many
//! treasure rooms among many dead ends is not quadratic.
//!
//! Based on: Fenwick, "A new data structure for cumulative frequency tables" (1994), with
//! the binary-lifting search for the k-th element.

/// Items in their original order, each present or taken; a Fenwick tree counts the present
/// ones so the k-th present item is found by descending powers of two.
#[derive(Debug, Clone)]
pub(crate) struct Remaining {
    items: Vec<usize>,
    /// `tree[i - 1]` counts the present items among positions `i - lowbit(i) + 1 ..= i`
    /// (1-based).
    tree: Vec<u32>,
    left: usize,
}

impl Remaining {
    /// All of `items`, present, in the given order.
    pub(crate) fn new(items: impl IntoIterator<Item = usize>) -> Remaining {
        let items: Vec<usize> = items.into_iter().collect();
        let n = items.len();
        // Every count starts at one: a node covers lowbit(i) positions.
        let tree = (1..=n).map(|i| (i & i.wrapping_neg()) as u32).collect();
        Remaining {
            items,
            tree,
            left: n,
        }
    }

    /// How many items are left.
    pub(crate) fn len(&self) -> usize {
        self.left
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.left == 0
    }

    /// Takes and returns the `k`-th item left (from 0), in the original order; `None`
    /// when fewer than `k + 1` are left.
    pub(crate) fn take(&mut self, k: usize) -> Option<usize> {
        if k >= self.left {
            return None;
        }
        // Descend: find the largest prefix with at most k present items.
        let n = self.tree.len();
        let mut pos = 0; // 1-based prefix end
        let mut rest = k as u32;
        let mut step = if n == 0 { 0 } else { 1 << n.ilog2() };
        while step > 0 {
            let next = pos + step;
            if next <= n && self.tree[next - 1] <= rest {
                pos = next;
                rest -= self.tree[next - 1];
            }
            step >>= 1;
        }
        // Position pos + 1 (1-based) holds the k-th present item.
        let index = pos;
        let mut i = pos + 1;
        while i <= n {
            self.tree[i - 1] -= 1;
            i += i & i.wrapping_neg();
        }
        self.left -= 1;
        self.items.get(index).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DungeonRng;

    #[test]
    fn takes_what_vec_remove_would() {
        let mut rng = DungeonRng::new(11);
        for n in [0usize, 1, 2, 3, 7, 8, 9, 64, 100, 1000] {
            let items: Vec<usize> = (0..n).map(|i| i * 3 + 1).collect();
            let mut fast = Remaining::new(items.iter().copied());
            let mut slow = items.clone();
            while !slow.is_empty() {
                assert_eq!(fast.len(), slow.len());
                let k = rng.below(slow.len() as u32) as usize;
                assert_eq!(fast.take(k), Some(slow.remove(k)), "n {n}");
            }
            assert!(fast.is_empty());
            assert_eq!(fast.take(0), None);
        }
    }
}
