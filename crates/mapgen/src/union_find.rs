//! Disjoint sets of `0..n` (union-find), for generators that join regions one connector at
//! a time and must know at once whether two regions are already joined.
//!
//! Based on: Tarjan, "Efficiency of a Good But Not Linear Set Union Algorithm" (1975):
//! union by size and path halving, so any sequence of operations on `n` elements takes
//! time nearly linear in its length.

/// A partition of `0..n` into disjoint sets, starting with every element alone.
#[derive(Debug, Clone)]
pub(crate) struct UnionFind {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl UnionFind {
    /// `n` singleton sets. `n` is at most the number of tiles of a map, which fits in `u32`.
    pub(crate) fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).map(|i| i as u32).collect(),
            size: vec![1; n],
        }
    }

    /// The representative of `x`'s set; `x` itself when `x` is out of range.
    pub(crate) fn find(&mut self, x: usize) -> usize {
        let mut x = x;
        while let Some(&p) = self.parent.get(x) {
            let p = p as usize;
            if p == x {
                break;
            }
            // Path halving: point at the grandparent and step there.
            let grandparent = self.parent[p];
            self.parent[x] = grandparent;
            x = grandparent as usize;
        }
        x
    }

    /// Joins the sets of `a` and `b`; returns `false` when they were already one set.
    pub(crate) fn union(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a == b || a >= self.parent.len() || b >= self.parent.len() {
            return false;
        }
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        self.parent[small] = big as u32;
        self.size[big] += self.size[small];
        true
    }
}

/// The root of `x`'s set in a forest of parent links kept as `u32` (a root is its own
/// parent), halving the path on the way: for passes that keep their own parents, as when
/// the root that stays is chosen by what the sets hold rather than by their sizes.
#[inline]
pub(crate) fn root(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let grandparent = parent[parent[x as usize] as usize];
        parent[x as usize] = grandparent;
        x = grandparent;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_as_singletons() {
        let mut sets = UnionFind::new(4);
        for i in 0..4 {
            assert_eq!(sets.find(i), i);
        }
    }

    #[test]
    fn union_joins_and_reports_whether_it_did() {
        let mut sets = UnionFind::new(6);
        assert!(sets.union(0, 1));
        assert!(sets.union(2, 3));
        assert!(!sets.union(1, 0), "already one set");
        assert_ne!(sets.find(0), sets.find(2));
        assert!(sets.union(1, 3));
        assert_eq!(sets.find(0), sets.find(2));
        assert!(!sets.union(0, 3));
        assert_eq!(sets.find(5), 5);
    }

    #[test]
    fn out_of_range_is_refused_not_a_panic() {
        let mut sets = UnionFind::new(2);
        assert_eq!(sets.find(7), 7);
        assert!(!sets.union(0, 7));
        assert_eq!(sets.find(0), 0);
    }

    /// Against a naive labelling on a long chain of unions in a scrambled order.
    #[test]
    fn agrees_with_naive_labels() {
        let n = 200;
        let mut sets = UnionFind::new(n);
        let mut label: Vec<usize> = (0..n).collect();
        for step in 0..300usize {
            let (a, b) = ((step * 37) % n, (step * 91 + 5) % n);
            let joined = sets.union(a, b);
            assert_eq!(joined, label[a] != label[b], "step {step}");
            let (from, to) = (label[b], label[a]);
            for l in &mut label {
                if *l == from {
                    *l = to;
                }
            }
            for x in 0..n {
                assert_eq!(sets.find(x) == sets.find(a), label[x] == label[a]);
            }
        }
    }
}
