//! The open list of a weighted search, whose keys are not monotone.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::Weight;

/// Cells by `denominator * g + numerator * h`, the key of `g + w * h` times the weight's
/// denominator: the smallest key first, then the largest `g` (the cell further along),
/// then the smallest cell number. A total order, so the pops never depend on chance.
///
/// Weighted A*'s key can drop from a cell to its successor (`h` falls by more than `g`
/// rises), which rules out the monotone bucket queue of the exact search; a binary heap
/// takes any order of keys, and a weighted search expands few cells.
#[derive(Debug, Clone, Default)]
pub(crate) struct WeightedQueue {
    heap: BinaryHeap<Entry>,
    numerator: u128,
    denominator: u128,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    /// In 128 bits: `u64` costs times factors of up to 100,000.
    key: u128,
    g: u64,
    item: u32,
}

impl Ord for Entry {
    /// Greater is popped first.
    fn cmp(&self, other: &Entry) -> Ordering {
        other
            .key
            .cmp(&self.key)
            .then(self.g.cmp(&other.g))
            .then(other.item.cmp(&self.item))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Entry) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl WeightedQueue {
    /// Empties the queue, keeping its memory, for keys of `weight`.
    pub(crate) fn clear(&mut self, weight: Weight) {
        self.heap.clear();
        self.numerator = weight.numerator().into();
        self.denominator = weight.denominator().into();
    }

    /// Queues `item`, a cell `g` from the start and estimated `h` from the goal.
    #[inline]
    pub(crate) fn push(&mut self, g: u64, h: u64, item: u32) {
        // Both factors are at most 100,000, g and h below 2^64: no overflow.
        let key = self.denominator * u128::from(g) + self.numerator * u128::from(h);
        self.heap.push(Entry { key, g, item });
    }

    /// Takes the first cell.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u32> {
        self.heap.pop().map(|e| e.item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smallest_weighted_key_first_then_deepest() {
        let mut queue = WeightedQueue::default();
        queue.clear(Weight::new(3, 2).unwrap());
        queue.push(10, 4, 1); // 2*10 + 3*4 = 32
        queue.push(0, 10, 2); // 30
        queue.push(4, 8, 3); // 32, deeper than item 1? no: g 4 < 10
        queue.push(13, 2, 4); // 32, g 13: first of the 32s
        let order: Vec<u32> = std::iter::from_fn(|| queue.pop()).collect();
        assert_eq!(order, [2, 4, 1, 3]);
    }
}
